# Independent references (mpmath 1.3.0, 60 digits) for the issue-25 balanced_iteration fixes.
from mpmath import mp, mpf, log, exp, expm1, log1p
mp.dps = 60
def rpaper(d,k,c,s,a):
    d,k,c,s,a = map(mpf,(d,k,c,s,a))
    v = c**2*k*(d-k)/(s**2*d**2); sh = a*c**2*k**2/(2*s**2*d)
    return sh + d/(2*(a-1))*(a*v - log(1 + a*(exp(v)-1)))
def eq2(d,k,c,s,a):
    d,k,c,s,a = map(mpf,(d,k,c,s,a))
    v = c**2*k*(d-k)/(s**2*d**2); sh = a*c**2*k**2/(2*s**2*d)
    return sh + (a*v - d*log(1 + a*(exp(v)-1)))/(2*(a-1))
def eq3(d,k,c,s,a):
    d,k,c,s,a = map(mpf,(d,k,c,s,a))
    v = c**2*k*(d-k)/(s**2*d**2); sh = a*c**2*k**2/(2*s**2*d)
    return sh + (log(exp(a*v)+1-a) - d*log(1 + a*(exp(v)-1)))/(2*(a-1))
def rproven(c,s,a):
    c,s,a = map(mpf,(c,s,a)); w = c**2/(2*s**2)
    return a*c**2/(4*s**2) + (a*w - log(1+a*(exp(w)-1)))/(2*(a-1))
def a2(v1,v2,a):
    v1,v2,a = map(mpf,(v1,v2,a))
    return log(v1**(1-a)*v2**a/(a*v2+(1-a)*v1))/(2*(a-1))
print("R_paper d=10 k=1 c=710 s=1 a=2:", mp.nstr(rpaper(10,1,710,1,2),20))
print("R_paper d=3 k=1 c=30 s=1 a=8:", mp.nstr(rpaper(3,1,30,1,8),20))
print("eq2 d=10 k=1 c=710 s=1 a=2:", mp.nstr(eq2(10,1,710,1,2),20))
print("eq3 d=10 k=1 c=710 s=1 a=2:", mp.nstr(eq3(10,1,710,1,2),20))
print("eq3 d=3 k=1 c=3 s=1 a=3:", mp.nstr(eq3(3,1,3,1,3),20))
print("R_proven c=710 s=1 a=2:", mp.nstr(rproven(710,1,2),20))
mp.dps=400
print("A.2 v1=1 v2=1.5 a=1.7e308:", mp.nstr(a2(1,1.5,mpf('1.7e308')),20))
print("A.2 v1=1 v2=1e300 a=1e10:", mp.nstr(a2(1,mpf('1e300'),mpf('1e10')),20))

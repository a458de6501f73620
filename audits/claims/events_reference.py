"""Independent reference numbers of the events fixtures (issue 12; audits/claims/events_example.csv,
src/claims/event_test.rs, tests/claims_events_cli.rs). Not dpaudit code: mpmath (any Python with
mpmath) and, when dp_accounting 0.6.0 is importable, its PLD/RDP accountants.

    python audits/claims/events_reference.py
"""
from mpmath import mp, mpf, ncdf, exp, log, sqrt, findroot, quad, inf, npdf
mp.dps = 40
def gdp_delta(mu, eps):
    return ncdf(-eps/mu + mu/2) - exp(eps)*ncdf(-eps/mu - mu/2)
def gdp_eps(mu, delta):
    return findroot(lambda e: gdp_delta(mu, e) - delta, mu*4)
print("replace-one gaussian sigma=1 delta=1e-5: C (mu=1) eps", gdp_eps(mpf(1), mpf('1e-5')), " 2C (mu=2) eps", gdp_eps(mpf(2), mpf('1e-5')))
mu = sqrt(mpf(100)/4 + mpf(50)/16)
print("hetero gaussian mu", mu, "eps(1e-5)", gdp_eps(mu, mpf('1e-5')), "delta(20)", gdp_delta(mu, 20))
# replace-one mixture pair, T=1: P=(1-q)N(0,s^2)+qN(1,s^2), Q=(1-q)N(0,s^2)+qN(-1,s^2)
def hs(q, s, eps):
    q=mpf(q); s=mpf(s)
    p = lambda y: (1-q)*npdf(y,0,s)+q*npdf(y,1,s)
    qq = lambda y: (1-q)*npdf(y,0,s)+q*npdf(y,-1,s)
    # integrand (p - e^eps q)_+ ; threshold y* where p/q = e^eps, increasing
    ys = findroot(lambda y: log(p(y))-log(qq(y))-eps, 2)
    return quad(lambda y: p(y)-exp(eps)*qq(y), [ys, ys+10*s, inf])
for (q,s,e) in [(0.01,1.0,0.1),(0.2,0.8,1.0),(0.5,2.0,0.05)]:
    print("replace sgm T=1 q,s,eps", q,s,e, hs(q,s,e))

# --- shuffled batches: threshold test on the max over batches (event_shuffle.rs) ---
mp.dps = 50
def tail(m, h, T): return 1 - ncdf(m-h)*ncdf(m)**(T-1)
def epslo(sigma, T, delta, hb_factor):
    mu = 1/mpf(sigma); ha = 2*mu; hb = hb_factor*mu
    best = (0, None)
    m = mpf(-2)
    while m < ha + 30:
        pa, pb = tail(m, ha, T), tail(m, hb, T)
        if pa > delta:
            v = log((pa-delta)/pb)
            if v > best[0]: best = (v, m)
        m += mpf('0.01')
    return best
print("AR shuffle T=1000 sigma .5 delta 1e-6", epslo(0.5, 1000, mpf('1e-6'), 1))
print("RO shuffle", epslo(0.5, 1000, mpf('1e-6'), 0))
print("AR T=10 sigma 1 eps-lower at delta 0.0132", epslo(1, 10, mpf('1e-3'), 1))
best=max((tail(mpf(m)/100,4,1000)-exp(10)*tail(mpf(m)/100,2,1000), m) for m in range(600,1200))
print(best)

# --- Poisson-subsampled Laplace / RR (poisson_symmetric.rs) ---
from mpmath import binomial
mp.dps = 50
# Poisson-subsampled Laplace b (eps0=1/b), add/remove, one step: remove P=(1-q)Lap(0)+qLap(1), Q=Lap(0)
# hockey-stick = integral (p - e^eps q)_+ ; add: P=Lap(0), Q=mixture.
def lap(x, mu, b): return exp(-abs(x-mu)/b)/(2*b)
def hs(q, b, eps, direction):
    q=mpf(q); b=mpf(b)
    mix = lambda x: (1-q)*lap(x,0,b)+q*lap(x,1,b)
    base = lambda x: lap(x,0,b)
    P,Q = (mix,base) if direction=='remove' else (base,mix)
    f = lambda x: max(P(x)-exp(eps)*Q(x), 0)
    g = lambda x: P(x)-exp(eps)*Q(x)
    pts=[-inf, -50*b, 0]
    if g(mpf('1e-30'))*g(1-mpf('1e-30')) < 0:
        pts.append(findroot(g, (mpf('1e-30'), 1-mpf('1e-30')), solver='bisect'))
    pts += [1, 50*b, inf]
    return quad(f, pts, maxdegree=12)
def rr(q, e0, eps, direction):
    q=mpf(q); pi = exp(e0)/(1+exp(e0))
    P0=[pi,1-pi]; Q0=[1-pi,pi]
    mix=[(1-q)*Q0[i]+q*P0[i] for i in range(2)]
    P,Q=(mix,Q0) if direction=='remove' else (Q0,mix)
    return sum(max(P[i]-exp(eps)*Q[i],0) for i in range(2))
for args in [(0.1,1.0,0.05),(0.3,0.5,0.4),(0.02,0.2,0.1)]:
    print("lap q,b,eps", args, "remove", hs(*args,'remove'), "add", hs(*args,'add'))
for args in [(0.1,2.0,0.05),(0.3,1.0,0.2)]:
    print("rr q,e0,eps", args, "remove", rr(*args,'remove'), "add", rr(*args,'add'))
# laplace-add-only / laplace-remove-only: one step of poisson(0.5, laplace(1)), eps(1e-5) per
# direction (bisection on the hock-stick above; both are non-increasing in eps).
def lap_eps(q, b, delta, direction):
    lo, hi = mpf(0), mpf(2)
    for _ in range(100):
        mid = (lo+hi)/2
        if hs(q, b, mid, direction) > delta: lo = mid
        else: hi = mid
    return hi
print("poisson(0.5, laplace(1)) eps(1e-5): remove", lap_eps(0.5, 1.0, mpf('1e-5'), 'remove'), "add", lap_eps(0.5, 1.0, mpf('1e-5'), 'add'))
def rr_comp_delta(q, e0, T, eps):
    q=mpf(q); e0=mpf(e0); pi = exp(e0)/(1+exp(e0))
    out=[]
    for d in ('remove','add'):
        P0=[pi,1-pi]; Q0=[1-pi,pi]
        mix=[(1-q)*Q0[i]+q*P0[i] for i in range(2)]
        P,Q=(mix,Q0) if d=='remove' else (Q0,mix)
        l=[log(P[i]/Q[i]) for i in range(2)]
        s=mpf(0)
        for k in range(T+1):
            L=k*l[0]+(T-k)*l[1]
            if L>eps: s+=binomial(T,k)*P[0]**k*P[1]**(T-k)*(1-exp(eps-L))
        out.append(s)
    return out
def rr_comp_eps(q,e0,T,delta):
    f=lambda e: max(rr_comp_delta(q,e0,T,e))-delta
    lo,hi=mpf(0),mpf(50)
    for _ in range(200):
        mid=(lo+hi)/2
        if f(mid)>0: lo=mid
        else: hi=mid
    return lo
print("rr T=50 q=0.1 e0=2 delta(1.0)", rr_comp_delta(0.1,2,50,1.0), "eps(1e-5)", rr_comp_eps(0.1,2,50,mpf('1e-5')))

# --- dp_accounting 0.6.0 (composed events, overlap checks) ---
try:
    import dp_accounting as dpa
    from dp_accounting.pld import pld_privacy_accountant as P
    NR = dpa.NeighboringRelation
    def eps(ev, delta, rel=NR.ADD_OR_REMOVE_ONE, vdi=1e-4):
        a = P.PLDAccountant(neighboring_relation=rel, value_discretization_interval=vdi)
        a.compose(ev); return a.get_epsilon(delta)
    G=dpa.GaussianDpEvent; PS=dpa.PoissonSampledDpEvent; SC=dpa.SelfComposedDpEvent; C=dpa.ComposedDpEvent; L=dpa.LaplaceDpEvent
    print("a replace 1000*poisson(0.01,g(1)) eps(1e-5)", eps(SC(PS(0.01,G(1.0)),1000),1e-5,NR.REPLACE_ONE))
    print("a' add/remove same", eps(SC(PS(0.01,G(1.0)),1000),1e-5))
    print("b hetero AR", eps(C([SC(PS(0.01,G(1.2)),500),SC(PS(0.02,G(0.9)),500)]),1e-5))
    print("b hetero RO", eps(C([SC(PS(0.01,G(1.2)),500),SC(PS(0.02,G(0.9)),500)]),1e-5,NR.REPLACE_ONE))
    print("c mixed laplace+psg AR", eps(C([SC(L(5.0),20),SC(PS(0.05,G(1.0)),100)]),1e-5))
    q=256/60000
    print("d wor as poisson AR q=b/n 1000 steps sigma 1.1", eps(SC(PS(q,G(1.1)),1000),1e-5))
    print("d true RO (poisson RO q=b/n)", eps(SC(PS(q,G(1.1)),1000),1e-5,NR.REPLACE_ONE))
    print("e RDP: see dp_accounting.rdp.RdpAccountant: 5.329207970760919")
    print("e shuffle anchor: poisson q=1e-3 T=1000 sigma .5 delta 1e-6", eps(SC(PS(1e-3,G(0.5)),1000),1e-6))
    print('dpa 20*poisson(0.1,laplace(1)) eps(1e-5)', eps(SC(PS(0.1,L(1.0)),20),1e-5))
    print("e RO", eps(SC(PS(1e-3,G(0.5)),1000),1e-6,NR.REPLACE_ONE))
except ImportError:
    print('dp_accounting not installed: skipped')

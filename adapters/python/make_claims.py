#!/usr/bin/env python3
"""Run the Python accountants people use over a parameter grid and write a dpaudit claims file.

Accountants (versions pinned in requirements.txt):
  * dp-accounting 0.6.0: RdpAccountant (default orders; conversion of foundations spec §3, "G" +
    KL shortcut) and PLDAccountant (pessimistic connect-the-dots, value_discretization_interval
    1e-4), add/remove adjacency;
  * prv-accountant 0.2.0: PRVAccountant (eps_error 0.01, delta_error = delta/1000); its lower,
    estimate and upper are written as three rows, accountant names ``prv_accountant-0.2.0:lower``
    etc. Only the upper is meant as a guarantee; the lower is expected to be *unsound* and the
    estimate may be either;
  * autodp: GaussianMechanism / ComposeGaussian (analytic Gaussian), LaplaceMechanism composed
    with Composition (RDP), SubsampleGaussianMechanism (RDP, Poisson sampling, Zhu & Wang 2019).

Each row claims "mechanism composed `steps` times is (epsilon, delta)-DP" in the format of
docs/claims.md. Accountant failures (unsupported parameters, numerical errors) are reported on
stderr and the row is skipped.

Usage: make_claims.py [--out PATH] [--quick]
"""

import argparse
import importlib.metadata as md
import math
import sys
import warnings

warnings.filterwarnings("ignore")

HEADER = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta"

# Parameter grid. Mechanism, noise multiplier(s), sampling rate(s), steps, deltas.
GAUSSIAN = [(s, t) for s in (1.0, 4.0) for t in (1, 100)]
LAPLACE = [(b, t) for b in (1.0, 5.0) for t in (1, 20)]
SGM = [(0.01, 1.0, 1000), (0.001, 0.8, 10000), (0.1, 2.0, 100), (0.05, 1.5, 2000)]
DELTAS = (1e-5, 1e-8)
# delta(epsilon) claims (get_delta) for the subsampled Gaussian at these epsilons.
SGM_EPS = (1.0,)

QUICK_GAUSSIAN = [(1.0, 1)]
QUICK_LAPLACE = [(1.0, 1)]
QUICK_SGM = [(0.01, 1.0, 1000)]


def version(pkg):
    try:
        return md.version(pkg)
    except md.PackageNotFoundError:
        return "unknown"


def fmt(x):
    """Shortest repr that round-trips the float exactly."""
    return repr(float(x))


def valid(eps, delta):
    return eps is not None and delta is not None and math.isfinite(eps) and eps >= 0 and 0 < delta < 1


class Rows:
    def __init__(self):
        self.rows = []
        self.skipped = []

    def add(self, rid, acc, mech, sigma, q, steps, eps, delta):
        eps = float(eps)
        delta = float(delta)
        if not valid(eps, delta):
            self.skipped.append(f"{rid}: invalid claim (epsilon={eps}, delta={delta})")
            return
        self.rows.append(",".join([rid, acc, mech, fmt(sigma), "", "" if q is None else fmt(q), str(steps), fmt(eps), fmt(delta)]))

    def attempt(self, rid, fn):
        try:
            fn()
        except Exception as e:  # an accountant failing on a grid point is reported, not fatal
            self.skipped.append(f"{rid}: {type(e).__name__}: {e}")


# ---------------------------------------------------------------------------------------------
# dp-accounting 0.6.0


def dpacc_event(mech, sigma, q, steps):
    import dp_accounting as dpa
    if mech == "gaussian":
        ev = dpa.GaussianDpEvent(sigma)
    elif mech == "laplace":
        ev = dpa.LaplaceDpEvent(sigma)
    else:
        ev = dpa.PoissonSampledDpEvent(q, dpa.GaussianDpEvent(sigma))
    return dpa.SelfComposedDpEvent(ev, steps)


def dp_accounting_rows(out, mech, sigma, q, steps, tag):
    from dp_accounting.pld import pld_privacy_accountant
    from dp_accounting.rdp import rdp_privacy_accountant
    v = version("dp-accounting")
    for name, make in (("rdp", rdp_privacy_accountant.RdpAccountant), ("pld", pld_privacy_accountant.PLDAccountant)):
        acc_name = f"dp_accounting-{v}:{name}"

        def run(name=name, make=make, acc_name=acc_name):
            acc = make()
            acc.compose(dpacc_event(mech, sigma, q, steps))
            for d in DELTAS:
                out.add(f"dpacc-{name}/{tag}/d{d:g}", acc_name, mech, sigma, q, steps, acc.get_epsilon(d), d)
            if mech == "poisson_subsampled_gaussian":
                for e in SGM_EPS:
                    out.add(f"dpacc-{name}/{tag}/e{e:g}", acc_name, mech, sigma, q, steps, e, acc.get_delta(e))

        out.attempt(f"dpacc-{name}/{tag}", run)


# ---------------------------------------------------------------------------------------------
# prv-accountant 0.2.0


def prv_rows(out, mech, sigma, q, steps, tag):
    from prv_accountant import PRVAccountant
    from prv_accountant import privacy_random_variables as prvs
    v = version("prv-accountant")
    if mech == "gaussian":
        prv = prvs.GaussianMechanism(noise_multiplier=sigma)
    elif mech == "laplace":
        prv = prvs.LaplaceMechanism(mu=1.0 / sigma)
    else:
        prv = prvs.PoissonSubsampledGaussianMechanism(sampling_probability=q, noise_multiplier=sigma)
    for d in DELTAS:
        def run(d=d):
            acc = PRVAccountant(prvs=prv, max_self_compositions=steps, eps_error=0.01, delta_error=d / 1000)
            lo, est, up = acc.compute_epsilon(delta=d, num_self_compositions=[steps])
            for part, e in (("lower", lo), ("estimate", est), ("upper", up)):
                out.add(f"prv-{part}/{tag}/d{d:g}", f"prv_accountant-{v}:{part}", mech, sigma, q, steps, e, d)

        out.attempt(f"prv/{tag}/d{d:g}", run)
    if mech == "poisson_subsampled_gaussian":
        for e in SGM_EPS:
            def run_delta(e=e):
                acc = PRVAccountant(prvs=prv, max_self_compositions=steps, eps_error=0.01, delta_error=1e-9)
                lo, est, up = acc.compute_delta(epsilon=e, num_self_compositions=[steps])
                # compute_delta returns (lower, estimate, upper) for delta.
                for part, dv in (("lower", lo), ("estimate", est), ("upper", up)):
                    out.add(f"prv-{part}/{tag}/e{e:g}", f"prv_accountant-{v}:{part}", mech, sigma, q, steps, e, dv)

            out.attempt(f"prv/{tag}/e{e:g}", run_delta)


# ---------------------------------------------------------------------------------------------
# autodp


def autodp_rows(out, mech, sigma, q, steps, tag):
    from autodp import mechanism_zoo as mz
    from autodp import transformer_zoo as tz
    v = version("autodp")

    def run():
        if mech == "gaussian":
            m = mz.GaussianMechanism(sigma=sigma) if steps == 1 else tz.ComposeGaussian()([mz.ExactGaussianMechanism(sigma)], [steps])
            kind = "analytic"
        elif mech == "laplace":
            m = mz.LaplaceMechanism(b=sigma) if steps == 1 else tz.Composition()([mz.LaplaceMechanism(b=sigma)], [steps])
            kind = "rdp"
        else:
            m = mz.SubsampleGaussianMechanism({"prob": q, "sigma": sigma, "coeff": steps})
            kind = "rdp"
        for d in DELTAS:
            out.add(f"autodp-{kind}/{tag}/d{d:g}", f"autodp-{v}:{kind}", mech, sigma, q, steps, m.get_approxDP(d), d)

    out.attempt(f"autodp/{tag}", run)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="-", help="output CSV (default: stdout)")
    ap.add_argument("--quick", action="store_true", help="one grid point per mechanism (smoke test)")
    a = ap.parse_args()
    gauss, lap, sgm = (QUICK_GAUSSIAN, QUICK_LAPLACE, QUICK_SGM) if a.quick else (GAUSSIAN, LAPLACE, SGM)
    out = Rows()
    points = [("gaussian", s, None, t, f"gauss-s{s:g}-T{t}") for s, t in gauss]
    points += [("laplace", b, None, t, f"laplace-b{b:g}-T{t}") for b, t in lap]
    points += [("poisson_subsampled_gaussian", s, q, t, f"sgm-q{q:g}-s{s:g}-T{t}") for q, s, t in sgm]
    for mech, sigma, q, steps, tag in points:
        print(f"make_claims: {tag}", file=sys.stderr)
        dp_accounting_rows(out, mech, sigma, q, steps, tag)
        prv_rows(out, mech, sigma, q, steps, tag)
        autodp_rows(out, mech, sigma, q, steps, tag)
    versions = ", ".join(f"{p} {version(p)}" for p in ("dp-accounting", "prv-accountant", "autodp", "numpy", "scipy"))
    text = f"# generated by adapters/python/make_claims.py with {versions}; python {sys.version.split()[0]}\n"
    text += HEADER + "\n" + "\n".join(out.rows) + "\n"
    if a.out == "-":
        sys.stdout.write(text)
    else:
        with open(a.out, "w") as f:
            f.write(text)
    for s in out.skipped:
        print(f"make_claims: skipped {s}", file=sys.stderr)
    print(f"make_claims: {len(out.rows)} claims written to {a.out}, {len(out.skipped)} skipped", file=sys.stderr)


if __name__ == "__main__":
    main()

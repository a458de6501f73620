//! Golden files of Sections 3 and 6 (with Appendices B, E, F) of the mixtures f-DP paper:
//! `joint_concavity.csv`, `advanced_concavity.csv`, `examples_f.csv`. Each row is
//! `(result, instance, x)` → three values: the exact quantity of the mixture (`truth`), the
//! statement as printed (`printed`) and the spec's corrected form (`corrected`, equal to
//! `printed` where the statement is correct); `examples_f.csv` has `truth, lemma_3_1, advanced`.
//! Only the f64 route exists (exact PL chains of finite pairs and Gaussian closed forms);
//! independent anchors: `golden/anchors/mixture_fdp/sections_3_6.py` (mpmath, exact rationals
//! for the discrete instances).

use crate::error::{Error, Result};
use crate::num::fmt::format_number as fmt;
use crate::papers::golden_table::helpers::points;
use crate::papers::golden_table::{Generator, Inputs, Route, RouteValue};
use crate::papers::mixture_fdp::section_6::advanced_concavity::*;
use crate::papers::mixture_fdp::appendix_f::examples_f::*;
use crate::papers::mixture_fdp::section_3::joint_concavity::*;
use crate::repr::TradeOff;

fn ex1() -> (Vec<f64>, Vec<Pair>) {
    (vec![0.5, 0.5], vec![Pair::new(&[0.6, 0.4], &[0.4, 0.6]), Pair::new(&[0.9, 0.1], &[0.1, 0.9])])
}
fn four_point() -> [Pair; 2] {
    [Pair::new(&[0.0, 0.5, 0.5, 0.0], &[0.5, 0.0, 0.0, 0.5]), Pair::new(&[0.15, 0.35, 0.35, 0.15], &[0.35, 0.15, 0.15, 0.35])]
}
fn at3(f: [&TradeOff; 3], a: f64) -> Result<[f64; 3]> {
    Ok([f[0].eval(a)?, f[1].eval(a)?, f[2].eval(a)?])
}

/// The three values of one row (see the module doc).
fn values(result: &str, instance: &str, x: f64) -> Result<[f64; 3]> {
    let (w, pairs) = ex1();
    Ok(match (result, instance) {
        ("lemma_3_1", "ex1") => {
            let (t, j) = (mixture_tradeoff(&w, &pairs)?, lemma_3_1_bound(&w, &pairs)?);
            at3([&t, &j, &j], x)?
        }
        ("proposition_3_2", "ex1") => {
            let j = lemma_3_1_bound(&w, &pairs)?;
            let ji = j.inverse();
            at3([&j, &ji, &ji], x)?
        }
        ("proposition_3_3", "ex1_kl") | ("corollary_b_5", "ex1") | ("corollary_b_6", "ex1") => {
            let fd = match result {
                "proposition_3_3" => FDiv::Kl,
                "corollary_b_5" => FDiv::HockeyStick(x),
                _ => FDiv::Power(x),
            };
            let (m, s) = proposition_3_3(&w, &pairs, fd)?;
            [m, s, l_f(&lemma_3_1_bound(&w, &pairs)?, fd)?]
        }
        ("corollary_b_3", "gauss_w0.5_mu1_mu2") => {
            let (a, b) = corollary_b_3_gaussian(&[0.5, 0.5], &[1.0, 2.0], x)?;
            [joint_gaussian_min([0.5, 0.5], [1.0, 2.0], a)?, b, b]
        }
        ("proposition_b_1", "point_masses") | ("proposition_b_1", "rr_w0.7_w0.4") => {
            let (c, w1, w2) = if instance == "point_masses" {
                (CrossPairs { p: [vec![1.0, 0.0, 0.0], vec![0.0, 0.0, 1.0]], q: [vec![0.0, 1.0, 0.0], vec![0.0, 0.0, 1.0]] }, [0.5, 0.5], [0.5, 0.5])
            } else {
                (CrossPairs { p: [vec![0.6, 0.4], vec![0.9, 0.1]], q: [vec![0.4, 0.6], vec![0.1, 0.9]] }, [0.7, 0.3], [0.4, 0.6])
            };
            at3([&c.exact(w1, w2)?, &c.proposition_b_1_printed(w1, w2)?, &c.proposition_b_1_corrected(w1, w2)?], x)?
        }
        ("proposition_6_1", "gauss_theta1") => [proposition_6_1_gaussian(1.0, x)?, g(1.0, x), g(1.0, x)],
        ("lemma_a_4", "w0.3") => {
            let (l, r) = lemma_a_4(&[0.5, 0.3, 0.2], &[0.6, 0.3, 0.1], &[0.1, 0.3, 0.6], 0.3, x)?;
            [l, r, r]
        }
        ("lemma_6_2", "ex1_w0.3_g0.1_e0.8") => {
            let (_, _, l, r) = lemma_6_2(&[pairs[0].clone(), pairs[1].clone()], 0.3, 0.1, 0.8, x)?;
            [l, r, r]
        }
        ("lemma_6_3", "four_point_special") => {
            let p = four_point();
            at3([&mixture_tradeoff(&[0.7, 0.3], &p)?, &lemma_6_3_special_printed(&p, 0.3)?, &lemma_6_3_special_corrected(&p, 0.3)?], x)?
        }
        ("lemma_6_3", "four_point_g0.2_e0.31") => {
            let p = four_point();
            at3([&mixture_tradeoff(&[0.7, 0.3], &p)?, &lemma_6_3_printed(&p, 0.3, 0.2, 0.31)?, &lemma_6_3_corrected(&p, 0.3, 0.2, 0.31)?], x)?
        }
        ("proposition_6_4", "asym_w0.25") | ("proposition_6_4", "rr_w0.2") => {
            let (pair, wt) = if instance == "asym_w0.25" { (Pair::new(&[0.5, 0.5], &[1.0, 0.0]), 0.25) } else { (Pair::new(&[0.75, 0.25], &[0.25, 0.75]), 0.2) };
            let t0 = pair.tradeoff()?;
            at3([&swap_mixture(&pair, wt)?, &proposition_6_4_printed(&t0, wt)?, &proposition_6_4_corrected(&t0, wt)?], x)?
        }
        ("proposition_e_1", "gauss_mu1_w0.5") => proposition_e_1_gaussian(1.0, 0.5, x)?,
        ("proposition_e_1", "disjoint_atom_w0.5") => {
            let (p0, p1, q1) = ([0.0, 0.0, 1.0], [0.6, 0.4, 0.0], [0.4, 0.6, 0.0]);
            let p: Vec<f64> = (0..3).map(|j| 0.5 * p0[j] + 0.5 * p1[j]).collect();
            let q: Vec<f64> = (0..3).map(|j| 0.5 * p0[j] + 0.5 * q1[j]).collect();
            let t1 = TradeOff::from_pair(&p1, &q1)?;
            let env = closeness_envelope(&[t1.clone(), TradeOff::from_pair(&p0, &p1)?, TradeOff::from_pair(&p0, &q1)?])?;
            at3([&TradeOff::from_pair(&p, &q)?, &proposition_e_1_printed(&t1, 0.5)?, &proposition_e_1_corrected(&env, 0.5)?], x)?
        }
        ("example_f_1", "uniform") | ("example_f_2", "axes") => {
            let ex = if result == "example_f_1" { example_f_1_pairs() } else { example_f_2_pairs() };
            let (t, j) = (mixture_tradeoff(&[0.5, 0.5], &ex)?, lemma_3_1_bound(&[0.5, 0.5], &ex)?);
            at3([&t, &j, &j], x)?
        }
        ("example_f_3", "mu1_w1/3") => example_f_3(1.0, 1.0 / 3.0, x)?,
        ("example_f_4", "mu1") => example_f_4(1.0, x)?,
        _ => return Err(Error::invalid("golden row (result, instance)", format!("({result}, {instance})"), "not a known row")),
    })
}

type Rows = &'static [(&'static str, &'static str, &'static [f64])];

const JOINT: Rows = &[
    ("lemma_3_1", "ex1", &[0.05, 0.1, 0.25, 0.4]),
    ("proposition_3_2", "ex1", &[0.05, 0.1, 0.3]),
    ("proposition_3_3", "ex1_kl", &[0.0]),
    ("corollary_b_5", "ex1", &[1.0, 1.5, 2.0]),
    ("corollary_b_6", "ex1", &[2.0, 3.0]),
    ("corollary_b_3", "gauss_w0.5_mu1_mu2", &[0.5, 1.0, 3.0]),
    ("proposition_b_1", "point_masses", &[0.1, 0.25, 0.4]),
    ("proposition_b_1", "rr_w0.7_w0.4", &[0.1, 0.3]),
];
const ADVANCED: Rows = &[
    ("proposition_6_1", "gauss_theta1", &[0.05, 0.2, 0.5]),
    ("example_f_1", "uniform", &[0.0, 0.5]),
    ("example_f_2", "axes", &[0.05, 0.1, 0.25]),
    ("lemma_a_4", "w0.3", &[1.0, 1.5, 3.0]),
    ("lemma_6_2", "ex1_w0.3_g0.1_e0.8", &[1.0, 1.5, 2.0]),
    ("lemma_6_3", "four_point_special", &[0.09, 0.3]),
    ("lemma_6_3", "four_point_g0.2_e0.31", &[0.09, 0.3]),
    ("proposition_6_4", "asym_w0.25", &[0.25, 0.625]),
    ("proposition_6_4", "rr_w0.2", &[0.1, 0.3]),
    ("proposition_e_1", "gauss_mu1_w0.5", &[0.01, 0.05, 0.1]),
    ("proposition_e_1", "disjoint_atom_w0.5", &[0.05, 0.2]),
];
const EXAMPLES: Rows = &[("example_f_3", "mu1_w1/3", &[0.01, 0.05, 0.1, 0.3, 0.5, 0.8]), ("example_f_4", "mu1", &[0.1, 0.5])];

fn rows_from(rows: Rows) -> Result<Vec<Vec<String>>> {
    let mut out = Vec::new();
    for (r, i, xs) in rows {
        for &x in *xs {
            let v = values(r, i, x)?;
            out.push(vec![r.to_string(), i.to_string(), fmt(x), fmt(v[0]), fmt(v[1]), fmt(v[2])]);
        }
    }
    Ok(out)
}
fn recompute(inp: &Inputs, route: Route) -> Result<Vec<RouteValue>> {
    let (r, i, x) = (inp.text("result")?, inp.text("instance")?, inp.num("x")?);
    Ok(match route {
        Route::F64 => points(values(r, i, x).map_err(|e| inp.error(e.to_string()))?.to_vec()),
        _ => vec![RouteValue::NotApplicable; 3],
    })
}
fn joint_rows() -> Result<Vec<Vec<String>>> {
    rows_from(JOINT)
}
fn advanced_rows() -> Result<Vec<Vec<String>>> {
    rows_from(ADVANCED)
}
fn examples_rows() -> Result<Vec<Vec<String>>> {
    rows_from(EXAMPLES)
}

/// Tolerance `rel:1e-12+abs:1e-15`: exact PL chains of small pairs (a few roundings) and the
/// closed forms (Φ to a few ulps); the bisection/golden-section values converge to ≤ 1 ulp.
pub const JOINT_CONCAVITY: Generator = Generator {
    file: "mixture_fdp/joint_concavity.csv",
    source: "source: Mixtures f-DP Section 3 / App. B (spec §3): truth = T(P_w; Q_w)(x) or D_F(P_w||Q_w) of the mixture (Cor. B.3: direct minimisation of sum w_i G_mu_i(a_i) at alpha(s)); printed = J_w (Lemma 3.1); J^-1 (Prop. 3.2); sum w_i D_F(P_i||Q_i) (Prop. 3.3 KL; Cor. B.5 x = gamma; Cor. B.6 x = order); slope-matched sum w_i G_mu_i((G'_mu_i)^-1(-s)) (Cor. B.3 x = s); the pointwise sum (Prop. B.1); corrected = the same or l_F(J) (Prop. 3.3) or J_pi (Prop. B.1 spec §3.5), precision: f64 exact PL chains and closed forms, generated by: dpaudit golden regen",
    tolerance: "truth=rel:1e-12+abs:1e-15, printed=rel:1e-12+abs:1e-15, corrected=rel:1e-12+abs:1e-15",
    header: &["result", "instance", "x", "truth", "printed", "corrected"],
    outputs: &["truth", "printed", "corrected"],
    text_inputs: &["result", "instance"],
    rows: joint_rows,
    recompute,
};

/// Tolerance as [`JOINT_CONCAVITY`].
pub const ADVANCED_CONCAVITY: Generator = Generator {
    file: "mixture_fdp/advanced_concavity.csv",
    source: "source: Mixtures f-DP Section 6 / App. E, F (spec §6): truth = exact T(P; Q)(x) of the mixture or the left side (Lemma A.4 x = gamma; Lemma 6.2 x = e^eps'); printed = the statement as printed (Prop. 6.1: J; Lemma A.4 / 6.2: right side; Lemma 6.3: C(F[f]) or C((1-w)T(P1;Q_w) + wT(P2;Q_w)); Prop. 6.4: C(2w Id + (1-2w)T0); Prop. E.1: C((1-w)Id + wT(P1;Q1)); Examples F.1; F.2: J); corrected = spec [C]/[D] form (Lemma 6.3: F[g]^-1 or [(1-w)T(P1;Q_w)^-1 + wT(P2;Q_w)^-1]^-1; Prop. 6.4: C(2w Id + (1-2w)C(T0)); Prop. E.1: C((1-w)Id + wf) with f below the three closeness pairs), precision: f64 exact PL chains and closed forms, generated by: dpaudit golden regen",
    tolerance: "truth=rel:1e-12+abs:1e-15, printed=rel:1e-12+abs:1e-15, corrected=rel:1e-12+abs:1e-15",
    header: &["result", "instance", "x", "truth", "printed", "corrected"],
    outputs: &["truth", "printed", "corrected"],
    text_inputs: &["result", "instance"],
    rows: advanced_rows,
    recompute,
};

/// Tolerance as [`JOINT_CONCAVITY`].
pub const EXAMPLES_F: Generator = Generator {
    file: "mixture_fdp/examples_f.csv",
    source: "source: Mixtures f-DP App. F.3 (spec §6.7: truth = w Id + (1-w) G_mu; lemma_3_1 = J_(w;1-w)(Id; G_mu); advanced = C(w Id + (1-w) G_mu) by eq. (3) with the sign fixed) and F.4 (spec §6.8: truth = Id; lemma_3_1 = G_mu; advanced = Prop. 6.4 with w = 1/2 = Id) at alpha = x, precision: f64 closed forms, generated by: dpaudit golden regen",
    tolerance: "truth=rel:1e-12+abs:1e-15, lemma_3_1=rel:1e-12+abs:1e-15, advanced=rel:1e-12+abs:1e-15",
    header: &["result", "instance", "x", "truth", "lemma_3_1", "advanced"],
    outputs: &["truth", "lemma_3_1", "advanced"],
    text_inputs: &["result", "instance"],
    rows: examples_rows,
    recompute,
};

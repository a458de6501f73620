//! Certified privacy profiles by **characteristic-function inversion** (issue 13): a route whose
//! cost does not grow with the number of composed steps T at fixed accuracy, independent of the
//! FFT accountant ([`crate::pld`]) and of the interval convolution ([`crate::exact::conv`]).
//!
//! ```text
//! law.rs        one step's law: Gaussian (closed form) or subsampled Gaussian (quadrature)
//! tails.rs      closed-form tails of the subsampled-Gaussian trapezoid sums
//! sgm_tilt.rs   certified Φ(t) = M(c+it)/M(c) by the trapezoid rule on ℝ (strip bound)
//! fill.rs       certified sup bounds on |Φ(t)| beyond the computed nodes
//! invert.rs     the inversion sum at tilt c: nodes, truncation, aliasing → [δ_lo, δ_hi]
//! query.rs      δ(ε), ε(δ), both directions; options and diagnostics
//! ```
//!
//! # The formula
//! For one direction let `L = Σ_{i≤T} L_i` be the composed privacy loss under `P` and
//! `δ(ε) = E[(1 − e^{ε−L})₊]` (the hockey-stick divergence; foundations §1.3). The function
//! `f(y) = (1 − e^{−y})₊` has two-sided Laplace transform `∫f(y)e^{−zy}dy = 1/(z(z + 1))` for
//! `Re z > 0`. Write `u(x) = E[f(L − x)]` (so `δ(ε) = u(ε)`) and, for a tilt `c > 0`,
//! `w(x) = e^{cx}u(x)`. Its Fourier transform is
//! `W(t) = ∫w(x)e^{itx}dx = M(c + it)/((c + it)(c + 1 + it))`, where `M(z) = E[e^{zL}] =
//! Π_i M_i(z)` (Fubini; `M(c) = e^{c·D_{1+c}(P‖Q)}` is the Rényi moment, finite for the
//! Gaussian and subsampled Gaussian at every c). `w` is continuous, `O(e^{cx})` at −∞ and
//! `O(e^{−(λ−c)x})` at +∞ for every `λ > c` (Chernoff: `u(x) ≤ P(L > x) ≤ M(λ)e^{−λx}`), and
//! `W = O(t^{−2})`, so the Poisson summation formula holds pointwise: for any `dt > 0`,
//! `P = 2π/dt`,
//!
//! `(dt/2π)·Σ_{n∈ℤ} W(n·dt)e^{−in·dt·ε} = Σ_{k∈ℤ} w(ε + kP)`.
//!
//! Multiplying by `e^{−cε}`: `pref·S_∞ = δ(ε) + A`, with `pref = M(c)e^{−cε}`,
//! `S_∞ = (dt/2π)Σ_n Φ(t_n)e^{−it_nε}/((c + it_n)(c + 1 + it_n))`, `Φ(t) = M(c + it)/M(c)`, and
//! the aliasing `A = Σ_{k≥1} e^{ckP}u(ε + kP) + Σ_{k≥1} e^{−ckP}u(ε − kP)`. **Every aliasing term
//! is ≥ 0**, so `pref·S_∞ ≥ δ(ε)` — the trapezoid sum is itself an upper bound — and
//! `A ≤ A_max = e^{−cP}/(1 − e^{−cP}) + M(λ)e^{−λε}/(e^{(λ−c)P} − 1)` (using `u ≤ 1` and the
//! Chernoff bound). `W(−t) = conj W(t)`, so the sum is `(dt/2π)(1/(c(c+1)) + 2 Re Σ_{n≥1} …)`.
//!
//! # What is computed, and every error bound
//! 1. `Φ_i(t_n)` for `n = 1..N` (`t_n = n·dt`, `dt` dyadic so the nodes are exact): closed
//!    form for the Gaussian; for the subsampled Gaussian the trapezoid rule on ℝ with the
//!    strip-analyticity bound, closed-form tails and a rounding allowance (`sgm_tilt.rs`).
//!    Composed: `|ΠD_i^{T_i} − ΠΦ_i^{T_i}| ≤ Σ_i T_i e_i b_i^{T_i−1}Π_{j≠i}b_j^{T_j}` with
//!    `b = max(|D|, min(1, |D| + e))` (an upper bound on both `|D|` and `|Φ| ≤ 1`).
//! 2. Nodes `n > N`: `|Φ_i(t)| ≤` a certified sup bound (`fill.rs`: a Taylor fill from
//!    certified evaluations, then the Riemann–Lebesgue bound `V/t`), summed node by node to
//!    where a closed-form remainder applies (`invert.rs`).
//! 3. `pref` from certified bounds on `ln M_i(c)`; aliasing from `A_max` with a certified
//!    `M(λ)`.
//! Result: `δ ∈ [pref_lo·(S − E) − A_max, pref_hi·(S + E)]`, ends rounded outward.
//!
//! **Assumption** (the analogue of the FFT route's `PldOptions::eval_rel_err`): the platform
//! libm's `exp`, `ln`, `ln_1p`, `exp_m1`, `sin`, `cos` are within relative 1e−14 of the exact
//! values (`sgm_tilt::LIBM_REL`; glibc documents ≤ 2 ulp); every other rounding is bounded
//! explicitly.
//!
//! # Cost model (why it does not grow with T)
//! The tilt `c` is the saddle point of `ln M(c) − cε − ln(c(c+1))`, so the tilted composed loss
//! is centred near ε and `|Φ_tot(t)| ≈ e^{−T·v_c·t²/2}`: the nodes needed end at
//! `t_s ≈ √(120/(T·v_c))`, *shrinking* like `1/√T`, while `dt = 2π/P` with `P ≈ ln(1/δ)/c` does
//! not depend on T. Each node costs one quadrature whose step is set by `|t|` (strip width
//! `∝ 1/|t|`) and whose error enters T times, i.e. `O(log T)` more levels at worst. The sup
//! bound of step 2 is a property of one step (it depends on T only through how small `|Φ|^T`
//! must be), so its cost is bounded independently of T; it dominates for small sampling rates
//! (`V ≈ 4·sup(g_c/|ℓ'|)` grows like `σ²/q`). So at fixed accuracy the work is
//! `O(1)`–`O(log T)` in T, against `Θ(√T)` grid points for the FFT route
//! (`pld::certify::auto`). What it cannot do: small T with small q (the per-step
//! characteristic function has a long plateau `|Φ| ≈ 1 − O(q)`, and `|Φ|^T` is not small
//! before `t ≈ V`), and lattice losses (Laplace, randomized response: `|Φ|` does not decay).
//! There the route answers [`crate::Error::Unsupported`] (work budget, `CfOptions::budget`) and
//! the FFT route is the one to use.

pub mod fill;
pub mod invert;
pub mod law;
pub mod query;
pub mod sgm_tilt;
pub mod tails;

pub use query::{delta_interval, epsilon_interval, CfDiagnostics, CfDirection, CfOptions};

#[cfg(test)]
mod cf_test;

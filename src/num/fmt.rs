//! Number formatting for human-readable tables (shared by the audit and claims reports).

/// `x` with `sig` significant digits: fixed notation for `|x| ∈ [1e−3, fixed_below)`,
/// scientific otherwise; `inf`/`-inf` for infinities and `0` for zero.
pub fn fmt_sig(x: f64, sig: usize, fixed_below: f64) -> String {
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let a = x.abs();
    if a == 0.0 {
        "0".into()
    } else if (1e-3..fixed_below).contains(&a) {
        let digits = sig as i32 - 1 - a.log10().floor() as i32;
        format!("{:.*}", digits.max(0) as usize, x)
    } else {
        format!("{:.*e}", sig - 1, x)
    }
}

/// A number for JSON: finite values as numbers; `+∞`/`−∞` as the strings `"inf"`/`"-inf"`
/// (JSON has no infinity; `null` is reserved for "method not applicable or not requested").
pub fn json_number(x: f64) -> serde_json::Value {
    if x.is_finite() {
        serde_json::Number::from_f64(x).map(serde_json::Value::Number).unwrap_or(serde_json::Value::Null)
    } else if x.is_nan() {
        serde_json::Value::String("nan".into())
    } else if x > 0.0 {
        serde_json::Value::String("inf".into())
    } else {
        serde_json::Value::String("-inf".into())
    }
}

/// Shortest round-trip text of an f64 (the golden-file number format): plain decimal for moderate magnitudes, scientific
/// otherwise; `inf`, `-inf` for infinities. Never used for NaN (generators reject NaN).
pub fn format_number(x: f64) -> String {
    if x.is_infinite() {
        return if x > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let a = x.abs();
    if a == 0.0 || (1e-4..1e15).contains(&a) {
        format!("{x}")
    } else {
        format!("{x:e}")
    }
}

/// Parse a number written by [`format_number`] (or any Rust/CSV float literal).
pub fn parse_number(s: &str) -> Option<f64> {
    match s.trim() {
        "inf" | "+inf" => Some(f64::INFINITY),
        "-inf" => Some(f64::NEG_INFINITY),
        t => t.parse::<f64>().ok().filter(|x| !x.is_nan()),
    }
}

/// Serde: an f64 as [`json_number`] writes it (`"inf"` / `"-inf"` for infinities).
pub fn serialize_f64<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&json_number(*x), s)
}

/// Serde: an optional f64, `null` when absent, otherwise as [`serialize_f64`].
pub fn serialize_opt_f64<S: serde::Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match x {
        Some(v) => serialize_f64(v, s),
        None => s.serialize_none(),
    }
}

/// Serde: a list of f64, each as [`serialize_f64`].
pub fn serialize_f64s<S: serde::Serializer>(xs: &[f64], s: S) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&xs.iter().map(|x| json_number(*x)).collect::<Vec<_>>(), s)
}

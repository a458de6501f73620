//! `dpaudit profile`: one mechanism, one query, up to three methods (or the `cf` route).

use super::args::{MethodArg, ProfileArgs};
use super::output::{check_out_dir, write_files};
use super::{EXIT_FINDING, EXIT_OK};
use crate::audit::plan::build_request;
use crate::audit::report::{profile_json, profile_text, to_bytes};
use crate::audit::spec::Settings;
use crate::profile::evaluate_with;
use crate::Result;
use std::sync::atomic::AtomicBool;

pub fn run(a: &ProfileArgs, interrupt: &AtomicBool) -> Result<i32> {
    let methods = match a.method {
        MethodArg::All => vec!["all".to_string()],
        MethodArg::Exact => vec!["exact".into()],
        MethodArg::Fft => vec!["fft".into()],
        MethodArg::Mc => vec!["mc".into()],
        MethodArg::Cf => vec!["cf".into()],
    };
    let settings = Settings {
        methods: Some(methods),
        seed: Some(a.seed),
        precision: Some(a.precision),
        confidence: Some(a.confidence),
        mc_samples: None,
    };
    let req = build_request(&a.mechanism, a.noise_multiplier, a.sensitivity, a.sampling_rate, a.steps, a.delta, a.epsilon, &settings)?;
    if let Some(dir) = &a.out {
        check_out_dir(dir)?;
    }
    let report = evaluate_with(&req, interrupt)?;
    let json = profile_json(&report, &req.methods);
    let text = profile_text(&report, &req.methods);
    if let Some(dir) = &a.out {
        write_files(dir, &[("profile.json", to_bytes(&json)), ("profile.txt", text.clone().into_bytes())])?;
    }
    if a.json {
        println!("{}", serde_json::to_string(&json).unwrap_or_default());
    } else {
        print!("{text}");
    }
    Ok(if report.agree { EXIT_OK } else { EXIT_FINDING })
}

//! `dpaudit golden check|regen`.

use super::args::{GoldenCheckArgs, GoldenDirArgs};
use super::{EXIT_FINDING, EXIT_OK};
use crate::golden::{check_dir, regen_dir, Route};
use crate::Result;

/// Check the golden files; print each regression (`file:line: column … expected … got …
/// tolerance …`) and a summary; status 1 on any regression.
pub fn check(a: &GoldenCheckArgs) -> Result<i32> {
    let routes = if a.routes.is_empty() { Route::ALL.to_vec() } else { a.routes.iter().map(|r| Route::parse(r)).collect::<Result<Vec<_>>>()? };
    let s = check_dir(&a.dir, &routes)?;
    for r in &s.regressions {
        println!("{r}");
    }
    let names: Vec<&str> = routes.iter().map(|r| r.name()).collect();
    println!(
        "golden: {} files, {} rows, {} comparisons ({}), {} against independent anchors, {} not applicable, {} regressions — {}",
        s.files,
        s.rows,
        s.comparisons,
        names.join(", "),
        s.anchor_comparisons,
        s.skipped,
        s.regressions.len(),
        if s.regressions.is_empty() { "PASS" } else { "FAIL" }
    );
    Ok(if s.regressions.is_empty() { EXIT_OK } else { EXIT_FINDING })
}

/// Regenerate every golden file; print the diff of changed rows and one line per file.
pub fn regen(a: &GoldenDirArgs) -> Result<i32> {
    let outcomes = regen_dir(&a.dir)?;
    let mut changed = 0;
    for o in &outcomes {
        if o.diff.is_empty() {
            println!("unchanged {}", o.file);
        } else {
            changed += 1;
            print!("{}", o.diff);
            println!("{} {}", if o.created { "created" } else { "rewrote" }, o.file);
        }
    }
    println!("golden regen: {} files, {} changed", outcomes.len(), changed);
    Ok(EXIT_OK)
}

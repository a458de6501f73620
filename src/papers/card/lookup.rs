//! Finding a card by paper key and result name, as a user types them: `model_merging` or
//! `model-merging`; `Theorem 5.1`, `theorem 5.1`, `Thm 5.1`, `thm5.1`, `theorem_5_1`.

use super::Card;
use crate::error::{Error, Result};
use crate::papers::paper::{self, Paper};

/// Abbreviations of the numbered kinds of statement, and the full word.
const KINDS: &[(&[&str], &str)] = &[
    (&["theorem", "thm"], "theorem"),
    (&["lemma", "lem"], "lemma"),
    (&["corollary", "cor", "coro"], "corollary"),
    (&["proposition", "prop"], "proposition"),
    (&["definition", "def", "defn"], "definition"),
    (&["algorithm", "alg", "algo"], "algorithm"),
    (&["example", "ex"], "example"),
    (&["remark", "rem"], "remark"),
];

/// The comparison key of a result name: lower case, the kind word spelled out, the number with
/// dots (`Thm 4.10` → `theorem 4.10`, `theorem_4_10` → `theorem 4.10`). Names that do not start
/// with a numbered kind (`Remark after Theorem 5.1`) are lower-cased with single spaces.
pub fn normalise_result(name: &str) -> String {
    let lower = name.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let collapsed = words.join(" ");
    // Split a leading alphabetic word from the rest: "thm4.1", "thm. 4.1", "theorem_4_1".
    let alpha_end = collapsed.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(collapsed.len());
    let (word, rest) = collapsed.split_at(alpha_end);
    let Some(full) = KINDS.iter().find(|(abbr, _)| abbr.contains(&word)).map(|(_, full)| *full) else {
        return collapsed;
    };
    let rest = rest.trim_start_matches(['.', ' ', '_', '-']);
    // Only a plain number ("4.1", "C.11", "4_1") is rewritten; longer names stay as typed.
    if rest.is_empty() || rest.contains(' ') {
        return format!("{full} {rest}").trim().to_string();
    }
    format!("{full} {}", rest.replace(['_', '-'], "."))
}

/// The paper `paper_key` and its card for `result`, or an error listing what exists.
pub fn find(paper_key: &str, result: &str) -> Result<(&'static Paper, &'static Card)> {
    let paper = paper::find(paper_key).ok_or_else(|| Error::UnknownName { kind: "paper".into(), name: paper_key.into(), expected: paper::keys() })?;
    let want = normalise_result(result);
    match paper.cards.iter().find(|c| normalise_result(c.result) == want) {
        Some(card) => Ok((paper, card)),
        None => {
            let names: Vec<&str> = paper.cards.iter().map(|c| c.result).collect();
            Err(Error::UnknownName { kind: format!("result of {}", paper.key), name: result.into(), expected: names.join(", ") })
        }
    }
}

//! A small unified-style line diff (longest common subsequence), used by `golden regen` to show
//! which rows changed. Golden files are a few hundred lines, so the O(n·m) table is cheap.

/// Unified-style diff of `old` against `new` with `context` unchanged lines around each change.
/// Returns an empty string when the texts are equal line by line.
pub fn unified(label_old: &str, label_new: &str, old: &str, new: &str, context: usize) -> String {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    let ops = lcs_ops(&a, &b);
    if ops.iter().all(|op| matches!(op, Op::Same(..))) {
        return String::new();
    }
    let mut out = format!("--- {label_old}\n+++ {label_new}\n");
    // Group operations into hunks separated by more than 2·context unchanged lines.
    let changed: Vec<usize> = ops.iter().enumerate().filter(|(_, op)| !matches!(op, Op::Same(..))).map(|(i, _)| i).collect();
    let mut start = 0;
    while start < changed.len() {
        let mut end = start;
        while end + 1 < changed.len() && changed[end + 1] - changed[end] <= 2 * context + 1 {
            end += 1;
        }
        let lo = changed[start].saturating_sub(context);
        let hi = (changed[end] + context + 1).min(ops.len());
        let (old_line, new_line) = line_numbers(&ops[..lo]);
        out.push_str(&format!("@@ -{} +{} @@\n", old_line + 1, new_line + 1));
        for op in &ops[lo..hi] {
            match op {
                Op::Same(i) => out.push_str(&format!(" {}\n", a[*i])),
                Op::Del(i) => out.push_str(&format!("-{}\n", a[*i])),
                Op::Add(j) => out.push_str(&format!("+{}\n", b[*j])),
            }
        }
        start = end + 1;
    }
    out
}

#[derive(Debug)]
enum Op {
    Same(usize),
    Del(usize),
    Add(usize),
}

fn line_numbers(ops: &[Op]) -> (usize, usize) {
    ops.iter().fold((0, 0), |(o, n), op| match op {
        Op::Same(..) => (o + 1, n + 1),
        Op::Del(_) => (o + 1, n),
        Op::Add(_) => (o, n + 1),
    })
}

fn lcs_ops(a: &[&str], b: &[&str]) -> Vec<Op> {
    let (n, m) = (a.len(), b.len());
    // len[i][j] = LCS length of a[i..], b[j..]
    let mut len = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            len[i][j] = if a[i] == b[j] { len[i + 1][j + 1] + 1 } else { len[i + 1][j].max(len[i][j + 1]) };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut ops = Vec::new();
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            ops.push(Op::Same(i));
            i += 1;
            j += 1;
        } else if i < n && (j == m || len[i + 1][j] >= len[i][j + 1]) {
            ops.push(Op::Del(i));
            i += 1;
        } else {
            ops.push(Op::Add(j));
            j += 1;
        }
    }
    ops
}

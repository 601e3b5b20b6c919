//! Verdicts as text a beginner can act on: what was sent, what was expected
//! versus what came back, the rule broken and where to read about it.
//!
//! `report` is the terminal report of `learn check`, `problems` the table of
//! messages (English and Chinese) for each problem, `process` how a program
//! ended, and `json` the `--json` form.

mod forged;
mod json;
mod mismatch;
mod notified;
mod problems;
mod process;
mod report;

pub use json::check_json;
pub use problems::problem_text;
pub use report::check_report;

use crate::content::Lang;
use crate::judge::ScenarioVerdict;
use process::process_note;

const WIDTH: usize = 150;

/// The problems of a scenario as plain text (for `--json` and reports).
pub fn plain_problems(verdict: &ScenarioVerdict, lang: Lang) -> String {
    let sent: Vec<&String> = verdict.runs.iter().flat_map(|r| &r.sent).collect();
    let mut parts: Vec<String> = verdict
        .problems
        .iter()
        .map(|p| problem_text(p, &sent, lang))
        .collect();
    if !parts.is_empty() {
        parts.extend(process_note(verdict, lang));
        parts.push(match lang {
            Lang::En => format!("Rule ({}): {}", verdict.fact, verdict.rule.get(lang)),
            Lang::Zh => format!("规则（{}）：{}", verdict.fact, verdict.rule.get(lang)),
        });
    }
    parts.join("\n")
}

//! The `--json` form of a check.

use super::plain_problems;
use crate::content::{Exercise, Lang};
use crate::judge::{CheckResult, Outcome, ScenarioVerdict};
use crate::runner::transcript::ProcessEnd;
use serde_json::{Value, json};

/// The `--json` form of a check.
pub fn check_json(exercise: &Exercise, result: &CheckResult, seed: u64, lang: Lang) -> Value {
    let (build_error, scenarios) = match result {
        CheckResult::BuildFailed { output } => (Some(output.clone()), Vec::new()),
        CheckResult::Ran { scenarios } => (
            None,
            scenarios.iter().map(|s| scenario_json(s, lang)).collect(),
        ),
    };
    json!({
        "exercise": exercise.id,
        "passed": result.passed(),
        "seed": seed,
        "build_error": build_error,
        "scenarios": scenarios,
    })
}

fn scenario_json(verdict: &ScenarioVerdict, lang: Lang) -> Value {
    let runs: Vec<Value> = verdict
        .runs
        .iter()
        .map(|run| {
            json!({
                "sent": run.sent,
                "received": run.received,
                "received_total": run.received_total,
                "ended": ended_json(&run.end),
            })
        })
        .collect();
    json!({
        "name": verdict.name,
        "title": verdict.title.get(lang),
        "fact": verdict.fact,
        "passed": verdict.outcome() == Outcome::Passed,
        "message": clip_message(plain_problems(verdict, lang)),
        "runs": runs,
    })
}

/// A scenario's problems cut to a bounded length (a flood stays small).
fn clip_message(text: String) -> String {
    match text.char_indices().nth(crate::judge::flood::MESSAGE_CHARS) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

fn ended_json(end: &ProcessEnd) -> Value {
    match end {
        ProcessEnd::Exited(code) => json!({"exit_code": code}),
        ProcessEnd::Signaled(signal) => json!({"signal": signal}),
        ProcessEnd::StoppedByChecker => json!("stopped by checker"),
        ProcessEnd::NotStarted(error) => json!({"not_started": error}),
    }
}

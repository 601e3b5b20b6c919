//! The `--json` form of a check.

use super::plain_problems;
use super::report::scenario_details;
use crate::content::{Exercise, Lang};
use crate::judge::{CheckResult, Outcome, ScenarioVerdict};
use crate::runner::transcript::ProcessEnd;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// What each failing scenario's `message` holds.
pub enum JsonMessages<'a> {
    /// Its problems, cut to a bounded length (a flood stays small).
    Clipped,
    /// Its whole explanation as the text report gives it (`--full`): the
    /// problems, the expected-versus-got diff, the rule and the section
    /// `read_more` names for its fact (else the exercise's own).
    Full(&'a BTreeMap<String, String>),
}

/// The `--json` form of a check.
pub fn check_json(
    exercise: &Exercise,
    result: &CheckResult,
    seed: u64,
    lang: Lang,
    messages: &JsonMessages,
) -> Value {
    let (build_error, scenarios) = match result {
        CheckResult::BuildFailed { output } => (Some(output.clone()), Vec::new()),
        CheckResult::Ran { scenarios } => (
            None,
            scenarios
                .iter()
                .map(|s| scenario_json(s, message(exercise, s, lang, messages), lang))
                .collect(),
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

fn message(
    exercise: &Exercise,
    verdict: &ScenarioVerdict,
    lang: Lang,
    messages: &JsonMessages,
) -> String {
    match messages {
        JsonMessages::Full(read_more) if verdict.outcome() == Outcome::Failed => {
            let section = read_more.get(&verdict.fact).unwrap_or(&exercise.section);
            scenario_details(verdict, section, lang, "")
        }
        _ => clip_message(plain_problems(verdict, lang)),
    }
}

fn scenario_json(verdict: &ScenarioVerdict, message: String, lang: Lang) -> Value {
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
        "message": message,
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

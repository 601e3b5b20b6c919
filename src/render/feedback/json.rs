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
            crate::render::style::plain(&scenario_details(verdict, section, lang, ""))
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

/// A scenario's problems cut to a bounded length, in characters and in
/// bytes as JSON (a flood stays small).
fn clip_message(text: String) -> String {
    use crate::judge::flood::{MESSAGE_BYTES, MESSAGE_CHARS, json_size};
    if text.chars().count() <= MESSAGE_CHARS && json_size(&text) <= MESSAGE_BYTES {
        return text;
    }
    // Two quotes around the text and three bytes for the ellipsis.
    let mut bytes = 2 + '…'.len_utf8();
    let mut cut = 0;
    for (chars, (at, c)) in text.char_indices().enumerate() {
        bytes += json_size(c.encode_utf8(&mut [0; 4])) - 2;
        if chars == MESSAGE_CHARS || bytes > MESSAGE_BYTES {
            break;
        }
        cut = at + c.len_utf8();
    }
    format!("{}…", &text[..cut])
}

fn ended_json(end: &ProcessEnd) -> Value {
    match end {
        ProcessEnd::Exited(code) => json!({"exit_code": code}),
        ProcessEnd::Signaled(signal) => json!({"signal": signal}),
        ProcessEnd::StoppedByChecker => json!("stopped by checker"),
        ProcessEnd::NotStarted(error) => json!({"not_started": error}),
    }
}

#[cfg(test)]
mod tests {
    use super::clip_message;
    use crate::judge::flood::{MESSAGE_BYTES, MESSAGE_CHARS, json_size};

    #[test]
    fn a_message_stays_within_its_characters_and_its_bytes() {
        assert_eq!(clip_message("short".into()), "short");
        let long = clip_message("a".repeat(MESSAGE_CHARS + 10));
        assert_eq!(long.chars().count(), MESSAGE_CHARS + 1);
        assert!(long.ends_with('…'));
        // Control characters take six bytes each as JSON, CJK three.
        for text in ["\u{1}".repeat(400), "是".repeat(450)] {
            let clipped = clip_message(text);
            assert!(
                json_size(&clipped) <= MESSAGE_BYTES,
                "{}",
                json_size(&clipped)
            );
            assert!(
                json_size(&clipped) > MESSAGE_BYTES - 10,
                "{}",
                json_size(&clipped)
            );
            assert!(clipped.ends_with('…'));
        }
    }
}

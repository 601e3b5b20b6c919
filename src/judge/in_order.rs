//! Judging function and client programs, whose output lines answer the
//! steps in order.

use super::{expectation, matching};
use crate::content::scenario::{ResponseKey, Scenario};
use crate::content::template::Bindings;
use crate::judge::Problem;
use crate::runner::transcript::RunRecord;
use serde_json::Value;

/// Function and client programs: output line N answers the Nth step that
/// expects an answer. Their lines are plain JSON values, not JSON-RPC.
pub(super) fn judge_in_order(
    scenario: &Scenario,
    run: &RunRecord,
    bindings: &Bindings,
    problems: &mut Vec<Problem>,
) {
    if let Some(record) = &run.asked {
        super::asked::judge_asked(scenario, run, record, bindings, problems);
        return;
    }
    let lines: Vec<&String> = run
        .received
        .iter()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let mut answered = 0;
    for sent in &run.sent {
        let Some(key @ ResponseKey::Line(n)) = &sent.key else {
            continue;
        };
        let Some(pattern) = expectation(scenario, sent.step, bindings, problems) else {
            continue;
        };
        let pattern = &pattern;
        answered = answered.max(n + 1);
        let Some(line) = lines.get(*n) else {
            problems.push(Problem::MissingResponse {
                step: sent.step,
                sent: sent.text.clone(),
                key: key.clone(),
                near: None,
            });
            continue;
        };
        let Ok(got) = serde_json::from_str::<Value>(line) else {
            problems.push(Problem::NotJson {
                line: (*line).clone(),
            });
            continue;
        };
        let found = matching::mismatches(pattern, &got, bindings);
        if !found.is_empty() {
            problems.push(Problem::WrongResponse {
                step: sent.step,
                sent: sent.text.clone(),
                expected: matching::resolve(pattern, bindings).to_json(),
                shown: matching::project(pattern, &got, bindings),
                got,
                mismatches: found,
            });
        }
    }
    for line in lines.iter().skip(answered) {
        problems.push(match serde_json::from_str::<Value>(line) {
            Ok(message) => Problem::ExtraLine {
                message,
                expected: answered,
            },
            Err(_) => Problem::NotJson {
                line: (*line).clone(),
            },
        });
    }
}

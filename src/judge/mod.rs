//! Judging: scenario expectations against a transcript, by meaning. Pure: no
//! processes, no I/O, no terminal.

pub mod envelope;
pub mod matching;
pub mod verdict;

use crate::content::scenario::{ResponseKey, Scenario};
use crate::content::template::Bindings;
use crate::runner::transcript::{Abort, LimitHit, RunRecord, Transcript};
use envelope::{Output, classify};
use serde_json::Value;
pub use verdict::{CheckResult, NearMiss, Outcome, Problem, RunEvidence, ScenarioVerdict};

/// Judges one scenario's transcript.
pub fn judge_scenario(scenario: &Scenario, transcript: &Transcript) -> ScenarioVerdict {
    let mut problems = Vec::new();
    for run in &transcript.runs {
        judge_run(scenario, run, &transcript.bindings, &mut problems);
    }
    if let Some(Abort::MissingCapture {
        step,
        name,
        pointer,
    }) = &transcript.aborted
    {
        problems.push(Problem::CaptureMissing {
            step: *step,
            name: name.clone(),
            pointer: pointer.clone(),
        });
    }
    let runs = transcript
        .runs
        .iter()
        .map(|run| RunEvidence {
            sent: run.sent.iter().map(|s| s.text.clone()).collect(),
            received: run.received.clone(),
            end: run.end.clone(),
            stderr_tail: run.stderr_tail.clone(),
            limit: run.limit,
        })
        .collect();
    ScenarioVerdict {
        name: scenario.name.clone(),
        fact: scenario.fact.clone(),
        rule: scenario.rule.clone(),
        problems,
        runs,
    }
}

fn judge_run(
    scenario: &Scenario,
    run: &RunRecord,
    bindings: &Bindings,
    problems: &mut Vec<Problem>,
) {
    if let crate::runner::transcript::ProcessEnd::NotStarted(error) = &run.end {
        problems.push(Problem::NotStarted {
            error: error.clone(),
        });
        return;
    }
    match run.limit {
        // Every answer came, but output never ended: silence can't be proven.
        Some(LimitHit::Timeout { seconds }) if !run.waited_out => {
            problems.push(Problem::OutputNeverEnded { seconds })
        }
        Some(limit) => problems.push(Problem::Limit(limit)),
        None => {}
    }

    let mut responses = Vec::new();
    // A blank line carries no message; clients skip it.
    for line in run.received.iter().filter(|l| !l.trim().is_empty()) {
        match classify(line) {
            Output::Response(message) => responses.push(message),
            Output::Notification(_) => {}
            Output::Invalid(problem) => problems.push(problem),
        }
    }
    let mut claimed = vec![false; responses.len()];

    // Exact ids first, so an error with a null id is never taken for one of them.
    let mut order: Vec<_> = run.sent.iter().filter(|s| s.key.is_some()).collect();
    order.sort_by_key(|s| matches!(s.key, Some(ResponseKey::Unreadable)));
    let mut missing = Vec::new();
    for sent in order {
        let Some(key) = &sent.key else { continue };
        let Some(pattern) = &scenario.steps[sent.step].expect else {
            continue;
        };
        let candidates: Vec<usize> = (0..responses.len())
            .filter(|&i| !claimed[i] && key.matches(&responses[i]))
            .collect();
        let chosen = candidates
            .iter()
            .copied()
            .find(|&i| matching::matches(pattern, Some(&responses[i]), bindings))
            .or(candidates.first().copied());
        match chosen {
            Some(i) => {
                claimed[i] = true;
                let got = &responses[i];
                let found = matching::mismatches(pattern, got, bindings);
                if !found.is_empty() {
                    problems.push(Problem::WrongResponse {
                        step: sent.step,
                        sent: sent.text.clone(),
                        expected: matching::resolve(pattern, bindings).to_json(),
                        got: got.clone(),
                        shown: matching::project(pattern, got, bindings),
                        mismatches: found,
                    });
                }
            }
            None => missing.push((sent, key, pattern)),
        }
    }

    let unclaimed = |claimed: &[bool]| claimed.iter().filter(|c| !**c).count();
    for (sent, key, _pattern) in &missing {
        let only_one_left = missing.len() == 1 && unclaimed(&claimed) == 1;
        let near = near_miss(key, &responses, &mut claimed, only_one_left);
        problems.push(Problem::MissingResponse {
            step: sent.step,
            sent: sent.text.clone(),
            key: (*key).clone(),
            near,
        });
    }

    let answered_ids: Vec<&Value> = run
        .sent
        .iter()
        .filter_map(|s| match &s.key {
            Some(ResponseKey::Id(id)) => Some(id),
            _ => None,
        })
        .collect();
    let silent: Vec<&crate::runner::transcript::Sent> = run
        .sent
        .iter()
        .filter(|s| s.key.is_none() && s.message.as_ref().is_some_and(Value::is_object))
        .collect();
    for (i, message) in responses.into_iter().enumerate() {
        if claimed[i] {
            continue;
        }
        let id = message.get("id");
        if let Some(step) = id.and_then(|id| answered_ids.iter().position(|a| *a == id)) {
            let step = run
                .sent
                .iter()
                .filter(|s| matches!(s.key, Some(ResponseKey::Id(_))))
                .nth(step)
                .map_or(0, |s| s.step);
            problems.push(Problem::Duplicate { step, message });
        } else if !silent.is_empty()
            && (id.is_none_or(Value::is_null)
                || silent
                    .iter()
                    .any(|s| s.message.as_ref().and_then(|m| m.get("id")) == id))
        {
            problems.push(Problem::AnsweredSilence {
                message,
                silent: silent.iter().map(|s| s.text.clone()).collect(),
            });
        } else {
            problems.push(Problem::Unexpected { message });
        }
    }
}

/// Finds (and claims) the response the learner most likely meant as the answer.
fn near_miss(
    key: &ResponseKey,
    responses: &[Value],
    claimed: &mut [bool],
    only_one_left: bool,
) -> Option<NearMiss> {
    let ResponseKey::Id(want) = key else {
        return None;
    };
    let loose = |got: &Value| match (want, got) {
        (Value::Number(a), Value::String(b)) => a.to_string() == *b,
        (Value::String(a), Value::Number(b)) => *a == b.to_string(),
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        _ => false,
    };
    for (i, response) in responses.iter().enumerate() {
        if let Some(got) = response.get("id").filter(|g| !claimed[i] && loose(g)) {
            claimed[i] = true;
            return Some(NearMiss::IdTypeDiffers { got: got.clone() });
        }
    }
    if only_one_left && let Some(i) = claimed.iter().position(|c| !c) {
        claimed[i] = true;
        return Some(NearMiss::OtherId {
            got: responses[i].get("id").cloned().unwrap_or(Value::Null),
        });
    }
    None
}

//! Judging: scenario expectations against a transcript, by meaning. Pure: no
//! processes, no I/O, no terminal.

mod aborted;
mod asked;
pub mod envelope;
pub mod every;
mod exit;
pub(crate) mod flood;
mod idless;
mod in_order;
pub mod matching;
mod near_miss;
pub mod notified;
pub(crate) mod verdict;

use crate::content::numbers::same_value;
use crate::content::pattern::Pattern;
use crate::content::scenario::{ResponseKey, Scenario};
use crate::content::template::Bindings;
use crate::runner::transcript::{LimitHit, ProcessEnd, RunRecord, Transcript};
use crate::wire::{ExactId, exact_id};
use envelope::{Output, classify};
use serde_json::Value;
use std::collections::HashMap;
pub use verdict::{
    Breach, CheckResult, NearMiss, Outcome, Problem, Role, RunEvidence, ScenarioVerdict,
};

/// Judges one scenario's transcript.
pub fn judge_scenario(scenario: &Scenario, transcript: &Transcript) -> ScenarioVerdict {
    let mut problems = Vec::new();
    for run in &transcript.runs {
        judge_run(scenario, run, &transcript.bindings, &mut problems);
    }
    problems.extend(aborted::problem(
        scenario,
        transcript.aborted.as_ref(),
        &problems,
    ));
    let runs = transcript
        .runs
        .iter()
        .map(|run| RunEvidence {
            sent: run.sent.iter().map(|s| s.text.clone()).collect(),
            received: flood::evidence_lines(&run.received, run.limit.is_some()),
            received_total: run.received.len(),
            end: run.end.clone(),
            stderr_tail: run.stderr_tail.clone(),
            stderr_bytes: run.stderr_bytes,
            limit: run.limit,
        })
        .collect();
    ScenarioVerdict {
        name: scenario.name.clone(),
        title: scenario.title.clone(),
        fact: scenario.fact.clone(),
        rule: scenario.rule.clone(),
        problems: flood::grouped(problems),
        runs,
        role: Role::of(scenario.answers),
    }
}

/// Judges one run of a scenario, step by step: how the process ended, what
/// came back, which request each response answers, what is missing and what
/// came unasked.
fn judge_run(
    scenario: &Scenario,
    run: &RunRecord,
    bindings: &Bindings,
    problems: &mut Vec<Problem>,
) {
    if !judge_process(scenario, run, problems) {
        return;
    }
    if scenario.answers.by_position() {
        in_order::judge_in_order(scenario, run, bindings, problems);
        return;
    }
    notified::judge_notifications(scenario, run, bindings, problems);
    let (responses, broken_ids) = read_responses(run, problems);
    let mut claimed = vec![false; responses.len()];
    let Claimed {
        mut missing,
        idless_steps,
    } = claim_answers(scenario, run, &responses, &mut claimed, bindings, problems);
    let unclear = attribute_idless(
        scenario,
        run,
        &idless_steps,
        &responses,
        &mut claimed,
        bindings,
        problems,
        &mut missing,
    );

    let crashed = problems
        .iter()
        .any(|p| matches!(p, Problem::Crashed { .. }));
    if (!missing.is_empty() || unclear)
        && !crashed
        && let Some(early) = run.early
    {
        problems.push(Problem::EndedEarly(early));
    }
    // Indexed only when an answer is missing: a passing run never needs it.
    if !missing.is_empty() {
        let mut near_misses = near_miss::NearMisses::new(&responses, &claimed);
        for (sent, key) in &missing {
            let only_one_left = missing.len() == 1 && near_misses.unclaimed() == 1;
            let broke = matches!(key, ResponseKey::Id(id) if broken_ids.contains(id));
            let near = if broke {
                Some(NearMiss::BrokenAnswer)
            } else {
                near_misses.take(key, &mut claimed, only_one_left)
            };
            problems.push(Problem::MissingResponse {
                step: sent.step,
                sent: sent.text.clone(),
                key: (*key).clone(),
                near,
            });
        }
    }
    judge_unclaimed(run, responses, &claimed, problems);
}

/// How the process ended (against the scenario's `exit`), and the limit it
/// hit. Returns false when it never started (nothing else can be judged).
fn judge_process(scenario: &Scenario, run: &RunRecord, problems: &mut Vec<Problem>) -> bool {
    if let ProcessEnd::NotStarted(error) = &run.end {
        problems.push(Problem::NotStarted {
            error: error.clone(),
        });
        return false;
    }
    problems.extend(exit::problem(run, scenario.exit));
    match run.limit {
        // Every answer came, but output never ended: silence can't be proven.
        Some(LimitHit::Timeout { seconds }) if !run.waited_out => {
            problems.push(Problem::OutputNeverEnded { seconds })
        }
        Some(limit) => problems.push(Problem::Limit(limit)),
        None => {}
    }
    true
}

/// The responses among the lines received, and the ids of the lines that
/// broke the envelope rules (each such line is a problem).
fn read_responses(run: &RunRecord, problems: &mut Vec<Problem>) -> (Vec<Value>, Vec<Value>) {
    let mut responses = Vec::new();
    let mut broken_ids: Vec<Value> = Vec::new();
    // A blank line carries no message; clients skip it.
    for line in run.received.iter().filter(|l| !l.trim().is_empty()) {
        match classify(line) {
            Output::Response(message) => responses.push(message),
            Output::Notification => {}
            Output::Invalid(problem) => {
                // Its id, if it has one: an answer that broke the envelope
                // rules is not "no answer".
                if let Some(id) = serde_json::from_str::<Value>(line)
                    .ok()
                    .and_then(|m| m.get("id").cloned())
                {
                    broken_ids.push(id);
                }
                problems.push(problem)
            }
        }
    }
    (responses, broken_ids)
}

type Missing<'a> = Vec<(&'a crate::runner::transcript::Sent, &'a ResponseKey)>;

/// What [`claim_answers`] leaves: the steps whose answer did not come, and
/// the steps that expect an error without an id (matched afterwards).
struct Claimed<'a> {
    missing: Missing<'a>,
    idless_steps: Vec<(&'a crate::runner::transcript::Sent, Pattern)>,
}

/// Gives each step that expects an answer the response it answers (by exact
/// id first, so an error with a null id is never taken for one of them) and
/// judges that response against the step's pattern.
fn claim_answers<'a>(
    scenario: &Scenario,
    run: &'a RunRecord,
    responses: &[Value],
    claimed: &mut [bool],
    bindings: &Bindings,
    problems: &mut Vec<Problem>,
) -> Claimed<'a> {
    // Responses by exact id, in arrival order: finding a request's answer
    // is then a lookup, not a pass over every response.
    let mut by_id: HashMap<ExactId, Vec<usize>> = HashMap::new();
    for (i, response) in responses.iter().enumerate() {
        if let Some(id) = response.get("id").and_then(exact_id) {
            by_id.entry(id).or_default().push(i);
        }
    }
    // Errors without an id are matched by what they say, later.
    let mut missing = Vec::new();
    let mut idless_steps = Vec::new();
    for sent in &run.sent {
        let Some(key) = &sent.key else { continue };
        if *key == ResponseKey::Unreadable {
            if let Some(pattern) = expectation(scenario, sent.step, bindings, problems) {
                idless_steps.push((sent, pattern));
            }
            continue;
        }
        let Some(pattern) = expectation(scenario, sent.step, bindings, problems) else {
            continue;
        };
        let pattern = &pattern;
        let indexed = match key {
            ResponseKey::Id(id) => {
                exact_id(id).map(|id| by_id.get(&id).map_or(&[][..], Vec::as_slice))
            }
            _ => None,
        };
        let candidates: Vec<usize> = match indexed {
            Some(same_id) => same_id
                .iter()
                .copied()
                .filter(|&i| !claimed[i] && key.matches(&responses[i]))
                .collect(),
            None => (0..responses.len())
                .filter(|&i| !claimed[i] && key.matches(&responses[i]))
                .collect(),
        };
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
            // Silence is right too for this step.
            None if scenario.steps[sent.step].silence_ok => {}
            None => missing.push((sent, key)),
        }
    }
    Claimed {
        missing,
        idless_steps,
    }
}

/// Each response no step claimed: a second answer to a request, an answer
/// to a message that wants none, or one nobody asked for.
fn judge_unclaimed(
    run: &RunRecord,
    responses: Vec<Value>,
    claimed: &[bool],
    problems: &mut Vec<Problem>,
) {
    let answered_ids: Vec<&Value> = run
        .sent
        .iter()
        .filter_map(|s| match &s.key {
            Some(ResponseKey::Id(id)) => Some(id),
            _ => None,
        })
        .collect();
    let id_steps: Vec<usize> = run
        .sent
        .iter()
        .filter(|s| matches!(s.key, Some(ResponseKey::Id(_))))
        .map(|s| s.step)
        .collect();
    // The first request with each exact id; other ids are compared as JSON.
    let mut first_with_id: HashMap<ExactId, usize> = HashMap::new();
    for (position, id) in answered_ids.iter().enumerate() {
        if let Some(id) = exact_id(id) {
            first_with_id.entry(id).or_insert(position);
        }
    }
    let odd_ids: Vec<usize> = (0..answered_ids.len())
        .filter(|&p| exact_id(answered_ids[p]).is_none())
        .collect();
    let asked = |id: &Value| -> Option<usize> {
        let exact = exact_id(id).and_then(|e| first_with_id.get(&e).copied());
        let odd = odd_ids.iter().copied().find(|&p| answered_ids[p] == id);
        [exact, odd].into_iter().flatten().min()
    };
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
        if let Some(step) = id.and_then(asked) {
            let step = id_steps.get(step).copied().unwrap_or(0);
            problems.push(Problem::Duplicate { step, message });
        } else if !silent.is_empty()
            && (id.is_none_or(Value::is_null)
                || silent.iter().any(|s| {
                    let silent_id = s.message.as_ref().and_then(|m| m.get("id"));
                    silent_id.zip(id).is_some_and(|(a, b)| same_value(a, b))
                }))
        {
            problems.push(Problem::AnsweredSilence {
                message,
                silent: silent.len(),
            });
        } else {
            problems.push(Problem::Unexpected { message });
        }
    }
}

/// Matches the steps that expect an error without an id to the unclaimed
/// errors without one (see `idless`). Returns whether some went without and
/// nothing tells which.
#[allow(clippy::too_many_arguments)]
fn attribute_idless<'a>(
    scenario: &Scenario,
    run: &'a RunRecord,
    steps: &[(&'a crate::runner::transcript::Sent, Pattern)],
    responses: &[Value],
    claimed: &mut [bool],
    bindings: &Bindings,
    problems: &mut Vec<Problem>,
    missing: &mut Missing<'a>,
) -> bool {
    if steps.is_empty() {
        return false;
    }
    // Ids on any output line, valid response or not: a step whose id is
    // among them was answered, just not with an error without an id.
    let ids_out: Vec<Value> = run
        .received
        .iter()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter_map(|m| m.get("id").filter(|id| !id.is_null()).cloned())
        .collect();
    let answered_otherwise =
        |id: &Value| !id.is_null() && ids_out.iter().any(|o| same_value(o, id));
    let candidates: Vec<idless::Step> = steps
        .iter()
        .map(|(sent, pattern)| idless::Step {
            step: sent.step,
            pattern,
            answered_otherwise: sent
                .message
                .as_ref()
                .and_then(|m| m.get("id"))
                .is_some_and(answered_otherwise),
            silence_ok: scenario.steps[sent.step].silence_ok,
        })
        .collect();
    let errors: Vec<usize> = (0..responses.len())
        .filter(|&i| !claimed[i] && ResponseKey::Unreadable.matches(&responses[i]))
        .collect();
    let sent_of = |step: usize| steps.iter().find(|(s, _)| s.step == step);
    let mut unclear = false;
    for attribution in idless::attribute(&candidates, &errors, responses, bindings) {
        match attribution {
            idless::Attribution::Answered { response, .. } => claimed[response] = true,
            idless::Attribution::Wrong { step, response } => {
                claimed[response] = true;
                let Some((sent, pattern)) = sent_of(step) else {
                    continue;
                };
                let got = &responses[response];
                problems.push(Problem::WrongResponse {
                    step,
                    sent: sent.text.clone(),
                    expected: pattern.to_json(),
                    got: got.clone(),
                    shown: matching::project(pattern, got, bindings),
                    mismatches: matching::mismatches(pattern, got, bindings),
                });
            }
            idless::Attribution::Missing { step } => {
                if let Some((sent, _)) = sent_of(step)
                    && let Some(key) = &sent.key
                {
                    missing.push((sent, key));
                }
            }
            idless::Attribution::Unclear { steps, missing } => {
                unclear = true;
                problems.push(Problem::IdlessErrorsShort { steps, missing });
            }
        }
    }
    unclear
}

/// A step's expectation with its variables filled in. `None` when it has
/// none, or when a variable was never captured: that is recorded as a
/// problem, since an unbound variable must never pass a `$not`.
fn expectation(
    scenario: &Scenario,
    step: usize,
    bindings: &Bindings,
    problems: &mut Vec<Problem>,
) -> Option<Pattern> {
    let pattern = scenario.steps[step].expect.as_ref()?;
    let mut names = Vec::new();
    pattern.vars(&mut names);
    if let Some(name) = names.into_iter().find(|n| !bindings.contains_key(n)) {
        let (step, pointer) = scenario
            .capture_source(&name, step)
            .unwrap_or((step, String::new()));
        problems.push(Problem::CaptureMissing {
            step,
            name,
            pointer,
        });
        return None;
    }
    Some(matching::resolve(pattern, bindings))
}

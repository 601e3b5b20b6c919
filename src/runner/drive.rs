//! Plays one scenario against a program and records the transcript.
//!
//! Steps are written back to back. The driver waits only when it must: before
//! a step that needs a value captured from an earlier response, before a step
//! that starts a fresh process, and at the end, where it waits for every
//! expected response (errors with a null id included) before closing stdin.
//! Only then does it read to end of output, which is where silence is proven:
//! no fixed delay, and an asynchronous server that exits at EOF still passes.

use super::asked::Fits;
use super::process::{Limits, Live};
use super::program::Program;
use super::transcript::{Abort, RunRecord, Sent, Transcript, Unforgeable};
use crate::content::scenario::{AnswerOrder, ClientOrder, Outgoing, ResponseKey, Scenario};
use crate::content::template::{Bindings, Unfilled, substitute};
use crate::wire::{ExactId, exact_id};
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::time::Instant;

struct Current {
    live: Live,
    sent: Vec<Sent>,
    /// How many of `sent` expect a response (the next one's position).
    expecting: usize,
}

pub fn run_scenario(
    program: &Program,
    scenario: &Scenario,
    bindings: Bindings,
    limits: Limits,
    fits: Fits,
) -> Transcript {
    if scenario.answers == AnswerOrder::Scripted && scenario.order == ClientOrder::Asked {
        return super::drive_asked::run_asked(program, scenario, bindings, limits, fits);
    }
    let deadline = Instant::now() + limits.timeout;
    let mut transcript = Transcript {
        bindings,
        ..Transcript::default()
    };
    let mut current: Option<Current> = None;
    let program = &with_args(program, &scenario.args, &transcript.bindings);

    for (index, step) in scenario.steps.iter().enumerate() {
        let needs_capture = step
            .send
            .vars()
            .iter()
            .any(|name| !transcript.bindings.contains_key(name));
        if step.fresh {
            if let Some(run) = current.take() {
                close(scenario, run, deadline, limits, &mut transcript);
            }
        } else if needs_capture && let Some(run) = current.as_mut() {
            // Same process: wait for the answers so far, then read the values.
            let mut tracker = AnswerTracker::for_run(scenario, &run.sent);
            run.live
                .wait_until(deadline, |received| tracker.feed(received));
            capture(
                scenario,
                &run.sent,
                &run.live.received,
                &mut transcript.bindings,
            );
        }
        // The message first: when a value it needs never came, no process is
        // started for it (an empty run would be judged as a silent program).
        let (text, message) = match outgoing(scenario, index, &step.send, &transcript.bindings) {
            Ok(outgoing) => outgoing,
            Err(abort) => {
                transcript.aborted = Some(*abort);
                break;
            }
        };
        let run = match current.as_mut() {
            Some(run) => run,
            None => match Live::start(program, limits) {
                Ok(live) => current.insert(Current {
                    live,
                    sent: Vec::new(),
                    expecting: 0,
                }),
                Err(error) => {
                    transcript.runs.push(RunRecord::not_started(error));
                    return transcript;
                }
            },
        };
        let key = step.response_key(
            scenario.answers,
            run.expecting,
            message.as_ref(),
            &transcript.bindings,
        );
        run.expecting += usize::from(key.is_some());
        if let Some(pause) = step.pause {
            std::thread::sleep(pause);
        }
        if step.send != Outgoing::Nothing {
            run.live.send(&text);
        }
        run.sent.push(Sent {
            step: index,
            text,
            message,
            key,
        });
    }
    if let Some(run) = current.take() {
        close(scenario, run, deadline, limits, &mut transcript);
    }
    transcript
}

/// The program with the scenario's words added to its command line.
pub(super) fn with_args(program: &Program, args: &[String], bindings: &Bindings) -> Program {
    let mut program = program.clone();
    program.argv.extend(
        args.iter()
            .map(|arg| crate::content::template::fill_text(arg, bindings).into()),
    );
    program
}

/// Step `index`'s message as sent (its text, and its JSON when it is JSON),
/// its variables filled in; or why the scenario stops here.
pub(super) fn outgoing(
    scenario: &Scenario,
    index: usize,
    send: &Outgoing,
    bindings: &Bindings,
) -> Result<(String, Option<Value>), Box<Abort>> {
    match send {
        Outgoing::Nothing => Ok((String::new(), None)),
        Outgoing::Raw(text) => Ok((text.clone(), serde_json::from_str(text).ok())),
        Outgoing::Json(template) => match substitute(template, bindings) {
            Ok(message) => Ok((message.to_string(), Some(message))),
            Err(Unfilled::Unbound(name)) => Err(Box::new(missing_capture(scenario, index, &name))),
            Err(Unfilled::Unforgeable {
                name,
                value,
                encoding,
                error,
            }) => {
                let (from, pointer) = scenario
                    .capture_source(&name, index)
                    .unwrap_or((index, String::new()));
                Err(Box::new(Abort::Unforgeable(Unforgeable {
                    step: index,
                    from,
                    pointer,
                    value,
                    encoding,
                    error,
                })))
            }
        },
    }
}

/// Waits for every expected response, then closes stdin and reads to the
/// end, keeping any values later steps capture.
fn close(
    scenario: &Scenario,
    mut run: Current,
    deadline: Instant,
    limits: Limits,
    transcript: &mut Transcript,
) {
    let mut tracker = AnswerTracker::for_run(scenario, &run.sent);
    let all_answered = run
        .live
        .wait_until(deadline, |received| tracker.feed(received));
    let finished = run.live.finish(deadline, limits);
    capture(
        scenario,
        &run.sent,
        &finished.received,
        &mut transcript.bindings,
    );
    transcript.runs.push(RunRecord {
        sent: run.sent,
        received: finished.received,
        end: finished.end,
        stderr_tail: finished.stderr_tail,
        limit: finished.limit,
        stderr_bytes: finished.stderr_bytes,
        early: finished.early,
        waited_out: !all_answered,
        asked: None,
    });
}

/// Follows output as it arrives and tells when every awaited response is in.
/// Each line is parsed once and looked up by its id or position, so a
/// program that floods its output, or a scenario of thousands of requests,
/// costs the checker linear time, not quadratic.
///
/// It also stops waiting once as many responses as requests have come, even
/// if some do not match: a server answers each request once, so a wrong id
/// will not be followed by the right one, and waiting on would only cost the
/// learner the whole timeout. Anything late still arrives before end of output.
struct AnswerTracker {
    keys: Vec<ResponseKey>,
    answered: Vec<bool>,
    answered_count: usize,
    /// Unanswered keys by exact id, and by output position, lowest first.
    by_id: HashMap<ExactId, VecDeque<usize>>,
    by_line: HashMap<usize, VecDeque<usize>>,
    /// Keys no index can find (an unreadable id, a float id): checked one by one.
    others: Vec<usize>,
    in_order: bool,
    /// Responses that may come or not (steps where silence is right too):
    /// counted so that one of them arriving first does not end the wait.
    optional: usize,
    lines_seen: usize,
    messages: usize,
    responses: usize,
}

impl AnswerTracker {
    /// Waits for the responses `sent` must get; a step where silence is
    /// right too is never waited for.
    fn for_run(scenario: &Scenario, sent: &[Sent]) -> Self {
        let may_be_silent = |s: &Sent| scenario.steps[s.step].silence_ok;
        let keys = sent
            .iter()
            .filter(|s| !may_be_silent(s))
            .filter_map(|s| s.key.clone())
            .collect();
        let optional = sent
            .iter()
            .filter(|s| may_be_silent(s) && s.key.is_some())
            .count();
        AnswerTracker {
            optional,
            ..Self::new(keys)
        }
    }

    fn new(keys: Vec<ResponseKey>) -> Self {
        let answered = vec![false; keys.len()];
        let mut by_id: HashMap<ExactId, VecDeque<usize>> = HashMap::new();
        let mut by_line: HashMap<usize, VecDeque<usize>> = HashMap::new();
        let mut others = Vec::new();
        for (i, key) in keys.iter().enumerate() {
            match key {
                ResponseKey::Line(n) => by_line.entry(*n).or_default().push_back(i),
                ResponseKey::Id(id) => match exact_id(id) {
                    Some(exact) => by_id.entry(exact).or_default().push_back(i),
                    None => others.push(i),
                },
                ResponseKey::Unreadable => others.push(i),
            }
        }
        let in_order = keys.iter().any(|k| matches!(k, ResponseKey::Line(_)));
        AnswerTracker {
            keys,
            answered,
            answered_count: 0,
            by_id,
            by_line,
            others,
            in_order,
            optional: 0,
            lines_seen: 0,
            messages: 0,
            responses: 0,
        }
    }

    fn feed(&mut self, received: &[String]) -> bool {
        for line in &received[self.lines_seen.min(received.len())..] {
            if line.trim().is_empty() {
                continue;
            }
            let position = self.messages;
            self.messages += 1;
            let parsed = serde_json::from_str::<Value>(line).ok();
            let is_response = parsed
                .as_ref()
                .is_some_and(|m| m.get("result").is_some() || m.get("error").is_some());
            self.responses += usize::from(is_response);
            // The lowest unanswered key this line fits, wherever it is kept.
            let by_id = parsed
                .as_ref()
                .filter(|_| is_response)
                .and_then(|m| m.get("id"))
                .and_then(exact_id)
                .and_then(|id| self.by_id.get(&id))
                .and_then(|waiting| waiting.front().copied());
            let by_line = self
                .by_line
                .get(&position)
                .and_then(|waiting| waiting.front().copied());
            let other = self.others.iter().copied().find(|&i| {
                !self.answered[i] && parsed.as_ref().is_some_and(|m| self.keys[i].matches(m))
            });
            let Some(i) = [by_id, by_line, other].into_iter().flatten().min() else {
                continue;
            };
            self.answered[i] = true;
            self.answered_count += 1;
            match &self.keys[i] {
                ResponseKey::Line(n) => pop(&mut self.by_line, n),
                ResponseKey::Id(id) => match exact_id(id) {
                    Some(exact) => pop(&mut self.by_id, &exact),
                    None => self.others.retain(|&o| o != i),
                },
                ResponseKey::Unreadable => self.others.retain(|&o| o != i),
            }
        }
        self.lines_seen = received.len();
        let enough = if self.in_order {
            self.messages >= self.keys.len()
        } else {
            self.responses >= self.keys.len() + self.optional
        };
        enough || self.answered_count == self.keys.len()
    }
}

fn pop<K: std::hash::Hash + Eq>(index: &mut HashMap<K, VecDeque<usize>>, key: &K) {
    if let Some(waiting) = index.get_mut(key) {
        waiting.pop_front();
    }
}

/// Output lines as JSON (`None` where a line is not JSON), blank lines dropped.
pub fn parse_outputs(received: &[String]) -> Vec<Option<Value>> {
    received
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// Binds every capture whose response is among `received`. One that is
/// missing shows up when a later step cannot fill in its variable.
fn capture(scenario: &Scenario, sent: &[Sent], received: &[String], bindings: &mut Bindings) {
    if sent
        .iter()
        .all(|s| scenario.steps[s.step].captures.is_empty())
    {
        return;
    }
    let parsed = parse_outputs(received);
    let mut used = vec![false; parsed.len()];
    for sent in sent {
        let Some(key) = &sent.key else { continue };
        let Some(index) = key.locate(&parsed, &used) else {
            continue;
        };
        used[index] = true;
        let Some(response) = &parsed[index] else {
            continue;
        };
        for capture in &scenario.steps[sent.step].captures {
            if let Some(value) = capture.extract(response) {
                bindings.insert(capture.name.clone(), value);
            }
        }
    }
}

pub(super) fn missing_capture(scenario: &Scenario, step: usize, name: &str) -> Abort {
    let (step, pointer) = scenario
        .capture_source(name, step)
        .unwrap_or((step, String::new()));
    Abort::MissingCapture {
        step,
        name: name.to_string(),
        pointer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The tracker as it was before its indexes: every line tries every key.
    fn answered_by_scanning(keys: &[ResponseKey], lines: &[String]) -> Vec<bool> {
        let mut answered = vec![false; keys.len()];
        for (position, line) in lines.iter().filter(|l| !l.trim().is_empty()).enumerate() {
            let parsed = serde_json::from_str::<Value>(line).ok();
            let fits = |key: &ResponseKey| match key {
                ResponseKey::Line(n) => *n == position,
                _ => parsed.as_ref().is_some_and(|m| key.matches(m)),
            };
            if let Some(i) = (0..keys.len()).find(|&i| !answered[i] && fits(&keys[i])) {
                answered[i] = true;
            }
        }
        answered
    }

    /// A small deterministic generator, so the test needs no seed source.
    struct Lcg(u64);
    impl Lcg {
        fn pick<'a, T>(&mut self, from: &'a [T]) -> &'a T {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            &from[(self.0 >> 33) as usize % from.len()]
        }
    }

    #[test]
    fn indexed_tracking_answers_exactly_what_scanning_did() {
        // Ids that look alike but differ as JSON, and ones no index takes.
        let ids = [
            json!(5),
            json!("5"),
            json!(5.0),
            json!(-3),
            json!(null),
            json!(true),
            json!({"a": 1}),
            json!("x"),
        ];
        let mut rng = Lcg(7);
        for round in 0..400 {
            let in_order = round % 4 == 0;
            let keys: Vec<ResponseKey> = (0..1 + round % 9)
                .map(|n| match (in_order, *rng.pick(&[0, 1, 2])) {
                    (true, _) => ResponseKey::Line(n),
                    (false, 0) => ResponseKey::Unreadable,
                    _ => ResponseKey::Id(rng.pick(&ids).clone()),
                })
                .collect();
            let lines: Vec<String> = (0..round % 11)
                .map(|_| {
                    let id = rng.pick(&ids).clone();
                    match *rng.pick(&[0, 1, 2, 3, 4, 5]) {
                        0 => json!({"jsonrpc": "2.0", "id": id, "result": {}}).to_string(),
                        1 => json!({"jsonrpc": "2.0", "id": id, "error": {"code": 1}}).to_string(),
                        2 => json!({"jsonrpc": "2.0", "error": {"code": 1}}).to_string(),
                        3 => json!({"jsonrpc": "2.0", "method": "note", "id": id}).to_string(),
                        4 => "not json".to_string(),
                        _ => "  ".to_string(),
                    }
                })
                .collect();
            let mut tracker = AnswerTracker::new(keys.clone());
            // Fed in two parts, as output arrives.
            let half = lines.len() / 2;
            tracker.feed(&lines[..half]);
            tracker.feed(&lines);
            assert_eq!(
                tracker.answered,
                answered_by_scanning(&keys, &lines),
                "keys {keys:?}\nlines {lines:?}"
            );
            assert_eq!(
                tracker.answered_count,
                tracker.answered.iter().filter(|a| **a).count()
            );
        }
    }
}

//! Plays one scenario against a program and records the transcript.
//!
//! Steps are written back to back. The driver waits only when it must: before
//! a step that needs a value captured from an earlier response, before a step
//! that starts a fresh process, and at the end, where it waits for every
//! expected response (errors with a null id included) before closing stdin.
//! Only then does it read to end of output, which is where silence is proven:
//! no fixed delay, and an asynchronous server that exits at EOF still passes.

use super::process::{Limits, Live};
use super::program::Program;
use super::transcript::{Abort, RunRecord, Sent, Transcript};
use crate::content::scenario::{Outgoing, ResponseKey, Scenario};
use crate::content::template::{Bindings, substitute};
use serde_json::Value;
use std::time::Instant;

struct Current {
    live: Live,
    sent: Vec<Sent>,
}

pub fn run_scenario(
    program: &Program,
    scenario: &Scenario,
    bindings: Bindings,
    limits: Limits,
) -> Transcript {
    let deadline = Instant::now() + limits.timeout;
    let mut transcript = Transcript {
        bindings,
        ..Transcript::default()
    };
    let mut current: Option<Current> = None;

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
            let keys: Vec<ResponseKey> = run.sent.iter().filter_map(|s| s.key.clone()).collect();
            let mut tracker = AnswerTracker::new(keys);
            run.live
                .wait_until(deadline, |received| tracker.feed(received));
            capture(
                scenario,
                &run.sent,
                &run.live.received,
                &mut transcript.bindings,
            );
        }
        let run = match current.as_mut() {
            Some(run) => run,
            None => match Live::start(program, limits) {
                Ok(live) => current.insert(Current {
                    live,
                    sent: Vec::new(),
                }),
                Err(error) => {
                    transcript.runs.push(RunRecord::not_started(error));
                    return transcript;
                }
            },
        };
        let (text, message) = match &step.send {
            Outgoing::Raw(text) => (text.clone(), serde_json::from_str(text).ok()),
            Outgoing::Json(template) => match substitute(template, &transcript.bindings) {
                Ok(message) => (message.to_string(), Some(message)),
                Err(name) => {
                    transcript.aborted = Some(missing_capture(scenario, index, &name));
                    break;
                }
            },
        };
        let position = run.sent.iter().filter(|s| s.key.is_some()).count();
        let key = step.response_key(
            scenario.answers,
            position,
            message.as_ref(),
            &transcript.bindings,
        );
        run.live.send(&text);
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

/// Waits for every expected response, then closes stdin and reads to the
/// end, keeping any values later steps capture.
fn close(
    scenario: &Scenario,
    mut run: Current,
    deadline: Instant,
    limits: Limits,
    transcript: &mut Transcript,
) {
    let keys: Vec<ResponseKey> = run.sent.iter().filter_map(|s| s.key.clone()).collect();
    let mut tracker = AnswerTracker::new(keys);
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
    });
}

/// Follows output as it arrives and tells when every awaited response is in.
/// Each line is parsed once, so a program that floods its output costs the
/// checker linear time, not quadratic.
///
/// It also stops waiting once as many responses as requests have come, even
/// if some do not match: a server answers each request once, so a wrong id
/// will not be followed by the right one, and waiting on would only cost the
/// learner the whole timeout. Anything late still arrives before end of output.
struct AnswerTracker {
    keys: Vec<ResponseKey>,
    answered: Vec<bool>,
    lines_seen: usize,
    messages: usize,
    responses: usize,
}

impl AnswerTracker {
    fn new(keys: Vec<ResponseKey>) -> Self {
        let answered = vec![false; keys.len()];
        AnswerTracker {
            keys,
            answered,
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
            let fits = |key: &ResponseKey| match key {
                ResponseKey::Line(n) => *n == position,
                _ => parsed.as_ref().is_some_and(|m| key.matches(m)),
            };
            if let Some(i) =
                (0..self.keys.len()).find(|&i| !self.answered[i] && fits(&self.keys[i]))
            {
                self.answered[i] = true;
            }
        }
        self.lines_seen = received.len();
        let in_order = self.keys.iter().any(|k| matches!(k, ResponseKey::Line(_)));
        let enough = if in_order {
            self.messages >= self.keys.len()
        } else {
            self.responses >= self.keys.len()
        };
        enough || self.answered.iter().all(|a| *a)
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

fn missing_capture(scenario: &Scenario, step: usize, name: &str) -> Abort {
    let (step, pointer) = scenario
        .capture_source(name, step)
        .unwrap_or((step, String::new()));
    Abort::MissingCapture {
        step,
        name: name.to_string(),
        pointer,
    }
}

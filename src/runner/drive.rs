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
        if step.fresh || needs_capture {
            if let Some(run) = current.take() {
                close(run, deadline, limits, &mut transcript);
            }
            take_captures(scenario, &mut transcript);
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
        let key = step.response_key(message.as_ref(), &transcript.bindings);
        run.live.send(&text);
        run.sent.push(Sent {
            step: index,
            text,
            message,
            key,
        });
    }
    if let Some(run) = current.take() {
        close(run, deadline, limits, &mut transcript);
    }
    take_captures(scenario, &mut transcript);
    transcript
}

/// Waits for every expected response, then closes stdin and reads to the end.
fn close(mut run: Current, deadline: Instant, limits: Limits, transcript: &mut Transcript) {
    let keys: Vec<&ResponseKey> = run.sent.iter().filter_map(|s| s.key.as_ref()).collect();
    let all_answered = run
        .live
        .wait_until(deadline, |received| all_keys_answered(&keys, received));
    let (received, end, stderr_tail, limit) = run.live.finish(deadline, limits);
    transcript.runs.push(RunRecord {
        sent: run.sent,
        received,
        end,
        stderr_tail,
        limit,
        waited_out: !all_answered,
    });
}

/// Whether each key has its own response among the received lines.
fn all_keys_answered(keys: &[&ResponseKey], received: &[String]) -> bool {
    let parsed: Vec<Value> = received
        .iter()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let mut used = vec![false; parsed.len()];
    keys.iter().all(|key| {
        let found = parsed
            .iter()
            .enumerate()
            .position(|(i, m)| !used[i] && key.matches(m));
        found.map(|i| used[i] = true).is_some()
    })
}

/// Binds every capture whose response has arrived. One that is missing shows
/// up when a later step cannot fill in its variable.
fn take_captures(scenario: &Scenario, transcript: &mut Transcript) {
    for run in &transcript.runs {
        let parsed: Vec<Value> = run
            .received
            .iter()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect();
        for sent in &run.sent {
            let step = &scenario.steps[sent.step];
            let Some(key) = &sent.key else { continue };
            let Some(response) = parsed.iter().find(|m| key.matches(m)) else {
                continue;
            };
            for capture in &step.captures {
                if let Some(value) = capture.extract(response) {
                    transcript.bindings.insert(capture.name.clone(), value);
                }
            }
        }
    }
}

fn missing_capture(scenario: &Scenario, step: usize, name: &str) -> Abort {
    let source = scenario.steps[..step]
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, s)| {
            s.captures
                .iter()
                .find(|c| c.name == name)
                .map(|c| (i, c.pointer.clone()))
        });
    let (step, pointer) = source.unwrap_or((step, String::new()));
    Abort::MissingCapture {
        step,
        name: name.to_string(),
        pointer,
    }
}

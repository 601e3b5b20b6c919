//! Plays a scenario whose scripted server answers by what is asked
//! (`order = "asked"`, see [`super::asked`]): one process, whose every line
//! is taken as it comes, and the server's lines written as soon as the
//! script lets them go.

use super::asked::{Exchange, Fits};
use super::drive::{missing_capture, outgoing, with_args};
use super::process::{Limits, Live};
use super::program::Program;
use super::transcript::{RunRecord, Sent, Transcript};
use crate::content::scenario::{Outgoing, Scenario};
use crate::content::template::Bindings;
use std::time::Instant;

pub(super) fn run_asked(
    program: &Program,
    scenario: &Scenario,
    bindings: Bindings,
    limits: Limits,
    fits: Fits,
) -> Transcript {
    let deadline = Instant::now() + limits.timeout;
    let mut transcript = Transcript {
        bindings,
        ..Transcript::default()
    };
    let program = &with_args(program, &scenario.args, &transcript.bindings);
    let mut live = match Live::start(program, limits) {
        Ok(live) => live,
        Err(error) => {
            transcript.runs.push(RunRecord::not_started(error));
            return transcript;
        }
    };
    let mut exchange = Exchange::new(scenario, fits);
    let mut sent = Vec::new();
    let mut seen = 0;
    'talk: loop {
        for index in exchange.advance(&mut transcript.bindings) {
            let step = &scenario.steps[index];
            let (text, message) = match outgoing(scenario, index, &step.send, &transcript.bindings)
            {
                Ok(outgoing) => outgoing,
                Err(abort) => {
                    transcript.aborted = Some(*abort);
                    break 'talk;
                }
            };
            if let Some(pause) = step.pause {
                std::thread::sleep(pause);
            }
            if step.send != Outgoing::Nothing {
                live.send(&text);
            }
            sent.push(Sent {
                step: index,
                text,
                message,
                key: None,
            });
        }
        if exchange.done() {
            break;
        }
        let more = live.wait_until(deadline, |received| received.len() > seen);
        take_new(
            &mut exchange,
            &live.received,
            &mut seen,
            &mut transcript.bindings,
        );
        if !more {
            break;
        }
    }
    let all_met = exchange.done();
    if transcript.aborted.is_none()
        && let Some((step, name)) = exchange.stuck(&transcript.bindings)
    {
        transcript.aborted = Some(missing_capture(scenario, step, &name));
    }
    let finished = live.finish(deadline, limits);
    // Lines that came after the last step are judged too (unasked ones).
    take_new(
        &mut exchange,
        &finished.received,
        &mut seen,
        &mut transcript.bindings,
    );
    // Feedback finds a step's line by its number.
    sent.sort_by_key(|s| s.step);
    transcript.runs.push(RunRecord {
        sent,
        received: finished.received,
        end: finished.end,
        stderr_tail: finished.stderr_tail,
        limit: finished.limit,
        stderr_bytes: finished.stderr_bytes,
        early: finished.early,
        waited_out: !all_met,
        asked: Some(exchange.into_record()),
    });
    transcript
}

/// Hands the lines after `seen` to the exchange, blank ones skipped.
fn take_new(
    exchange: &mut Exchange,
    received: &[String],
    seen: &mut usize,
    bindings: &mut Bindings,
) {
    for line in received.iter().skip(*seen) {
        if !line.trim().is_empty() {
            exchange.take(line, bindings);
        }
    }
    *seen = received.len();
}

//! The stdio program behind the bridge: started on first use, one exchange
//! at a time (a stdio server reads one line after another), restarted when
//! it has died or was stopped for taking too long.

use super::message::{Reply, reply_kind};
use crate::runner::Program;
use crate::runner::process::{Limits, Live};
use crate::runner::transcript::{LimitHit, ProcessEnd};
use serde_json::Value;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How one request went.
#[derive(Debug)]
pub enum Outcome {
    /// The program answered; `before` are the JSON messages it wrote first
    /// (notifications about this request, or anything else it sent).
    Answered { before: Vec<String>, answer: String },
    /// It ended (or flooded its output) before answering; `why` says how,
    /// with the end of its stderr.
    Died { why: String },
    /// No answer in time; it was stopped.
    TimedOut,
    /// It could not be started at all.
    NotStarted { why: String },
}

pub struct Upstream {
    program: Program,
    timeout: Duration,
    live: Mutex<Option<Live>>,
    /// Lines the program wrote that no request waited for, for the log.
    log: fn(&str),
}

impl Upstream {
    pub fn new(program: Program, timeout: Duration, log: fn(&str)) -> Upstream {
        Upstream {
            program,
            timeout,
            live: Mutex::new(None),
            log,
        }
    }

    fn limits(&self) -> Limits {
        Limits {
            timeout: self.timeout,
            // A server runs for as long as it is served: only a single line
            // is capped, and every line is taken off the list once read.
            max_output: usize::MAX,
            max_line: Limits::default().max_line,
            max_lines: usize::MAX,
        }
    }

    /// The running program, started again if it has ended.
    fn running<'a>(
        &self,
        slot: &'a mut MutexGuard<'_, Option<Live>>,
    ) -> Result<&'a mut Live, String> {
        if let Some(live) = slot.as_mut() {
            // Take in whatever arrived since the last exchange.
            live.wait_until(Instant::now(), |_| false);
            let stray: Vec<String> = live.received.drain(..).collect();
            for line in stray {
                (self.log)(&format!(
                    "the program wrote a line no request was waiting for: {line}"
                ));
            }
            if live.stdout_closed || live.exit.is_some() || live.limit.is_some() {
                (self.log)("the program had stopped; starting it again");
                **slot = None;
            }
        }
        if slot.is_none() {
            **slot = Some(Live::start(&self.program, self.limits())?);
        }
        slot.as_mut()
            .ok_or_else(|| "the program is not running".to_string())
    }

    fn lock(&self) -> MutexGuard<'_, Option<Live>> {
        // A panic while holding the lock leaves a program in an unknown state:
        // start afresh rather than fail every later request.
        self.live.lock().unwrap_or_else(|poisoned| {
            let mut guard = poisoned.into_inner();
            *guard = None;
            guard
        })
    }

    /// Hands a message that gets no answer (a notification, a response).
    pub fn deliver(&self, line: &str) -> Result<(), String> {
        let mut slot = self.lock();
        self.running(&mut slot)?.send(line);
        Ok(())
    }

    /// Sends a request and waits for its answer.
    pub fn exchange(&self, line: &str, id: &Value) -> Outcome {
        let mut slot = self.lock();
        let live = match self.running(&mut slot) {
            Ok(live) => live,
            Err(why) => return Outcome::NotStarted { why },
        };
        live.send(line);
        let deadline = Instant::now() + self.timeout;
        let answered = live.wait_until(deadline, |received| {
            received
                .last()
                .is_some_and(|l| reply_kind(l, id) == Reply::Answer)
        });
        if answered {
            let mut received: Vec<String> = live.received.drain(..).collect();
            let answer = received.pop().unwrap_or_default();
            let mut before = Vec::new();
            for line in received {
                match reply_kind(&line, id) {
                    Reply::NotJson => (self.log)(&format!(
                        "the program wrote a line that is not JSON: {line}"
                    )),
                    _ => before.push(line),
                }
            }
            return Outcome::Answered { before, answer };
        }
        let ended = live.stdout_closed || live.exit.is_some() || live.limit.is_some();
        let Some(live) = slot.take() else {
            return Outcome::TimedOut;
        };
        if !ended {
            // Dropping it stops its whole process group.
            drop(live);
            return Outcome::TimedOut;
        }
        let finished = live.finish(Instant::now() + Duration::from_millis(300), self.limits());
        let how = match (finished.limit, finished.end) {
            (Some(LimitHit::LineTooLong { bytes }), _) => {
                format!("it wrote a line of {bytes} bytes, more than one message needs")
            }
            (Some(limit), _) => format!("{limit:?}"),
            (None, ProcessEnd::Exited(code)) => format!("it exited with code {code}"),
            (None, ProcessEnd::Signaled(signal)) => format!("it was ended by signal {signal}"),
            (None, ProcessEnd::StoppedByChecker) => "it closed its stdout".to_string(),
            (None, ProcessEnd::NotStarted(why)) => why,
        };
        let tail = finished.stderr_tail.trim();
        let why = if tail.is_empty() {
            how
        } else {
            format!("{how}; the end of its stderr: {tail}")
        };
        Outcome::Died { why }
    }
}

//! The stdio program behind the bridge, shared by every HTTP request at once.
//!
//! A stdio program has one stdin and one stdout, but HTTP clients do not take
//! turns: a `subscriptions/listen` stream stays open while other requests come
//! and go on other connections. So requests are not served one after another
//! under a lock; each one registers a waiter (its id, and a channel), writes
//! its line, and waits on its channel. One reader thread per program
//! (`router`) takes every line the program writes and hands it to the waiter
//! it belongs to. The program is started on first use and again after it
//! died or was stopped for taking too long; each start is a new generation,
//! so a late line or death of an old program never reaches a newer one's
//! waiters.

use super::router;
use crate::runner::Program;
use crate::runner::process::{Limits, Live, StdinQueue, Stopper};
use serde_json::{Value, json};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// Listen streams open at once; each holds a thread and a connection.
const MAX_STREAMS: usize = 32;

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
    /// Another request with the same id was still waiting when the time ran
    /// out: the program could not tell the two answers apart.
    IdInUse,
    /// Too many listen streams are open already.
    TooManyStreams,
}

/// What the reader hands to a waiter.
#[derive(Debug)]
pub enum Routed {
    /// A notification tagged with a listen stream's subscription id.
    Message(String),
    /// The response to the waiter's id, with the untagged messages the
    /// program wrote since the previous response.
    Answer { before: Vec<String>, answer: String },
    /// The program ended; the waiter gets no answer.
    Died(String),
}

/// One request waiting for its answer, or one open listen stream.
pub struct Waiter {
    pub generation: u64,
    pub id: Value,
    pub stream: bool,
    pub tx: Sender<Routed>,
}

/// The running program, as the request side sees it.
struct Current {
    generation: u64,
    stdin: Option<StdinQueue>,
    stopper: Stopper,
}

#[derive(Default)]
pub struct State {
    next_generation: u64,
    current: Option<Current>,
    pub waiters: Vec<Waiter>,
    /// Why the bridge stopped a generation itself (a request took too long),
    /// told to that generation's other waiters instead of "killed by signal".
    pub stopped: Option<(u64, String)>,
}

impl State {
    /// Forgets the running program if it is `generation`.
    pub fn retire(&mut self, generation: u64) {
        if self
            .current
            .as_ref()
            .is_some_and(|c| c.generation == generation)
        {
            self.current = None;
        }
    }
}

/// What the request side and the reader threads share.
pub struct Inner {
    state: Mutex<State>,
    /// Signalled whenever a waiter goes, so a request with the same id can go.
    pub freed: Condvar,
    /// Where lines nobody waits for go.
    pub log: fn(&str),
}

impl Inner {
    pub fn new(log: fn(&str)) -> Inner {
        Inner {
            state: Mutex::new(State::default()),
            freed: Condvar::new(),
            log,
        }
    }

    pub fn lock(&self) -> MutexGuard<'_, State> {
        // Every critical section leaves the state consistent between
        // statements, so a panic elsewhere does not make it unusable.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// An open `subscriptions/listen`: its events arrive on `rx`.
pub struct Listen {
    generation: u64,
    pub id: Value,
    pub rx: Receiver<Routed>,
}

pub struct Upstream {
    program: Program,
    timeout: Duration,
    inner: Arc<Inner>,
}

impl Upstream {
    pub fn new(program: Program, timeout: Duration, log: fn(&str)) -> Upstream {
        Upstream {
            program,
            timeout,
            inner: Arc::new(Inner::new(log)),
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

    /// The running program, started (with its reader) if there is none.
    fn running<'a>(&self, state: &'a mut State) -> Result<&'a Current, String> {
        if state.current.is_none() {
            let live = Live::start(&self.program, self.limits())?;
            let generation = state.next_generation;
            state.next_generation += 1;
            state.current = Some(Current {
                generation,
                stdin: live.stdin_queue(),
                stopper: live.stopper(),
            });
            let inner = Arc::clone(&self.inner);
            let limits = self.limits();
            std::thread::spawn(move || router::run(&inner, generation, live, limits));
        }
        state
            .current
            .as_ref()
            .ok_or_else(|| "the program is not running".to_string())
    }

    /// Hands over a message that gets no answer (a notification, a response).
    pub fn deliver(&self, line: &str) -> Result<(), String> {
        let mut state = self.inner.lock();
        let current = self.running(&mut state)?;
        if let Some(stdin) = &current.stdin {
            stdin.send(line);
        }
        Ok(())
    }

    /// Registers a waiter for `id`, then writes `line` to the program (in
    /// that order, so the answer cannot come before anyone waits for it).
    fn register(
        &self,
        line: &str,
        id: &Value,
        stream: bool,
    ) -> Result<(u64, Receiver<Routed>), Outcome> {
        let deadline = Instant::now() + self.timeout;
        let mut state = self.inner.lock();
        while state.waiters.iter().any(|w| w.id == *id) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Outcome::IdInUse);
            }
            state = match self.inner.freed.wait_timeout(state, left) {
                Ok((state, _)) => state,
                Err(poisoned) => poisoned.into_inner().0,
            };
        }
        if stream && state.waiters.iter().filter(|w| w.stream).count() >= MAX_STREAMS {
            return Err(Outcome::TooManyStreams);
        }
        let current = self
            .running(&mut state)
            .map_err(|why| Outcome::NotStarted { why })?;
        let generation = current.generation;
        let stdin = current.stdin.clone();
        let (tx, rx) = mpsc::channel();
        state.waiters.push(Waiter {
            generation,
            id: id.clone(),
            stream,
            tx,
        });
        // A program whose stdin is gone has died: its reader says so.
        if let Some(stdin) = stdin {
            stdin.send(line);
        }
        Ok((generation, rx))
    }

    /// Sends a request and waits for its answer.
    pub fn exchange(&self, line: &str, id: &Value) -> Outcome {
        let (generation, rx) = match self.register(line, id, false) {
            Ok(registered) => registered,
            Err(outcome) => return outcome,
        };
        let deadline = Instant::now() + self.timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match rx.recv_timeout(left) {
                Ok(routed) => {
                    if let Some(outcome) = outcome(routed) {
                        return outcome;
                    }
                }
                Err(RecvTimeoutError::Timeout) => return self.give_up(generation, id, &rx),
                Err(RecvTimeoutError::Disconnected) => {
                    return Outcome::Died {
                        why: "it stopped".to_string(),
                    };
                }
            }
        }
    }

    /// A request's time is up: its waiter goes, and so does the program
    /// (a stdio program that does not answer may be stuck for good).
    fn give_up(&self, generation: u64, id: &Value, rx: &Receiver<Routed>) -> Outcome {
        let mut state = self.inner.lock();
        state
            .waiters
            .retain(|w| !(w.generation == generation && !w.stream && w.id == *id));
        self.inner.freed.notify_all();
        // The answer may have come while the lock was being taken.
        if let Some(outcome) = rx.try_iter().find_map(outcome) {
            return outcome;
        }
        if let Some(current) = state.current.take_if(|c| c.generation == generation) {
            current.stopper.stop();
            state.stopped = Some((
                generation,
                format!(
                    "it was stopped because request {id} was not answered within {} s",
                    self.timeout.as_secs_f64()
                ),
            ));
        }
        Outcome::TimedOut
    }

    /// Opens a listen stream: sends the request and returns at once; the
    /// stream has no deadline.
    pub fn listen(&self, line: &str, id: &Value) -> Result<Listen, Outcome> {
        let (generation, rx) = self.register(line, id, true)?;
        Ok(Listen {
            generation,
            id: id.clone(),
            rx,
        })
    }

    /// The client left a listen stream: forget it, and tell the program (a
    /// stdio server learns of a cancelled subscription only this way).
    pub fn cancel(&self, listen: &Listen, reason: &str) {
        let mut state = self.inner.lock();
        let before = state.waiters.len();
        state
            .waiters
            .retain(|w| !(w.generation == listen.generation && w.stream && w.id == listen.id));
        if state.waiters.len() == before {
            // Already ended: answered, or the program died.
            return;
        }
        self.inner.freed.notify_all();
        let Some(current) = state.current.as_ref() else {
            return;
        };
        if current.generation != listen.generation {
            return;
        }
        let note = json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                          "params": {"requestId": listen.id, "reason": reason}});
        if let Some(stdin) = &current.stdin {
            stdin.send(&note.to_string());
        }
    }
}

/// What a request makes of a routed message; `None` to keep waiting.
fn outcome(routed: Routed) -> Option<Outcome> {
    match routed {
        Routed::Answer { before, answer } => Some(Outcome::Answered { before, answer }),
        Routed::Died(why) => Some(Outcome::Died { why }),
        Routed::Message(_) => None,
    }
}

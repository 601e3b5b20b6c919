//! What happened when a scenario ran: every line sent and received, and how
//! each process ended. A transcript judges nothing.

use crate::content::forge::{Encoding, ForgeError};
use crate::content::scenario::ResponseKey;
use crate::content::template::Bindings;
use serde_json::Value;

#[derive(Clone, Debug, Default)]
pub struct Transcript {
    /// One entry per process started (a scenario step may ask for a fresh one).
    pub runs: Vec<RunRecord>,
    /// Variable values used: seeded ones and those captured from responses.
    pub bindings: Bindings,
    /// Set when the scenario could not be played to its end.
    pub aborted: Option<Abort>,
}

#[derive(Clone, Debug)]
pub struct RunRecord {
    pub sent: Vec<Sent>,
    /// Output lines in arrival order, as text (invalid UTF-8 replaced).
    pub received: Vec<String>,
    pub end: ProcessEnd,
    /// The last part of what the program wrote to stderr.
    pub stderr_tail: String,
    pub limit: Option<LimitHit>,
    /// How much it wrote to stderr in all.
    pub stderr_bytes: usize,
    /// It stopped talking before its input ended.
    pub early: Option<EarlyEnd>,
    /// The program had not answered everything it was asked when the
    /// checker gave up waiting.
    pub waited_out: bool,
    /// What each client line met, when the scenario's server answers by
    /// what is asked (`order = "asked"`).
    pub asked: Option<super::asked::AskedRecord>,
}

#[derive(Clone, Debug)]
pub struct Sent {
    /// Index of the scenario step this line came from.
    pub step: usize,
    pub text: String,
    /// The message as JSON (None for raw text that is not JSON).
    pub message: Option<Value>,
    /// Which response answers it, when one is expected.
    pub key: Option<ResponseKey>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProcessEnd {
    Exited(i32),
    Signaled(i32),
    /// Still running after its output ended; the checker stopped it.
    StoppedByChecker,
    NotStarted(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitHit {
    /// The scenario's time ran out.
    Timeout { seconds: u64 },
    /// More output than any correct answer needs.
    OutputFlood { bytes: usize },
    /// One line longer than the cap (often: output with no newline at all).
    LineTooLong { bytes: usize },
    /// The program exited, but something it started kept stdout open.
    OutputHeldAfterExit,
}

/// A program that stopped talking while the checker still had input for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EarlyEnd {
    /// It exited before stdin closed.
    Exited,
    /// It closed stdout before stdin closed, and kept running.
    ClosedOutput,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Abort {
    /// A later step needed a value from a response that did not hold it.
    MissingCapture {
        step: usize,
        name: String,
        pointer: String,
    },
    /// A step sends a token forged from a captured value (`forged=`), and
    /// that value is not in the format the recipe reads.
    Unforgeable(Unforgeable),
}

/// A forgery the checker could not make, and the value it was to start from.
#[derive(Clone, Debug, PartialEq)]
pub struct Unforgeable {
    /// The step that would have sent the forgery.
    pub step: usize,
    /// The step whose response held the value, and where.
    pub from: usize,
    pub pointer: String,
    pub value: Value,
    pub encoding: Option<Encoding>,
    pub error: ForgeError,
}

impl RunRecord {
    pub fn not_started(error: String) -> RunRecord {
        RunRecord {
            sent: Vec::new(),
            received: Vec::new(),
            end: ProcessEnd::NotStarted(error),
            stderr_tail: String::new(),
            limit: None,
            stderr_bytes: 0,
            early: None,
            waited_out: false,
            asked: None,
        }
    }
}

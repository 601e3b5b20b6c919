//! Verdicts: what was wrong, which rule it breaks, and the evidence. Text for
//! people is made from these by the front end, in the learner's language.

use super::matching::Mismatch;
use crate::content::Localized;
use crate::content::scenario::{AnswerOrder, ResponseKey};
use crate::runner::transcript::{EarlyEnd, LimitHit, ProcessEnd, Unforgeable};
use serde_json::Value;

/// What the judged program does, which decides how its problems are told.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Role {
    /// It answers what it reads (servers, function and client exercises).
    #[default]
    Answers,
    /// An MCP client: it speaks first, to a scripted server.
    SpeaksFirst,
}

impl Role {
    /// The role of a program whose answers are paired with steps so.
    pub fn of(answers: AnswerOrder) -> Role {
        match answers {
            AnswerOrder::Scripted => Role::SpeaksFirst,
            AnswerOrder::ById | AnswerOrder::InOrder => Role::Answers,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Passed,
    Failed,
}

#[derive(Clone, Debug)]
pub struct ScenarioVerdict {
    /// The scenario's stable English name (test ids in reports).
    pub name: String,
    /// Its name in each language, for the learner.
    pub title: Localized,
    pub fact: String,
    pub rule: Localized,
    pub problems: Vec<Problem>,
    pub runs: Vec<RunEvidence>,
    pub role: Role,
}

impl ScenarioVerdict {
    pub fn outcome(&self) -> Outcome {
        if self.problems.is_empty() {
            Outcome::Passed
        } else {
            Outcome::Failed
        }
    }
}

/// What one process was sent and said, kept for the report.
#[derive(Clone, Debug)]
pub struct RunEvidence {
    pub sent: Vec<String>,
    /// The first lines received (see `judge::flood`), each clipped.
    pub received: Vec<String>,
    /// How many lines were received in all.
    pub received_total: usize,
    pub end: ProcessEnd,
    pub stderr_tail: String,
    pub stderr_bytes: usize,
    pub limit: Option<LimitHit>,
}

/// A scenario failure, with its evidence.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// The program could not be started at all.
    NotStarted { error: String },
    /// It ended with a failure status or a signal: whatever it did not say
    /// proves nothing, so this fails the scenario by itself.
    Crashed { end: ProcessEnd },
    /// A client whose scenario expects it to stop with status `expected`
    /// (its task's error status) ended otherwise: another status, a signal.
    WrongExit {
        end: ProcessEnd,
        expected: std::num::NonZeroU8,
    },
    /// A later step needed a value that an earlier response did not carry.
    CaptureMissing {
        step: usize,
        name: String,
        pointer: String,
    },
    /// A step sends a token forged from an earlier response's value, and
    /// that value is not in the format the exercise fixes.
    Unforgeable(Unforgeable),
    /// The program hit a limit (time, output size).
    Limit(LimitHit),
    /// Answers were missing because the program stopped talking early.
    EndedEarly(EarlyEnd),
    /// Not played, or stopped before its own timeout: the student's
    /// run-time budget (`learn grade --student-budget`, this many seconds)
    /// was spent.
    TimeRanOut { seconds: u64 },
    /// Everything was answered, but output did not end after stdin closed.
    OutputNeverEnded { seconds: u64 },
    /// An output line that is not JSON.
    NotJson { line: String },
    /// An output line that is JSON but not an object.
    NotAnObject { message: Value },
    /// `jsonrpc` is missing or is not exactly "2.0".
    BadJsonrpc { message: Value },
    /// The program sent a request (method and id) of its own.
    ServerRequest { message: Value },
    /// Neither a response (result/error) nor a notification (method).
    NotAResponse { message: Value },
    /// A response with both `result` and `error`.
    ResultAndError { message: Value },
    /// `error` lacks an integer `code` or a string `message`.
    BadErrorObject { message: Value },
    /// A response id that is not a string or an integer (null is allowed on errors only).
    BadResponseId { message: Value },
    /// Any other broken envelope rule (a notification whose `method` is not
    /// a string or whose `params` is not an object, a `result` that is not an
    /// object), in the shared rules' own terms.
    BrokenEnvelope {
        message: Value,
        problems: Vec<crate::wire::Problem>,
    },
    /// No response with the right id arrived.
    MissingResponse {
        step: usize,
        sent: String,
        key: ResponseKey,
        near: Option<NearMiss>,
    },
    /// Fewer errors without an id came than these steps expect, and nothing
    /// tells which of them went without: `missing` of them got none.
    IdlessErrorsShort { steps: Vec<usize>, missing: usize },
    /// The response arrived but means something else.
    WrongResponse {
        step: usize,
        sent: String,
        expected: Value,
        got: Value,
        shown: Value,
        mismatches: Vec<Mismatch>,
    },
    /// A request was answered more than once.
    Duplicate { step: usize, message: Value },
    /// Something was written back for a message that must get no reply.
    /// `silent` counts the messages of the run that must get no reply.
    AnsweredSilence { message: Value, silent: usize },
    /// A response that answers nothing that was sent.
    Unexpected { message: Value },
    /// A client's message, written in the scenario `scenario`, breaks a rule
    /// that holds for every message it writes (see `judge::every`).
    BrokeEveryRule(Box<Breach>),
    /// Function and client programs: a line past the last one that answers
    /// something. `expected` is how many answer lines the run called for.
    ExtraLine { message: Value, expected: usize },
    /// A client's message that no step of a scenario answered by what is
    /// asked (`order = "asked"`) asks for, and no step was waiting for.
    Unasked { message: Value },
    /// A rule about the notifications it writes (`stream`, `notifications`,
    /// `unwanted`).
    Notification(super::notified::NotificationProblem),
    /// Follows the last kept example of a kind of problem: how many more of
    /// that kind the scenario had (a program printing in a loop).
    Repeated { more: usize },
}

impl Problem {
    /// The step a program wrote nothing for, where this says so.
    pub fn missing_step(&self) -> Option<usize> {
        match self {
            Problem::MissingResponse { step, .. } => Some(*step),
            _ => None,
        }
    }
}

/// A client's message that breaks a rule for every message, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct Breach {
    /// The name of the scenario it was written in.
    pub scenario: Localized,
    pub message: Value,
    pub expected: Value,
    /// The message reshaped like the rule's pattern.
    pub shown: Value,
    pub mismatches: Vec<Mismatch>,
}

/// A response that is almost the missing one: the learner's likely mistake.
#[derive(Clone, Debug, PartialEq)]
pub enum NearMiss {
    /// Same id value in another JSON type (7 versus "7" or 7.0).
    IdTypeDiffers { got: Value },
    /// The only unclaimed response, with some other id.
    OtherId { got: Value },
    /// A line with exactly this id came, but it breaks the envelope rules
    /// (shown above it), so it does not count as a response.
    BrokenAnswer,
}

/// The result of checking one exercise.
#[derive(Clone, Debug)]
pub enum CheckResult {
    /// It did not compile; nothing was run.
    BuildFailed {
        output: String,
    },
    Ran {
        scenarios: Vec<ScenarioVerdict>,
    },
}

impl CheckResult {
    pub fn passed(&self) -> bool {
        match self {
            CheckResult::BuildFailed { .. } => false,
            CheckResult::Ran { scenarios } => {
                scenarios.iter().all(|s| s.outcome() == Outcome::Passed)
            }
        }
    }
}

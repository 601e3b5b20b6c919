//! The problem a scenario that stopped early was stopped by.

use super::Problem;
use crate::content::scenario::{AnswerOrder, Scenario};
use crate::runner::transcript::Abort;

/// Why the scenario stopped before its last step, as a problem; `None` when
/// it did not, or when `found` already says why.
pub(super) fn problem(
    scenario: &Scenario,
    aborted: Option<&Abort>,
    found: &[Problem],
) -> Option<Problem> {
    match aborted? {
        // A client that wrote nothing at a step is told so once: the value
        // its message would have held is missing because the message is.
        Abort::MissingCapture { step, .. }
            if scenario.answers == AnswerOrder::Scripted
                && found.iter().any(|p| p.missing_step() == Some(*step)) =>
        {
            None
        }
        Abort::MissingCapture {
            step,
            name,
            pointer,
        } => Some(Problem::CaptureMissing {
            step: *step,
            name: name.clone(),
            pointer: pointer.clone(),
        }),
        Abort::Unforgeable(failure) => Some(Problem::Unforgeable(failure.clone())),
    }
}

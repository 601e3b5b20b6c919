//! How the process ended, against how the scenario says it must end.

use super::Problem;
use crate::content::scenario::Exit;
use crate::runner::transcript::{ProcessEnd, RunRecord};

/// The problem with how `run` ended, when the scenario expects `exit`:
/// another status, or a signal. A program the checker had to stop after a
/// limit is told by that limit alone; one that never started, elsewhere.
pub(super) fn problem(run: &RunRecord, exit: Exit) -> Option<Problem> {
    let end = &run.end;
    match (exit, end) {
        (_, ProcessEnd::NotStarted(_)) => None,
        (Exit::Success, ProcessEnd::Exited(0) | ProcessEnd::StoppedByChecker) => None,
        (Exit::Success, ProcessEnd::Exited(_) | ProcessEnd::Signaled(_)) => {
            Some(Problem::Crashed { end: end.clone() })
        }
        (Exit::Status(status), ProcessEnd::Exited(code)) if *code == i32::from(status.get()) => {
            None
        }
        (Exit::Status(_), ProcessEnd::StoppedByChecker) if run.limit.is_some() => None,
        (Exit::Status(expected), _) => Some(Problem::WrongExit {
            end: end.clone(),
            expected,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::transcript::LimitHit;
    use std::num::NonZeroU8;

    fn ended(end: ProcessEnd, limit: Option<LimitHit>) -> RunRecord {
        RunRecord {
            end,
            limit,
            ..RunRecord::not_started(String::new())
        }
    }

    #[test]
    fn status_0_is_the_default_and_anything_else_is_a_crash() {
        let ok = |end| problem(&ended(end, None), Exit::Success);
        assert_eq!(ok(ProcessEnd::Exited(0)), None);
        assert_eq!(ok(ProcessEnd::StoppedByChecker), None);
        for end in [ProcessEnd::Exited(1), ProcessEnd::Signaled(9)] {
            assert_eq!(ok(end.clone()), Some(Problem::Crashed { end }));
        }
    }

    #[test]
    fn an_expected_status_must_be_exactly_it() {
        let one = NonZeroU8::MIN;
        let judged = |end, limit| problem(&ended(end, limit), Exit::Status(one));
        assert_eq!(judged(ProcessEnd::Exited(1), None), None);
        for end in [
            ProcessEnd::Exited(0),
            ProcessEnd::Exited(2),
            ProcessEnd::Signaled(15),
            ProcessEnd::StoppedByChecker,
        ] {
            let wrong = Problem::WrongExit {
                end: end.clone(),
                expected: one,
            };
            assert_eq!(judged(end, None), Some(wrong));
        }
        let timeout = Some(LimitHit::Timeout { seconds: 5 });
        assert_eq!(judged(ProcessEnd::StoppedByChecker, timeout), None);
    }
}

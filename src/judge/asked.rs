//! Judging a client against a server that answered by what it asked
//! (`order = "asked"`): the driver recorded which step each of the client's
//! messages met; a message that met none is told against the step that was
//! waiting (or as one too many), and an open step no message met is missing.

use super::{Problem, expectation, matching};
use crate::content::scenario::{ResponseKey, Scenario};
use crate::content::template::Bindings;
use crate::runner::asked::{AskedRecord, Met};
use crate::runner::transcript::RunRecord;
use serde_json::Value;

pub(super) fn judge_asked(
    scenario: &Scenario,
    run: &RunRecord,
    record: &AskedRecord,
    bindings: &Bindings,
    problems: &mut Vec<Problem>,
) {
    let sent_text = |step: usize| {
        run.sent
            .iter()
            .find(|s| s.step == step)
            .map_or_else(String::new, |s| s.text.clone())
    };
    let expecting = scenario.steps.iter().filter(|s| s.expect.is_some()).count();
    let mut told = vec![false; scenario.steps.len()];
    let mut met = vec![false; scenario.steps.len()];
    for step in record.met.iter().filter_map(|m| match m {
        Met::Step(step) | Met::Wrong(step) => Some(*step),
        _ => None,
    }) {
        met[step] = true;
    }
    // Every step got its message: one more is beyond the script.
    let beyond = scenario
        .steps
        .iter()
        .zip(&met)
        .all(|(step, met)| step.expect.is_none() || *met);
    let lines = run.received.iter().filter(|l| !l.trim().is_empty());
    for (line, met) in lines.zip(&record.met) {
        let (step, taken) = match met {
            Met::Step(_) => continue,
            Met::NotJson => {
                problems.push(Problem::NotJson { line: line.clone() });
                continue;
            }
            Met::Wrong(step) => (Some(*step), true),
            Met::Unasked { waiting } => (waiting.filter(|&step| !told[step]), false),
        };
        let Ok(got) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        let wrong = step.and_then(|step| {
            let pattern = expectation(scenario, step, bindings, problems)?;
            let found = matching::mismatches(&pattern, &got, bindings);
            (!found.is_empty()).then(|| Problem::WrongResponse {
                step,
                sent: sent_text(step),
                expected: pattern.to_json(),
                shown: matching::project(&pattern, &got, bindings),
                got: got.clone(),
                mismatches: found,
            })
        });
        match (wrong, step) {
            (Some(problem), Some(step)) => {
                told[step] = true;
                problems.push(problem);
            }
            // Taken for its step and right once every value was known.
            _ if taken => {}
            _ if beyond => problems.push(Problem::ExtraLine {
                message: got,
                expected: expecting,
            }),
            _ => problems.push(Problem::Unasked { message: got }),
        }
    }
    for (step, scripted) in scenario.steps.iter().enumerate() {
        let open = record.opened.get(step).copied().unwrap_or(false);
        if scripted.expect.is_some() && open && !met[step] && !told[step] {
            problems.push(Problem::MissingResponse {
                step,
                sent: sent_text(step),
                key: ResponseKey::Line(step),
                near: None,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::pattern::Pattern;
    use crate::content::scenario::{AnswerOrder, ClientOrder, Outgoing, ScenarioStep};
    use crate::runner::transcript::ProcessEnd;
    use serde_json::json;

    fn scenario() -> Scenario {
        let step = |name: &str| ScenarioStep {
            expect: Some(Pattern::parse(&json!({"method": name})).expect("pattern")),
            ..ScenarioStep::sending(Outgoing::Nothing)
        };
        Scenario {
            answers: AnswerOrder::Scripted,
            order: ClientOrder::Asked,
            ..Scenario::with_steps("t", vec![step("a"), step("b")])
        }
    }

    fn judged(lines: &[&str], met: Vec<Met>) -> Vec<Problem> {
        let run = RunRecord {
            received: lines.iter().map(|l| (*l).to_string()).collect(),
            end: ProcessEnd::Exited(0),
            ..RunRecord::not_started(String::new())
        };
        let record = AskedRecord {
            met,
            opened: vec![true, true],
        };
        let mut problems = Vec::new();
        judge_asked(&scenario(), &run, &record, &Bindings::new(), &mut problems);
        problems
    }

    #[test]
    fn a_message_no_step_asks_for_is_unasked_and_one_past_the_script_is_extra() {
        let problems = judged(
            &[r#"{"method": "a"}"#, r#"{"method": "z"}"#],
            vec![Met::Step(0), Met::Unasked { waiting: None }],
        );
        assert!(
            matches!(problems[0], Problem::Unasked { .. }),
            "{problems:?}"
        );
        assert!(
            matches!(problems[1], Problem::MissingResponse { step: 1, .. }),
            "{problems:?}"
        );
        let problems = judged(
            &[
                r#"{"method": "b"}"#,
                r#"{"method": "a"}"#,
                r#"{"method": "z"}"#,
            ],
            vec![Met::Step(1), Met::Step(0), Met::Unasked { waiting: None }],
        );
        assert!(matches!(
            problems[..],
            [Problem::ExtraLine { expected: 2, .. }]
        ));
    }

    #[test]
    fn a_message_taken_for_the_step_waiting_for_it_is_told_there_once() {
        let problems = judged(
            &[r#"{"method": "z"}"#, r#"{"method": "y"}"#],
            vec![Met::Wrong(0), Met::Unasked { waiting: Some(0) }],
        );
        assert!(
            matches!(
                problems[..],
                [
                    Problem::WrongResponse { step: 0, .. },
                    Problem::Unasked { .. },
                    Problem::MissingResponse { step: 1, .. }
                ]
            ),
            "{problems:?}"
        );
    }
}

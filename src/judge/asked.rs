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
            _ => problems.push(Problem::ExtraLine {
                message: got,
                expected: expecting,
            }),
        }
    }
    let mut met = vec![false; scenario.steps.len()];
    for step in record.met.iter().filter_map(|m| match m {
        Met::Step(step) | Met::Wrong(step) => Some(*step),
        _ => None,
    }) {
        met[step] = true;
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

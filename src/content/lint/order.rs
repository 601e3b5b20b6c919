//! The order of a lesson's steps: the opening and the closing are read, so
//! they hold readings only, and an objective's quiz closes it, so the quiz
//! is its last step.

use crate::content::error::ContentError;
use crate::content::{Lesson, Part, Step};

pub fn check_lesson(lesson: &Lesson, errors: &mut Vec<ContentError>) {
    let file = lesson.dir.join("lesson.toml");
    for objective in &lesson.objectives {
        let framing = match objective.part {
            Part::Opening => Some("[opening]"),
            Part::Closing => Some("[closing]"),
            Part::Objective => None,
        };
        let last = objective.steps.len().saturating_sub(1);
        for (at, step) in objective.steps.iter().enumerate() {
            let message = match (framing, step) {
                (_, Step::Reading(_)) => continue,
                (Some(part), _) => format!(
                    "`{}` is a step of {part}, which holds readings only: move it into an objective",
                    step.unqualified_key()
                ),
                (None, Step::Quiz(_)) if at != last => format!(
                    "`{}` is not the last step of objective `{}`: its quiz closes an objective, so move the quiz to the end",
                    step.unqualified_key(),
                    objective.id
                ),
                (None, _) => continue,
            };
            errors.push(ContentError {
                file: file.clone(),
                line: step_line(&file, step.kind().name(), step.id()),
                message,
            });
        }
    }
}

/// The line of `{ kind = "id" }` in lesson.toml.
fn step_line(file: &std::path::Path, kind: &str, id: &str) -> Option<usize> {
    let text = std::fs::read_to_string(file).ok()?;
    let wanted = format!("{kind} = \"{id}\"");
    text.lines()
        .position(|line| line.contains(&wanted))
        .map(|at| at + 1)
}

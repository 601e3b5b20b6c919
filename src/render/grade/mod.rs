//! The grade in the forms people and platforms read: a table, JSON,
//! Gradescope's `results.json`, JUnit XML, CSV and one HTML page, each
//! rendered from the typed report (`report` builds it from the gradebook;
//! `--merge` reads it back), and one student's transcripts (`--show`).

pub mod csv;
pub mod gradescope;
pub mod html;
pub mod json;
pub mod junit;
pub mod report;
pub mod text;
pub mod transcript;
mod xml;

use crate::content::Lang;
use crate::grade::model::{ExerciseGrade, Gradebook};
use crate::grade::report::{ExerciseReport, ExerciseStatus};
use crate::judge::{Outcome, ScenarioVerdict};
use crate::render::feedback::plain_problems;
use crate::render::style::visible;

/// What went wrong with an exercise, in full: the reason it did not run, or
/// each failed scenario with its problems (hidden ones already redacted).
pub fn failure_text(exercise: &ExerciseReport) -> String {
    if let Some(reason) = &exercise.build_error {
        return reason.trim_end().to_string();
    }
    exercise
        .failed()
        .map(|s| format!("✗ {}\n{}", s.name, indent(&s.message)))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// An exercise's status in a few words.
pub fn status_words(status: ExerciseStatus, lang: Lang) -> &'static str {
    match status {
        ExerciseStatus::Passed => crate::words::of(lang).status_passed(),
        ExerciseStatus::Failed => crate::words::of(lang).status_failed(),
        ExerciseStatus::NotAttempted => crate::words::of(lang).status_not_attempted(),
        ExerciseStatus::DoesNotCompile => crate::words::of(lang).status_does_not_compile(),
        ExerciseStatus::NotGraded => crate::words::of(lang).status_not_graded(),
    }
}

/// Why an exercise earned nothing, on one line, for the class summaries:
/// its status, and the compiler's first error, the reason it was not
/// graded, or each failed scenario's name with the rule it checks (a
/// hidden one by number only; no scenario's input is shown).
pub fn lost_marks(exercise: &ExerciseReport, lang: Lang) -> String {
    let status = exercise.status();
    let words = status_words(status, lang);
    let detail = match status {
        ExerciseStatus::Passed | ExerciseStatus::NotAttempted => String::new(),
        ExerciseStatus::DoesNotCompile => {
            first_error(exercise.build_error.as_deref().unwrap_or_default())
        }
        ExerciseStatus::NotGraded => exercise
            .build_error
            .as_deref()
            .unwrap_or_default()
            .lines()
            .next()
            .unwrap_or_default()
            .to_string(),
        ExerciseStatus::Failed => exercise
            .failed()
            .map(|s| {
                if s.rule.is_empty() {
                    format!("\"{}\"", s.name)
                } else {
                    format!("\"{}\" ({})", s.name, s.rule)
                }
            })
            .collect::<Vec<_>>()
            .join("; "),
    };
    let line = if detail.is_empty() {
        words.to_string()
    } else {
        format!("{words}: {detail}")
    };
    visible(&line.replace('\n', " "))
}

/// Whether a scenario is one of the teacher's hidden ones and is to be redacted.
pub fn redacted(book: &Gradebook, exercise: &ExerciseGrade, s: &ScenarioVerdict) -> bool {
    !book.reveal_hidden && book.is_hidden(&exercise.id, &s.name)
}

/// A scenario's name as reports show it: a hidden one by its number only.
pub fn scenario_name(book: &Gradebook, exercise: &ExerciseGrade, s: &ScenarioVerdict) -> String {
    if !redacted(book, exercise, s) {
        return s.name.clone();
    }
    let number = exercise
        .outcome
        .scenarios()
        .iter()
        .filter(|v| book.is_hidden(&exercise.id, &v.name))
        .position(|v| std::ptr::eq(v, s))
        .map_or(0, |i| i + 1);
    format!("hidden scenario {number}")
}

/// What a scenario's failure says: for a hidden one, only that it failed.
pub fn scenario_message(
    book: &Gradebook,
    exercise: &ExerciseGrade,
    s: &ScenarioVerdict,
    lang: Lang,
) -> String {
    if !redacted(book, exercise, s) {
        return book.for_students(&plain_problems(s, lang));
    }
    if s.outcome() == Outcome::Passed {
        return String::new();
    }
    crate::words::of(lang).hidden_scenario_failed().to_string()
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first line that tells most about a compiler message: the error, and
/// where it is.
pub fn first_error(output: &str) -> String {
    let mut lines = output.lines().map(str::trim);
    let error = lines
        .clone()
        .find(|l| l.starts_with("error"))
        .unwrap_or_else(|| {
            output
                .lines()
                .map(str::trim)
                .find(|l| !l.is_empty())
                .unwrap_or_default()
        });
    match lines.find(|l| l.starts_with("-->")) {
        Some(place) => format!("{error} {place}"),
        None => error.to_string(),
    }
}

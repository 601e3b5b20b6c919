//! `learn grade --show <student> <exercise>`: every scenario of one
//! student's exercise in full: what was sent, what came back, how the
//! program ended, its stderr, and what was wrong. Hidden scenarios show
//! only whether they passed, unless `--reveal-hidden`.

use super::{redacted, scenario_message, scenario_name};
use crate::content::Lang;
use crate::grade::model::{ExerciseGrade, Gradebook};
use crate::judge::Outcome;
use crate::render::style::{one_line, visible};
use crate::runner::transcript::ProcessEnd;
use std::fmt::Write;

pub fn render(book: &Gradebook, exercise: &ExerciseGrade, student: &str, lang: Lang) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} · {} {} · {}/{}",
        one_line(student),
        exercise.number,
        exercise.id,
        exercise.score(),
        exercise.points
    );
    if let Some(sha) = &exercise.file_sha256 {
        let _ = writeln!(out, "exercises/{} sha256 {sha}", exercise.file);
    }
    if let Some(reason) = exercise.outcome.not_run_reason() {
        let _ = writeln!(out, "\n{}", visible(reason.trim_end()));
        return out;
    }
    for s in exercise.outcome.scenarios() {
        let mark = if s.outcome() == Outcome::Passed {
            "✓"
        } else {
            "✗"
        };
        let _ = writeln!(
            out,
            "\n{mark} {}",
            visible(&scenario_name(book, exercise, s))
        );
        if redacted(book, exercise, s) {
            let message = scenario_message(book, exercise, s, lang);
            if !message.is_empty() {
                let _ = writeln!(out, "  {message}");
            }
            continue;
        }
        for (i, run) in s.runs.iter().enumerate() {
            if s.runs.len() > 1 {
                let _ = writeln!(out, "  {} {}", crate::words::of(lang).process(), i + 1);
            }
            for line in &run.sent {
                let _ = writeln!(out, "  → {}", visible(&book.for_students(line)));
            }
            for line in &run.received {
                let _ = writeln!(out, "  ← {}", visible(&book.for_students(line)));
            }
            let end = match &run.end {
                ProcessEnd::Exited(code) => {
                    format!("{} {code}", crate::words::of(lang).exited_with_code())
                }
                ProcessEnd::Signaled(signal) => {
                    format!("{} {signal}", crate::words::of(lang).killed_by())
                }
                ProcessEnd::StoppedByChecker => {
                    crate::words::of(lang).stopped_by_the_checker().to_string()
                }
                ProcessEnd::NotStarted(why) => {
                    format!("{} {why}", crate::words::of(lang).not_started_colon())
                }
            };
            let _ = writeln!(out, "  ({end})");
            if !run.stderr_tail.is_empty() {
                let _ = writeln!(out, "  stderr ({} bytes):", run.stderr_bytes);
                for line in run.stderr_tail.lines() {
                    let _ = writeln!(out, "  | {}", visible(&book.for_students(line)));
                }
            }
        }
        if s.outcome() == Outcome::Failed {
            for line in scenario_message(book, exercise, s, lang).lines() {
                let _ = writeln!(out, "  {}", visible(line));
            }
        }
    }
    out
}

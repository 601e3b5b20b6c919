//! `--format text`: a table with a row per submission (its score) and a
//! column per exercise, then what cost each submission its points, one
//! line each, then, for a class, its figures (`figures`). A merged report
//! reads the same as one graded in a single run.

use super::first_error;
use crate::content::Lang;
use crate::grade::figures::{figures, percent};
use crate::grade::report::{ExerciseReport, ExerciseStatus, QuizReport, Report};
use crate::render::style::clip;
use crate::render::style::{one_line, visible};
use std::fmt::Write;

pub fn render(report: &Report, lang: Lang) -> String {
    let mut out = String::new();
    let Some(first) = report.submissions.first() else {
        return out;
    };
    let name_width = report
        .submissions
        .iter()
        .map(|s| one_line(&s.name).chars().count())
        .chain([crate::words::of(lang).submission().chars().count() + 2])
        .max()
        .unwrap_or(10);
    let widths: Vec<usize> = first
        .exercises
        .iter()
        .map(|e| {
            e.number
                .to_string()
                .len()
                .max(e.max_score.to_string().len())
        })
        .collect();
    let has_quiz = report.submissions.iter().any(|s| s.quiz.is_some());

    let _ = write!(out, "{:<name_width$}", crate::words::of(lang).submission());
    for (e, width) in first.exercises.iter().zip(&widths) {
        let _ = write!(out, " {:>width$}", e.number);
    }
    if has_quiz {
        let _ = write!(out, " {:>5}", crate::words::of(lang).quiz());
    }
    let _ = writeln!(out, "  {}", crate::words::of(lang).score());
    for submission in &report.submissions {
        let _ = write!(out, "{:<name_width$}", one_line(&submission.name));
        for (e, width) in submission.exercises.iter().zip(&widths) {
            let cell = match e.status() {
                ExerciseStatus::NotAttempted => "-".to_string(),
                _ => e.score.to_string(),
            };
            let _ = write!(out, " {cell:>width$}");
        }
        if has_quiz {
            let quiz = submission.quiz.as_ref().map_or(0, |q| q.score);
            let _ = write!(out, " {quiz:>5}");
        }
        let _ = writeln!(out, "  {}/{}", submission.score, submission.max_score);
    }
    let untouched = report
        .submissions
        .iter()
        .flat_map(|s| &s.exercises)
        .any(|e| e.status() == ExerciseStatus::NotAttempted);
    if untouched {
        let _ = writeln!(out, "{}", crate::words::of(lang).not_attempted_key());
    }
    lost(&mut out, report, lang);
    if report.submissions.len() > 1 {
        class_figures(&mut out, report, lang);
    }
    out
}

/// What cost each submission its points.
fn lost(out: &mut String, report: &Report, lang: Lang) {
    let id_width = report
        .submissions
        .iter()
        .flat_map(|s| &s.exercises)
        .map(|e| e.id.len())
        .max()
        .unwrap_or(8);
    for submission in &report.submissions {
        let lost: Vec<&ExerciseReport> =
            submission.exercises.iter().filter(|e| !e.passed).collect();
        let quiz_lost = submission.quiz.as_ref().filter(|q| q.score < q.max_score);
        if lost.is_empty() && quiz_lost.is_none() {
            continue;
        }
        let _ = writeln!(
            out,
            "\n{} {}/{}",
            one_line(&submission.name),
            submission.score,
            submission.max_score
        );
        if submission.over_memory_limit {
            let _ = writeln!(out, "  {}", crate::words::of(lang).over_memory_together());
        }
        for exercise in lost {
            let _ = writeln!(
                out,
                "  {:>2} {:<id_width$} {:>3}/{:<3} {}",
                exercise.number,
                exercise.id,
                exercise.score,
                exercise.max_score,
                why(exercise, lang)
            );
        }
        if let Some(quiz) = quiz_lost {
            let _ = writeln!(
                out,
                "     {:<id_width$} {:>3}/{:<3} {}",
                crate::words::of(lang).quiz(),
                quiz.score,
                quiz.max_score,
                clip(&visible(&quiz_detail(quiz, lang)), 100)
            );
        }
    }
}

fn quiz_detail(quiz: &QuizReport, lang: Lang) -> String {
    if let Some(problem) = &quiz.problem {
        return problem.lines().next().unwrap_or_default().to_string();
    }
    let answered = quiz.questions.iter().filter(|q| q.answered).count();
    let bad = match quiz.line_problems.first() {
        Some(first) => format!("; {} {first}", crate::words::of(lang).not_graded_colon()),
        None => String::new(),
    };
    crate::words::of(lang).questions_answered(answered, quiz.max_score, &bad)
}

/// One line: why the exercise earned nothing.
fn why(exercise: &ExerciseReport, lang: Lang) -> String {
    let reason = exercise.build_error.as_deref().unwrap_or_default();
    let line = match exercise.status() {
        ExerciseStatus::NotAttempted => reason.to_string(),
        ExerciseStatus::NotGraded => {
            format!("{} {reason}", crate::words::of(lang).not_graded_colon())
        }
        ExerciseStatus::DoesNotCompile => format!(
            "{} {}",
            crate::words::of(lang).does_not_compile_colon(),
            first_error(reason)
        ),
        ExerciseStatus::Passed | ExerciseStatus::Failed => {
            let failed = exercise.failed().next();
            let problem = failed
                .map(|s| s.message.lines().next().unwrap_or_default().to_string())
                .unwrap_or_default();
            match failed {
                Some(s) => crate::words::of(lang).first_failed(
                    exercise.scenarios_passed,
                    exercise.scenarios_total,
                    &s.name,
                    &problem,
                ),
                None => crate::words::of(lang).no_scenario_ran().to_string(),
            }
        }
    };
    clip(&visible(&line.replace('\n', " ")), 160)
}

/// The class's figures: mean and median, each exercise's pass rate and who
/// did not pass it, each fact's pass rate.
fn class_figures(out: &mut String, report: &Report, lang: Lang) {
    let figures = figures(report);
    let n = figures.students;
    let _ = writeln!(
        out,
        "\n{} {n}; {} {:.1}, {} {:.1} / {}",
        crate::words::of(lang).students_colon(),
        crate::words::of(lang).mean(),
        figures.mean,
        crate::words::of(lang).median(),
        figures.median,
        figures.max_score
    );
    let _ = writeln!(out, "\n{}", crate::words::of(lang).exercise_pass_rate());
    for e in &figures.exercises {
        let line = format!(
            "  {:>2} {:<24} {:>4}  {}",
            e.number,
            e.id,
            percent(e.passed, n),
            visible(&e.not_passed.join(", "))
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let _ = writeln!(out, "\n{}", crate::words::of(lang).fact_pass_rate());
    for (fact, (passed, total)) in &figures.facts {
        let _ = writeln!(
            out,
            "  {fact:<5} {:>4}  {passed}/{total}",
            percent(*passed, *total)
        );
    }
}

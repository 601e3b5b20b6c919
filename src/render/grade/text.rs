//! `--format text`: a table with a row per submission and a column per
//! exercise, then what cost each submission its points, one line each.

use super::{first_error, visible};
use super::{scenario_message, scenario_name};
use crate::content::Lang;
use crate::content::text::tr;
use crate::grade::model::{ExerciseGrade, Gradebook};
use crate::judge::Outcome;
use crate::render::style::clip;
use std::fmt::Write;

pub fn render(book: &Gradebook, lang: Lang) -> String {
    let mut out = String::new();
    let Some(first) = book.submissions.first() else {
        return out;
    };
    let name_width = book
        .submissions
        .iter()
        .map(|s| s.name.chars().count())
        .chain([tr(lang, "submission", "提交").chars().count() + 2])
        .max()
        .unwrap_or(10);
    let widths: Vec<usize> = first
        .exercises
        .iter()
        .map(|e| e.number.to_string().len().max(e.points.to_string().len()))
        .collect();
    let has_quiz = first.quiz.is_some();

    let _ = write!(out, "{:<name_width$}", tr(lang, "submission", "提交"));
    for (e, width) in first.exercises.iter().zip(&widths) {
        let _ = write!(out, " {:>width$}", e.number);
    }
    if has_quiz {
        let _ = write!(out, " {:>5}", tr(lang, "quiz", "测验"));
    }
    let _ = writeln!(out, "  {}", tr(lang, "score", "得分"));
    for submission in &book.submissions {
        let _ = write!(out, "{:<name_width$}", visible(&submission.name));
        for (e, width) in submission.exercises.iter().zip(&widths) {
            let _ = write!(out, " {:>width$}", e.score());
        }
        if let Some(quiz) = &submission.quiz {
            let _ = write!(out, " {:>5}", quiz.score);
        }
        let _ = writeln!(out, "  {}/{}", submission.score(), submission.max_score());
    }

    let id_width = first
        .exercises
        .iter()
        .map(|e| e.id.len())
        .max()
        .unwrap_or(8);
    for submission in &book.submissions {
        let lost: Vec<&ExerciseGrade> = submission
            .exercises
            .iter()
            .filter(|e| !e.passed())
            .collect();
        let quiz_lost = submission.quiz.as_ref().filter(|q| q.score < q.max_score);
        if lost.is_empty() && quiz_lost.is_none() {
            continue;
        }
        let _ = writeln!(
            out,
            "\n{} {}/{}",
            visible(&submission.name),
            submission.score(),
            submission.max_score()
        );
        if submission.over_memory {
            let _ = writeln!(
                out,
                "  {}",
                tr(
                    lang,
                    "its processes were stopped: together they held more memory than --memory-limit allows one student",
                    "其进程被终止：它们合计占用的内存超过了 --memory-limit 给每个学生的上限"
                )
            );
        }
        for exercise in lost {
            let _ = writeln!(
                out,
                "  {:>2} {:<id_width$} {:>3}/{:<3} {}",
                exercise.number,
                exercise.id,
                exercise.score(),
                exercise.points,
                why(book, exercise, lang)
            );
        }
        if let Some(quiz) = quiz_lost {
            let detail = match &quiz.problem {
                Some(problem) => problem.lines().next().unwrap_or_default().to_string(),
                None => {
                    let answered = quiz.questions.iter().filter(|q| q.answered).count();
                    let bad = match quiz.line_problems.first() {
                        Some(first) => format!("; {} {first}", tr(lang, "not graded:", "未评分：")),
                        None => String::new(),
                    };
                    match lang {
                        Lang::En => {
                            format!("{answered} of {} questions answered{bad}", quiz.max_score)
                        }
                        Lang::Zh => format!("答了 {} 题中的 {answered} 题{bad}", quiz.max_score),
                    }
                }
            };
            let _ = writeln!(
                out,
                "     {:<id_width$} {:>3}/{:<3} {}",
                tr(lang, "quiz", "测验"),
                quiz.score,
                quiz.max_score,
                clip(&visible(&detail), 100)
            );
        }
    }
    out
}

/// One line: why the exercise earned nothing.
fn why(book: &Gradebook, exercise: &ExerciseGrade, lang: Lang) -> String {
    use crate::grade::model::ExerciseOutcome::*;
    let line = match &exercise.outcome {
        NotGraded { reason } => format!("{} {reason}", tr(lang, "not graded:", "未评分：")),
        BuildFailed { output } => format!(
            "{} {}",
            tr(lang, "does not compile:", "无法编译："),
            first_error(output)
        ),
        Ran { scenarios } => {
            let failed = scenarios.iter().find(|s| s.outcome() == Outcome::Failed);
            let problem = failed
                .map(|s| {
                    scenario_message(book, exercise, s, lang)
                        .lines()
                        .next()
                        .unwrap_or_default()
                        .to_string()
                })
                .unwrap_or_default();
            match (lang, failed) {
                (Lang::En, Some(s)) => format!(
                    "{} of {} scenarios passed; first failed: \"{}\": {problem}",
                    exercise.passed_scenarios(),
                    scenarios.len(),
                    scenario_name(book, exercise, s)
                ),
                (Lang::Zh, Some(s)) => format!(
                    "{} 个场景中通过 {} 个；第一个失败的：“{}”：{problem}",
                    scenarios.len(),
                    exercise.passed_scenarios(),
                    scenario_name(book, exercise, s)
                ),
                (_, None) => tr(lang, "no scenario ran", "没有运行任何场景").to_string(),
            }
        }
    };
    clip(&visible(&line.replace('\n', " ")), 160)
}

//! `--format json`: everything, for scripts and dashboards.

use super::{redacted, scenario_message, scenario_name};
use crate::content::Lang;
use crate::grade::model::{ExerciseGrade, Gradebook, QuizGrade, SubmissionGrade};
use crate::judge::Outcome;
use serde_json::{Value, json};

pub fn render(book: &Gradebook, lang: Lang) -> Value {
    json!({
        "seed": book.seed,
        "scoring": "all-or-nothing: an exercise earns its points when every scenario passes",
        "sandboxed": book.sandboxed,
        "grader": book.grader.iter().map(|(part, hash)| json!({"part": part, "sha256": hash})).collect::<Vec<_>>(),
        "submissions": book.submissions.iter().map(|s| submission(book, s, lang)).collect::<Vec<_>>(),
    })
}

fn submission(book: &Gradebook, grade: &SubmissionGrade, lang: Lang) -> Value {
    json!({
        "name": grade.name,
        "commit": grade.commit,
        "over_memory_limit": grade.over_memory,
        "score": grade.score(),
        "max_score": grade.max_score(),
        "exercises": grade.exercises.iter().map(|e| exercise(book, e, lang)).collect::<Vec<_>>(),
        "quiz": grade.quiz.as_ref().map(quiz),
    })
}

fn exercise(book: &Gradebook, grade: &ExerciseGrade, lang: Lang) -> Value {
    let scenarios = grade.outcome.scenarios();
    json!({
        "id": grade.id,
        "number": grade.number,
        "file": format!("exercises/{}", grade.file),
        "score": grade.score(),
        "max_score": grade.points,
        "passed": grade.passed(),
        "scenarios_passed": grade.passed_scenarios(),
        "scenarios_total": scenarios.len(),
        "file_sha256": grade.file_sha256,
        "program_sha256": grade.program_sha256,
        "build_error": grade.outcome.not_run_reason(),
        "scenarios": scenarios.iter().map(|s| json!({
            "name": scenario_name(book, grade, s),
            "hidden": book.is_hidden(&grade.id, &s.name),
            "fact": if redacted(book, grade, s) { String::new() } else { format!("{}{}", grade.fact_prefix, s.fact) },
            "passed": s.outcome() == Outcome::Passed,
            "message": scenario_message(book, grade, s, lang),
        })).collect::<Vec<_>>(),
    })
}

fn quiz(grade: &QuizGrade) -> Value {
    json!({
        "score": grade.score,
        "max_score": grade.max_score,
        "problem": grade.problem,
        "line_problems": grade.line_problems,
        "questions": grade.questions.iter().map(|q| json!({
            "quiz": q.quiz,
            "id": q.id,
            "answered": q.answered,
            "right": q.right,
        })).collect::<Vec<_>>(),
    })
}

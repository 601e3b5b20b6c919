//! `--format json`: everything, for scripts and dashboards.

use crate::content::Lang;
use crate::grade::model::{ExerciseGrade, Gradebook, QuizGrade, SubmissionGrade};
use crate::judge::Outcome;
use crate::render::feedback::plain_problems;
use serde_json::{Value, json};

pub fn render(book: &Gradebook, lang: Lang) -> Value {
    json!({
        "seed": book.seed,
        "scoring": "all-or-nothing: an exercise earns its points when every scenario passes",
        "submissions": book.submissions.iter().map(|s| submission(s, lang)).collect::<Vec<_>>(),
    })
}

fn submission(grade: &SubmissionGrade, lang: Lang) -> Value {
    json!({
        "name": grade.name,
        "score": grade.score(),
        "max_score": grade.max_score(),
        "exercises": grade.exercises.iter().map(|e| exercise(e, lang)).collect::<Vec<_>>(),
        "quiz": grade.quiz.as_ref().map(quiz),
    })
}

fn exercise(grade: &ExerciseGrade, lang: Lang) -> Value {
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
        "build_error": grade.outcome.not_run_reason(),
        "scenarios": scenarios.iter().map(|s| json!({
            "name": s.name,
            "fact": s.fact,
            "passed": s.outcome() == Outcome::Passed,
            "message": plain_problems(s, lang),
        })).collect::<Vec<_>>(),
    })
}

fn quiz(grade: &QuizGrade) -> Value {
    json!({
        "score": grade.score,
        "max_score": grade.max_score,
        "problem": grade.problem,
        "questions": grade.questions.iter().map(|q| json!({
            "quiz": q.quiz,
            "id": q.id,
            "answered": q.answered,
            "right": q.right,
        })).collect::<Vec<_>>(),
    })
}

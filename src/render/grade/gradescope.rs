//! `--format gradescope`: the `results.json` a Gradescope autograder writes
//! (one student per run): a total `score` and one test per exercise (and
//! one for the quiz) with `score`, `max_score`, `status` and `output`.
//! Students see these outputs, so hidden scenarios appear there only as
//! "hidden scenario N failed"; an exercise with hidden scenarios also gets
//! a test of its own with `"visibility": "hidden"` (instructors only) that
//! counts them, and names and explains them with `--reveal-hidden`.

use super::failure_text;
use crate::content::Lang;
use crate::grade::report::{ExerciseStatus, Report, SubmissionReport};
use serde_json::{Value, json};

pub fn render(report: &Report, grade: &SubmissionReport, lang: Lang) -> Value {
    let mut tests: Vec<Value> = Vec::new();
    for e in &grade.exercises {
        let output = match e.status() {
            ExerciseStatus::Passed => crate::words::of(lang).all_passed(e.scenarios_total),
            _ => failure_text(e),
        };
        tests.push(json!({
            "name": format!("{} {}", e.number, e.id),
            "score": e.score,
            "max_score": e.max_score,
            "status": if e.passed { "passed" } else { "failed" },
            "output": output,
            "visibility": "visible",
        }));
        let hidden: Vec<_> = e.scenarios.iter().filter(|s| s.hidden).collect();
        if hidden.is_empty() {
            continue;
        }
        let failed: Vec<_> = hidden.iter().filter(|s| !s.passed).collect();
        let mut output =
            crate::words::of(lang).hidden_passed(hidden.len() - failed.len(), hidden.len());
        for s in &failed {
            output.push_str(&format!("\n\n✗ {}\n{}", s.name, s.message));
        }
        tests.push(json!({
            "name": format!("{} {} ({})", e.number, e.id, crate::words::of(lang).hidden_scenarios()),
            "score": 0,
            "max_score": 0,
            "status": if failed.is_empty() { "passed" } else { "failed" },
            "output": output,
            "visibility": "hidden",
        }));
    }
    if let Some(quiz) = &grade.quiz {
        let wrong: Vec<&str> = quiz
            .questions
            .iter()
            .filter(|q| !q.right)
            .map(|q| q.id.as_str())
            .collect();
        let mut output = match (&quiz.problem, wrong.is_empty()) {
            (Some(problem), _) => problem.clone(),
            (None, true) => crate::words::of(lang).every_answer_right().to_string(),
            (None, false) => format!(
                "{} {}",
                crate::words::of(lang).wrong_or_unanswered(),
                wrong.join(", ")
            ),
        };
        if !quiz.line_problems.is_empty() {
            output.push_str(&format!(
                "\n{}\n{}",
                crate::words::of(lang).lines_not_graded(),
                quiz.line_problems.join("\n")
            ));
        }
        tests.push(json!({
            "name": "quiz",
            "score": quiz.score,
            "max_score": quiz.max_score,
            "status": if quiz.score == quiz.max_score { "passed" } else { "failed" },
            "output": output,
            "visibility": "visible",
        }));
    }
    let seed = report.seed.map_or_else(
        || crate::words::of(lang).several().to_string(),
        |s| s.to_string(),
    );
    json!({
        "score": grade.score,
        "max_score": grade.max_score,
        "output": crate::words::of(lang).graded_by(&seed),
        "tests": tests,
    })
}

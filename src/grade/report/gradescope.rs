//! `--format gradescope`: the `results.json` a Gradescope autograder writes
//! (one student per run): a total `score` and one test per exercise (and
//! one for the quiz) with `score`, `max_score`, `status` and `output`.

use super::failure_text;
use crate::content::Lang;
use crate::content::text::tr;
use crate::grade::model::SubmissionGrade;
use serde_json::{Value, json};

pub fn render(grade: &SubmissionGrade, seed: u64, lang: Lang) -> Value {
    let mut tests: Vec<Value> = grade
        .exercises
        .iter()
        .map(|e| {
            let output = if e.passed() {
                match lang {
                    Lang::En => format!("All {} scenarios passed.", e.outcome.scenarios().len()),
                    Lang::Zh => format!("全部 {} 个场景通过。", e.outcome.scenarios().len()),
                }
            } else {
                failure_text(e, lang)
            };
            json!({
                "name": format!("{} {}", e.number, e.id),
                "score": e.score(),
                "max_score": e.points,
                "status": if e.passed() { "passed" } else { "failed" },
                "output": output,
            })
        })
        .collect();
    if let Some(quiz) = &grade.quiz {
        let wrong: Vec<&str> = quiz
            .questions
            .iter()
            .filter(|q| !q.right)
            .map(|q| q.id.as_str())
            .collect();
        let output = match (&quiz.problem, wrong.is_empty()) {
            (Some(problem), _) => problem.clone(),
            (None, true) => tr(lang, "Every answer is right.", "全部答对。").to_string(),
            (None, false) => format!(
                "{} {}",
                tr(lang, "Not right or not answered:", "答错或未答："),
                wrong.join(", ")
            ),
        };
        tests.push(json!({
            "name": "quiz",
            "score": quiz.score,
            "max_score": quiz.max_score,
            "status": if quiz.score == quiz.max_score { "passed" } else { "failed" },
            "output": output,
        }));
    }
    json!({
        "score": grade.score(),
        "max_score": grade.max_score(),
        "output": match lang {
            Lang::En => format!("Graded by `learn grade` with seed {seed}. An exercise earns its points when every scenario passes."),
            Lang::Zh => format!("由 `learn grade` 评分，种子 {seed}。练习的所有场景都通过才得该题分数。"),
        },
        "tests": tests,
    })
}

//! `--format gradescope`: the `results.json` a Gradescope autograder writes
//! (one student per run): a total `score` and one test per exercise (and
//! one for the quiz) with `score`, `max_score`, `status` and `output`.
//! Students see these outputs, so hidden scenarios appear there only as
//! "hidden scenario N failed"; an exercise with hidden scenarios also gets
//! a test of its own with `"visibility": "hidden"` (instructors only) that
//! counts them, and names and explains them with `--reveal-hidden`.

use super::failure_text;
use crate::content::Lang;
use crate::content::text::tr;
use crate::grade::report::{ExerciseStatus, Report, SubmissionReport};
use serde_json::{Value, json};

#[allow(
    clippy::too_many_lines,
    reason = "builds the one Gradescope results.json document in its field order"
)]
pub fn render(report: &Report, grade: &SubmissionReport, lang: Lang) -> Value {
    let mut tests: Vec<Value> = Vec::new();
    for e in &grade.exercises {
        let output = match e.status() {
            ExerciseStatus::Passed => match lang {
                Lang::En => format!("All {} scenarios passed.", e.scenarios_total),
                Lang::Zh => format!("全部 {} 个场景通过。", e.scenarios_total),
            },
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
        let mut output = match lang {
            Lang::En => format!(
                "{} of {} hidden scenarios passed.",
                hidden.len() - failed.len(),
                hidden.len()
            ),
            Lang::Zh => format!(
                "{} 个隐藏场景中通过 {} 个。",
                hidden.len(),
                hidden.len() - failed.len()
            ),
        };
        for s in &failed {
            output.push_str(&format!("\n\n✗ {}\n{}", s.name, s.message));
        }
        tests.push(json!({
            "name": format!("{} {} ({})", e.number, e.id, tr(lang, "hidden scenarios", "隐藏场景")),
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
            (None, true) => tr(lang, "Every answer is right.", "全部答对。").to_string(),
            (None, false) => format!(
                "{} {}",
                tr(lang, "Not right or not answered:", "答错或未答："),
                wrong.join(", ")
            ),
        };
        if !quiz.line_problems.is_empty() {
            output.push_str(&format!(
                "\n{}\n{}",
                tr(
                    lang,
                    "Lines not graded (each counts as wrong):",
                    "未评分的行（每行都算答错）："
                ),
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
        || tr(lang, "several", "多个").to_string(),
        |s| s.to_string(),
    );
    json!({
        "score": grade.score,
        "max_score": grade.max_score,
        "output": match lang {
            Lang::En => format!("Graded by `learn grade` with seed {seed}. An exercise earns its points when every scenario passes."),
            Lang::Zh => format!("由 `learn grade` 评分，种子 {seed}。练习的所有场景都通过才得该题分数。"),
        },
        "tests": tests,
    })
}

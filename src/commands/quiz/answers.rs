//! `learn quiz --answers FILE`: grading a file of answers without asking.

use super::colours;
use super::status;
use crate::commands::{Ctx, Status};
use crate::content::Lang;
use crate::quiz::Quiz;
use crate::quiz::answers::{Graded, grade_answers};
use crate::quiz::model::DEFAULT_PASS_PERCENT;
use crate::quiz::score::Score;
use anyhow::{Context, Result, anyhow, bail};
use colored::Colorize;
use serde_json::{Value, json};

/// `--answers FILE`: grade without asking; progress is not changed.
pub(super) fn grade_file(
    ctx: &Ctx,
    quizzes: &[Quiz],
    named: Option<&Quiz>,
    path: &std::path::Path,
    as_json: bool,
) -> Result<Status> {
    let lang = ctx.lang;
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the answers file {}", path.display()))?;
    let graded = grade_answers(path, &text, quizzes, named, &|why| {
        crate::render::quiz::unclear(why, lang)
    })
    .map_err(|problems| {
        let lines: Vec<String> = problems.iter().map(|p| format!("  {p}")).collect();
        anyhow!(
            "{}\n{}",
            crate::words::of(lang).answers_file_problems(),
            lines.join("\n")
        )
    })?;
    if graded.is_empty() {
        bail!("{}", crate::words::of(lang).answers_file_empty());
    }
    let score = Score {
        right: graded.iter().filter(|g| g.right).count(),
        total: graded.len(),
    };
    let pass_percent = named.map_or_else(
        || {
            graded
                .iter()
                .map(|g| g.quiz.pass_percent)
                .max()
                .unwrap_or(DEFAULT_PASS_PERCENT)
        },
        |quiz| quiz.pass_percent,
    );
    let passed = score.passes(pass_percent);
    if as_json {
        let results: Vec<Value> = graded.iter().map(|g| result_json(g, lang)).collect();
        let report = json!({
            "score": score.right,
            "total": score.total,
            "percent": score.percent(),
            "pass_percent": pass_percent,
            "passed": passed,
            "results": results,
        });
        outln!("{}", serde_json::to_string_pretty(&report)?)?;
        return Ok(status(passed));
    }
    print_graded(&graded, lang)?;
    let w = crate::words::of(lang);
    let state = if passed {
        w.answers_passed().green().bold().to_string()
    } else {
        w.answers_not_passed().yellow().to_string()
    };
    let line = w.answers_score(
        score.right,
        score.total,
        score.percent(),
        &state,
        pass_percent,
    );
    outln!("\n{line}")?;
    Ok(status(passed))
}

/// Each answer right or not, with the explanation of each that is not.
fn print_graded(graded: &[Graded], lang: Lang) -> std::io::Result<()> {
    for g in graded {
        let (mark, note) = match (g.right, g.answered) {
            (true, _) => ("✓".green().to_string(), ""),
            (false, true) => ("✗".yellow().to_string(), ""),
            (false, false) => ("–".yellow().to_string(), crate::words::of(lang).no_answer()),
        };
        outln!("{mark} {}{}", g.question.id, note.dimmed())?;
        if !g.right {
            for line in colours::prose(g.question.explanation.get(lang).trim()).lines() {
                outln!("    {line}")?;
            }
            outln!(
                "    {}{}",
                crate::words::of(lang).more().dimmed(),
                colours::command(&format!("learn read {}", g.question.section))
            )?;
        }
    }
    Ok(())
}

fn result_json(graded: &Graded, lang: Lang) -> Value {
    json!({
        "id": graded.question.id,
        "objective": graded.quiz.id,
        "correct": graded.right,
        "answered": graded.answered,
        "explanation": graded.question.explanation.get(lang).trim(),
        "section": graded.question.section,
    })
}

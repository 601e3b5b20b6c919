//! `learn quiz --list`: the questions and their choices, never the answers.

use super::colours;
use super::objective_title;
use crate::commands::{Ctx, Status};
use crate::quiz::Quiz;
use crate::quiz::model::letter;
use crate::render::quiz::{choice, label};
use anyhow::Result;
use colored::Colorize;
use serde_json::{Value, json};

/// `--list`: every question with its choices, never the answers.
pub(super) fn list(
    ctx: &Ctx,
    quizzes: &[Quiz],
    named: Option<&Quiz>,
    as_json: bool,
) -> Result<Status> {
    let lang = ctx.lang;
    let shown: Vec<&Quiz> = match named {
        Some(quiz) => vec![quiz],
        None => quizzes.iter().collect(),
    };
    if as_json {
        let items: Vec<Value> = shown
            .iter()
            .flat_map(|quiz| quiz.questions.iter().map(move |q| (quiz, q)))
            .map(|(quiz, q)| {
                let choices: Vec<Value> = q
                    .kind
                    .options()
                    .iter()
                    .enumerate()
                    .map(|(i, c)| json!({"letter": letter(i).to_string(), "text": choice(c, lang)}))
                    .collect();
                let mut item = json!({
                    "id": q.id,
                    "objective": quiz.id,
                    "type": q.kind.type_name(),
                    "prompt": q.prompt.get(lang),
                    "choices": choices,
                    "facts": q.facts,
                    "section": q.section,
                });
                if let Some(message) = &q.message {
                    item["message"] = json!(message.trim());
                }
                item
            })
            .collect();
        outln!("{}", serde_json::to_string_pretty(&items)?)?;
        return Ok(Status::Success);
    }
    outln!("{}", crate::words::of(lang).unshuffled_letters().dimmed())?;
    for quiz in shown {
        outln!()?;
        let heading = crate::words::of(lang).quiz_list_heading(
            &quiz.id,
            &objective_title(ctx, quiz),
            quiz.questions.len(),
            quiz.pass_percent,
        );
        outln!("{}", heading.bold())?;
        for q in &quiz.questions {
            outln!(
                "  {} {}",
                q.id.cyan(),
                format!("· {} · {}", label(&q.kind, lang), q.facts.join(", ")).dimmed()
            )?;
            for line in colours::prose(q.prompt.get(lang)).lines() {
                outln!("    {line}")?;
            }
            if let Some(message) = &q.message {
                for line in message.trim().lines() {
                    outln!("      {}", line.cyan())?;
                }
            }
            for (i, option) in q.kind.options().iter().enumerate() {
                outln!(
                    "    {}) {}",
                    letter(i),
                    colours::prose(choice(option, lang))
                )?;
            }
        }
    }
    Ok(Status::Success)
}

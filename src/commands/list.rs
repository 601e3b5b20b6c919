//! `learn list`: every step with its status.

use super::{Ctx, Status};
use crate::content::Step;
use anyhow::Result;
use colored::Colorize;
use serde_json::{Value, json};

/// Where a step stands for this learner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepStatus {
    Done,
    /// The first step not done: what `learn next` shows.
    Current,
    Pending,
}

impl StepStatus {
    fn name(self) -> &'static str {
        match self {
            StepStatus::Done => "done",
            StepStatus::Current => "current",
            StepStatus::Pending => "pending",
        }
    }
}

pub fn statuses(ctx: &Ctx) -> Vec<StepStatus> {
    let mut seen_current = false;
    ctx.course
        .keyed_steps()
        .map(|(_, _, _, key)| {
            if ctx.progress.is_done(&key) {
                StepStatus::Done
            } else if !seen_current {
                seen_current = true;
                StepStatus::Current
            } else {
                StepStatus::Pending
            }
        })
        .collect()
}

pub fn run(ctx: &Ctx, as_json: bool) -> Result<Status> {
    let statuses = statuses(ctx);
    let lang = ctx.lang;
    if as_json {
        let items: Vec<Value> = ctx
            .course
            .steps()
            .zip(&statuses)
            .map(|((lesson, objective, step), status)| {
                let mut item = json!({
                    "id": step.id(),
                    "kind": step.kind(),
                    "status": status.name(),
                    "objective": objective.id,
                    "lesson": lesson.id,
                });
                if let Step::Exercise(id) = step
                    && let Some(exercise) = ctx.course.exercise(id)
                {
                    item["number"] = json!(exercise.number);
                    item["title"] = json!(exercise.title.get(lang));
                    item["file"] = json!(format!("exercises/{}", exercise.file));
                }
                item
            })
            .collect();
        outln!("{}", serde_json::to_string_pretty(&items)?)?;
        return Ok(Status::Success);
    }
    let several = ctx.course.lessons.len() > 1;
    let (mut last_lesson, mut last_objective) = ("", "");
    for ((lesson, objective, step), status) in ctx.course.steps().zip(&statuses) {
        if several && lesson.id != last_lesson {
            last_lesson = &lesson.id;
            last_objective = "";
            let start = crate::words::of(lang).start_lesson(&lesson.id);
            outln!(
                "{}  {}",
                lesson.title.get(lang).bold().underline(),
                start.dimmed()
            )?;
        }
        if objective.id != last_objective {
            last_objective = &objective.id;
            outln!("{}", objective.title.get(lang).bold())?;
        }
        let mark = match status {
            StepStatus::Done => "✓".green().to_string(),
            StepStatus::Current => "▶".yellow().bold().to_string(),
            StepStatus::Pending => "·".dimmed().to_string(),
        };
        let kind = match step {
            Step::Reading(_) => crate::words::of(lang).read(),
            Step::Exercise(_) => crate::words::of(lang).exercise(),
            Step::Quiz(_) => crate::words::of(lang).quiz(),
        };
        let detail = match step {
            Step::Exercise(id) => ctx.course.exercise(id).map_or(String::new(), |e| {
                format!("{:>2}. {}", e.number, e.title.get(lang))
            }),
            _ => String::new(),
        };
        let name = match step {
            Step::Exercise(id) => id.clone(),
            _ => ctx.course.step_ref(&lesson.id, step.kind(), step.id()),
        };
        outln!("  {mark} {:<9} {:<30} {}", kind, name, detail.dimmed())?;
    }
    let done = statuses.iter().filter(|s| **s == StepStatus::Done).count();
    outln!(
        "{}",
        crate::words::of(lang).steps_done(done, statuses.len())
    )?;
    Ok(Status::Success)
}

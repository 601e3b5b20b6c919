//! `learn progress`: a bar per objective.

use super::{Ctx, Status};
use anyhow::Result;
use colored::Colorize;
use serde_json::json;

const BAR: usize = 24;

pub fn run(ctx: &Ctx, as_json: bool) -> Result<Status> {
    let rows: Vec<(&str, String, String, usize, usize)> = ctx
        .course
        .lessons
        .iter()
        .flat_map(|lesson| lesson.objectives.iter().map(move |o| (lesson, o)))
        .map(|(lesson, objective)| {
            let done = objective
                .steps
                .iter()
                .filter(|s| ctx.progress.is_done(&s.progress_key(&lesson.id)))
                .count();
            (
                lesson.id.as_str(),
                objective.id.clone(),
                objective.title.get(ctx.lang).to_string(),
                done,
                objective.steps.len(),
            )
        })
        .collect();
    if as_json {
        let items: Vec<_> = rows.iter().map(|(lesson, id, title, done, total)| json!({"lesson": lesson, "objective": id, "title": title, "done": done, "total": total})).collect();
        outln!("{}", serde_json::to_string_pretty(&items)?)?;
        return Ok(Status::Success);
    }
    for (_, _, title, done, total) in &rows {
        let filled = if *total == 0 { 0 } else { done * BAR / total };
        let bar = format!(
            "{}{}",
            "█".repeat(filled).green(),
            "░".repeat(BAR - filled).dimmed()
        );
        outln!("{bar} {done:>2}/{total:<2} {title}")?;
    }
    Ok(Status::Success)
}

//! `learn hint`: the hint ladder, one rung per call.

use super::{Ctx, Status};
use anyhow::Result;
use colored::Colorize;

pub fn run(ctx: &mut Ctx, id: Option<&str>, all: bool) -> Result<Status> {
    let lang = ctx.lang;
    let exercise = ctx.exercise_or_current(id)?;
    let total = exercise.hints.len();
    let id = exercise.id.clone();
    let hints: Vec<String> = exercise
        .hints
        .iter()
        .map(|h| h.get(lang).to_string())
        .collect();
    // Read and advance the rung under the progress lock: two `learn hint`
    // calls at once must show (and record) two different rungs.
    let (show, progress) = ctx.store.update(|p| {
        let seen = p.hints.get(&id).copied().unwrap_or(0);
        let show = if all {
            total.max(seen)
        } else {
            (seen + 1).min(total)
        };
        p.hints.insert(id.clone(), show.max(seen));
        (show, p.clone())
    })?;
    ctx.progress = progress;
    for (i, hint) in hints.iter().take(show).enumerate() {
        let label = crate::words::of(lang).hint_of(i + 1, total);
        let label = if i + 1 == show {
            label.yellow().bold()
        } else {
            label.dimmed()
        };
        outln!(
            "{label}\n{}\n",
            crate::render::markdown::render(hint).trim_end()
        )?;
    }
    if show < total {
        outln!("{}", crate::words::of(lang).next_hint(&id).dimmed())?;
    }
    Ok(Status::Success)
}

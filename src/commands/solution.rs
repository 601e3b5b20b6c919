//! `learn solution`: the reference, once earned (or forced).

use super::{Ctx, Status};
use anyhow::{Context, Result, bail};

pub fn run(ctx: &Ctx, id: Option<&str>, force: bool) -> Result<Status> {
    let exercise = ctx.exercise_or_current(id)?;
    let solved = ctx
        .progress
        .is_done(&crate::content::model::exercise_key(&exercise.id));
    if !solved && !force {
        bail!(
            "{} `learn solution {} --force`",
            crate::words::of(ctx.lang).not_solved_yet(),
            exercise.id
        );
    }
    let path = ctx.project.solution_file(&exercise.file);
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    outln!("{}", ctx.shown_path(&path))?;
    out!("{text}")?;
    Ok(Status::Success)
}

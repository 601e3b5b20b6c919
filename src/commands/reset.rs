//! `learn reset`: the exercise file as it was in the last commit.

use super::{Ctx, Status};
use crate::content::Step;
use crate::content::text::tr;
use anyhow::{Context, Result, bail};
use std::process::Command;

pub fn run(ctx: &mut Ctx, id: &str) -> Result<Status> {
    let exercise = ctx.exercise(id)?;
    let relative = format!("exercises/{}", exercise.file);
    let output = Command::new("git")
        .arg("-C")
        .arg(&ctx.project.root)
        .args(["show", &format!("HEAD:{relative}")])
        .output()
        .context("reset needs git, and git could not be started")?;
    if !output.status.success() {
        bail!(
            "git has no committed copy of {relative}: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    let path = ctx.project.exercise_file(&exercise.file);
    let temp = path.with_extension("rs.reset");
    std::fs::write(&temp, &output.stdout)
        .and_then(|()| std::fs::rename(&temp, &path))
        .with_context(|| format!("cannot write {}", path.display()))?;
    let key = Step::Exercise(exercise.id.clone()).progress_key();
    ctx.progress = ctx.store.update(|p| {
        p.done.remove(&key);
        p.clone()
    })?;
    println!(
        "{} {relative}",
        tr(
            ctx.lang,
            "Restored from the last commit:",
            "已从最近一次提交恢复："
        )
    );
    Ok(Status::Success)
}

//! `learn run`: build, then hand the terminal to the program.

use super::{Ctx, Status};
use crate::check::Target;
use anyhow::{Context, Result};
use std::process::Command;

pub fn run(ctx: &Ctx, id: &str, solution: bool) -> Result<Status> {
    let exercise = ctx.exercise(id)?;
    let target = if solution {
        Target::Solution
    } else {
        Target::Exercise
    };
    let Some(program) = ctx.build_for_terminal(exercise, &target)? else {
        return Ok(Status::Failed);
    };
    // stdout belongs to the program alone: our words go to stderr.
    errln!("{}", crate::words::of(ctx.lang).running());
    let (first, rest) = program.argv.split_first().context("empty command")?;
    let status = Command::new(first)
        .args(rest)
        .status()
        .with_context(|| format!("cannot start {}", program.display))?;
    Ok(if status.success() {
        Status::Success
    } else {
        Status::Failed
    })
}

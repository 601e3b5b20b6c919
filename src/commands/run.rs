//! `learn run`: build, then hand the terminal to the program.

use super::{Ctx, Status};
use crate::check::{Target, prepare};
use crate::content::text::tr;
use crate::runner::build::BuildOutput;
use anyhow::{Context, Result};
use std::process::Command;

pub fn run(ctx: &Ctx, id: &str, solution: bool) -> Result<Status> {
    let exercise = ctx.exercise(id)?;
    let target = if solution {
        Target::Solution
    } else {
        Target::Exercise
    };
    let program = match prepare(
        &ctx.project,
        exercise,
        &target,
        &ctx.cwd,
        BuildOutput::Terminal,
    )? {
        Ok(program) => program,
        Err(_) => {
            eprintln!(
                "{}",
                tr(
                    ctx.lang,
                    "It does not compile yet: fix the errors above first.",
                    "代码还不能编译：请先修正上面的错误。"
                )
            );
            return Ok(Status::Failed);
        }
    };
    // stdout belongs to the program alone: our words go to stderr.
    eprintln!(
        "{}",
        tr(
            ctx.lang,
            "Running. Type one JSON message per line; Ctrl-D ends the input.",
            "运行中。每行输入一条 JSON 消息；Ctrl-D 结束输入。"
        )
    );
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

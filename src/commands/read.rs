//! `learn read <id>`: a section again, without changing progress.

use super::{Ctx, Status};
use anyhow::Result;

pub fn run(ctx: &Ctx, id: &str) -> Result<Status> {
    let (lesson, id) = ctx.section(id)?;
    print!("{}", super::next::section_text(ctx, &lesson.id, id)?);
    Ok(Status::Success)
}

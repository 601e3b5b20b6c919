//! `learn read <id>`: a section, again or ahead of `learn next`; either way
//! it counts as read, so `learn next` moves on past it.

use super::{Ctx, Status};
use crate::content::Step;
use anyhow::Result;

pub fn run(ctx: &Ctx, id: &str) -> Result<Status> {
    let (lesson, id) = ctx.section(id)?;
    out!("{}", super::next::section_text(ctx, &lesson.id, id)?)?;
    let key = Step::Reading(id.to_string()).progress_key(&lesson.id);
    if !ctx.progress.is_done(&key) {
        ctx.store.update(|progress| progress.done.insert(key))?;
    }
    Ok(Status::Success)
}

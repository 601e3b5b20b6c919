//! `learn glossary` and `learn recap`: the terms, and the quick review.

use super::{Ctx, Status};
use crate::content::glossary;
use anyhow::{Result, bail};
use colored::Colorize;

pub fn glossary(ctx: &Ctx, wanted: Option<&str>) -> Result<Status> {
    let lang = ctx.lang;
    let mut shown = 0;
    for lesson in &ctx.course.lessons {
        let path = lesson.dir.join("glossary.toml");
        if !path.is_file() {
            continue;
        }
        let terms =
            glossary::load(&path).map_err(|e| crate::content::error::ContentErrors(vec![e]))?;
        for term in terms {
            let matches = wanted.is_none_or(|w| {
                let w = w.to_lowercase();
                term.id == w
                    || term.term.en.to_lowercase().contains(&w)
                    || term.term.zh.contains(&w)
            });
            if !matches {
                continue;
            }
            shown += 1;
            outln!("{}", term.term.get(lang).bold())?;
            outln!("  {}", term.definition.get(lang))?;
            outln!(
                "  {} {}",
                crate::words::of(lang).in_plain_words().yellow(),
                term.analogy.get(lang)
            )?;
            outln!("  {}\n", format!("learn read {}", term.section).dimmed())?;
        }
    }
    if shown == 0 {
        match wanted {
            Some(w) => bail!("{}", crate::words::of(ctx.lang).no_term_matches(w)),
            None => bail!("{}", crate::words::of(ctx.lang).no_glossary()),
        }
    }
    Ok(Status::Success)
}

/// The current lesson's `recap` section (by convention, each lesson's
/// summary has that id; `learn read <lesson>/recap` shows another's).
pub fn recap(ctx: &Ctx) -> Result<Status> {
    let (lesson, id) = ctx.section("recap")?;
    out!("{}", super::next::section_text(ctx, &lesson.id, id)?)?;
    Ok(Status::Success)
}

//! `learn next`: the next unfinished step, with what to do and where.

use super::{Ctx, Status};
use crate::content::{Exercise, Lang, Step};
use crate::render::markdown;
use anyhow::{Context, Result};
use colored::Colorize;
use std::fs;

/// The next unfinished step of the course, or of the lesson `lesson` names
/// (a learner who knows the earlier lessons starts a later one there).
pub fn run(ctx: &mut Ctx, lesson: Option<&str>) -> Result<Status> {
    let lang = ctx.lang;
    let total = ctx.course.steps().count();
    if let Some(id) = lesson {
        ctx.lesson(id)?;
    }
    let found = ctx
        .course
        .keyed_steps()
        .enumerate()
        .filter(|(_, (step_lesson, _, _, _))| lesson.is_none_or(|id| step_lesson.id == id))
        .find(|(_, (_, _, _, key))| !ctx.progress.is_done(key))
        .map(|(index, (lesson, objective, step, key))| {
            let objective = match ctx.course.lessons.len() {
                1 => objective.title.get(lang).to_string(),
                _ => format!("{} · {}", lesson.title.get(lang), objective.title.get(lang)),
            };
            (index, objective, lesson.id.clone(), step.clone(), key)
        });
    let Some((index, objective, lesson, step, key)) = found else {
        if let Some(id) = lesson {
            let title = ctx.lesson(id)?.title.get(lang);
            outln!(
                "{}",
                crate::words::of(lang).lesson_done(title).green().bold()
            )?;
            return Ok(Status::Success);
        }
        let finished = match ctx.course.finished() {
            Some(text) => text.get(lang),
            None => crate::words::of(lang).all_steps_done(),
        };
        outln!("{}", finished.green().bold())?;
        return Ok(Status::Success);
    };
    let position = crate::words::of(lang).step_of(index + 1, total, &objective);
    outln!("{}", position.dimmed())?;
    if let Some(ahead) = done_ahead(ctx, index) {
        outln!("{}", ahead.dimmed())?;
    }
    match &step {
        Step::Reading(id) => {
            out!("{}", section_text(ctx, &lesson, id)?)?;
            ctx.mark_done(key)?;
            outln!()?;
            outln!("{}", crate::words::of(lang).next_step().dimmed())?;
        }
        Step::Exercise(id) => {
            let exercise = ctx.exercise(id)?;
            out!("{}", exercise_brief(ctx, exercise)?)?;
            if launched_by_cargo_run() {
                outln!("\n{}", cargo_run_tip(lang).dimmed())?;
            }
        }
        Step::Quiz(id) => out!("{}", super::quiz::brief(ctx, &lesson, id)?)?,
    }
    Ok(Status::Success)
}

/// Steps after `index` already done (an exercise solved by its id, a
/// section read by its id), said so the learner sees they count.
fn done_ahead(ctx: &Ctx, index: usize) -> Option<String> {
    let ahead = ctx
        .course
        .keyed_steps()
        .skip(index + 1)
        .filter(|(_, _, _, key)| ctx.progress.is_done(key))
        .count();
    let list = "learn list".green();
    (ahead > 0).then(|| crate::words::of(ctx.lang).done_ahead(ahead, &list.to_string()))
}

/// `cargo run -- next` (the README's Start) passes the package's name to the
/// program it runs; an installed `learn` sees no such variable.
fn launched_by_cargo_run() -> bool {
    std::env::var_os("CARGO_PKG_NAME").is_some_and(|name| name == env!("CARGO_PKG_NAME"))
}

/// The screens say `learn check`; through `cargo run` that is not yet a
/// command, so say the form that works here and how to get the short one.
fn cargo_run_tip(lang: Lang) -> &'static str {
    crate::words::of(lang).cargo_run_tip()
}

/// A lesson's reading section, rendered for the terminal.
pub fn section_text(ctx: &Ctx, lesson: &str, id: &str) -> Result<String> {
    let lesson = ctx
        .course
        .lesson(lesson)
        .with_context(|| format!("there is no lesson `{lesson}`"))?;
    let path = crate::content::model::section_file(&lesson.dir, id, ctx.lang);
    let text =
        fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    Ok(markdown::render(&text))
}

/// What to do for an exercise, and where.
pub fn exercise_brief(ctx: &Ctx, exercise: &Exercise) -> Result<String> {
    let lang = ctx.lang;
    let path = ctx.project.exercise_file(&exercise.file);
    let source =
        fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
    // Point at the first unfinished part, where the learner starts typing.
    let line = source
        .lines()
        .position(|l| l.contains("todo!(") && !l.trim_start().starts_with("//"))
        .map_or(1, |i| i + 1);
    let location = format!("{}:{line}", ctx.shown_path(&path));
    let title = crate::words::of(lang).exercise_title(
        exercise.number,
        &exercise.id,
        exercise.title.get(lang),
    );
    let mut out = format!(
        "{}\n\n{}\n\n",
        title.bold().underline(),
        markdown::render(exercise.task.get(lang)).trim_end()
    );
    let rows = [
        (
            crate::words::of(lang).edit_row(),
            location.cyan().to_string(),
        ),
        (
            crate::words::of(lang).check_row(),
            format!(
                "{}  {}",
                "learn check".green(),
                crate::words::of(lang).check_on_save().dimmed()
            ),
        ),
        (
            crate::words::of(lang).stuck_row(),
            format!("learn hint {}", exercise.id).green().to_string(),
        ),
        (
            crate::words::of(lang).try_it_row(),
            format!(
                "{}  {}",
                format!("learn run {}", exercise.id).green(),
                crate::words::of(lang).type_json_yourself().dimmed()
            ),
        ),
    ];
    for (label, value) in rows {
        let label = format!("{label}{}", crate::words::of(lang).label_colon());
        let pad = 8usize.saturating_sub(display_width(&label));
        out.push_str(&format!("  {label}{} {value}\n", " ".repeat(pad)));
    }
    Ok(out)
}

/// Columns a text takes in a terminal: CJK characters take two.
fn display_width(text: &str) -> usize {
    text.chars()
        .map(|c| if ('\u{1100}'..).contains(&c) { 2 } else { 1 })
        .sum()
}

/// What comes next in `learn next`'s order, as one line for after a solve:
/// how many readings and quizzes come before the next exercise.
pub fn after_solve(ctx: &Ctx) -> String {
    let lang = ctx.lang;
    let pending: Vec<&Step> = ctx
        .course
        .keyed_steps()
        .filter(|(_, _, _, key)| !ctx.progress.is_done(key))
        .map(|(_, _, step, _)| step)
        .collect();
    let Some(first) = pending.first() else {
        return crate::words::of(lang).all_steps_done().to_string();
    };
    let before: Vec<&&Step> = pending
        .iter()
        .take_while(|s| !matches!(s, Step::Exercise(_)))
        .collect();
    let readings = before
        .iter()
        .filter(|s| matches!(s, Step::Reading(_)))
        .count();
    let quizzes = before.len() - readings;
    let command = "learn next".green();
    let w = crate::words::of(lang);
    match first {
        Step::Exercise(id) => w.next_exercise(id, &command.to_string()),
        _ => w.next_first(&command.to_string(), readings, quizzes),
    }
}

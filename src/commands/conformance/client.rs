//! `learn conformance --client`: the suite plays its own scenario servers
//! and starts the client exercise against each (`conformance client
//! --command ...`), the server's URL its last argument; each check is read
//! back as in server mode.

use super::super::Ctx;
use crate::check::Target;
use crate::content::{Exercise, ExerciseKind};
use anyhow::{Result, anyhow, bail};

/// The client exercise to judge: the one named, else the `[client]` of the
/// learner's lesson (or the nearest lesson before it).
pub fn exercise<'a>(ctx: &'a Ctx, id: Option<&str>, target: &Target) -> Result<&'a Exercise> {
    let exercise = match id {
        Some(id) => ctx.exercise(id)?,
        None => {
            let lesson = ctx.current_lesson().map_or("", |l| l.id.as_str());
            ctx.course
                .lesson_client_exercise(lesson)
                .ok_or_else(|| anyhow!(crate::words::of(ctx.lang).no_client_exercise()))?
        }
    };
    if exercise.kind != ExerciseKind::McpClient && !matches!(target, Target::Command(_)) {
        bail!("{}", crate::words::of(ctx.lang).not_a_client(&exercise.id));
    }
    Ok(exercise)
}

/// The command line the suite starts (it splits it at spaces and adds the
/// server's URL): `--cmd` as given, else the built program's path.
pub fn command_line(ctx: &Ctx, exercise: &Exercise, target: &Target) -> Result<Option<String>> {
    if let Target::Command(line) = target {
        return Ok(Some(line.clone()));
    }
    let Some(program) = ctx.build_for_terminal(exercise, target)? else {
        return Ok(None);
    };
    let words: Vec<String> = program
        .argv
        .iter()
        .map(|word| word.to_string_lossy().into_owned())
        .collect();
    if let Some(word) = words.iter().find(|w| w.contains(char::is_whitespace)) {
        bail!(
            "{}",
            crate::words::of(ctx.lang).client_path_with_space(word)
        );
    }
    Ok(Some(words.join(" ")))
}

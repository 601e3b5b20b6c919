//! `learn check`: build and check an exercise, the reference, or any program.

use super::{Ctx, Status};
use crate::check::{CheckOptions, Target, check_program, prepare, random_seed};
use crate::content::section_facts;
use crate::judge::CheckResult;
use crate::render::feedback;
use crate::runner::Limits;
use crate::runner::build::BuildOutput;
use anyhow::Result;
use colored::Colorize;
use std::time::Duration;

/// What `learn check` asks for (from its flags), or `learn watch` on a save.
pub struct CheckRequest {
    /// The exercise; the current one when `None`.
    pub id: Option<String>,
    pub target: Target,
    /// A random one when `None`.
    pub seed: Option<u64>,
    /// How long each scenario may take.
    pub timeout: Duration,
    /// The verdict as one line of JSON.
    pub json: bool,
    /// Every failing scenario explained, not only the first three.
    pub full: bool,
}

/// `watching`: called by `learn watch`, which says itself what comes next.
pub fn run(ctx: &mut Ctx, args: &CheckRequest, watching: bool) -> Result<Status> {
    let target = args.target.clone();
    let exercise = ctx.exercise_or_current(args.id.as_deref())?;
    let exercise_id = exercise.id.clone();
    let seed = args.seed.unwrap_or_else(random_seed);
    let options = CheckOptions {
        seed,
        scenarios_at_once: crate::check::scenarios_at_once(),
        limits: Limits {
            timeout: args.timeout,
            ..Limits::default()
        },
        build_output: if args.json {
            BuildOutput::Captured
        } else {
            BuildOutput::Terminal
        },
    };
    let result = match prepare(
        &ctx.project,
        exercise,
        &target,
        &ctx.cwd,
        options.build_output,
    )? {
        Ok(program) => check_program(exercise, &program, &options),
        Err(output) => CheckResult::BuildFailed { output },
    };
    let shown = ctx.shown_target(exercise, &target);
    let lang = ctx.lang;
    // Only a failure points at a section, so only then are they read.
    let read_more = if result.passed() {
        Default::default()
    } else {
        section_facts::read_more(&ctx.course, &exercise_id)
    };
    if args.json {
        // The messages are text for scripts: `check_json` makes them plain.
        let messages = if args.full {
            feedback::JsonMessages::Full(&read_more)
        } else {
            feedback::JsonMessages::Clipped
        };
        // One line: scripts read it, and a flood's verdict stays small.
        let verdict = feedback::check_json(exercise, &result, seed, lang, &messages);
        outln!("{}", serde_json::to_string(&verdict)?)?;
    } else {
        out!(
            "{}",
            feedback::check_report(exercise, &shown, &result, &read_more, seed, args.full, lang)
        )?;
    }
    if !result.passed() {
        return Ok(Status::Failed);
    }
    if matches!(target, Target::Exercise) {
        let key = crate::content::model::exercise_key(&exercise_id);
        let first_time = !ctx.progress.is_done(&key);
        ctx.mark_done(key)?;
        if first_time && !args.json {
            let star = "★".yellow().to_string();
            let solved = crate::words::of(lang).solved(&star, &exercise_id);
            if watching {
                outln!("{solved}")?;
            } else {
                outln!("{solved} {}", super::next::after_solve(ctx))?;
            }
        }
    } else if !args.json {
        outln!("{}", crate::words::of(lang).progress_unchanged().dimmed())?;
    }
    Ok(Status::Success)
}

//! `learn serve`: a server exercise (or any `--cmd`) as a Streamable HTTP
//! server, until Ctrl-C.

use super::{Ctx, Status};
use crate::check::Target;
use crate::cli::ServeArgs;
use crate::content::model::ExerciseKind;
use crate::runner::Program;
use crate::serve::{Allowed, Bridge, Options};
use anyhow::{Result, bail};
use std::io::Write;
use std::time::Duration;

pub fn run(ctx: &Ctx, args: ServeArgs) -> Result<Status> {
    let target = super::target(&args.target);
    let Some(program) = program_for(ctx, args.id.as_deref(), &target, "serve")? else {
        return Ok(Status::Failed);
    };
    let bridge = Bridge::bind(
        program,
        Options {
            addr: args.http,
            timeout: Duration::from_secs_f64(args.timeout),
            max_body: args.max_body,
            allowed: Allowed {
                hosts: args.allow_host,
                origins: args.allow_origin,
            },
            log: true,
        },
    )?;
    let url = bridge.url();
    // The URL alone on stdout, first, so a script can read it.
    outln!("{url}")?;
    let _ = crate::commands::out::stdout().flush();
    errln!("{}", crate::words::of(ctx.lang).serving(&url.to_string()));
    bridge.spawn();
    loop {
        std::thread::park();
    }
}

/// The built server program for `learn serve` and `learn conformance`, or
/// `None` when it does not compile (cargo has said why).
pub fn program_for(
    ctx: &Ctx,
    id: Option<&str>,
    target: &Target,
    command: &str,
) -> Result<Option<Program>> {
    let exercise = ctx.exercise_or_lesson_server(id)?;
    if exercise.kind != ExerciseKind::Server && !matches!(target, Target::Command(_)) {
        let example = ctx.server_example();
        bail!(
            "{}",
            crate::words::of(ctx.lang).not_a_server(command, example)
        );
    }
    let built = ctx.build_for_terminal(exercise, target)?;
    if built.is_none() {
        errln!("{}", crate::words::of(ctx.lang).nothing_served());
    }
    Ok(built)
}

//! `learn serve`: a server exercise (or any `--cmd`) as a Streamable HTTP
//! server, until Ctrl-C.

use super::{Ctx, Status};
use crate::check::Target;
use crate::content::model::ExerciseKind;
use crate::runner::Program;
use crate::serve::{Allowed, Bridge, Options};
use anyhow::{Result, bail};
use std::io::Write;
use std::time::Duration;

/// What `learn serve` is asked to serve, and how.
pub struct ServeRequest {
    /// The exercise named (id or number), else the lesson's server.
    pub id: Option<String>,
    pub target: Target,
    /// The address to listen on (`127.0.0.1:0` picks a free port).
    pub http: String,
    /// How long the program may take to answer one request.
    pub timeout: Duration,
    /// The largest POST body accepted, in bytes.
    pub max_body: usize,
    /// Hosts and browser origins accepted besides the local ones.
    pub allowed: Allowed,
}

pub fn run(ctx: &Ctx, request: ServeRequest) -> Result<Status> {
    let Some(program) = program_for(ctx, request.id.as_deref(), &request.target, "serve")? else {
        return Ok(Status::Failed);
    };
    let bridge = Bridge::bind(
        program,
        Options {
            addr: request.http,
            timeout: request.timeout,
            max_body: request.max_body,
            allowed: request.allowed,
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

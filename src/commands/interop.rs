//! `learn interop`: the official MCP Python SDK, as a real client, drives a
//! server exercise over stdio (`referees::sdk`), and each step is shown as
//! the SDK saw it.
//!
//! This file picks the exercise, builds it and words what the SDK reports:
//! the lesson's steps bring their own titles (`interop.toml`), and
//! `interop/words.rs` names the driver's own connect step and each mode.
//! When Python or the SDK is missing, the learner is told how to install
//! them.

mod words;

use super::{Ctx, Status};
use crate::check::Target;
use crate::content::Lang;
use crate::content::interop::{CONNECT, Interop};
use crate::content::model::{Exercise, ExerciseKind};
use crate::referees::sdk::{self, Event, StepEnd, Unusable};
use anyhow::{Result, anyhow, bail};
use colored::Colorize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What `learn interop` is asked to drive, and with which Python.
pub struct InteropRequest {
    /// The exercise named (id or number), else the one the first lesson's
    /// SDK steps are written for.
    pub id: Option<String>,
    pub target: Target,
    /// The Python given (`--python`, `LEARN_PYTHON`), else the course's own.
    pub python: Option<PathBuf>,
    /// How long each step may take.
    pub timeout: Duration,
}

pub fn run(ctx: &Ctx, request: &InteropRequest) -> Result<Status> {
    let target = &request.target;
    let lang = ctx.lang;
    let exercise = interop_exercise(ctx, request.id.as_deref())?;
    let interop = ctx
        .course
        .interop_for(&exercise.id)
        .ok_or_else(|| anyhow!(crate::words::of(lang).no_sdk_steps()))?;
    if exercise.kind != ExerciseKind::Server && !matches!(target, Target::Command(_)) {
        let example = ctx.server_example();
        bail!("{}", crate::words::of(lang).interop_needs_server(example));
    }
    let python = sdk::find_python(&ctx.project.root, request.python.as_deref());
    let version = sdk::probe(&python).map_err(|why| unusable(ctx, &python, &why))?;
    let Some(program) = ctx.build_for_terminal(exercise, target)? else {
        return Ok(Status::Failed);
    };
    let shown = ctx.shown_target(exercise, target);
    outln!(
        "{}",
        crate::words::of(lang)
            .sdk_drives(&version.to_string(), &shown)
            .bold()
    )?;
    let plan = sdk::plan(interop, crate::check::random_seed());
    let mut shown_steps = Steps {
        interop,
        lang,
        mode: String::new(),
        passed: 0,
        total: 0,
    };
    let status = sdk::drive(&python, &program, request.timeout, &plan, &mut |event| {
        shown_steps.show(event)
    })?;
    let Steps { passed, total, .. } = shown_steps;
    if total == 0 {
        bail!("{} ({status})", crate::words::of(lang).driver_stopped());
    }
    let summary = crate::words::of(lang).steps_passed(passed, total);
    // A driver that stopped early printed fewer steps: only its own "all
    // passed" exit counts.
    if status.success() && passed == total {
        outln!("{}", summary.green().bold())?;
        Ok(Status::Success)
    } else {
        outln!("{}", summary.red().bold())?;
        Ok(Status::Failed)
    }
}

/// The exercise named, else the one the first lesson's SDK steps are
/// written for.
fn interop_exercise<'a>(ctx: &'a Ctx, id: Option<&str>) -> Result<&'a Exercise> {
    match id {
        Some(id) => ctx.exercise(id),
        None => ctx
            .course
            .interop_exercise()
            .ok_or_else(|| anyhow!(crate::words::of(ctx.lang).no_sdk_steps_name_one())),
    }
}

/// Why the SDK cannot be used, with the commands that install it.
fn unusable(ctx: &Ctx, python: &Path, why: &Unusable) -> anyhow::Error {
    let venv = ctx.shown_path(&ctx.project.root.join(sdk::VENV));
    let pip = if cfg!(windows) {
        format!("{venv}\\Scripts\\pip")
    } else {
        format!("{venv}/bin/pip")
    };
    let version = sdk::sdk_version();
    let steps = format!("    python3 -m venv {venv}\n    {pip} install \"mcp=={version}\"");
    let python = python.display().to_string();
    let w = crate::words::of(ctx.lang);
    anyhow!(match why {
        Unusable::NoPython(why) => w.no_python(&python, why, &steps),
        Unusable::NoSdk { detail, status } => {
            let why = detail
                .clone()
                .unwrap_or_else(|| format!("{python} exited with {status}"));
            w.no_sdk(&python, &why, &steps)
        }
    })
}

/// The steps shown so far, each as it ends, under its mode's heading.
struct Steps<'a> {
    interop: &'a Interop,
    lang: Lang,
    /// The mode whose heading was shown last.
    mode: String,
    passed: usize,
    total: usize,
}

impl Steps<'_> {
    fn show(&mut self, event: Event) -> Result<()> {
        let lang = self.lang;
        let (mode, step, end) = match event {
            Event::Other(line) => {
                outln!("{line}")?;
                return Ok(());
            }
            Event::Step { mode, step, end } => (mode, step, end),
        };
        if mode != self.mode {
            outln!("  {}", words::mode(&mode, lang).cyan())?;
            self.mode.clone_from(&mode);
        }
        self.total += 1;
        let lesson_step = self.interop.step(&step);
        let title = match lesson_step {
            Some(s) => s.title.get(lang).to_string(),
            None if step == CONNECT => words::connect_title(&mode, lang).to_string(),
            None => step.clone(),
        };
        let w = crate::words::of(lang);
        match end {
            StepEnd::Passed(saw) => {
                self.passed += 1;
                outln!("    {} {title}", "✓".green())?;
                outln!("        {}", saw.dimmed())?;
            }
            StepEnd::NotTried => {
                outln!("    {} {title}", "✗".red().bold())?;
                outln!("        {}", w.not_tried().dimmed())?;
            }
            StepEnd::Failed(saw) => {
                outln!("    {} {title}", "✗".red().bold())?;
                outln!("        {}{saw}", w.sdk_saw().red())?;
                let needed = match lesson_step {
                    Some(s) => s.needed.get(lang),
                    None => words::connect_needed(lang),
                };
                outln!("        {}{needed}", w.needed().dimmed())?;
            }
        }
        Ok(())
    }
}

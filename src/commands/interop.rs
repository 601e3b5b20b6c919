//! `learn interop`: the official MCP Python SDK, as a real client, drives a
//! server exercise over stdio, and each step is shown as the SDK saw it.
//!
//! The steps are the lesson's (`interop.toml`): this module fills in their
//! `${vars}` for each connection and hands them to the driver, which knows
//! no lesson. The driver script is part of the program (handed to Python
//! with `-c`), so nothing outside the course is needed but Python and the
//! SDK; when either is missing, the learner is told how to install them.

mod words;

use super::{Ctx, Status};
use crate::check::Target;
use crate::content::Lang;
use crate::content::interop::{CONNECT, Interop};
use crate::content::model::{Exercise, ExerciseKind};
use crate::content::template::{SeededRng, bind};
use crate::runner::Program;
use anyhow::{Context, Result, anyhow, bail};
use colored::Colorize;
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// The driver; tests/it/interop.rs runs the same file.
const DRIVER: &str = include_str!("interop/driver.py");

/// The SDK release these steps were written against, as pinned in
/// `conformance/versions.env` (which `.ci/setup` installs).
pub fn sdk_version() -> String {
    super::conformance::suite::pins().sdk
}

/// Where the course keeps its own virtual environment for the SDK.
const VENV: &str = "target/interop-venv";

/// The SDK's connection modes, one connection each: `auto` probes
/// `server/discover` first; a version string adopts that version outright.
const MODES: [&str; 2] = ["auto", "2026-07-28"];

/// What the driver runs: for each mode, the lesson's steps with their
/// `${vars}` drawn from `seed` (a connection's own draws, so no server can
/// know them in advance).
pub fn plan(interop: &Interop, seed: u64) -> Value {
    let mut rng = SeededRng::new(seed);
    let connections: Vec<Value> = MODES
        .iter()
        .map(|mode| {
            let bindings = bind(&interop.vars, &mut rng);
            let steps: Vec<Value> = interop.steps.iter().map(|s| s.filled(&bindings)).collect();
            serde_json::json!({ "mode": mode, "steps": steps })
        })
        .collect();
    Value::Array(connections)
}

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
    let python = find_python(ctx, request.python.as_deref());
    let sdk = probe(ctx, &python)?;
    let Some(program) = ctx.build_for_terminal(exercise, target)? else {
        return Ok(Status::Failed);
    };
    let shown = ctx.shown_target(exercise, target);
    outln!(
        "{}",
        crate::words::of(lang)
            .sdk_drives(&sdk.to_string(), &shown)
            .bold()
    )?;
    let plan = plan(interop, crate::check::random_seed());
    let (passed, total, driver_ok) =
        drive(&python, &program, request.timeout, &plan, interop, lang)?;
    let summary = crate::words::of(lang).steps_passed(passed, total);
    // A driver that stopped early printed fewer steps: only its own "all
    // passed" exit counts.
    if driver_ok && passed == total {
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

/// `--python` (or `LEARN_PYTHON`), else the course's own venv, else `python3`.
fn find_python(ctx: &Ctx, given: Option<&Path>) -> PathBuf {
    if let Some(path) = given {
        return path.to_path_buf();
    }
    let venv = ctx.project.root.join(VENV);
    let inside = if cfg!(windows) {
        venv.join("Scripts").join("python.exe")
    } else {
        venv.join("bin").join("python")
    };
    if inside.exists() {
        return inside;
    }
    PathBuf::from(if cfg!(windows) { "python" } else { "python3" })
}

/// The SDK version the driver finds, or an error that says how to install.
fn probe(ctx: &Ctx, python: &Path) -> Result<String> {
    let output = Command::new(python)
        .args(["-c", DRIVER, "--probe"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output();
    let output = match output {
        Ok(output) => output,
        Err(error) => return Err(anyhow!(no_python(ctx, python, &error.to_string()))),
    };
    let first: Value = String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|line| serde_json::from_str(line).ok())
        .unwrap_or(Value::Null);
    if let Some(version) = first["sdk"].as_str() {
        return Ok(version.to_string());
    }
    let detail = first["detail"].as_str().map_or_else(
        || format!("{} exited with {}", python.display(), output.status),
        str::to_string,
    );
    Err(anyhow!(no_sdk(ctx, python, &detail)))
}

/// The commands that make the course's venv with the pinned SDK in it.
fn install_steps(ctx: &Ctx) -> String {
    let venv = ctx.shown_path(&ctx.project.root.join(VENV));
    let pip = if cfg!(windows) {
        format!("{venv}\\Scripts\\pip")
    } else {
        format!("{venv}/bin/pip")
    };
    let version = sdk_version();
    format!("    python3 -m venv {venv}\n    {pip} install \"mcp=={version}\"")
}

fn no_python(ctx: &Ctx, python: &Path, why: &str) -> String {
    let python = python.display().to_string();
    crate::words::of(ctx.lang).no_python(&python, why, &install_steps(ctx))
}

fn no_sdk(ctx: &Ctx, python: &Path, why: &str) -> String {
    let python = python.display().to_string();
    crate::words::of(ctx.lang).no_sdk(&python, why, &install_steps(ctx))
}

/// Runs the driver against `program`, printing each step as it ends.
/// Returns (steps passed, steps run, whether the driver said all passed).
fn drive(
    python: &Path,
    program: &Program,
    timeout: Duration,
    plan: &Value,
    interop: &Interop,
    lang: Lang,
) -> Result<(usize, usize, bool)> {
    let mut command = Command::new(python);
    command
        .args([
            "-c",
            DRIVER,
            "--timeout",
            &timeout.as_secs_f64().to_string(),
        ])
        .arg("--plan")
        .arg(plan.to_string())
        .arg("--cwd")
        .arg(&program.cwd)
        .arg("--")
        .args(&program.argv)
        .stdin(Stdio::null())
        .stdout(Stdio::piped());
    let mut child = command
        .spawn()
        .with_context(|| format!("cannot start {}", python.display()))?;
    let stdout = child.stdout.take().context("the driver's output")?;
    let (mut passed, mut total) = (0, 0);
    let mut current_mode = String::new();
    for line in BufReader::new(stdout).lines() {
        let line = line.context("reading the driver's output")?;
        let Ok(event) = serde_json::from_str::<Value>(&line) else {
            outln!("{line}")?;
            continue;
        };
        let (Some(mode), Some(step)) = (event["mode"].as_str(), event["step"].as_str()) else {
            continue;
        };
        if mode != current_mode {
            outln!("  {}", words::mode(mode, lang).cyan())?;
            current_mode = mode.to_string();
        }
        total += 1;
        let saw = event["saw"].as_str().unwrap_or_default();
        let lesson_step = interop.step(step);
        let title = match lesson_step {
            Some(s) => s.title.get(lang).to_string(),
            None if step == CONNECT => words::connect_title(mode, lang).to_string(),
            None => step.to_string(),
        };
        if event["passed"] == true {
            passed += 1;
            outln!("    {} {title}", "✓".green())?;
            outln!("        {}", saw.dimmed())?;
        } else if event["tried"] == false {
            outln!("    {} {title}", "✗".red().bold())?;
            outln!("        {}", crate::words::of(lang).not_tried().dimmed())?;
        } else {
            outln!("    {} {title}", "✗".red().bold())?;
            outln!("        {}{saw}", crate::words::of(lang).sdk_saw().red())?;
            outln!(
                "        {}{}",
                crate::words::of(lang).needed().dimmed(),
                match lesson_step {
                    Some(s) => s.needed.get(lang),
                    None => words::connect_needed(lang),
                }
            )?;
        }
    }
    let status = child.wait().context("waiting for the driver")?;
    if total == 0 {
        bail!("{} ({status})", crate::words::of(lang).driver_stopped());
    }
    Ok((passed, total, status.success()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::interop::InteropStep;
    use crate::content::template::{Generator, VarSpec};

    #[test]
    fn the_plan_fills_each_connections_own_draws_and_no_words() {
        let step: InteropStep = toml::from_str(
            "id = \"add\"\ntitle = { en = \"t\", zh = \"t\" }\nneeded = { en = \"n\", zh = \"n\" }\ncall = \"add\"\narguments = { a = \"${a}\" }\nresult = \"ok\"\ntext_number = \"${a}\"\n",
        )
        .expect("a step");
        let interop = Interop {
            file: "interop.toml".into(),
            exercise: "capstone".into(),
            vars: [(
                "a".to_string(),
                VarSpec::Random {
                    random: Generator::Int,
                },
            )]
            .into(),
            steps: vec![step],
        };
        let plan = plan(&interop, 7);
        assert_eq!(plan.as_array().map(Vec::len), Some(MODES.len()));
        let drawn: Vec<&Value> = MODES
            .iter()
            .enumerate()
            .map(|(i, mode)| {
                assert_eq!(plan[i]["mode"], *mode);
                let step = &plan[i]["steps"][0];
                assert_eq!(step["text_number"], step["arguments"]["a"]);
                assert!(step.get("title").is_none() && step.get("needed").is_none());
                &step["arguments"]["a"]
            })
            .collect();
        assert!(drawn[0].is_u64() && drawn[0] != drawn[1], "{drawn:?}");
        assert_eq!(
            plan,
            super::plan(&interop, 7),
            "the same seed, the same plan"
        );
    }
}

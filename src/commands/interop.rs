//! `learn interop`: the official MCP Python SDK, as a real client, drives a
//! server exercise over stdio, and each step is shown as the SDK saw it.
//!
//! The driver script is part of the program (handed to Python with `-c`),
//! so nothing outside the course is needed but Python and the SDK; when
//! either is missing, the learner is told how to install them.

mod words;

use super::{Ctx, Status};
use crate::check::Target;
use crate::cli::InteropArgs;
use crate::content::Lang;
use crate::content::model::ExerciseKind;
use crate::content::text::tr;
use crate::runner::Program;
use anyhow::{Context, Result, anyhow, bail};
use colored::Colorize;
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The driver; tests/it/interop.rs runs the same file.
const DRIVER: &str = include_str!("interop/driver.py");

/// The SDK release these steps were written against; `.ci/run` pins the same.
pub const MCP_SDK_VERSION: &str = "2.3.0";

/// Where the course keeps its own virtual environment for the SDK.
const VENV: &str = "target/interop-venv";

pub fn run(ctx: &Ctx, args: &InteropArgs) -> Result<Status> {
    let target = super::target(&args.target);
    let lang = ctx.lang;
    let exercise = ctx.exercise_or_server(args.id.as_deref())?;
    if exercise.kind != ExerciseKind::Server && !matches!(target, Target::Command(_)) {
        let example = ctx.server_example();
        bail!(
            "{}",
            match lang {
                Lang::En => format!(
                    "`learn interop` drives a server; name a server exercise, such as `{example}`."
                ),
                Lang::Zh => format!(
                    "`learn interop` 驱动的是服务器；请指定一个服务器练习，例如 `{example}`。"
                ),
            }
        );
    }
    let python = find_python(ctx, args.python.as_deref());
    let sdk = probe(ctx, &python)?;
    let Some(program) = ctx.build_for_terminal(exercise, &target)? else {
        return Ok(Status::Failed);
    };
    let shown = ctx.shown_target(exercise, &target);
    println!(
        "{}",
        match lang {
            Lang::En =>
                format!("The official MCP Python SDK (mcp {sdk}) drives {shown} over stdio:"),
            Lang::Zh => format!("官方 MCP Python SDK（mcp {sdk}）通过 stdio 驱动 {shown}："),
        }
        .bold()
    );
    let (passed, total, driver_ok) = drive(&python, &program, args.timeout, lang)?;
    let summary = match lang {
        Lang::En => format!("{passed} of {total} steps passed."),
        Lang::Zh => format!("{total} 个步骤中通过了 {passed} 个。"),
    };
    // A driver that stopped early printed fewer steps: only its own "all
    // passed" exit counts.
    if driver_ok && passed == total {
        println!("{}", summary.green().bold());
        Ok(Status::Success)
    } else {
        println!("{}", summary.red().bold());
        Ok(Status::Failed)
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
    format!("    python3 -m venv {venv}\n    {pip} install \"mcp=={MCP_SDK_VERSION}\"")
}

fn no_python(ctx: &Ctx, python: &Path, why: &str) -> String {
    let python = python.display();
    match ctx.lang {
        Lang::En => format!(
            "`learn interop` needs Python 3.10 or newer, and `{python}` cannot be started ({why}).\n\
             Install Python (Debian or Ubuntu: `sudo apt-get install python3 python3-venv`; \
             otherwise from python.org), then install the official MCP SDK:\n{}\n\
             `learn interop` finds that environment by itself (or give `--python PATH`).",
            install_steps(ctx)
        ),
        Lang::Zh => format!(
            "`learn interop` 需要 Python 3.10 或更新版本，但无法启动 `{python}`（{why}）。\n\
             请先安装 Python（Debian 或 Ubuntu：`sudo apt-get install python3 python3-venv`；\
             其他系统请到 python.org 下载），再安装官方 MCP SDK：\n{}\n\
             `learn interop` 会自动找到这个环境（也可以用 `--python PATH` 指定）。",
            install_steps(ctx)
        ),
    }
}

fn no_sdk(ctx: &Ctx, python: &Path, why: &str) -> String {
    let python = python.display();
    match ctx.lang {
        Lang::En => format!(
            "the official MCP Python SDK (mcp 2.x) is not usable from `{python}` ({why}).\n\
             Install it in the course's own virtual environment (Python 3.10 or newer):\n{}\n\
             `learn interop` finds that environment by itself (or give `--python PATH`). \
             On Debian or Ubuntu, `python3 -m venv` needs `sudo apt-get install python3-venv`.",
            install_steps(ctx)
        ),
        Lang::Zh => format!(
            "无法通过 `{python}` 使用官方 MCP Python SDK（mcp 2.x）（{why}）。\n\
             请把它装进课程自己的虚拟环境（需要 Python 3.10 或更新版本）：\n{}\n\
             `learn interop` 会自动找到这个环境（也可以用 `--python PATH` 指定）。\
             在 Debian 或 Ubuntu 上，`python3 -m venv` 需要先 `sudo apt-get install python3-venv`。",
            install_steps(ctx)
        ),
    }
}

/// Runs the driver against `program`, printing each step as it ends.
/// Returns (steps passed, steps run, whether the driver said all passed).
fn drive(
    python: &Path,
    program: &Program,
    timeout: f64,
    lang: Lang,
) -> Result<(usize, usize, bool)> {
    let mut command = Command::new(python);
    command
        .args(["-c", DRIVER, "--timeout", &timeout.to_string(), "--cwd"])
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
            println!("{line}");
            continue;
        };
        let (Some(mode), Some(step)) = (event["mode"].as_str(), event["step"].as_str()) else {
            continue;
        };
        if mode != current_mode {
            println!("  {}", words::mode(mode, lang).cyan());
            current_mode = mode.to_string();
        }
        total += 1;
        let saw = event["saw"].as_str().unwrap_or_default();
        let title = words::title(step, mode, lang);
        if event["passed"] == true {
            passed += 1;
            println!("    {} {title}", "✓".green());
            println!("        {}", saw.dimmed());
        } else if event["tried"] == false {
            println!("    {} {title}", "✗".red().bold());
            println!(
                "        {}",
                tr(lang, "not tried: no connection", "未执行：没有连接").dimmed()
            );
        } else {
            println!("    {} {title}", "✗".red().bold());
            println!(
                "        {}{saw}",
                tr(lang, "the SDK saw: ", "SDK 看到：").red()
            );
            println!(
                "        {}{}",
                tr(lang, "needed: ", "需要：").dimmed(),
                words::needed(step, lang)
            );
        }
    }
    let status = child.wait().context("waiting for the driver")?;
    if total == 0 {
        bail!(
            "{} ({status})",
            tr(
                lang,
                "the SDK driver stopped before any step; its messages are above",
                "SDK 驱动脚本在第一步之前就停止了；它的信息见上方"
            )
        );
    }
    Ok((passed, total, status.success()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The step names on the driver's `STEPS = [...]` line.
    fn driver_steps() -> Vec<String> {
        let line = DRIVER
            .lines()
            .find(|line| line.starts_with("STEPS = ["))
            .expect("the driver lists its steps");
        line.split('"')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn every_step_of_the_driver_has_words_in_both_languages() {
        let steps = driver_steps();
        assert_eq!(steps.len(), 7, "{steps:?}");
        for step in &steps {
            for lang in [Lang::En, Lang::Zh] {
                for mode in ["auto", "2026-07-28"] {
                    assert_ne!(words::title(step, mode, lang), *step, "{step} has no title");
                }
                assert!(!words::needed(step, lang).is_empty(), "{step} needs words");
            }
        }
    }
}

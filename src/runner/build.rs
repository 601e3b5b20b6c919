//! Building one exercise program with cargo, and only that one, and not at
//! all when nothing it is built from has changed (see `stamp`).

mod stamp;

use crate::content::project::Project;
use anyhow::{Context, Result};
use stamp::Stamp;
use std::ffi::OsStr;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Where cargo's messages go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildOutput {
    /// Straight to the terminal, coloured as cargo prints them.
    Terminal,
    /// Kept, to be reported (for `--json`, grading, tests).
    Captured,
}

#[derive(Debug)]
pub enum Built {
    Program(PathBuf),
    /// The code did not compile; `output` holds cargo's messages when captured.
    Failed {
        output: String,
    },
}

/// Builds the Cargo bin target `bin` of the exercises package.
pub fn build_bin(project: &Project, bin: &str, output: BuildOutput) -> Result<Built> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    build_with(
        &cargo,
        &project.root,
        &project.exercise_target_dir(),
        bin,
        output,
    )
}

fn build_with(
    cargo: &OsStr,
    root: &Path,
    target_dir: &Path,
    bin: &str,
    output: BuildOutput,
) -> Result<Built> {
    let program = target_dir
        .join("debug")
        .join(format!("{bin}{}", std::env::consts::EXE_SUFFIX));
    let stamp = Stamp::new(root, bin, &program);
    if stamp.is_fresh() {
        return Ok(Built::Program(program));
    }
    let before = stamp.before_build();
    let mut command = Command::new(cargo);
    command
        .current_dir(root)
        .args([
            "build",
            "--quiet",
            "--package",
            "learn-exercises",
            "--bin",
            bin,
            "--target-dir",
        ])
        .arg(target_dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        // Kept even when shown, to know whether cargo said anything.
        .stderr(Stdio::piped());
    match output {
        BuildOutput::Captured => {
            command.args(["--color", "never"]);
        }
        // Cargo sees a pipe, not the terminal, so it is told to colour.
        BuildOutput::Terminal if terminal_wants_colour() => {
            command.args(["--color", "always"]);
        }
        BuildOutput::Terminal => {}
    }
    let mut child = command.spawn().with_context(|| {
        format!(
            "could not start cargo ({}) to build `{bin}`",
            PathBuf::from(cargo).display()
        )
    })?;
    let mut said = Vec::new();
    if let Some(mut pipe) = child.stderr.take() {
        let mut buf = [0u8; 8192];
        loop {
            match pipe.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    if output == BuildOutput::Terminal {
                        let mut terminal = std::io::stderr().lock();
                        let _ = terminal.write_all(&buf[..n]);
                        let _ = terminal.flush();
                    }
                    said.extend_from_slice(&buf[..n]);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
    }
    let status = child
        .wait()
        .with_context(|| format!("cargo did not finish building `{bin}`"))?;
    if status.success() {
        // A build that printed warnings is not stamped: the next check goes
        // through cargo, which shows them again.
        if said.is_empty() {
            stamp.after_build(&before);
        }
        Ok(Built::Program(program))
    } else {
        Ok(Built::Failed {
            // Shown already when it went to the terminal.
            output: match output {
                BuildOutput::Captured => String::from_utf8_lossy(&said).into_owned(),
                BuildOutput::Terminal => String::new(),
            },
        })
    }
}

/// Whether cargo would colour its messages if it wrote to our stderr itself.
fn terminal_wants_colour() -> bool {
    std::io::stderr().is_terminal()
        && std::env::var_os("CARGO_TERM_COLOR").is_none()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

#[cfg(test)]
mod tests;

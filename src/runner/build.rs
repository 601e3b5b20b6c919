//! Building one exercise program with cargo, and only that one.

use crate::content::project::Project;
use anyhow::{Context, Result};
use std::path::PathBuf;
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
    let target_dir = project.exercise_target_dir();
    let mut command = Command::new(&cargo);
    command
        .current_dir(&project.root)
        .args([
            "build",
            "--quiet",
            "--package",
            "learn-exercises",
            "--bin",
            bin,
            "--target-dir",
        ])
        .arg(&target_dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null());
    if output == BuildOutput::Captured {
        command.args(["--color", "never"]).stderr(Stdio::piped());
    }
    let result = command.output().with_context(|| {
        format!(
            "could not start cargo ({}) to build `{bin}`",
            PathBuf::from(&cargo).display()
        )
    })?;
    if result.status.success() {
        let exe = target_dir
            .join("debug")
            .join(format!("{bin}{}", std::env::consts::EXE_SUFFIX));
        Ok(Built::Program(exe))
    } else {
        Ok(Built::Failed {
            output: String::from_utf8_lossy(&result.stderr).into_owned(),
        })
    }
}

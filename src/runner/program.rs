//! What to start: a built exercise, a reference solution, or any `--cmd`.

use super::sandbox::Sandbox;
use anyhow::{Context, Result, bail};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

/// Which environment a learner's program sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnvPolicy {
    /// The learner's own environment (checking on their machine).
    Inherit,
    /// Only `PATH` (grading untrusted code).
    Cleared,
}

#[derive(Clone, Debug)]
pub struct Program {
    pub argv: Vec<OsString>,
    pub cwd: PathBuf,
    pub env: EnvPolicy,
    /// How the program is named to the learner.
    pub display: String,
    /// Run inside this sandbox (grading): `argv` and `cwd` are then paths
    /// as the sandbox sees them.
    pub sandbox: Option<Arc<Sandbox>>,
}

impl Program {
    pub fn executable(path: &Path, cwd: &Path) -> Program {
        Program {
            argv: vec![path.as_os_str().to_owned()],
            cwd: cwd.to_path_buf(),
            env: EnvPolicy::Inherit,
            display: path.display().to_string(),
            sandbox: None,
        }
    }

    /// Splits a command line the way a POSIX shell would (quotes, escapes),
    /// without running a shell.
    pub fn from_command_line(line: &str, cwd: &Path) -> Result<Program> {
        let words = shlex::split(line)
            .with_context(|| format!("cannot split --cmd {line:?}: check its quotes"))?;
        if words.is_empty() {
            bail!(
                "--cmd is empty: give the command that starts your program, e.g. --cmd \"python3 server.py\""
            );
        }
        Ok(Program {
            argv: words.into_iter().map(OsString::from).collect(),
            cwd: cwd.to_path_buf(),
            env: EnvPolicy::Inherit,
            display: line.to_string(),
            sandbox: None,
        })
    }
}

impl Program {
    /// The command that starts it: the program itself, in its folder and
    /// with its environment, or the sandbox that runs it.
    pub fn command(&self) -> Result<Command, String> {
        if let Some(sandbox) = &self.sandbox {
            return sandbox.command(&self.argv);
        }
        let (first, rest) = self.argv.split_first().ok_or("empty command")?;
        let mut command = Command::new(first);
        command.args(rest).current_dir(&self.cwd);
        if self.env == EnvPolicy::Cleared {
            command.env_clear();
            if let Some(path) = std::env::var_os("PATH") {
                command.env("PATH", path);
            }
        }
        Ok(command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_respects_quotes() {
        let p =
            Program::from_command_line("python3 'my server.py' --flag", Path::new("/")).unwrap();
        assert_eq!(p.argv, ["python3", "my server.py", "--flag"]);
    }

    #[test]
    fn bad_quotes_and_empty_are_errors() {
        assert!(Program::from_command_line("python3 'open", Path::new("/")).is_err());
        assert!(Program::from_command_line("   ", Path::new("/")).is_err());
    }
}

//! What `target/grade/bin` keeps between gradings, named by the SHA-256 of
//! what a program is built from (compiler, flags, dependencies, file name
//! and text): the program and its own hash; the compiler's errors when they
//! are the file's own; or that the file did not finish compiling within a
//! build limit, and which, so a compile-time loop costs its time once and
//! not at every grading. Grading again, or grading one more student,
//! compiles only what is new.

use super::build::{BuiltProgram, Source};
use super::hash::{sha256_file, sha256_hex};
use anyhow::{Context, Result};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub struct Cache {
    /// `target/grade/bin`.
    pub dir: PathBuf,
    /// The toolchain's fingerprint: part of every key.
    pub fingerprint: String,
}

/// What an earlier grading found for a file.
pub enum Kept {
    Program(BuiltProgram),
    Errors(String),
    /// It did not finish within a build limit of this many seconds.
    TimedOut {
        limit_seconds: u64,
    },
}

impl Cache {
    pub fn key(&self, source: &Source) -> String {
        sha256_hex(
            format!(
                "{}\n{}\n{}\n{}",
                self.fingerprint,
                source.file,
                source.text.len(),
                source.text
            )
            .as_bytes(),
        )
    }

    fn path(&self, key: &str, suffix: &str) -> PathBuf {
        self.dir.join(format!("{key}{suffix}"))
    }

    /// What is kept for `key`; a timeout only when it was found with a build
    /// limit at least as long as `limit` (a longer limit tries again).
    pub fn get(&self, key: &str, limit: Duration) -> Option<Kept> {
        let program = self.path(key, "");
        if let (true, Ok(sha256)) = (
            program.is_file(),
            fs::read_to_string(self.path(key, ".sha256")),
        ) {
            return Some(Kept::Program(BuiltProgram {
                path: program,
                sha256: sha256.trim().to_string(),
            }));
        }
        if let Ok(errors) = fs::read_to_string(self.path(key, ".errors")) {
            return Some(Kept::Errors(errors));
        }
        let seconds: u64 = fs::read_to_string(self.path(key, ".timeout"))
            .ok()?
            .trim()
            .parse()
            .ok()?;
        (seconds >= limit.as_secs()).then_some(Kept::TimedOut {
            limit_seconds: seconds,
        })
    }

    /// Moves a built program in, with its hash beside it.
    pub fn keep_program(&self, key: &str, produced: &Path) -> Result<BuiltProgram> {
        let path = self.path(key, "");
        let sha256 = sha256_file(produced).context("cannot hash the built program")?;
        fs::rename(produced, &path).context("cannot keep the built program")?;
        fs::write(self.path(key, ".sha256"), &sha256)
            .context("cannot record the program's hash")?;
        Ok(BuiltProgram { path, sha256 })
    }

    /// The compiler's errors, when they are the file's own.
    pub fn keep_errors(&self, key: &str, messages: &str) {
        let _ = fs::write(self.path(key, ".errors"), messages);
    }

    pub fn keep_timeout(&self, key: &str, limit: Duration) {
        let _ = fs::write(self.path(key, ".timeout"), limit.as_secs().to_string());
    }
}

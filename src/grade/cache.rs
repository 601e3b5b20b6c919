//! What `target/grade/bin` keeps between gradings, named by the SHA-256 of
//! what a program is built from (compiler, flags, dependencies, file name
//! and text): the program and its own hash; the compiler's errors when they
//! are the file's own; or that the file did not finish compiling within a
//! build limit, and which, so a compile-time loop costs its time once and
//! not at every grading. Grading again, or grading one more student,
//! compiles only what is new.
//!
//! What is kept is capped (`--cache-limit`): before building and after
//! checking, the entries used least recently go until the rest fit; a
//! program over `MAX_PROGRAM` is neither kept nor run.

use super::build::{BuiltProgram, Source};
use super::hash::{sha256_file, sha256_hex};
use anyhow::{Context, Result};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// The largest program a student's file may build: an honest exercise
/// program is about 1.5 MiB; a compile may write up to 256 MiB.
pub const MAX_PROGRAM: u64 = 32 << 20;

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
            used_now(&self.path(key, ".sha256"));
            return Some(Kept::Program(BuiltProgram {
                path: program,
                sha256: sha256.trim().to_string(),
            }));
        }
        if let Ok(errors) = fs::read_to_string(self.path(key, ".errors")) {
            used_now(&self.path(key, ".errors"));
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
        fs::rename(produced, &path)
            .with_context(|| format!("cannot keep the built program in {}", self.dir.display()))?;
        fs::write(self.path(key, ".sha256"), &sha256).with_context(|| {
            format!("cannot record the program's hash in {}", self.dir.display())
        })?;
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

/// Marks a kept entry as used (its time is what `trim` goes by).
fn used_now(file: &Path) {
    let _ = fs::File::options()
        .append(true)
        .open(file)
        .and_then(|f| f.set_modified(SystemTime::now()));
}

/// Removes the entries of `dir` (a program with its hash, errors, a
/// timeout: the files named `<key>` and `<key>.*`) used least recently,
/// until the rest hold at most `limit` bytes. What cannot be removed stays
/// (a later grading tries again).
pub fn trim(dir: &Path, limit: u64) {
    let mut entries: BTreeMap<String, (SystemTime, u64)> = BTreeMap::new();
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(key) = name.split('.').next() else {
            continue;
        };
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        let time = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        let kept = entries
            .entry(key.to_string())
            .or_insert((SystemTime::UNIX_EPOCH, 0));
        kept.0 = kept.0.max(time);
        kept.1 += meta.len();
    }
    let mut total: u64 = entries.values().map(|(_, bytes)| bytes).sum();
    let mut oldest: Vec<(SystemTime, String, u64)> = entries
        .into_iter()
        .map(|(key, (time, bytes))| (time, key, bytes))
        .collect();
    oldest.sort();
    for (_, key, bytes) in oldest {
        if total <= limit {
            break;
        }
        for suffix in ["", ".sha256", ".errors", ".timeout"] {
            let _ = fs::remove_file(dir.join(format!("{key}{suffix}")));
        }
        total = total.saturating_sub(bytes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trim_removes_the_entries_used_least_recently_until_the_rest_fit() {
        let dir = tempfile::tempdir().expect("temp dir");
        let now = SystemTime::now();
        for (key, age) in [("old", 30), ("mid", 20), ("new", 10)] {
            for (suffix, bytes) in [("", 90), (".sha256", 10)] {
                let path = dir.path().join(format!("{key}{suffix}"));
                fs::write(&path, vec![0u8; bytes]).expect("write");
                let file = fs::File::options().append(true).open(&path).expect("open");
                file.set_modified(now - Duration::from_secs(age))
                    .expect("set the time");
            }
        }
        // Using "old" makes it the newest.
        used_now(&dir.path().join("old.sha256"));
        trim(dir.path(), 250);
        let mut left: Vec<String> = fs::read_dir(dir.path())
            .expect("read")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["new", "new.sha256", "old", "old.sha256"]);
        trim(dir.path(), 100);
        assert!(!dir.path().join("new").exists() && dir.path().join("old").exists());
    }
}

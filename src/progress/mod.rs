//! The learner's progress: which steps are done and how many hints they have
//! seen. Stored in a git-ignored TOML file in the project.
//!
//! Writes are atomic (a temporary file renamed over the old one) and made
//! under a lock, so `learn watch` and `learn check` running at once cannot
//! lose each other's updates. A file that cannot be read is set aside under
//! a timestamped name, reported, and replaced; it never stops the learner.

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

pub const FORMAT_VERSION: u32 = 1;

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    format_version: u32,
    /// Step keys (`exercise:<id>`, `reading:<id>`) that are done.
    #[serde(default)]
    pub done: BTreeSet<String>,
    /// How many hints of each exercise have been shown.
    #[serde(default)]
    pub hints: BTreeMap<String, usize>,
    /// The latest answer to each quiz question, by question id: `true` when
    /// it was right. Added within format 1: older files simply lack it.
    #[serde(default)]
    pub quizzes: BTreeMap<String, bool>,
}

/// What happened when the progress file was read.
#[derive(Debug, PartialEq)]
pub enum Loaded {
    Fine,
    /// No file yet: a fresh start.
    Missing,
    /// Unreadable; it was moved to `kept_as` and progress starts empty.
    SetAside {
        reason: String,
        kept_as: PathBuf,
    },
}

pub struct ProgressStore {
    path: PathBuf,
}

impl ProgressStore {
    pub fn new(path: PathBuf) -> Self {
        ProgressStore { path }
    }

    pub fn load(&self) -> (Progress, Loaded) {
        let text = match fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return (Progress::fresh(), Loaded::Missing);
            }
            Err(e) => return self.set_aside(format!("cannot read it: {e}")),
        };
        match toml::from_str::<Progress>(&text) {
            Ok(progress) if progress.format_version == FORMAT_VERSION => (progress, Loaded::Fine),
            Ok(progress) => self.set_aside(format!(
                "it has format_version {}, and this learn reads {FORMAT_VERSION}",
                progress.format_version
            )),
            Err(e) => self.set_aside(format!("it is not valid: {}", e.message().trim())),
        }
    }

    fn set_aside(&self, reason: String) -> (Progress, Loaded) {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let kept_as = self.path.with_extension(format!("{stamp}.bak"));
        let kept_as = match fs::rename(&self.path, &kept_as) {
            Ok(()) => kept_as,
            Err(_) => self.path.clone(),
        };
        (Progress::fresh(), Loaded::SetAside { reason, kept_as })
    }

    /// Reads, changes and writes the progress under the lock.
    pub fn update<T>(&self, change: impl FnOnce(&mut Progress) -> T) -> Result<T> {
        let lock_path = self.path.with_extension("lock");
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .with_context(|| format!("cannot open {}", lock_path.display()))?;
        lock.lock()
            .with_context(|| format!("cannot lock {}", lock_path.display()))?;
        let (mut progress, _) = self.load();
        let out = change(&mut progress);
        write_atomically(&self.path, &progress)?;
        Ok(out)
    }
}

impl Progress {
    pub fn fresh() -> Self {
        Progress {
            format_version: FORMAT_VERSION,
            ..Progress::default()
        }
    }

    pub fn is_done(&self, key: &str) -> bool {
        self.done.contains(key)
    }

    /// Renames the done keys that `renamed` maps to a new key (an older
    /// file's keys, from before lessons were namespaces); true when any
    /// changed.
    pub fn rename_keys(&mut self, renamed: &BTreeMap<String, String>) -> bool {
        let old: Vec<String> = self
            .done
            .iter()
            .filter(|key| renamed.contains_key(*key))
            .cloned()
            .collect();
        for key in &old {
            self.done.remove(key);
            self.done.insert(renamed[key].clone());
        }
        !old.is_empty()
    }
}

fn write_atomically(path: &Path, progress: &Progress) -> Result<()> {
    let text = toml::to_string(progress).context("cannot encode progress")?;
    let temp = path.with_extension("tmp");
    let write = || -> std::io::Result<()> {
        let mut file = File::create(&temp)?;
        file.write_all(
            b"# Your progress in the lesson, written by `learn`. Safe to delete to start over.\n",
        )?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        fs::rename(&temp, path)
    };
    write().with_context(|| format!("cannot save progress to {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_recovers_from_garbage() {
        let dir = tempfile::tempdir().unwrap();
        let store = ProgressStore::new(dir.path().join("p.toml"));
        assert_eq!(store.load().1, Loaded::Missing);
        store
            .update(|p| p.done.insert("exercise:id-echo".into()))
            .unwrap();
        let (progress, loaded) = store.load();
        assert_eq!(loaded, Loaded::Fine);
        assert!(progress.is_done("exercise:id-echo"));

        fs::write(dir.path().join("p.toml"), "done = [1, 2").unwrap();
        let (progress, loaded) = store.load();
        assert!(progress.done.is_empty());
        let Loaded::SetAside { kept_as, .. } = loaded else {
            panic!("{loaded:?}")
        };
        assert_eq!(fs::read_to_string(kept_as).unwrap(), "done = [1, 2");
    }

    #[test]
    fn renames_only_the_mapped_keys() {
        let mut progress = Progress::fresh();
        progress.done.insert("reading:intro".into());
        progress.done.insert("exercise:id-echo".into());
        let renamed =
            BTreeMap::from([("reading:intro".to_string(), "reading:l1/intro".to_string())]);
        assert!(progress.rename_keys(&renamed));
        assert!(progress.is_done("reading:l1/intro"));
        assert!(!progress.is_done("reading:intro"));
        assert!(progress.is_done("exercise:id-echo"));
        assert!(!progress.rename_keys(&renamed), "nothing left to rename");
    }

    #[test]
    fn future_version_is_set_aside_not_misread() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("p.toml");
        fs::write(&path, "format_version = 9\n").unwrap();
        let (_, loaded) = ProgressStore::new(path).load();
        assert!(
            matches!(loaded, Loaded::SetAside { reason, .. } if reason.contains("format_version 9"))
        );
    }
}

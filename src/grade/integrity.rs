//! The grader's side of grading, kept honest: its files are hashed before
//! and after (the report names the hashes, and a change stops the run), and
//! one grading at a time uses `target/grade`.

use super::hash::sha256_tree;
use anyhow::{Context, Result};
use std::fs::{self, File};
use std::path::Path;

/// (what, SHA-256) of every part of the grader that decides a grade.
pub type GraderFiles = Vec<(String, Option<String>)>;

pub fn grader_files(root: &Path, hidden: Option<&Path>) -> GraderFiles {
    let mut files: GraderFiles = ["lessons", "harness", "exercises/Cargo.toml", "Cargo.lock"]
        .iter()
        .map(|part| (part.to_string(), sha256_tree(&root.join(part))))
        .collect();
    if let Some(dir) = hidden {
        files.push(("hidden scenarios".into(), sha256_tree(dir)));
    }
    files
}

/// The parts whose hash differs.
pub fn changed(before: &GraderFiles, after: &GraderFiles) -> Vec<String> {
    before
        .iter()
        .zip(after)
        .filter(|(a, b)| a != b)
        .map(|(a, _)| a.0.clone())
        .collect()
}

/// Locks `target/grade` against another grading until dropped.
pub fn lock(grade_dir: &Path) -> Result<File> {
    fs::create_dir_all(grade_dir)
        .with_context(|| format!("cannot create {}", grade_dir.display()))?;
    let lock = File::create(grade_dir.join("grading.lock"))
        .context("cannot create the grading lock file")?;
    lock.lock()
        .context("cannot lock target/grade against another grading")?;
    Ok(lock)
}

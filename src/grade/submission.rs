//! Submissions: folders holding a student's `exercises/`. Only the files the
//! grader's lesson data names are taken, and only when they are plain files
//! inside the submission: a symbolic link could point at the grader's own
//! files (hidden scenarios, say) and show them back in a compiler message.
//! What a file does while it compiles is the sandbox's business (`build`).

use anyhow::{Result, bail};
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The largest exercise or answers file taken (bytes): larger ones are refused.
pub const MAX_FILE: u64 = 256 * 1024;

#[derive(Clone, Debug)]
pub struct Submission {
    /// How reports name it: the folder's name, or the path as given when
    /// two folders share a name.
    pub name: String,
    /// The folder, resolved.
    pub dir: PathBuf,
}

/// Resolves and names the submission folders. A path that is not a folder
/// is an error (a typo should not grade as zero).
pub fn collect(paths: &[PathBuf]) -> Result<Vec<Submission>> {
    if paths.is_empty() {
        bail!("name at least one submission folder (a student's copy, holding `exercises/`)");
    }
    let mut found = Vec::new();
    let mut seen = BTreeSet::new();
    for path in paths {
        let Ok(dir) = fs::canonicalize(path) else {
            bail!("submission {} does not exist", path.display());
        };
        if !dir.is_dir() {
            bail!("submission {} is not a folder", path.display());
        }
        if !seen.insert(dir.clone()) {
            bail!("submission {} is given twice", path.display());
        }
        let base = dir.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        found.push((path, dir, base));
    }
    let names: Vec<&String> = found.iter().map(|(_, _, base)| base).collect();
    Ok(found
        .iter()
        .map(|(path, dir, base)| {
            let shared = names.iter().filter(|n| **n == base).count() > 1;
            let given = path.display().to_string();
            let name = if shared {
                given.trim_end_matches('/').to_string()
            } else {
                base.clone()
            };
            Submission {
                name,
                dir: dir.clone(),
            }
        })
        .collect())
}

/// Reads a file of the submission at `relative` (e.g. `exercises/02_id-echo.rs`),
/// or says why it is not taken.
pub fn read_file(submission: &Submission, relative: &Path) -> Result<String, String> {
    let path = submission.dir.join(relative);
    let shown = relative.display();
    let meta = match fs::symlink_metadata(&path) {
        Ok(meta) => meta,
        Err(_) => return Err(format!("{shown} is missing")),
    };
    if meta.file_type().is_symlink() {
        return Err(format!(
            "{shown} is a symbolic link; only plain files are graded"
        ));
    }
    if !meta.is_file() {
        return Err(format!("{shown} is not a plain file"));
    }
    // A linked parent folder would lead outside the submission too.
    match fs::canonicalize(&path) {
        Ok(real) if real.starts_with(&submission.dir) => {}
        _ => return Err(format!("{shown} lies outside the submission folder")),
    }
    if meta.len() > MAX_FILE {
        return Err(format!("{shown} is larger than {} KiB", MAX_FILE / 1024));
    }
    fs::read_to_string(&path).map_err(|e| format!("{shown} cannot be read: {e}"))
}

/// Takes one exercise file.
pub fn take_exercise(submission: &Submission, file: &str) -> Result<String, String> {
    read_file(submission, &Path::new("exercises").join(file))
}

/// The commit a Git checkout is at, read from `.git` without running Git
/// (a student's `.git/config` could make Git run their commands).
pub fn commit(submission: &Submission) -> Option<String> {
    let git = submission.dir.join(".git");
    let head = fs::read_to_string(git.join("HEAD")).ok()?;
    let head = head.trim();
    let hash = match head.strip_prefix("ref: ") {
        None => head.to_string(),
        Some(name) => {
            if name.contains("..") || !name.starts_with("refs/") {
                return None;
            }
            match fs::read_to_string(git.join(name)) {
                Ok(text) => text.trim().to_string(),
                Err(_) => fs::read_to_string(git.join("packed-refs"))
                    .ok()?
                    .lines()
                    .find_map(|line| {
                        let (hash, refname) = line.split_once(' ')?;
                        (refname == name).then(|| hash.to_string())
                    })?,
            }
        }
    };
    let valid = matches!(hash.len(), 40 | 64) && hash.chars().all(|c| c.is_ascii_hexdigit());
    valid.then_some(hash)
}

//! Finding the project folder: the one holding `lessons/` and `exercises/`.

use anyhow::{Result, bail};
use std::path::{Path, PathBuf};

/// The learner's copy of the course.
#[derive(Clone, Debug)]
pub struct Project {
    pub root: PathBuf,
}

impl Project {
    /// Uses `explicit` if given, else walks up from `start` to the first
    /// folder with both `lessons/` and `exercises/`.
    pub fn locate(explicit: Option<&Path>, start: &Path) -> Result<Project> {
        if let Some(root) = explicit {
            if !root.join("lessons").is_dir() {
                bail!(
                    "{} has no `lessons/` folder, so it is not a learn project",
                    root.display()
                );
            }
            return Ok(Project {
                root: root.to_path_buf(),
            });
        }
        for dir in start.ancestors() {
            if dir.join("lessons").is_dir() && dir.join("exercises").is_dir() {
                return Ok(Project {
                    root: dir.to_path_buf(),
                });
            }
        }
        bail!(
            "no learn project here: run learn inside the course folder (the one with `lessons/` and `exercises/`), or pass --root <dir>"
        )
    }

    pub fn exercise_file(&self, file: &str) -> PathBuf {
        self.root.join("exercises").join(file)
    }

    pub fn solution_file(&self, file: &str) -> PathBuf {
        self.root.join("solutions").join(file)
    }

    /// Where learner programs are built: apart from the runner's own target
    /// folder, so building an exercise never waits on a lock `cargo run` holds.
    pub fn exercise_target_dir(&self) -> PathBuf {
        self.root.join("target").join("exercises")
    }

    pub fn progress_file(&self) -> PathBuf {
        self.root.join(".learn-progress.toml")
    }
}

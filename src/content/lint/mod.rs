//! Lints for lesson authors, run by `learn dev check` (never by a learner's
//! command: a lint is about how a lesson is written, not whether it works):
//! - `parity`: the English and the Chinese of every text keep the same code
//!   spans, error codes, list items and code blocks;
//! - `terms`: no word a `terms.zh.toml` marks as replaced comes back;
//! - `order`: the opening and the closing hold readings only, and a quiz is
//!   the last step of its objective.
//!
//! Each finding is a [`ContentError`] with its file and line.

mod order;
pub mod parity;
pub mod terms;

use super::Course;
use super::error::ContentError;
use std::path::{Path, PathBuf};

/// Every lint finding in the course, lesson by lesson.
pub fn lint(course: &Course) -> Vec<ContentError> {
    let mut errors = Vec::new();
    for lesson in &course.lessons {
        order::check_lesson(lesson, &mut errors);
        parity::check_lesson(&lesson.dir, &mut errors);
    }
    terms::check_course(course, &mut errors);
    errors
}

/// Every file under `dir` whose extension is `ext`, sorted.
pub(crate) fn lesson_files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == ext) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

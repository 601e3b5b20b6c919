//! Reading `lessons/` from disk into a validated [`Course`].
//!
//! Layout of one lesson folder:
//!   lesson.toml                 objectives and their steps, shared vars,
//!                               and an optional opening and closing
//!   sections/{en,zh}/<id>.md    reading text
//!   exercises/<id>.toml         an exercise: task, hints, scenarios
//!   conformance.toml            the conformance suite's checks: the
//!                               sections that teach them, and what the
//!                               `[server]` exercise may fail
//!   interop.toml                the steps the official SDK runs against
//!                               the lesson's server in `learn interop`
//! Lessons are taken in folder-name order. Nothing here runs a program.
//!
//! One job a file: `toml_file` reads a TOML file and its `format_version`,
//! `file_check` collects a file's errors, `lesson` reads `lesson.toml`,
//! `facts` reads `facts.toml`, `conformance` and `interop` read their files,
//! `exercise` an exercise file, `scenario` its scenarios (`exit` a
//! scenario's exit status), `vars` checks
//! `[vars]`, `extra` reads a file of extra scenarios, and `unique` checks
//! what must be unique across lessons.

use super::error::{ContentError, ContentErrors};
use super::model::Course;
use std::fs;
use std::path::{Path, PathBuf};

mod conformance;
mod every;
mod exercise;
mod exit;
mod extra;
mod facts;
mod file_check;
mod interop;
mod lesson;
mod order;
mod scenario;
mod toml_file;
mod unique;
mod vars;

pub use conformance::{CONFORMANCE_FILE, read_expected_failures};
pub use extra::{ExtraScenarios, load_extra_scenarios};
pub use interop::INTEROP_FILE;
pub use toml_file::FORMAT_VERSION;
pub(crate) use toml_file::read_toml;

/// Reads every lesson under `root/lessons`, checking all of it. `root` is the
/// project folder (it also holds `exercises/` and `solutions/`).
pub fn load_course(root: &Path) -> Result<Course, ContentErrors> {
    let lessons_dir = root.join("lessons");
    let mut errors = Vec::new();
    let mut dirs: Vec<PathBuf> = match fs::read_dir(&lessons_dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.join("lesson.toml").is_file())
            .collect(),
        Err(e) => {
            return Err(ContentErrors(vec![ContentError {
                file: lessons_dir,
                line: None,
                message: format!("cannot read the lessons folder: {e}"),
            }]));
        }
    };
    dirs.sort();
    if dirs.is_empty() {
        errors.push(ContentError {
            file: lessons_dir,
            line: None,
            message: "no lesson here: a lesson is a folder holding a `lesson.toml`".into(),
        });
    }
    let mut lessons = Vec::new();
    for dir in dirs {
        if let Some(lesson) = lesson::load_lesson(root, &dir, &mut errors) {
            lessons.push(lesson);
        }
    }
    unique::check_unique_across_lessons(root, &lessons, &mut errors);
    // Errors name files as the author sees them in the project.
    for error in &mut errors {
        error.file = relative(root, &error.file).to_path_buf();
    }
    if errors.is_empty() {
        Ok(Course {
            root: root.to_path_buf(),
            lessons,
        })
    } else {
        Err(ContentErrors(errors))
    }
}

pub(super) fn relative<'a>(root: &Path, path: &'a Path) -> &'a Path {
    path.strip_prefix(root).unwrap_or(path)
}

/// Whether `text` is a fact id: `F` and digits (`F7`).
pub fn is_fact_id(text: &str) -> bool {
    text.strip_prefix('F')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

//! `learn dev`: the tools for people who write lessons.

use clap::Subcommand;
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
pub enum DevCommand {
    /// Validate a course folder: every lesson, section, exercise, scenario and quiz
    ///
    /// Reports every problem with its file and line; exit 2 when there is any.
    ///
    /// Also checks what follows from the lessons: exercise numbers (1, 2, 3
    /// ... in lesson order), file names (`NN_<id>.rs`), the bins in
    /// `exercises/Cargo.toml` and `.github/classroom/autograding.json`, and
    /// each lesson's `programs/cases.toml` (its programs exist, its exercises
    /// and scenarios are the lesson's, its seeds are sane).
    Check {
        /// The course folder (holding `lessons/`) [default: the current course]
        dir: Option<PathBuf>,

        /// Also build and play every exercise as shipped (each must fail every
        /// scenario) and every solution (each must pass), on three seeds
        #[arg(long)]
        run: bool,
    },

    /// Write the bins in `exercises/Cargo.toml` and
    /// `.github/classroom/autograding.json` from the lessons
    ///
    /// Run it after adding, renaming or renumbering an exercise; the package
    /// header of `exercises/Cargo.toml` is kept as written. A new exercise's
    /// file in `exercises/` is copied from the lesson's own copy (beside its
    /// TOML file); a file already there is never touched.
    Update {
        /// The course folder (holding `lessons/`) [default: the current course]
        dir: Option<PathBuf>,
    },

    /// Show where each fact is taught (sections) and checked (scenarios, quiz questions)
    ///
    /// Prints the Markdown table kept as `lessons/<lesson>/COVERAGE.md`; exit 1
    /// when a fact has no section in both languages, or no scenario or question.
    /// Each lesson has its own facts and its own table.
    Coverage {
        /// Only this lesson's table (a lesson id) [default: every lesson's, in order]
        #[arg(long)]
        lesson: Option<String>,
    },
}

//! What `learn grade` is asked to do, as `app.rs` builds it from the flags.

use std::path::PathBuf;
use std::time::Duration;

/// A report's format (`--format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
    Gradescope,
    Junit,
    Csv,
    Html,
}

/// What `learn grade` is asked to do: grade submissions, merge reports, or
/// clean what grading keeps.
pub struct GradeRequest {
    /// Submission folders (with `merge`: JSON reports).
    pub submissions: Vec<PathBuf>,
    pub merge: bool,
    /// One student's exercise whose full transcript is shown.
    pub show: Option<(String, String)>,
    /// Only these exercises (ids or numbers) are graded.
    pub exercises: Vec<String>,
    pub clean: bool,
    pub formats: Vec<Format>,
    /// The report's file (or folder, for several formats).
    pub out: Option<PathBuf>,
    /// Build jobs and programs checked at once (the CPUs when `None`).
    pub jobs: Option<usize>,
    /// How long each scenario may take.
    pub timeout: Duration,
    /// The run's seed (random when `None`).
    pub seed: Option<u64>,
    /// A folder of hidden scenarios.
    pub scenarios: Option<PathBuf>,
    /// Each submission's quiz answers file, inside it.
    pub quiz: Option<PathBuf>,
    /// How long all of one student's files may take to compile.
    pub build_limit: Duration,
    /// How long all of one student's scenarios may take together.
    pub student_budget: Option<Duration>,
    /// Bytes of built programs kept between gradings.
    pub cache_limit: u64,
    /// Bytes all of one student's processes may hold at once.
    pub memory_limit: u64,
    pub unsandboxed: bool,
    pub reveal_hidden: bool,
}

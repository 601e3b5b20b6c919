//! Grading a class: each submission's exercise files (and nothing else of
//! theirs) compiled one by one against the grader's harness, then checked
//! with the grader's scenarios. Untrusted code all the way: every compile
//! and every program runs in a sandbox of its own (`runner::sandbox`), with
//! resource limits, timeouts and output caps; each program's hash is
//! checked before it runs; the grader's own files are hashed before and
//! after, and nothing is reported until every sandbox has ended.
//!
//!   submission → toolchain → build → run → model → report
//!
//! Front end: `commands::grade`.

pub mod build;
pub mod cache;
pub mod compile;
pub mod confine;
pub mod figures;
pub mod hash;
pub mod hidden;
pub mod integrity;
pub mod linker;
pub mod memory;
pub mod merge;
pub mod model;
mod phases;
pub mod progress;
pub mod quiz;
pub mod report;
pub mod run;
pub mod secrets;
pub mod submission;
pub mod toolchain;

use crate::content::project::Project;
use crate::content::{Course, Exercise};
use anyhow::{Result, bail};
use build::{BuildPlan, Isolation};
use model::{Gradebook, Timing};
use progress::Bar;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use submission::Submission;

pub struct GradeOptions {
    pub seed: u64,
    /// Students compiled at once, and programs checked at once.
    pub jobs: usize,
    /// Time for each scenario.
    pub timeout: Duration,
    /// Wall-clock time for compiling all of one student's files.
    pub build_limit: Duration,
    /// Bytes all of one student's processes may hold at once (`memory`).
    pub memory_limit: u64,
    /// Each submission's quiz answers file, inside the submission.
    pub quiz: Option<PathBuf>,
    /// How a quiz reply that cannot be read is said in the report: the
    /// front end's words, in the teacher's language.
    pub unclear_reply: Box<dyn Fn(&crate::quiz::grade::Unclear) -> String + Send + Sync>,
    pub isolation: Isolation,
    /// The hidden scenarios' folder, hashed into the report.
    pub hidden_dir: Option<PathBuf>,
    /// (exercise id, scenario name) of every hidden scenario.
    pub hidden: BTreeSet<(String, String)>,
    /// Show hidden scenarios in full in the reports.
    pub reveal_hidden: bool,
    /// Wall-clock time all of one student's scenarios may take
    /// (`--student-budget`); `None`: `run::default_budget`.
    pub student_budget: Option<Duration>,
    /// Bytes `target/grade/bin` may keep between gradings (`--cache-limit`).
    pub cache_limit: u64,
}

/// Grades every submission against `course` (the grader's, already holding
/// any hidden scenarios). Fails only when the grader's side cannot work.
/// The phases in their order: take the files, confine and build, check,
/// make sure the grader is as it was, assemble the gradebook.
pub fn grade_class(
    project: &Project,
    course: &Course,
    submissions: &[Submission],
    options: &GradeOptions,
    bar: &Bar,
) -> Result<Gradebook> {
    // By number, as the files are named (`NN_<id>.rs`).
    let mut exercises: Vec<&Exercise> = course.exercises().collect();
    exercises.sort_by_key(|e| e.number);
    let quizzes = match options.quiz {
        Some(_) => crate::quiz::load::load_all(course)?,
        None => Vec::new(),
    };
    let grader_before = integrity::grader_files(&project.root, options.hidden_dir.as_deref());
    let taken = phases::take_all(&project.root, submissions, &exercises);
    let grade_dir = project.root.join("target").join("grade");
    let _lock = integrity::lock(&grade_dir)?;
    cache::trim(&grade_dir.join("bin"), options.cache_limit);

    let build_started = Instant::now();
    let toolchain = toolchain::prepare(&project.root, &grade_dir, options.jobs)?;
    let confinement = phases::confine(project, &toolchain, &grade_dir, submissions, options)?;
    let memory = phases::watch_memory(confinement.as_ref(), submissions.len(), options);
    let students = phases::sources(&taken, &exercises);
    let plan = BuildPlan {
        toolchain: &toolchain,
        grade_dir: &grade_dir,
        confinement: confinement.as_ref(),
        limit: options.build_limit,
        jobs: options.jobs,
    };
    let mut built = phases::build(&plan, &students, bar)?;
    let build_seconds = build_started.elapsed().as_secs_f64();

    let tasks = phases::tasks(
        &built,
        &exercises,
        confinement.as_ref(),
        &grade_dir,
        options,
    )?;
    let check_started = Instant::now();
    let results = phases::check(
        &tasks,
        &exercises,
        &grade_dir,
        submissions.len(),
        options,
        bar,
    );
    let over_memory = phases::all_ended(&results, memory)?;
    cache::trim(&grade_dir.join("bin"), options.cache_limit);
    let timing = Timing {
        programs: students.iter().map(Vec::len).sum(),
        build_seconds,
        checked: tasks.len(),
        check_seconds: check_started.elapsed().as_secs_f64(),
        sandbox_failures: phases::sandbox_failures(&results),
    };
    let grader_after = integrity::grader_files(&project.root, options.hidden_dir.as_deref());
    if grader_after != grader_before {
        bail!(
            "the grader's own files changed while grading ({}); no report was written",
            integrity::changed(&grader_before, &grader_after).join(", ")
        );
    }
    let ran = phases::by_student(&tasks, results, submissions.len(), exercises.len());
    let class = phases::Class {
        course,
        exercises: &exercises,
        taken: &taken,
        quizzes: &quizzes,
        options,
    };
    let graded = phases::graded(&class, submissions, ran, &mut built, &over_memory);
    Ok(Gradebook {
        seed: options.seed,
        hidden_inputs: phases::hidden_inputs(&graded, &options.hidden),
        submissions: graded,
        timing,
        grader: grader_after,
        sandboxed: options.isolation == Isolation::Sandboxed,
        hidden: options.hidden.clone(),
        reveal_hidden: options.reveal_hidden,
    })
}

//! Grading a class: each submission's exercise files (and nothing else of
//! theirs) built in one scratch workspace against the grader's harness, then
//! checked with the grader's scenarios. Untrusted code all the way: cleared
//! environments, a scratch working folder, timeouts and output caps.
//!
//!   submission → workspace → build → run → model → report
//!
//! Front end: `commands::grade`.

pub mod build;
pub mod guard;
pub mod hidden;
pub mod model;
pub mod progress;
pub mod quiz;
pub mod report;
pub mod run;
pub mod submission;
pub mod workspace;

use crate::check::CheckOptions;
use crate::content::project::Project;
use crate::content::{Course, Exercise, Lang};
use crate::runner::build::BuildOutput;
use crate::runner::{EnvPolicy, Limits, Program};
use anyhow::Result;
use model::{ExerciseGrade, ExerciseOutcome, Gradebook, SubmissionGrade, Timing};
use progress::Bar;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use submission::{Submission, take_exercise};

pub struct GradeOptions {
    pub seed: u64,
    /// Cargo's build jobs, and programs checked at once.
    pub jobs: usize,
    /// Time for each scenario.
    pub timeout: Duration,
    /// Each submission's quiz answers file, inside the submission.
    pub quiz: Option<PathBuf>,
    pub lang: Lang,
}

/// Grades every submission against `course` (the grader's, already holding
/// any hidden scenarios). Fails only when the grader's side cannot work.
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
    let taken: Vec<Vec<Result<String, String>>> = submissions
        .iter()
        .map(|s| {
            exercises
                .iter()
                .map(|e| take_exercise(s, &e.file))
                .collect()
        })
        .collect();
    let sources: Vec<Vec<Option<String>>> = taken
        .iter()
        .map(|row| row.iter().map(|r| r.as_ref().ok().cloned()).collect())
        .collect();
    let names: Vec<String> = submissions.iter().map(|s| s.name.clone()).collect();
    let workspace = workspace::prepare(project, &names, &exercises, &sources)?;

    let build_started = Instant::now();
    bar.start("building", workspace.bins.len());
    let mut built = build::build_class(&workspace, options.jobs, bar)?;
    bar.finish();

    let mut tasks: Vec<run::Task> = workspace
        .bins
        .iter()
        .filter_map(|(bin, &(s, e))| {
            let exe = built.programs.get(bin)?;
            Some(run::Task {
                submission: s,
                exercise: e,
                program: Program {
                    argv: vec![exe.clone().into_os_string()],
                    cwd: workspace.run_dir(s),
                    env: EnvPolicy::Cleared,
                    display: format!("exercises/{}", exercises[e].file),
                },
            })
        })
        .collect();
    tasks.sort_by_key(|t| (t.submission, t.exercise));
    let check_options = CheckOptions {
        seed: options.seed,
        limits: Limits {
            timeout: options.timeout,
            ..Limits::default()
        },
        build_output: BuildOutput::Captured,
    };
    let build_seconds = build_started.elapsed().as_secs_f64();
    let check_started = Instant::now();
    bar.start("checking", submissions.len());
    let results = run::check_all(
        &tasks,
        &exercises,
        submissions.len(),
        options.jobs,
        &check_options,
        bar,
    );
    bar.finish();
    let timing = Timing {
        programs: workspace.bins.len(),
        build_seconds,
        checked: tasks.len(),
        check_seconds: check_started.elapsed().as_secs_f64(),
    };

    let mut ran: Vec<Vec<Option<Vec<_>>>> = vec![vec![None; exercises.len()]; submissions.len()];
    for (task, scenarios) in tasks.iter().zip(results) {
        ran[task.submission][task.exercise] = Some(scenarios);
    }
    let mut bin_of = vec![vec![None; exercises.len()]; submissions.len()];
    for (bin, &(s, e)) in &workspace.bins {
        bin_of[s][e] = Some(bin.clone());
    }
    let graded = submissions
        .iter()
        .enumerate()
        .map(|(s, submission)| SubmissionGrade {
            name: submission.name.clone(),
            exercises: exercises
                .iter()
                .enumerate()
                .map(|(e, exercise)| {
                    let outcome = match (&taken[s][e], ran[s][e].take()) {
                        (Err(reason), _) => ExerciseOutcome::NotGraded {
                            reason: reason.clone(),
                        },
                        (Ok(_), Some(scenarios)) => ExerciseOutcome::Ran { scenarios },
                        (Ok(_), None) => ExerciseOutcome::BuildFailed {
                            output: bin_of[s][e]
                                .as_ref()
                                .and_then(|bin| built.errors.remove(bin))
                                .unwrap_or_else(|| "it was not built".to_string()),
                        },
                    };
                    ExerciseGrade {
                        id: exercise.id.clone(),
                        number: exercise.number,
                        file: exercise.file.clone(),
                        points: exercise.points,
                        outcome,
                    }
                })
                .collect(),
            quiz: options
                .quiz
                .as_ref()
                .map(|file| quiz::grade_quiz(submission, file, &quizzes, options.lang)),
        })
        .collect();
    Ok(Gradebook {
        seed: options.seed,
        submissions: graded,
        timing,
    })
}

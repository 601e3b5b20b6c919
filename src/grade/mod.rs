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
pub mod progress;
pub mod quiz;
pub mod report;
pub mod run;
pub mod secrets;
pub mod submission;
pub mod toolchain;

use crate::check::CheckOptions;
use crate::content::project::Project;
use crate::content::{Course, Exercise, Lang};
use crate::runner::build::BuildOutput;
use crate::runner::sandbox::{self, Needs, Sandbox, SandboxLimits};
use crate::runner::{EnvPolicy, Limits, Program};
use anyhow::{Result, bail};
use build::{BuildPlan, Isolation, Source};
use model::{ExerciseGrade, ExerciseOutcome, Gradebook, SubmissionGrade, Timing};
use progress::Bar;
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use submission::{Submission, Taken, take_exercise};

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
    pub lang: Lang,
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
#[allow(
    clippy::too_many_lines,
    reason = "the grading pipeline in its order (take the files, sandbox, build, run, report), each phase a call; the locals it threads through are many; splitting it by phase is still open (issue 24)"
)]
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
    let shipped = submission::shipped_files(&project.root, &exercises);
    let taken: Vec<Vec<Taken>> = submissions
        .iter()
        .map(|s| {
            exercises
                .iter()
                .zip(&shipped)
                .map(|(e, shipped)| take_exercise(s, &e.file, shipped.as_deref()))
                .collect()
        })
        .collect();
    let grade_dir = project.root.join("target").join("grade");
    let _lock = integrity::lock(&grade_dir)?;
    cache::trim(&grade_dir.join("bin"), options.cache_limit);

    let build_started = Instant::now();
    let toolchain = toolchain::prepare(&project.root, &grade_dir, options.jobs)?;
    let confinement = match options.isolation {
        Isolation::Sandboxed => Some(confine::confine(
            &project.root,
            &toolchain,
            &grade_dir,
            submissions,
            options.hidden_dir.as_deref(),
        )?),
        Isolation::None => None,
    };
    // Students are told apart by their sandbox users; unsandboxed, nobody is.
    let users = confinement.as_ref().map_or_else(Default::default, |c| {
        (0..submissions.len()).map(|s| (c.uid(s), s)).collect()
    });
    let memory = memory::watch(users, options.memory_limit);
    let students: Vec<Vec<Source>> = taken
        .iter()
        .map(|row| {
            row.iter()
                .enumerate()
                .filter_map(|(e, r)| {
                    Some(Source {
                        exercise: e,
                        file: &exercises[e].file,
                        text: r.to_compile()?,
                    })
                })
                .collect()
        })
        .collect();
    let plan = BuildPlan {
        toolchain: &toolchain,
        grade_dir: &grade_dir,
        confinement: confinement.as_ref(),
        limit: options.build_limit,
        jobs: options.jobs,
    };
    if let Some(confinement) = &confinement {
        confine::prove(&plan, confinement)?;
    }
    let programs: usize = students.iter().map(Vec::len).sum();
    bar.start("building", programs);
    let mut built = build::build_class(&plan, &students, bar)?;
    bar.finish();
    let build_seconds = build_started.elapsed().as_secs_f64();

    let cpu_seconds = options.timeout.as_secs() + 1;
    let run_root = grade_dir.join("run");
    let mut tasks: Vec<run::Task> = Vec::new();
    for (&(s, e), program) in &built.programs {
        let display = format!("exercises/{}", exercises[e].file);
        let launch = match &confinement {
            Some(confinement) => Program {
                argv: vec!["/program".into()],
                cwd: PathBuf::from("/work"),
                env: EnvPolicy::Cleared,
                display,
                sandbox: Some(Arc::new(Sandbox {
                    read_only: vec![(program.path.clone(), "/program".into())],
                    writable: Vec::new(),
                    cwd: "/work".into(),
                    limits: SandboxLimits::program(cpu_seconds),
                    uid: confinement.uid(s),
                    needs: Needs::Program,
                    confinement: Arc::clone(confinement),
                })),
            },
            None => {
                // Unsandboxed: an emptied folder of the student's own.
                let dir = run_root.join(format!("student-{:03}", s + 1));
                let _ = std::fs::remove_dir_all(&dir);
                std::fs::create_dir_all(&dir)?;
                Program {
                    argv: vec![program.path.clone().into_os_string()],
                    cwd: dir,
                    env: EnvPolicy::Cleared,
                    display,
                    sandbox: None,
                }
            }
        };
        tasks.push(run::Task {
            submission: s,
            exercise: e,
            program: launch,
            binary: program.clone(),
        });
    }
    tasks.sort_by_key(|t| (t.submission, t.exercise));
    let check_options = CheckOptions {
        seed: options.seed,
        limits: Limits {
            timeout: options.timeout,
            ..Limits::default()
        },
        build_output: BuildOutput::Captured,
        scenarios_at_once: crate::check::scenarios_at_once_grading(),
    };
    let check_started = Instant::now();
    bar.start("checking", submissions.len());
    let private_dir = grade_dir.join("private");
    let _ = std::fs::remove_dir_all(&private_dir);
    let checking = run::Checking {
        exercises: &exercises,
        hidden: &options.hidden,
        private_dir: &private_dir,
        jobs: options.jobs,
        options: &check_options,
        budget: options.student_budget.unwrap_or_else(|| {
            let scenarios = exercises.iter().map(|e| e.scenarios.len()).sum();
            run::default_budget(scenarios, options.timeout)
        }),
    };
    let results = run::check_all(&tasks, &checking, submissions.len(), bar);
    let _ = std::fs::remove_dir_all(&private_dir);
    bar.finish();
    // Every sandbox must be gone before anything is reported.
    if !sandbox::all_ended(Duration::from_secs(10)) {
        bail!("a student's sandbox did not end; no report was written");
    }
    let over_memory = memory.stop();
    if let Some(Err(why)) = results.iter().find(|r| {
        r.as_ref()
            .is_err_and(|why| why.starts_with(run::COPY_FAILED))
    }) {
        bail!("{why}");
    }
    cache::trim(&grade_dir.join("bin"), options.cache_limit);
    let timing = Timing {
        programs,
        build_seconds,
        checked: tasks.len(),
        check_seconds: check_started.elapsed().as_secs_f64(),
        sandbox_failures: results
            .iter()
            .filter(|r| {
                r.as_ref()
                    .is_err_and(|why| why.starts_with(run::SANDBOX_FAILED))
            })
            .count(),
    };
    let grader_after = integrity::grader_files(&project.root, options.hidden_dir.as_deref());
    if grader_after != grader_before {
        bail!(
            "the grader's own files changed while grading ({}); no report was written",
            integrity::changed(&grader_before, &grader_after).join(", ")
        );
    }

    let mut ran: Vec<Vec<Option<Result<Vec<_>, String>>>> =
        vec![vec![None; exercises.len()]; submissions.len()];
    for (task, scenarios) in tasks.iter().zip(results) {
        ran[task.submission][task.exercise] = Some(scenarios);
    }
    let graded: Vec<SubmissionGrade> = submissions
        .iter()
        .enumerate()
        .map(|(s, submission)| SubmissionGrade {
            name: submission.name.clone(),
            commit: submission::commit(submission),
            over_memory: over_memory.contains(&s),
            exercises: exercises
                .iter()
                .enumerate()
                .map(|(e, exercise)| {
                    let outcome = match (&taken[s][e], ran[s][e].take()) {
                        (Taken::NotAttempted { reason, .. }, _) => ExerciseOutcome::NotAttempted {
                            reason: reason.clone(),
                        },
                        (Taken::Refused(reason), _) => ExerciseOutcome::NotGraded {
                            reason: reason.clone(),
                        },
                        (Taken::File(_), Some(Ok(scenarios))) => ExerciseOutcome::Ran { scenarios },
                        (Taken::File(_), Some(Err(reason))) => {
                            ExerciseOutcome::NotGraded { reason }
                        }
                        (Taken::File(_), None) => ExerciseOutcome::BuildFailed {
                            output: built
                                .errors
                                .remove(&(s, e))
                                .unwrap_or_else(|| "it was not built".to_string()),
                        },
                    };
                    ExerciseGrade {
                        id: exercise.id.clone(),
                        number: exercise.number,
                        file: exercise.file.clone(),
                        points: exercise.points,
                        fact_prefix: course
                            .lesson_of(exercise)
                            .map(|l| course.fact_prefix(&l.id))
                            .unwrap_or_default(),
                        file_sha256: taken[s][e].text().map(|t| hash::sha256_hex(t.as_bytes())),
                        program_sha256: built.programs.get(&(s, e)).map(|p| p.sha256.clone()),
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
    let mut hidden_inputs = secrets::HiddenInputs::default();
    for exercise in graded.iter().flat_map(|s| &s.exercises) {
        hidden_inputs.add(exercise.outcome.scenarios(), |name| {
            options
                .hidden
                .contains(&(exercise.id.clone(), name.to_string()))
        });
    }
    Ok(Gradebook {
        seed: options.seed,
        submissions: graded,
        timing,
        grader: grader_after,
        sandboxed: options.isolation == Isolation::Sandboxed,
        hidden: options.hidden.clone(),
        reveal_hidden: options.reveal_hidden,
        hidden_inputs,
    })
}

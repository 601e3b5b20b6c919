//! The phases of `grade_class` that are more than a call: taking each
//! submission's files, what each student compiles, how each built program
//! is launched, the checking, and the gradebook's rows.

use super::build::{BuildPlan, Built, Isolation, Source};
use super::model::{ExerciseGrade, ExerciseOutcome, SubmissionGrade};
use super::progress::Bar;
use super::run::{self, TaskResult};
use super::submission::{self, Submission, Taken, take_exercise};
use super::toolchain::Toolchain;
use super::{GradeOptions, confine, hash, memory, quiz, secrets};
use crate::check::CheckOptions;
use crate::content::project::Project;
use crate::content::{Course, Exercise};
use crate::quiz::model::Quiz;
use crate::runner::build::BuildOutput;
use crate::runner::sandbox::{self, Confinement, Needs, Sandbox, SandboxLimits};
use crate::runner::{EnvPolicy, Limits, Program};
use anyhow::{Result, bail};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Each submission's file for each exercise, as taken (or why not).
pub(super) fn take_all(
    root: &Path,
    submissions: &[Submission],
    exercises: &[&Exercise],
) -> Vec<Vec<Taken>> {
    let shipped = submission::shipped_files(root, exercises);
    submissions
        .iter()
        .map(|s| {
            exercises
                .iter()
                .zip(&shipped)
                .map(|(e, shipped)| take_exercise(s, &e.file, shipped.as_deref()))
                .collect()
        })
        .collect()
}

/// What each student compiles: the files taken, with their exercise.
pub(super) fn sources<'a>(
    taken: &'a [Vec<Taken>],
    exercises: &[&'a Exercise],
) -> Vec<Vec<Source<'a>>> {
    taken
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
        .collect()
}

/// The class's confinement, when sandboxed.
pub(super) fn confine(
    project: &Project,
    toolchain: &Toolchain,
    grade_dir: &Path,
    submissions: &[Submission],
    options: &GradeOptions,
) -> Result<Option<Arc<Confinement>>> {
    Ok(match options.isolation {
        Isolation::Sandboxed => Some(confine::confine(
            &project.root,
            toolchain,
            grade_dir,
            submissions,
            options.hidden_dir.as_deref(),
        )?),
        Isolation::None => None,
    })
}

/// The memory watch: students told apart by their sandbox users
/// (unsandboxed, nobody is).
pub(super) fn watch_memory(
    confinement: Option<&Arc<Confinement>>,
    submissions: usize,
    options: &GradeOptions,
) -> memory::Watch {
    let users = confinement.map_or_else(Default::default, |c| {
        (0..submissions).map(|s| (c.uid(s), s)).collect()
    });
    memory::watch(users, options.memory_limit)
}

/// Every student's files built, after the sandbox proved it holds.
pub(super) fn build(plan: &BuildPlan, students: &[Vec<Source>], bar: &Bar) -> Result<Built> {
    if let Some(confinement) = plan.confinement {
        confine::prove(plan, confinement)?;
    }
    bar.start("building", students.iter().map(Vec::len).sum());
    let built = super::build::build_class(plan, students, bar)?;
    bar.finish();
    Ok(built)
}

/// A check task for every built program, in student and exercise order.
pub(super) fn tasks(
    built: &Built,
    exercises: &[&Exercise],
    confinement: Option<&Arc<Confinement>>,
    grade_dir: &Path,
    options: &GradeOptions,
) -> Result<Vec<run::Task>> {
    // The CPU limit of a program: its scenario's time and a second.
    let cpu_seconds = options.timeout.as_secs() + 1;
    let run_root = grade_dir.join("run");
    let mut tasks = Vec::new();
    for (&(s, e), program) in &built.programs {
        let display = format!("exercises/{}", exercises[e].file);
        let launch = match confinement {
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
    Ok(tasks)
}

/// Every task checked, within each student's run-time budget; hidden
/// scenarios on private copies under `grade_dir/private`, removed after.
pub(super) fn check(
    tasks: &[run::Task],
    exercises: &[&Exercise],
    grade_dir: &Path,
    submissions: usize,
    options: &GradeOptions,
    bar: &Bar,
) -> Vec<TaskResult> {
    let check_options = CheckOptions {
        seed: options.seed,
        limits: Limits {
            timeout: options.timeout,
            ..Limits::default()
        },
        build_output: BuildOutput::Captured,
        scenarios_at_once: crate::check::scenarios_at_once_grading(),
    };
    bar.start("checking", submissions);
    let private_dir = grade_dir.join("private");
    let _ = std::fs::remove_dir_all(&private_dir);
    let checking = run::Checking {
        exercises,
        hidden: &options.hidden,
        private_dir: &private_dir,
        jobs: options.jobs,
        options: &check_options,
        budget: options.student_budget.unwrap_or_else(|| {
            let scenarios = exercises.iter().map(|e| e.scenarios.len()).sum();
            run::default_budget(scenarios, options.timeout)
        }),
    };
    let results = run::check_all(tasks, &checking, submissions, bar);
    let _ = std::fs::remove_dir_all(&private_dir);
    bar.finish();
    results
}

/// Waits for every sandbox to end (nothing is reported before), stops the
/// memory watch and gives who went over; fails when a hidden scenario's
/// private copy could not be made.
pub(super) fn all_ended(results: &[TaskResult], memory: memory::Watch) -> Result<BTreeSet<usize>> {
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
    Ok(over_memory)
}

/// Programs a sandbox could not be made for (the grader's setup).
pub(super) fn sandbox_failures(results: &[TaskResult]) -> usize {
    results
        .iter()
        .filter(|r| {
            r.as_ref()
                .is_err_and(|why| why.starts_with(run::SANDBOX_FAILED))
        })
        .count()
}

/// The tasks' results by student and exercise (`None`: nothing ran).
pub(super) fn by_student(
    tasks: &[run::Task],
    results: Vec<TaskResult>,
    submissions: usize,
    exercises: usize,
) -> Vec<Vec<Option<TaskResult>>> {
    let mut ran = vec![vec![None; exercises]; submissions];
    for (task, scenarios) in tasks.iter().zip(results) {
        ran[task.submission][task.exercise] = Some(scenarios);
    }
    ran
}

/// What every row of the gradebook is made from.
pub(super) struct Class<'a> {
    pub course: &'a Course,
    pub exercises: &'a [&'a Exercise],
    pub taken: &'a [Vec<Taken>],
    pub quizzes: &'a [Quiz],
    pub options: &'a GradeOptions,
}

/// Every submission's row, in order.
pub(super) fn graded(
    class: &Class,
    submissions: &[Submission],
    mut ran: Vec<Vec<Option<TaskResult>>>,
    built: &mut Built,
    over_memory: &BTreeSet<usize>,
) -> Vec<SubmissionGrade> {
    submissions
        .iter()
        .enumerate()
        .map(|(s, submission)| {
            let over = over_memory.contains(&s);
            submission_grade(class, s, submission, &mut ran[s], built, over)
        })
        .collect()
}

/// Submission `s`'s row: each exercise's outcome, and its quiz.
fn submission_grade(
    class: &Class,
    s: usize,
    submission: &Submission,
    ran: &mut [Option<TaskResult>],
    built: &mut Built,
    over_memory: bool,
) -> SubmissionGrade {
    SubmissionGrade {
        name: submission.name.clone(),
        commit: submission::commit(submission),
        over_memory,
        exercises: class
            .exercises
            .iter()
            .enumerate()
            .map(|(e, exercise)| exercise_grade(class, (s, e), exercise, ran[e].take(), built))
            .collect(),
        quiz: class.options.quiz.as_ref().map(|file| {
            quiz::grade_quiz(
                submission,
                file,
                class.quizzes,
                &*class.options.unclear_reply,
            )
        }),
    }
}

/// One exercise of one submission: not attempted, not graded, not built,
/// or the scenarios it ran.
fn exercise_grade(
    class: &Class,
    (s, e): (usize, usize),
    exercise: &Exercise,
    ran: Option<TaskResult>,
    built: &mut Built,
) -> ExerciseGrade {
    let taken = &class.taken[s][e];
    let outcome = match (taken, ran) {
        (Taken::NotAttempted { reason, .. }, _) => ExerciseOutcome::NotAttempted {
            reason: reason.clone(),
        },
        (Taken::Refused(reason), _) => ExerciseOutcome::NotGraded {
            reason: reason.clone(),
        },
        (Taken::File(_), Some(Ok(scenarios))) => ExerciseOutcome::Ran { scenarios },
        (Taken::File(_), Some(Err(reason))) => ExerciseOutcome::NotGraded { reason },
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
        fact_prefix: class
            .course
            .lesson_of(exercise)
            .map(|l| class.course.fact_prefix(&l.id))
            .unwrap_or_default(),
        file_sha256: taken.text().map(|t| hash::sha256_hex(t.as_bytes())),
        program_sha256: built.programs.get(&(s, e)).map(|p| p.sha256.clone()),
        outcome,
    }
}

/// The hidden scenarios' inputs, for the redaction of the reports.
pub(super) fn hidden_inputs(
    graded: &[SubmissionGrade],
    hidden: &BTreeSet<(String, String)>,
) -> secrets::HiddenInputs {
    let mut inputs = secrets::HiddenInputs::default();
    for exercise in graded.iter().flat_map(|s| &s.exercises) {
        inputs.add(exercise.outcome.scenarios(), |name| {
            hidden.contains(&(exercise.id.clone(), name.to_string()))
        });
    }
    inputs
}

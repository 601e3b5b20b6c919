//! Checking every built program with the grader's scenarios, up to `jobs`
//! programs at once. Each program runs in its own sandbox (or, unsandboxed,
//! with a cleared environment in its student's own empty folder), with
//! per-scenario time and output limits, and is stopped after: a student
//! whose program hangs or floods holds one worker for at most its
//! timeouts, and the others go on. A program whose hash is no longer the
//! one recorded when it was built is not run.

use super::build::BuiltProgram;
use super::hash::sha256_file;
use super::progress::Bar;
use crate::check::{CheckOptions, check_program};
use crate::content::Exercise;
use crate::judge::{CheckResult, ScenarioVerdict};
use crate::runner::Program;
use crate::runner::sandbox;
use crate::runner::transcript::ProcessEnd;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// One program to check: submission `submission`'s file for `exercise`.
pub struct Task {
    pub submission: usize,
    pub exercise: usize,
    pub program: Program,
    pub binary: BuiltProgram,
}

/// A task's scenarios, or why its program was not run.
pub type TaskResult = Result<Vec<ScenarioVerdict>, String>;

/// The prefix of a task's reason when its sandbox, not its program, failed.
pub const SANDBOX_FAILED: &str = "the grading machine could not start this program in its sandbox";

/// Why the program was not graded, when its sandbox could not be made for
/// some scenario (bubblewrap, `setpriv` or `prlimit` said so, and the
/// program said nothing): the grader's setup, not the student's program.
fn sandbox_failed(scenarios: &[ScenarioVerdict]) -> Option<String> {
    let said = scenarios.iter().flat_map(|s| &s.runs).find_map(|run| {
        let silent = run.received.is_empty() && matches!(run.end, ProcessEnd::Exited(1));
        silent
            .then(|| sandbox::setup_failure(&run.stderr_tail))
            .flatten()
    })?;
    Some(format!(
        "{SANDBOX_FAILED} ({said}): this is the grader's setup, not the student's program; {}",
        sandbox::advice(said)
    ))
}

/// Runs every task; the result at position `i` belongs to `tasks[i]`.
/// The bar counts submissions whose every program is checked.
pub fn check_all(
    tasks: &[Task],
    exercises: &[&Exercise],
    submissions: usize,
    jobs: usize,
    options: &CheckOptions,
    bar: &Bar,
) -> Vec<TaskResult> {
    let mut left = vec![0usize; submissions];
    for task in tasks {
        left[task.submission] += 1;
    }
    bar.advance(left.iter().filter(|n| **n == 0).count());
    let left = Mutex::new(left);
    let results = Mutex::new(vec![Ok(Vec::new()); tasks.len()]);
    let next = AtomicUsize::new(0);
    thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, tasks.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(task) = tasks.get(index) else { return };
                    let scenarios = match sha256_file(&task.binary.path) {
                        Ok(now) if now == task.binary.sha256 => {
                            match check_program(exercises[task.exercise], &task.program, options) {
                                CheckResult::Ran { scenarios } => sandbox_failed(&scenarios)
                                    .map_or(Ok(scenarios), Err),
                                CheckResult::BuildFailed { .. } => Ok(Vec::new()),
                            }
                        }
                        _ => Err("the built program changed after it was built, so it was not run (the grader's target/grade was tampered with)".to_string()),
                    };
                    if let Ok(mut results) = results.lock() {
                        results[index] = scenarios;
                    }
                    if let Ok(mut left) = left.lock() {
                        left[task.submission] -= 1;
                        if left[task.submission] == 0 {
                            bar.advance(1);
                        }
                    }
                }
            });
        }
    });
    results.into_inner().unwrap_or_default()
}

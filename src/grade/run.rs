//! Checking every built program with the grader's scenarios: one student
//! at a time, up to `jobs` of that student's programs at once. Each program
//! runs in its own sandbox (or, unsandboxed, with a cleared environment in
//! its student's own empty folder), with per-scenario time and output
//! limits, and is stopped after: a student whose program hangs or floods
//! holds one worker for at most its timeouts. A program whose hash is no
//! longer the one recorded when it was built is not run.

use super::build::BuiltProgram;
use super::hash::sha256_file;
use super::progress::Bar;
use crate::check::{CheckOptions, Private, Schedule, check_program_with};
use crate::content::Exercise;
use crate::judge::{CheckResult, ScenarioVerdict};
use crate::runner::Program;
use crate::runner::sandbox;
use crate::runner::transcript::ProcessEnd;
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// One program to check: submission `submission`'s file for `exercise`.
pub struct Task {
    pub submission: usize,
    pub exercise: usize,
    pub program: Program,
    pub binary: BuiltProgram,
}

/// A task's scenarios, or why its program was not run.
pub type TaskResult = Result<Vec<ScenarioVerdict>, String>;

/// The prefix of a task's reason when the grader could not copy its program
/// for a hidden scenario (its disk): the run stops, with no report.
pub const COPY_FAILED: &str = "the grader could not copy a program for a hidden scenario";

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

/// How the programs are checked, besides the scenarios' own options.
pub struct Checking<'a> {
    pub exercises: &'a [&'a Exercise],
    /// (exercise id, scenario name) of every hidden scenario.
    pub hidden: &'a BTreeSet<(String, String)>,
    /// Where a hidden scenario's own copy of its program is made.
    pub private_dir: &'a Path,
    pub jobs: usize,
    pub options: &'a CheckOptions,
    /// Wall-clock time all of one student's scenarios may take together.
    pub budget: Duration,
}

/// The run-time budget per student when none is given: half of what a
/// program that never answers would cost in every scenario (`scenarios`,
/// all exercises graded, each waiting out `timeout`, two at a time), and
/// at least four timeouts. An honest program answers in milliseconds; one
/// that hangs in every scenario costs its student this, and no more.
pub fn default_budget(scenarios: usize, timeout: Duration) -> Duration {
    let scenarios = u32::try_from(scenarios).unwrap_or(u32::MAX);
    (timeout.saturating_mul(scenarios) / 4).max(timeout.saturating_mul(4))
}

/// Runs every task; the result at position `i` belongs to `tasks[i]`
/// (sorted by submission). One submission at a time: no program of one
/// student ever runs beside a classmate's, so none can signal another
/// through what every sandbox shares (a lock on `/dev/null`, the machine's
/// load). Within a submission, up to `jobs` programs at once, except those of
/// exercises with hidden scenarios, which run with nothing else running;
/// and within such a program, each hidden scenario runs after the others,
/// alone, on a copy of the program of its own (`Schedule`): no other process
/// of the student can learn a hidden input, from the program file's locks or
/// otherwise, and print it in a failure the student sees. The redaction of
/// hidden inputs in the reports (`secrets`) is a second line, not this one.
/// The bar counts submissions whose every program is checked.
pub fn check_all(
    tasks: &[Task],
    checking: &Checking,
    submissions: usize,
    bar: &Bar,
) -> Vec<TaskResult> {
    let alone: Vec<bool> = checking
        .exercises
        .iter()
        .map(|e| checking.hidden.iter().any(|(id, _)| id == &e.id))
        .collect();
    let mut graded = vec![false; submissions];
    for task in tasks {
        graded[task.submission] = true;
    }
    bar.advance(graded.iter().filter(|g| !**g).count());
    let mut results = vec![Ok(Vec::new()); tasks.len()];
    let mut start = 0;
    while let Some(first) = tasks.get(start) {
        let end = start
            + tasks[start..]
                .iter()
                .take_while(|t| t.submission == first.submission)
                .count();
        let (solo, together): (Vec<usize>, Vec<usize>) =
            (start..end).partition(|&i| alone.get(tasks[i].exercise).copied().unwrap_or(false));
        // The student's budget starts with their first program.
        let deadline = Instant::now() + checking.budget;
        check_batch(
            tasks,
            &together,
            checking,
            (checking.jobs, deadline),
            &mut results,
        );
        for i in solo {
            check_batch(tasks, &[i], checking, (1, deadline), &mut results);
        }
        bar.advance(1);
        start = end;
    }
    results
}

/// Checks the tasks at `batch`, up to `jobs` at once, none past `deadline`.
fn check_batch(
    tasks: &[Task],
    batch: &[usize],
    checking: &Checking,
    (jobs, deadline): (usize, Instant),
    results: &mut [TaskResult],
) {
    let done = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, batch.len().max(1)) {
            scope.spawn(|| {
                while let Some(&index) = batch.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let result = check_one(&tasks[index], checking, deadline);
                    if let Ok(mut done) = done.lock() {
                        done.push((index, result));
                    }
                }
            });
        }
    });
    for (index, result) in done.into_inner().unwrap_or_default() {
        results[index] = result;
    }
}

fn check_one(task: &Task, checking: &Checking, deadline: Instant) -> TaskResult {
    let exercise = checking.exercises[task.exercise];
    let hidden = |name: &str| {
        checking
            .hidden
            .contains(&(exercise.id.clone(), name.to_string()))
    };
    let private = || private_copy(task, checking.private_dir);
    let schedule = Schedule {
        alone: &|scenario| hidden(&scenario.name),
        private: &private,
        deadline: Some((deadline, checking.budget)),
    };
    match sha256_file(&task.binary.path) {
        Ok(now) if now == task.binary.sha256 => {
            match check_program_with(exercise, &task.program, checking.options, &schedule)? {
                CheckResult::Ran { scenarios } => sandbox_failed(&scenarios).map_or(Ok(scenarios), Err),
                CheckResult::BuildFailed { .. } => Ok(Vec::new()),
            }
        }
        _ => Err("the built program changed after it was built, so it was not run (the grader's target/grade was tampered with)".to_string()),
    }
}

/// A copy of the task's program for one hidden scenario, in `dir`, checked
/// against the hash recorded when it was built, and shown to the sandbox
/// (or started) in place of the kept program; removed when dropped.
fn private_copy(task: &Task, dir: &Path) -> Result<Private, String> {
    static MADE: AtomicUsize = AtomicUsize::new(0);
    let n = MADE.fetch_add(1, Ordering::Relaxed);
    let path = dir.join(format!("{}-{}-{n}", task.submission, task.exercise));
    let failed = |why: String| {
        format!(
            "{COPY_FAILED} ({why}): this is the grading machine's fault, not a student's; no report was written"
        )
    };
    let mut program = task.program.clone();
    match &mut program.sandbox {
        Some(sandbox) => {
            let mut own = sandbox.as_ref().clone();
            for (host, _) in &mut own.read_only {
                if *host == task.binary.path {
                    host.clone_from(&path);
                }
            }
            *sandbox = Arc::new(own);
        }
        None => {
            if let Some(first) = program.argv.first_mut() {
                *first = path.clone().into_os_string();
            }
        }
    }
    let private = Private {
        program,
        file: Some(path.clone()),
    };
    fs::create_dir_all(dir).map_err(|e| failed(format!("{}: {e}", dir.display())))?;
    fs::copy(&task.binary.path, &path).map_err(|e| failed(format!("{}: {e}", path.display())))?;
    match sha256_file(&path) {
        Ok(sha256) if sha256 == task.binary.sha256 => Ok(private),
        _ => Err(failed("the copy is not the program that was built".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::default_budget;
    use std::time::Duration;

    #[test]
    fn the_default_budget_is_a_quarter_of_every_scenario_s_timeout() {
        let five = Duration::from_secs(5);
        // The course's 307 scenarios at --timeout 5: never answering would
        // cost 767.5 s, two at a time.
        assert_eq!(default_budget(307, five), Duration::from_millis(383_750));
        assert_eq!(default_budget(3, five), Duration::from_secs(20));
    }
}

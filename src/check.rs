//! Checking an exercise: build (or take a command), play every scenario,
//! judge each transcript. Composes runner and judge; renders nothing.

use crate::content::project::Project;
use crate::content::template::{self, Bindings, SeededRng};
use crate::content::{Exercise, scenario::Scenario};
use crate::judge::every::Conversation;
use crate::judge::{self, CheckResult, Problem, ScenarioVerdict};
use crate::runner::build::{BuildOutput, Built, build_bin};
use crate::runner::transcript::{LimitHit, Transcript};
use crate::runner::{self, Limits, Program};
use anyhow::{Context, Result};

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// What to check an exercise's scenarios against.
#[derive(Clone, Debug)]
pub enum Target {
    /// The learner's file in `exercises/`.
    Exercise,
    /// The reference file in `solutions/`.
    Solution,
    /// The lesson's own copy of the exercise file, as shipped (whatever the
    /// learner's copy in `exercises/` holds now).
    Shipped,
    /// Any program, started from this command line.
    Command(String),
}

#[derive(Clone, Debug)]
pub struct CheckOptions {
    pub seed: u64,
    pub limits: Limits,
    pub build_output: BuildOutput,
    /// How many scenarios run at once.
    pub scenarios_at_once: usize,
}

/// Scenarios at once for one program (`learn check`): they are independent
/// processes that mostly wait, and a program that never answers waits out
/// the timeout in every scenario (a capstone's 33 took 171 s two at a time
/// on two cores).
pub fn scenarios_at_once() -> usize {
    thread::available_parallelism()
        .map_or(4, |n| n.get() * 2)
        .clamp(4, 8)
}

/// Scenarios at once for each program of a class (`learn grade`), which
/// already runs several programs at once within each student's limits.
pub fn scenarios_at_once_grading() -> usize {
    thread::available_parallelism()
        .map_or(2, |n| n.get())
        .clamp(2, 4)
}

/// Builds what `target` names, returning the program to run (or the build failure).
pub fn prepare(
    project: &Project,
    exercise: &Exercise,
    target: &Target,
    cwd: &Path,
    output: BuildOutput,
) -> Result<Result<Program, String>> {
    let bin = match target {
        Target::Command(line) => return Ok(Ok(Program::from_command_line(line, cwd)?)),
        Target::Exercise => {
            let file = project.exercise_file(&exercise.file);
            if !file.is_file() {
                anyhow::bail!(
                    "{} does not exist: `learn reset {}` puts the course's copy back",
                    file.display(),
                    exercise.id
                );
            }
            exercise.bin()
        }
        Target::Solution => exercise.solution_bin(),
        Target::Shipped => exercise.shipped_bin(),
    };
    Ok(
        match build_bin(project, &bin, output)
            .with_context(|| format!("building exercise `{}`", exercise.id))?
        {
            Built::Program(path) => Ok(Program::executable(&path, &project.root)),
            Built::Failed { output } => Err(output),
        },
    )
}

/// Checks one exercise against a prepared program: every scenario that is a
/// conversation is played, then each rule for every message a client writes
/// is judged over what it wrote in all of them.
pub fn check_program(
    exercise: &Exercise,
    program: &Program,
    options: &CheckOptions,
) -> CheckResult {
    let schedule = Schedule {
        alone: &|_| false,
        private: &|| Err(String::new()),
        deadline: None,
    };
    check_program_with(exercise, program, options, &schedule).unwrap_or_else(|_| CheckResult::Ran {
        scenarios: Vec::new(),
    })
}

/// What grading adds to how one program's scenarios are played.
pub struct Schedule<'a> {
    /// Scenarios that run with no other scenario of the program at once,
    /// each on a program of its own that `private` makes: the hidden ones.
    /// A process that holds hidden input then shares no file it could lock
    /// with one whose output a student reads, not even the program file
    /// (and a process of it that outlived its sandbox by a moment holds
    /// only locks on a copy that nothing else ever opens).
    pub alone: &'a (dyn Fn(&Scenario) -> bool + Sync),
    /// A program of its own for one scenario that runs alone, or why the
    /// grader could not make one (then nothing more is played).
    pub private: &'a (dyn Fn() -> Result<Private, String> + Sync),
    /// When the student's run-time budget ends, and how long it was: no
    /// scenario runs past it, and one that would start after it is not
    /// played (`Problem::TimeRanOut`).
    pub deadline: Option<(Instant, Duration)>,
}

/// A program made for one scenario; its file is removed when dropped.
pub struct Private {
    pub program: Program,
    pub file: Option<PathBuf>,
}

impl Drop for Private {
    fn drop(&mut self) {
        if let Some(file) = &self.file {
            let _ = std::fs::remove_file(file);
        }
    }
}

/// `check_program`, with the scenarios `schedule` says run alone played
/// after the others, one at a time, and within its deadline. An error: the
/// grader could not make a program of its own for such a scenario.
pub fn check_program_with(
    exercise: &Exercise,
    program: &Program,
    options: &CheckOptions,
    schedule: &Schedule,
) -> Result<CheckResult, String> {
    let played: Mutex<Vec<Option<Played>>> = Mutex::new(vec![None; exercise.scenarios.len()]);
    let (solo, shared): (Vec<usize>, Vec<usize>) = (0..exercise.scenarios.len())
        .filter(|&i| exercise.scenarios[i].every.is_none())
        .partition(|&i| (schedule.alone)(&exercise.scenarios[i]));
    let next = Mutex::new(0usize);
    let workers = options.scenarios_at_once.max(1);
    // What a program wrote is kept past its scenario only where a rule for
    // every message will read it: a server's flood is never held for long.
    let keep_lines = exercise.scenarios.iter().any(|s| s.every.is_some());
    let play = |index: usize, program: &Program| {
        let result = play_within(exercise, index, program, options, keep_lines, schedule);
        if let Ok(mut all) = played.lock() {
            all[index] = Some(result);
        }
    };
    thread::scope(|scope| {
        for _ in 0..workers.min(shared.len()) {
            scope.spawn(|| {
                loop {
                    let index = {
                        let Ok(mut next) = next.lock() else { return };
                        *next += 1;
                        *next - 1
                    };
                    let Some(&index) = shared.get(index) else {
                        return;
                    };
                    play(index, program);
                }
            });
        }
    });
    for index in solo {
        let private = (schedule.private)()?;
        play(index, &private.program);
    }
    let played = played.into_inner().unwrap_or_default();
    let conversations: Vec<Conversation> = exercise
        .scenarios
        .iter()
        .zip(&played)
        .filter_map(|(scenario, played)| {
            played.as_ref().map(|played| Conversation {
                title: &scenario.title,
                lines: played.lines.iter().map(String::as_str).collect(),
            })
        })
        .collect();
    let scenarios = exercise
        .scenarios
        .iter()
        .zip(&played)
        .filter_map(|(scenario, played)| match (&scenario.every, played) {
            (Some(every), _) => Some(judge::every::judge_every(scenario, every, &conversations)),
            (None, played) => played.as_ref().map(|p| p.verdict.clone()),
        })
        .collect();
    Ok(CheckResult::Ran { scenarios })
}

/// One scenario, with no more time than the deadline leaves; not played
/// when it leaves none.
fn play_within(
    exercise: &Exercise,
    index: usize,
    program: &Program,
    options: &CheckOptions,
    keep_lines: bool,
    schedule: &Schedule,
) -> Played {
    let scenario = &exercise.scenarios[index];
    let mut options = options.clone();
    if let Some((deadline, budget)) = schedule.deadline {
        let left = deadline.saturating_duration_since(Instant::now());
        if left < Duration::from_millis(100) {
            let mut verdict = judge::judge_scenario(scenario, &Transcript::default());
            verdict.runs.clear();
            verdict.problems = vec![Problem::TimeRanOut {
                seconds: budget.as_secs(),
            }];
            return Played {
                verdict,
                lines: Vec::new(),
            };
        }
        if left < options.limits.timeout {
            // Cut short by the budget, not by `--timeout`: said so.
            options.limits.timeout = left;
            let mut played =
                play_scenario(exercise, scenario, index, program, &options, keep_lines);
            for problem in &mut played.verdict.problems {
                if matches!(problem, Problem::Limit(LimitHit::Timeout { .. })) {
                    *problem = Problem::TimeRanOut {
                        seconds: budget.as_secs(),
                    };
                }
            }
            return played;
        }
    }
    play_scenario(exercise, scenario, index, program, &options, keep_lines)
}

/// One conversation played and judged, with what the program wrote in it.
#[derive(Clone)]
struct Played {
    verdict: ScenarioVerdict,
    lines: Vec<String>,
}

fn play_scenario(
    exercise: &Exercise,
    scenario: &Scenario,
    index: usize,
    program: &Program,
    options: &CheckOptions,
    keep_lines: bool,
) -> Played {
    let bindings = bindings_for(exercise, index, options.seed);
    let transcript = runner::run_scenario(
        program,
        scenario,
        bindings,
        options.limits,
        crate::judge::matching::fits,
    );
    let verdict = judge::judge_scenario(scenario, &transcript);
    let lines = match keep_lines {
        true => transcript
            .runs
            .into_iter()
            .flat_map(|run| run.received)
            .collect(),
        false => Vec::new(),
    };
    Played { verdict, lines }
}

/// The variable values for one scenario: fixed ones as written, random ones
/// drawn from the seed (each scenario its own stream, so adding a scenario
/// does not change the values of the others).
pub fn bindings_for(exercise: &Exercise, scenario_index: usize, seed: u64) -> Bindings {
    let mut rng =
        SeededRng::new(seed ^ (scenario_index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    template::bind(&exercise.vars, &mut rng)
}

/// A fresh seed when none is given: varies run to run, printed with results.
pub fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    SeededRng::new(nanos ^ u64::from(std::process::id())).next_u64() % 1_000_000
}

//! Checking an exercise: build (or take a command), play every scenario,
//! judge each transcript. Composes runner and judge; renders nothing.

use crate::content::project::Project;
use crate::content::template::{self, Bindings, SeededRng};
use crate::content::{Exercise, scenario::Scenario};
use crate::judge::every::Conversation;
use crate::judge::{self, CheckResult, ScenarioVerdict};
use crate::runner::build::{BuildOutput, Built, build_bin};
use crate::runner::{self, Limits, Program};
use anyhow::{Context, Result};

use std::path::Path;
use std::sync::Mutex;
use std::thread;

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
    let played: Mutex<Vec<Option<Played>>> = Mutex::new(vec![None; exercise.scenarios.len()]);
    let next = Mutex::new(0usize);
    let workers = options.scenarios_at_once.max(1);
    // What a program wrote is kept past its scenario only where a rule for
    // every message will read it: a server's flood is never held for long.
    let keep_lines = exercise.scenarios.iter().any(|s| s.every.is_some());
    thread::scope(|scope| {
        for _ in 0..workers.min(exercise.scenarios.len()) {
            scope.spawn(|| {
                loop {
                    let index = {
                        let Ok(mut next) = next.lock() else { return };
                        let index = *next;
                        *next += 1;
                        index
                    };
                    let Some(scenario) = exercise.scenarios.get(index) else {
                        return;
                    };
                    if scenario.every.is_some() {
                        continue;
                    }
                    let result =
                        play_scenario(exercise, scenario, index, program, options, keep_lines);
                    if let Ok(mut all) = played.lock() {
                        all[index] = Some(result);
                    }
                }
            });
        }
    });
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
    CheckResult::Ran { scenarios }
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

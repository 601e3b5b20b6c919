//! Every lesson's test programs against their cases
//! (`lessons/<lesson>/programs/cases.toml`; docs/authoring.md, "Test programs
//! and their cases"): each program runs once per exercise and seed, as
//! `learn check --json --full`, and must fail exactly the scenarios its case
//! names (none: pass them all), with the case's words in the feedback of
//! those scenarios, all judged from that one run. The cases are read from
//! the course, so a new lesson's cases run with no change here: one test per
//! case and exercise, named `cases::<lesson>::<program and args>::<exercise>`.
//! [`broken_runs`] is the same check for any course (tests/it/authoring.rs
//! runs a fixture lesson's cases through it).

use crate::common::*;
use crate::harness::Test;
use learn::content::Course;
use learn::content::cases::{Case, load_cases};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// One case on one of its exercises, with all it needs to run on its own.
#[derive(Clone)]
pub struct Play {
    pub case: Case,
    pub exercise: String,
    /// How many scenarios the exercise has: every one must be judged.
    pub scenarios: usize,
    /// The lesson whose `programs/` holds the program.
    pub lesson: String,
}

impl Play {
    /// `<lesson>::<program and args>::<exercise>`.
    pub fn name(&self) -> String {
        format!("{}::{}::{}", self.lesson, self.case.label(), self.exercise)
    }
}

/// Every case of every lesson of the course in `root`, one per exercise.
pub fn plays(root: &Path) -> Result<Vec<Play>, String> {
    let course = learn::content::load::load_course(root)
        .map_err(|e| format!("the course in {} loads:\n{e}", root.display()))?;
    let cases = load_cases(&course).map_err(|errors| {
        let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
        format!(
            "the cases are well formed (`learn dev check` says the same):\n{}",
            errors.join("\n")
        )
    })?;
    Ok(cases
        .into_iter()
        .flat_map(|case| {
            let course = &course;
            case.exercises
                .clone()
                .into_iter()
                .map(move |exercise| Play {
                    scenarios: scenario_count(course, &exercise),
                    lesson: lesson_of(course, &case.file),
                    case: case.clone(),
                    exercise,
                })
        })
        .collect())
}

fn scenario_count(course: &Course, exercise: &str) -> usize {
    course.exercise(exercise).map_or(0, |e| e.scenarios.len())
}

fn lesson_of(course: &Course, file: &Path) -> String {
    course
        .lessons
        .iter()
        .find(|l| file.starts_with(&l.dir))
        .map_or_else(|| "?".to_string(), |l| l.id.clone())
}

/// Runs `play` on each of its seeds in the course in `root`; what broke
/// the case, one line per seed, with the case's file, line and `why`.
pub fn broken_runs(root: &Path, play: &Play) -> Vec<String> {
    play.case
        .seeds
        .iter()
        .filter_map(|&seed| run(root, play, seed))
        .collect()
}

/// `--timeout` for a case that names none and fails nothing.
const CORRECT_TIMEOUT: f64 = 30.0;

/// `--timeout` for a case that names none and fails some scenarios: it
/// answers them wrongly, not late, so no scenario waits it out, and it is
/// twice `learn check`'s 5 s because one scenario of a correct-elsewhere
/// program took over 5 s on the loaded two-core machine (a stream scenario,
/// read as "kept its output open").
const FAILING_TIMEOUT: f64 = 10.0;

/// What one run got wrong against its case, if anything.
fn run(root: &Path, play: &Play, seed: u64) -> Option<String> {
    let case = &play.case;
    let seed = seed.to_string();
    let command = python_command(case);
    let mut args = vec![
        "check",
        &play.exercise,
        "--cmd",
        &command,
        "--seed",
        &seed,
        "--json",
        "--full",
    ];
    // A case that fails nothing waits out no timeout, so a long one costs
    // nothing and keeps a loaded machine's slow answer from reading as none.
    let timeout = case
        .timeout
        .unwrap_or(if case.fails.is_empty() {
            CORRECT_TIMEOUT
        } else {
            FAILING_TIMEOUT
        })
        .to_string();
    args.extend(["--timeout", &timeout]);
    let output = learn_in(root, &args);
    let problems = match serde_json::from_slice::<Value>(&output.stdout) {
        Ok(verdict) => problems(play, &verdict, code(&output)),
        Err(e) => vec![format!(
            "no JSON verdict ({e}), exit code {}: {}",
            code(&output),
            stderr(&output).trim()
        )],
    };
    if problems.is_empty() {
        return None;
    }
    let file = case.file.strip_prefix(root).unwrap_or(&case.file);
    Some(format!(
        "{}:{}: `{}` on {}, seed {seed}: {}\n    (the program {})",
        file.display(),
        case.line,
        case.label(),
        play.exercise,
        problems.join("; "),
        case.why
    ))
}

/// `python3 <program> <args>`, through the fork server where there is one.
fn python_command(case: &Case) -> String {
    #[cfg(unix)]
    {
        let words: Vec<&std::ffi::OsStr> = std::iter::once(case.program.as_os_str())
            .chain(case.args.iter().map(std::ffi::OsStr::new))
            .collect();
        crate::common::pyfork::command(&words)
    }
    #[cfg(not(unix))]
    case.command()
}

/// How a verdict departs from its case.
fn problems(play: &Play, verdict: &Value, exit_code: i32) -> Vec<String> {
    let case = &play.case;
    let scenarios = verdict["scenarios"].as_array().cloned().unwrap_or_default();
    if scenarios.len() != play.scenarios {
        return vec![format!(
            "{} scenarios judged, not the exercise's {}: {verdict}",
            scenarios.len(),
            play.scenarios
        )];
    }
    let failed: Vec<&Value> = scenarios.iter().filter(|s| s["passed"] == false).collect();
    let names: BTreeSet<&str> = failed.iter().filter_map(|s| s["name"].as_str()).collect();
    let wanted: BTreeSet<&str> = case.fails.iter().map(String::as_str).collect();
    let mut problems = Vec::new();
    let unexpected: Vec<&str> = names.difference(&wanted).copied().collect();
    let missing: Vec<&str> = wanted.difference(&names).copied().collect();
    if !unexpected.is_empty() {
        problems.push(format!(
            "failed {unexpected:?}, which the case does not name"
        ));
    }
    if !missing.is_empty() {
        problems.push(format!("passed {missing:?}, which the case says it fails"));
    }
    let expected_code = if wanted.is_empty() { 0 } else { 1 };
    if exit_code != expected_code {
        problems.push(format!("exit code {exit_code}, not {expected_code}"));
    }
    let feedback: Vec<&str> = failed
        .iter()
        .filter_map(|s| s["message"].as_str())
        .collect();
    for words in &case.says {
        if !feedback.iter().any(|m| m.contains(words.as_str())) {
            problems.push(format!("no failing scenario's feedback says {words:?}"));
        }
    }
    for words in &case.never {
        if feedback.iter().any(|m| m.contains(words.as_str())) {
            problems.push(format!(
                "the feedback says {words:?}, which it never should"
            ));
        }
    }
    if !problems.is_empty() && !failed.is_empty() {
        problems.push(format!("the feedback:\n{}", feedback.join("\n---\n")));
    }
    problems
}

/// How long a play may wait, roughly: its seeds times the timeout its case
/// names (a case names a long one where its program leaves scenarios
/// unanswered, so they wait it out).
fn waits(play: &Play) -> f64 {
    play.case.timeout.unwrap_or(0.0) * play.case.seeds.len() as f64
}

/// One test per case and exercise of the repository's course, those that
/// may wait longest first (main.rs starts the cases early), so that none of
/// them starts at the end of the run.
pub fn tests() -> Vec<Test> {
    let root = repo();
    match plays(&root) {
        Ok(mut plays) => {
            plays.sort_by(|a, b| waits(b).total_cmp(&waits(a)));
            plays
                .into_iter()
                .map(|play| test(root.clone(), play))
                .collect()
        }
        Err(problem) => vec![Test::new("cases::load".to_string(), move || {
            panic!("{problem}")
        })],
    }
}

fn test(root: PathBuf, play: Play) -> Test {
    Test::new(format!("cases::{}", play.name()), move || {
        require_python();
        let broken = broken_runs(&root, &play);
        assert!(
            broken.is_empty(),
            "{} of {} seeds broke the case:\n{}",
            broken.len(),
            play.case.seeds.len(),
            broken.join("\n")
        );
    })
}

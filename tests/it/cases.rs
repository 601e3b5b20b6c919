//! Every lesson's test programs against their cases
//! (`lessons/<lesson>/programs/cases.toml`; docs/authoring.md, "Test programs
//! and their cases"): each program runs once per exercise and seed, as
//! `learn check --json --full`, and must fail exactly the scenarios its case
//! names (none: pass them all), with the case's words in the feedback of
//! those scenarios. The cases are read from the course, so a new lesson's
//! cases run with no change here; [`broken_cases`] runs those of any course.

use crate::common::*;
use learn::content::cases::{Case, load_cases};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Mutex;

/// `learn check` runs at once: each mostly waits on its programs (a wrong
/// one on its timeout), two scenarios at a time.
const AT_ONCE: usize = 6;

/// One `learn check` of a case: its program on one exercise and seed.
struct Run<'a> {
    case: &'a Case,
    exercise: &'a str,
    seed: u64,
}

/// Runs every case of every lesson of the course in `root`, each program
/// once per exercise and seed, in parallel; returns how many runs there
/// were and, for each run that broke its case, what broke, with the case's
/// file, line and `why`.
pub fn broken_cases(root: &Path) -> (usize, Vec<String>) {
    let course = learn::content::load::load_course(root)
        .unwrap_or_else(|e| panic!("the course in {} loads:\n{e}", root.display()));
    let cases = load_cases(&course).unwrap_or_else(|errors| {
        let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
        panic!(
            "the cases are well formed (`learn dev check` says the same):\n{}",
            errors.join("\n")
        )
    });
    let runs: Vec<Run> = cases
        .iter()
        .flat_map(|case| {
            case.exercises.iter().flat_map(move |exercise| {
                case.seeds.iter().map(move |&seed| Run {
                    case,
                    exercise,
                    seed,
                })
            })
        })
        .collect();
    let broken = Mutex::new(Vec::new());
    in_parallel(&runs, AT_ONCE, |run| {
        if let Some(problem) = check(root, run) {
            broken.lock().expect("broken runs").push(problem);
        }
    });
    let mut broken = broken.into_inner().expect("broken runs");
    broken.sort();
    (runs.len(), broken)
}

/// What a run got wrong against its case, if anything.
fn check(root: &Path, run: &Run) -> Option<String> {
    let Run {
        case,
        exercise,
        seed,
    } = run;
    let seed = seed.to_string();
    let command = case.command();
    let mut args = vec![
        "check", exercise, "--cmd", &command, "--seed", &seed, "--json", "--full",
    ];
    let timeout = case.timeout.map(|t| t.to_string());
    if let Some(timeout) = &timeout {
        args.extend(["--timeout", timeout]);
    }
    let output = learn_in(root, &args);
    let problems = match serde_json::from_slice::<Value>(&output.stdout) {
        Ok(verdict) => problems(case, &verdict, code(&output)),
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
        "{}:{}: `{}` on {exercise}, seed {seed}: {}\n    (the program {})",
        file.display(),
        case.line,
        case.label(),
        problems.join("; "),
        case.why
    ))
}

/// How a verdict departs from its case.
fn problems(case: &Case, verdict: &Value, exit_code: i32) -> Vec<String> {
    let scenarios = verdict["scenarios"].as_array().cloned().unwrap_or_default();
    if scenarios.is_empty() {
        return vec![format!("no scenario ran: {verdict}")];
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
    let expected_code = if names.is_empty() { 0 } else { 1 };
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
        if let Some(message) = feedback.iter().find(|m| m.contains(words.as_str())) {
            problems.push(format!(
                "feedback says {words:?}, which it never should:\n{message}"
            ));
        }
    }
    if !problems.is_empty() && !(case.says.is_empty() && case.never.is_empty()) {
        problems.push(format!("the feedback:\n{}", feedback.join("\n---\n")));
    }
    problems
}

pub fn tests() -> Vec<crate::harness::Test> {
    vec![crate::harness::test!(every_case_of_every_lesson_holds)]
}

fn every_case_of_every_lesson_holds() {
    require_python();
    let (runs, broken) = broken_cases(&repo());
    println!(
        "cases: {runs} runs of the lessons' test programs, {} broke",
        broken.len()
    );
    assert!(runs > 0, "the lessons have cases");
    assert!(
        broken.is_empty(),
        "{} of {runs} runs broke their case:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

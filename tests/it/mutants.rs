//! Mutation testing of the scenarios (see `mutants/README.md`).
//!
//! - `recorded_mutants_stay_killed::<exercise>` is the quick form that runs
//!   in every `cargo test`: each mutant recorded in `mutants/recorded.toml` (a
//!   text replacement in a reference solution, with the scenario that must
//!   catch it) is applied to a copy of the course, and the checker must fail
//!   it. One test per exercise, each with its own copy, so that the 60-odd
//!   rebuilds and checks run side by side rather than as one long test.
//! - `the_mutated_solution_passes_its_check` is the test cargo-mutants runs
//!   for every mutant (`mutants/run`); it is ignored otherwise.

use crate::common::*;
use std::path::Path;

/// Seeds every mutant is checked with: a mutant survives only if all pass.
const SEEDS: [&str; 2] = ["1", "2"];
/// Seconds per scenario: a compiled solution answers in milliseconds, and a
/// mutant that stops answering should not cost the default five.
const TIMEOUT: &str = "3";

#[derive(serde::Deserialize)]
struct Recorded {
    mutant: Vec<Mutant>,
}

#[derive(serde::Deserialize)]
struct Mutant {
    exercise: String,
    file: String,
    find: String,
    replace: String,
    /// The scenario that must fail for it.
    scenario: String,
}

fn recorded() -> Result<Vec<Mutant>, String> {
    let path = repo().join("mutants/recorded.toml");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("mutants/recorded.toml: {e}"))?;
    let recorded: Recorded =
        toml::from_str(&text).map_err(|e| format!("mutants/recorded.toml: {e}"))?;
    Ok(recorded.mutant)
}

/// The names of the failed scenarios of `learn check <id> --solution`, run
/// in `dir` with each seed in turn until one fails.
fn failed_scenarios(dir: &Path, exercise: &str) -> Vec<String> {
    for seed in SEEDS {
        let output = learn_in(
            dir,
            &[
                "check",
                exercise,
                "--solution",
                "--json",
                "--seed",
                seed,
                "--timeout",
                TIMEOUT,
            ],
        );
        let verdict = json(&output);
        let failed: Vec<String> = verdict["scenarios"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|s| s["passed"] == false)
            .filter_map(|s| s["name"].as_str().map(str::to_string))
            .collect();
        if verdict["passed"] != true {
            assert!(
                !failed.is_empty() || verdict["build_error"].is_string(),
                "{exercise}: a failed check names what failed:\n{verdict:#}"
            );
            return failed;
        }
    }
    Vec::new()
}

fn recorded_mutants_are_listed() {
    let mutants = recorded().unwrap_or_else(|e| panic!("{e}"));
    assert!(!mutants.is_empty(), "mutants/recorded.toml lists mutants");
}

/// Every recorded mutant of one exercise, in a course copy of its own.
fn mutants_stay_killed(mutants: &[Mutant]) {
    let course = course_copy();
    for mutant in mutants {
        let path = course.path().join(&mutant.file);
        let original =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", mutant.file));
        assert_eq!(
            original.matches(&mutant.find).count(),
            1,
            "{}: `{}` must occur exactly once (update mutants/recorded.toml)",
            mutant.file,
            mutant.find
        );
        std::fs::write(&path, original.replace(&mutant.find, &mutant.replace)).expect("write");
        let failed = failed_scenarios(course.path(), &mutant.exercise);
        std::fs::write(&path, &original).expect("restore");
        assert!(
            failed.contains(&mutant.scenario),
            "{}: the mutant `{}` -> `{}` must fail scenario `{}`; failed: {failed:?}",
            mutant.exercise,
            mutant.find,
            mutant.replace,
            mutant.scenario
        );
    }
}

fn the_mutated_solution_passes_its_check() {
    let exercise = std::env::var("LEARN_MUTANTS_EXERCISE")
        .expect("LEARN_MUTANTS_EXERCISE names the exercise whose solution is mutated");
    let failed = failed_scenarios(&repo(), &exercise);
    assert!(failed.is_empty(), "{exercise}: failed {failed:?}");
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Test, test};
    let mut tests = vec![
        test!(recorded_mutants_are_listed),
        test!(the_mutated_solution_passes_its_check)
            .ignored("run by mutants/run under cargo-mutants, with LEARN_MUTANTS_EXERCISE set"),
    ];
    // Read when the tests are listed; a file that does not parse fails the
    // listing test above with its message.
    let mut by_exercise: std::collections::BTreeMap<String, Vec<Mutant>> = Default::default();
    for mutant in recorded().unwrap_or_default() {
        by_exercise
            .entry(mutant.exercise.clone())
            .or_default()
            .push(mutant);
    }
    for (exercise, mine) in by_exercise {
        tests.push(Test::new(
            format!("mutants::recorded_mutants_stay_killed::{exercise}"),
            move || mutants_stay_killed(&mine),
        ));
    }
    tests
}

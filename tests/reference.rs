//! Every reference solution passes its exercise, on several seeds; every
//! exercise file as shipped fails its own check.

mod common;
use common::*;

const SEEDS: [&str; 3] = ["1", "2", "1234567"];

#[test]
fn every_reference_solution_passes_on_several_seeds() {
    let exercises = exercises();
    assert!(exercises.len() >= 2, "the lesson has exercises");
    for (id, _) in &exercises {
        for seed in SEEDS {
            let output = learn(&["check", id, "--solution", "--json", "--seed", seed]);
            let verdict = json(&output);
            assert_eq!(
                verdict["passed"], true,
                "{id} --solution, seed {seed}:\n{verdict:#}"
            );
            assert_eq!(code(&output), 0);
            assert!(
                verdict["scenarios"]
                    .as_array()
                    .is_some_and(|s| !s.is_empty()),
                "{id} has scenarios"
            );
        }
    }
}

#[test]
fn every_exercise_as_shipped_fails_its_check() {
    for (id, _) in exercises() {
        for seed in SEEDS {
            let output = learn(&["check", &id, "--json", "--seed", seed]);
            let verdict = json(&output);
            assert_eq!(
                verdict["passed"], false,
                "pristine {id} passed on seed {seed}"
            );
            assert_eq!(code(&output), 1, "a failed check exits 1");
            let scenarios = verdict["scenarios"].as_array().expect("scenarios");
            assert!(
                scenarios.iter().all(|s| s["passed"] == false),
                "pristine {id}: every scenario fails"
            );
        }
    }
}

#[test]
fn the_exercises_come_in_order() {
    let list = json(&learn(&["list", "--json"]));
    let ids: Vec<&str> = list
        .as_array()
        .expect("array")
        .iter()
        .filter(|s| s["kind"] == "exercise")
        .filter_map(|s| s["id"].as_str())
        .collect();
    assert_eq!(
        ids,
        [
            "message-kinds",
            "id-echo",
            "notification-silence",
            "request-meta",
            "tool-errors",
            "input-required",
            "reserved-keys",
            "client-ids",
            "capstone",
            "http-status"
        ]
    );
    let numbers: Vec<u64> = list
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|s| s["number"].as_u64())
        .collect();
    assert_eq!(numbers, (1..=10).collect::<Vec<_>>());
}

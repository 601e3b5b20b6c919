//! Every reference solution passes its exercise, on several seeds; every
//! exercise file as shipped fails its own check (through `learn dev check
//! --run`, which authors run too).

mod common;
use common::*;

/// `learn dev check --run` plays every exercise as shipped and every
/// solution on three seeds.
#[test]
fn every_reference_solution_passes_and_every_exercise_as_shipped_fails() {
    let output = learn(&["dev", "check", "--run"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    for (id, _) in exercises() {
        assert!(
            stderr(&output).contains(&format!("checked {id} on 3 seeds")),
            "{id} was played:\n{}",
            stderr(&output)
        );
    }
}

/// The same run names a solution that fails and an exercise that passes
/// before the learner has written anything.
#[test]
fn dev_check_run_names_a_failing_solution_and_a_passing_exercise() {
    let course = course_copy();
    let root = course.path();
    // The id-echo solution becomes the unsolved file, and the
    // notification-silence exercise becomes solved.
    std::fs::copy(
        root.join("exercises/02_id-echo.rs"),
        root.join("solutions/02_id-echo.rs"),
    )
    .expect("copy");
    std::fs::copy(
        root.join("solutions/03_notification-silence.rs"),
        root.join("exercises/03_notification-silence.rs"),
    )
    .expect("copy");
    let output = learn_in(root, &["dev", "check", "--run"]);
    assert_eq!(code(&output), 2);
    let err = stderr(&output);
    assert!(
        err.contains("the solution solutions/02_id-echo.rs fails `"),
        "{err}"
    );
    assert!(
        err.contains("exercises/03_notification-silence.rs as shipped already passes `"),
        "{err}"
    );
    assert!(!err.contains("capstone.toml"), "{err}");
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

//! Every reference solution passes its exercise, on several seeds; every
//! exercise file as the lesson ships it fails its own check (through `learn
//! dev check --run`, which authors run too). The lesson's own copies are
//! played, not the learner's files in `exercises/`.

use crate::common::*;

/// `learn dev check --run` plays every exercise as shipped and every
/// solution on three seeds.
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

/// `dev check --run` names a solution that fails and a lesson's exercise
/// that passes before the learner has written anything; it plays the
/// lesson's own copies, so an exercise a learner solved in their checkout
/// changes nothing. On the one-exercise fixture course (std only, built in
/// seconds), made buildable: a workspace at its root, its package named as
/// learn builds it.
fn dev_check_run_names_a_failing_solution_and_a_passing_exercise() {
    use crate::common::class::{ECHO_SOLVED, echo_as_shipped};
    let course = tempfile::tempdir().expect("temp dir");
    let root = course.path();
    copy_tree(&repo().join("tests/fixtures/course"), root);
    std::fs::write(
        root.join("Cargo.toml"),
        "[workspace]\nmembers = [\"exercises\"]\nresolver = \"3\"\n",
    )
    .expect("a workspace");
    let manifest = root.join("exercises/Cargo.toml");
    let text = std::fs::read_to_string(&manifest).expect("the exercises' manifest");
    std::fs::write(
        &manifest,
        text.replace("name = \"fixture-exercises\"", "name = \"learn-exercises\""),
    )
    .expect("write");
    let write = |path: &str, text: &str| std::fs::write(root.join(path), text).expect("write");
    let shipped = "lessons/basics/exercises/01_echo.rs";
    let (learners, solution) = ("exercises/01_echo.rs", "solutions/01_echo.rs");

    // The solution is the unsolved file, the lesson ships a solved one, and
    // the learner's own copy is unsolved.
    write(solution, &echo_as_shipped());
    write(shipped, ECHO_SOLVED);
    write(learners, &echo_as_shipped());
    let output = learn_in(root, &["dev", "check", "--run"]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    let err = stderr(&output);
    let problems: Vec<&str> = err.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(problems.len(), 2, "{err}");
    assert!(
        problems[0].contains("the solution solutions/01_echo.rs fails `"),
        "{err}"
    );
    assert!(
        problems[1].contains("lessons/basics/exercises/01_echo.rs as shipped already passes `"),
        "{err}"
    );

    // Right again, with the learner's copy solved: nothing to say.
    write(solution, ECHO_SOLVED);
    write(shipped, &echo_as_shipped());
    write(learners, ECHO_SOLVED);
    let output = learn_in(root, &["dev", "check", "--run"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert!(
        stderr(&output).contains("checked echo on 3 seeds"),
        "{}",
        stderr(&output)
    );
}

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
            "http-status",
            "cache-hints",
            "pagination",
            "subscriptions",
            "input-rounds",
            "signed-state",
            "conformant-server",
            "first-client",
            "catalog-client",
            "input-client",
            "stream-client",
            "capstone-client"
        ]
    );
    let numbers: Vec<u64> = list
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|s| s["number"].as_u64())
        .collect();
    assert_eq!(numbers, (1..=21).collect::<Vec<_>>());
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(every_reference_solution_passes_and_every_exercise_as_shipped_fails),
        test!(dev_check_run_names_a_failing_solution_and_a_passing_exercise),
        test!(the_exercises_come_in_order),
    ]
}

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

/// The same run names a solution that fails and a lesson's exercise that
/// passes before the learner has written anything; it plays the lesson's own
/// copies, so exercises a learner solved in their checkout change nothing.
fn dev_check_run_names_a_failing_solution_and_a_passing_exercise() {
    let course = course_copy();
    let root = course.path();
    let lesson = root.join("lessons/mcp-messages/exercises");
    // The id-echo solution becomes the unsolved file, and the lesson's
    // notification-silence exercise becomes solved.
    std::fs::copy(
        lesson.join("02_id-echo.rs"),
        root.join("solutions/02_id-echo.rs"),
    )
    .expect("copy");
    std::fs::copy(
        root.join("solutions/03_notification-silence.rs"),
        lesson.join("03_notification-silence.rs"),
    )
    .expect("copy");
    // A learner solved every exercise in their own copy.
    for (id, _) in exercises() {
        let file = std::fs::read_dir(root.join("solutions"))
            .expect("solutions")
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .find(|name| name.ends_with(&format!("_{id}.rs")))
            .expect("a solution file");
        std::fs::copy(
            root.join("solutions").join(&file),
            root.join("exercises").join(&file),
        )
        .expect("solve");
    }
    let output = learn_in(root, &["dev", "check", "--run"]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    let err = stderr(&output);
    let problems: Vec<&str> = err.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(problems.len(), 2, "{err}");
    assert!(
        problems[0].contains("the solution solutions/02_id-echo.rs fails `"),
        "{err}"
    );
    assert!(
        problems[1].contains(
            "lessons/mcp-messages/exercises/03_notification-silence.rs as shipped already passes `"
        ),
        "{err}"
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
            "conformant-server"
        ]
    );
    let numbers: Vec<u64> = list
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|s| s["number"].as_u64())
        .collect();
    assert_eq!(numbers, (1..=16).collect::<Vec<_>>());
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(every_reference_solution_passes_and_every_exercise_as_shipped_fails),
        test!(dev_check_run_names_a_failing_solution_and_a_passing_exercise),
        test!(the_exercises_come_in_order),
    ]
}

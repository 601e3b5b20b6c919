//! `learn grade` on small classes of the one-exercise fixture course: paths
//! given relative to where the teacher stands, and students whose folders
//! could hang, balloon or stop the grader. One bad student never stops the
//! class or costs another student a mark.
//!
//! Needs bubblewrap: skipped with one line when `bwrap` is missing, a
//! failure when `CI` is set (`.ci/run` installs it).

#[path = "common/class.rs"]
mod class;
mod common;
#[path = "common/sandbox.rs"]
mod sandbox;
use class::*;
use common::*;
use sandbox::sandbox_available;
use serde_json::Value;
use std::path::Path;
use std::time::Duration;

/// Each student's score in a JSON report, by name.
fn scores(report: &Value) -> Vec<(String, u64)> {
    report["submissions"]
        .as_array()
        .expect("submissions")
        .iter()
        .map(|s| {
            (
                s["name"].as_str().expect("name").to_string(),
                s["score"].as_u64().expect("score"),
            )
        })
        .collect()
}

fn named<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["submissions"]
        .as_array()
        .expect("submissions")
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no {name} in {report}"))
}

/// A grader (`course/`) and a class (`class/`) under `base`, alice having
/// solved the exercise and bob not.
fn class_of_two(base: &Path) {
    fixture_grader(&base.join("course"));
    student(&base.join("class"), "alice", ECHO_FILE, ECHO_SOLVED);
    student(&base.join("class"), "bob", ECHO_FILE, &echo_as_shipped());
}

/// `--root course`, relative: every sandbox binds the course's folders by
/// path, and a relative one once made every compile fail (0 for a student
/// with full marks, exit 1 as if the class had simply done badly).
#[test]
fn a_relative_root_grades_as_an_absolute_one() {
    if !sandbox_available() {
        return;
    }
    let base = tempfile::tempdir().expect("temp dir");
    class_of_two(base.path());
    let output = learn_within(
        base.path(),
        &[
            "--root",
            "course",
            "grade",
            "class/alice",
            "class/bob",
            "--timeout",
            "3",
            "--format",
            "json",
        ],
        Duration::from_secs(120),
    );
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let report = json(&output);
    assert_eq!(
        scores(&report),
        [("alice".to_string(), ECHO_POINTS), ("bob".to_string(), 0)],
        "{report}"
    );
    assert!(named(&report, "alice")["exercises"][0]["build_error"].is_null());
}

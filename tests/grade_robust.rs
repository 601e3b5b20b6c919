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
use std::fs;
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

/// Folders a student controls the inside of: a FIFO at `.git/HEAD` (reading
/// it for the commit once blocked the whole class), a link from it to
/// `/dev/zero` (once read without end), and a second path to a classmate's
/// folder (once stopped the class before it started). Each is graded for
/// what its exercise files earn; nobody else loses anything.
#[cfg(unix)]
#[test]
fn a_students_git_folder_or_a_duplicate_folder_stops_nothing() {
    if !sandbox_available() {
        return;
    }
    let base = tempfile::tempdir().expect("temp dir");
    let class = base.path().join("class");
    fixture_grader(&base.path().join("course"));
    let hash = "89abcdef0123456789abcdef0123456789abcdef";
    for name in ["fifo", "zero", "plain"] {
        let dir = student(&class, name, ECHO_FILE, ECHO_SOLVED);
        fs::create_dir_all(dir.join(".git")).expect(".git");
    }
    let made = std::process::Command::new("mkfifo")
        .arg(class.join("fifo/.git/HEAD"))
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    std::os::unix::fs::symlink("/dev/zero", class.join("zero/.git/HEAD")).expect("link");
    fs::write(class.join("plain/.git/HEAD"), format!("{hash}\n")).expect("write");
    std::os::unix::fs::symlink(class.join("plain"), class.join("twin")).expect("link");
    let output = learn_within(
        base.path(),
        &[
            "--root",
            "course",
            "grade",
            "class/fifo",
            "class/zero",
            "class/plain",
            "class/twin",
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
        [
            ("fifo".to_string(), ECHO_POINTS),
            ("zero".to_string(), ECHO_POINTS),
            ("plain".to_string(), ECHO_POINTS),
            ("twin".to_string(), 0),
        ],
        "{report}"
    );
    assert!(named(&report, "fifo")["commit"].is_null());
    assert!(named(&report, "zero")["commit"].is_null());
    assert_eq!(named(&report, "plain")["commit"], hash);
    let twin = named(&report, "twin")["exercises"][0]["build_error"]
        .as_str()
        .expect("why twin was not graded")
        .to_string();
    assert!(twin.contains("same folder as class/plain"), "{twin}");
}

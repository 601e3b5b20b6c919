//! What one student can cost the grader (issue 36): run time (item 7).

use crate::common::course::course;
use crate::common::*;
use crate::grade_isolation::{Keyring, echo, echo_student, grade, solution};
use std::fs;
use std::time::Instant;

/// A program that reads nothing, answers nothing and never ends.
const NEVER_ANSWERS: &str = "fn main() {\n    loop {\n        std::thread::sleep(std::time::Duration::from_secs(60));\n    }\n}\n";

/// The seconds of "checked N in S s." on stderr.
fn check_seconds(err: &str) -> f64 {
    err.lines()
        .find_map(|line| {
            let (_, after) = line.split_once("; checked ")?;
            let (_, seconds) = after.split_once(" in ")?;
            seconds.trim_end_matches(" s.").parse().ok()
        })
        .unwrap_or_else(|| panic!("no timing line:\n{err}"))
}

/// Item 7: a student whose programs for exercises 1 to 3 never answer,
/// graded with `--timeout 2` and a budget of 6 s: the checking ends in
/// about the budget (without one, about 2 s for every two of their ~40
/// scenarios), the scenarios past it say that time ran out, and an honest
/// classmate graded after them has the whole budget of their own.
fn a_student_s_scenarios_stop_when_their_budget_is_spent() {
    let class = tempfile::tempdir().expect("temp dir");
    let silent = echo_student(class.path(), "silent", NEVER_ANSWERS);
    let mut scenarios = 0;
    for e in course().into_iter().filter(|e| e.number <= 3) {
        fs::write(silent.join("exercises").join(&e.file), NEVER_ANSWERS).expect("write");
        let toml = repo()
            .join("lessons")
            .join(&e.lesson)
            .join("exercises")
            .join(format!("{}.toml", e.id));
        let text = fs::read_to_string(&toml).expect("the exercise's scenarios");
        scenarios += text.lines().filter(|l| l.trim() == "[[scenario]]").count();
    }
    let honest = echo_student(class.path(), "honest", &solution(&echo()));
    let started = Instant::now();
    let (report, err) = grade(
        &[&silent, &honest],
        None,
        &["--student-budget", "6"],
        Keyring::Inherited,
    );
    let wall = started.elapsed().as_secs_f64();
    let checked = check_seconds(&err);
    assert!(
        scenarios >= 20,
        "exercises 1 to 3 have {scenarios} scenarios"
    );
    // The silent student's 6 s, the honest one's few, and the odd scenario
    // started just before the budget ended.
    assert!(
        checked < 12.0,
        "checking took {checked:.1} s (the whole run {wall:.1} s), over a budget of 6 s:\n{err}"
    );
    let submissions = report["submissions"].as_array().expect("submissions");
    let by_name = |name: &str| {
        submissions
            .iter()
            .find(|s| s["name"] == name)
            .unwrap_or_else(|| panic!("{name} is reported"))
    };
    let ran_out = by_name("silent")["exercises"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|e| e["scenarios"].as_array().into_iter().flatten())
        .filter(|c| {
            c["message"]
                .as_str()
                .is_some_and(|m| m.contains("Time ran out") && m.contains("--student-budget"))
        })
        .count();
    assert!(
        ran_out * 2 >= scenarios,
        "{ran_out} of {scenarios} scenarios say that time ran out:\n{report:#}"
    );
    let honest = by_name("honest");
    assert!(
        honest["score"].as_u64() > Some(0),
        "the honest student earns exercise 2:\n{honest:#}"
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    vec![test!(a_student_s_scenarios_stop_when_their_budget_is_spent).needs(Tool::Sandbox)]
}

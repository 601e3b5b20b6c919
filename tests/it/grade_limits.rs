//! What one student can cost the grader (issue 36): disk (item 6) and run
//! time (item 7).

use crate::common::class::course_grader;
use crate::common::course::course;
use crate::common::*;
use crate::grade_isolation::{Keyring, echo, echo_student, grade, solution};
use serde_json::Value;
use std::fs;
use std::path::Path;
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

/// Bytes of the files in `dir`.
fn bytes_in(dir: &Path) -> u64 {
    fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.metadata().ok())
        .map(|m| m.len())
        .sum()
}

/// Item 6: what `target/grade/bin` keeps between gradings is capped
/// (`--cache-limit`, least recently used first out), and a grader that
/// cannot keep a program it built (its disk full; here `target/grade/bin`
/// read-only, a bind mount in a mount namespace of the test's own, since
/// file modes stop no root) stops with exit 2 and says it is the grader's
/// fault, where it once told an honest student their file did not compile.
fn the_program_cache_is_capped_and_its_write_failures_are_the_grader_s() {
    assert!(
        std::process::Command::new("unshare")
            .args(["--mount", "true"])
            .status()
            .is_ok_and(|s| s.success()),
        "this test needs `unshare --mount` (root)"
    );
    let kept = kept_folder("grade-cache");
    let grader = kept.path.join("grader");
    course_grader(&grader);
    let class = kept.path.join("class");
    let _ = fs::remove_dir_all(&class);
    let bin = grader.join("target/grade/bin");
    // Files no grading has seen: each builds a program of its own.
    let nonce = format!("{}-{:?}", std::process::id(), Instant::now());
    let e = echo();
    let own = |name: &str| {
        let text = format!("{}\n// {name} {nonce}\n", solution(&e));
        echo_student(&class, name, &text)
    };
    let work = grader.join("target/grade/work");
    let grade = |students: &[&Path], extra: &[&str], disk: Disk| {
        let learn = env!("CARGO_BIN_EXE_learn");
        let mount = match disk {
            Disk::AsItIs => String::new(),
            Disk::ReadOnlyCache => format!(
                "mount --bind '{b}' '{b}' && mount -o remount,bind,ro '{b}' && ",
                b = bin.display()
            ),
            // Where compiles write, a disk with 64 MiB free.
            Disk::NearlyFull => {
                let _ = fs::create_dir_all(&work);
                format!(
                    "mount -t tmpfs -o size=64m learn-test '{w}' && ",
                    w = work.display()
                )
            }
        };
        let script = format!("{mount}exec \"$0\" \"$@\"");
        let mut command = std::process::Command::new("unshare");
        for (name, value) in learn_command(&grader).get_envs() {
            match value {
                Some(value) => command.env(name, value),
                None => command.env_remove(name),
            };
        }
        command
            .current_dir(&grader)
            .args([
                "--mount",
                "--propagation",
                "private",
                "sh",
                "-c",
                &script,
                learn,
            ])
            .args(["grade", "--format", "json", "--seed", "5", "--jobs", "2"])
            .args(["--timeout", "2"])
            .args(extra)
            .args(students)
            .output()
            .expect("learn grade runs")
    };
    let students: Vec<_> = ["a", "b", "c", "d"].iter().map(|n| own(n)).collect();
    let refs: Vec<&Path> = students.iter().map(|p| p.as_path()).collect();
    let output = grade(&refs, &["--cache-limit", "3"], Disk::AsItIs);
    let err = stderr(&output);
    assert!(matches!(code(&output), 0 | 1), "{err}");
    let report: Value = serde_json::from_str(&stdout(&output)).expect("a JSON report");
    assert!(
        report["submissions"]
            .as_array()
            .is_some_and(|s| s.len() == 4 && s.iter().all(|s| s["score"] == e.points)),
        "every student earns exercise 2:\n{report:#}"
    );
    let kept_bytes = bytes_in(&bin);
    assert!(
        kept_bytes <= 3 << 20,
        "target/grade/bin keeps {kept_bytes} bytes under --cache-limit 3 (MiB)"
    );

    let late = own("late");
    for (disk, names) in [
        (Disk::ReadOnlyCache, "target/grade/bin"),
        (Disk::NearlyFull, "has 64 MiB free"),
    ] {
        let output = grade(&[&late], &[], disk);
        let err = stderr(&output);
        let out = stdout(&output);
        assert_eq!(code(&output), 2, "{err}\n{out}");
        assert!(
            err.contains(names) && err.contains("not a student's"),
            "the grader's own failure, named:\n{err}"
        );
        assert!(
            !out.contains("could not be compiled"),
            "a student was blamed:\n{out}"
        );
    }
}

/// Where `learn grade` writes, in the mount namespace it runs in.
#[derive(Clone, Copy)]
enum Disk {
    AsItIs,
    /// `target/grade/bin` read-only.
    ReadOnlyCache,
    /// A 64 MiB `tmpfs` where compiles write.
    NearlyFull,
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    vec![
        test!(a_student_s_scenarios_stop_when_their_budget_is_spent).needs(Tool::Sandbox),
        test!(the_program_cache_is_capped_and_its_write_failures_are_the_grader_s)
            .needs(Tool::Sandbox)
            .needs(Tool::Root),
    ]
}

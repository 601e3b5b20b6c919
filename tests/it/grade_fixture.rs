//! `learn grade` on small classes of the one-exercise fixture course (fast:
//! no crate to build, one scenario): paths given relative to where the
//! teacher stands; students whose folders could hang, balloon or stop the
//! grader (one bad student never stops the class or costs another student
//! a mark); exercises left untouched; every format from one grading.
//!
//! Needs bubblewrap: skipped with one line when `bwrap` is missing, a
//! failure when `CI` is set (`.ci/run` installs it).

use crate::common::class::*;
use crate::common::*;
use serde_json::Value;
use std::fs;
use std::path::Path;
use std::process::Output;
use std::time::Duration;

/// `learn --root course grade class/<student>... <options>` in `base`, each
/// scenario given 3 s unless `options` say otherwise; the test fails if it
/// takes over two minutes.
fn grade(base: &Path, students: &[&str], options: &[&str]) -> Output {
    let paths: Vec<String> = students.iter().map(|s| format!("class/{s}")).collect();
    let mut args = vec!["--root", "course", "grade"];
    args.extend(paths.iter().map(String::as_str));
    if !options.contains(&"--timeout") {
        args.extend(["--timeout", "3"]);
    }
    args.extend(options);
    learn_within(base, &args, Duration::from_secs(120))
}

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
fn a_relative_root_grades_as_an_absolute_one() {
    let base = tempfile::tempdir().expect("temp dir");
    class_of_two(base.path());
    let output = grade(base.path(), &["alice", "bob"], &["--format", "json"]);
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
fn a_students_git_folder_or_a_duplicate_folder_stops_nothing() {
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
    let output = grade(
        base.path(),
        &["fifo", "zero", "plain", "twin"],
        &["--format", "json"],
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

/// A constant whose evaluation never ends (the lint that stops long ones
/// is allowed): rustc loops until it is stopped.
const COMPILES_FOREVER: &str = "#![allow(long_running_const_eval)]\n\nconst SPIN: u64 = {\n    let mut i = 1u64;\n    while i != 0 {\n        i = i.wrapping_add(1);\n    }\n    i\n};\n\nfn main() {\n    println!(\"{SPIN}\");\n}\n";

/// A file that never finishes compiling costs that file: the student's
/// other file still compiles and earns its points (the loop once took the
/// student's whole build limit, and every file after it got nothing), a
/// classmate loses nothing, and grading again does not compile it again.
fn a_compile_time_loop_costs_only_its_file_and_only_once() {
    let base = tempfile::tempdir().expect("temp dir");
    two_exercise_grader(&base.path().join("course"));
    let class = base.path().join("class");
    for file in [ECHO_FILE, AGAIN_FILE] {
        student(&class, "alice", file, ECHO_SOLVED);
    }
    student(&class, "looper", ECHO_FILE, COMPILES_FOREVER);
    student(&class, "looper", AGAIN_FILE, ECHO_SOLVED);
    let run = || {
        grade(
            base.path(),
            &["alice", "looper"],
            &["--build-limit", "8", "--format", "json"],
        )
    };
    let first = run();
    assert_eq!(code(&first), 1, "{}", stderr(&first));
    let report = json(&first);
    assert_eq!(
        scores(&report),
        [
            ("alice".to_string(), 2 * ECHO_POINTS),
            ("looper".to_string(), ECHO_POINTS)
        ],
        "{report}"
    );
    let why = named(&report, "looper")["exercises"][0]["build_error"]
        .as_str()
        .expect("why the loop earned nothing")
        .to_string();
    assert!(
        why.contains("stopped after 2 s, a quarter of this student's build limit"),
        "{why}"
    );

    let again = run();
    assert_eq!(code(&again), 1, "{}", stderr(&again));
    let report = json(&again);
    assert_eq!(named(&report, "looper")["score"], ECHO_POINTS);
    let why = named(&report, "looper")["exercises"][0]["build_error"]
        .as_str()
        .expect("why")
        .to_string();
    assert!(
        why.contains("an earlier grading with a build limit of 8 s"),
        "{why}"
    );
}

/// The echo solution, after taking 400 MiB (under the sandbox's 512 MiB
/// per process) and holding it for a second.
fn hoarder() -> String {
    ECHO_SOLVED.replacen(
        "fn main() {\n",
        "fn main() {\n    let mut hoard = vec![0u8; 400 << 20];\n    for i in (0..hoard.len()).step_by(4096) {\n        hoard[i] = 1;\n    }\n    std::hint::black_box(&hoard);\n    std::thread::sleep(std::time::Duration::from_secs(1));\n",
        1,
    )
}

/// `--memory-limit`: what all of one student's processes hold at once. A
/// student over it earns nothing for what ran then, and the report says
/// why; a classmate under it is graded as usual. (Each process's own limit
/// lets the hoarder's program through: before the cap, it earned 5/5.)
fn a_student_over_the_memory_limit_is_stopped_alone() {
    // The cap needs a user per student, which only root can give.
    let base = tempfile::tempdir().expect("temp dir");
    fixture_grader(&base.path().join("course"));
    let class = base.path().join("class");
    student(&class, "alice", ECHO_FILE, ECHO_SOLVED);
    student(&class, "hoarder", ECHO_FILE, &hoarder());
    let output = grade(
        base.path(),
        &["alice", "hoarder"],
        &[
            "--memory-limit",
            "256",
            "--timeout",
            "5",
            "--format",
            "json",
        ],
    );
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let report = json(&output);
    assert_eq!(
        scores(&report),
        [
            ("alice".to_string(), ECHO_POINTS),
            ("hoarder".to_string(), 0)
        ],
        "{report}"
    );
    assert_eq!(named(&report, "hoarder")["over_memory_limit"], true);
    assert_eq!(named(&report, "alice")["over_memory_limit"], false);
}

/// An exercise left as the course ships it, or missing, is "not attempted":
/// nothing is compiled or run for it (it was compiled and run before, and
/// its `todo!()` read as a crash in every report). A file with other line
/// endings is the same file.
fn an_untouched_exercise_is_not_attempted_not_a_crash() {
    let base = tempfile::tempdir().expect("temp dir");
    class_of_two(base.path());
    let class = base.path().join("class");
    student(
        &class,
        "crlf",
        ECHO_FILE,
        &echo_as_shipped().replace('\n', "\r\n"),
    );
    fs::create_dir_all(class.join("empty")).expect("a folder with nothing");
    let output = grade(
        base.path(),
        &["alice", "bob", "crlf", "empty"],
        &["--format", "json"],
    );
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let report = json(&output);
    assert_eq!(named(&report, "alice")["exercises"][0]["status"], "passed");
    for (name, why) in [
        ("bob", "is as the course ships it"),
        ("crlf", "is as the course ships it"),
        ("empty", "is missing"),
    ] {
        let echo = &named(&report, name)["exercises"][0];
        assert_eq!(echo["status"], "not_attempted", "{name}: {echo}");
        assert!(
            echo["program_sha256"].is_null(),
            "nothing was built: {echo}"
        );
        assert_eq!(echo["scenarios_total"], 0, "nothing was run: {echo}");
        let reason = echo["build_error"].as_str().expect("why");
        assert!(
            reason.starts_with("not attempted: ") && reason.contains(why),
            "{reason}"
        );
    }
}

/// Every format from one grading: `--format` with several, into `--out`.
fn one_grading_writes_every_format() {
    let base = tempfile::tempdir().expect("temp dir");
    class_of_two(base.path());
    let output = grade(
        base.path(),
        &["alice", "bob"],
        &[
            "--format",
            "text,json,junit,csv,html,gradescope",
            "--out",
            "reports",
        ],
    );
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    assert_eq!(stdout(&output), "", "every report went to its file");
    let reports = base.path().join("reports");
    let read = |file: &str| {
        fs::read_to_string(reports.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
    };
    let report: Value = serde_json::from_str(&read("grades.json")).expect("JSON");
    assert_eq!(
        scores(&report),
        [("alice".to_string(), ECHO_POINTS), ("bob".to_string(), 0)]
    );
    assert!(
        read("grades.txt").contains("alice        5  5/5"),
        "{}",
        read("grades.txt")
    );
    assert!(
        read("grades.csv").contains("\r\nbob,,0,5,,1 echo: not attempted\r\n"),
        "{}",
        read("grades.csv")
    );
    assert!(read("grades.html").contains("<td>5/5</td>"));
    assert!(read("grades.xml").contains("<testsuite name=\"alice/echo\""));
    let alice: Value = serde_json::from_str(&read("gradescope/alice.json")).expect("JSON");
    assert_eq!(alice["score"], ECHO_POINTS);
    // The seed is the same in all: one grading.
    assert!(read("grades.xml").contains(&format!("value=\"{}\"", report["seed"])));
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    let mut tests = vec![
        test!(a_relative_root_grades_as_an_absolute_one).needs(Tool::Sandbox),
        test!(a_compile_time_loop_costs_only_its_file_and_only_once).needs(Tool::Sandbox),
        test!(a_student_over_the_memory_limit_is_stopped_alone)
            .needs(Tool::Sandbox)
            .needs(Tool::Root),
        test!(an_untouched_exercise_is_not_attempted_not_a_crash).needs(Tool::Sandbox),
        test!(one_grading_writes_every_format).needs(Tool::Sandbox),
    ];
    #[cfg(unix)]
    tests.push(
        test!(a_students_git_folder_or_a_duplicate_folder_stops_nothing).needs(Tool::Sandbox),
    );
    tests
}

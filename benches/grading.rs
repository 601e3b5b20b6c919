//! Grading benchmark: `learn grade` on a generated class against the naive
//! way, one `learn check <id>` per exercise per student, one after another,
//! each student in a fresh copy of the course (as a teacher with a folder
//! of clones would do it). Both start cold: no build cache of any kind.
//!
//!   cargo bench --bench grading               # 30 students, 3 runs of each way
//!   cargo bench --bench grading -- --quick    # 3 students, 1 run: a smoke test
//!   cargo bench --bench grading -- --students 10 --runs 2
//!
//! Prints each run's wall time, the medians and their ratio, and checks that
//! both ways agree on every exercise of every student.

#![allow(
    clippy::disallowed_macros,
    reason = "a test or bench binary prints its own results; the one output path is learn's"
)]

use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// What a clone of the course holds (cargo reads the root manifest, and so
/// its targets, whenever it builds the harness).
const COURSE_ITEMS: [&str; 8] = [
    "Cargo.toml",
    "src",
    "benches",
    "Cargo.lock",
    "lessons",
    "exercises",
    "solutions",
    "harness",
];

struct Settings {
    students: usize,
    runs: usize,
}

fn settings() -> Settings {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut settings = Settings {
        students: 30,
        runs: 3,
    };
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<usize>().ok())
    };
    if args.iter().any(|a| a == "--quick") {
        settings = Settings {
            students: 3,
            runs: 1,
        };
    }
    if let Some(n) = value("--students") {
        settings.students = n.max(1);
    }
    if let Some(n) = value("--runs") {
        settings.runs = n.max(1);
    }
    settings
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn learn() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_learn"));
    command
        .env("NO_COLOR", "1")
        .env("LANG", "C.UTF-8")
        .env_remove("LEARN_ROOT")
        .env_remove("LEARN_LANG");
    command
}

fn copy_tree(from: &Path, to: &Path) {
    if from.is_file() {
        fs::create_dir_all(to.parent().expect("parent")).expect("create folder");
        fs::copy(from, to).expect("copy file");
        return;
    }
    fs::create_dir_all(to).expect("create folder");
    for entry in fs::read_dir(from).expect("read folder") {
        let entry = entry.expect("entry");
        copy_tree(&entry.path(), &to.join(entry.file_name()));
    }
}

/// A fresh copy of the course: no `target/`, so nothing is built yet.
fn course_copy(to: &Path) {
    for item in COURSE_ITEMS {
        copy_tree(&repo().join(item), &to.join(item));
    }
}

/// (number, id, file) of every exercise, by number.
fn exercises() -> Vec<(i64, String, String)> {
    let dir = repo().join("lessons/01-mcp-messages/exercises");
    let mut all: Vec<(i64, String, String)> = fs::read_dir(dir)
        .expect("exercises")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| {
            let t: toml::Table =
                toml::from_str(&fs::read_to_string(&p).expect("read")).expect("toml");
            (
                t["number"].as_integer().expect("number"),
                t["id"].as_str().expect("id").into(),
                t["file"].as_str().expect("file").into(),
            )
        })
        .collect();
    all.sort();
    all
}

/// A class like a real one: student `i` solved the first `i % 10` exercises
/// and left the rest as given; every seventh has one file that does not compile.
fn write_class(dir: &Path, students: usize) -> Vec<PathBuf> {
    let exercises = exercises();
    (0..students)
        .map(|i| {
            let student = dir.join(format!("student-{:02}", i + 1));
            fs::create_dir_all(student.join("exercises")).expect("create");
            for (number, _, file) in &exercises {
                let from = if (*number as usize) <= i % 10 {
                    "solutions"
                } else {
                    "exercises"
                };
                fs::copy(
                    repo().join(from).join(file),
                    student.join("exercises").join(file),
                )
                .expect("copy");
            }
            if i % 7 == 6 {
                let (_, _, file) = &exercises[1];
                fs::write(
                    student.join("exercises").join(file),
                    "fn main() { let x: u8 = \"no\"; }\n",
                )
                .expect("write");
            }
            student
        })
        .collect()
}

/// Pass/fail of every (student, exercise), to prove both ways agree.
type Verdicts = Vec<Vec<bool>>;

fn grade_way(class: &[PathBuf], work: &Path) -> (f64, Verdicts) {
    let grader = work.join("grader");
    course_copy(&grader);
    let report = work.join("report.json");
    let started = Instant::now();
    let output = learn()
        .arg("--root")
        .arg(&grader)
        .args([
            "grade",
            "--format",
            "json",
            "--seed",
            "1",
            "--timeout",
            "5",
            "--out",
        ])
        .arg(&report)
        .args(class)
        .output()
        .expect("learn grade runs");
    let seconds = started.elapsed().as_secs_f64();
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "learn grade failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value =
        serde_json::from_str(&fs::read_to_string(&report).expect("report")).expect("json");
    assert_eq!(
        report["sandboxed"], true,
        "learn grade must run sandboxed (install bubblewrap)"
    );
    // The class holds lesson 1's exercises: the report's others are missing.
    let ids: Vec<String> = exercises().into_iter().map(|(_, id, _)| id).collect();
    let verdicts = report["submissions"]
        .as_array()
        .expect("submissions")
        .iter()
        .map(|s| {
            s["exercises"]
                .as_array()
                .expect("exercises")
                .iter()
                .filter(|e| ids.iter().any(|id| e["id"] == id.as_str()))
                .map(|e| e["passed"] == true)
                .collect()
        })
        .collect();
    let _ = fs::remove_dir_all(&grader);
    (seconds, verdicts)
}

fn naive_way(class: &[PathBuf], work: &Path) -> (f64, Verdicts) {
    let exercises = exercises();
    let started = Instant::now();
    let mut verdicts = Vec::new();
    for (i, student) in class.iter().enumerate() {
        let copy = work.join(format!("naive-{i:02}"));
        course_copy(&copy);
        for (_, _, file) in &exercises {
            fs::copy(
                student.join("exercises").join(file),
                copy.join("exercises").join(file),
            )
            .expect("copy");
        }
        let mut row = Vec::new();
        for (_, id, _) in &exercises {
            let output = learn()
                .arg("--root")
                .arg(&copy)
                .args(["check", id, "--json", "--seed", "1", "--timeout", "5"])
                .output()
                .expect("learn check runs");
            assert!(
                matches!(output.status.code(), Some(0 | 1)),
                "learn check failed:\n{}",
                String::from_utf8_lossy(&output.stderr)
            );
            row.push(output.status.code() == Some(0));
        }
        verdicts.push(row);
        let _ = fs::remove_dir_all(&copy);
    }
    (started.elapsed().as_secs_f64(), verdicts)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}

fn main() {
    let settings = settings();
    let work = tempfile::tempdir().expect("temp dir");
    let class = write_class(&work.path().join("class"), settings.students);
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    println!(
        "grading benchmark: {} students x {} exercises, {} run(s) of each way, {cpus} CPUs",
        settings.students,
        exercises().len(),
        settings.runs
    );
    let (mut graded, mut naive) = (Vec::new(), Vec::new());
    for run in 1..=settings.runs {
        let (seconds, grade_verdicts) = grade_way(&class, work.path());
        println!("  run {run}: learn grade      {seconds:8.1} s");
        graded.push(seconds);
        let (seconds, naive_verdicts) = naive_way(&class, work.path());
        println!("  run {run}: naive (check)    {seconds:8.1} s");
        naive.push(seconds);
        assert_eq!(
            grade_verdicts, naive_verdicts,
            "both ways must agree on every exercise"
        );
    }
    let (graded, naive) = (median(&mut graded), median(&mut naive));
    println!(
        "median: learn grade {graded:.1} s, naive {naive:.1} s, ratio {:.3} (goal: at most 0.4)",
        graded / naive
    );
}

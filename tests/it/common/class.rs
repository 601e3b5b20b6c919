//! A small class for `learn grade` on the one-exercise fixture course
//! (`tests/fixtures/course`, exercise `echo`, 5 points): a grader's copy of
//! it, students' folders, a solution that passes, and `learn` run with a
//! deadline (a grading that hangs fails the test instead of hanging it).

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The fixture's one exercise file.
pub const ECHO_FILE: &str = "01_echo.rs";
pub const ECHO_POINTS: u64 = 5;

/// Passes the fixture's `echo` scenarios without any crate: answers each
/// line that has an id with an empty result carrying that id.
pub const ECHO_SOLVED: &str = r#"use std::io::{BufRead, Write};

fn main() {
    let mut out = std::io::stdout();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if let Some(id) = id_of(&line) {
            let _ = writeln!(out, "{{\"jsonrpc\": \"2.0\", \"id\": {id}, \"result\": {{}}}}");
            let _ = out.flush();
        }
    }
}

/// The first `"id"` member's value: a number, or a string with no quote inside.
fn id_of(line: &str) -> Option<&str> {
    let rest = line[line.find("\"id\":")? + 5..].trim_start();
    let end = match rest.strip_prefix('"') {
        Some(string) => string.find('"')? + 2,
        None => rest.find([',', '}'])?,
    };
    Some(rest[..end].trim_end())
}
"#;

/// The fixture's exercise as shipped (a `todo!()`).
pub fn echo_as_shipped() -> String {
    fs::read_to_string(
        super::repo().join("tests/fixtures/course/lessons/basics/exercises/01_echo.rs"),
    )
    .expect("the fixture's exercise")
}

/// A grader's copy of the repository's course at `at`: what `learn grade`
/// reads (sources, lessons, exercises, solutions), refreshed where an
/// earlier run left one, and no learner progress. Its `target/grade` stays,
/// so a kept folder compiles the dependencies once.
pub fn course_grader(at: &Path) {
    // A clean clone has no target folder yet.
    fs::create_dir_all(at).expect("grader folder");
    for item in [
        "Cargo.toml",
        "Cargo.lock",
        "src",
        "benches",
        "lessons",
        "exercises",
        "solutions",
        "harness",
    ] {
        let _ = fs::remove_dir_all(at.join(item));
        let _ = fs::remove_file(at.join(item));
        super::copy_tree(&super::repo().join(item), &at.join(item));
    }
    let _ = fs::remove_file(at.join(".learn-progress.toml"));
}

/// A grader's copy of the fixture course at `at`.
pub fn fixture_grader(at: &Path) {
    super::copy_tree(&super::repo().join("tests/fixtures/course"), at);
}

/// A student folder `class/name` whose `exercises/<file>` holds `text`.
pub fn student(class: &Path, name: &str, file: &str, text: &str) -> PathBuf {
    let dir = class.join(name);
    let path = dir.join("exercises").join(file);
    fs::create_dir_all(path.parent().expect("parent")).expect("create folder");
    fs::write(&path, text).expect("write");
    dir
}

/// `learn` in `dir`; killed, and the test failed, when it takes over `limit`.
pub fn learn_within(dir: &Path, args: &[&str], limit: Duration) -> Output {
    let mut command = super::learn_command(dir);
    command.args(args);
    within(command, limit)
}

/// Runs `command` with its output kept; kills it and fails after `limit`.
pub fn within(mut command: Command, limit: Duration) -> Output {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command starts");
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut kept = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut kept);
            }
            kept
        })
    };
    let out = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command:?} did not end within {} s", limit.as_secs());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    }
}

/// The second exercise of `two_exercise_grader`'s course.
pub const AGAIN_FILE: &str = "02_echo-again.rs";

/// A grader's copy of the fixture course with a second exercise,
/// `echo-again` (number 2, 5 points, the same scenarios as `echo`).
pub fn two_exercise_grader(at: &Path) {
    fixture_grader(at);
    let exercises = at.join("lessons/basics/exercises");
    let echo = fs::read_to_string(exercises.join("echo.toml")).expect("echo.toml");
    let again = echo
        .replace("id = \"echo\"", "id = \"echo-again\"")
        .replace("number = 1", "number = 2")
        .replace(ECHO_FILE, AGAIN_FILE);
    fs::write(exercises.join("echo-again.toml"), again).expect("write");
    fs::copy(exercises.join(ECHO_FILE), exercises.join(AGAIN_FILE)).expect("copy");
    let solutions = at.join("solutions");
    fs::copy(solutions.join(ECHO_FILE), solutions.join(AGAIN_FILE)).expect("copy");
    let lesson = at.join("lessons/basics/lesson.toml");
    let text = fs::read_to_string(&lesson).expect("lesson.toml");
    let text = text.replace(
        "  { exercise = \"echo\" },\n",
        "  { exercise = \"echo\" },\n  { exercise = \"echo-again\" },\n",
    );
    fs::write(&lesson, text).expect("write");
}

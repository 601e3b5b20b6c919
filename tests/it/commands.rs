//! The smaller commands on a real course copy: `run` hands stdio to the
//! program, `solution` waits until solved, `progress` counts steps
//! (`reset` has its own file, tests/it/reset.rs).

use crate::common::*;
use std::io::Write;
use std::process::{Command, Stdio};

fn run_gives_stdout_to_the_program_alone() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_learn"))
        .args(["run", "id-echo", "--solution"])
        .current_dir(repo())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"tools/list\"}\n")
        .expect("write");
    let output = child.wait_with_output().expect("run ends");
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        1,
        "only the program's one response is on stdout: {out:?}"
    );
    let response: serde_json::Value = serde_json::from_str(lines[0]).expect("a JSON line");
    assert_eq!(response["id"], "x");
    assert!(
        stderr(&output).contains("Type one JSON message per line"),
        "our words go to stderr"
    );
}

fn solution_is_shown_after_solving_or_with_force() {
    let course = course_copy();
    let dir = course.path();
    let refused = learn_in(dir, &["solution", "id-echo"]);
    assert_eq!(code(&refused), 2);
    assert!(stderr(&refused).contains("--force"));
    let forced = learn_in(dir, &["solution", "id-echo", "--force"]);
    assert_eq!(code(&forced), 0);
    assert!(stdout(&forced).contains("fn is_usable_id"));
    std::fs::copy(
        dir.join("solutions/02_id-echo.rs"),
        dir.join("exercises/02_id-echo.rs"),
    )
    .expect("solve");
    assert_eq!(code(&learn_in(dir, &["check", "id-echo"])), 0);
    assert_eq!(code(&learn_in(dir, &["solution", "id-echo"])), 0);
}

fn progress_counts_done_steps_per_objective() {
    let course = course_copy();
    let dir = course.path();
    // The opening (one reading), then the first two steps of objective 1.
    for _ in 0..3 {
        learn_in(dir, &["next"]);
    }
    let progress = json(&learn_in(dir, &["progress", "--json"]));
    assert_eq!(progress[0]["objective"], "opening");
    assert_eq!(progress[0]["done"], 1);
    assert_eq!(progress[0]["total"], 1);
    let first = &progress[1];
    assert_eq!(first["objective"], "wire-shapes");
    assert_eq!(first["done"], 2);
    assert!(first["total"].as_u64().is_some_and(|t| t > 2));
    let text = stdout(&learn_in(dir, &["progress"]));
    assert!(text.contains(" 2/"), "{text}");
}

fn a_closed_stdout_ends_quietly_as_sigpipe_would() {
    for args in [
        &["list"][..],
        &["progress", "--json"],
        &["glossary"],
        &["check", "id-echo", "--solution"],
        &["completions", "bash"],
    ] {
        // A pipe whose reader is already gone: every write fails with EPIPE.
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        let output = learn_command(&repo())
            .args(args)
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .expect("learn runs");
        let err = stderr(&output);
        assert!(!err.contains("panicked"), "learn {args:?}: {err}");
        assert_eq!(code(&output), 141, "learn {args:?}: {err}");
    }
}

fn a_mistyped_section_or_exercise_gets_a_suggestion_in_both_languages() {
    let output = learn(&["read", "o2-silense"]);
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains("Did you mean `o2-silence`?"),
        "{}",
        stderr(&output)
    );
    let output = learn(&["--lang", "zh", "read", "o2-silense"]);
    assert!(stderr(&output).contains("你是想输入 `o2-silence` 吗？"));
    let output = learn(&["--lang", "zh", "hint", "id-ecko"]);
    assert!(stderr(&output).contains("你是想输入 `id-echo` 吗？"));
    let output = learn(&["--lang", "zh", "quiz", "nope"]);
    assert!(
        stderr(&output).contains("没有名为 `nope` 的测验"),
        "{}",
        stderr(&output)
    );
    let output = learn(&["--lang", "zh", "glossary", "zzzz"]);
    assert!(
        stderr(&output).contains("术语表里没有与 `zzzz` 匹配的术语"),
        "{}",
        stderr(&output)
    );
    // Only the course's own sections are read, never a path.
    let output = learn(&["read", "../README"]);
    assert_eq!(code(&output), 2);
    assert!(stderr(&output).contains("there is no section `../README`"));
}

/// Marks every step before `exercise` done, so `learn next` shows it.
fn progress_up_to(dir: &std::path::Path, exercise: &str) {
    let list = json(&learn_in(dir, &["list", "--json"]));
    let mut done = Vec::new();
    for step in list.as_array().expect("steps") {
        if step["kind"] == "exercise" && step["id"] == exercise {
            break;
        }
        done.push(format!(
            "\"{}:{}\"",
            step["kind"].as_str().expect("kind"),
            step["id"].as_str().expect("id")
        ));
    }
    std::fs::write(
        dir.join(".learn-progress.toml"),
        format!("format_version = 1\ndone = [{}]\n", done.join(", ")),
    )
    .expect("progress");
}

fn an_exercise_screen_points_at_the_first_todo_and_speaks_to_cargo_run_users() {
    let course = course_copy();
    let dir = course.path();
    progress_up_to(dir, "capstone");
    let output = learn_in(dir, &["next"]);
    let out = stdout(&output);
    assert!(out.contains("Exercise 9 · capstone"), "{out}");
    // The first `todo!(` in code, not the one a doc comment mentions.
    let file = std::fs::read_to_string(dir.join("exercises/09_capstone.rs")).expect("read");
    let line = file
        .lines()
        .position(|l| l.contains("todo!(") && !l.trim_start().starts_with("//"))
        .expect("a todo")
        + 1;
    assert!(line > 5);
    assert!(out.contains(&format!("09_capstone.rs:{line}")), "{out}");
    assert!(!out.contains("cargo run -- check"), "installed: no tip");

    // Through `cargo run`, the screen says the command that works there.
    let output = learn_command(dir)
        .arg("next")
        .env("CARGO_PKG_NAME", "learn")
        .output()
        .expect("learn runs");
    assert!(
        stdout(&output).contains("type `cargo run -- check` where a screen says `learn check`"),
        "{}",
        stdout(&output)
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(run_gives_stdout_to_the_program_alone),
        test!(solution_is_shown_after_solving_or_with_force),
        test!(progress_counts_done_steps_per_objective),
        test!(a_closed_stdout_ends_quietly_as_sigpipe_would),
        test!(a_mistyped_section_or_exercise_gets_a_suggestion_in_both_languages),
        test!(an_exercise_screen_points_at_the_first_todo_and_speaks_to_cargo_run_users),
    ]
}

//! `learn watch` re-checks when the exercise file is saved and moves on to
//! the next exercise once it passes.

mod common;
use common::*;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[test]
fn watch_rechecks_on_save_and_moves_on() {
    let course = course_copy();
    let dir = course.path();
    let mut child = Command::new(env!("CARGO_BIN_EXE_learn"))
        .args(["watch", "--timeout", "3"])
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("LANG", "C")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("watch starts");
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let wait_for = |needle: &str, seen: &mut Vec<String>| -> bool {
        let deadline = Instant::now() + Duration::from_secs(120);
        while Instant::now() < deadline {
            match rx.recv_timeout(Duration::from_millis(200)) {
                Ok(line) => {
                    let hit = line.contains(needle);
                    seen.push(line);
                    if hit {
                        return true;
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => return false,
            }
        }
        false
    };
    let mut seen = Vec::new();
    let first = exercises().into_iter().next().expect("an exercise").0;
    let ok = wait_for("Watching", &mut seen);
    let file = seen
        .iter()
        .find_map(|l| l.trim().strip_prefix("Watching "))
        .and_then(|rest| rest.split(' ').next())
        .map(str::to_string);
    if !ok || file.is_none() {
        let _ = child.kill();
        panic!(
            "watch checked the current exercise first:\n{}",
            seen.join("\n")
        );
    }
    let file = file.unwrap_or_default();
    // Save the reference solution over the exercise, as a learner's fix.
    let name = std::path::Path::new(&file)
        .file_name()
        .expect("file name")
        .to_owned();
    std::fs::copy(repo().join("solutions").join(&name), dir.join(&file)).expect("save");
    let solved = wait_for(&format!("Exercise {first} solved"), &mut seen);
    let moved_on = solved && wait_for("Watching", &mut seen);
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        solved,
        "the save triggered a passing check:\n{}",
        seen.join("\n")
    );
    assert!(
        moved_on,
        "watch went on to the next exercise:\n{}",
        seen.join("\n")
    );
    let next_file = seen
        .iter()
        .rev()
        .find_map(|l| l.trim().strip_prefix("Watching "))
        .unwrap_or_default();
    assert!(
        !next_file.starts_with(&file),
        "the next exercise is watched now: {next_file}"
    );
}

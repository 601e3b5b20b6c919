//! Ctrl-C (SIGINT) to `learn check` or `learn watch` while the learner's
//! program sleeps: nothing that program started outlives `learn`.

use crate::common::*;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// Process ids whose command line holds `marker`, from /proc.
fn processes_with(marker: &str) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|cmdline| {
                String::from_utf8_lossy(&cmdline)
                    .replace('\0', " ")
                    .contains(marker)
            })
        })
        .collect()
}

fn wait_until(within: Duration, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    done()
}

/// Sends SIGINT to `learn` once `marker` runs, and asserts that `learn`
/// exits with 130 and that no process holding `marker` is left.
/// `others` are more markers that must be gone too.
fn interrupt_and_check(mut learn: Child, marker: &str, expected_processes: usize, others: &[&str]) {
    let started = wait_until(Duration::from_secs(240), || {
        processes_with(marker).len() >= expected_processes
    });
    if !started {
        let _ = learn.kill();
        panic!("the sleeping program never started");
    }
    let pid = nix::unistd::Pid::from_raw(i32::try_from(learn.id()).expect("pid"));
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).expect("SIGINT");
    let exited = wait_until(Duration::from_secs(10), || {
        learn.try_wait().ok().flatten().is_some()
    });
    if !exited {
        let _ = learn.kill();
    }
    let status = learn.wait().expect("learn exits");
    let all = || -> Vec<u32> {
        std::iter::once(marker)
            .chain(others.iter().copied())
            .flat_map(processes_with)
            .collect()
    };
    let gone = wait_until(Duration::from_secs(2), || all().is_empty());
    let left = all();
    for pid in &left {
        let _ = nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(*pid as i32),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
    assert!(exited, "learn exits on SIGINT");
    assert_eq!(status.code(), Some(130), "exit code after SIGINT");
    assert!(gone, "processes left running after SIGINT: {left:?}");
}

fn sigint_to_check_stops_the_program_and_its_children() {
    let dir = tempfile::tempdir().expect("temp dir");
    let marker = "987.654321";
    let script = dir.path().join("sleepy.sh");
    // A program that starts a child and waits: two processes to stop.
    std::fs::write(&script, format!("sleep {marker} &\nsleep {marker}\n")).expect("script");
    let learn = learn_command(&repo())
        .args(["check", "id-echo", "--timeout", "120", "--json", "--cmd"])
        .arg(format!("sh {}", script.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("learn starts");
    interrupt_and_check(learn, marker, 2, &[]);
}

fn sigint_to_watch_stops_the_exercise_program() {
    let course = course_copy();
    let dir = course.path();
    let marker = "876.543219";
    let file = dir.join("exercises/01_message-kinds.rs");
    // A learner's exercise that starts a child and sleeps on.
    std::fs::write(
        &file,
        format!(
            "fn main() {{\n    let _child = std::process::Command::new(\"sleep\").arg(\"{marker}\").spawn();\n    std::thread::sleep(std::time::Duration::from_secs(300));\n}}\n"
        ),
    )
    .expect("exercise");
    mark_readings_done(dir);
    let learn = learn_command(dir)
        .args(["watch", "--timeout", "120"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("learn starts");
    // Each scenario runs its own copy: the first one is enough to wait for.
    // The exercise program itself runs from the copy's own target folder.
    let target = dir.join("target").display().to_string();
    interrupt_and_check(learn, marker, 1, &[&target]);
}

/// The readings before exercise 1, done as `learn next` does them.
fn mark_readings_done(dir: &Path) {
    for _ in 0..10 {
        let out = learn_in(dir, &["next"]);
        if stdout(&out).contains("Exercise 1") {
            return;
        }
    }
    panic!("learn next never reached exercise 1");
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(sigint_to_check_stops_the_program_and_its_children),
        test!(sigint_to_watch_stops_the_exercise_program),
    ]
}

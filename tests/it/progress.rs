//! Progress survives concurrency and sudden death: many `learn` processes
//! writing at once lose no update, and a process killed mid-write never
//! leaves a file that cannot be read.

use crate::common::*;
use std::process::{Command, Stdio};

fn learn_cmd(dir: &std::path::Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_learn"));
    command
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command
}

fn concurrent_writers_lose_nothing() {
    let course = course_copy();
    let dir = course.path();
    let ids: Vec<String> = exercises().into_iter().map(|(id, _)| id).collect();
    // Every exercise's hint twice, all at once: each call is a read-modify-write.
    let children: Vec<_> = ids
        .iter()
        .chain(ids.iter())
        .map(|id| learn_cmd(dir, &["hint", id]).spawn().expect("spawn"))
        .collect();
    for child in children {
        let output = child.wait_with_output().expect("wait");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let progress = std::fs::read_to_string(dir.join(".learn-progress.toml")).expect("progress");
    let table: toml::Table = toml::from_str(&progress).expect("progress parses");
    let hints = table["hints"].as_table().expect("hints");
    for id in &ids {
        assert_eq!(
            hints.get(id).and_then(|v| v.as_integer()),
            Some(2),
            "{id}: both hints recorded\n{progress}"
        );
    }
}

fn a_process_killed_mid_write_never_corrupts_progress() {
    let course = course_copy();
    let dir = course.path();
    // Something to lose: the first step is done.
    assert!(learn_cmd(dir, &["next"]).status().expect("next").success());
    for round in 0..25u64 {
        let mut child = learn_cmd(dir, &["next"]).spawn().expect("spawn");
        std::thread::sleep(std::time::Duration::from_micros(round * 400));
        let _ = child.kill();
        let _ = child.wait();
    }
    let output = learn_in(dir, &["list", "--json"]);
    assert_eq!(code(&output), 0);
    assert!(
        !stderr(&output).contains("could not be used"),
        "progress was corrupted: {}",
        stderr(&output)
    );
    let steps = json(&output);
    assert_eq!(
        steps[0]["status"], "done",
        "what was saved before is still saved"
    );
}

fn a_leftover_temporary_file_is_harmless() {
    let course = course_copy();
    let dir = course.path();
    assert!(learn_cmd(dir, &["next"]).status().expect("next").success());
    // What a write interrupted before its rename leaves behind.
    std::fs::write(
        dir.join(".learn-progress.tmp"),
        "format_version = 1\ndone = [\"trunc",
    )
    .expect("write");
    let steps = json(&learn_in(dir, &["list", "--json"]));
    assert_eq!(steps[0]["status"], "done");
    assert!(learn_cmd(dir, &["next"]).status().expect("next").success());
    assert_eq!(
        json(&learn_in(dir, &["list", "--json"]))[1]["status"],
        "done"
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(concurrent_writers_lose_nothing),
        test!(a_process_killed_mid_write_never_corrupts_progress),
        test!(a_leftover_temporary_file_is_harmless),
    ]
}

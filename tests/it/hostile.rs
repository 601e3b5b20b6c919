//! Programs that misbehave in every way a learner's (or a hostile) program
//! can: each must end in a failing verdict that names what happened, within
//! the scenario timeout, and no process the runner started may survive.

use crate::common::*;
use std::path::Path;
use std::time::{Duration, Instant};

const TIMEOUT_S: &str = "1";
/// The timeout, plus start-up and the grace periods the runner allows.
const BOUND: Duration = Duration::from_millis(3500);

fn fixture() -> std::path::PathBuf {
    repo().join("tests/fixtures/course")
}

/// Checks the fixture exercise with `cmd`, returning the verdict, the text
/// feedback, and how long the check took.
fn check(cmd: &str, pids: &Path) -> (serde_json::Value, Duration) {
    let started = Instant::now();
    // learn_command's PATH starts `python3` directly: a version manager's
    // shim (pyenv's is a bash script) could take most of the 1 s timeout on
    // a loaded machine before the program records its ids.
    let output = learn_command(&fixture())
        .args([
            "check",
            "echo",
            "--cmd",
            cmd,
            "--timeout",
            TIMEOUT_S,
            "--seed",
            "1",
            "--json",
        ])
        .env("HOSTILE_PIDS", pids)
        .output()
        .expect("learn runs");
    let elapsed = started.elapsed();
    assert_eq!(
        code(&output),
        1,
        "{cmd}: a failing verdict exits 1\n{}",
        stderr(&output)
    );
    (json(&output), elapsed)
}

fn alive(pid: i32) -> bool {
    // `kill -0` asks whether the process exists, without signalling it.
    std::process::Command::new("kill")
        .args(["-0", &pid.to_string()])
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn assert_none_survive(pids: &Path, name: &str) {
    let recorded = std::fs::read_to_string(pids).unwrap_or_default();
    let pids: Vec<i32> = recorded
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect();
    assert!(
        !pids.is_empty(),
        "{name}: the program recorded its process ids"
    );
    // The kill is sent before the check returns; give the kernel a moment to reap.
    let deadline = Instant::now() + Duration::from_secs(2);
    while pids.iter().any(|&p| alive(p)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let survivors: Vec<_> = pids.iter().filter(|&&p| alive(p)).collect();
    assert!(
        survivors.is_empty(),
        "{name}: processes outlived the check: {survivors:?}"
    );
}

/// (program, a phrase the verdict must contain)
const CASES: &[(&str, &str)] = &[
    ("sleeps_forever", "Time ran out after 1 s"),
    ("busy_loop", "Time ran out after 1 s"),
    ("floods_lines", "bytes of output and was stopped"),
    ("floods_no_newline", "without a newline and was stopped"),
    ("floods_stderr", "MB to stderr"),
    (
        "exits_at_once",
        "It exited while the checker was still sending it messages",
    ),
    ("crashes_on_signal", "killed by signal 11 (SIGSEGV)"),
    (
        "closes_stdout",
        "closed its stdout while the checker was still sending",
    ),
    ("random_bytes", "not JSON"),
    ("echoes_input", "sent a request of its own"),
    ("background_child", "kept its stdout open"),
];

fn each_hostile_program_fails_fast_names_the_cause_and_leaves_nothing_behind() {
    require_python();
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, phrase) in CASES {
        let pids = dir.path().join(format!("{name}.pids"));
        let script = repo()
            .join("tests/fixtures/hostile")
            .join(format!("{name}.py"));
        let (verdict, elapsed) = check(&format!("python3 {}", script.display()), &pids);
        assert_eq!(verdict["passed"], false, "{name}");
        let message = verdict["scenarios"][0]["message"]
            .as_str()
            .unwrap_or_default();
        assert!(
            message.contains(phrase),
            "{name}: the verdict should say `{phrase}`:\n{message}"
        );
        assert!(
            elapsed < BOUND,
            "{name}: took {elapsed:?}, more than {BOUND:?}"
        );
        assert_none_survive(&pids, name);
    }
}

fn a_program_that_is_not_there_is_a_verdict_not_a_crash() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (verdict, elapsed) = check("/no/such/program --flag", &dir.path().join("none"));
    let message = verdict["scenarios"][0]["message"]
        .as_str()
        .unwrap_or_default();
    assert!(
        message.contains("`/no/such/program` was not found"),
        "{message}"
    );
    assert!(elapsed < BOUND);
}

/// A program that never answers, on scenarios whose later steps need a value
/// from an earlier answer and run in a fresh process: each verdict says time
/// ran out, never also that "every answer came" (issue 14, item 8), and no
/// process is started for a step that could not be sent.
fn a_silent_program_gets_one_consistent_verdict_on_multi_process_scenarios() {
    require_python();
    let pids = tempfile::NamedTempFile::new().expect("pid file");
    let program = repo().join("tests/fixtures/hostile/sleeps_forever.py");
    let output = learn_command(&repo())
        .args([
            "check",
            "input-required",
            "--timeout",
            "1",
            "--seed",
            "1",
            "--json",
            "--cmd",
        ])
        .arg(format!("python3 {}", program.display()))
        .env("HOSTILE_PIDS", pids.path())
        .output()
        .expect("learn runs");
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let verdict = json(&output);
    let scenarios = verdict["scenarios"].as_array().expect("scenarios");
    assert!(scenarios.len() > 3);
    for scenario in scenarios {
        let message = scenario["message"].as_str().unwrap_or_default();
        assert!(message.contains("Time ran out"), "{message}");
        assert!(!message.contains("Every answer came"), "{message}");
        for run in scenario["runs"].as_array().expect("runs") {
            assert!(
                !run["sent"].as_array().expect("sent").is_empty(),
                "a process was started with nothing to send: {scenario}"
            );
        }
    }
    assert_none_survive(pids.path(), "sleeps_forever");
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(each_hostile_program_fails_fast_names_the_cause_and_leaves_nothing_behind),
        test!(a_program_that_is_not_there_is_a_verdict_not_a_crash),
        test!(a_silent_program_gets_one_consistent_verdict_on_multi_process_scenarios),
    ]
}

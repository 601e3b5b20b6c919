//! The independent Python demo server (lessons/mcp-messages/programs/demo_server.py, written
//! from CURRICULUM §3 without the reference code) must pass every server
//! exercise in every correct form, and each of its classic defects must fail.

use crate::common::*;

/// A correct server answers in milliseconds; the default timeout would only
/// slow down the defects that never answer.
const TIMEOUT: &str = "2";

/// Lesson 1's server exercises: the demo server is lesson 1's (CURRICULUM
/// §3). Lesson 2's exercises have their own independent programs
/// (lessons/mcp-stateless-server/programs/).
fn server_exercises() -> Vec<String> {
    let list = json(&learn(&["list", "--json"]));
    let lesson_1: Vec<&str> = list
        .as_array()
        .expect("list --json is an array")
        .iter()
        .filter(|s| s["kind"] == "exercise" && s["lesson"] == "mcp-messages")
        .filter_map(|s| s["id"].as_str())
        .collect();
    exercises()
        .into_iter()
        .filter(|(id, kind)| kind == "server" && lesson_1.contains(&id.as_str()))
        .map(|(id, _)| id)
        .collect()
}

fn run_with(exercise: &str, switches: &str, seed: &str, timeout: &str) -> serde_json::Value {
    let script = repo().join("lessons/mcp-messages/programs/demo_server.py");
    let cmd = format!("python3 {} {switches}", script.display());
    json(&learn(&[
        "check",
        exercise,
        "--cmd",
        &cmd,
        "--seed",
        seed,
        "--json",
        "--timeout",
        timeout,
    ]))
}

fn run(exercise: &str, switches: &str, seed: &str) -> serde_json::Value {
    run_with(exercise, switches, seed, TIMEOUT)
}

fn every_correct_form_passes_every_server_exercise() {
    require_python();
    let exercises = server_exercises();
    assert!(exercises.len() >= 2);
    let forms = [
        ("", "5"),
        ("", "77"),
        ("--style alt", "5"),
        ("--style alt --async", "77"),
        // Where the spec allows two answers, the other one (README.md
        // there). The three readings touch different messages, so they are
        // tried together, once plain and once asynchronous.
        (
            "--reading meta-first --reading idless-32600 --reading args-32602",
            "6",
        ),
        (
            "--async --reading meta-first --reading idless-32600 --reading args-32602",
            "77",
        ),
    ];
    let jobs: Vec<(String, &str, &str)> = exercises
        .iter()
        .flat_map(|e| forms.iter().map(move |(s, seed)| (e.clone(), *s, *seed)))
        .collect();
    in_parallel(&jobs, 6, |(exercise, switches, seed)| {
        // A correct server never waits on the timeout, so a generous one
        // costs nothing; it covers every process of a scenario (MRTR
        // retries start fresh ones), and a loaded machine must not turn
        // slow Python starts into a failure.
        let verdict = run_with(exercise, switches, seed, "15");
        assert_eq!(
            verdict["passed"], true,
            "demo_server.py {switches} on {exercise} (seed {seed}):\n{verdict:#}"
        );
    });
}

/// Every defect the demo server can simulate (tests/programs/README.md).
const DEFECTS: &[&str] = &[
    "string-id",
    "constant-id",
    "float-id",
    "big-int-float",
    "answer-notifications",
    "answer-stray",
    "no-parse-error",
    "parse-error-crash",
    "accept-null-id",
    "accept-float-id",
    "ping-ok",
    "initialize-ok",
    "no-meta-check",
    "missing-caps-ok",
    "version-32602",
    "no-version-data",
    "reject-custom-meta",
    "unknown-tool-iserror",
    "tool-error-as-protocol",
    "no-result-type",
    "no-server-info",
    "stateful-mrtr",
    "accept-forged-state",
    "infer-capabilities",
    "decline-greets",
    "missing-answer-completes",
    "wrong-jsonrpc",
    "no-newline-flush",
    "exit-early",
    "stdout-log",
    "notifications-by-name",
    "null-id-silent",
    "id-after-parse-error",
];

fn each_classic_defect_fails_at_least_one_scenario() {
    require_python();
    // The capstone speaks the whole demo server, so it is tried first.
    let mut exercises = server_exercises();
    exercises.sort_by_key(|id| id != "capstone");
    in_parallel(DEFECTS, 6, |defect| {
        let caught = exercises.iter().any(|exercise| {
            !failed_scenarios(&run(exercise, &format!("--defect {defect}"), "9")).is_empty()
        });
        assert!(
            caught,
            "--defect {defect} was not caught by any server exercise"
        );
    });
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(every_correct_form_passes_every_server_exercise),
        test!(each_classic_defect_fails_at_least_one_scenario),
    ]
}

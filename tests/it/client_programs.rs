//! Independent Python clients (lessons/mcp-messages/programs/clients/) against the
//! `client-ids` exercise: a correct one in four id styles (three switches,
//! and whole-number floats in `whole_float_ids.py`) must pass, and each
//! defect of the buggy one must fail at least one scenario.

use crate::common::*;

/// Seconds a scenario may take when the client is correct: it never waits on
/// the limit, so a generous one costs nothing, and a loaded machine (Python
/// starting slowly) must not turn a correct client into a failure.
const CORRECT: &str = "15";
/// For the defects: some never answer, and each would wait this long (a
/// defect that answers everything, like `goodbye-line`, gets `CORRECT`).
const DEFECTIVE: &str = "2";

fn run(script: &str, switches: &str, seed: &str, timeout: &str) -> serde_json::Value {
    let path = repo()
        .join("lessons/mcp-messages/programs/clients")
        .join(script);
    let cmd = format!("python3 {} {switches}", path.display());
    json(&learn(&[
        "check",
        "client-ids",
        "--cmd",
        &cmd,
        "--seed",
        seed,
        "--json",
        "--timeout",
        timeout,
    ]))
}

fn a_client_choosing_its_own_ids_passes() {
    require_python();
    for style in ["string", "offset", "random"] {
        for seed in ["5", "77"] {
            let verdict = run("alt_client.py", &format!("--ids {style}"), seed, CORRECT);
            assert_eq!(
                verdict["passed"], true,
                "alt_client --ids {style} (seed {seed}):\n{verdict:#}"
            );
        }
    }
    let verdict = run("buggy_client.py", "", "5", CORRECT);
    assert_eq!(
        verdict["passed"], true,
        "buggy_client with no defect:\n{verdict:#}"
    );
}

/// Ids written as whole numbers with a fraction (1.0, 2.0, ...) are integers
/// to the MCP schema (a JSON Schema `integer` is any number whose fraction is
/// zero), so a client using them passes, on five seeds. (Refused before
/// issue 26.6; `buggy_client.py` listed them as a defect.)
fn a_client_writing_its_integer_ids_as_1_0_passes() {
    require_python();
    for seed in ["1", "2", "3", "4", "5"] {
        let verdict = run("whole_float_ids.py", "", seed, CORRECT);
        assert_eq!(
            verdict["passed"], true,
            "whole_float_ids.py (seed {seed}):\n{verdict:#}"
        );
    }
}

const DEFECTS: &[&str] = &[
    "reuse-id",
    "recycle-ids",
    "retry-old-id",
    "count-ids",
    "type-blind",
    "fifo",
    "lifo",
    "keep-answered",
    "missing-is-error",
    "accept-unknown",
    "unknown-is-complete",
    "error-as-complete",
    "no-meta",
    "no-caps",
    "drop-state",
    "trim-state",
    "null-state",
    "stale-state",
    "rename-keys",
    "route-latest",
    "route-first",
    "route-closed",
    "goodbye-line",
];

fn each_client_defect_fails_at_least_one_scenario() {
    require_python();
    for defect in DEFECTS {
        let verdict = run(
            "buggy_client.py",
            &format!("--defect {defect}"),
            "9",
            DEFECTIVE,
        );
        let failed = verdict["scenarios"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|s| s["passed"] == false);
        assert!(failed, "--defect {defect} was not caught by client-ids");
    }
}

/// An extra line from a client is named as one, in the words of a program
/// that writes one line per event, not as a server's stray response.
fn an_extra_line_is_reported_as_an_extra_line() {
    require_python();
    let verdict = run("buggy_client.py", "--defect goodbye-line", "9", CORRECT);
    let scenarios = verdict["scenarios"].as_array().expect("scenarios");
    let failed: Vec<&serde_json::Value> =
        scenarios.iter().filter(|s| s["passed"] == false).collect();
    assert_eq!(
        failed.len(),
        scenarios.len(),
        "every run ends with the extra line, so every scenario fails:\n{verdict:#}"
    );
    for scenario in failed {
        let message = scenario["message"].as_str().unwrap_or_default();
        assert!(
            message.contains(r#"It wrote an extra line: {"log":"bye"}"#)
                && message.contains("exactly one line for each line that asks for an answer"),
            "{message}"
        );
        assert!(
            !message.contains("answers nothing that was sent"),
            "{message}"
        );
    }
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(a_client_choosing_its_own_ids_passes),
        test!(a_client_writing_its_integer_ids_as_1_0_passes),
        test!(each_client_defect_fails_at_least_one_scenario),
        test!(an_extra_line_is_reported_as_an_extra_line),
    ]
}

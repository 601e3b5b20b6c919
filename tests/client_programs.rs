//! Two independent Python clients (tests/programs/clients/) against the
//! `client-ids` exercise: a correct one in three id styles must pass, and
//! each defect of the buggy one must fail at least one scenario.

mod common;
use common::*;

fn run(script: &str, switches: &str, seed: &str) -> serde_json::Value {
    let path = repo().join("tests/programs/clients").join(script);
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
        "2",
    ]))
}

#[test]
fn a_client_choosing_its_own_ids_passes() {
    require_python();
    for style in ["string", "offset", "random"] {
        for seed in ["5", "77"] {
            let verdict = run("alt_client.py", &format!("--ids {style}"), seed);
            assert_eq!(
                verdict["passed"], true,
                "alt_client --ids {style} (seed {seed}):\n{verdict:#}"
            );
        }
    }
    let verdict = run("buggy_client.py", "", "5");
    assert_eq!(
        verdict["passed"], true,
        "buggy_client with no defect:\n{verdict:#}"
    );
}

const DEFECTS: &[&str] = &[
    "reuse-id",
    "float-id",
    "recycle-ids",
    "retry-old-id",
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
];

#[test]
fn each_client_defect_fails_at_least_one_scenario() {
    require_python();
    for defect in DEFECTS {
        let verdict = run("buggy_client.py", &format!("--defect {defect}"), "9");
        let failed = verdict["scenarios"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|s| s["passed"] == false);
        assert!(failed, "--defect {defect} was not caught by client-ids");
    }
}

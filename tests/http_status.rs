//! The http-status exercise judges meaning: an independent Python answer
//! (tests/programs/http_status.py), written differently from the reference,
//! passes; each beginner's mistake planted in it fails the scenario that
//! checks that rule, and only that one.

mod common;
use common::*;
use serde_json::Value;
use std::collections::BTreeSet;

/// (defect, the scenarios it must fail)
const DEFECTS: &[(&str, &[&str])] = &[
    ("notification-200", &["a notification is accepted with 202"]),
    ("all-errors-400", &["an unknown or removed method is 404"]),
    // A missing Mcp-Name (on tools/call) is the same mistake.
    (
        "missing-header-ok",
        &[
            "a missing protocol version header is -32020",
            "Mcp-Method and Mcp-Name must match the body",
        ],
    ),
    (
        "case-sensitive-names",
        &["header names ignore case, values do not"],
    ),
    (
        "body-missing-is-mismatch",
        // `"params": []` has no _meta either: -32600 is the server's to give.
        &[
            "a field the body lacks is the server's -32602",
            "malformed requests are 400",
        ],
    ),
];

fn verdict(defect: Option<&str>) -> Value {
    let script = repo().join("tests/programs/http_status.py");
    let cmd = match defect {
        Some(name) => format!("python3 {} --defect {name}", script.display()),
        None => format!("python3 {}", script.display()),
    };
    json(&learn(&[
        "check",
        "http-status",
        "--cmd",
        &cmd,
        "--seed",
        "3",
        "--json",
    ]))
}

fn failing(verdict: &Value) -> BTreeSet<String> {
    verdict["scenarios"]
        .as_array()
        .expect("scenarios")
        .iter()
        .filter(|s| s["passed"] == false)
        .map(|s| s["name"].as_str().unwrap_or("?").to_string())
        .collect()
}

#[test]
fn an_independent_answer_passes_and_each_mistake_fails_its_rule() {
    require_python();
    let correct = verdict(None);
    assert_eq!(failing(&correct), BTreeSet::new(), "{correct:#}");
    assert_eq!(correct["passed"], true);
    for (defect, scenarios) in DEFECTS {
        let wrong = verdict(Some(defect));
        let expected: BTreeSet<String> = scenarios.iter().map(|s| s.to_string()).collect();
        assert_eq!(failing(&wrong), expected, "--defect {defect}: {wrong:#}");
    }
}

//! The http-status exercise judges meaning: an independent Python answer
//! (lessons/mcp-messages/programs/http_status.py), written differently from the reference,
//! passes on three seeds, and so does each other choice the spec leaves open
//! (`--form`); each beginner's mistake planted in it (`--defect`) fails the
//! scenario that checks that rule, and only that one, on every seed.

use crate::common::*;
use serde_json::Value;
use std::collections::BTreeSet;

const SEEDS: [&str; 3] = ["1", "2", "3"];

const OPEN: &str = "where the spec names no status, the server chooses";
const BASE64: &str = "a Base64 Mcp-Name is decoded before it is compared";
const META_400: &str = "a request missing a required _meta field is 400";
const BODY_LACKS: &str = "a field the body lacks is the server's -32602";

/// Statuses the spec leaves to the server, chosen otherwise than the
/// reference (which sends 400 for -32600 and 500 for -32603): each passes.
const FORMS: &[&str] = &[
    "internal-200",
    "invalid-request-200",
    "spec-minimum",
    "server-errors-503",
];

/// (defect, the scenarios it must fail)
const DEFECTS: &[(&str, &[&str])] = &[
    (
        "notification-200",
        &["a notification the server accepts gets 202"],
    ),
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
    ("body-missing-is-mismatch", &[BODY_LACKS]),
    // Both scenarios hold a -32602 for a missing `_meta` field, whose 400 the
    // spec requires.
    ("meta-32602-200", &[META_400, BODY_LACKS]),
    ("ok-hides-code", &[OPEN]),
    ("no-base64", &[BASE64]),
    ("lenient-base64", &[BASE64]),
];

fn verdict(option: Option<(&str, &str)>, seed: &str) -> Value {
    let script = repo().join("lessons/mcp-messages/programs/http_status.py");
    let cmd = match option {
        Some((flag, name)) => format!("python3 {} {flag} {name}", script.display()),
        None => format!("python3 {}", script.display()),
    };
    let output = learn(&[
        "check",
        "http-status",
        "--cmd",
        &cmd,
        "--seed",
        seed,
        "--json",
    ]);
    let verdict = json(&output);
    let passed = verdict["passed"] == true;
    assert_eq!(
        code(&output),
        if passed { 0 } else { 1 },
        "{cmd}: exit code and verdict disagree"
    );
    verdict
}

fn failing(verdict: &Value) -> BTreeSet<String> {
    failed_scenarios(verdict).into_iter().collect()
}

fn an_independent_answer_passes_in_every_form_the_spec_allows() {
    require_python();
    let mut runs: Vec<(Option<(&str, &str)>, &str)> = Vec::new();
    for seed in SEEDS {
        runs.push((None, seed));
        runs.extend(FORMS.iter().map(|form| (Some(("--form", *form)), seed)));
    }
    in_parallel(&runs, 2, |(option, seed)| {
        let verdict = verdict(*option, seed);
        assert_eq!(
            failing(&verdict),
            BTreeSet::new(),
            "{option:?}, seed {seed}: {verdict:#}"
        );
        assert_eq!(verdict["scenarios"].as_array().map(Vec::len), Some(14));
    });
}

fn each_mistake_fails_exactly_its_rule() {
    require_python();
    let mut runs: Vec<(&str, &[&str], &str)> = Vec::new();
    for seed in SEEDS {
        runs.extend(DEFECTS.iter().map(|(d, s)| (*d, *s, seed)));
    }
    in_parallel(&runs, 2, |(defect, scenarios, seed)| {
        let wrong = verdict(Some(("--defect", defect)), seed);
        let expected: BTreeSet<String> = scenarios.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            failing(&wrong),
            expected,
            "--defect {defect}, seed {seed}: {wrong:#}"
        );
    });
}

fn a_lenient_base64_decoder_is_told_which_value_it_let_through() {
    require_python();
    let script = repo().join("lessons/mcp-messages/programs/http_status.py");
    let text = stdout(&learn(&[
        "check",
        "http-status",
        "--cmd",
        &format!("python3 {} --defect lenient-base64", script.display()),
        "--seed",
        "1",
    ]));
    for words in [
        &format!("✗ {BASE64} [") as &str,
        "=?base64?bcOp!!!!dMOpbw==?=",
        "at `status`: expected 400 (integer), got 200 (integer)",
        "outside the Base64 alphabet",
    ] {
        assert!(
            text.contains(words),
            "the feedback should say `{words}`:\n{text}"
        );
    }
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(an_independent_answer_passes_in_every_form_the_spec_allows),
        test!(each_mistake_fails_exactly_its_rule),
        test!(a_lenient_base64_decoder_is_told_which_value_it_let_through),
    ]
}

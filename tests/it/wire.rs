//! One set of envelope rules (`src/wire`): a shared table of envelope cases
//! on which the judge, `learn explain`, the `message-kinds` reference
//! solution and the `message-kinds` scenarios all agree.

use crate::common::*;
use learn::content::template::{SeededRng, VarSpec, bind, substitute};
use learn::judge::envelope::{Output, classify};
use learn::wire;
use serde_json::Value;

/// (message, kind), the kind as the five answers of `message-kinds` name it.
/// Edge cases where two sets of rules used to disagree come first.
const CASES: &[(&str, &str)] = &[
    // An error code is any integer, beyond i64::MAX too; a fraction is not.
    (
        r#"{"jsonrpc": "2.0", "id": 1, "error": {"code": 9223372036854775808, "message": "m"}}"#,
        "error",
    ),
    (
        r#"{"jsonrpc": "2.0", "id": 1, "error": {"code": -32601.5, "message": "m"}}"#,
        "invalid",
    ),
    (
        r#"{"jsonrpc": "2.0", "id": 1, "error": {"code": "-32601", "message": "m"}}"#,
        "invalid",
    ),
    // A result is an object.
    (r#"{"jsonrpc": "2.0", "id": 1, "result": 5}"#, "invalid"),
    (
        r#"{"jsonrpc": "2.0", "id": 1, "result": "done"}"#,
        "invalid",
    ),
    // An error's id: a string, an integer, null or absent; nothing else.
    (
        r#"{"jsonrpc": "2.0", "id": true, "error": {"code": -32600, "message": "m"}}"#,
        "invalid",
    ),
    (
        r#"{"jsonrpc": "2.0", "id": 1.5, "error": {"code": -32600, "message": "m"}}"#,
        "invalid",
    ),
    (
        r#"{"jsonrpc": "2.0", "id": {"n": 1}, "error": {"code": -32600, "message": "m"}}"#,
        "invalid",
    ),
    (
        r#"{"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "m"}}"#,
        "error",
    ),
    (
        r#"{"jsonrpc": "2.0", "error": {"code": -32600, "message": "m"}}"#,
        "error",
    ),
    // A result's id: a string or an integer only; 7.0 is the integer 7 to
    // JSON Schema, whose `integer` is any number with a zero fraction.
    (r#"{"jsonrpc": "2.0", "id": null, "result": {}}"#, "invalid"),
    (r#"{"jsonrpc": "2.0", "id": 7.0, "result": {}}"#, "result"),
    (
        r#"{"jsonrpc": "2.0", "id": 9007199254740993, "result": {}}"#,
        "result",
    ),
    (r#"{"jsonrpc": "2.0", "id": "7", "result": {}}"#, "result"),
    // The id member makes a request, whatever the method's name.
    (
        r#"{"jsonrpc": "2.0", "id": null, "method": "tools/list"}"#,
        "invalid",
    ),
    (
        r#"{"jsonrpc": "2.0", "id": 3, "method": "notifications/cancelled"}"#,
        "request",
    ),
    (
        r#"{"jsonrpc": "2.0", "method": "tools/list", "params": {}}"#,
        "notification",
    ),
    // A notification must follow its own rules to be one.
    (
        r#"{"jsonrpc": "2.0", "method": "tools/call", "params": 5}"#,
        "invalid",
    ),
    (r#"{"jsonrpc": "2.0", "method": 42}"#, "invalid"),
    (
        r#"{"jsonrpc": "1.0", "method": "notifications/cancelled"}"#,
        "invalid",
    ),
    // Shapes.
    (
        r#"{"jsonrpc": "2.0", "id": 1, "result": {}, "error": {"code": 1, "message": "m"}}"#,
        "invalid",
    ),
    (r#"{"jsonrpc": "2.0", "id": 1}"#, "invalid"),
    (
        r#"[{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}]"#,
        "invalid",
    ),
    (r#"{"id": 1, "method": "tools/list"}"#, "invalid"),
];

fn cases() -> Vec<(Value, &'static str)> {
    CASES
        .iter()
        .map(|(text, kind)| {
            let message = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            (message, *kind)
        })
        .collect()
}

fn the_shared_rules_and_the_judge_give_each_case_its_kind() {
    for (message, kind) in cases() {
        assert_eq!(wire::read(&message).kind().name(), kind, "{message}");
        // The judge reads a program's output lines with the same rules.
        let judged = match classify(&message.to_string()) {
            Output::Response(m) if m.get("error").is_some() => "error",
            Output::Response(_) => "result",
            Output::Notification => "notification",
            Output::Invalid(_) => "invalid or a request (a server never sends one)",
        };
        let wanted = match kind {
            "request" | "invalid" => "invalid or a request (a server never sends one)",
            other => other,
        };
        assert_eq!(judged, wanted, "judge on {message}");
    }
}

fn learn_explain_agrees_on_every_case() {
    for (message, kind) in cases() {
        let output = learn_with_stdin(&repo(), &["explain", "--json"], &message.to_string());
        let explained = json(&output);
        assert_eq!(explained["kind"], kind, "learn explain on {message}");
    }
}

/// Every case is a step of the `message-kinds` exercise with the same kind,
/// and every step's expected kind is what the shared rules say: so
/// `learn check message-kinds --solution` passing (tests/it/reference.rs) means
/// the reference solution agrees with the table too.
fn the_message_kinds_scenarios_hold_the_table_and_follow_the_rules() {
    let path = repo().join("lessons/01-mcp-messages/exercises/message-kinds.toml");
    let table: toml::Table =
        toml::from_str(&std::fs::read_to_string(&path).expect("read")).expect("TOML");
    // Seeded ids stand in for the exercise's `${vars}`, as in a real check.
    let lesson: toml::Table = toml::from_str(
        &std::fs::read_to_string(repo().join("lessons/01-mcp-messages/lesson.toml")).expect("read"),
    )
    .expect("TOML");
    let mut vars: std::collections::BTreeMap<String, VarSpec> = lesson["vars"]
        .clone()
        .try_into()
        .expect("the lesson's [vars]");
    let own: std::collections::BTreeMap<String, VarSpec> =
        table["vars"].clone().try_into().expect("[vars]");
    vars.extend(own);
    let bindings = bind(&vars, &mut SeededRng::new(12));
    let mut steps = Vec::new();
    for scenario in table["scenario"].as_array().expect("scenarios") {
        for step in scenario["step"].as_array().expect("steps") {
            let Some(send) = step.get("send").and_then(|s| s.as_str()) else {
                continue;
            };
            let sent: Value = serde_json::from_str(send).expect("send is JSON");
            let expect: Value =
                serde_json::from_str(step["expect"].as_str().expect("expect")).expect("JSON");
            let message = sent.get("message").cloned().unwrap_or(Value::Null);
            let message = substitute(&message, &bindings).expect("every var is bound");
            let kind = expect["kind"].as_str().expect("a kind").to_string();
            steps.push((message, kind));
        }
    }
    let mut checked = 0;
    for (message, kind) in &steps {
        checked += 1;
        assert_eq!(
            wire::read(message).kind().name(),
            kind,
            "message-kinds expects {kind} for {message}"
        );
    }
    assert!(checked >= 40, "only {checked} steps compared");
    for (message, kind) in cases() {
        assert!(
            steps.iter().any(|(m, k)| *m == message && k == kind),
            "message-kinds has no step sending {message} (expecting {kind})"
        );
    }
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(the_shared_rules_and_the_judge_give_each_case_its_kind),
        test!(learn_explain_agrees_on_every_case),
        test!(the_message_kinds_scenarios_hold_the_table_and_follow_the_rules),
    ]
}

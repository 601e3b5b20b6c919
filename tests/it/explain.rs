//! `learn explain` on the official MCP 2026-07-28 examples, and the two
//! function exercises' reference solutions held against `src/explain`.
//!
//! The examples belong to the specification; `tests/it/common/spec.rs` says
//! where they are looked for. Where this machine has none, the tests that
//! need them say so and skip, except under CI, where they fail: passing on
//! nothing would prove nothing.

use crate::common::*;

use learn::explain::{self, meta_keys};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Output;

/// Every example: (folder name = the schema type it shows, file, parsed JSON),
/// or `None` where this machine has none (see `tests/it/common/spec.rs`).
fn examples(what: &str) -> Option<Vec<(String, PathBuf, Value)>> {
    let mut out = Vec::new();
    let root = spec_dir(what)?.join("examples");
    for folder in std::fs::read_dir(&root).expect("read examples") {
        let folder = folder.expect("entry").path();
        let type_name = folder
            .file_name()
            .and_then(|n| n.to_str())
            .expect("name")
            .to_string();
        for file in std::fs::read_dir(&folder).expect("read example folder") {
            let path = file.expect("entry").path();
            let text = std::fs::read_to_string(&path).expect("read example");
            let value: Value =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            out.push((type_name.clone(), path, value));
        }
    }
    out.sort_by(|a, b| a.1.cmp(&b.1));
    Some(out)
}

/// A whole JSON-RPC message carries `jsonrpc`; parts of messages (Tool,
/// Root, params, bare results and error objects) do not.
fn is_envelope(value: &Value) -> bool {
    value.get("jsonrpc").is_some()
}

fn explain_json(path: &Path, answers: Option<&str>) -> Value {
    let path = path.to_str().expect("utf-8 path");
    let mut args = vec!["explain", path, "--json"];
    if let Some(method) = answers {
        args.extend(["--answers", method]);
    }
    let output = learn(&args);
    assert_eq!(code(&output), 0, "learn {args:?}:\n{}", stderr(&output));
    json(&output)
}

/// The kind, type and `--answers` an envelope example's folder name implies.
fn expected(
    folder: &str,
    defs: &serde_json::Map<String, Value>,
) -> (&'static str, String, Option<String>) {
    if let Some(result) = folder.strip_suffix("Response") {
        // CallToolResultResponse answers the request CallToolRequest names.
        let request = result.replace("Result", "Request");
        let method = defs[&request]["properties"]["method"]["const"]
            .as_str()
            .unwrap_or_else(|| panic!("{request} has a fixed method in schema.json"))
            .to_string();
        ("result", result.to_string(), Some(method))
    } else if folder.ends_with("Request") {
        ("request", folder.to_string(), None)
    } else if folder.ends_with("Notification") {
        ("notification", folder.to_string(), None)
    } else if folder.ends_with("Error") {
        ("error", folder.to_string(), None)
    } else {
        panic!("{folder}: an envelope example of a kind this test does not know; teach it")
    }
}

fn every_official_envelope_example_gets_its_kind_and_type() {
    const WHAT: &str = "explain on the official envelope examples";
    let Some(examples) = examples(WHAT) else {
        return;
    };
    let defs = schema_defs(WHAT).expect("schema.json lies beside the examples");
    let mut explained = 0;
    for (folder, path, value) in examples.iter().filter(|(_, _, v)| is_envelope(v)) {
        let (kind, type_name, answers) = expected(folder, &defs);
        let got = explain_json(path, answers.as_deref());
        let shown = path.display();
        assert_eq!(got["kind"], kind, "{shown}:\n{got:#}");
        assert_eq!(got["type"], type_name.as_str(), "{shown}:\n{got:#}");
        assert_eq!(got["problems"], json!([]), "{shown}");
        assert_eq!(
            got["path"][0]["layer"], "json-rpc-envelopes",
            "{shown}: the envelope is read first"
        );
        // The official examples use only well-formed keys.
        for key in got["meta_keys"].as_array().expect("meta_keys") {
            assert_ne!(key["verdict"], "invalid", "{shown}: {key}");
            if key["key"]
                .as_str()
                .is_some_and(|k| k.starts_with("io.modelcontextprotocol/"))
            {
                assert_eq!(key["verdict"], "reserved", "{shown}: {key}");
            }
        }
        // Without the request it answers, a result's type is unknown (F18),
        // unless it is an InputRequiredResult.
        if answers.is_some() {
            let blind = explain_json(path, None);
            assert_eq!(blind["kind"], "result", "{shown}");
            assert_eq!(blind["type"], Value::Null, "{shown}");
        }
        assert!(value.is_object());
        explained += 1;
    }
    // 10 requests, 8 notifications, 11 result responses, 3 error responses.
    assert!(explained >= 30, "only {explained} envelope examples found");
    eprintln!("{explained} official envelope examples explained");
}

fn every_official_part_of_a_message_is_not_a_message() {
    let Some(examples) = examples("explain on the official examples of message parts") else {
        return;
    };
    let mut parts = 0;
    for (_, path, _) in examples.iter().filter(|(_, _, v)| !is_envelope(v)) {
        let got = explain_json(path, None);
        assert_eq!(got["kind"], "invalid", "{}:\n{got:#}", path.display());
        let problems: Vec<&str> = got["problems"]
            .as_array()
            .expect("problems")
            .iter()
            .filter_map(|p| p["problem"].as_str())
            .collect();
        assert!(
            problems.contains(&"jsonrpc-missing"),
            "{}: {problems:?}",
            path.display()
        );
        parts += 1;
    }
    assert!(parts >= 50, "only {parts} non-envelope examples found");
}

fn an_input_required_result_is_typed_whatever_it_answers() {
    let Some(examples) = examples("explain on the official InputRequiredResult") else {
        return;
    };
    let inner = examples
        .into_iter()
        .find(|(folder, _, _)| folder == "InputRequiredResult")
        .expect("an InputRequiredResult example")
        .2;
    let message = json!({"jsonrpc": "2.0", "id": 3, "result": inner});
    for answers in [None, Some("tools/call"), Some("prompts/get")] {
        let e = explain::explain(&message, answers);
        assert_eq!(
            (e.kind.name(), e.type_name),
            ("result", Some("InputRequiredResult"))
        );
    }
}

fn invalid_input_is_explained_and_unreadable_input_is_an_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = dir.path().join("bad.json");
    std::fs::write(
        &bad,
        "{\"jsonrpc\": \"2.0\", \"id\": null, \"method\": \"tools/list\"}",
    )
    .expect("write");
    let got = explain_json(&bad, None);
    assert_eq!(got["kind"], "invalid");
    assert_eq!(got["problems"][0]["problem"], "request-id-unusable");
    assert_eq!(got["problems"][0]["at"], "/id");

    let missing = learn_in(dir.path(), &["explain", "no-such-file.json"]);
    assert_eq!(code(&missing), 2, "an unreadable file is a usage error");

    // Outside any course folder, from stdin, in Chinese.
    let output = run_with_stdin(dir.path(), &["--lang", "zh", "explain"], "not json at all");
    assert_eq!(code(&output), 0);
    let text = stdout(&output);
    assert!(
        text.contains("无效消息") && text.contains("解析路径"),
        "{text}"
    );
}

fn run_with_stdin(dir: &Path, args: &[&str], input: &str) -> Output {
    crate::common::learn_with_stdin(dir, args, input)
}

/// Runs a reference solution on `lines` and returns its output lines.
fn solution_answers(id: &str, lines: &[String]) -> Vec<Value> {
    let mut input = lines.join("\n");
    input.push('\n');
    let output = run_with_stdin(&repo(), &["run", id, "--solution"], &input);
    assert_eq!(
        code(&output),
        0,
        "learn run {id} --solution:\n{}",
        stderr(&output)
    );
    let answers: Vec<Value> = stdout(&output)
        .lines()
        .map(|l| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("{id} wrote non-JSON {l:?}: {e}"))
        })
        .collect();
    assert_eq!(answers.len(), lines.len(), "{id} answers every line once");
    answers
}

/// Messages that probe every envelope rule, beside the official examples.
fn tricky_messages() -> Vec<Value> {
    vec![
        json!({"jsonrpc": "2.0", "id": null, "method": "tools/list"}),
        json!({"jsonrpc": "2.0", "id": 1.5, "method": "tools/list"}),
        json!({"jsonrpc": "2.0", "id": true, "method": "tools/list"}),
        json!({"jsonrpc": "2.0", "id": 9_007_199_254_740_993_u64, "method": "tools/call"}),
        json!({"jsonrpc": "2.0", "id": "7", "method": "notifications/progress"}),
        json!({"jsonrpc": "2.0", "method": "tools/call"}),
        json!({"jsonrpc": "2.0", "id": null, "method": "notifications/cancelled"}),
        json!({"jsonrpc": "2.0", "id": 1, "method": 5}),
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": [1]}),
        json!({"jsonrpc": "2.0", "method": "x", "params": null}),
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "result": {}}),
        json!({"jsonrpc": "2.0", "id": 1, "method": "elicitation/create"}),
        json!({"jsonrpc": "2.0", "id": 1, "method": "ping"}),
        json!({"id": 1, "method": "tools/list"}),
        json!({"jsonrpc": "1.0", "method": "notifications/progress"}),
        json!({"jsonrpc": 2.0, "id": 1, "result": {}}),
        json!({"jsonrpc": "2.0", "id": 1, "result": {}, "error": {"code": 1, "message": "m"}}),
        json!({"jsonrpc": "2.0", "id": 1}),
        json!({"jsonrpc": "2.0", "id": null, "result": {}}),
        json!({"jsonrpc": "2.0", "result": {"resultType": "complete"}}),
        json!({"jsonrpc": "2.0", "id": 1, "result": "done"}),
        json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required"}}),
        json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "task"}}),
        json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": 5}}),
        json!({"jsonrpc": "2.0", "id": 1, "result": {}}),
        json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "m"}}),
        json!({"jsonrpc": "2.0", "error": {"code": -32600, "message": "m"}}),
        json!({"jsonrpc": "2.0", "id": 1.5, "error": {"code": -32600, "message": "m"}}),
        json!({"jsonrpc": "2.0", "id": 1, "error": {"code": "-32601", "message": "m"}}),
        json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601.5, "message": "m"}}),
        json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601}}),
        json!({"jsonrpc": "2.0", "id": 1, "error": "boom"}),
        json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32000, "message": "m"}}),
        json!([{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}]),
        json!("tools/list"),
        json!(42),
        json!(null),
    ]
}

fn the_message_kinds_solution_agrees_with_explain() {
    let answers = [
        None,
        Some("tools/call"),
        Some("server/discover"),
        Some("ping"),
    ];
    // Without the official examples the tricky messages are still compared.
    let official = examples("message-kinds against explain on the official examples");
    let mut messages: Vec<Value> = official
        .iter()
        .flatten()
        .map(|(_, _, v)| v.clone())
        .collect();
    messages.extend(tricky_messages());
    let mut lines = Vec::new();
    let mut wanted = Vec::new();
    for message in &messages {
        for method in answers {
            lines.push(json!({"message": message, "answers": method}).to_string());
            let e = explain::explain(message, method);
            wanted.push(json!({"kind": e.kind.name(), "type": e.type_name}));
        }
    }
    let got = solution_answers("message-kinds", &lines);
    for ((line, want), got) in lines.iter().zip(&wanted).zip(&got) {
        assert_eq!(got, want, "input {line}");
    }
    let enough = if official.is_some() { 400 } else { 40 };
    assert!(lines.len() > enough, "{} lines compared", lines.len());
}

/// Every `_meta` key in the examples, every key the exercise sends, and the
/// grammar's corner cases.
fn keys_to_compare() -> Vec<String> {
    let mut keys: Vec<String> = [
        "",
        "dev.MCP/x",
        "naïve",
        "com.examplé/x",
        "Traceparent",
        "progresstoken",
        "a.mcp/1",
        "com.example/a b",
        "com.example/",
        ".",
        "/",
        "a/",
        "a.b.c.d/e",
        "x-y/z",
        "x_y/z",
        "1/2",
    ]
    .iter()
    .map(|k| k.to_string())
    .collect();
    fn walk(value: &Value, out: &mut Vec<String>) {
        match value {
            Value::Object(members) => {
                for (key, v) in members {
                    if key == "_meta"
                        && let Value::Object(meta) = v
                    {
                        out.extend(meta.keys().cloned());
                    }
                    walk(v, out);
                }
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    // Without the official examples the corner cases and the exercise's keys
    // are still compared.
    let official = examples("reserved-keys against explain on the official examples");
    for (_, _, value) in official.iter().flatten() {
        walk(value, &mut keys);
    }
    let exercise = repo().join("lessons/01-mcp-messages/exercises/reserved-keys.toml");
    let table: toml::Table =
        toml::from_str(&std::fs::read_to_string(exercise).expect("read")).expect("TOML");
    for scenario in table["scenario"].as_array().expect("scenarios") {
        for step in scenario["step"].as_array().expect("steps") {
            let sent: Value =
                serde_json::from_str(step["send"].as_str().expect("send")).expect("JSON");
            if let Some(key) = sent.as_str().filter(|k| !k.starts_with("${")) {
                keys.push(key.to_string());
            }
        }
    }
    keys.sort();
    keys.dedup();
    keys
}

fn the_reserved_keys_solution_agrees_with_explain() {
    let keys = keys_to_compare();
    let lines: Vec<String> = keys
        .iter()
        .map(|k| Value::String(k.clone()).to_string())
        .collect();
    let got = solution_answers("reserved-keys", &lines);
    for (key, got) in keys.iter().zip(&got) {
        let want = json!({"key": key, "verdict": meta_keys::verdict(key).name()});
        assert_eq!(got, &want, "key {key:?}");
    }
    assert!(keys.len() > 50, "{} keys compared", keys.len());
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    vec![
        test!(every_official_envelope_example_gets_its_kind_and_type).needs(Tool::Spec),
        test!(every_official_part_of_a_message_is_not_a_message).needs(Tool::Spec),
        test!(an_input_required_result_is_typed_whatever_it_answers).needs(Tool::Spec),
        test!(invalid_input_is_explained_and_unreadable_input_is_an_error),
        test!(the_message_kinds_solution_agrees_with_explain).needs(Tool::Spec),
        test!(the_reserved_keys_solution_agrees_with_explain).needs(Tool::Spec),
    ]
}

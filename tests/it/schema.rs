//! Every message a reference solution writes, in every scenario and for
//! several seeds, is checked against the official 2026-07-28 `schema.json`
//! (found as `tests/it/common/spec.rs` says; where this machine has none, each
//! test says so and skips, except under CI, where it fails).
//!
//! The scenarios judge meaning; this judges form with the spec's own types.
//! A response is checked as a whole (`JSONRPCResultResponse` or
//! `JSONRPCErrorResponse`), then as precisely as the schema allows: the
//! result type of the method its id answers (found from the request that
//! carried the same id), and the error type of its code. The client exercise
//! writes requests, which are checked as `JSONRPCRequest` and as the request
//! type of their method. Only the tests read the schema: the shipped program
//! never needs it.
//!
//! The validator is python-jsonschema, in the SDK's venv (`.ci/setup` pins it):
//! `tests/it/common/schema_check.py` answers one line per instance. A Rust
//! validator crate, with the regex crate, was 178 s of a clean build's 483 s
//! of CPU (jsonschema 0.61 and its dependencies, 2026-12-02).

use crate::common::*;

use serde_json::Value;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const SEEDS: [&str; 3] = ["1", "2", "31337"];

/// Where an error type's definition sits: some describe the `error` member,
/// others the whole response.
#[derive(Clone, Copy)]
enum Part {
    ErrorMember,
    WholeResponse,
}

/// The error codes that `schema.json` gives a definition of their own.
const ERROR_TYPES: &[(i64, &str, Part)] = &[
    (-32700, "ParseError", Part::ErrorMember),
    (-32600, "InvalidRequestError", Part::ErrorMember),
    (-32601, "MethodNotFoundError", Part::ErrorMember),
    (-32602, "InvalidParamsError", Part::ErrorMember),
    (-32603, "InternalError", Part::ErrorMember),
    (-32020, "HeaderMismatchError", Part::WholeResponse),
    (
        -32021,
        "MissingRequiredClientCapabilityError",
        Part::WholeResponse,
    ),
    (
        -32022,
        "UnsupportedProtocolVersionError",
        Part::WholeResponse,
    ),
];

struct Schema {
    root: Value,
    path: std::path::PathBuf,
    /// Started at the first instance to check.
    validator: Option<Validator>,
    /// method -> the stem of its type names (`tools/call` -> `CallTool`).
    stems: HashMap<String, String>,
}

impl Schema {
    /// The official schema, or `None` where this machine has none.
    fn load(what: &str) -> Option<Schema> {
        let path = spec_dir(what)?.join("schema.json");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let root: Value = serde_json::from_str(&text).expect("schema.json is JSON");
        let defs = root["$defs"].as_object().expect("schema.json has $defs");
        // Every `XRequest` names its method in a `const`; its result is `XResult`.
        let stems = defs
            .iter()
            .filter_map(|(name, def)| {
                let stem = name.strip_suffix("Request")?;
                let method = def.pointer("/properties/method/const")?.as_str()?;
                Some((method.to_string(), stem.to_string()))
            })
            .collect();
        Some(Schema {
            validator: None,
            path,
            root,
            stems,
        })
    }

    fn has(&self, definition: &str) -> bool {
        self.root["$defs"].get(definition).is_some()
    }

    /// The schema's complaints about `instance` as the type `definition`.
    fn errors(&mut self, definition: &str, instance: &Value) -> Vec<String> {
        assert!(self.has(definition), "schema.json has no `{definition}`");
        let path = &self.path;
        self.validator
            .get_or_insert_with(|| Validator::start(path))
            .errors(definition, instance)
    }

    /// Every check a message a server wrote must pass: (type, complaints).
    fn judge_server_message(
        &mut self,
        message: &Value,
        method: Option<&str>,
    ) -> Vec<(String, Vec<String>)> {
        let mut verdicts = Vec::new();
        let mut check = |schema: &mut Schema, definition: &str, instance: &Value| {
            let errors = schema.errors(definition, instance);
            verdicts.push((definition.to_string(), errors));
        };
        if message.get("error").is_some() {
            check(self, "JSONRPCErrorResponse", message);
            let code = message.pointer("/error/code").and_then(Value::as_i64);
            if let Some(&(_, definition, part)) = ERROR_TYPES.iter().find(|t| Some(t.0) == code) {
                match part {
                    Part::ErrorMember => check(self, definition, &message["error"]),
                    Part::WholeResponse => check(self, definition, message),
                }
            }
        } else if message.get("result").is_some() {
            check(self, "JSONRPCResultResponse", message);
            let stem = method.and_then(|m| self.stems.get(m)).cloned();
            if let Some(stem) = stem {
                let response = format!("{stem}ResultResponse");
                if self.has(&response) {
                    check(self, &response, message);
                }
                // The response types accept either arm of a union; pin the one
                // the result's own label names.
                let result = &message["result"];
                if result["resultType"] == "input_required" {
                    check(self, "InputRequiredResult", result);
                    // The schema cannot say it; the spec does: at least one.
                    let asks = result.get("inputRequests").is_some()
                        || result.get("requestState").is_some();
                    verdicts.push((
                        "InputRequiredResult (inputRequests or requestState)".into(),
                        if asks {
                            vec![]
                        } else {
                            vec!["neither is present".into()]
                        },
                    ));
                } else if self.has(&format!("{stem}Result")) {
                    check(self, &format!("{stem}Result"), result);
                }
            }
        } else {
            check(self, "JSONRPCMessage", message);
        }
        verdicts
    }

    /// Every check a request the client exercise wrote must pass.
    fn judge_client_request(&mut self, request: &Value) -> Vec<(String, Vec<String>)> {
        let mut verdicts = vec![(
            "JSONRPCRequest".to_string(),
            self.errors("JSONRPCRequest", request),
        )];
        let stem = request["method"]
            .as_str()
            .and_then(|m| self.stems.get(m))
            .cloned();
        if let Some(stem) = stem {
            let definition = format!("{stem}Request");
            let errors = self.errors(&definition, request);
            verdicts.push((definition, errors));
        }
        verdicts
    }
}

/// python-jsonschema behind `tests/it/common/schema_check.py`, one process per
/// test, asked one instance at a time.
struct Validator {
    child: Child,
    to: ChildStdin,
    from: BufReader<ChildStdout>,
}

impl Validator {
    fn start(schema: &std::path::Path) -> Validator {
        let python = crate::common::tools::sdk_python()
            .expect("the test needs Tool::Sdk (python-jsonschema)");
        let mut child = Command::new(&python)
            .arg(repo().join("tests/it/common/schema_check.py"))
            .arg(schema)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}", python.display()));
        let to = child.stdin.take().expect("piped stdin");
        let from = BufReader::new(child.stdout.take().expect("piped stdout"));
        Validator { child, to, from }
    }

    fn errors(&mut self, definition: &str, instance: &Value) -> Vec<String> {
        let question = serde_json::json!([definition, instance]);
        writeln!(self.to, "{question}").expect("the schema checker takes a line");
        let mut answer = String::new();
        self.from
            .read_line(&mut answer)
            .expect("the schema checker answers");
        serde_json::from_str(&answer).unwrap_or_else(|e| {
            panic!("the schema checker's answer to `{definition}` is not a list ({e}): {answer:?}")
        })
    }
}

impl Drop for Validator {
    fn drop(&mut self) {
        // No checker outlives its test.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The method of each request sent in one run, by id (same value, same JSON
/// type); `None` when one id carried two methods, so its answer is ambiguous.
fn methods_by_id(sent: &[Value]) -> Vec<(Value, Option<String>)> {
    let mut found: Vec<(Value, Option<String>)> = Vec::new();
    for line in sent {
        let Some(text) = line.as_str() else { continue };
        let Ok(message) = serde_json::from_str::<Value>(text) else {
            continue;
        };
        let (Some(id), Some(method)) = (message.get("id"), message["method"].as_str()) else {
            continue;
        };
        if id.is_null() {
            continue;
        }
        match found.iter_mut().find(|(known, _)| known == id) {
            Some((_, slot)) if slot.as_deref() != Some(method) => *slot = None,
            Some(_) => {}
            None => found.push((id.clone(), Some(method.to_string()))),
        }
    }
    found
}

fn exercises_of_kind(kind: &str) -> Vec<String> {
    exercises()
        .into_iter()
        .filter(|(_, k)| k == kind)
        .map(|(id, _)| id)
        .collect()
}

/// Each received line of each run of each scenario of a passing reference run.
fn reference_runs(exercise: &str, seed: &str) -> Vec<(String, Vec<Value>, Vec<Value>)> {
    let verdict = json(&learn(&[
        "check",
        exercise,
        "--solution",
        "--json",
        "--seed",
        seed,
    ]));
    assert_eq!(
        verdict["passed"], true,
        "the reference of {exercise} must pass (seed {seed}):\n{verdict:#}"
    );
    let mut runs = Vec::new();
    for scenario in verdict["scenarios"].as_array().expect("scenarios") {
        let name = scenario["name"].as_str().unwrap_or("?").to_string();
        for run in scenario["runs"].as_array().expect("runs") {
            let lines = |key: &str| run[key].as_array().cloned().unwrap_or_default();
            runs.push((name.clone(), lines("sent"), lines("received")));
        }
    }
    runs
}

fn report(failures: &[String]) -> String {
    failures.join("\n\n")
}

fn every_message_the_reference_servers_write_is_valid_under_the_official_schema() {
    let Some(mut schema) = Schema::load("the reference servers' messages against schema.json")
    else {
        return;
    };
    let mut failures = Vec::new();
    let (mut messages, mut checks, mut without_id) = (0usize, 0usize, 0usize);
    let servers = exercises_of_kind("server");
    assert!(servers.len() >= 6, "server exercises: {servers:?}");
    for exercise in &servers {
        for seed in SEEDS {
            for (scenario, sent, received) in reference_runs(exercise, seed) {
                let methods = methods_by_id(&sent);
                for line in &received {
                    let text = line.as_str().unwrap_or_default();
                    let Ok(message) = serde_json::from_str::<Value>(text) else {
                        failures.push(format!(
                            "{exercise} / {scenario} (seed {seed}): not JSON: {text}"
                        ));
                        continue;
                    };
                    messages += 1;
                    if message.get("error").is_some() && message.get("id").is_none() {
                        without_id += 1;
                    }
                    let method = message.get("id").and_then(|id| {
                        methods
                            .iter()
                            .find(|(k, _)| k == id)
                            .and_then(|(_, m)| m.clone())
                    });
                    for (definition, errors) in
                        schema.judge_server_message(&message, method.as_deref())
                    {
                        checks += 1;
                        if !errors.is_empty() {
                            failures.push(format!(
                                "{exercise} / {scenario} (seed {seed})\n  message: {text}\n  answers: {}\n  as {definition}: {}",
                                method.as_deref().unwrap_or("(no request found for its id)"),
                                errors.join("; ")
                            ));
                        }
                    }
                }
            }
        }
    }
    println!(
        "schema.json: {messages} messages from {} server references, {checks} type checks \
         ({without_id} errors without an id), {} failures",
        servers.len(),
        failures.len()
    );
    assert!(
        messages >= 300,
        "too few messages to mean anything: {messages}"
    );
    // The errors for unreadable ids are among the messages checked: the
    // references leave that id out, as schema.json wants (it has no null id).
    assert!(
        without_id >= 10,
        "too few errors without an id to mean anything: {without_id}"
    );
    assert!(failures.is_empty(), "{}", report(&failures));
}

fn every_request_the_reference_client_writes_is_valid_under_the_official_schema() {
    let Some(mut schema) = Schema::load("the reference client's requests against schema.json")
    else {
        return;
    };
    let mut failures = Vec::new();
    let mut requests = 0usize;
    for exercise in exercises_of_kind("client") {
        for seed in SEEDS {
            for (scenario, _, received) in reference_runs(&exercise, seed) {
                for line in &received {
                    let text = line.as_str().unwrap_or_default();
                    let Ok(out) = serde_json::from_str::<Value>(text) else {
                        continue;
                    };
                    let Some(request) = out.get("request") else {
                        continue;
                    };
                    requests += 1;
                    for (definition, errors) in schema.judge_client_request(request) {
                        if !errors.is_empty() {
                            failures.push(format!(
                                "{exercise} / {scenario} (seed {seed})\n  request: {request}\n  as {definition}: {}",
                                errors.join("; ")
                            ));
                        }
                    }
                }
            }
        }
    }
    println!(
        "schema.json: {requests} client requests, {} failures",
        failures.len()
    );
    assert!(
        requests >= 20,
        "too few requests to mean anything: {requests}"
    );
    assert!(failures.is_empty(), "{}", report(&failures));
}

/// The checks above can fail: messages a careless server might write are
/// refused, each by the type that should refuse it.
fn the_schema_checks_refuse_wrong_messages() {
    let Some(mut schema) = Schema::load("the schema check's own wrong-message cases") else {
        return;
    };
    let meta =
        serde_json::json!({"io.modelcontextprotocol/serverInfo": {"name": "x", "version": "1"}});
    let wrong: &[(&str, Value, Option<&str>)] = &[
        (
            "no resultType",
            serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": {"content": []}}),
            None,
        ),
        (
            "float id",
            serde_json::json!({"jsonrpc": "2.0", "id": 1.5, "result": {"resultType": "complete"}}),
            None,
        ),
        (
            "null id on a result",
            serde_json::json!({"jsonrpc": "2.0", "id": null, "result": {"resultType": "complete"}}),
            None,
        ),
        (
            // JSON-RPC 2.0 and the Python SDK write this for an unreadable id;
            // schema.json leaves such an id out instead and never allows null.
            "null id on an error",
            serde_json::json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "Parse error"}}),
            None,
        ),
        (
            "error without message",
            serde_json::json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32601}}),
            None,
        ),
        (
            "-32022 without data",
            serde_json::json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32022, "message": "no"}}),
            None,
        ),
        (
            "tool result without content",
            serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete", "_meta": meta}}),
            Some("tools/call"),
        ),
        (
            "tools without inputSchema",
            serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete", "tools": [{"name": "add"}], "ttlMs": 0, "cacheScope": "public"}}),
            Some("tools/list"),
        ),
        (
            "discover with a negative ttlMs",
            serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {}, "ttlMs": -1, "cacheScope": "public"}}),
            Some("server/discover"),
        ),
        (
            "input_required asking nothing",
            serde_json::json!({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required"}}),
            Some("tools/call"),
        ),
    ];
    for (what, message, method) in wrong {
        let failed: Vec<String> = schema
            .judge_server_message(message, *method)
            .into_iter()
            .filter(|(_, errors)| !errors.is_empty())
            .map(|(definition, _)| definition)
            .collect();
        assert!(!failed.is_empty(), "{what} was accepted: {message}");
    }
    let right = serde_json::json!({"jsonrpc": "2.0", "id": "a", "result": {"resultType": "complete", "content": [{"type": "text", "text": "5"}], "_meta": meta}});
    for (definition, errors) in schema.judge_server_message(&right, Some("tools/call")) {
        assert!(
            errors.is_empty(),
            "a good tool result failed {definition}: {errors:?}"
        );
    }
    let no_id =
        serde_json::json!({"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}});
    for (definition, errors) in schema.judge_server_message(&no_id, None) {
        assert!(
            errors.is_empty(),
            "an error without an id failed {definition}: {errors:?}"
        );
    }
    // For a request without `_meta` the client type must complain.
    let bare = serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "add"}});
    assert!(
        schema
            .judge_client_request(&bare)
            .iter()
            .any(|(_, errors)| !errors.is_empty())
    );
}

/// The error table names real definitions with the codes it claims.
fn the_error_table_matches_the_schema() {
    let Some(schema) = Schema::load("the error table against schema.json") else {
        return;
    };
    for &(code, definition, part) in ERROR_TYPES {
        let def = &schema.root["$defs"][definition];
        let pointer = match part {
            Part::ErrorMember => "/properties/code/const",
            Part::WholeResponse => "/properties/error/allOf/1/properties/code/const",
        };
        assert_eq!(
            def.pointer(pointer).and_then(Value::as_i64),
            Some(code),
            "{definition} in schema.json"
        );
    }
    assert_eq!(
        schema.stems.get("tools/call").map(String::as_str),
        Some("CallTool")
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    vec![
        test!(every_message_the_reference_servers_write_is_valid_under_the_official_schema)
            .needs(Tool::Spec)
            .needs(Tool::Sdk),
        test!(every_request_the_reference_client_writes_is_valid_under_the_official_schema)
            .needs(Tool::Spec)
            .needs(Tool::Sdk),
        test!(the_schema_checks_refuse_wrong_messages)
            .needs(Tool::Spec)
            .needs(Tool::Sdk),
        test!(the_error_table_matches_the_schema).needs(Tool::Spec),
    ]
}

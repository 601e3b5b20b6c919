//! The notification rules of a scenario (`stream`, `stream_end`,
//! `notifications`, `unwanted`) judged on the real binary: a server that tags
//! its stream and logs only when asked passes; one that forgets the tag,
//! notifies before acknowledging, or logs unasked fails the rule it breaks,
//! in words; a stream closed by its `stream_end` passes where one is named.

use crate::common::*;
use std::path::Path;

const SCENARIOS: &str = r#"
[[scenario]]
name = { en = "a subscription stream", zh = "订阅流" }
fact = "F2"
rule = { en = "The acknowledgement comes first, then each change, tagged.", zh = "先确认，再是每次变更，都带标记。" }
[[scenario.step]]
send = '{"jsonrpc": "2.0", "id": "${id}", "method": "subscriptions/listen", "params": {"_meta": "${meta}", "notifications": {"toolsListChanged": true}}}'
expect = '{"id": "${id}", "result": {"resultType": "complete"}}'
silence_ok = true
stream = [
  '{"method": "notifications/subscriptions/acknowledged", "params": {"_meta": {"io.modelcontextprotocol/subscriptionId": "${id}"}}}',
  '{"method": "notifications/tools/list_changed"}',
]
[[scenario.step]]
send = '{"jsonrpc": "2.0", "id": 900, "method": "tools/call", "params": {"name": "install", "_meta": "${meta}"}}'
expect = '{"id": 900, "result": "$object"}'

[[scenario]]
name = { en = "logs only when asked", zh = "只在要求时记录日志" }
fact = "F2"
rule = { en = "A log message comes before the answer of a request that asked for logs, and never otherwise.", zh = "只有要求日志的请求才会在回答前收到日志。" }
unwanted = ['{"method": "notifications/message", "params": {"data": "unasked"}}']
[[scenario.step]]
send = '{"jsonrpc": "2.0", "id": 901, "method": "tools/call", "params": {"name": "work", "_meta": {"io.modelcontextprotocol/logLevel": "info"}}}'
expect = '{"id": 901, "result": "$object"}'
notifications = ['{"method": "notifications/message", "params": {"level": "info"}}']
before_answer = true
[[scenario.step]]
send = '{"jsonrpc": "2.0", "id": 902, "method": "tools/call", "params": {"name": "work", "_meta": {}}}'
expect = '{"id": 902, "result": "$object"}'

[[scenario]]
name = { en = "a stream the server may close", zh = "服务器可以关闭的流" }
fact = "F2"
rule = { en = "At the end the server may close the stream with a cancellation naming it.", zh = "最后服务器可以用指向它的取消通知关闭这条流。" }
[[scenario.step]]
send = '{"jsonrpc": "2.0", "id": 777, "method": "subscriptions/listen", "params": {"_meta": "${meta}", "notifications": {"toolsListChanged": true}}}'
expect = '{"id": 777, "result": {"resultType": "complete"}}'
silence_ok = true
before_answer = true
stream = ['{"method": "notifications/subscriptions/acknowledged"}']
stream_end = '{"method": "notifications/cancelled", "params": {"requestId": 777}}'
"#;

/// A small server; `defect` breaks one rule.
const SERVER: &str = r#"
import json, sys
defect = sys.argv[1] if len(sys.argv) > 1 else ""
subs = []
ids = []
def out(m):
    print(json.dumps(m), flush=True)
for line in sys.stdin:
    m = json.loads(line)
    if "id" not in m:
        continue
    meta = m.get("params", {}).get("_meta", {})
    if m["method"] == "subscriptions/listen":
        tag = {} if defect == "untagged" else {"_meta": {"io.modelcontextprotocol/subscriptionId": m["id"]}}
        if defect == "early":
            out({"jsonrpc": "2.0", "method": "notifications/tools/list_changed", "params": tag})
        out({"jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged", "params": tag})
        subs.append(tag)
        ids.append(m["id"])
        continue
    name = m["params"].get("name")
    if name == "install":
        for tag in subs:
            out({"jsonrpc": "2.0", "method": "notifications/tools/list_changed", "params": tag})
    if name == "work" and ("io.modelcontextprotocol/logLevel" in meta or defect == "chatty"):
        data = "asked" if "io.modelcontextprotocol/logLevel" in meta else "unasked"
        log = {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": data}}
        if defect == "late":
            out({"jsonrpc": "2.0", "id": m["id"], "result": {"resultType": "complete", "content": []}})
            out(log)
            continue
        out(log)
    out({"jsonrpc": "2.0", "id": m["id"], "result": {"resultType": "complete", "content": []}})
# At end of input, close every stream with notifications/cancelled naming it.
for i in ids if defect.startswith("close") else []:
    params = {"requestId": i + 1 if defect == "close-other" else i}
    if defect != "close-untagged":
        params["_meta"] = {"io.modelcontextprotocol/subscriptionId": i}
    out({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": params})
"#;

fn course() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    copy_tree(&repo().join("tests/fixtures/course"), dir.path());
    let toml = dir.path().join("lessons/basics/exercises/echo.toml");
    let mut text = std::fs::read_to_string(&toml).expect("echo.toml");
    text.push_str(SCENARIOS);
    std::fs::write(&toml, text).expect("write echo.toml");
    std::fs::write(dir.path().join("server.py"), SERVER).expect("write server.py");
    dir
}

/// The failed scenarios' names, and the text report.
fn check(dir: &Path, defect: &str) -> (Vec<String>, String) {
    let cmd = format!("python3 server.py {defect}");
    let args = [
        "check",
        "echo",
        "--cmd",
        &cmd,
        "--seed",
        "3",
        "--timeout",
        "10",
    ];
    let verdict = json(&learn_in(dir, &[&args[..], &["--json"]].concat()));
    let failed = verdict["scenarios"]
        .as_array()
        .expect("scenarios")
        .iter()
        .filter(|s| s["passed"] == false)
        .map(|s| s["name"].as_str().expect("name").to_string())
        .collect();
    (failed, stdout(&learn_in(dir, &args)))
}

fn notification_rules_pass_a_right_server_and_name_each_defect() {
    require_python();
    let dir = course();
    let stream = "a subscription stream".to_string();
    let logs = "logs only when asked".to_string();
    // The fixture's first scenario answers tools/list with an object: this
    // server does, so only the new rules are at stake.
    let (failed, report) = check(dir.path(), "");
    assert_eq!(failed, Vec::<String>::new(), "{report}");

    // Both scenarios with a stream fail these two.
    let closable = "a stream the server may close".to_string();
    let (failed, report) = check(dir.path(), "untagged");
    assert_eq!(failed, vec![stream.clone(), closable.clone()], "{report}");
    assert!(report.contains("do not name this subscription"), "{report}");

    let (failed, report) = check(dir.path(), "early");
    assert_eq!(failed, vec![stream, closable], "{report}");
    assert!(report.contains("first message on the stream"), "{report}");

    let (failed, report) = check(dir.path(), "chatty");
    assert_eq!(failed, vec![logs.clone()], "{report}");
    assert!(report.contains("must not write here"), "{report}");

    let (failed, report) = check(dir.path(), "late");
    assert_eq!(failed, vec![logs], "{report}");
    assert!(
        report.contains("came after the response to this request"),
        "{report}"
    );
}

fn a_stream_end_closes_only_the_stream_that_names_it() {
    require_python();
    let dir = course();
    let stream = "a subscription stream".to_string();
    let closable = "a stream the server may close".to_string();
    // Tagged: right where the step names a `stream_end`, one message too
    // many on the stream that names none.
    let (failed, report) = check(dir.path(), "close");
    assert_eq!(failed, vec![stream.clone()], "{report}");
    assert!(
        report.contains("carries a message it should not"),
        "{report}"
    );
    // Untagged, it closes the stream whose id it names.
    let (failed, report) = check(dir.path(), "close-untagged");
    assert_eq!(failed, Vec::<String>::new(), "{report}");
    // Naming another request, it closes nothing: one message too many on
    // both streams.
    let (failed, report) = check(dir.path(), "close-other");
    assert_eq!(failed, vec![stream, closable], "{report}");
}

/// `learn dev check` on the course with `line` replaced by `edited` in the
/// exercise: refused (exit 2), with `says` in its message.
fn refused_content(line: &str, edited: &str, says: &str) {
    let dir = course();
    let toml = dir.path().join("lessons/basics/exercises/echo.toml");
    let text = std::fs::read_to_string(&toml).expect("echo.toml");
    assert!(text.contains(line), "the fixture has {line}");
    std::fs::write(&toml, text.replace(line, edited)).expect("write");
    let output = learn_in(dir.path(), &["dev", "check"]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    assert!(stderr(&output).contains(says), "{}", stderr(&output));
}

fn a_stream_end_without_a_stream_is_a_content_error() {
    let line = "expect = '{\"id\": 902, \"result\": \"$object\"}'";
    let edited = format!("{line}\nstream_end = '{{\"method\": \"notifications/cancelled\"}}'");
    refused_content(line, &edited, "has a `stream_end`, but no `stream`");
}

fn a_stream_on_a_notification_is_a_content_error() {
    let line = "send = '{\"jsonrpc\": \"2.0\", \"method\": \"notifications/cancelled\"}'";
    let edited = format!("{line}\nstream = ['{{\"method\": \"x\"}}']");
    refused_content(line, &edited, "a stream belongs to the request");
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(notification_rules_pass_a_right_server_and_name_each_defect),
        test!(a_stream_end_closes_only_the_stream_that_names_it),
        test!(a_stream_end_without_a_stream_is_a_content_error),
        test!(a_stream_on_a_notification_is_a_content_error),
    ]
}

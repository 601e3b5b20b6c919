//! `learn serve` over real HTTP: every status-code and header rule of the
//! 2026-07-28 Streamable HTTP transport that the bridge applies, with the
//! reference capstone behind it, and a fixture program
//! (tests/fixtures/serve/fixture.py) that dies, hangs and chatters on purpose.

use crate::common::serve::*;
use crate::common::*;

use serde_json::{Value, json};
use std::time::{Duration, Instant};

fn capstone() -> Served {
    serve(&["capstone", "--solution"])
}

fn fixture(extra: &[&str]) -> Option<Served> {
    require_python();
    let cmd = format!(
        "python3 {}",
        repo().join("tests/fixtures/serve/fixture.py").display()
    );
    let mut args = vec!["--cmd", cmd.as_str()];
    args.extend_from_slice(extra);
    Some(serve(&args))
}

fn a_request_gets_the_programs_answer_as_json() {
    let served = capstone();
    let reply = post(
        &served,
        &standard("tools/list", None),
        &request(json!(7), "tools/list", json!({"_meta": meta()})),
    );
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(reply.header("Content-Type"), Some("application/json"));
    let answer = reply.json();
    assert_eq!(answer["id"], 7);
    assert_eq!(answer["result"]["tools"][0]["name"], "add");
    // The same over a body that spans lines: it reaches the program on one.
    let pretty =
        serde_json::to_string_pretty(&json!({"jsonrpc": "2.0", "id": "x", "method": "tools/call",
        "params": {"name": "add", "arguments": {"a": 2, "b": 3}, "_meta": meta()}}))
        .unwrap_or_default();
    let reply = post(&served, &standard("tools/call", Some("add")), &pretty);
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(reply.json()["result"]["content"][0]["text"], "5");
}

fn each_protocol_error_has_its_status_code() {
    let served = capstone();
    let v999 = json!({"io.modelcontextprotocol/protocolVersion": "v999",
                      "io.modelcontextprotocol/clientCapabilities": {}});
    // (what, method, Mcp-Name, MCP-Protocol-Version, params, status, code)
    type Case<'a> = (&'a str, &'a str, Option<&'a str>, &'a str, Value, u16, i64);
    let cases: Vec<Case> = vec![
        (
            "removed method",
            "initialize",
            None,
            VERSION,
            json!({"protocolVersion": VERSION}),
            404,
            -32601,
        ),
        (
            "removed method",
            "ping",
            None,
            VERSION,
            json!({"_meta": meta()}),
            404,
            -32601,
        ),
        (
            "unknown method",
            "no/such",
            None,
            VERSION,
            json!({"_meta": meta()}),
            404,
            -32601,
        ),
        (
            "missing _meta",
            "server/discover",
            None,
            VERSION,
            json!({}),
            400,
            -32602,
        ),
        (
            "unknown tool",
            "tools/call",
            Some("nope"),
            VERSION,
            json!({"name": "nope", "_meta": meta()}),
            400,
            -32602,
        ),
        (
            "unsupported version",
            "server/discover",
            None,
            "v999",
            json!({"_meta": v999}),
            400,
            -32022,
        ),
        (
            "missing capability",
            "tools/call",
            Some("greet"),
            VERSION,
            json!({"name": "greet", "_meta": meta()}),
            400,
            -32021,
        ),
    ];
    for (what, method, name, version, params, status, code) in cases {
        let mut headers = standard(method, name);
        headers[2].1 = version;
        let reply = post(&served, &headers, &request(json!(11), method, params));
        assert_eq!(
            (reply.status, reply.error_code()),
            (status, Some(code)),
            "{what}: {reply:?}"
        );
        assert_eq!(
            reply.json()["id"],
            11,
            "{what}: the error keeps the request's id"
        );
    }
    // A request the program cannot read an id from: its error has no id, 400.
    let reply = post(
        &served,
        &standard("m", None),
        r#"{"jsonrpc":"2.0","id":{"a":1},"method":"m"}"#,
    );
    assert_eq!(
        (reply.status, reply.error_code()),
        (400, Some(-32600)),
        "{reply:?}"
    );
}

fn headers_that_disagree_with_the_body_are_a_header_mismatch() {
    let served = capstone();
    let discover = request(json!(5), "server/discover", json!({"_meta": meta()}));
    let call = request(
        json!(6),
        "tools/call",
        json!({"name": "add", "arguments": {"a": 1, "b": 1}, "_meta": meta()}),
    );
    let base = standard("server/discover", None);
    let without = |name: &str| -> Vec<(&str, &str)> {
        base.iter()
            .copied()
            .filter(|(n, _)| !n.eq_ignore_ascii_case(name))
            .collect()
    };
    let mut wrong_version = base.clone();
    wrong_version[2].1 = "2025-11-25";
    let mut wrong_method = base.clone();
    wrong_method[3].1 = "tools/list";
    type Case<'a> = (&'a str, Vec<(&'a str, &'a str)>, &'a str);
    let cases: Vec<Case> = vec![
        (
            "no MCP-Protocol-Version",
            without("MCP-Protocol-Version"),
            &discover,
        ),
        (
            "MCP-Protocol-Version differs from _meta",
            wrong_version,
            &discover,
        ),
        ("no Mcp-Method", without("Mcp-Method"), &discover),
        ("Mcp-Method differs from method", wrong_method, &discover),
        (
            "no Mcp-Name on tools/call",
            standard("tools/call", None),
            &call,
        ),
        (
            "Mcp-Name differs from params.name",
            standard("tools/call", Some("greet")),
            &call,
        ),
    ];
    for (what, headers, body) in cases {
        let reply = post(&served, &headers, body);
        assert_eq!(
            (reply.status, reply.error_code()),
            (400, Some(-32020)),
            "{what}: {reply:?}"
        );
        assert!(
            reply.json()["id"].is_number(),
            "{what}: the id is echoed: {reply:?}"
        );
    }
    // Agreeing headers pass, whatever the case of their names, and Mcp-Name
    // may come Base64-encoded.
    let lower: Vec<(&str, &str)> = vec![
        ("content-type", "application/json"),
        ("mcp-protocol-version", VERSION),
        ("MCP-METHOD", "tools/call"),
        ("mcp-name", "=?base64?YWRk?="),
    ];
    let reply = post(&served, &lower, &call);
    assert_eq!(reply.status, 200, "{reply:?}");
    // A header disagreeing with a body that lacks the field is the body's
    // fault: the program says -32602.
    let bare = request(
        json!(8),
        "server/discover",
        json!({"_meta": {"io.modelcontextprotocol/clientCapabilities": {}}}),
    );
    let reply = post(&served, &base, &bare);
    assert_eq!(
        (reply.status, reply.error_code()),
        (400, Some(-32602)),
        "{reply:?}"
    );
}

fn a_notification_or_a_response_gets_202_and_nothing_back() {
    let Some(served) = fixture(&[]) else { return };
    // Started and warm: the first message starts the program.
    let warm = post(
        &served,
        &standard("a", None),
        &request(json!(0), "a", json!({})),
    );
    assert_eq!(warm.status, 200, "{warm:?}");
    let headers = [("Content-Type", "application/json")];
    let note = r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#;
    let reply = post(&served, &headers, note);
    assert_eq!(reply.status, 202, "{reply:?}");
    assert_eq!(reply.body, "");
    let response = r#"{"jsonrpc":"2.0","id":1,"result":{}}"#;
    assert_eq!(post(&served, &headers, response).status, 202);
    // A program that wrongly answers a notification: the stray line is not
    // taken for the next request's answer.
    let stray = r#"{"jsonrpc":"2.0","method":"answer-notifications"}"#;
    assert_eq!(post(&served, &headers, stray).status, 202);
    std::thread::sleep(Duration::from_millis(1000));
    let reply = post(
        &served,
        &standard("x", None),
        &request(json!("stray"), "x", json!({"_meta": meta()})),
    );
    assert_eq!(reply.status, 200, "{reply:?}");
    assert!(reply.json()["result"]["pid"].is_number(), "{reply:?}");
}

fn bodies_that_are_not_one_message_are_refused() {
    let served = capstone();
    let headers = standard("tools/list", None);
    let reply = post(&served, &headers, "{not json");
    assert_eq!(
        (reply.status, reply.error_code()),
        (400, Some(-32700)),
        "{reply:?}"
    );
    assert!(reply.json().get("id").is_none());
    let batch = format!(
        "[{}]",
        request(json!(1), "tools/list", json!({"_meta": meta()}))
    );
    let reply = post(&served, &headers, &batch);
    assert_eq!(
        (reply.status, reply.error_code()),
        (400, Some(-32600)),
        "{reply:?}"
    );
    let reply = post(&served, &[("Content-Type", "text/plain")], "{}");
    assert_eq!(reply.status, 415, "{reply:?}");
}

fn only_post_to_the_endpoint() {
    let served = capstone();
    for method in ["GET", "DELETE"] {
        let reply = http(&served.addr, method, "/mcp", &[], b"");
        assert_eq!(reply.status, 405, "{method}: {reply:?}");
        assert_eq!(reply.header("Allow"), Some("POST"));
    }
    let reply = http(
        &served.addr,
        "POST",
        "/other",
        &standard("tools/list", None),
        b"{}",
    );
    assert_eq!(reply.status, 404, "{reply:?}");
}

fn a_body_too_big_gets_413() {
    let served = serve(&["capstone", "--solution", "--max-body", "200"]);
    let padding = "x".repeat(300);
    let body = request(
        json!(1),
        "tools/list",
        json!({"_meta": meta(), "pad": padding}),
    );
    let reply = post(&served, &standard("tools/list", None), &body);
    assert_eq!(reply.status, 413, "{reply:?}");
    // Just under the cap is fine.
    let small = request(json!(1), "tools/list", json!({"_meta": meta()}));
    assert!(small.len() <= 200);
    assert_eq!(
        post(&served, &standard("tools/list", None), &small).status,
        200
    );
}

fn an_origin_or_host_from_elsewhere_gets_403() {
    let served = capstone();
    let body = request(json!(1), "tools/list", json!({"_meta": meta()}));
    let mut evil_origin = standard("tools/list", None);
    evil_origin.push(("Origin", "http://evil.example.com"));
    let reply = post(&served, &evil_origin, &body);
    assert_eq!(reply.status, 403, "{reply:?}");
    assert!(reply.json().get("id").is_none(), "{reply:?}");
    let mut evil_host = standard("tools/list", None);
    evil_host.push(("Host", "evil.example.com"));
    assert_eq!(post(&served, &evil_host, &body).status, 403);
    let mut local = standard("tools/list", None);
    local.push(("Origin", "http://localhost:6274"));
    assert_eq!(post(&served, &local, &body).status, 200);
    // An origin the user allowed passes.
    let allowed = serve(&[
        "capstone",
        "--solution",
        "--allow-origin",
        "https://inspector.example",
    ]);
    let mut inspector = standard("tools/list", None);
    inspector.push(("Origin", "https://inspector.example"));
    assert_eq!(post(&allowed, &inspector, &body).status, 200);
}

fn a_program_that_dies_is_started_again() {
    let Some(served) = fixture(&[]) else { return };
    let pid = |reply: &Reply| reply.json()["result"]["pid"].as_i64();
    let first = post(
        &served,
        &standard("a", None),
        &request(json!(1), "a", json!({})),
    );
    assert_eq!(first.status, 200, "{first:?}");
    let died = post(
        &served,
        &standard("die", None),
        &request(json!(2), "die", json!({})),
    );
    assert_eq!(
        (died.status, died.error_code()),
        (502, Some(-32603)),
        "{died:?}"
    );
    let message = died.json()["error"]["message"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        message.contains("exited with code 3") && message.contains("dying on purpose"),
        "{message}"
    );
    assert_eq!(died.json()["id"], 2);
    let again = post(
        &served,
        &standard("a", None),
        &request(json!(3), "a", json!({})),
    );
    assert_eq!(again.status, 200, "{again:?}");
    assert_ne!(pid(&first), pid(&again), "a new process answers");
}

fn a_request_that_takes_too_long_gets_504_and_a_fresh_program() {
    let Some(served) = fixture(&["--timeout", "3"]) else {
        return;
    };
    let pid = |reply: &Reply| reply.json()["result"]["pid"].as_i64();
    let first = post(
        &served,
        &standard("a", None),
        &request(json!(1), "a", json!({})),
    );
    let started = Instant::now();
    let slow = post(
        &served,
        &standard("hang", None),
        &request(json!(2), "hang", json!({})),
    );
    let took = started.elapsed();
    assert_eq!(
        (slow.status, slow.error_code()),
        (504, Some(-32603)),
        "{slow:?}"
    );
    assert!(took < Duration::from_secs(7), "answered after {took:?}");
    let again = post(
        &served,
        &standard("a", None),
        &request(json!(3), "a", json!({})),
    );
    assert_eq!(again.status, 200, "{again:?}");
    assert_ne!(pid(&first), pid(&again));
}

fn messages_before_the_answer_make_an_event_stream() {
    let Some(served) = fixture(&[]) else { return };
    let body = request(json!(4), "chatty", json!({}));
    let reply = post(&served, &standard("chatty", None), &body);
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(reply.header("Content-Type"), Some("text/event-stream"));
    let events: Vec<Value> = reply
        .body
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .map(|d| serde_json::from_str(d).expect("each event is JSON"))
        .collect();
    assert_eq!(events.len(), 2, "{reply:?}");
    assert_eq!(events[0]["method"], "notifications/progress");
    assert_eq!(events[1]["id"], 4, "the answer ends the stream");
    // A client that takes only JSON gets the answer alone.
    let mut json_only = standard("chatty", None);
    json_only[1].1 = "application/json";
    let reply = post(&served, &json_only, &body);
    assert_eq!(reply.header("Content-Type"), Some("application/json"));
    assert_eq!(reply.json()["id"], 4);
    // A debug print on stdout is not an answer and is not sent.
    let reply = post(
        &served,
        &standard("debug-print", None),
        &request(json!(5), "debug-print", json!({})),
    );
    assert_eq!(
        reply.header("Content-Type"),
        Some("application/json"),
        "{reply:?}"
    );
    assert_eq!(reply.json()["id"], 5);
}

fn a_program_that_cannot_start_gets_502() {
    let served = serve(&["--cmd", "/no/such/program"]);
    let reply = post(
        &served,
        &standard("tools/list", None),
        &request(json!(1), "tools/list", json!({})),
    );
    assert_eq!(
        (reply.status, reply.error_code()),
        (502, Some(-32603)),
        "{reply:?}"
    );
    assert!(reply.body.contains("was not found"), "{reply:?}");
}

/// A client that sends its headers and part of a body, then stalls, holds a
/// worker only until the request's time runs out (`--timeout`), so a few of
/// them cannot freeze the bridge for everyone else (they once held all four
/// workers for good, and the next client waited forever).
fn the_bridge_still_accepts_after_idling_longer_than_the_timeout() {
    // A receive timeout set on the listener (SO_RCVTIMEO) also limits
    // accept(), and tiny_http stops accepting on its first error: a bridge
    // left idle for --timeout refused every later connection, and the
    // conformance suite failed with "fetch failed" on a loaded machine.
    let served = serve(&["capstone", "--solution", "--timeout", "1"]);
    std::thread::sleep(Duration::from_millis(2500));
    let reply = post(
        &served,
        &standard("tools/list", None),
        &request(json!(1), "tools/list", json!({"_meta": meta()})),
    );
    assert_eq!(reply.status, 200, "{reply:?}");
    assert_eq!(reply.json()["id"], 1, "{reply:?}");
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(a_request_gets_the_programs_answer_as_json),
        test!(each_protocol_error_has_its_status_code),
        test!(headers_that_disagree_with_the_body_are_a_header_mismatch),
        test!(a_notification_or_a_response_gets_202_and_nothing_back),
        test!(bodies_that_are_not_one_message_are_refused),
        test!(only_post_to_the_endpoint),
        test!(a_body_too_big_gets_413),
        test!(an_origin_or_host_from_elsewhere_gets_403),
        test!(a_program_that_dies_is_started_again),
        test!(a_request_that_takes_too_long_gets_504_and_a_fresh_program),
        test!(messages_before_the_answer_make_an_event_stream),
        test!(a_program_that_cannot_start_gets_502),
        test!(the_bridge_still_accepts_after_idling_longer_than_the_timeout),
    ]
}

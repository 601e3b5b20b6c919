//! Checker throughput: one generated scenario of requests and notifications
//! played through a built program and judged, timed end to end.

use learn::content::pattern::Pattern;
use learn::content::scenario::{Outgoing, Scenario, ScenarioStep};
use learn::content::template::Bindings;
use learn::content::text::Localized;
use learn::judge::{judge_scenario, matching};
use learn::runner::{Limits, Program, run_scenario};
use serde_json::{Value, json};
use std::path::Path;
use std::time::{Duration, Instant};

fn meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "feedback-bench", "version": "1.0.0"}
    })
}

fn step(send: Value, expect: Option<Value>) -> ScenarioStep {
    ScenarioStep {
        send: Outgoing::Json(send),
        expect: expect.map(|e| Pattern::parse(&e).expect("bench pattern")),
        silence_ok: false,
        fresh: false,
        captures: Vec::new(),
        stream: Vec::new(),
        notifications: Vec::new(),
        stream_end: None,
        before_answer: false,
        pause: None,
        out_of_turn: false,
        line: 0,
    }
}

/// `messages` lines: every other one a request (an `add` call whose sum the
/// response must carry, or a discover), the rest notifications, which must
/// get no answer at all.
pub fn generated_scenario(messages: usize) -> Scenario {
    let steps = (0..messages)
        .map(|i| {
            let id = i as i64;
            match i % 4 {
                0 => step(
                    json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
                        "name": "add", "arguments": {"a": id, "b": 2}, "_meta": meta()}}),
                    Some(json!({"jsonrpc": "2.0", "id": id, "result": {
                        "resultType": "complete", "isError": "$absent-or-null",
                        "content": [{"type": "text", "text": {"$numeric-text": id + 2}}]}})),
                ),
                2 => step(
                    json!({"jsonrpc": "2.0", "id": format!("s-{id}"), "method": "server/discover",
                        "params": {"_meta": meta()}}),
                    Some(json!({"jsonrpc": "2.0", "id": format!("s-{id}"), "result": {
                        "resultType": "complete", "supportedVersions": {"$contains": ["2026-07-28"]}}})),
                ),
                1 => step(
                    json!({"jsonrpc": "2.0", "method": "notifications/progress",
                        "params": {"progressToken": id, "progress": id}}),
                    None,
                ),
                _ => step(
                    json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
                        "params": {"requestId": id - 3, "reason": "bench"}}),
                    None,
                ),
            }
        })
        .collect();
    Scenario {
        title: Localized {
            en: "generated stream".into(),
            zh: "生成的消息流".into(),
        },
        fact: "F9".into(),
        rule: Localized {
            en: "Every request gets one response; notifications get none.".into(),
            zh: "每个请求得到一个响应；通知得不到任何响应。".into(),
        },
        ..Scenario::with_steps("generated stream", steps)
    }
}

/// Plays and judges the scenario once; returns seconds, and the problems
/// the judge found (there must be none: the reference solution is right).
pub fn run_once(program_path: &Path, scenario: &Scenario) -> (f64, usize) {
    let program = Program::executable(program_path, program_path.parent().expect("folder"));
    let limits = Limits {
        timeout: Duration::from_secs(120),
        ..Limits::default()
    };
    let started = Instant::now();
    let transcript = run_scenario(&program, scenario, Bindings::new(), limits, matching::fits);
    let verdict = judge_scenario(scenario, &transcript);
    let seconds = started.elapsed().as_secs_f64();
    (seconds, verdict.problems.len())
}

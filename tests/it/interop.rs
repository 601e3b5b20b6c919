//! The official MCP Python SDK (PyPI `mcp`, 2.x) against this course, both
//! ways round:
//! - its client drives the reference `capstone` server over stdio, in
//!   mode="auto" (probing `server/discover`) and mode="2026-07-28": list
//!   tools, `add`, a tool error, the `greet` round trip answered by an
//!   elicitation callback (accepted and declined), an unknown tool (-32602),
//!   as lessons/01-mcp-messages/interop.toml says; first through the driver
//!   file itself, then through `learn interop`;
//! - the capstone scenarios judge a server built on the SDK's own
//!   `MCPServer` (tests/fixtures/interop/sdk_server.py), and must fail exactly where
//!   the SDK departs from the lesson's contract, each departure for the
//!   reason recorded here;
//! - lesson 3's reference capstone client, over stdio, completes a plain
//!   call and an elicitation round trip against that SDK server and against
//!   lesson 2's reference server.
//!
//! Python with the pinned SDK comes from `LEARN_PYTHON`, else
//! target/interop-venv (`.ci/setup` installs it there; nothing here installs
//! anything): where it is missing, the tests that need it are not run and the
//! run ends saying so (a failure under `CI`).

use crate::common::*;

use learn::referees::sdk::sdk_version;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const STEPS: [&str; 7] = [
    "connect",
    "list-tools",
    "add",
    "tool-error",
    "greet",
    "greet-declined",
    "unknown-tool",
];
const MODES: [&str; 2] = ["auto", "2026-07-28"];

/// The Python with the pinned SDK (the test needs `Tool::Sdk`, so it is here).
fn sdk_python() -> PathBuf {
    crate::common::tools::sdk_python().expect("the pinned MCP SDK (Tool::Sdk)")
}

fn learn_with_python(python: &Path, args: &[&str]) -> std::process::Output {
    learn_command(&repo())
        .args(args)
        .env("LEARN_PYTHON", python)
        .output()
        .expect("the learn binary runs")
}

fn the_sdk_client_drives_the_reference_capstone_in_both_modes() {
    let python = sdk_python();
    // Builds the reference and proves it passes its own scenarios first.
    let built = learn(&["check", "capstone", "--solution", "--seed", "1"]);
    assert_eq!(code(&built), 0, "{}", stdout(&built));
    let server = repo().join(format!(
        "target/exercises/debug/capstone-solution{}",
        std::env::consts::EXE_SUFFIX
    ));
    // The driver knows no lesson: its plan is lesson 1's interop.toml.
    let course = learn::content::load::load_course(&repo()).expect("the course loads");
    let steps = course
        .interop_for("capstone")
        .expect("lesson 1's SDK steps");
    let plan = learn::referees::sdk::plan(steps, 1);
    let output = Command::new(&python)
        .arg(repo().join("src/referees/sdk/driver.py"))
        .arg("--plan")
        .arg(plan.to_string())
        .arg("--")
        .arg(&server)
        .output()
        .expect("the driver runs");
    let text = stdout(&output);
    println!("{text}");
    let events: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).expect("the driver prints JSON lines"))
        .collect();
    assert_eq!(
        events[0]["sdk"],
        sdk_version(),
        "the SDK in use is the pinned one"
    );
    let steps: Vec<(String, String, bool)> = events[1..]
        .iter()
        .map(|e| {
            (
                e["mode"].as_str().unwrap_or("?").to_string(),
                e["step"].as_str().unwrap_or("?").to_string(),
                e["passed"] == true,
            )
        })
        .collect();
    let expected: Vec<(String, String, bool)> = MODES
        .iter()
        .flat_map(|mode| {
            STEPS
                .iter()
                .map(move |step| (mode.to_string(), step.to_string(), true))
        })
        .collect();
    assert_eq!(steps, expected, "{text}\n{}", stderr(&output));
    assert!(output.status.success());
}

fn learn_interop_prints_a_passing_report_for_the_reference() {
    let python = sdk_python();
    let output = learn_with_python(&python, &["interop", "capstone", "--solution"]);
    let text = stdout(&output);
    assert_eq!(code(&output), 0, "{text}\n{}", stderr(&output));
    assert!(text.contains("solutions/09_capstone.rs"), "{text}");
    assert!(
        text.contains("mode=\"auto\"") && text.contains("mode=\"2026-07-28\""),
        "{text}"
    );
    assert_eq!(text.matches('✓').count(), 14, "{text}");
    assert!(text.contains("14 of 14 steps passed."), "{text}");
}

/// The steps ask for the contract, not for the reference's habits: the
/// independent Python demo server passes them too, in both its styles.
fn learn_interop_passes_the_independent_demo_server() {
    let python = sdk_python();
    for switches in ["", "--style alt --async"] {
        let cmd = format!("python3 lessons/01-mcp-messages/programs/demo_server.py {switches}");
        let output = learn_with_python(&python, &["interop", "--cmd", &cmd]);
        let text = stdout(&output);
        assert_eq!(code(&output), 0, "{cmd}:\n{text}\n{}", stderr(&output));
        assert!(text.contains("14 of 14 steps passed."), "{text}");
    }
}

fn learn_interop_fails_the_unfinished_exercise() {
    let python = sdk_python();
    // The learner's file is full of todo!(): the server dies at its first
    // line. Only the pinned mode's connect passes: it sends nothing.
    let output = learn_with_python(&python, &["interop", "capstone", "--timeout", "5"]);
    let text = stdout(&output);
    assert_eq!(code(&output), 1, "{text}\n{}", stderr(&output));
    assert!(text.contains("1 of 14 steps passed."), "{text}");
    assert!(
        text.contains("adopted 2026-07-28 without a probe"),
        "{text}"
    );
    assert!(text.contains("the SDK saw:"), "{text}");
}

fn without_python_or_the_sdk_learn_interop_says_how_to_install_them() {
    let install = format!(
        "target/interop-venv/bin/pip install \"mcp=={}\"",
        sdk_version()
    );
    let missing = learn_with_python(&PathBuf::from("/no/such/python"), &["interop"]);
    let said = stderr(&missing);
    assert_eq!(code(&missing), 2, "{said}");
    assert!(said.contains("Python 3.10 or newer"), "{said}");
    assert!(
        said.contains("python3 -m venv target/interop-venv"),
        "{said}"
    );
    assert!(said.contains(&install), "{said}");

    require_python();
    // A fresh environment with nothing installed in it: Python, but no SDK.
    let empty = tempfile::tempdir().expect("temp dir");
    let made = Command::new("python3")
        .args(["-m", "venv", "--without-pip"])
        .arg(empty.path())
        .status()
        .expect("python3 -m venv runs");
    assert!(made.success());
    let bare = empty.path().join("bin/python");
    let output = learn_with_python(&bare, &["interop", "--lang", "zh"]);
    let said = stderr(&output);
    assert_eq!(code(&output), 2, "{said}");
    assert!(said.contains("官方 MCP Python SDK"), "{said}");
    assert!(said.contains(&install), "{said}");
}

/// The SDK is pinned once, in conformance/versions.env: `.ci/setup` installs
/// that version, `learn interop` reads it (its install hint names it, see
/// above), and its `--help` points at the file rather than keep a copy.
fn the_pinned_sdk_version_is_the_same_everywhere() {
    let version = sdk_version();
    assert!(version.starts_with("2."), "{version:?}");
    let setup = std::fs::read_to_string(repo().join(".ci/setup")).expect(".ci/setup");
    assert!(
        setup.contains(". conformance/versions.env") && setup.contains("\"mcp==$MCP_SDK_VERSION\""),
        ".ci/setup must install the pinned mcp=={version}"
    );
    let help = stdout(&learn(&["interop", "--help"]));
    assert!(
        help.contains("conformance/versions.env") && help.contains("MCP_SDK_VERSION"),
        "{help}"
    );
    assert!(
        !help.contains(&format!("mcp=={version}")),
        "no copy of the pin: {help}"
    );
}

// ---------------------------------------------------------------------------
// The SDK's own server, judged by the capstone scenarios.

/// Where `MCPServer` with its defaults parts from the capstone contract: the
/// scenario that catches it, and what the SDK does instead.
const DEPARTURES: &[(&str, &str)] = &[
    // The spec: an unknown tool is -32602. MCPServer answers with a result
    // carrying isError: true (text "Unknown tool: ..."), so a model would
    // think the tool exists and failed.
    (
        "an unknown tool is a protocol error, -32602",
        "unknown tool as an isError result",
    ),
    // Unparseable lines and requests whose id cannot be used get no answer
    // at all, where JSON-RPC asks for -32700 / -32600.
    (
        "a line that is not JSON gets -32700 with no id",
        "silence on unparseable lines",
    ),
    (
        "malformed requests get -32600",
        "silence on invalid requests and unusable ids",
    ),
    // requestState is sealed with a key made when the process starts
    // (RequestStateSecurity.ephemeral()), so a retry that reaches another
    // process gets -32602 "Invalid or expired requestState". Every scenario
    // that finishes greet in a fresh process fails for that one reason.
    (
        "a client's whole session, start to finish",
        "per-process requestState key",
    ),
    (
        "the greet retry completes in a fresh process",
        "per-process requestState key",
    ),
    (
        "greet declined completes without a greeting",
        "per-process requestState key",
    ),
    (
        "greet cancelled completes without a greeting",
        "per-process requestState key",
    ),
    (
        "a greet retry without the answer is asked again",
        "per-process requestState key",
    ),
    // The stdio server serves both eras: the first request decides, once
    // per connection. `initialize` first opens a legacy (2025) session with
    // a normal result...
    (
        "the legacy initialize handshake is refused",
        "answers the legacy handshake",
    ),
    // ...and a first request without the 2026 `_meta` envelope locks the
    // connection to the legacy era too, so a later enveloped request gets
    // -32600 rather than being judged on its own `_meta`.
    (
        "_meta and its two required keys are checked",
        "era decided once per connection",
    ),
    // A bare `ping` as the first request opens a legacy session too, where
    // ping still exists: an empty result, not -32601 or -32602.
    (
        "a bare legacy ping gets either rule's error",
        "answers a bare ping in the legacy era",
    ),
    // MCPServer always serves resources/* and prompts/* (empty lists), and
    // an unknown prompt is -32603 (internal error) rather than -32602.
    (
        "removed and unknown methods get -32601",
        "always serves resources and prompts",
    ),
];

fn sdk_server_verdict(python: &Path, extra: &str, seed: &str) -> Value {
    let script = repo().join("tests/fixtures/interop/sdk_server.py");
    // In forks of one interpreter that has imported the SDK (a start costs
    // most of a second of CPU, and a capstone check makes about forty); the
    // per-process state key is made in main, so each fork has its own.
    let mut words = vec![script.as_os_str()];
    words.extend(extra.split_whitespace().map(std::ffi::OsStr::new));
    let cmd = crate::common::pyfork::sdk_command(python, &words);
    // The SDK takes a second or two to import on a busy machine; scenarios
    // that prove silence wait out the whole timeout.
    json(&learn(&[
        "check",
        "capstone",
        "--cmd",
        &cmd,
        "--seed",
        seed,
        "--timeout",
        "30",
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

fn scenario<'a>(verdict: &'a Value, name: &str) -> &'a Value {
    verdict["scenarios"]
        .as_array()
        .and_then(|all| all.iter().find(|s| s["name"] == name))
        .unwrap_or_else(|| panic!("no scenario {name:?}"))
}

/// Every message the server wrote in a scenario, run by run.
fn received(scenario: &Value) -> Vec<Vec<Value>> {
    scenario["runs"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|run| {
            run["received"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|line| serde_json::from_str(line.as_str()?).ok())
                .collect()
        })
        .collect()
}

/// Each departure fails for the reason recorded, not for a timeout or a crash.
fn assert_evidence(verdict: &Value, name: &str, why: &str) {
    let runs = received(scenario(verdict, name));
    let all: Vec<&Value> = runs.iter().flatten().collect();
    let error_code = |m: &&Value| m.pointer("/error/code").and_then(Value::as_i64);
    let held = match why {
        "unknown tool as an isError result" => {
            all.iter()
                .any(|m| m.pointer("/result/isError") == Some(&Value::Bool(true)))
                && !all.iter().any(|m| error_code(m) == Some(-32602))
        }
        "silence on unparseable lines" | "silence on invalid requests and unusable ids" => {
            all.is_empty()
        }
        // The retry (a later run: a fresh process) is refused as bad params.
        "per-process requestState key" => runs
            .iter()
            .skip(1)
            .flatten()
            .any(|m| error_code(&m) == Some(-32602)),
        "answers the legacy handshake" => all
            .iter()
            .any(|m| m.pointer("/result/protocolVersion").is_some()),
        "era decided once per connection" => all.iter().any(|m| error_code(m) == Some(-32600)),
        "answers a bare ping in the legacy era" => all
            .iter()
            .any(|m| m.get("result").is_some_and(|r| r == &serde_json::json!({}))),
        "always serves resources and prompts" => {
            all.iter().any(|m| m.pointer("/result/resources").is_some())
                && all.iter().any(|m| error_code(m) == Some(-32603))
        }
        other => panic!("no evidence check for {other:?}"),
    };
    assert!(
        held,
        "{name:?} should fail because of: {why}; the SDK wrote {all:#?}"
    );
}

fn the_sdk_server_fails_exactly_where_it_departs_from_the_contract() {
    let python = sdk_python();
    let verdict = sdk_server_verdict(&python, "", "4");
    let expected: BTreeSet<String> = DEPARTURES.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(
        failing(&verdict),
        expected,
        "the scenarios the SDK server fails (left) are not the departures recorded (right)"
    );
    for (name, why) in DEPARTURES {
        assert_evidence(&verdict, name, why);
    }
    let total = verdict["scenarios"].as_array().map_or(0, Vec::len);
    println!(
        "MCPServer (mcp {}): {} of {total} capstone scenarios pass; {} departures",
        sdk_version(),
        total - expected.len(),
        expected.len()
    );
}

/// With one requestState key shared by every process the SDK finishes greet
/// anywhere: that departure is a default, and only it goes away.
fn with_a_shared_state_key_only_the_requeststate_departure_goes_away() {
    let python = sdk_python();
    let key = "--state-key learn-interop-test-key-0123456789abcdef";
    let verdict = sdk_server_verdict(&python, key, "5");
    let expected: BTreeSet<String> = DEPARTURES
        .iter()
        .filter(|(_, why)| *why != "per-process requestState key")
        .map(|(n, _)| n.to_string())
        .collect();
    assert_eq!(failing(&verdict), expected);
}

/// The built reference of lesson 3's capstone client, run as
/// `capstone-client call <tool> <arguments>` with its stdin and stdout
/// joined to a server program's: whether it exited 0, and its stderr (the
/// result's text is its last line).
fn capstone_client_against(server: &mut Command, tool: &str, arguments: &str) -> (bool, String) {
    use std::process::Stdio;
    let built = learn(&["check", "capstone-client", "--solution", "--seed", "1"]);
    assert_eq!(code(&built), 0, "{}", stdout(&built));
    let client_path = repo().join(format!(
        "target/exercises/debug/capstone-client-solution{}",
        std::env::consts::EXE_SUFFIX
    ));
    let mut server = server
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let (to_server, from_server) = (server.stdin.take(), server.stdout.take());
    let client = Command::new(client_path)
        .args(["call", tool, arguments])
        .stdin(Stdio::from(from_server.expect("server stdout")))
        .stdout(Stdio::from(to_server.expect("server stdin")))
        .stderr(Stdio::piped())
        .spawn()
        .expect("the client starts");
    // A client that never ends fails here instead of holding the run.
    let (done, wait) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(client.wait_with_output());
    });
    let output = wait
        .recv_timeout(std::time::Duration::from_secs(60))
        .expect("the client ends within 60 s")
        .expect("the client's output");
    let _ = server.kill();
    let _ = server.wait();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn the_capstone_client_completes_against_lesson_2_and_the_sdk_server() {
    let lesson_2 = || {
        let built = learn(&["check", "conformant-server", "--solution", "--seed", "1"]);
        assert_eq!(code(&built), 0, "{}", stdout(&built));
        Command::new(repo().join(format!(
            "target/exercises/debug/conformant-server-solution{}",
            std::env::consts::EXE_SUFFIX
        )))
    };
    let python = sdk_python();
    let sdk = || {
        let mut command = Command::new(&python);
        command.arg(repo().join("tests/fixtures/interop/sdk_server.py"));
        command
    };
    let runs = [
        (
            "lesson 2",
            lesson_2(),
            "test_simple_text",
            "{}",
            "This is a simple text response.",
        ),
        (
            "lesson 2",
            lesson_2(),
            "test_input_required_result_elicitation",
            "{}",
            "Hello, example!",
        ),
        ("the SDK", sdk(), "add", r#"{"a": 2, "b": 3}"#, "5.0"),
        ("the SDK", sdk(), "greet", "{}", "Hello, example!"),
    ];
    for (server, mut command, tool, arguments, said) in runs {
        let (ok, stderr) = capstone_client_against(&mut command, tool, arguments);
        assert!(ok, "{tool} against {server}: the client failed:\n{stderr}");
        let last = stderr.lines().last().unwrap_or_default();
        assert_eq!(last, said, "{tool} against {server}:\n{stderr}");
        if tool.contains("elicitation") || tool == "greet" {
            // The second call is the retry with the answer.
            assert!(stderr.contains("-> tools/call id=4"), "{stderr}");
        }
    }
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    // The two that judge the SDK's server take longest: first.
    vec![
        test!(the_sdk_server_fails_exactly_where_it_departs_from_the_contract).needs(Tool::Sdk),
        test!(with_a_shared_state_key_only_the_requeststate_departure_goes_away).needs(Tool::Sdk),
        test!(the_sdk_client_drives_the_reference_capstone_in_both_modes).needs(Tool::Sdk),
        test!(the_capstone_client_completes_against_lesson_2_and_the_sdk_server).needs(Tool::Sdk),
        test!(learn_interop_prints_a_passing_report_for_the_reference).needs(Tool::Sdk),
        test!(learn_interop_passes_the_independent_demo_server).needs(Tool::Sdk),
        test!(learn_interop_fails_the_unfinished_exercise).needs(Tool::Sdk),
        test!(without_python_or_the_sdk_learn_interop_says_how_to_install_them),
        test!(the_pinned_sdk_version_is_the_same_everywhere),
    ]
}

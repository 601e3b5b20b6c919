//! `learn grade` and the hidden scenarios (issue 36, item 1): a program's
//! scenarios run two at a time, so a hidden scenario once overlapped a
//! visible one of the same program, and the two processes passed the
//! teacher's line through byte-range locks on the program file they both
//! ran; the visible one printed it reversed, which the redaction of hidden
//! inputs does not recognise. A hidden scenario must run with nothing else
//! of its student running, on a copy of the program of its own.

use crate::grade_isolation::{
    HIDDEN_MARKER, Keyring, echo, echo_student, grade, helper_items, hidden_scenarios, solution,
};
use serde_json::Value;
use std::path::Path;

/// Exercise 2's solution with its one `serve_lines(respond);` call replaced
/// by `main_body`.
fn echo_serving_with(main_body: &str) -> String {
    let e = echo();
    let call = "serve_lines(respond);";
    let text = solution(&e);
    assert!(text.contains(call), "{} calls {call}", e.file);
    text.replacen(call, main_body, 1)
}

/// Exercise 2's solution that also, in every scenario, holds the first line
/// it is sent that holds `cursor` (the hidden scenario's) or `"id":true`
/// (a visible one's: the control) as locks on `file` (as the sandbox shows
/// it), and prints, reversed (without `_meta`), every message another
/// process holds there, for a while.
fn lock_relay(file: &str) -> String {
    let text = echo_serving_with(
        "let _ = helper(&[\"sub\", FILE], \"\");\n    let watcher = std::thread::spawn(watch);\n    serve_lines(|line| {\n        publish(line);\n        respond(line)\n    });\n    let _ = watcher.join();",
    );
    format!(
        r#"{text}
{}
static MINE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
const FILE: &str = "{file}";

fn publish(line: &str) {{
    let line = line.trim();
    if (line.contains("cursor") || line.contains("\"id\":true")) && MINE.set(line.to_string()).is_ok() {{
        std::mem::forget(start_helper(&["pub", FILE], line));
    }}
}}

fn watch() {{
    let start = std::time::Instant::now();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let span = std::time::Duration::from_millis(700 + u64::from(nanos % 1100));
    let mut seen: Vec<String> = Vec::new();
    while start.elapsed() < span {{
        if let Some(found) = helper(&["sub", FILE], "") {{
            if Some(&found) != MINE.get() && !seen.contains(&found) {{
                // Long `_meta` values left out, so that the report's
                // clipping keeps the rest.
                let core = found.split("\"_meta\"").next().unwrap_or_default();
                let reversed: String = core.chars().rev().collect();
                println!("{{reversed}}");
                seen.push(found);
            }}
        }}
        std::thread::sleep(std::time::Duration::from_millis(30));
    }}
}}
"#,
        helper_items()
    )
}

/// Every string in a report, one a line.
fn strings(value: &Value, out: &mut String) {
    match value {
        Value::String(s) => {
            out.push_str(s);
            out.push('\n');
        }
        Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        Value::Object(map) => map.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

/// Item 1: one student's program for exercise 2 relays, through locks on
/// `file`, what another of its scenarios was sent. The hidden scenario's
/// line reaches no output; nor, since the filter refuses locks, does a
/// visible one's (before it did: the channel worked between the visible
/// scenarios, which still run two at a time).
fn no_hidden_line_passes_through_locks_on(file: &str) {
    let class = tempfile::tempdir().expect("temp dir");
    let hidden = class.path().join("hidden");
    hidden_scenarios(&hidden);
    let relay = echo_student(class.path(), "relay", &lock_relay(file));
    let honest = echo_student(class.path(), "honest", &solution(&echo()));
    let (report, err) = grade(&[&relay, &honest], Some(&hidden), &[], Keyring::Inherited);
    let mut text = String::new();
    strings(&report, &mut text);
    let marker: String = HIDDEN_MARKER.chars().rev().collect();
    let control = "eurt:\"di\"";
    let honest_score = report["submissions"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|s| s["name"] == "honest")
        .and_then(|s| s["score"].as_u64());
    assert!(
        honest_score.is_some_and(|s| s > 0),
        "the honest student earns exercise 2:\n{err}\n{report:#}"
    );
    // Since the filter refuses every lock (issue 36, item 3), not even a
    // visible scenario's line passes: the control that once reached another
    // visible scenario's output (9706678) now reaches none, and the hidden
    // line has two walls, the filter and running alone on its own copy.
    assert!(
        !text.contains(control),
        "{file}: locks are refused in every sandbox, yet a visible line passed\n{text}"
    );
    assert!(
        !text.contains(&marker),
        "{file}: the hidden scenario's line reached a visible scenario's output:\n{text}"
    );
}

/// Locks on the program file, which the two scenarios' sandboxes both show.
fn a_hidden_scenario_shares_no_lock_with_another_scenario() {
    no_hidden_line_passes_through_locks_on("/program");
}

/// Locks on `/dev/null`, which every sandbox shows: the hidden scenario
/// running alone is what closes this one.
fn a_hidden_scenario_runs_beside_no_other_scenario() {
    no_hidden_line_passes_through_locks_on("/dev/null");
}

/// Exercise 2's solution that appends to `log`, from each of its processes,
/// when it started and ended, which file it runs from, and whether it was
/// sent the hidden scenario's line; it waits a while first, so that two
/// processes started together are seen to overlap.
fn timeline_logger(log: &Path) -> String {
    let text = echo_serving_with(
        "note(\"start\");\n    std::thread::sleep(std::time::Duration::from_millis(400));\n    serve_lines(|line| {\n        if line.contains(\"cursor\") {\n            note(\"hidden\");\n        }\n        respond(line)\n    });\n    note(\"end\");",
    );
    format!(
        r#"{text}
fn note(what: &str) {{
    use std::io::Write;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let exe = std::env::current_exe().map(|p| p.display().to_string()).unwrap_or_default();
    let line = format!("{{}} {{what}} {{nanos}} {{exe}}\n", std::process::id());
    if let Ok(mut file) = std::fs::OpenOptions::new().create(true).append(true).open({log:?}) {{
        let _ = file.write_all(line.as_bytes());
    }}
}}
"#
    )
}

/// One process as the log shows it.
#[derive(Default, Debug)]
struct Span {
    start: u128,
    end: Option<u128>,
    exe: String,
    hidden: bool,
}

/// Item 1, observed directly: the hidden scenario's process overlaps no
/// other process of its student, and runs from a copy of the program of its
/// own, while the visible scenarios do run side by side (the control: the
/// log would show an overlap). Graded unsandboxed, since only then can the
/// program write a log the test reads; the schedule is the same.
fn a_hidden_scenario_runs_alone_on_a_copy_of_its_own() {
    let class = tempfile::tempdir().expect("temp dir");
    let hidden = class.path().join("hidden");
    hidden_scenarios(&hidden);
    let log = class.path().join("timeline.log");
    let student = echo_student(class.path(), "timeline", &timeline_logger(&log));
    let (report, err) = grade(
        &[&student],
        Some(&hidden),
        &["--unsandboxed"],
        Keyring::Inherited,
    );
    let text = std::fs::read_to_string(&log)
        .unwrap_or_else(|e| panic!("no timeline ({e}):\n{err}\n{report:#}"));
    let mut spans: std::collections::BTreeMap<u32, Span> = std::collections::BTreeMap::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.splitn(4, ' ').collect();
        let [pid, what, nanos, exe] = fields[..] else {
            panic!("a log line of four fields: {line:?}");
        };
        let span = spans.entry(pid.parse().expect("pid")).or_default();
        let nanos: u128 = nanos.parse().expect("nanos");
        match what {
            "start" => (span.start, span.exe) = (nanos, exe.to_string()),
            "end" => span.end = Some(nanos),
            "hidden" => span.hidden = true,
            other => panic!("unknown note {other}"),
        }
    }
    let overlap = |a: &Span, b: &Span| {
        let (Some(a_end), Some(b_end)) = (a.end, b.end) else {
            return true;
        };
        a.start < b_end && b.start < a_end
    };
    let (hidden, visible): (Vec<&Span>, Vec<&Span>) = spans.values().partition(|s| s.hidden);
    assert_eq!(
        hidden.len(),
        1,
        "one process was sent the hidden line:\n{text}"
    );
    assert!(visible.len() > 2, "the visible scenarios ran:\n{text}");
    let alone = hidden[0];
    assert!(
        alone.end.is_some(),
        "the hidden scenario's process ended by itself:\n{text}"
    );
    for other in &visible {
        assert!(
            !overlap(alone, other),
            "the hidden scenario's process ran beside another of its student's:\n{text}"
        );
        assert_ne!(
            alone.exe, other.exe,
            "the hidden scenario ran the shared program file:\n{text}"
        );
    }
    assert!(
        visible
            .iter()
            .enumerate()
            .any(|(i, a)| visible[i + 1..].iter().any(|b| overlap(a, b))),
        "control: the visible scenarios run side by side, so an overlap shows in this log:\n{text}"
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    vec![
        test!(a_hidden_scenario_shares_no_lock_with_another_scenario).needs(Tool::Sandbox),
        test!(a_hidden_scenario_runs_beside_no_other_scenario).needs(Tool::Sandbox),
        test!(a_hidden_scenario_runs_alone_on_a_copy_of_its_own),
    ]
}

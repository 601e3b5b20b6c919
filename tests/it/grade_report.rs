//! The class report: `learn grade --merge` over JSON reports, as text, CSV
//! and HTML; the HTML page opened in headless Chromium, which must show the
//! table and request nothing from anywhere (its network log is read).
//!
//! Chromium (Debian `chromium`, installed by `.ci/setup`): where it is
//! missing, the browser test is not run and the run ends saying so (a
//! failure under `CI`).

use crate::common::*;
use serde_json::{Value, json};
use std::fs;
use std::path::Path;
use std::process::Command;

/// How a student did on the capstone, in these reports.
#[derive(Clone, Copy)]
enum Capstone {
    Passed,
    /// A visible scenario and a hidden one failed.
    Failed,
    NotAttempted,
}

/// The input a failed scenario's message holds: never in a class summary.
const SENT: &str = "tools/list-input-7q";

fn exercise(id: &str, number: u64, fact: &str, capstone: Capstone) -> Value {
    let (passed, status, build_error, scenarios) = match capstone {
        Capstone::Passed => (
            true,
            "passed",
            Value::Null,
            json!([{"name": "t", "hidden": false, "fact": fact, "rule": "Answer every request.", "passed": true, "message": ""}]),
        ),
        Capstone::Failed => (
            false,
            "failed",
            Value::Null,
            json!([
                {"name": "t", "hidden": false, "fact": fact, "rule": "Answer every request.", "passed": false,
                 "message": format!("sent {{\"method\": \"{SENT}\"}} and got nothing")},
                {"name": "hidden scenario 1", "hidden": true, "fact": "", "rule": "", "passed": false,
                 "message": "A hidden scenario failed: its name, input and rule are not shown."},
            ]),
        ),
        Capstone::NotAttempted => (
            false,
            "not_attempted",
            json!(format!(
                "not attempted: exercises/{number:02}_{id}.rs is as the course ships it"
            )),
            json!([]),
        ),
    };
    let total = scenarios.as_array().map_or(0, Vec::len);
    json!({
        "id": id, "number": number, "file": format!("exercises/{number:02}_{id}.rs"),
        "score": if passed { 10 } else { 0 }, "max_score": 10, "passed": passed, "status": status,
        "scenarios_passed": if passed { total } else { 0 }, "scenarios_total": total,
        "file_sha256": null, "program_sha256": null, "build_error": build_error,
        "scenarios": scenarios,
    })
}

fn report(students: &[(&str, Capstone)], hash: &str) -> Value {
    json!({
        "seed": 3,
        "scoring": "all-or-nothing: an exercise earns its points when every scenario passes",
        "sandboxed": true,
        "grader": [{"part": "lessons", "sha256": hash}],
        "submissions": students.iter().map(|(name, capstone)| {
            let score = if matches!(capstone, Capstone::Passed) { 20 } else { 10 };
            json!({
                "name": name, "commit": null, "score": score, "max_score": 20, "quiz": null,
                "exercises": [
                    exercise("id-echo", 2, "F7", Capstone::Passed),
                    exercise("capstone", 9, "F12", *capstone),
                ],
            })
        }).collect::<Vec<_>>(),
    })
}

fn write_reports(dir: &Path) -> Vec<String> {
    let a = dir.join("a.json");
    let b = dir.join("b.json");
    fs::write(&a, report(&[("ada", Capstone::Passed)], "x").to_string()).expect("write");
    fs::write(
        &b,
        report(
            &[
                ("<img src=x onerror=alert(1)>", Capstone::Failed),
                ("ben", Capstone::NotAttempted),
            ],
            "x",
        )
        .to_string(),
    )
    .expect("write");
    vec![a.display().to_string(), b.display().to_string()]
}

fn merged(dir: &Path, format: &str) -> std::process::Output {
    let files = write_reports(dir);
    let mut args = vec!["grade", "--merge", "--format", format];
    args.extend(files.iter().map(String::as_str));
    learn(&args)
}

/// The merged class summary: every student's score, why each lost marks
/// (scenario names and rules, never a scenario's input), an exercise not
/// attempted shown so, and the class's figures.
fn merged_reports_summarize_the_class() {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = merged(dir.path(), "text");
    assert_eq!(
        code(&text),
        1,
        "not everyone has full marks\n{}",
        stderr(&text)
    );
    let text = stdout(&text);
    for row in [
        "ada                          10 10  20/20",
        "<img src=x onerror=alert(1)> 10  0  10/20",
        "ben                          10  -  10/20",
    ] {
        assert!(text.contains(row), "{row} missing:\n{text}");
    }
    assert!(
        text.contains("   9 capstone   0/10  not attempted: exercises/09_capstone.rs is as the course ships it"),
        "{text}"
    );
    assert!(
        text.contains("students: 3; mean 13.3, median 10.0 / 20"),
        "{text}"
    );
    assert!(
        text.contains(" 9 capstone                  33%  <img src=x onerror=alert(1)>, ben"),
        "{text}"
    );
    assert!(text.contains("F12    50%  1/2"), "{text}");

    let csv = stdout(&merged(dir.path(), "csv"));
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "name,commit,score,max_score,2 id-echo,9 capstone,lost"
    );
    assert_eq!(lines[1], "ada,,20,20,10,10,");
    assert_eq!(
        lines[2],
        "<img src=x onerror=alert(1)>,,10,20,10,0,\"9 capstone: failed: \"\"t\"\" (Answer every request.); \"\"hidden scenario 1\"\"\""
    );
    assert_eq!(lines[3], "ben,,10,20,10,,9 capstone: not attempted");
    assert_eq!(lines.len(), 4, "{csv}");

    let html = stdout(&merged(dir.path(), "html"));
    assert!(
        html.contains("<td class=\"name\">9 capstone</td><td>0/10</td><td class=\"name\">failed: &quot;t&quot; (Answer every request.); &quot;hidden scenario 1&quot;</td>"),
        "{html}"
    );
    assert!(
        html.contains("<td class=\"none\" title=\"not attempted\">–</td>"),
        "{html}"
    );
    for summary in [&csv, &html] {
        assert!(!summary.contains(SENT), "a scenario's input: {summary}");
    }

    let json = json(&merged(dir.path(), "json"));
    assert_eq!(json["submissions"].as_array().map(Vec::len), Some(3));
    assert_eq!(
        json["submissions"][2]["exercises"][1]["status"],
        "not_attempted"
    );

    // Reports of different course files do not merge.
    fs::write(
        dir.path().join("c.json"),
        report(&[("cy", Capstone::Failed)], "y").to_string(),
    )
    .expect("write");
    let c = dir.path().join("c.json").display().to_string();
    let a = dir.path().join("a.json").display().to_string();
    let refused = learn(&["grade", "--merge", &a, &c]);
    assert_eq!(code(&refused), 2);
    assert!(
        stderr(&refused).contains("different course files"),
        "{}",
        stderr(&refused)
    );
}

/// Every format of one merge, into one folder.
fn one_run_writes_every_format() {
    let dir = tempfile::tempdir().expect("temp dir");
    let files = write_reports(dir.path());
    let out = dir.path().join("class");
    let out_text = out.display().to_string();
    let mut args = vec![
        "grade",
        "--merge",
        "--format",
        "json,text,csv,html,junit,gradescope",
        "--out",
        &out_text,
    ];
    args.extend(files.iter().map(String::as_str));
    let output = learn(&args);
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    for file in [
        "class.json",
        "class.txt",
        "class.csv",
        "class.html",
        "class.xml",
        "gradescope/ben.json",
    ] {
        let text = fs::read_to_string(out.join(file)).unwrap_or_else(|_| panic!("{file}"));
        assert!(text.contains("capstone"), "{file}: {text}");
    }
    let refused = learn(&["grade", "--merge", "--format", "json,csv", &files[0]]);
    assert_eq!(code(&refused), 2);
    assert!(
        stderr(&refused).contains("--out <folder>"),
        "{}",
        stderr(&refused)
    );
}

fn the_html_page_opens_shows_the_table_and_requests_nothing() {
    let browser = crate::common::tools::chromium().expect("Chromium (Tool::Chromium)");
    let dir = tempfile::tempdir().expect("temp dir");
    let output = merged(dir.path(), "html");
    assert_eq!(code(&output), 1, "{}", stderr(&output));
    let page = dir.path().join("class.html");
    fs::write(&page, &output.stdout).expect("write page");
    let profile = dir.path().join("profile");
    let netlog = dir.path().join("netlog.json");
    let shown = open(browser, &page, &profile, &netlog);
    let dom = String::from_utf8_lossy(&shown.stdout);
    assert!(
        shown.status.success(),
        "{}",
        String::from_utf8_lossy(&shown.stderr)
    );
    // It opened, and the table is there with every student and the figures.
    assert!(dom.contains("<table id=\"scores\">"), "{dom}");
    for text in [
        "ada",
        "ben",
        "20/20",
        "10/20",
        "mean 13.3",
        "median 10.0",
        "F12",
    ] {
        assert!(dom.contains(text), "{text} missing:\n{dom}");
    }
    // A student's name is text, not markup.
    assert!(dom.contains("&lt;img src=x onerror=alert(1)&gt;"), "{dom}");
    assert!(!dom.contains("<img"), "{dom}");
    // No request left the page: the only URLs in the network log are the file's.
    assert_eq!(
        page_requests(&netlog),
        Vec::<String>::new(),
        "the page requested something"
    );

    // The check sees a page's requests: one that loads an image from this
    // machine (a port nothing listens on) is caught.
    let control = dir.path().join("control.html");
    fs::write(
        &control,
        "<!DOCTYPE html><html><body><img src=\"http://127.0.0.1:9/probe.png\"></body></html>",
    )
    .expect("write");
    let control_log = dir.path().join("control-netlog.json");
    open(browser, &control, &profile, &control_log);
    assert_eq!(
        page_requests(&control_log),
        ["http://127.0.0.1:9/probe.png"],
        "the control page's request must be seen"
    );
}

fn open(browser: &str, page: &Path, profile: &Path, netlog: &Path) -> std::process::Output {
    Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--log-net-log={}", netlog.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs")
}

/// URLs of the requests a page made, from Chromium's network log: those
/// started for a `file://` page (the browser's own background requests,
/// which the flags do not all stop, have no page behind them).
fn page_requests(netlog: &Path) -> Vec<String> {
    let text = fs::read_to_string(netlog).expect("network log");
    let text = text.trim_end().trim_end_matches(',');
    // Chromium may leave the log unterminated when it exits.
    let log: Value = serde_json::from_str(text)
        .or_else(|_| serde_json::from_str(&format!("{text}]}}")))
        .expect("network log is JSON");
    let start_job = log
        .pointer("/constants/logEventTypes/URL_REQUEST_START_JOB")
        .and_then(Value::as_u64)
        .expect("event type");
    let mut urls: Vec<String> = log["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["type"].as_u64() == Some(start_job))
        .filter(|e| {
            e.pointer("/params/network_isolation_key")
                .and_then(Value::as_str)
                .is_some_and(|key| key.starts_with("file://"))
        })
        .filter_map(|e| e.pointer("/params/url").and_then(Value::as_str))
        .map(str::to_string)
        .collect();
    urls.dedup();
    urls
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::{Tool, test};
    vec![
        test!(merged_reports_summarize_the_class),
        test!(one_run_writes_every_format),
        test!(the_html_page_opens_shows_the_table_and_requests_nothing).needs(Tool::Chromium),
    ]
}

//! The class report: `learn grade --merge` over JSON reports, as text, CSV
//! and HTML; the HTML page opened in headless Chromium, which must show the
//! table and request nothing from anywhere (its network log is read).
//!
//! Chromium (Debian `chromium`, installed by `.ci/run`): the browser test
//! is skipped with one line when it is missing, and fails when `CI` is set.

mod common;
use common::*;
use serde_json::{Value, json};
use std::fs;
use std::path::Path;
use std::process::Command;

fn report(students: &[(&str, u64, bool)], hash: &str) -> Value {
    json!({
        "seed": 3,
        "sandboxed": true,
        "grader": [{"part": "lessons", "sha256": hash}],
        "submissions": students.iter().map(|(name, score, passed)| json!({
            "name": name, "commit": null, "score": score, "max_score": 20, "quiz": null,
            "exercises": [
                {"id": "id-echo", "number": 2, "score": 10, "max_score": 10, "passed": true,
                 "scenarios": [{"name": "s", "hidden": false, "fact": "F7", "passed": true, "message": ""}]},
                {"id": "capstone", "number": 9, "score": if *passed { 10 } else { 0 }, "max_score": 10, "passed": passed,
                 "scenarios": [{"name": "t", "hidden": false, "fact": "F12", "passed": passed, "message": ""}]},
            ],
        })).collect::<Vec<_>>(),
    })
}

fn write_reports(dir: &Path) -> Vec<String> {
    let a = dir.join("a.json");
    let b = dir.join("b.json");
    fs::write(&a, report(&[("ada", 20, true)], "x").to_string()).expect("write");
    fs::write(
        &b,
        report(
            &[
                ("<img src=x onerror=alert(1)>", 10, false),
                ("ben", 10, false),
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

#[test]
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
    assert!(
        text.contains("students: 3; mean 13.3, median 10.0 / 20"),
        "{text}"
    );
    assert!(
        text.contains(" 9 capstone                  33%  <img src=x onerror=alert(1)>, ben"),
        "{text}"
    );
    assert!(text.contains("F12    33%  1/3"), "{text}");

    let csv = stdout(&merged(dir.path(), "csv"));
    assert_eq!(
        csv.lines().next(),
        Some("name,commit,score,max_score,2 id-echo,9 capstone")
    );
    assert_eq!(csv.lines().count(), 4, "{csv}");

    let json = json(&merged(dir.path(), "json"));
    assert_eq!(json["submissions"].as_array().map(Vec::len), Some(3));

    // Reports of different course files do not merge.
    fs::write(
        dir.path().join("c.json"),
        report(&[("cy", 0, false)], "y").to_string(),
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

fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

#[test]
fn the_html_page_opens_shows_the_table_and_requests_nothing() {
    let Some(browser) = chromium() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "Chromium is needed for the class report's browser test (.ci/run installs it)"
        );
        eprintln!("skipped: Chromium is not installed");
        return;
    };
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

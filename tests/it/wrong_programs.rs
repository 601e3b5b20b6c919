//! Programs written independently of the reference (lessons/01-mcp-messages/programs/wrong),
//! each a plausible beginner's server. Which scenarios each fails, and the
//! words of its feedback, are lesson 1's cases (`programs/cases.toml`, run
//! by tests/it/cases.rs); here the text a beginner reads is snapshotted, and
//! the JSON verdict holds its documented fields and, with `--full`, the
//! text report's words.

use crate::common::*;
use serde_json::Value;

/// The wrong programs whose feedback a person reads is snapshotted: their
/// verdicts and words are cases of lesson 1 (`programs/cases.toml`, run by
/// tests/it/cases.rs); these snapshots hold the whole text they see.
const SNAPSHOTTED: &[(&str, &str)] = &[
    ("id_as_string", "id-echo"),
    ("constant_id", "id-echo"),
    ("time_as_id", "id-echo"),
    ("accepts_null_id", "id-echo"),
    ("silent_on_parse_error", "id-echo"),
    ("answers_twice", "id-echo"),
    ("answers_notifications", "notification-silence"),
    ("answers_twice", "notification-silence"),
    ("debug_on_stdout", "id-echo"),
    ("id_after_parse_error", "id-echo"),
];

fn check_with(program: &str, exercise: &str, json: bool) -> std::process::Output {
    let path = repo()
        .join("lessons/01-mcp-messages/programs/wrong")
        .join(format!("{program}.py"));
    let cmd = format!("python3 {}", path.display());
    let mut args = vec!["check", exercise, "--cmd", &cmd, "--seed", "42"];
    if json {
        args.push("--json");
    }
    learn(&args)
}

fn feedback_for_each_wrong_program_reads_well() {
    require_python();
    for (program, exercise) in SNAPSHOTTED {
        let text = stdout(&check_with(program, exercise, false));
        let path = repo().join("lessons/01-mcp-messages/programs/wrong");
        let text = stable(&text).replace(
            &path.display().to_string(),
            "lessons/01-mcp-messages/programs/wrong",
        );
        let text = mask_time_ids(&text);
        insta::assert_snapshot!(format!("feedback-{exercise}-{program}"), text);
    }
}

/// `time_as_id` answers with the clock: replace long runs of digits.
fn mask_time_ids(text: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    for c in text.chars().chain(std::iter::once('\n')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if digits.len() >= 10 && !digits.starts_with("90071992547") {
            out.push_str("[TIME]");
        } else {
            out.push_str(&digits);
        }
        digits.clear();
        out.push(c);
    }
    out.pop();
    out
}

fn the_json_verdict_has_the_documented_fields() {
    require_python();
    let verdict = json(&check_with("id_as_string", "id-echo", true));
    assert_eq!(verdict["exercise"], "id-echo");
    assert_eq!(verdict["passed"], false);
    for scenario in verdict["scenarios"].as_array().expect("scenarios") {
        assert!(
            scenario["name"].is_string()
                && scenario["passed"].is_boolean()
                && scenario["message"].is_string()
        );
        assert!(matches!(scenario["runs"], Value::Array(_)));
    }
}

/// With `--full`, each failing scenario's `message` in the JSON verdict is
/// the whole explanation the text report gives it (the problems, the diff,
/// the rule, the section to read), so one `--json` run says what a learner
/// reads: the cases of every lesson are checked that way.
fn a_full_json_message_is_what_the_text_report_says() {
    require_python();
    let path = repo().join("lessons/01-mcp-messages/programs/wrong/id_as_string.py");
    let cmd = format!("python3 {}", path.display());
    let args = ["check", "id-echo", "--cmd", &cmd, "--seed", "42", "--full"];
    let verdict = json(&learn(&[&args[..], &["--json"]].concat()));
    let text = stdout(&learn(&args));
    let failed: Vec<&Value> = verdict["scenarios"]
        .as_array()
        .expect("scenarios")
        .iter()
        .filter(|s| s["passed"] == false)
        .collect();
    assert!(!failed.is_empty(), "{verdict:#}");
    for scenario in failed {
        let head = format!("  ✗ {} [", scenario["name"].as_str().expect("name"));
        let block: Vec<&str> = text
            .lines()
            .skip_while(|l| !l.starts_with(&head))
            .skip(1)
            .take_while(|l| l.starts_with("      "))
            .map(|l| &l[6..])
            .collect();
        assert_eq!(scenario["message"], block.join("\n") + "\n", "{text}");
        assert!(
            block
                .iter()
                .any(|l| l.starts_with("Read more: `learn read "))
        );
    }
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(feedback_for_each_wrong_program_reads_well),
        test!(the_json_verdict_has_the_documented_fields),
        test!(a_full_json_message_is_what_the_text_report_says),
    ]
}

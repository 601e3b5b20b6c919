//! Lesson 2's capstone (exercise 16, conformant-server) against programs
//! written apart from the reference solution (tests/programs/lesson2): the
//! independent Python server passes every scenario on three seeds, and each
//! one-defect variant fails exactly the scenarios of the rule it breaks.

mod common;
use common::*;

const EXERCISE: &str = "conformant-server";
const SEEDS: [&str; 3] = ["1", "2", "3"];

/// (program in tests/programs/lesson2, the scenarios that must fail).
const CASES: &[(&str, &[&str])] = &[
    ("conformant_server", &[]),
    (
        "conformant_server_logs_unasked",
        &["no log message unless asked, none below the level"],
    ),
    (
        "conformant_server_trusts_state",
        &["a forged requestState is refused; a real one works anywhere"],
    ),
    (
        "conformant_server_hints_on_input_required",
        &["an input_required result carries no caching hints"],
    ),
    (
        "conformant_server_ignores_cancel",
        &["each stream is tagged with its own id, and cancelling ends it"],
    ),
    // A tag of the wrong JSON type leaves every stream opened by an integer
    // id empty: the three scenarios that open one fail, the one opened by a
    // string id passes.
    (
        "conformant_server_untyped_tag",
        &[
            "a tool-list change reaches the streams that asked for it",
            "a stream gets only what its filter asked for",
            "each stream is tagged with its own id, and cancelling ends it",
        ],
    ),
];

fn check(program: &str, seed: &str, json: bool) -> std::process::Output {
    let cmd = lesson2_program(program);
    let mut args = vec!["check", EXERCISE, "--cmd", &cmd, "--seed", seed];
    if json {
        args.push("--json");
    }
    learn(&args)
}

#[test]
fn each_program_fails_exactly_the_rule_it_breaks_on_three_seeds() {
    require_python();
    for (program, must_fail) in CASES {
        for seed in SEEDS {
            let output = check(program, seed, true);
            let verdict = json(&output);
            let count = verdict["scenarios"].as_array().map_or(0, Vec::len);
            assert_eq!(count, 18, "{program}: {verdict:#}");
            assert_eq!(
                failed_scenarios(&verdict),
                *must_fail,
                "{program}, seed {seed}: wrong set of failing scenarios\n{}",
                stderr(&output)
            );
            let wanted = if must_fail.is_empty() { 0 } else { 1 };
            assert_eq!(code(&output), wanted, "{program}, seed {seed}");
        }
    }
}

/// What a learner reads (no --json) names the broken rule and what was wrong.
#[test]
fn plain_feedback_names_the_rule_and_what_was_wrong() {
    require_python();
    let cases: &[(&str, &[&str])] = &[
        (
            "conformant_server_logs_unasked",
            &["Rule (F16)", "notifications/message"],
        ),
        (
            "conformant_server_trusts_state",
            &["Rule (F13)", "checked before it is trusted"],
        ),
        (
            "conformant_server_hints_on_input_required",
            &["Rule (F4)", "at `result.ttlMs`: expected no such member"],
        ),
        ("conformant_server_ignores_cancel", &["Rule (F9)"]),
    ];
    for (program, says) in cases {
        let text = stdout(&check(program, "1", false));
        for phrase in *says {
            assert!(
                text.contains(phrase),
                "{program}: the feedback should say {phrase:?}:\n{text}"
            );
        }
    }
}

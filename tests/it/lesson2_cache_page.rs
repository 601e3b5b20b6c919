//! Lesson 2's exercises 11 (cache-hints) and 12 (pagination) against programs
//! written apart from the reference solutions (lessons/mcp-stateless-server/programs): the
//! correct ones pass every scenario on five seeds, and each one-defect
//! variant fails exactly the scenario of the rule it breaks, with feedback
//! that names that rule.

use crate::common::*;

const SEEDS: [&str; 5] = ["1", "2", "3", "4", "5"];

/// (program in lessons/mcp-stateless-server/programs, exercise, the scenarios that must
/// fail: empty means every scenario passes).
const CASES: &[(&str, &str, &[&str])] = &[
    ("cache_hints", "cache-hints", &[]),
    // ttlMs written 3600000.0 and 1.2e5: integers to JSON Schema (issue 26.6).
    ("cache_hints_whole_floats", "cache-hints", &[]),
    (
        "cache_hints_ttl_as_text",
        "cache-hints",
        &["every cacheable result carries ttlMs and cacheScope"],
    ),
    (
        "cache_hints_negative_ttl",
        "cache-hints",
        &["ttlMs is never negative"],
    ),
    (
        "cache_hints_private_as_public",
        "cache-hints",
        &["what depends on the caller is private"],
    ),
    (
        "cache_hints_on_input_required",
        "cache-hints",
        &["an input_required result carries no caching hints"],
    ),
    (
        "cache_hints_tool_result_cached",
        "cache-hints",
        &["the confirmed retry gets a tool result that is not cached"],
    ),
    // A SHOULD the exercise requires, in one scenario of its own (review 2.8).
    (
        "cache_hints_no_server_info",
        "cache-hints",
        &["every result names the server"],
    ),
    ("pagination", "pagination", &[]),
    (
        "pagination_cursor_on_last_page",
        "pagination",
        &["the last page has no nextCursor"],
    ),
    (
        "pagination_memory_cursor",
        "pagination",
        &["a cursor works in a freshly started process"],
    ),
    (
        "pagination_empty_page_for_bad_cursor",
        "pagination",
        &["a cursor the server never issued gets -32602"],
    ),
    // Plain offsets, any offset in the list accepted ("0", "1"): passed
    // every scenario before issue 26.5.
    (
        "pagination_any_offset",
        "pagination",
        &["a cursor the server never issued gets -32602"],
    ),
    // Page numbers: "1" and "2" are its own cursors, and the checker's
    // made-up "1" (and a tampered "1" that reads "2") must get those pages.
    ("pagination_page_numbers", "pagination", &[]),
    (
        "pagination_scope_per_page",
        "pagination",
        &["every page carries ttlMs and the same cacheScope"],
    ),
    (
        "pagination_sorted_first_page",
        "pagination",
        &["the pages together list every tool exactly once"],
    ),
    (
        "pagination_repeat_in_page",
        "pagination",
        &["the pages together list every tool exactly once"],
    ),
];

fn check(program: &str, exercise: &str, seed: &str, json: bool) -> std::process::Output {
    let cmd = lesson2_program(program);
    let mut args = vec!["check", exercise, "--cmd", &cmd, "--seed", seed];
    if json {
        args.push("--json");
    }
    learn(&args)
}

fn each_program_fails_exactly_the_rule_it_breaks_on_five_seeds() {
    require_python();
    for (program, exercise, must_fail) in CASES {
        for seed in SEEDS {
            let output = check(program, exercise, seed, true);
            let verdict = json(&output);
            let scenarios = verdict["scenarios"].as_array().expect("scenarios");
            assert!(
                scenarios.len() >= 7,
                "{exercise} has its scenarios: {verdict:#}"
            );
            let failed = failed_scenarios(&verdict);
            assert_eq!(
                failed,
                *must_fail,
                "{program} on {exercise}, seed {seed}: wrong set of failing scenarios\n{}",
                stderr(&output)
            );
            let expected_code = if must_fail.is_empty() { 0 } else { 1 };
            assert_eq!(code(&output), expected_code, "{program}, seed {seed}");
        }
    }
}

/// The feedback a learner reads (no --json) names the broken rule and shows
/// the member that is wrong, for each kind of mistake.
fn plain_feedback_names_the_rule_and_the_wrong_member() {
    require_python();
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "cache_hints_ttl_as_text",
            "cache-hints",
            &["at `result.ttlMs`: expected an integer", "(string)"],
        ),
        (
            "cache_hints_negative_ttl",
            "cache-hints",
            &["A negative `ttlMs` is never allowed", "got -1"],
        ),
        (
            "cache_hints_private_as_public",
            "cache-hints",
            &[
                "expected \"private\" (string), got \"public\"",
                "no shared cache hands one reader's loans to another",
            ],
        ),
        (
            "cache_hints_on_input_required",
            "cache-hints",
            &[
                "at `result.ttlMs`: expected no such member",
                "it carries neither `ttlMs` nor `cacheScope`",
            ],
        ),
        (
            "cache_hints_tool_result_cached",
            "cache-hints",
            &[
                "at `result.ttlMs`: expected one of: no such member, or 0",
                "`tools/call` is not one of the six operations the spec makes cacheable",
            ],
        ),
        (
            "pagination_cursor_on_last_page",
            "pagination",
            &[
                "at `result.nextCursor`: expected no such member",
                "not even an empty string",
            ],
        ),
        (
            "pagination_memory_cursor",
            "pagination",
            &["a cursor kept only in memory fails here"],
        ),
        (
            "pagination_empty_page_for_bad_cursor",
            "pagination",
            &["never an empty page or the first page", "-32602"],
        ),
        (
            "pagination_any_offset",
            "pagination",
            &[
                r#""cursor":"0""#,
                "a cursor you never issued was read as a position",
            ],
        ),
        (
            "pagination_scope_per_page",
            "pagination",
            &["at `result.cacheScope`", "the same on every page"],
        ),
        (
            "pagination_sorted_first_page",
            "pagination",
            &[
                "no page repeats a tool of an earlier page",
                "got \"divide\"",
            ],
        ),
        (
            "pagination_repeat_in_page",
            "pagination",
            &[
                "no page names a tool twice",
                "expected an array in which no two elements have the same `name`",
            ],
        ),
    ];
    for (program, exercise, says) in cases {
        let output = check(program, exercise, "1", false);
        let text = stdout(&output);
        for phrase in *says {
            assert!(
                text.contains(phrase),
                "{program}: the feedback should say {phrase:?}:\n{text}"
            );
        }
        assert!(
            text.contains("Read more: `learn read o"),
            "{program}: points to the section that teaches the rule:\n{text}"
        );
    }
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(each_program_fails_exactly_the_rule_it_breaks_on_five_seeds),
        test!(plain_feedback_names_the_rule_and_the_wrong_member),
    ]
}

//! Lesson 2's capstone (exercise 16, conformant-server) against programs
//! written apart from the reference solution (lessons/mcp-stateless-server/programs): the
//! independent Python servers pass every scenario on every seed, and each
//! one-defect variant fails exactly the scenarios of the rule it breaks.

use crate::common::*;

const EXERCISE: &str = "conformant-server";
/// How many scenarios the exercise has.
const SCENARIO_COUNT: usize = 23;
const SEEDS: [&str; 3] = ["1", "2", "3"];
/// For the cases added with the stream endings, the acknowledged resource
/// URIs, the echoed requestState, serverInfo and the parse error.
const MORE_SEEDS: [&str; 5] = ["1", "2", "3", "4", "5"];

/// (program in lessons/mcp-stateless-server/programs, the scenarios that must fail).
const CASES: &[(&str, &[&str])] = &[
    ("conformant_server", &[]),
    (
        "conformant_server_logs_unasked",
        &["no log message unless asked, none below the level"],
    ),
    // It falls back to round 0 on a state that fails its check: the random
    // string completes with the answer sent along, the forged payloads ask
    // again. Neither is a refusal.
    (
        "conformant_server_trusts_state",
        &[
            "a forged requestState is refused; a real one works anywhere",
            OLD_TAG,
            OTHER_KEY,
            CHECKSUM,
        ],
    ),
    // Signature mistakes, each caught by a state forged in the exercise's
    // format (all four passed the 18 scenarios there were before).
    ("conformant_server_constant_tag", &[OLD_TAG]),
    ("conformant_server_sha256_tag", &[CHECKSUM]),
    (
        "conformant_server_never_verifies",
        &[OLD_TAG, OTHER_KEY, CHECKSUM],
    ),
    // Not in the format: each forging scenario stops, saying so.
    (
        "conformant_server_unsigned",
        &[OLD_TAG, OTHER_KEY, CHECKSUM],
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

const OLD_TAG: &str = "a changed payload with its old tag is refused";
const OTHER_KEY: &str = "a state signed with another key is refused";
const CHECKSUM: &str = "a changed payload with a plain SHA-256 tag is refused";

/// The same, for the cases checked on five seeds.
const MORE_CASES: &[(&str, &[&str])] = &[
    // Ends every open stream with a tagged notifications/cancelled, as the
    // Cancellation page says: failed the five scenarios that leave a stream
    // open before a stream could name its `stream_end`.
    ("conformant_server_ends_streams_with_cancelled", &[]),
    // Acknowledges resource URIs it cannot follow: passed before.
    (
        "conformant_server_promises_resource_updates",
        &["a stream opens with its acknowledgment"],
    ),
    // Counts an answer only when its requestState asked for it: failed the
    // two retries that did not echo the state the server issued.
    ("conformant_server_asked_keys_only", &[]),
    // Issues no requestState for one question: the retry sends none back.
    ("conformant_server_no_state_for_one_question", &[]),
    // Refuses its own prompts/get state on the retry: passed while the
    // retry left the state out.
    (
        "conformant_server_prompt_state_as_tool",
        &["prompts/get may ask for input; list methods never do"],
    ),
    // No serverInfo (a SHOULD the exercise requires): failed the discover
    // scenario, which checks another rule; now the one that says so.
    (
        "conformant_server_no_server_info",
        &["results name the server in serverInfo"],
    ),
    // A line that is not JSON: skipped in silence, or kept and glued to the
    // next line. Both passed before: no scenario of the lesson sent one.
    (
        "conformant_server_silent_on_bad_json",
        &["a line that is not JSON gets -32700, and the next request its answer"],
    ),
    (
        "conformant_server_keeps_bad_line",
        &["a line that is not JSON gets -32700, and the next request its answer"],
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

fn each_program_fails_exactly_the_rule_it_breaks_on_three_seeds() {
    require_python();
    fails_exactly(CASES, &SEEDS);
}

fn each_newer_program_fails_exactly_the_rule_it_breaks_on_five_seeds() {
    require_python();
    fails_exactly(MORE_CASES, &MORE_SEEDS);
}

fn fails_exactly(cases: &[(&str, &[&str])], seeds: &[&str]) {
    for (program, must_fail) in cases {
        for seed in seeds {
            let output = check(program, seed, true);
            let verdict = json(&output);
            let count = verdict["scenarios"].as_array().map_or(0, Vec::len);
            assert_eq!(count, SCENARIO_COUNT, "{program}: {verdict:#}");
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
        (
            "conformant_server_constant_tag",
            &[
                "Rule (F13)",
                "keeps the old tag, and retries with no answer",
            ],
        ),
        (
            "conformant_server_unsigned",
            &["Your program's state is not in it: it is not two parts joined by one `.`."],
        ),
        (
            "conformant_server_promises_resource_updates",
            &[
                "Rule (F8)",
                "at `params.notifications.resourceSubscriptions`",
            ],
        ),
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

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(each_program_fails_exactly_the_rule_it_breaks_on_three_seeds),
        test!(each_newer_program_fails_exactly_the_rule_it_breaks_on_five_seeds),
        test!(plain_feedback_names_the_rule_and_what_was_wrong),
    ]
}

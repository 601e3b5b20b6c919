//! Exercise 13 `subscriptions`, judged on programs written apart from the
//! reference (lessons/mcp-stateless-server/programs/subscriptions_*.py): the correct ones,
//! which make other legal choices, pass on every seed; each wrong one, with
//! one classic defect, fails exactly the scenario of the rule it breaks, with
//! feedback that points at the mistake.

use crate::common::*;

const SEEDS: &[&str] = &["1", "2", "3"];
/// For the cases added with the stream endings and the resource promise.
const MORE_SEEDS: &[&str] = &["1", "2", "3", "4", "5"];

const ACK_FIRST: &str = "the acknowledgement is the first message of a stream";
const HONOURED: &str = "the acknowledgement names the part of the filter the server honours";
const SAME_TYPE: &str = "every stream message carries the listen id in its own JSON type";
const ONLY_ASKED: &str = "a stream gets only the change types it asked for";
const CANCEL: &str = "notifications/cancelled ends that stream and no other";
const NO_ANSWER: &str = "the listen request gets no response while its stream is open";

/// Correct servers that end their streams the Cancellation page's way
/// (spec issue #3348: the Subscriptions page says a `complete` result).
/// The tagged ones failed `NO_ANSWER` before a stream could name its
/// `stream_end`.
const VALID: &[&str] = &[
    "subscriptions_server",
    "subscriptions_ends_with_cancelled --ending tagged",
    "subscriptions_ends_with_cancelled --ending untagged",
    "subscriptions_ends_with_cancelled --ending tagged+result",
    "subscriptions_ends_with_cancelled --ending untagged+result",
];

/// (program, the one scenario it must fail, words its feedback must hold,
/// seeds).
const WRONG: &[(&str, &str, &str, &[&str])] = &[
    (
        "subscriptions_replay_before_ack",
        ACK_FIRST,
        "The first message on the stream this request opened is",
        SEEDS,
    ),
    (
        "subscriptions_echoes_filter",
        HONOURED,
        "at `params.notifications.resourceSubscriptions`",
        SEEDS,
    ),
    (
        "subscriptions_string_id",
        SAME_TYPE,
        "do not name this subscription",
        SEEDS,
    ),
    (
        "subscriptions_ignores_filter",
        ONLY_ASKED,
        "carries a message it should not",
        SEEDS,
    ),
    (
        "subscriptions_ignores_cancel",
        CANCEL,
        "nothing after it is cancelled",
        SEEDS,
    ),
    (
        "subscriptions_answers_listen",
        NO_ANSWER,
        "The answer arrived, but it does not mean what it should",
        SEEDS,
    ),
    (
        "subscriptions_answers_listen_tagged",
        NO_ANSWER,
        "This notification came after the response to this request",
        SEEDS,
    ),
    // Each passed before: the acknowledgement accepted any boolean there,
    // and a notification naming no stream was not judged.
    (
        "subscriptions_promises_resources",
        HONOURED,
        "at `params.notifications.resourcesListChanged`",
        MORE_SEEDS,
    ),
    (
        "subscriptions_cancels_wrongly --defect counter-id-untagged",
        NO_ANSWER,
        "It wrote a notification it must not write here",
        MORE_SEEDS,
    ),
    (
        "subscriptions_cancels_wrongly --defect at-once",
        NO_ANSWER,
        "The second message on the stream this request opened is",
        MORE_SEEDS,
    ),
    (
        "subscriptions_cancels_wrongly --defect after-result",
        NO_ANSWER,
        "This notification came after the response to this request",
        MORE_SEEDS,
    ),
    // Failed before too, as one message too many on the stream.
    (
        "subscriptions_cancels_wrongly --defect counter-id",
        NO_ANSWER,
        "carries a message it should not",
        MORE_SEEDS,
    ),
];

/// `program` is a file's name in lessons/mcp-stateless-server/programs, then its arguments.
fn command(program: &str) -> String {
    let (name, args) = program.split_once(' ').unwrap_or((program, ""));
    format!("{} {args}", lesson2_program(name))
        .trim_end()
        .to_string()
}

fn check(program: &str, seed: &str) -> serde_json::Value {
    let output = learn(&[
        "check",
        "subscriptions",
        "--cmd",
        &command(program),
        "--json",
        "--seed",
        seed,
        "--timeout",
        "20",
    ]);
    let verdict = json(&output);
    let passed = verdict["passed"] == true;
    assert_eq!(
        code(&output),
        if passed { 0 } else { 1 },
        "{program}: exit code and verdict disagree"
    );
    verdict
}

fn the_independent_servers_pass_on_every_seed() {
    require_python();
    for program in VALID {
        for seed in MORE_SEEDS {
            let verdict = check(program, seed);
            assert_eq!(
                failed_scenarios(&verdict),
                Vec::<String>::new(),
                "{program}, seed {seed}:\n{verdict:#}"
            );
            assert_eq!(verdict["passed"], true);
            assert_eq!(verdict["scenarios"].as_array().map(Vec::len), Some(8));
        }
    }
}

fn each_wrong_server_fails_exactly_its_rule() {
    require_python();
    for (program, scenario, says, seeds) in WRONG {
        for seed in *seeds {
            let verdict = check(program, seed);
            assert_eq!(
                failed_scenarios(&verdict),
                vec![scenario.to_string()],
                "{program}, seed {seed}"
            );
        }
        // What a learner reads: the failed rule, the evidence, where to read.
        let text = stdout(&learn(&[
            "check",
            "subscriptions",
            "--cmd",
            &command(program),
            "--seed",
            "1",
            "--timeout",
            "20",
        ]));
        let failed_line = format!("✗ {scenario} [");
        for words in [failed_line.as_str(), says, "Read more: `learn read o3-"] {
            assert!(
                text.contains(words),
                "{program}: the feedback should say `{words}`:\n{text}"
            );
        }
    }
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(the_independent_servers_pass_on_every_seed),
        test!(each_wrong_server_fails_exactly_its_rule),
    ]
}

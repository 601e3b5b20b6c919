//! Exercise 13 `subscriptions`, judged on programs written apart from the
//! reference (tests/programs/lesson2/subscriptions_*.py): the correct one,
//! which makes other legal choices, passes on three seeds; each wrong one,
//! with one classic defect, fails exactly the scenario of the rule it
//! breaks, with feedback that points at the mistake.

mod common;
use common::*;

const SEEDS: [&str; 3] = ["1", "2", "3"];

const ACK_FIRST: &str = "the acknowledgement is the first message of a stream";
const HONOURED: &str = "the acknowledgement names the part of the filter the server honours";
const SAME_TYPE: &str = "every stream message carries the listen id in its own JSON type";
const ONLY_ASKED: &str = "a stream gets only the change types it asked for";
const CANCEL: &str = "notifications/cancelled ends that stream and no other";
const NO_ANSWER: &str = "the listen request gets no response while its stream is open";

/// (program, the one scenario it must fail, words its feedback must hold).
const WRONG: &[(&str, &str, &str)] = &[
    (
        "subscriptions_replay_before_ack",
        ACK_FIRST,
        "The first message on the stream this request opened is",
    ),
    (
        "subscriptions_echoes_filter",
        HONOURED,
        "at `params.notifications.resourceSubscriptions`",
    ),
    (
        "subscriptions_string_id",
        SAME_TYPE,
        "do not name this subscription",
    ),
    (
        "subscriptions_ignores_filter",
        ONLY_ASKED,
        "carries a message it should not",
    ),
    (
        "subscriptions_ignores_cancel",
        CANCEL,
        "nothing after it is cancelled",
    ),
    (
        "subscriptions_answers_listen",
        NO_ANSWER,
        "The answer arrived, but it does not mean what it should",
    ),
    (
        "subscriptions_answers_listen_tagged",
        NO_ANSWER,
        "This notification came after the response to this request",
    ),
];

fn command(program: &str) -> String {
    let path = repo()
        .join("tests/programs/lesson2")
        .join(format!("{program}.py"));
    format!("python3 {}", path.display())
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

#[test]
fn the_independent_server_passes_on_three_seeds() {
    require_python();
    for seed in SEEDS {
        let verdict = check("subscriptions_server", seed);
        assert_eq!(
            failed_scenarios(&verdict),
            Vec::<String>::new(),
            "seed {seed}:\n{verdict:#}"
        );
        assert_eq!(verdict["passed"], true);
        assert_eq!(verdict["scenarios"].as_array().map(Vec::len), Some(8));
    }
}

#[test]
fn each_wrong_server_fails_exactly_its_rule() {
    require_python();
    for (program, scenario, says) in WRONG {
        for seed in SEEDS {
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

//! Property tests: arbitrary bytes and arbitrary JSON never make the parser,
//! the pattern language, the matcher or the judge panic, and a few laws hold.
//!
//! `cargo test` runs a bounded number of cases. The long fuzz job runs the
//! same properties a million times (see CONTRIBUTING.md, "The long property
//! job"): `PROPTEST_CASES=1000000 cargo test --release --test properties`.

use learn::content::pattern::Pattern;
use learn::content::scenario::{AnswerOrder, Outgoing, ResponseKey, Scenario, ScenarioStep};
use learn::content::template::{Bindings, substitute};
use learn::judge::envelope::classify;
use learn::judge::{judge_scenario, matching};
use learn::runner::transcript::{ProcessEnd, RunRecord, Sent, Transcript};
use proptest::prelude::*;
use serde_json::{Map, Value, json};

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        (-1e12f64..1e12).prop_map(|f| json!(f)),
        prop_oneof![
            "[a-z]{0,6}",
            Just("$any".to_string()),
            Just("$absent".to_string()),
            Just("${id}".to_string()),
            Just("$$x".to_string()),
            "\\PC{0,8}",
        ]
        .prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec(
                (
                    prop_oneof![
                        "[a-z]{1,5}",
                        Just("$one-of".to_string()),
                        Just("$not".to_string()),
                        Just("id".to_string())
                    ],
                    inner
                ),
                0..5
            )
            .prop_map(|members| Value::Object(members.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// JSON with no string starting with `$`: as a pattern, it means itself.
/// Generated directly (not filtered), so a million cases never run dry.
fn plain_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        (-1e12f64..1e12).prop_map(|f| json!(f)),
        "[a-zA-Z0-9 _.-]{0,8}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec(("[a-z]{1,5}", inner), 0..5)
                .prop_map(|members| Value::Object(members.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

fn scenario() -> Scenario {
    let step = |send: Value, expect: Option<Value>| ScenarioStep {
        send: Outgoing::Json(send),
        expect: expect.map(|e| Pattern::parse(&e).expect("pattern")),
        silence_ok: false,
        fresh: false,
        captures: vec![],
        stream: vec![],
        notifications: vec![],
        stream_end: None,
        before_answer: false,
        pause: None,
        out_of_turn: false,
        line: 1,
    };
    Scenario::with_steps(
        "prop",
        vec![
            step(
                json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
                Some(json!({"id": 1, "result": "$object"})),
            ),
            step(
                json!({"jsonrpc": "2.0", "id": null, "method": "x"}),
                Some(json!({"id": "$absent-or-null", "error": {"code": -32600}})),
            ),
            step(json!({"jsonrpc": "2.0", "method": "notifications/x"}), None),
        ],
    )
}

fn transcript(received: Vec<String>) -> Transcript {
    let scenario = scenario();
    let sent = scenario
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let Outgoing::Json(message) = &s.send else {
                unreachable!()
            };
            let key = s.response_key(AnswerOrder::ById, i, Some(message), &Bindings::new());
            Sent {
                step: i,
                text: message.to_string(),
                message: Some(message.clone()),
                key,
            }
        })
        .collect();
    Transcript {
        runs: vec![RunRecord {
            sent,
            received,
            end: ProcessEnd::Exited(0),
            ..RunRecord::not_started(String::new())
        }],
        ..Transcript::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    fn any_output_line_is_classified_without_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let line = String::from_utf8_lossy(&bytes);
        let _ = classify(&line);
    }

    fn any_json_output_is_classified_without_panic(value in json_value()) {
        let _ = classify(&value.to_string());
    }

    fn any_json_is_a_pattern_or_a_clear_error(doc in json_value()) {
        if let Ok(pattern) = Pattern::parse(&doc) {
            // Written back and read again, a pattern means the same thing.
            prop_assert_eq!(Pattern::parse(&pattern.to_json()).ok(), Some(pattern));
        }
    }

    fn matching_anything_against_anything_never_panics(doc in json_value(), value in json_value()) {
        if let Ok(pattern) = Pattern::parse(&doc) {
            let bindings = Bindings::from([("id".to_string(), json!(7))]);
            let found = matching::mismatches(&pattern, &value, &bindings);
            prop_assert_eq!(found.is_empty(), matching::matches(&pattern, Some(&value), &bindings));
            let _ = matching::project(&pattern, &value, &bindings);
        }
    }

    fn plain_json_matches_itself(value in plain_json()) {
        let pattern = Pattern::parse(&value).expect("plain JSON is a pattern");
        prop_assert!(matching::matches(&pattern, Some(&value), &Bindings::new()));
    }

    fn the_judge_survives_any_output(lines in prop::collection::vec(
        prop_oneof![
            "\\PC{0,40}",
            json_value().prop_map(|v| v.to_string()),
            Just(r#"{"jsonrpc":"2.0","id":1,"result":{}}"#.to_string()),
            Just(r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"x"}}"#.to_string()),
        ],
        0..8,
    )) {
        let verdict = judge_scenario(&scenario(), &transcript(lines));
        let _ = verdict.outcome();
    }

    fn explain_survives_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300), answers in prop::option::of("[a-z/]{0,12}")) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = learn::explain::explain_text(&text, answers.as_deref());
    }

    fn explain_survives_any_json(value in json_value(), answers in prop::option::of(prop_oneof![
        Just("tools/call".to_string()), Just("tools/list".to_string()), "[a-z/]{0,12}"
    ])) {
        let explanation = learn::explain::explain(&value, answers.as_deref());
        // Invalid exactly when there are envelope problems (src/explain's contract).
        let invalid = explanation.kind == learn::explain::envelope::Kind::Invalid;
        prop_assert_eq!(invalid, !explanation.problems.is_empty());
    }

    fn any_meta_key_gets_exactly_one_verdict(key in prop_oneof!["\\PC{0,30}", "[a-z]{1,4}(\\.[a-z]{1,4}){0,3}/[a-zA-Z0-9._-]{0,8}"]) {
        let _ = learn::explain::meta_keys::verdict(&key);
    }

    fn reserved_prefixes_are_recognised(first in "[a-z][a-z0-9]{0,5}", name in "[a-z][a-z0-9]{0,6}") {
        use learn::explain::meta_keys::{verdict, Verdict};
        let reserved = format!("{first}.modelcontextprotocol/{name}");
        prop_assert_eq!(verdict(&reserved), Verdict::Reserved);
        let custom = format!("com.{first}x/{name}");
        prop_assert_eq!(verdict(&custom), Verdict::Custom);
    }

    fn substitution_never_panics(value in json_value()) {
        let bindings = Bindings::from([("id".to_string(), json!("x"))]);
        let _ = substitute(&value, &bindings);
    }
}

fn the_right_answers_pass_the_property_scenario() {
    let lines = vec![
        r#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"bad id"}}"#.to_string(),
        r#"{"jsonrpc":"2.0","id":1,"result":{}}"#.to_string(),
    ];
    let verdict = judge_scenario(&scenario(), &transcript(lines));
    assert!(verdict.problems.is_empty(), "{:?}", verdict.problems);
    let key = ResponseKey::Id(json!(1));
    assert!(key.matches(&json!({"id": 1, "result": {}})));
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(any_output_line_is_classified_without_panic),
        test!(any_json_output_is_classified_without_panic),
        test!(any_json_is_a_pattern_or_a_clear_error),
        test!(matching_anything_against_anything_never_panics),
        test!(plain_json_matches_itself),
        test!(the_judge_survives_any_output),
        test!(explain_survives_any_bytes),
        test!(explain_survives_any_json),
        test!(any_meta_key_gets_exactly_one_verdict),
        test!(reserved_prefixes_are_recognised),
        test!(substitution_never_panics),
        test!(the_right_answers_pass_the_property_scenario),
    ]
}

//! Every scenario's transcript with the reference solution, as snapshots:
//! what was sent and what came back. Any change to a scenario or to a
//! reference shows up in review as a changed snapshot.

use crate::common::*;

fn reference_transcripts() {
    for (id, _) in exercises() {
        let verdict = json(&learn(&[
            "check",
            &id,
            "--solution",
            "--json",
            "--seed",
            "1",
        ]));
        assert_eq!(verdict["passed"], true, "{id}");
        let mut text = String::new();
        for scenario in verdict["scenarios"].as_array().expect("scenarios") {
            text.push_str(&format!(
                "## {}\n",
                scenario["name"].as_str().unwrap_or_default()
            ));
            for (i, run) in scenario["runs"]
                .as_array()
                .expect("runs")
                .iter()
                .enumerate()
            {
                if i > 0 {
                    text.push_str("-- a fresh process --\n");
                }
                // A client's step that only waits sends nothing: no line.
                for line in run["sent"].as_array().into_iter().flatten() {
                    if line == "" {
                        continue;
                    }
                    text.push_str(&format!("> {}\n", line.as_str().unwrap_or_default()));
                }
                for line in run["received"].as_array().into_iter().flatten() {
                    text.push_str(&format!("< {}\n", line.as_str().unwrap_or_default()));
                }
            }
            text.push('\n');
        }
        insta::assert_snapshot!(format!("transcript-{id}"), without_request_state(&text));
    }
}

/// The transcript with every `"requestState":"..."` value replaced: the
/// reference's requestState carries a time-based nonce. (A string search, so
/// that insta's regex-based filters, and the regex crate, are not built.)
fn without_request_state(text: &str) -> String {
    const KEY: &str = r#""requestState":""#;
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(KEY) {
        let value = &rest[at + KEY.len()..];
        // The value ends at the first quote not escaped by a backslash.
        let mut end = None;
        let mut escaped = false;
        for (i, c) in value.char_indices() {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => {
                    end = Some(i);
                    break;
                }
                _ => escaped = false,
            }
        }
        let Some(end) = end else { break };
        out.push_str(&rest[..at]);
        out.push_str(r#""requestState":"[state]""#);
        rest = &value[end + 1..];
    }
    out.push_str(rest);
    out
}

fn request_state_values_are_replaced_and_the_rest_kept() {
    let text = r#"< {"a":1,"requestState":"x\"y","b":"requestState"} {"requestState":"z"}"#;
    assert_eq!(
        without_request_state(text),
        r#"< {"a":1,"requestState":"[state]","b":"requestState"} {"requestState":"[state]"}"#
    );
    assert_eq!(without_request_state("no state"), "no state");
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(reference_transcripts),
        test!(request_state_values_are_replaced_and_the_rest_kept),
    ]
}

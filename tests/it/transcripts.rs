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
                for line in run["sent"].as_array().into_iter().flatten() {
                    text.push_str(&format!("> {}\n", line.as_str().unwrap_or_default()));
                }
                for line in run["received"].as_array().into_iter().flatten() {
                    text.push_str(&format!("< {}\n", line.as_str().unwrap_or_default()));
                }
            }
            text.push('\n');
        }
        insta::with_settings!({filters => vec![
            // The reference's requestState carries a time-based nonce.
            (r#""requestState":"[^"]*""#, r#""requestState":"[state]""#),
        ]}, {
            insta::assert_snapshot!(format!("transcript-{id}"), text);
        });
    }
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![test!(reference_transcripts)]
}

//! Rules for every message a client writes ([`Every`]), judged over what it
//! wrote in all the other scenarios of its exercise.

use super::matching;
use super::verdict::{Breach, Problem, Role, ScenarioVerdict};
use crate::content::Localized;
use crate::content::scenario::{Every, Scenario};
use crate::content::template::Bindings;
use serde_json::Value;

/// What a client wrote in one scenario.
pub struct Conversation<'a> {
    /// The scenario's name, in each language, to say where a message was written.
    pub title: &'a Localized,
    /// Every line it wrote, in every process of that scenario.
    pub lines: Vec<&'a str>,
}

/// Judges `scenario`'s rule for every message over `conversations`: the
/// first message that breaks it in each conversation is a problem.
pub fn judge_every(
    scenario: &Scenario,
    every: &Every,
    conversations: &[Conversation],
) -> ScenarioVerdict {
    let bindings = Bindings::new();
    let mut problems = Vec::new();
    for conversation in conversations {
        let broken = conversation
            .lines
            .iter()
            .filter(|line| !line.trim().is_empty())
            // A line that is not JSON fails its own scenario, which says so.
            .filter_map(|line| serde_json::from_str::<Value>(line).ok())
            .filter(|message| every.of.applies_to(message))
            .find_map(|message| {
                let mismatches = matching::mismatches(&every.pattern, &message, &bindings);
                (!mismatches.is_empty()).then_some((message, mismatches))
            });
        if let Some((message, mismatches)) = broken {
            problems.push(Problem::BrokeEveryRule(Box::new(Breach {
                scenario: conversation.title.clone(),
                expected: every.pattern.to_json(),
                shown: matching::project(&every.pattern, &message, &bindings),
                message,
                mismatches,
            })));
        }
    }
    ScenarioVerdict {
        name: scenario.name.clone(),
        title: scenario.title.clone(),
        fact: scenario.fact.clone(),
        rule: scenario.rule.clone(),
        problems: super::flood::grouped(problems),
        runs: Vec::new(),
        role: Role::SpeaksFirst,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::pattern::Pattern;
    use crate::content::scenario::{AnswerOrder, ClientOrder, EveryOf};
    use serde_json::json;

    fn rule(of: EveryOf, pattern: Value) -> (Scenario, Every) {
        let text = Localized {
            en: "r".into(),
            zh: "r".into(),
        };
        let every = Every {
            of,
            pattern: Pattern::parse(&pattern).expect("pattern"),
        };
        let scenario = Scenario {
            name: "r".into(),
            title: text.clone(),
            fact: "F1".into(),
            rule: text,
            answers: AnswerOrder::Scripted,
            order: ClientOrder::Script,
            args: vec![],
            steps: vec![],
            unwanted: vec![],
            every: Some(every.clone()),
            exit: Default::default(),
        };
        (scenario, every)
    }

    #[test]
    fn a_rule_kept_in_one_scenario_and_broken_in_another_fails_with_that_message() {
        let (scenario, every) = rule(
            EveryOf::Request,
            json!({"params": {"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}}}),
        );
        let good = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#;
        let bare = r#"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"c"}}"#;
        // A notification is no request: the request rule leaves it alone.
        let note = r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{}}"#;
        let first = Localized {
            en: "first".into(),
            zh: "first".into(),
        };
        let second = Localized {
            en: "second".into(),
            zh: "second".into(),
        };
        let kept = [Conversation {
            title: &first,
            lines: vec![good, note, "not json"],
        }];
        assert!(judge_every(&scenario, &every, &kept).problems.is_empty());
        let broken = [
            Conversation {
                title: &first,
                lines: vec![good],
            },
            Conversation {
                title: &second,
                lines: vec![good, bare, bare],
            },
        ];
        let verdict = judge_every(&scenario, &every, &broken);
        assert_eq!(verdict.problems.len(), 1, "{:?}", verdict.problems);
        assert!(matches!(
            &verdict.problems[0],
            Problem::BrokeEveryRule(breach)
                if breach.scenario.en == "second" && breach.message["id"] == 2
        ));
    }

    #[test]
    fn a_request_that_lost_its_id_is_still_a_request() {
        let (scenario, every) = rule(
            EveryOf::Request,
            json!({"id": {"$one-of": ["$string", "$integer"]}}),
        );
        let title = Localized {
            en: "s".into(),
            zh: "s".into(),
        };
        let lines = [Conversation {
            title: &title,
            lines: vec![r#"{"jsonrpc":"2.0","method":"tools/call","params":{}}"#],
        }];
        assert_eq!(judge_every(&scenario, &every, &lines).problems.len(), 1);
    }
}

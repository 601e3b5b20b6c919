//! A client scenario's `order`: whether its scripted server pairs the
//! client's messages with steps by position or answers what is asked.

use super::file_check::FileCheck;
use crate::content::scenario::{AnswerOrder, ClientOrder};
use toml::Spanned;

/// A scenario's `order`: `None` (an error told) when it is neither word,
/// or when it is written for a program that is not a client.
pub(super) fn client_order(
    check: &mut FileCheck,
    at: usize,
    label: &str,
    answers: AnswerOrder,
    order: Option<&Spanned<String>>,
) -> Option<ClientOrder> {
    let Some(order) = order else {
        return Some(ClientOrder::Script);
    };
    let at = order.span().start.max(at);
    let chosen = match order.get_ref().as_str() {
        "script" => ClientOrder::Script,
        "asked" => ClientOrder::Asked,
        other => {
            check.error(Some(at), format!("{label}: `order = \"{other}\"` is not an order: `\"script\"` (messages in the script's order) or `\"asked\"` (each answered by what it asks)"));
            return None;
        }
    };
    if answers != AnswerOrder::Scripted {
        check.error(Some(at), format!("{label}: `order` is for client exercises (`kind = \"mcp-client\"`), whose scripted server may answer by what is asked"));
        return None;
    }
    Some(chosen)
}

#[cfg(test)]
mod tests {
    use super::super::scenario::{ScenarioFile, compile_scenario};
    use super::*;
    use crate::content::error::ContentError;
    use std::collections::BTreeSet;

    fn compile(body: &str, answers: AnswerOrder) -> (Option<ClientOrder>, Vec<String>) {
        #[derive(serde::Deserialize)]
        struct File {
            scenario: Vec<ScenarioFile>,
        }
        let text = format!(
            "[[scenario]]\nname = {{ en = \"s\", zh = \"s\" }}\nfact = \"F1\"\nrule = {{ en = \"r\", zh = \"r\" }}\n{body}"
        );
        let file: File = toml::from_str(&text).expect("toml");
        let mut errors: Vec<ContentError> = Vec::new();
        let mut check = FileCheck::new("x.toml".into(), &text, &mut errors);
        let scenario = file.scenario.into_iter().next().expect("a scenario");
        let compiled = compile_scenario(&mut check, 0, scenario, answers, &BTreeSet::new());
        drop(check);
        (
            compiled.map(|s| s.order),
            errors.into_iter().map(|e| e.message).collect(),
        )
    }

    const STEP: &str = "[[scenario.step]]\nexpect = '{\"method\": \"a\"}'\n";

    #[test]
    fn a_client_scenario_is_in_script_order_unless_it_says_asked() {
        let (order, errors) = compile(STEP, AnswerOrder::Scripted);
        assert_eq!((order, errors.len()), (Some(ClientOrder::Script), 0));
        let (order, errors) = compile(&format!("order = \"asked\"\n{STEP}"), AnswerOrder::Scripted);
        assert_eq!(
            (order, errors.len()),
            (Some(ClientOrder::Asked), 0),
            "{errors:?}"
        );
    }

    #[test]
    fn each_misuse_is_named() {
        let cases = [
            (
                "order = \"any\"\n".to_string() + STEP,
                AnswerOrder::Scripted,
                "is not an order",
            ),
            (
                "order = \"asked\"\n".to_string() + STEP,
                AnswerOrder::ById,
                "for client exercises",
            ),
            (
                format!("{STEP}out_of_turn = true\n"),
                AnswerOrder::Scripted,
                "`out_of_turn` is for",
            ),
            (
                format!("order = \"asked\"\n{STEP}fresh = true\n"),
                AnswerOrder::Scripted,
                "`fresh` cannot",
            ),
        ];
        for (body, answers, says) in cases {
            let (order, errors) = compile(&body, answers);
            assert!(order.is_none(), "{body}");
            assert!(
                errors.iter().any(|e| e.contains(says)),
                "{body}: {errors:?}"
            );
        }
    }
}

//! `[[scenario]]` tables that state a rule for every request (or message) a
//! client writes: `every_request` or `every_message`, and no steps.

use super::file_check::FileCheck;
use super::scenario::{ScenarioFile, json_in_toml};
use crate::content::error::ContentError;
use crate::content::pattern::Pattern;
use crate::content::scenario::{AnswerOrder, ClientOrder, Every, EveryOf, Exit, Scenario};

/// A scenario that states a rule for every request (or message) a client
/// writes: no steps of its own, one pattern, judged over the exercise's
/// other scenarios.
pub(super) fn compile_every(
    check: &mut FileCheck,
    at: usize,
    label: &str,
    scenario: ScenarioFile,
    answers: AnswerOrder,
) -> Option<Scenario> {
    let (of, text) = match (scenario.every_request, scenario.every_message) {
        (Some(text), None) => (EveryOf::Request, text),
        (None, Some(text)) => (EveryOf::Message, text),
        _ => {
            check.error(Some(at), format!("{label}: has both `every_request` and `every_message`; a scenario states one rule"));
            return None;
        }
    };
    let mut ok = true;
    if answers != AnswerOrder::Scripted {
        check.error(Some(at), format!("{label}: `every_request` and `every_message` are for client exercises (`kind = \"mcp-client\"`), whose every message follows the rule"));
        ok = false;
    }
    if !scenario.step.is_empty()
        || !scenario.unwanted.is_empty()
        || scenario.args.is_some()
        || scenario.exit.is_some()
    {
        check.error(Some(at), format!("{label}: a rule for every message has no `step`, `unwanted`, `args` or `exit` of its own: it is judged on what the client writes in the exercise's other scenarios"));
        ok = false;
    }
    let pattern = match json_in_toml(check.text, &text) {
        Ok(doc) => match Pattern::parse(&doc) {
            Ok(pattern) => {
                let mut vars = Vec::new();
                pattern.vars(&mut vars);
                if let Some(name) = vars.first() {
                    check.error(Some(text.span().start), format!("{label}: uses `${{{name}}}`, but a rule for every message holds in every scenario, where no variable has one value"));
                    ok = false;
                }
                Some(pattern)
            }
            Err(e) => {
                check.error(Some(text.span().start), format!("{label}: {e}"));
                None
            }
        },
        Err((line, e)) => {
            check.errors.push(ContentError {
                file: check.path.clone(),
                line: Some(line),
                message: format!("{label}: the rule's pattern is not valid JSON: {e}"),
            });
            None
        }
    };
    let pattern = pattern.filter(|_| ok)?;
    let (name, title) = scenario.name.into_name_and_title();
    Some(Scenario {
        name,
        title,
        fact: scenario.fact,
        rule: scenario.rule,
        answers,
        order: ClientOrder::Script,
        args: Vec::new(),
        steps: Vec::new(),
        unwanted: Vec::new(),
        every: Some(Every { of, pattern }),
        exit: Exit::Success,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::error::ContentError;

    /// Compiles `[[scenario]]` text as an exercise of `answers` would.
    fn compile(text: &str, answers: AnswerOrder) -> (Option<Scenario>, Vec<String>) {
        #[derive(serde::Deserialize)]
        struct File {
            scenario: Vec<ScenarioFile>,
        }
        let file: File = toml::from_str(text).expect("toml");
        let mut errors: Vec<ContentError> = Vec::new();
        let mut check = FileCheck::new("x.toml".into(), text, &mut errors);
        let scenario = file.scenario.into_iter().next().expect("a scenario");
        let label = "scenario `s`".to_string();
        let compiled = compile_every(&mut check, 0, &label, scenario, answers);
        drop(check);
        (compiled, errors.into_iter().map(|e| e.message).collect())
    }

    const HEAD: &str = "[[scenario]]\nname = { en = \"s\", zh = \"s\" }\nfact = \"F1\"\nrule = { en = \"r\", zh = \"r\" }\n";

    #[test]
    fn a_rule_for_every_request_compiles_for_a_client_exercise() {
        let text = format!("{HEAD}every_request = '{{\"jsonrpc\": \"2.0\"}}'\n");
        let (scenario, errors) = compile(&text, AnswerOrder::Scripted);
        assert!(errors.is_empty(), "{errors:?}");
        let every = scenario.and_then(|s| s.every).expect("a rule");
        assert_eq!(every.of, EveryOf::Request);
    }

    #[test]
    fn each_misuse_is_named() {
        let cases = [
            (
                format!("{HEAD}every_request = '{{}}'\nevery_message = '{{}}'\n"),
                AnswerOrder::Scripted,
                "has both",
            ),
            (
                format!("{HEAD}every_message = '{{}}'\n"),
                AnswerOrder::ById,
                "are for client exercises",
            ),
            (
                format!("{HEAD}every_request = '{{\"id\": \"${{x}}\"}}'\n"),
                AnswerOrder::Scripted,
                "no variable has one value",
            ),
            (
                format!("{HEAD}every_request = '{{}}'\nargs = [\"a\"]\n"),
                AnswerOrder::Scripted,
                "has no `step`, `unwanted`, `args` or `exit`",
            ),
            (
                format!("{HEAD}every_request = '{{}}'\nexit = 1\n"),
                AnswerOrder::Scripted,
                "has no `step`, `unwanted`, `args` or `exit`",
            ),
            (
                format!("{HEAD}every_request = '{{'\n"),
                AnswerOrder::Scripted,
                "is not valid JSON",
            ),
        ];
        for (text, answers, says) in cases {
            let (scenario, errors) = compile(&text, answers);
            assert!(scenario.is_none(), "{text}");
            assert!(
                errors.iter().any(|e| e.contains(says)),
                "{text}: {errors:?}"
            );
        }
    }
}

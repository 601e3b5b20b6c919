//! `[vars]` tables: each var's JSON, what a sum adds, and the recipes
//! forged tokens follow.

use super::file_check::FileCheck;
use crate::content::forge::Recipe;
use crate::content::scenario::{Outgoing, Scenario};
use crate::content::template::{self, SeededRng, VarSpec};
use serde_json::Value;
use std::collections::BTreeMap;

pub(super) fn check_vars(check: &mut FileCheck, vars: &BTreeMap<String, VarSpec>) {
    for (name, spec) in vars {
        match spec {
            VarSpec::Json(text) => {
                if let Err(e) = serde_json::from_str::<Value>(text) {
                    check.error(None, format!("var `{name}` is not valid JSON: {e}"));
                }
            }
            VarSpec::Sum { sum } => {
                for part in sum {
                    let numeric = match vars.get(part) {
                        Some(VarSpec::Json(text)) => {
                            serde_json::from_str::<Value>(text).is_ok_and(|v| v.is_number())
                        }
                        Some(VarSpec::Random { .. }) => true,
                        _ => false,
                    };
                    if !numeric {
                        check.error(
                            None,
                            format!(
                                "var `{name}` sums `{part}`, which is not a number var of this file"
                            ),
                        );
                    }
                }
            }
            VarSpec::Text { text } => {
                if matches!(vars.get(text), None | Some(VarSpec::Text { .. })) {
                    check.error(
                        None,
                        format!("var `{name}` is the text of `{text}`, which is not a var of this file (or is itself a text var)"),
                    );
                }
            }
            VarSpec::Random { .. } => {}
        }
    }
}

/// Every recipe a scenario forges with (`"${state:forged=recipe}"`) is a
/// JSON var that reads as one, once its own `${vars}` are filled in.
pub(super) fn check_recipes(
    check: &mut FileCheck,
    vars: &BTreeMap<String, VarSpec>,
    scenarios: &[Scenario],
) {
    let mut recipes = Vec::new();
    for scenario in scenarios {
        for step in &scenario.steps {
            if let Outgoing::Json(message) = &step.send {
                template::recipes_in(message, &mut recipes);
            }
        }
    }
    recipes.sort();
    recipes.dedup();
    let bindings = template::bind(vars, &mut SeededRng::new(0));
    for name in recipes {
        let problem = match vars.get(&name) {
            Some(VarSpec::Json(_)) => {
                let doc = bindings.get(&name).cloned().unwrap_or_default();
                match template::substitute(&doc, &bindings) {
                    Ok(doc) => Recipe::parse(&doc).err(),
                    Err(_) => Some("it uses a variable that is not in [vars]".to_string()),
                }
            }
            // An undefined name is reported where it is used.
            None => continue,
            Some(_) => Some("it is not JSON text".to_string()),
        };
        if let Some(problem) = problem {
            check.error(
                None,
                format!("var `{name}` is used as a forging recipe, but {problem}"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::scenario::ScenarioStep;
    use serde_json::json;

    fn sending(message: serde_json::Value) -> Scenario {
        Scenario::with_steps("s", vec![ScenarioStep::sending(Outgoing::Json(message))])
    }

    fn errors(vars: &[(&str, &str)]) -> Vec<String> {
        let vars: BTreeMap<String, VarSpec> = vars
            .iter()
            .map(|(name, text)| (name.to_string(), VarSpec::Json(text.to_string())))
            .collect();
        let scenarios = [sending(
            json!({"requestState": "${s:forged=r}", "id": "${s:tampered}"}),
        )];
        let mut errors = Vec::new();
        let mut check = FileCheck::new("x.toml".into(), "", &mut errors);
        check_recipes(&mut check, &vars, &scenarios);
        errors.into_iter().map(|e| e.message).collect()
    }

    #[test]
    fn a_forging_recipe_is_checked_with_its_vars_filled_in() {
        let key = ("key", r#""k""#);
        let good =
            r#"{"payload": "hex", "set": {"n": "${key}"}, "tag": {"hmac-sha256": "${key}"}}"#;
        assert_eq!(errors(&[key, ("r", good)]), Vec::<String>::new());
        assert_eq!(
            errors(&[("r", r#"{"payload": "hex", "tag": "md5"}"#)]),
            [
                "var `r` is used as a forging recipe, but `tag` is \"kept\", \"sha256\" or {\"hmac-sha256\": \"<key>\"}"
            ]
        );
        assert_eq!(
            errors(&[("r", good)]),
            ["var `r` is used as a forging recipe, but it uses a variable that is not in [vars]"]
        );
        // Not defined at all: the scenario's own check names it.
        assert_eq!(errors(&[]), Vec::<String>::new());
    }
}

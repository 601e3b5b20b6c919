//! `interop.toml`: the steps the official MCP Python SDK runs against the
//! lesson's server exercise, each checked with its line.

use super::file_check::FileCheck;
use super::toml_file::read_toml;
use super::vars::check_vars;
use crate::content::error::ContentError;
use crate::content::interop::{CONNECT, ElicitAction, Interop, InteropStep, names_in};
use crate::content::model::{Exercise, ExerciseKind};
use crate::content::template::VarSpec;
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use toml::Spanned;

/// The file a lesson keeps them in.
pub const INTEROP_FILE: &str = "interop.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InteropFile {
    #[allow(dead_code)]
    format_version: u32,
    exercise: Spanned<String>,
    #[serde(default)]
    vars: BTreeMap<String, VarSpec>,
    step: Vec<Spanned<InteropStep>>,
}

/// The lesson's `interop.toml`, if it has one.
pub(super) fn load_interop(
    dir: &Path,
    exercises: &[Exercise],
    errors: &mut Vec<ContentError>,
) -> Option<Interop> {
    let path = dir.join(INTEROP_FILE);
    if !path.is_file() {
        return None;
    }
    let (file, text) = read_toml::<InteropFile>(&path, errors)?;
    let mut check = FileCheck::new(path.clone(), &text, errors);
    check_vars(&mut check, &file.vars);
    let exercise = file.exercise.get_ref();
    match exercises.iter().find(|e| e.id == *exercise) {
        Some(e) if e.kind == ExerciseKind::Server => {}
        Some(_) => check.error(
            Some(file.exercise.span().start),
            format!(
                "`exercise = \"{exercise}\"` is not a server exercise: the SDK drives a server"
            ),
        ),
        None => check.error(
            Some(file.exercise.span().start),
            format!("`exercise = \"{exercise}\"` is no exercise of this lesson"),
        ),
    }
    let mut seen = BTreeSet::new();
    let mut steps = Vec::new();
    for step in file.step {
        let at = Some(step.span().start);
        let step = step.into_inner();
        for problem in step_problems(&step, &file.vars) {
            check.error(at, format!("step `{}` {problem}", step.id));
        }
        if !seen.insert(step.id.clone()) {
            check.error(at, format!("step `{}` appears twice", step.id));
        }
        check.localized(&format!("step `{}`'s title", step.id), &step.title);
        check.localized(&format!("step `{}`'s `needed`", step.id), &step.needed);
        steps.push(step);
    }
    Some(Interop {
        file: path,
        exercise: file.exercise.into_inner(),
        vars: file.vars,
        steps,
    })
}

/// What is wrong with one step, each said as the end of a sentence that
/// starts with the step.
fn step_problems(step: &InteropStep, vars: &BTreeMap<String, VarSpec>) -> Vec<String> {
    let mut problems = Vec::new();
    if step.id == CONNECT {
        problems.push(
            "takes the id of the step the SDK runs first to connect: name it otherwise".into(),
        );
    }
    match (&step.list_tools, &step.call) {
        (Some(_), Some(_)) => {
            problems.push("has both `list_tools` and `call`: a step does one".into())
        }
        (None, None) => {
            problems.push("has neither `list_tools` nor `call`: say what the SDK does".into())
        }
        (Some(tools), None) => {
            if tools.is_empty() {
                problems.push("lists no tool in `list_tools`".into());
            }
            let for_calls = [
                ("arguments", step.arguments.is_some()),
                ("elicit", step.elicit.is_some()),
                ("result", step.result.is_some()),
                ("error", step.error.is_some()),
                ("text_number", step.text_number.is_some()),
                ("text_has", step.text_has.is_some()),
                ("text_lacks", step.text_lacks.is_some()),
            ];
            for (key, _) in for_calls.iter().filter(|(_, given)| *given) {
                problems.push(format!("has `{key}`, which only a `call` takes"));
            }
        }
        (None, Some(_)) => problems.extend(call_problems(step)),
    }
    let mut names = Vec::new();
    let value = serde_json::to_value(step).unwrap_or(Value::Null);
    names_in(&value, &mut names);
    for name in names {
        if !vars.contains_key(&name) {
            problems.push(format!("uses `${{{name}}}`, which [vars] does not define"));
        }
    }
    problems
}

fn call_problems(step: &InteropStep) -> Vec<String> {
    let mut problems = Vec::new();
    if step.result.is_some() == step.error.is_some() {
        problems.push(
            "needs one of `result` (\"ok\", \"tool-error\" or \"any\") and `error` (a JSON-RPC error code)"
                .into(),
        );
    }
    let text_checks =
        step.text_number.is_some() || step.text_has.is_some() || step.text_lacks.is_some();
    if step.error.is_some() && text_checks {
        problems.push("checks a result's text, but expects an error".into());
    }
    if step.arguments.as_ref().is_some_and(|a| !a.is_object()) {
        problems.push("has `arguments` that are not a table".into());
    }
    if let Some(elicit) = &step.elicit {
        if elicit.content.is_some() && elicit.action != ElicitAction::Accept {
            problems
                .push("gives elicitation `content` with an answer that is not \"accept\"".into());
        }
        if elicit.times == 0 {
            problems.push(
                "has `elicit.times = 0`: leave `elicit` out when the server is not to ask".into(),
            );
        }
    }
    problems
}

//! A file of extra scenarios for one exercise (`learn grade --scenarios`).

use super::file_check::FileCheck;
use super::scenario::{ScenarioFile, compile_scenario};
use super::toml_file::read_toml;
use super::vars::{check_recipes, check_vars};
use crate::content::error::ContentError;
use crate::content::model::Exercise;
use crate::content::scenario::Scenario;
use crate::content::template::VarSpec;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use toml::Spanned;

/// A file of extra scenarios for one exercise, kept outside the course (a
/// teacher's hidden tests, `learn grade --scenarios`): `[vars]` and
/// `[[scenario]]` tables written exactly as in the exercise's own file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExtraScenariosFile {
    #[allow(dead_code)]
    format_version: u32,
    #[serde(default)]
    vars: BTreeMap<String, VarSpec>,
    #[serde(default)]
    scenario: Vec<Spanned<ScenarioFile>>,
}

/// A file's own vars and its compiled scenarios.
pub type ExtraScenarios = (BTreeMap<String, VarSpec>, Vec<Scenario>);

/// Reads and checks a file of extra scenarios for `exercise`, the way the
/// exercise's own scenarios are checked (every problem with its line).
/// Returns the file's own vars (which may not redefine the exercise's) and
/// its compiled scenarios (whose names may not repeat the exercise's).
pub fn load_extra_scenarios(
    path: &Path,
    exercise: &Exercise,
) -> Result<ExtraScenarios, Vec<ContentError>> {
    let mut errors = Vec::new();
    let Some((file, text)) = read_toml::<ExtraScenariosFile>(path, &mut errors) else {
        return Err(errors);
    };
    let mut check = FileCheck::new(path.to_path_buf(), &text, &mut errors);
    check_vars(&mut check, &file.vars);
    for name in file.vars.keys().filter(|n| exercise.vars.contains_key(*n)) {
        check.error(
            None,
            format!(
                "var `{name}` is already defined for exercise `{}`: choose another name",
                exercise.id
            ),
        );
    }
    if file.scenario.is_empty() {
        check.error(None, "no scenarios: add at least one [[scenario]]");
    }
    let known: BTreeSet<String> = exercise
        .vars
        .keys()
        .chain(file.vars.keys())
        .cloned()
        .collect();
    let mut names: BTreeSet<String> = exercise.scenarios.iter().map(|s| s.name.clone()).collect();
    let answers = exercise.kind.answer_order();
    let mut scenarios = Vec::new();
    for spanned in file.scenario {
        let at = spanned.span().start;
        let scenario = spanned.into_inner();
        if !names.insert(scenario.name.english().to_string()) {
            check.error(
                Some(at),
                format!("a scenario of exercise `{}` or of this file is already named `{}`: names must be unique", exercise.id, scenario.name.english()),
            );
        }
        if let Some(compiled) = compile_scenario(&mut check, at, scenario, answers, &known) {
            scenarios.push(compiled);
        }
    }
    let mut vars = exercise.vars.clone();
    vars.extend(file.vars.clone());
    check_recipes(&mut check, &vars, &scenarios);
    if errors.is_empty() {
        Ok((file.vars, scenarios))
    } else {
        Err(errors)
    }
}

//! `exercises/<id>.toml`: one exercise, its task, hints and scenarios.

use super::file_check::FileCheck;
use super::relative;
use super::scenario::{ScenarioFile, ScenarioName, compile_scenario};
use super::toml_file::read_toml;
use super::vars::{check_recipes, check_vars};
use crate::content::error::ContentError;
use crate::content::model::{Exercise, ExerciseKind, section_file};
use crate::content::scenario::{AnswerOrder, Scenario};
use crate::content::template::VarSpec;
use crate::content::text::{Lang, Localized};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExerciseFile {
    #[allow(dead_code)]
    format_version: u32,
    id: String,
    number: u32,
    kind: ExerciseKind,
    file: String,
    points: u32,
    section: String,
    title: Localized,
    task: Localized,
    #[serde(default)]
    hint: Vec<Localized>,
    #[serde(default)]
    vars: BTreeMap<String, VarSpec>,
    #[serde(default)]
    scenario: Vec<Spanned<ScenarioFile>>,
}

pub(super) fn load_exercise(
    root: &Path,
    lesson_dir: &Path,
    path: &Path,
    lesson_vars: &BTreeMap<String, VarSpec>,
    errors: &mut Vec<ContentError>,
) -> Option<Exercise> {
    let (file, text) = read_toml::<ExerciseFile>(path, errors)?;
    let mut check = FileCheck::new(path.to_path_buf(), &text, errors);
    check.localized("`title`", &file.title);
    check.localized("`task`", &file.task);
    if file.hint.is_empty() {
        check.error(
            None,
            "no hints: add at least one [[hint]] with `en` and `zh`",
        );
    }
    for (i, hint) in file.hint.iter().enumerate() {
        check.localized(&format!("hint {}", i + 1), hint);
    }
    check_files(
        &mut check,
        root,
        lesson_dir,
        path,
        &file.file,
        &file.section,
    );
    check_vars(&mut check, &file.vars);
    if file.scenario.is_empty() {
        check.error(
            None,
            "no scenarios: an exercise needs at least one [[scenario]] to check",
        );
    }
    let known: BTreeSet<String> = lesson_vars
        .keys()
        .chain(file.vars.keys())
        .cloned()
        .collect();
    let scenarios = compile_scenarios(&mut check, file.scenario, file.kind.answer_order(), &known);
    let mut vars = lesson_vars.clone();
    vars.extend(file.vars);
    check_recipes(&mut check, &vars, &scenarios);
    Some(Exercise {
        id: file.id,
        number: file.number,
        kind: file.kind,
        file: file.file,
        points: file.points,
        section: file.section,
        title: file.title,
        task: file.task,
        hints: file.hint,
        vars,
        scenarios,
        source: relative(root, path).to_path_buf(),
    })
}

/// The files an exercise names: its shipped copy, its solution, and its
/// section in every language.
fn check_files(
    check: &mut FileCheck,
    root: &Path,
    lesson_dir: &Path,
    path: &Path,
    file: &str,
    section: &str,
) {
    // The shipped copy (beside this TOML file) is what `learn reset` restores
    // and `learn dev check --run` plays; the learner's copy in `exercises/`
    // is `learn dev update`'s to write from it (`learn dev check` says when
    // one is missing), so the loader does not require it.
    for program in [path.with_file_name(file), root.join("solutions").join(file)] {
        if !program.is_file() {
            check.error(
                None,
                format!(
                    "`file = \"{}\"` but {} does not exist",
                    file,
                    relative(root, &program).display()
                ),
            );
        }
    }
    for lang in Lang::ALL {
        let text = section_file(lesson_dir, section, lang);
        if !text.is_file() {
            check.error(
                None,
                format!(
                    "`section = \"{}\"` has no {} text at {}",
                    section,
                    lang.code(),
                    relative(root, &text).display()
                ),
            );
        }
    }
}

/// Each scenario compiled, with a unique name in both languages; a scenario
/// with a problem is left out (the problem is in `check`).
fn compile_scenarios(
    check: &mut FileCheck,
    files: Vec<Spanned<ScenarioFile>>,
    answers: AnswerOrder,
    known: &BTreeSet<String>,
) -> Vec<Scenario> {
    let mut names = BTreeSet::new();
    let mut scenarios = Vec::new();
    for spanned in files {
        let at = spanned.span().start;
        let scenario = spanned.into_inner();
        if !names.insert(scenario.name.english().to_string()) {
            check.error(
                Some(at),
                format!(
                    "two scenarios are named `{}`: names must be unique",
                    scenario.name.english()
                ),
            );
        }
        // The learner reads the name under `--lang zh` too.
        if let ScenarioName::English(name) = &scenario.name {
            check.error(
                Some(at),
                format!(
                    "scenario `{name}` has only an English name: write `name = {{ en = \"{name}\", zh = \"...\" }}`"
                ),
            );
        }
        if let Some(compiled) = compile_scenario(check, at, scenario, answers, known) {
            scenarios.push(compiled);
        }
    }
    scenarios
}

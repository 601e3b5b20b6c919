//! `lesson.toml`: objectives and their steps, the lesson's vars, its
//! opening, closing and `[server]`, and the files they point at.

use super::conformance::load_conformance;
use super::exercise::load_exercise;
use super::facts::load_facts;
use super::file_check::FileCheck;
use super::interop::load_interop;
use super::relative;
use super::toml_file::read_toml;
use super::vars::check_vars;
use crate::content::error::ContentError;
use crate::content::model::{
    Exercise, ExerciseKind, Lesson, Objective, Part, ServerDefaults, Step, section_file,
};
use crate::content::template::VarSpec;
use crate::content::text::{Lang, Localized};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonFile {
    #[allow(dead_code)]
    format_version: u32,
    id: String,
    title: Localized,
    #[serde(default)]
    vars: BTreeMap<String, VarSpec>,
    /// Steps before the first objective (what the lesson is, what it needs).
    #[serde(default)]
    opening: Option<FramingFile>,
    objective: Vec<ObjectiveFile>,
    /// Steps after the last objective (a review, where to go next).
    #[serde(default)]
    closing: Option<FramingFile>,
    /// What `learn next` says once every step is done.
    #[serde(default)]
    finished: Option<Localized>,
    /// Reading sections that go over facts taught elsewhere (a list of
    /// confusions): "Read more" points to one only when no other section
    /// teaches the fact.
    #[serde(default)]
    reviews: Vec<String>,
    /// The server exercise `interop`, `serve` and `conformance` default to.
    #[serde(default)]
    server: Option<Spanned<ServerDefaults>>,
    /// The client exercise `conformance --client` defaults to.
    client: Option<Spanned<ServerDefaults>>,
}

/// The opening or the closing of a lesson: a titled group of steps that is
/// not an objective (it has no quiz of its own).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FramingFile {
    title: Localized,
    steps: Vec<Step>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ObjectiveFile {
    id: String,
    title: Localized,
    steps: Vec<Step>,
}

/// Reads `lesson.toml` and every file it names, collecting every error: its
/// objectives and their steps, the exercises they step to, then the files
/// beside them (facts, conformance, interop, glossary).
pub(super) fn load_lesson(
    root: &Path,
    dir: &Path,
    errors: &mut Vec<ContentError>,
) -> Option<Lesson> {
    let path = dir.join("lesson.toml");
    let (file, text) = read_toml::<LessonFile>(&path, errors)?;
    let mut check = FileCheck::new(path.clone(), &text, errors);
    check.localized("the lesson title", &file.title);
    check_vars(&mut check, &file.vars);
    let groups = framing(Part::Opening, "opening", file.opening)
        .into_iter()
        .chain(file.objective.into_iter().map(|o| (Part::Objective, o)))
        .chain(framing(Part::Closing, "closing", file.closing));
    let (objectives, exercise_ids) = load_objectives(root, dir, groups, &mut check);
    let exercises = load_exercises(root, dir, &exercise_ids, &file.vars, &mut check);
    check_unstepped_exercises(dir, &exercise_ids, &mut check);
    let server = default_exercise(
        &mut check,
        &exercises,
        file.server,
        "server",
        ExerciseKind::Server,
    );
    let client = default_exercise(
        &mut check,
        &exercises,
        file.client,
        "client",
        ExerciseKind::McpClient,
    );
    if let Some(finished) = &file.finished {
        check.localized("`finished`", finished);
    }
    check_reviews(&file.reviews, &objectives, &mut check);
    let facts = load_facts(dir, &exercises, errors);
    let default = server
        .as_ref()
        .or(client.as_ref())
        .map(|s| s.exercise.as_str());
    let conformance = load_conformance(dir, &objectives, default, errors);
    let interop = load_interop(dir, &exercises, errors);
    check_glossary(dir, &objectives, errors);
    Some(Lesson {
        id: file.id,
        dir: dir.to_path_buf(),
        title: file.title,
        objectives,
        exercises,
        facts,
        finished: file.finished,
        reviews: file.reviews,
        server,
        client,
        conformance,
        interop,
    })
}

/// The opening or the closing, read as an objective of its `part`.
fn framing(part: Part, id: &str, framing: Option<FramingFile>) -> Option<(Part, ObjectiveFile)> {
    framing.map(|f| {
        (
            part,
            ObjectiveFile {
                id: id.into(),
                title: f.title,
                steps: f.steps,
            },
        )
    })
}

/// Each objective's title and steps checked (no step twice in the lesson);
/// the objectives, and the exercise ids their steps name, in order.
fn load_objectives(
    root: &Path,
    dir: &Path,
    groups: impl Iterator<Item = (Part, ObjectiveFile)>,
    check: &mut FileCheck,
) -> (Vec<Objective>, Vec<String>) {
    let mut seen = BTreeSet::new();
    let mut objectives = Vec::new();
    let mut exercise_ids = Vec::new();
    for (part, objective) in groups {
        check.localized(
            &format!("objective `{}`'s title", objective.id),
            &objective.title,
        );
        if objective.steps.is_empty() {
            check.error(None, format!("objective `{}` has no steps", objective.id));
        }
        for step in &objective.steps {
            if !seen.insert(step.unqualified_key()) {
                check.error(
                    None,
                    format!(
                        "step `{}` appears twice; each step id is used once",
                        step.unqualified_key()
                    ),
                );
            }
            match step {
                Step::Reading(id) => check_reading(root, dir, id, check),
                Step::Exercise(id) => exercise_ids.push(id.clone()),
                Step::Quiz(id) => check_quiz(root, dir, id, &objective.id, check),
            }
        }
        objectives.push(Objective {
            id: objective.id,
            title: objective.title,
            part,
            steps: objective.steps,
        });
    }
    (objectives, exercise_ids)
}

/// A reading step has its section in every language.
fn check_reading(root: &Path, dir: &Path, id: &str, check: &mut FileCheck) {
    for lang in Lang::ALL {
        let section = section_file(dir, id, lang);
        if !section.is_file() {
            check.error(
                None,
                format!(
                    "reading `{id}` has no {} text: create {}",
                    lang.code(),
                    relative(root, &section).display()
                ),
            );
        }
    }
}

/// A quiz step has its file and is named for its objective (its questions
/// are read by the quiz module, once per run).
fn check_quiz(root: &Path, dir: &Path, id: &str, objective: &str, check: &mut FileCheck) {
    let quiz = dir.join("quizzes").join(format!("{id}.toml"));
    if !quiz.is_file() {
        check.error(
            None,
            format!(
                "quiz `{id}` has no file: create {}",
                relative(root, &quiz).display()
            ),
        );
    }
    if id != objective {
        check.error(
            None,
            format!(
                "`{{ quiz = \"{id}\" }}` is a step of objective `{objective}`: a quiz is named for its objective, so write `{{ quiz = \"{objective}\" }}`"
            ),
        );
    }
}

/// The exercises the steps name, each from `exercises/<id>.toml`, its id
/// the file's name.
fn load_exercises(
    root: &Path,
    dir: &Path,
    exercise_ids: &[String],
    vars: &BTreeMap<String, VarSpec>,
    check: &mut FileCheck,
) -> Vec<Exercise> {
    let mut exercises = Vec::new();
    let mut loaded = BTreeSet::new();
    for id in exercise_ids {
        if !loaded.insert(id) {
            continue; // a duplicated step, reported with the objectives
        }
        let exercise_path = dir.join("exercises").join(format!("{id}.toml"));
        if !exercise_path.is_file() {
            check.error(
                None,
                format!(
                    "exercise `{id}` has no file: create {}",
                    relative(root, &exercise_path).display()
                ),
            );
            continue;
        }
        let Some(exercise) = load_exercise(root, dir, &exercise_path, vars, check.errors) else {
            continue;
        };
        if exercise.id != *id {
            check.errors.push(ContentError {
                file: exercise_path.clone(),
                line: None,
                message: format!(
                    "its id is `{}` but the file is named for `{id}`: make them the same",
                    exercise.id
                ),
            });
        }
        exercises.push(exercise);
    }
    exercises
}

/// An exercise file nobody steps to is almost always a forgotten line.
fn check_unstepped_exercises(dir: &Path, exercise_ids: &[String], check: &mut FileCheck) {
    let Ok(entries) = fs::read_dir(dir.join("exercises")) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "toml") {
            let stem = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or_default();
            if !exercise_ids.iter().any(|id| id == stem) {
                check.error(None, format!("exercises/{stem}.toml is not a step of any objective: add `{{ exercise = \"{stem}\" }}` to one"));
            }
        }
    }
}

/// Whether some objective has the reading step `id`.
fn has_reading(objectives: &[Objective], id: &str) -> bool {
    objectives
        .iter()
        .flat_map(|o| &o.steps)
        .any(|s| matches!(s, Step::Reading(r) if r == id))
}

/// `reviews` names readings of the lesson's objectives.
fn check_reviews(reviews: &[String], objectives: &[Objective], check: &mut FileCheck) {
    for review in reviews {
        if !has_reading(objectives, review) {
            let at = check.text.find("reviews");
            check.error(
                at,
                format!("`reviews` names `{review}`, which no objective's reading step has: name a reading of an objective, or remove it"),
            );
        }
    }
}

/// `glossary.toml`, when there is one: each term points at a reading step.
fn check_glossary(dir: &Path, objectives: &[Objective], errors: &mut Vec<ContentError>) {
    let glossary = dir.join("glossary.toml");
    if !glossary.is_file() {
        return;
    }
    match crate::content::glossary::load(&glossary) {
        Ok(terms) => {
            for term in terms {
                if !has_reading(objectives, &term.section) {
                    errors.push(ContentError {
                        file: glossary.clone(),
                        line: None,
                        message: format!(
                            "term `{}` points at section `{}`, which no reading step has",
                            term.id, term.section
                        ),
                    });
                }
            }
        }
        Err(error) => errors.push(error),
    }
}

/// A `[server]` or `[client]` table (`table`), checked: it names an
/// exercise of this lesson of that `kind`.
fn default_exercise(
    check: &mut FileCheck,
    exercises: &[Exercise],
    table: Option<Spanned<ServerDefaults>>,
    name: &str,
    kind: ExerciseKind,
) -> Option<ServerDefaults> {
    let table = table?;
    let at = Some(table.span().start);
    let table = table.into_inner();
    let wanted = serde_json::to_value(kind).unwrap_or_default();
    match exercises.iter().find(|e| e.id == table.exercise) {
        None => check.error(
            at,
            format!("`[{name}] exercise = \"{}\"` is no exercise of this lesson", table.exercise),
        ),
        Some(e) if e.kind != kind => check.error(
            at,
            format!("`[{name}] exercise = \"{}\"` is not a {name} exercise: name one whose `kind` is {wanted}", e.id),
        ),
        Some(_) => {}
    }
    Some(table)
}

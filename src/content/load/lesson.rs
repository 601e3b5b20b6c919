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

#[allow(
    clippy::too_many_lines,
    reason = "reads lesson.toml and every file it names in one pass that collects every error; splitting it by file kind is still open (issue 24)"
)]
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

    let mut seen = BTreeSet::new();
    let mut objectives = Vec::new();
    let mut exercise_ids = Vec::new();
    let framing = |part: Part, id: &str, framing: Option<FramingFile>| {
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
    };
    let groups = framing(Part::Opening, "opening", file.opening)
        .into_iter()
        .chain(file.objective.into_iter().map(|o| (Part::Objective, o)))
        .chain(framing(Part::Closing, "closing", file.closing));
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
                Step::Reading(id) => {
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
                Step::Exercise(id) => exercise_ids.push(id.clone()),
                Step::Quiz(id) => {
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
                    // Its questions are read by the quiz module, once per run.
                    if *id != objective.id {
                        check.error(
                            None,
                            format!(
                                "`{{ quiz = \"{id}\" }}` is a step of objective `{}`: a quiz is named for its objective, so write `{{ quiz = \"{}\" }}`",
                                objective.id, objective.id
                            ),
                        );
                    }
                }
            }
        }
        objectives.push(Objective {
            id: objective.id,
            title: objective.title,
            part,
            steps: objective.steps,
        });
    }

    let mut exercises = Vec::new();
    let mut loaded = BTreeSet::new();
    for id in &exercise_ids {
        if !loaded.insert(id) {
            continue; // a duplicated step, reported above
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
        if let Some(exercise) = load_exercise(root, dir, &exercise_path, &file.vars, check.errors) {
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
    }
    // An exercise file nobody steps to is almost always a forgotten line.
    if let Ok(entries) = fs::read_dir(dir.join("exercises")) {
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
    for review in &file.reviews {
        let known = objectives
            .iter()
            .flat_map(|o| &o.steps)
            .any(|s| *s == Step::Reading(review.clone()));
        if !known {
            let at = check.text.find("reviews");
            check.error(
                at,
                format!("`reviews` names `{review}`, which no objective's reading step has: name a reading of an objective, or remove it"),
            );
        }
    }
    let facts = load_facts(dir, &exercises, errors);
    let conformance = load_conformance(
        dir,
        &objectives,
        server
            .as_ref()
            .or(client.as_ref())
            .map(|s| s.exercise.as_str()),
        errors,
    );
    let interop = load_interop(dir, &exercises, errors);
    let glossary = dir.join("glossary.toml");
    if glossary.is_file() {
        match crate::content::glossary::load(&glossary) {
            Ok(terms) => {
                for term in terms {
                    let known = objectives
                        .iter()
                        .flat_map(|o| &o.steps)
                        .any(|s| *s == Step::Reading(term.section.clone()));
                    if !known {
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

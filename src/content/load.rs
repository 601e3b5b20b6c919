//! Reading `lessons/` from disk into a validated [`Course`].
//!
//! Layout of one lesson folder:
//!   lesson.toml                 objectives and their steps, shared vars,
//!                               and an optional opening and closing
//!   sections/{en,zh}/<id>.md    reading text
//!   exercises/<id>.toml         an exercise: task, hints, scenarios
//! Lessons are taken in folder-name order. Nothing here runs a program.

use super::error::{ContentError, ContentErrors, line_of};
use super::model::{
    Course, Exercise, ExerciseKind, Fact, Lesson, Objective, Part, ServerDefaults, Step,
    section_file,
};
use super::pattern::Pattern;
use super::scenario::{AnswerOrder, Capture, Outgoing, Scenario, ScenarioStep};
use super::template::VarSpec;
use super::text::{Lang, Localized};
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The content format this program reads.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Deserialize)]
struct VersionProbe {
    format_version: Option<Spanned<i64>>,
}

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
    /// The server exercise `interop`, `serve` and `conformance` default to.
    #[serde(default)]
    server: Option<Spanned<ServerDefaults>>,
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
struct FactsFile {
    #[allow(dead_code)]
    format_version: u32,
    fact: Vec<Fact>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ObjectiveFile {
    id: String,
    title: Localized,
    steps: Vec<Step>,
}

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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    name: ScenarioName,
    fact: String,
    rule: Localized,
    step: Vec<Spanned<StepFile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepFile {
    send: Option<Spanned<String>>,
    send_raw: Option<String>,
    expect: Option<Spanned<String>>,
    #[serde(default)]
    silence_ok: bool,
    #[serde(default)]
    fresh: bool,
    #[serde(default)]
    capture: BTreeMap<String, String>,
}

/// `name = { en = "...", zh = "..." }`; a plain string is an English-only
/// name, which the checks below refuse (the learner reads it in their
/// language), but which still loads so every other error can be reported.
#[derive(Deserialize)]
#[serde(untagged)]
enum ScenarioName {
    Localized(Localized),
    English(String),
}

impl ScenarioName {
    fn english(&self) -> &str {
        match self {
            ScenarioName::Localized(name) => &name.en,
            ScenarioName::English(name) => name,
        }
    }
}

/// Collects errors for one file while it is checked.
struct FileCheck<'a> {
    path: PathBuf,
    text: &'a str,
    errors: &'a mut Vec<ContentError>,
    /// Where each `\n` is, so finding a line does not rescan the file
    /// (every scenario step records its line).
    newlines: Vec<usize>,
}

impl<'a> FileCheck<'a> {
    fn new(path: PathBuf, text: &'a str, errors: &'a mut Vec<ContentError>) -> FileCheck<'a> {
        let newlines = text
            .bytes()
            .enumerate()
            .filter(|(_, b)| *b == b'\n')
            .map(|(i, _)| i)
            .collect();
        FileCheck {
            path,
            text,
            errors,
            newlines,
        }
    }

    /// The 1-based line of byte `offset`: the same as `line_of`, in log time.
    fn line(&self, offset: usize) -> usize {
        self.newlines.partition_point(|&at| at < offset) + 1
    }

    fn error(&mut self, offset: Option<usize>, message: impl Into<String>) {
        self.errors.push(ContentError {
            file: self.path.clone(),
            line: offset.map(|o| self.line(o)),
            message: message.into(),
        });
    }

    fn localized(&mut self, what: &str, text: &Localized) {
        if let Some(lang) = text.missing() {
            self.error(
                None,
                format!(
                    "{what} has no `{}` text: every text needs `en` and `zh`",
                    lang.code()
                ),
            );
        }
    }
}

/// Reads every lesson under `root/lessons`, checking all of it. `root` is the
/// project folder (it also holds `exercises/` and `solutions/`).
pub fn load_course(root: &Path) -> Result<Course, ContentErrors> {
    let lessons_dir = root.join("lessons");
    let mut errors = Vec::new();
    let mut dirs: Vec<PathBuf> = match fs::read_dir(&lessons_dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.join("lesson.toml").is_file())
            .collect(),
        Err(e) => {
            return Err(ContentErrors(vec![ContentError {
                file: lessons_dir,
                line: None,
                message: format!("cannot read the lessons folder: {e}"),
            }]));
        }
    };
    dirs.sort();
    if dirs.is_empty() {
        errors.push(ContentError {
            file: lessons_dir,
            line: None,
            message: "no lesson here: a lesson is a folder holding a `lesson.toml`".into(),
        });
    }
    let mut lessons = Vec::new();
    for dir in dirs {
        if let Some(lesson) = load_lesson(root, &dir, &mut errors) {
            lessons.push(lesson);
        }
    }
    check_unique_across_lessons(&lessons, &mut errors);
    // Errors name files as the author sees them in the project.
    for error in &mut errors {
        error.file = relative(root, &error.file).to_path_buf();
    }
    if errors.is_empty() {
        Ok(Course { lessons })
    } else {
        Err(ContentErrors(errors))
    }
}

/// Parses a TOML file of a known format version into `T`.
fn read_toml<T: for<'de> Deserialize<'de>>(
    path: &Path,
    errors: &mut Vec<ContentError>,
) -> Option<(T, String)> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            errors.push(ContentError {
                file: path.into(),
                line: None,
                message: format!("cannot read: {e}"),
            });
            return None;
        }
    };
    let located = |e: toml::de::Error| ContentError {
        file: path.into(),
        line: e.span().map(|s| line_of(&text, s.start)),
        message: e.message().trim().to_string(),
    };
    // Parsed once: the version is read from the parsed document (alone, so
    // nothing else in the file can fail the probe), then the whole is read.
    let document = match toml::de::DeTable::parse(&text) {
        Ok(document) => document,
        Err(e) => {
            errors.push(located(e));
            return None;
        }
    };
    let mut version_only = toml::de::DeTable::new();
    if let Some((key, value)) = document.get_ref().get_key_value("format_version") {
        version_only.insert(key.clone(), value.clone());
    }
    let version_only = Spanned::new(document.span(), version_only);
    match VersionProbe::deserialize(toml::de::Deserializer::from(version_only)) {
        Err(e) => {
            errors.push(located(e));
            return None;
        }
        Ok(VersionProbe {
            format_version: None,
        }) => {
            errors.push(ContentError {
                file: path.into(),
                line: Some(1),
                message: format!(
                    "missing `format_version`: add `format_version = {FORMAT_VERSION}` at the top"
                ),
            });
            return None;
        }
        Ok(VersionProbe {
            format_version: Some(v),
        }) if *v.get_ref() != i64::from(FORMAT_VERSION) => {
            errors.push(ContentError {
                file: path.into(),
                line: Some(line_of(&text, v.span().start)),
                message: format!(
                    "format_version {} is not one this `learn` reads (it reads {FORMAT_VERSION}): update `learn`, or write the file in format {FORMAT_VERSION}",
                    v.get_ref()
                ),
            });
            return None;
        }
        Ok(_) => {}
    }
    match T::deserialize(toml::de::Deserializer::from(document)) {
        Ok(value) => Some((value, text)),
        Err(e) => {
            errors.push(located(e));
            None
        }
    }
}

fn load_lesson(root: &Path, dir: &Path, errors: &mut Vec<ContentError>) -> Option<Lesson> {
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
            if !seen.insert(step.progress_key()) {
                check.error(
                    None,
                    format!(
                        "step `{}` appears twice; each step id is used once",
                        step.progress_key()
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
    let server = file.server.map(|server| {
        let at = Some(server.span().start);
        let server = server.into_inner();
        match exercises.iter().find(|e| e.id == server.exercise) {
            None => check.error(
                at,
                format!(
                    "`[server] exercise = \"{}\"` is no exercise of this lesson",
                    server.exercise
                ),
            ),
            Some(e) if e.kind != ExerciseKind::Server => check.error(
                at,
                format!(
                    "`[server] exercise = \"{}\"` is not a server exercise: name one whose `kind` is \"server\"",
                    e.id
                ),
            ),
            Some(_) => {}
        }
        // Whether the file exists is `learn dev check`'s to say (layout).
        server
    });
    if let Some(finished) = &file.finished {
        check.localized("`finished`", finished);
    }
    let facts = load_facts(dir, &exercises, errors);
    let glossary = dir.join("glossary.toml");
    if glossary.is_file() {
        match super::glossary::load(&glossary) {
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
        server,
    })
}

/// `facts.toml`, if the lesson has one; then every scenario must name a
/// fact from it, so a typo cannot hide a gap in coverage.
fn load_facts(dir: &Path, exercises: &[Exercise], errors: &mut Vec<ContentError>) -> Vec<Fact> {
    let path = dir.join("facts.toml");
    if !path.is_file() {
        return Vec::new();
    }
    let Some((file, text)) = read_toml::<FactsFile>(&path, errors) else {
        return Vec::new();
    };
    let mut check = FileCheck::new(path.clone(), &text, errors);
    let mut seen = BTreeSet::new();
    for fact in &file.fact {
        if !seen.insert(fact.id.clone()) {
            check.error(None, format!("fact `{}` is listed twice", fact.id));
        }
        check.localized(&format!("fact `{}`'s title", fact.id), &fact.title);
    }
    for exercise in exercises {
        for scenario in &exercise.scenarios {
            if !seen.contains(&scenario.fact) {
                check.errors.push(ContentError {
                    file: exercise.source.clone(),
                    line: scenario.steps.first().map(|s| s.line),
                    message: format!(
                        "scenario `{}` names fact `{}`, which facts.toml does not list",
                        scenario.name, scenario.fact
                    ),
                });
            }
        }
    }
    file.fact
}

fn load_exercise(
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
    // The shipped copy (beside this TOML file) is what `learn reset` restores
    // and `learn dev check --run` plays; the learner's copy in `exercises/`
    // is `learn dev update`'s to write from it (`learn dev check` says when
    // one is missing), so the loader does not require it.
    for program in [
        path.with_file_name(&file.file),
        root.join("solutions").join(&file.file),
    ] {
        if !program.is_file() {
            check.error(
                None,
                format!(
                    "`file = \"{}\"` but {} does not exist",
                    file.file,
                    relative(root, &program).display()
                ),
            );
        }
    }
    for lang in Lang::ALL {
        let section = section_file(lesson_dir, &file.section, lang);
        if !section.is_file() {
            check.error(
                None,
                format!(
                    "`section = \"{}\"` has no {} text at {}",
                    file.section,
                    lang.code(),
                    relative(root, &section).display()
                ),
            );
        }
    }
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
    let mut names = BTreeSet::new();
    let mut scenarios = Vec::new();
    for spanned in file.scenario {
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
        if let Some(compiled) =
            compile_scenario(&mut check, at, scenario, file.kind.answer_order(), &known)
        {
            scenarios.push(compiled);
        }
    }
    let mut vars = lesson_vars.clone();
    vars.extend(file.vars);
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

fn check_vars(check: &mut FileCheck, vars: &BTreeMap<String, VarSpec>) {
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
            VarSpec::Random { .. } => {}
        }
    }
}

fn compile_scenario(
    check: &mut FileCheck,
    at: usize,
    scenario: ScenarioFile,
    answers: AnswerOrder,
    known_vars: &BTreeSet<String>,
) -> Option<Scenario> {
    let label = format!("scenario `{}`", scenario.name.english());
    if !is_fact_id(&scenario.fact) {
        check.error(
            Some(at),
            format!(
                "{label}: `fact = \"{}\"` is not a fact id like \"F7\"",
                scenario.fact
            ),
        );
    }
    check.localized(&format!("{label}'s rule"), &scenario.rule);
    if scenario.step.is_empty() {
        check.error(Some(at), format!("{label} has no steps"));
    }
    let mut known = known_vars.clone();
    let mut steps = Vec::new();
    let mut ok = true;
    for (index, spanned) in scenario.step.into_iter().enumerate() {
        let step_at = spanned.span().start;
        let step = spanned.into_inner();
        let label = format!("{label} step {}", index + 1);
        let send = match (step.send, step.send_raw) {
            (Some(text), None) => match json_in_toml(check.text, &text) {
                Ok(value) => Some(Outgoing::Json(value)),
                Err((line, e)) => {
                    check.errors.push(ContentError { file: check.path.clone(), line: Some(line), message: format!("{label}: `send` is not valid JSON: {e} (to send bad JSON on purpose, use `send_raw`)") });
                    None
                }
            },
            (None, Some(raw)) if raw.contains('\n') => {
                check.error(
                    Some(step_at),
                    format!("{label}: `send_raw` holds a newline, which would make it two lines"),
                );
                None
            }
            (None, Some(raw)) => Some(Outgoing::Raw(raw)),
            (Some(_), Some(_)) => {
                check.error(
                    Some(step_at),
                    format!("{label}: has both `send` and `send_raw`; keep one"),
                );
                None
            }
            (None, None) => {
                check.error(
                    Some(step_at),
                    format!("{label}: sends nothing; add `send` (JSON) or `send_raw` (text)"),
                );
                None
            }
        };
        // An `expect` that failed to parse was still written: no second error for it.
        let expect_written = step.expect.is_some();
        let expect = match step.expect {
            None => None,
            Some(text) => match json_in_toml(check.text, &text) {
                Ok(doc) => match Pattern::parse(&doc) {
                    Ok(pattern) => Some(pattern),
                    Err(e) => {
                        check.error(Some(text.span().start), format!("{label}: `expect`: {e}"));
                        ok = false;
                        None
                    }
                },
                Err((line, e)) => {
                    check.errors.push(ContentError {
                        file: check.path.clone(),
                        line: Some(line),
                        message: format!("{label}: `expect` is not valid JSON: {e}"),
                    });
                    ok = false;
                    None
                }
            },
        };
        let Some(send) = send else {
            ok = false;
            continue;
        };
        if let Outgoing::Json(Value::Object(message)) = &send
            && message.contains_key("id")
            && message.contains_key("method")
            && !expect_written
        {
            check.error(Some(step_at), format!("{label}: sends a request (it has `id` and `method`) but has no `expect`; say what the response must mean"));
            ok = false;
        }
        if answers == AnswerOrder::InOrder && !expect_written {
            check.error(Some(step_at), format!("{label}: this exercise answers every line in order, so every step needs an `expect`"));
            ok = false;
        }
        let mut used = send.vars();
        if let Some(pattern) = &expect {
            pattern.vars(&mut used);
        }
        for name in used {
            if !known.contains(&name) {
                check.error(Some(step_at), format!("{label}: `${{{name}}}` is not defined: add it to [vars] or capture it in an earlier step"));
                ok = false;
            }
        }
        if step.silence_ok {
            let idless = expect.as_ref().is_some_and(Pattern::names_no_id);
            if answers == AnswerOrder::InOrder || !idless || !step.capture.is_empty() {
                check.error(Some(step_at), format!("{label}: `silence_ok` is for a server step whose `expect` is an error without an id (`\"id\": \"$absent-or-null\"`), with no capture: silence or that error both pass"));
                ok = false;
            }
        }
        let mut captures = Vec::new();
        for (name, pointer) in step.capture {
            if !pointer.starts_with('/') {
                check.error(Some(step_at), format!("{label}: capture `{name}` = \"{pointer}\" is not a JSON pointer (it starts with `/`)"));
                ok = false;
            }
            if expect.is_none() {
                check.error(
                    Some(step_at),
                    format!("{label}: captures `{name}` from a response, but expects none"),
                );
                ok = false;
            }
            known.insert(name.clone());
            captures.push(Capture { name, pointer });
        }
        steps.push(ScenarioStep {
            send,
            expect,
            silence_ok: step.silence_ok,
            fresh: step.fresh,
            captures,
            line: check.line(step_at),
        });
    }
    if steps.iter().any(|s| s.silence_ok)
        && steps
            .iter()
            .any(|s| !s.silence_ok && s.expects_idless_error())
    {
        check.error(Some(at), format!("{label}: a step that may stay silent cannot share a scenario with a step that must get an error without an id: such errors carry nothing that tells which line they answer"));
        ok = false;
    }
    let (name, title) = match scenario.name {
        ScenarioName::Localized(title) => (title.en.clone(), title),
        ScenarioName::English(name) => (
            name.clone(),
            Localized {
                en: name.clone(),
                zh: name,
            },
        ),
    };
    ok.then_some(Scenario {
        name,
        title,
        fact: scenario.fact,
        rule: scenario.rule,
        answers,
        steps,
    })
}

/// Parses JSON held in a TOML string, returning errors on the TOML file's line.
fn json_in_toml(
    toml_text: &str,
    value: &Spanned<String>,
) -> Result<Value, (usize, serde_json::Error)> {
    serde_json::from_str(value.get_ref()).map_err(|e| {
        let start = value.span().start;
        let opening = &toml_text[start..value.span().end.min(toml_text.len())];
        // A newline right after `'''` or `"""` is not part of the string.
        let skipped = usize::from(opening.starts_with("'''\n") || opening.starts_with("\"\"\"\n"));
        (
            line_of(toml_text, start) + skipped + e.line().saturating_sub(1),
            e,
        )
    })
}

fn is_fact_id(text: &str) -> bool {
    text.strip_prefix('F')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

fn check_unique_across_lessons(lessons: &[Lesson], errors: &mut Vec<ContentError>) {
    let mut ids = BTreeMap::new();
    let mut numbers = BTreeMap::new();
    for exercise in lessons.iter().flat_map(|l| &l.exercises) {
        if let Some(other) = ids.insert(exercise.id.clone(), exercise.source.clone()) {
            errors.push(ContentError {
                file: exercise.source.clone(),
                line: None,
                message: format!(
                    "exercise id `{}` is also used by {}",
                    exercise.id,
                    other.display()
                ),
            });
        }
        if let Some(other) = numbers.insert(exercise.number, exercise.source.clone()) {
            errors.push(ContentError {
                file: exercise.source.clone(),
                line: None,
                message: format!(
                    "exercise number {} is also used by {}",
                    exercise.number,
                    other.display()
                ),
            });
        }
    }
}

fn relative<'a>(root: &Path, path: &'a Path) -> &'a Path {
    path.strip_prefix(root).unwrap_or(path)
}

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
    if errors.is_empty() {
        Ok((file.vars, scenarios))
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_index_agrees_with_counting_every_time() {
        for text in ["", "a", "\n", "a\nb\n\nc", "\n\nx\n"] {
            let mut errors = Vec::new();
            let check = FileCheck::new(PathBuf::from("x.toml"), text, &mut errors);
            for offset in 0..text.len() + 3 {
                assert_eq!(
                    check.line(offset),
                    line_of(text, offset),
                    "{text:?} at {offset}"
                );
            }
        }
    }
}

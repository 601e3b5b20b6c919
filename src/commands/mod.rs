//! The commands: each parses nothing (clap did), calls the engine, renders,
//! and returns an exit status.

#[macro_use]
pub(crate) mod out;
pub(crate) mod check;
pub(crate) mod conformance;
pub(crate) mod dev;
pub(crate) mod explain;
pub(crate) mod glossary;
pub(crate) mod grade;
pub(crate) mod hint;
pub(crate) mod interop;
pub(crate) mod list;
pub(crate) mod next;
pub(crate) mod progress;
pub(crate) mod quiz;
pub(crate) mod read;
pub(crate) mod reset;
pub(crate) mod run;
pub(crate) mod serve;
pub(crate) mod solution;
pub(crate) mod watch;

use crate::check::{Target, prepare};
use crate::content::load::load_course;
use crate::content::project::Project;
use crate::content::{Course, Exercise, Lang, Lesson, Step, StepKind};
use crate::progress::{Loaded, Progress, ProgressStore};
use crate::runner::Program;
use crate::runner::build::BuildOutput;
use crate::words;
use anyhow::{Result, anyhow, bail};
use colored::Colorize;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// How a command ended, as the process exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// 0: done, or the check passed.
    Success,
    /// 1: the check failed.
    Failed,
}

/// What every command that needs the course gets.
pub struct Ctx {
    pub project: Project,
    pub course: Course,
    /// Every quiz of the course, read once.
    pub quizzes: Vec<crate::quiz::Quiz>,
    pub lang: Lang,
    pub store: ProgressStore,
    pub progress: Progress,
    pub cwd: PathBuf,
}

impl Ctx {
    pub fn load(root: Option<PathBuf>, lang: Lang) -> Result<Ctx> {
        let cwd =
            std::env::current_dir().map_err(|e| anyhow!("cannot read the current folder: {e}"))?;
        let project = Project::locate(root.as_deref(), &cwd)?;
        let course = load_course(&project.root)?;
        let quizzes = crate::quiz::load::load_all(&course)?;
        let store = ProgressStore::new(project.progress_file());
        let (mut progress, loaded) = store.load();
        let renamed = older_keys(&course);
        if progress.rename_keys(&renamed) {
            progress = store.update(|p| {
                p.rename_keys(&renamed);
                p.clone()
            })?;
        }
        if let Loaded::SetAside { reason, kept_as } = loaded {
            let kept_as = kept_as.display().to_string();
            let text = words::of(lang).progress_set_aside(&reason, &kept_as);
            errln!("{}", text.yellow());
        }
        Ok(Ctx {
            project,
            course,
            quizzes,
            lang,
            store,
            progress,
            cwd,
        })
    }

    /// An exercise by id or number, with a suggestion when there is none.
    /// A lesson by id; a typo gets the nearest id.
    pub fn lesson(&self, id: &str) -> Result<&crate::content::Lesson> {
        if let Some(lesson) = self.course.lesson(id) {
            return Ok(lesson);
        }
        let ids = self.course.lessons.iter().map(|l| l.id.as_str());
        let w = words::of(self.lang);
        match closest(id, ids) {
            Some(near) => bail!("{}", w.no_lesson_near(id, near)),
            None => bail!("{}", w.no_lesson(id)),
        }
    }

    pub fn exercise(&self, id: &str) -> Result<&Exercise> {
        if let Some(exercise) = self.course.exercise(id) {
            return Ok(exercise);
        }
        let ids = self.course.exercises().map(|e| e.id.as_str());
        let w = words::of(self.lang);
        match closest(id, ids) {
            Some(near) => bail!("{}", w.no_exercise_near(id, near)),
            None => bail!("{}", w.no_exercise(id)),
        }
    }

    /// A reading section, by id or `<lesson>/<id>`, checked against the
    /// course's steps, so a typo gets a suggestion and a path like `../x` is
    /// never read.
    pub fn section<'a>(&'a self, id: &str) -> Result<(&'a Lesson, &'a str)> {
        self.step_named(StepKind::Reading, id).map_err(|near| {
            let w = words::of(self.lang);
            match near {
                Some(near) => anyhow!("{}", w.no_section_near(id, &near)),
                None => anyhow!("{}", w.no_section(id)),
            }
        })
    }

    /// A step of `kind` named `id` or `<lesson>/<id>`. A bare id that two
    /// lessons use means the one in the learner's current lesson, else the
    /// first. `Err` holds the closest known name, if one is near.
    pub fn step_named<'a>(
        &'a self,
        kind: StepKind,
        id: &str,
    ) -> std::result::Result<(&'a Lesson, &'a str), Option<String>> {
        let named = || {
            self.course
                .steps()
                .filter(move |(_, _, step)| step.kind() == kind)
        };
        let found: Vec<(&Lesson, &str)> = named()
            .filter(|(lesson, _, step)| {
                step.id() == id || format!("{}/{}", lesson.id, step.id()) == id
            })
            .map(|(lesson, _, step)| (lesson, step.id()))
            .collect();
        let current = self.current_lesson().map(|l| l.id.as_str());
        if let Some(&one) = found
            .iter()
            .find(|(lesson, _)| Some(lesson.id.as_str()) == current)
            .or(found.first())
        {
            return Ok(one);
        }
        let refs: Vec<String> = named()
            .map(|(lesson, _, step)| self.course.step_ref(&lesson.id, kind, step.id()))
            .collect();
        Err(closest(id, refs.iter().map(String::as_str)).map(str::to_string))
    }

    /// The lesson of the first step not yet done (the last lesson when all
    /// are done).
    pub fn current_lesson(&self) -> Option<&Lesson> {
        self.next_step()
            .map(|(lesson, _)| lesson)
            .or(self.course.lessons.last())
    }

    /// The first step not yet done, in `learn next`'s order, with its lesson.
    pub fn next_step(&self) -> Option<(&Lesson, &Step)> {
        self.course
            .keyed_steps()
            .find(|(_, _, _, key)| !self.progress.is_done(key))
            .map(|(lesson, _, step, _)| (lesson, step))
    }

    /// The exercise the learner is on: the next step when it is an exercise;
    /// while readings or a quiz come first, the exercise they last reached
    /// (so checking again after a solve re-checks it, not the one after the
    /// quiz); before any exercise is reached, the first unsolved one.
    pub fn current_exercise(&self) -> Option<&Exercise> {
        let mut last_reached = None;
        let mut next = None;
        for (_, _, step, key) in self.course.keyed_steps() {
            if !self.progress.is_done(&key) {
                next = Some(step);
                break;
            }
            if let Step::Exercise(id) = step {
                last_reached = Some(id);
            }
        }
        let id = match next? {
            Step::Exercise(id) => Some(id),
            _ => last_reached,
        };
        match id {
            Some(id) => self.course.exercise(id),
            None => self
                .course
                .keyed_steps()
                .find_map(|(_, _, step, key)| match step {
                    Step::Exercise(id) if !self.progress.is_done(&key) => self.course.exercise(id),
                    _ => None,
                }),
        }
    }

    /// The exercise a command names, or the current one.
    pub fn exercise_or_current(&self, id: Option<&str>) -> Result<&Exercise> {
        match id {
            Some(id) => self.exercise(id),
            None => self.current_exercise().ok_or_else(|| {
                let example = self
                    .course
                    .exercises()
                    .next()
                    .map_or("1", |e| e.id.as_str());
                anyhow!(words::of(self.lang).all_solved(example))
            }),
        }
    }

    /// The exercise a command names, or the course's server exercise (a
    /// lesson's `[server] exercise`), for `serve` and `conformance` before
    /// any lesson with a `[server]`.
    pub fn exercise_or_server(&self, id: Option<&str>) -> Result<&Exercise> {
        match id {
            Some(id) => self.exercise(id),
            None => self
                .course
                .server_exercise()
                .ok_or_else(|| anyhow!(words::of(self.lang).no_server_exercise())),
        }
    }

    /// The exercise a command names, or the server exercise of the lesson
    /// the learner is on (its `[server]`), for `serve` and `conformance`.
    pub fn exercise_or_lesson_server(&self, id: Option<&str>) -> Result<&Exercise> {
        match id {
            Some(id) => self.exercise(id),
            None => {
                let lesson = self.current_lesson().map_or("", |l| l.id.as_str());
                match self.course.lesson_server_exercise(lesson) {
                    Some(exercise) => Ok(exercise),
                    None => self.exercise_or_server(None),
                }
            }
        }
    }

    /// A server exercise to name in a hint (`such as ...`).
    pub fn server_example(&self) -> &str {
        self.course
            .server_exercise()
            .map_or("<id>", |e| e.id.as_str())
    }

    pub fn mark_done(&mut self, key: String) -> Result<()> {
        self.progress = self.store.update(|p| {
            p.done.insert(key);
            p.clone()
        })?;
        Ok(())
    }

    /// A path as the learner should type it: relative to where they are.
    pub fn shown_path(&self, path: &std::path::Path) -> String {
        path.strip_prefix(&self.cwd)
            .unwrap_or(path)
            .display()
            .to_string()
    }

    /// What runs for `target`, as a report names it: a file or a command line.
    pub fn shown_target(&self, exercise: &Exercise, target: &Target) -> String {
        match target {
            Target::Exercise => self.shown_path(&self.project.exercise_file(&exercise.file)),
            Target::Solution => self.shown_path(&self.project.solution_file(&exercise.file)),
            Target::Shipped => self.shown_path(&self.project.root.join(exercise.shipped_file())),
            Target::Command(line) => line.clone(),
        }
    }

    /// Builds `target` with cargo's messages on the terminal; `None`, after
    /// saying so, when it does not compile.
    pub fn build_for_terminal(
        &self,
        exercise: &Exercise,
        target: &Target,
    ) -> Result<Option<Program>> {
        match prepare(
            &self.project,
            exercise,
            target,
            &self.cwd,
            BuildOutput::Terminal,
        )? {
            Ok(program) => Ok(Some(program)),
            Err(_) => {
                errln!("{}", words::of(self.lang).fix_compile_errors());
                Ok(None)
            }
        }
    }
}

/// The keys of readings and quizzes as progress files before lesson
/// namespaces wrote them, each mapped to its key now. A bare id means the
/// first lesson that has it: the files were written when there was one.
fn older_keys(course: &Course) -> BTreeMap<String, String> {
    let mut renamed = BTreeMap::new();
    for (_, _, step, key) in course.keyed_steps() {
        if !matches!(step, Step::Exercise(_)) {
            renamed.entry(step.unqualified_key()).or_insert(key);
        }
    }
    renamed
}

/// The known id most like `id`, if one is close enough to be a typo.
fn closest<'a>(id: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    known
        .map(|k| (strsim::jaro_winkler(id, k), k))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .filter(|(score, _)| *score > 0.7)
        .map(|(_, k)| k)
}

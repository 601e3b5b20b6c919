//! The loaded, validated course: what the rest of the program works with.

use super::conformance::Conformance;
use super::interop::Interop;
use super::scenario::Scenario;
use super::template::VarSpec;
use super::text::Localized;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Every lesson under `lessons/`, in order.
#[derive(Debug)]
pub struct Course {
    /// The project folder the course was read from.
    pub root: PathBuf,
    pub lessons: Vec<Lesson>,
}

#[derive(Debug)]
pub struct Lesson {
    pub id: String,
    pub dir: PathBuf,
    pub title: Localized,
    pub objectives: Vec<Objective>,
    pub exercises: Vec<Exercise>,
    /// The facts it teaches (`facts.toml`), in order; empty when it has none.
    pub facts: Vec<Fact>,
    /// What `learn next` says once every step is done (`finished`).
    pub finished: Option<Localized>,
    /// Sections that go over facts taught elsewhere (`reviews`).
    pub reviews: Vec<String>,
    /// The server exercise that `interop`, `serve` and `conformance` take
    /// when none is named (`[server]`).
    pub server: Option<ServerDefaults>,
    /// The client exercise `conformance --client` takes when none is named
    /// (`[client]`).
    pub client: Option<ServerDefaults>,
    /// How the conformance suite's checks meet the lesson
    /// (`conformance.toml`), if it says.
    pub conformance: Option<Conformance>,
    /// What the official SDK does to the lesson's server in `learn
    /// interop` (`interop.toml`), if the lesson says.
    pub interop: Option<Interop>,
}

/// A lesson's `[server]` (or `[client]`) table.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServerDefaults {
    /// The exercise id.
    pub exercise: String,
}

/// One thing the lesson teaches, which scenarios and quiz questions name.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fact {
    pub id: String,
    pub title: Localized,
}

/// A titled group of steps: one of the lesson's objectives, or its opening
/// or closing (kept in `Lesson::objectives` too, first and last, so every
/// step is walked in one order).
#[derive(Debug)]
pub struct Objective {
    pub id: String,
    pub title: Localized,
    pub part: Part,
    pub steps: Vec<Step>,
}

/// Where a group of steps sits in its lesson.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Before the first objective: `[opening]` in lesson.toml.
    Opening,
    /// An `[[objective]]`, which ends with its quiz.
    Objective,
    /// After the last objective: `[closing]` in lesson.toml.
    Closing,
}

/// One thing to do in the lesson flow, by id.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Step {
    /// Read a section (`sections/<lang>/<id>.md`).
    Reading(String),
    /// Solve an exercise (`exercises/<id>.toml`).
    Exercise(String),
    /// Answer an objective's quiz.
    Quiz(String),
}

impl Step {
    pub fn id(&self) -> &str {
        match self {
            Step::Reading(id) | Step::Exercise(id) | Step::Quiz(id) => id,
        }
    }

    pub fn kind(&self) -> StepKind {
        match self {
            Step::Reading(_) => StepKind::Reading,
            Step::Exercise(_) => StepKind::Exercise,
            Step::Quiz(_) => StepKind::Quiz,
        }
    }

    /// The key progress is stored under, for this step of `lesson`: kinds
    /// have separate namespaces, and readings and quizzes are the lesson's
    /// own (`reading:<lesson>/<id>`), so two lessons may reuse a section or
    /// objective id. Exercise ids are course-wide (their files share
    /// `exercises/`), so their key is `exercise:<id>`.
    pub fn progress_key(&self, lesson: &str) -> String {
        match self {
            Step::Exercise(id) => exercise_key(id),
            Step::Reading(_) | Step::Quiz(_) => {
                format!("{}:{lesson}/{}", self.kind().name(), self.id())
            }
        }
    }

    /// The key this step had before lessons were namespaces
    /// (`reading:<id>`), which older progress files hold.
    pub fn unqualified_key(&self) -> String {
        format!("{}:{}", self.kind().name(), self.id())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StepKind {
    Reading,
    Exercise,
    Quiz,
}

impl StepKind {
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Reading => "reading",
            StepKind::Exercise => "exercise",
            StepKind::Quiz => "quiz",
        }
    }
}

/// What a learner's program is, which decides how it is driven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ExerciseKind {
    /// Reads one value per line and writes one answer per line.
    Function,
    /// An MCP stdio server.
    Server,
    /// The client side of the message layer.
    Client,
    /// A whole MCP client: it speaks first, and the checker plays a scripted
    /// server that answers what it sends.
    #[serde(rename = "mcp-client")]
    McpClient,
}

impl ExerciseKind {
    /// How its output lines are matched to what was sent: a server answers
    /// by id in any order; function and client exercises write one line per
    /// line read; an MCP client writes its messages in order, to a script.
    pub fn answer_order(self) -> super::scenario::AnswerOrder {
        match self {
            ExerciseKind::Server => super::scenario::AnswerOrder::ById,
            ExerciseKind::Function | ExerciseKind::Client => super::scenario::AnswerOrder::InOrder,
            ExerciseKind::McpClient => super::scenario::AnswerOrder::Scripted,
        }
    }
}

#[derive(Debug)]
pub struct Exercise {
    pub id: String,
    pub number: u32,
    pub kind: ExerciseKind,
    /// File name, the same under `exercises/` (the learner's copy),
    /// `solutions/` and the lesson's own `exercises/` folder (as shipped).
    pub file: String,
    pub points: u32,
    /// The reading section this exercise practises.
    pub section: String,
    pub title: Localized,
    pub task: Localized,
    /// The hint ladder: a nudge, then the rule, then the shape of the answer.
    pub hints: Vec<Localized>,
    pub vars: BTreeMap<String, VarSpec>,
    pub scenarios: Vec<Scenario>,
    /// The TOML file it was loaded from.
    pub source: PathBuf,
}

impl Exercise {
    /// The Cargo bin target of the learner's file.
    pub fn bin(&self) -> String {
        self.id.clone()
    }

    /// The Cargo bin target of the reference solution.
    pub fn solution_bin(&self) -> String {
        format!("{}-solution", self.id)
    }

    /// The lesson's own copy of the exercise file, beside its TOML file
    /// (relative to the project folder): what a learner starts from, what
    /// `learn reset` restores, whatever the learner's copy holds.
    pub fn shipped_file(&self) -> PathBuf {
        self.source.with_file_name(&self.file)
    }

    /// The Cargo bin target of the course's shipped copy (`shipped_file`).
    pub fn shipped_bin(&self) -> String {
        format!("{}-as-shipped", self.id)
    }
}

impl Course {
    /// A path as an author sees it: relative to the project folder.
    pub fn shown<'a>(&self, path: &'a std::path::Path) -> &'a std::path::Path {
        path.strip_prefix(&self.root).unwrap_or(path)
    }

    /// What `learn next` says once every step is done: the last lesson's
    /// `finished` text, if it has one.
    pub fn finished(&self) -> Option<&Localized> {
        self.lessons.last().and_then(|l| l.finished.as_ref())
    }

    /// The first lesson's `[server]` table, if any lesson has one.
    pub fn server(&self) -> Option<&ServerDefaults> {
        self.lessons.iter().find_map(|l| l.server.as_ref())
    }

    /// The conformance file whose expected failures are `exercise`'s: that
    /// of the lesson whose `[server]` or `[client]` names it.
    pub fn conformance_of(&self, exercise: &str) -> Option<&Conformance> {
        let names = |d: &Option<ServerDefaults>| d.as_ref().is_some_and(|d| d.exercise == exercise);
        self.lessons
            .iter()
            .find(|l| names(&l.server) || names(&l.client))
            .and_then(|l| l.conformance.as_ref())
    }

    /// The client exercise `conformance --client` takes for a learner in
    /// `lesson`: the `[client]` of that lesson or the nearest before it,
    /// else of any lesson.
    pub fn lesson_client_exercise(&self, lesson: &str) -> Option<&Exercise> {
        let upto = self.lessons.iter().position(|l| l.id == lesson);
        let before = &self.lessons[..upto.map_or(0, |p| p + 1)];
        before
            .iter()
            .rev()
            .chain(&self.lessons)
            .find_map(|l| l.client.as_ref())
            .and_then(|c| self.exercise(&c.exercise))
    }

    /// The section to read for a conformance check, as `learn read` takes
    /// it: of every lesson's `[sections]`, the key that names the check
    /// best (an exact key, else the longest prefix; the earlier lesson on a
    /// tie).
    pub fn conformance_section(&self, check: &str) -> Option<String> {
        let mut best: Option<(usize, &Lesson, &str)> = None;
        for lesson in &self.lessons {
            let Some(conformance) = &lesson.conformance else {
                continue;
            };
            for (key, section) in &conformance.sections {
                if let Some(score) = super::conformance::key_match(key, check)
                    && best.is_none_or(|(top, _, _)| score > top)
                {
                    best = Some((score, lesson, section));
                }
            }
        }
        best.map(|(_, lesson, section)| self.step_ref(&lesson.id, StepKind::Reading, section))
    }

    /// The exercise `serve` and `conformance` take when none is named, for a
    /// learner in lesson `lesson`: that lesson's `[server] exercise`, else
    /// the nearest lesson before it with one, else `server_exercise`.
    pub fn lesson_server_exercise(&self, lesson: &str) -> Option<&Exercise> {
        let upto = self
            .lessons
            .iter()
            .position(|l| l.id == lesson)
            .map_or(0, |p| p + 1);
        self.lessons[..upto]
            .iter()
            .rev()
            .find_map(|l| l.server.as_ref())
            .and_then(|s| self.exercise(&s.exercise))
            .or_else(|| self.server_exercise())
    }

    /// The SDK steps `learn interop` runs against `exercise`: those of its
    /// own lesson, else of the nearest lesson before it that has some.
    pub fn interop_for(&self, exercise: &str) -> Option<&Interop> {
        let upto = self
            .lessons
            .iter()
            .position(|l| l.exercises.iter().any(|e| e.id == exercise))
            .map_or(self.lessons.len(), |p| p + 1);
        self.lessons[..upto]
            .iter()
            .rev()
            .find_map(|l| l.interop.as_ref())
    }

    /// The exercise `learn interop` takes when none is named: the one the
    /// first lesson's SDK steps are written for.
    pub fn interop_exercise(&self) -> Option<&Exercise> {
        self.lessons
            .iter()
            .find_map(|l| l.interop.as_ref())
            .and_then(|i| self.exercise(&i.exercise))
    }

    /// The first lesson's `[server] exercise`, else the last server
    /// exercise: the server a hint names, and the one `serve` and
    /// `conformance` take before any lesson with a `[server]`.
    pub fn server_exercise(&self) -> Option<&Exercise> {
        self.server()
            .and_then(|s| self.exercise(&s.exercise))
            .or_else(|| {
                self.exercises()
                    .filter(|e| e.kind == ExerciseKind::Server)
                    .last()
            })
    }

    pub fn exercises(&self) -> impl Iterator<Item = &Exercise> {
        self.lessons.iter().flat_map(|l| l.exercises.iter())
    }

    pub fn exercise(&self, id: &str) -> Option<&Exercise> {
        self.exercises()
            .find(|e| e.id == id || e.number.to_string() == id)
    }

    /// Every step of every lesson, in order, with its objective.
    pub fn steps(&self) -> impl Iterator<Item = (&Lesson, &Objective, &Step)> {
        self.lessons.iter().flat_map(|lesson| {
            lesson.objectives.iter().flat_map(move |objective| {
                objective
                    .steps
                    .iter()
                    .map(move |step| (lesson, objective, step))
            })
        })
    }

    /// Every step of every lesson, in order, with its progress key.
    pub fn keyed_steps(&self) -> impl Iterator<Item = (&Lesson, &Objective, &Step, String)> {
        self.steps().map(|(lesson, objective, step)| {
            (lesson, objective, step, step.progress_key(&lesson.id))
        })
    }

    pub fn lesson(&self, id: &str) -> Option<&Lesson> {
        self.lessons.iter().find(|l| l.id == id)
    }

    /// The lesson that holds an exercise.
    pub fn lesson_of(&self, exercise: &Exercise) -> Option<&Lesson> {
        self.lessons
            .iter()
            .find(|l| l.exercises.iter().any(|e| e.id == exercise.id))
    }

    /// The lessons with a step of this kind and id, in course order.
    pub fn lessons_with(&self, kind: StepKind, id: &str) -> Vec<&Lesson> {
        self.lessons
            .iter()
            .filter(|lesson| {
                lesson
                    .objectives
                    .iter()
                    .flat_map(|o| &o.steps)
                    .any(|s| s.kind() == kind && s.id() == id)
            })
            .collect()
    }

    /// How to name a lesson's section or quiz on the command line: its id
    /// alone when no other lesson uses it, else `<lesson>/<id>`.
    pub fn step_ref(&self, lesson: &str, kind: StepKind, id: &str) -> String {
        if self.lessons_with(kind, id).len() > 1 {
            format!("{lesson}/{id}")
        } else {
            id.to_string()
        }
    }

    /// What goes before a lesson's fact ids in a report: nothing in a
    /// course of one lesson, else `<lesson>/` (lessons number their facts
    /// alike, so `F1` alone would be ambiguous).
    pub fn fact_prefix(&self, lesson: &str) -> String {
        if self.lessons.len() > 1 {
            format!("{lesson}/")
        } else {
            String::new()
        }
    }
}

/// The progress key of an exercise (course-wide, like its id).
pub fn exercise_key(id: &str) -> String {
    format!("exercise:{id}")
}

/// Where a lesson keeps a reading section's text in one language.
pub fn section_file(lesson_dir: &std::path::Path, id: &str, lang: super::text::Lang) -> PathBuf {
    lesson_dir
        .join("sections")
        .join(lang.code())
        .join(format!("{id}.md"))
}

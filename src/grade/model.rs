//! What grading found: per submission, per exercise, per scenario. Scores
//! are all-or-nothing per exercise: its points when every scenario passes,
//! else zero (a program that prints nothing must not earn the scenarios
//! where silence is right).

use super::integrity::GraderFiles;
use super::secrets::HiddenInputs;
use crate::judge::{Outcome, ScenarioVerdict};
use std::collections::BTreeSet;

/// The whole class, in the order the submissions were given.
#[derive(Debug)]
pub struct Gradebook {
    pub seed: u64,
    pub submissions: Vec<SubmissionGrade>,
    /// Wall time of the two phases, for the summary line.
    pub timing: Timing,
    /// The grader's files that decided the grades, with their SHA-256.
    pub grader: GraderFiles,
    /// Whether every compile and program ran in a sandbox.
    pub sandboxed: bool,
    /// (exercise id, scenario name) of the teacher's hidden scenarios.
    pub hidden: BTreeSet<(String, String)>,
    /// `--reveal-hidden`: show hidden scenarios' names, inputs and rules.
    pub reveal_hidden: bool,
    /// What the hidden scenarios sent, kept out of every report.
    pub hidden_inputs: HiddenInputs,
}

#[derive(Debug, Default, Clone, Copy)]
pub struct Timing {
    /// Programs the build was asked for.
    pub programs: usize,
    pub build_seconds: f64,
    /// Programs checked (those that built).
    pub checked: usize,
    pub check_seconds: f64,
    /// Programs whose sandbox could not be made (the grader's setup).
    pub sandbox_failures: usize,
}

#[derive(Debug)]
pub struct SubmissionGrade {
    /// How reports name the submission (its folder's name).
    pub name: String,
    /// The commit the submission's folder was at, when it is a Git checkout.
    pub commit: Option<String>,
    /// Its processes were stopped for holding more than the memory limit.
    pub over_memory: bool,
    pub exercises: Vec<ExerciseGrade>,
    /// Present when `--quiz` was given.
    pub quiz: Option<QuizGrade>,
}

#[derive(Debug)]
pub struct ExerciseGrade {
    pub id: String,
    pub number: u32,
    /// The file name under `exercises/`.
    pub file: String,
    pub points: u32,
    /// How its scenarios' facts are named in reports: `F3`, or
    /// `<lesson>/F3` in a course of several lessons (each numbers its own).
    pub fact_prefix: String,
    /// SHA-256 of the file graded, when one was taken.
    pub file_sha256: Option<String>,
    /// SHA-256 of the program built from it, when it compiled.
    pub program_sha256: Option<String>,
    pub outcome: ExerciseOutcome,
}

#[derive(Debug)]
pub enum ExerciseOutcome {
    /// Nothing was built: the file is missing, or as the course ships it (why).
    NotAttempted { reason: String },
    /// Nothing was built: the file was refused, or its program not run (why).
    NotGraded { reason: String },
    /// It did not compile: the compiler's messages.
    BuildFailed { output: String },
    /// It ran against every scenario.
    Ran { scenarios: Vec<ScenarioVerdict> },
}

#[derive(Debug)]
pub struct QuizGrade {
    /// One point per right answer.
    pub score: u32,
    /// One point per question in the grader's quizzes.
    pub max_score: u32,
    pub questions: Vec<QuestionGrade>,
    /// Why no score was given (no file, or one that cannot be read).
    pub problem: Option<String>,
    /// `file:line: what is wrong` for each entry that was not graded (the
    /// others were).
    pub line_problems: Vec<String>,
}

#[derive(Debug)]
pub struct QuestionGrade {
    pub quiz: String,
    pub id: String,
    pub answered: bool,
    pub right: bool,
}

impl ExerciseOutcome {
    /// Why the program never ran, when it did not.
    pub fn not_run_reason(&self) -> Option<&str> {
        match self {
            ExerciseOutcome::NotAttempted { reason } | ExerciseOutcome::NotGraded { reason } => {
                Some(reason)
            }
            ExerciseOutcome::BuildFailed { output } => Some(output),
            ExerciseOutcome::Ran { .. } => None,
        }
    }

    pub fn scenarios(&self) -> &[ScenarioVerdict] {
        match self {
            ExerciseOutcome::Ran { scenarios } => scenarios,
            _ => &[],
        }
    }
}

impl ExerciseGrade {
    pub fn passed(&self) -> bool {
        let scenarios = self.outcome.scenarios();
        matches!(self.outcome, ExerciseOutcome::Ran { .. })
            && !scenarios.is_empty()
            && scenarios.iter().all(|s| s.outcome() == Outcome::Passed)
    }

    pub fn score(&self) -> u32 {
        if self.passed() { self.points } else { 0 }
    }

    pub fn passed_scenarios(&self) -> usize {
        self.outcome
            .scenarios()
            .iter()
            .filter(|s| s.outcome() == Outcome::Passed)
            .count()
    }
}

impl SubmissionGrade {
    pub fn score(&self) -> u32 {
        self.exercises.iter().map(ExerciseGrade::score).sum::<u32>()
            + self.quiz.as_ref().map_or(0, |q| q.score)
    }

    pub fn max_score(&self) -> u32 {
        self.exercises.iter().map(|e| e.points).sum::<u32>()
            + self.quiz.as_ref().map_or(0, |q| q.max_score)
    }
}

impl Gradebook {
    /// Whether a scenario of an exercise is one of the teacher's hidden ones.
    pub fn is_hidden(&self, exercise: &str, scenario: &str) -> bool {
        self.hidden
            .contains(&(exercise.to_string(), scenario.to_string()))
    }

    /// `text` as a student may read it: with every hidden scenario's input
    /// replaced (unless `--reveal-hidden`).
    pub fn for_students(&self, text: &str) -> String {
        if self.reveal_hidden {
            text.to_string()
        } else {
            self.hidden_inputs.hide(text)
        }
    }
}

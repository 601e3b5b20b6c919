//! The grade report: one typed value that every format renders (text, JSON,
//! Gradescope, JUnit, CSV, HTML), that `--format json` writes as it is, and
//! that `--merge` reads back. Its words are already in the reader's
//! language and hidden scenarios already redacted (`render::grade::report`
//! builds it from the gradebook), so a merged report renders as one graded
//! in a single run. Teachers' scripts read the JSON: fields are only added.

use serde::{Deserialize, Serialize};

/// What `scoring` says in every report.
pub const SCORING: &str = "all-or-nothing: an exercise earns its points when every scenario passes";

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    /// The seed; `null` in a merged report whose parts had several.
    pub seed: Option<u64>,
    /// A merged report's seeds, one per seed used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds: Option<Vec<u64>>,
    pub scoring: String,
    pub sandboxed: bool,
    /// The grader's files that decided the grades.
    pub grader: Vec<GraderPart>,
    pub submissions: Vec<SubmissionReport>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GraderPart {
    pub part: String,
    pub sha256: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SubmissionReport {
    pub name: String,
    pub commit: Option<String>,
    /// Its processes were stopped for holding more than `--memory-limit`.
    #[serde(default)]
    pub over_memory_limit: bool,
    pub score: u32,
    pub max_score: u32,
    pub exercises: Vec<ExerciseReport>,
    pub quiz: Option<QuizReport>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ExerciseReport {
    pub id: String,
    pub number: u32,
    /// `exercises/<file>`.
    pub file: String,
    pub score: u32,
    pub max_score: u32,
    pub passed: bool,
    /// Absent from reports of an earlier `learn` (see `status()`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<ExerciseStatus>,
    pub scenarios_passed: usize,
    pub scenarios_total: usize,
    pub file_sha256: Option<String>,
    pub program_sha256: Option<String>,
    /// Why the program never ran, when it did not.
    pub build_error: Option<String>,
    pub scenarios: Vec<ScenarioReport>,
}

/// What became of an exercise, for summaries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ExerciseStatus {
    /// Every scenario passed.
    Passed,
    /// It ran, and some scenario failed.
    Failed,
    /// The file is missing, or as the course ships it: nothing was run.
    NotAttempted,
    /// It did not compile (or its compile was stopped).
    DoesNotCompile,
    /// The file was refused (a link, too large), or its program could not be run.
    NotGraded,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ScenarioReport {
    /// A hidden one's is `hidden scenario N` unless revealed.
    pub name: String,
    /// One of the teacher's hidden scenarios (redacted or not).
    pub hidden: bool,
    /// Empty for a redacted hidden scenario.
    pub fact: String,
    /// The rule it checks; empty for a redacted hidden scenario.
    #[serde(default)]
    pub rule: String,
    pub passed: bool,
    /// Why it failed; empty when it passed.
    pub message: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct QuizReport {
    pub score: u32,
    pub max_score: u32,
    pub problem: Option<String>,
    pub line_problems: Vec<String>,
    pub questions: Vec<QuestionReport>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct QuestionReport {
    pub quiz: String,
    pub id: String,
    pub answered: bool,
    pub right: bool,
}

impl Report {
    /// Every submission earned every point.
    pub fn all_full_marks(&self) -> bool {
        self.submissions.iter().all(|s| s.score == s.max_score)
    }
}

impl ExerciseReport {
    /// Its status, worked out for a report that does not say it.
    pub fn status(&self) -> ExerciseStatus {
        match (self.status, self.passed, &self.build_error) {
            (Some(status), _, _) => status,
            (None, true, _) => ExerciseStatus::Passed,
            (None, false, None) => ExerciseStatus::Failed,
            (None, false, Some(why)) if why.contains(" is missing") => ExerciseStatus::NotAttempted,
            (None, false, Some(_)) => ExerciseStatus::NotGraded,
        }
    }

    /// The scenarios that failed, in order.
    pub fn failed(&self) -> impl Iterator<Item = &ScenarioReport> {
        self.scenarios.iter().filter(|s| !s.passed)
    }
}

/// A small class for the renderers' unit tests: a name a spreadsheet would
/// run, one a page would run, a failed scenario whose message holds its
/// input, a hidden scenario, and an exercise not attempted.
#[cfg(test)]
#[allow(
    clippy::too_many_lines,
    reason = "test data: one literal class, clearer whole"
)]
pub fn sample() -> Report {
    let exercise =
        |number: u32, id: &str, status: ExerciseStatus, scenarios: Vec<ScenarioReport>| {
            let passed = status == ExerciseStatus::Passed;
            ExerciseReport {
                id: id.into(),
                number,
                file: format!("exercises/0{number}_{id}.rs"),
                score: if passed { 10 } else { 0 },
                max_score: 10,
                passed,
                status: Some(status),
                scenarios_passed: scenarios.iter().filter(|s| s.passed).count(),
                scenarios_total: scenarios.len(),
                file_sha256: None,
                program_sha256: None,
                build_error: (status == ExerciseStatus::NotAttempted).then(|| {
                    format!("not attempted: exercises/0{number}_{id}.rs is as the course ships it")
                }),
                scenarios,
            }
        };
    let scenario =
        |name: &str, fact: &str, rule: &str, passed: bool, message: &str| ScenarioReport {
            name: name.into(),
            hidden: fact.is_empty(),
            fact: fact.into(),
            rule: rule.into(),
            passed,
            message: message.into(),
        };
    let passed_a = || {
        exercise(
            1,
            "a",
            ExerciseStatus::Passed,
            vec![scenario("echo", "F1", "Copy the id.", true, "")],
        )
    };
    let submission = |name: &str, commit: Option<&str>, b: ExerciseReport| SubmissionReport {
        name: name.into(),
        commit: commit.map(str::to_string),
        over_memory_limit: false,
        score: 10,
        max_score: 20,
        exercises: vec![passed_a(), b],
        quiz: None,
    };
    Report {
        seed: Some(1),
        seeds: None,
        scoring: SCORING.into(),
        sandboxed: true,
        grader: Vec::new(),
        submissions: vec![
            submission(
                "=cmd|' /C calc'!A0",
                None,
                exercise(
                    2,
                    "b",
                    ExerciseStatus::Failed,
                    vec![
                        scenario(
                            "answers",
                            "F2",
                            "Each request gets one answer.",
                            false,
                            "sent {\"method\": \"tools/list\"} and got nothing",
                        ),
                        scenario(
                            "hidden scenario 1",
                            "",
                            "",
                            false,
                            "A hidden scenario failed.",
                        ),
                    ],
                ),
            ),
            submission(
                "<b>x</b>, \"y\"",
                Some("ab12"),
                exercise(2, "b", ExerciseStatus::NotAttempted, Vec::new()),
            ),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn keys(value: &Value) -> Vec<&str> {
        value
            .as_object()
            .map(|o| o.keys().map(String::as_str).collect())
            .unwrap_or_default()
    }

    /// Teachers' scripts read the JSON: its fields, in docs/grading.md's
    /// order, and it reads back as it was written.
    #[test]
    fn the_json_keeps_its_shape_and_reads_back() {
        let report = sample();
        let value = serde_json::to_value(&report).expect("JSON");
        assert_eq!(
            keys(&value),
            ["seed", "scoring", "sandboxed", "grader", "submissions"]
        );
        let submission = &value["submissions"][0];
        assert_eq!(
            keys(submission),
            [
                "name",
                "commit",
                "over_memory_limit",
                "score",
                "max_score",
                "exercises",
                "quiz"
            ]
        );
        assert_eq!(
            keys(&submission["exercises"][1]),
            [
                "id",
                "number",
                "file",
                "score",
                "max_score",
                "passed",
                "status",
                "scenarios_passed",
                "scenarios_total",
                "file_sha256",
                "program_sha256",
                "build_error",
                "scenarios"
            ]
        );
        assert_eq!(
            keys(&submission["exercises"][1]["scenarios"][0]),
            ["name", "hidden", "fact", "rule", "passed", "message"]
        );
        assert_eq!(submission["exercises"][1]["status"], "failed");
        let back: Report = serde_json::from_value(value.clone()).expect("reads back");
        assert_eq!(serde_json::to_value(&back).expect("JSON"), value);
    }

    /// A report of an earlier `learn` (no status, rule or memory flag) still
    /// reads, its statuses worked out.
    #[test]
    fn an_older_report_still_reads() {
        let mut value = serde_json::to_value(sample()).expect("JSON");
        for submission in value["submissions"].as_array_mut().expect("list") {
            submission
                .as_object_mut()
                .expect("object")
                .remove("over_memory_limit");
            for exercise in submission["exercises"].as_array_mut().expect("list") {
                exercise.as_object_mut().expect("object").remove("status");
            }
        }
        value["submissions"][1]["exercises"][1]["build_error"] =
            "exercises/02_b.rs is missing".into();
        let old: Report = serde_json::from_value(value).expect("reads");
        let statuses: Vec<ExerciseStatus> = old
            .submissions
            .iter()
            .flat_map(|s| &s.exercises)
            .map(ExerciseReport::status)
            .collect();
        use ExerciseStatus::*;
        assert_eq!(statuses, [Passed, Failed, Passed, NotAttempted]);
    }
}

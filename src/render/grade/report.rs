//! The gradebook as the typed report every format renders: scores, each
//! exercise's status, and each scenario's name, fact, rule and message in
//! the reader's language, hidden scenarios redacted (unless revealed).

use super::{redacted, scenario_message, scenario_name};
use crate::content::Lang;
use crate::grade::model::{ExerciseGrade, ExerciseOutcome, Gradebook, QuizGrade, SubmissionGrade};
use crate::grade::report::{
    ExerciseReport, ExerciseStatus, GraderPart, QuestionReport, QuizReport, Report, SCORING,
    ScenarioReport, SubmissionReport,
};
use crate::judge::Outcome;
use crate::render::style::visible;

pub fn build(book: &Gradebook, lang: Lang) -> Report {
    Report {
        seed: Some(book.seed),
        seeds: None,
        scoring: SCORING.to_string(),
        sandboxed: book.sandboxed,
        grader: book
            .grader
            .iter()
            .map(|(part, sha256)| GraderPart {
                part: part.clone(),
                sha256: sha256.clone(),
            })
            .collect(),
        submissions: book
            .submissions
            .iter()
            .map(|s| submission(book, s, lang))
            .collect(),
    }
}

fn submission(book: &Gradebook, grade: &SubmissionGrade, lang: Lang) -> SubmissionReport {
    SubmissionReport {
        name: grade.name.clone(),
        commit: grade.commit.clone(),
        over_memory_limit: grade.over_memory,
        score: grade.score(),
        max_score: grade.max_score(),
        exercises: grade
            .exercises
            .iter()
            .map(|e| exercise(book, e, lang))
            .collect(),
        quiz: grade.quiz.as_ref().map(quiz),
    }
}

fn exercise(book: &Gradebook, grade: &ExerciseGrade, lang: Lang) -> ExerciseReport {
    let scenarios = grade.outcome.scenarios();
    let status = match &grade.outcome {
        _ if grade.passed() => ExerciseStatus::Passed,
        ExerciseOutcome::Ran { .. } => ExerciseStatus::Failed,
        ExerciseOutcome::NotAttempted { .. } => ExerciseStatus::NotAttempted,
        ExerciseOutcome::BuildFailed { .. } => ExerciseStatus::DoesNotCompile,
        ExerciseOutcome::NotGraded { .. } => ExerciseStatus::NotGraded,
    };
    ExerciseReport {
        id: grade.id.clone(),
        number: grade.number,
        file: format!("exercises/{}", grade.file),
        score: grade.score(),
        max_score: grade.points,
        passed: grade.passed(),
        status: Some(status),
        scenarios_passed: grade.passed_scenarios(),
        scenarios_total: scenarios.len(),
        file_sha256: grade.file_sha256.clone(),
        program_sha256: grade.program_sha256.clone(),
        build_error: grade
            .outcome
            .not_run_reason()
            // Compiler messages quote the student's file: its bidi or
            // control characters are shown, not obeyed, in every format.
            .map(|reason| visible(&book.for_students(reason))),
        scenarios: scenarios
            .iter()
            .map(|s| {
                let shown = !redacted(book, grade, s);
                ScenarioReport {
                    name: scenario_name(book, grade, s),
                    hidden: book.is_hidden(&grade.id, &s.name),
                    fact: if shown {
                        format!("{}{}", grade.fact_prefix, s.fact)
                    } else {
                        String::new()
                    },
                    rule: if shown {
                        s.rule.get(lang).to_string()
                    } else {
                        String::new()
                    },
                    passed: s.outcome() == Outcome::Passed,
                    // A program's output, in whatever part of the message.
                    message: visible(&scenario_message(book, grade, s, lang)),
                }
            })
            .collect(),
    }
}

fn quiz(grade: &QuizGrade) -> QuizReport {
    QuizReport {
        score: grade.score,
        max_score: grade.max_score,
        problem: grade.problem.clone(),
        line_problems: grade.line_problems.clone(),
        questions: grade
            .questions
            .iter()
            .map(|q| QuestionReport {
                quiz: q.quiz.clone(),
                id: q.id.clone(),
                answered: q.answered,
                right: q.right,
            })
            .collect(),
    }
}

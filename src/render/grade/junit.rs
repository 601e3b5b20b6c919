//! `--format junit`: JUnit XML for CI dashboards. A `<testsuite>` per
//! submission and exercise (`alice/<exercise>`), a `<testcase>` per scenario;
//! a program that never ran is one failed `build` case with the reason.
//! The quiz, when graded, is a suite with a case per question.

use super::failure_text;
use super::xml::{attribute, escape};
use crate::grade::report::{ExerciseReport, QuizReport, Report};
use crate::render::style::one_line;
use std::fmt::Write;

struct Case {
    name: String,
    failure: Option<(String, String)>,
}

pub fn render(report: &Report) -> String {
    let mut suites = String::new();
    let (mut tests, mut failures) = (0, 0);
    let seed = report.seed.map_or_else(String::new, |s| s.to_string());
    for submission in &report.submissions {
        for exercise in &submission.exercises {
            let cases = exercise_cases(exercise);
            let score = format!("{}/{}", exercise.score, exercise.max_score);
            suite(
                &mut suites,
                &format!("{}/{}", one_line(&submission.name), exercise.id),
                &score,
                &seed,
                &cases,
                &mut tests,
                &mut failures,
            );
        }
        if let Some(quiz) = &submission.quiz {
            let score = format!("{}/{}", quiz.score, quiz.max_score);
            suite(
                &mut suites,
                &format!("{}/quiz", one_line(&submission.name)),
                &score,
                &seed,
                &quiz_cases(quiz),
                &mut tests,
                &mut failures,
            );
        }
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"learn grade\" tests=\"{tests}\" failures=\"{failures}\" errors=\"0\">\n{suites}</testsuites>\n"
    )
}

fn exercise_cases(exercise: &ExerciseReport) -> Vec<Case> {
    if let Some(reason) = &exercise.build_error {
        return vec![Case {
            name: "build".into(),
            failure: Some((super::first_error(reason), failure_text(exercise))),
        }];
    }
    exercise
        .scenarios
        .iter()
        .map(|s| Case {
            name: s.name.clone(),
            failure: (!s.passed).then(|| {
                let first = s.message.lines().next().unwrap_or_default().to_string();
                (first, s.message.clone())
            }),
        })
        .collect()
}

fn quiz_cases(quiz: &QuizReport) -> Vec<Case> {
    if let Some(problem) = &quiz.problem {
        return vec![Case {
            name: "answers file".into(),
            failure: Some((
                problem.lines().next().unwrap_or_default().to_string(),
                problem.clone(),
            )),
        }];
    }
    let lines = (!quiz.line_problems.is_empty()).then(|| Case {
        name: "answers file lines".into(),
        failure: Some((quiz.line_problems[0].clone(), quiz.line_problems.join("\n"))),
    });
    quiz.questions
        .iter()
        .map(|q| Case {
            name: format!("{}/{}", q.quiz, q.id),
            failure: match (q.answered, q.right) {
                (_, true) => None,
                (true, false) => Some(("wrong answer".into(), "wrong answer".into())),
                (false, _) => Some(("not answered".into(), "not answered".into())),
            },
        })
        .chain(lines)
        .collect()
}

fn suite(
    out: &mut String,
    name: &str,
    score: &str,
    seed: &str,
    cases: &[Case],
    tests: &mut usize,
    failures: &mut usize,
) {
    let failed = cases.iter().filter(|c| c.failure.is_some()).count();
    *tests += cases.len();
    *failures += failed;
    let _ = writeln!(
        out,
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failed}\" errors=\"0\" skipped=\"0\">",
        attribute(name),
        cases.len()
    );
    let _ = writeln!(
        out,
        "    <properties><property name=\"score\" value=\"{}\"/><property name=\"seed\" value=\"{seed}\"/></properties>",
        attribute(score)
    );
    let class = name.replace('/', ".");
    for case in cases {
        let open = format!(
            "    <testcase name=\"{}\" classname=\"{}\"",
            attribute(&case.name),
            attribute(&class)
        );
        match &case.failure {
            None => {
                let _ = writeln!(out, "{open}/>");
            }
            Some((message, text)) => {
                let _ = writeln!(
                    out,
                    "{open}>\n      <failure message=\"{}\">{}</failure>\n    </testcase>",
                    attribute(message),
                    escape(text)
                );
            }
        }
    }
    out.push_str("  </testsuite>\n");
}

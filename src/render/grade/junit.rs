//! `--format junit`: JUnit XML for CI dashboards. A `<testsuite>` per
//! submission and exercise (`alice/<exercise>`), a `<testcase>` per scenario;
//! a program that never ran is one failed `build` case with the reason.
//! The quiz, when graded, is a suite with a case per question.

use super::failure_text;
use super::xml::printable;
use crate::grade::report::{ExerciseReport, QuizReport, Report};
use crate::render::style::one_line;
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use std::io;

struct Case {
    name: String,
    failure: Option<(String, String)>,
}

/// A suite as the report gives it: its name, score and cases.
struct Suite {
    name: String,
    score: String,
    cases: Vec<Case>,
}

pub fn render(report: &Report) -> String {
    let seed = report.seed.map_or_else(String::new, |s| s.to_string());
    let mut suites = Vec::new();
    for submission in &report.submissions {
        for exercise in &submission.exercises {
            suites.push(Suite {
                name: format!("{}/{}", one_line(&submission.name), exercise.id),
                score: format!("{}/{}", exercise.score, exercise.max_score),
                cases: exercise_cases(exercise),
            });
        }
        if let Some(quiz) = &submission.quiz {
            suites.push(Suite {
                name: format!("{}/quiz", one_line(&submission.name)),
                score: format!("{}/{}", quiz.score, quiz.max_score),
                cases: quiz_cases(quiz),
            });
        }
    }
    let mut writer = Writer::new_with_indent(Vec::new(), b' ', 2);
    // Writing to a Vec cannot fail.
    let _ = write_suites(&mut writer, &suites, &seed);
    let mut xml = String::from_utf8_lossy(&writer.into_inner()).into_owned();
    xml.push('\n');
    xml
}

fn write_suites(writer: &mut Writer<Vec<u8>>, suites: &[Suite], seed: &str) -> io::Result<()> {
    writer.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    let tests: usize = suites.iter().map(|s| s.cases.len()).sum();
    let failures: usize = suites.iter().map(failed).sum();
    let mut root = BytesStart::new("testsuites");
    root.push_attribute(("name", "learn grade"));
    root.push_attribute(("tests", tests.to_string().as_str()));
    root.push_attribute(("failures", failures.to_string().as_str()));
    root.push_attribute(("errors", "0"));
    writer.write_event(Event::Start(root))?;
    for suite in suites {
        write_suite(writer, suite, seed)?;
    }
    writer.write_event(Event::End(BytesEnd::new("testsuites")))
}

fn failed(suite: &Suite) -> usize {
    suite.cases.iter().filter(|c| c.failure.is_some()).count()
}

fn write_suite(writer: &mut Writer<Vec<u8>>, suite: &Suite, seed: &str) -> io::Result<()> {
    let name = printable(&suite.name);
    let mut start = BytesStart::new("testsuite");
    start.push_attribute(("name", name.as_str()));
    start.push_attribute(("tests", suite.cases.len().to_string().as_str()));
    start.push_attribute(("failures", failed(suite).to_string().as_str()));
    start.push_attribute(("errors", "0"));
    start.push_attribute(("skipped", "0"));
    writer.write_event(Event::Start(start))?;
    writer
        .create_element("properties")
        .write_inner_content(|w| {
            for (key, value) in [("score", suite.score.as_str()), ("seed", seed)] {
                w.create_element("property")
                    .with_attributes([("name", key), ("value", value)])
                    .write_empty()?;
            }
            Ok(())
        })?;
    let class = name.replace('/', ".");
    for case in &suite.cases {
        let element = writer.create_element("testcase").with_attributes([
            ("name", printable(&one_line(&case.name)).as_str()),
            ("classname", class.as_str()),
        ]);
        match &case.failure {
            None => element.write_empty()?,
            Some((message, text)) => element.write_inner_content(|w| {
                w.create_element("failure")
                    .with_attribute(("message", printable(&one_line(message)).as_str()))
                    .write_text_content(BytesText::new(&printable(text)))?;
                Ok(())
            })?,
        };
    }
    writer.write_event(Event::End(BytesEnd::new("testsuite")))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::report::sample;
    use quick_xml::Reader;

    /// Every name, message and text comes back as written, control
    /// characters shown as `\u{..}`, and the counts add up.
    #[test]
    fn the_report_reads_back_with_its_names_and_failures() {
        let mut report = sample();
        let exercise = &mut report.submissions[0].exercises[0];
        exercise.scenarios[0].passed = false;
        exercise.scenarios[0].message = "<b>\"x\" & 'y'\u{1b}[0m\nsecond line".into();
        let xml = render(&report);
        assert!(
            xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"),
            "{xml}"
        );
        let mut reader = Reader::from_str(&xml);
        let (mut cases, mut failures, mut texts) = (0, Vec::new(), Vec::new());
        let mut declared = None;
        loop {
            match reader.read_event().expect("well-formed XML") {
                Event::Eof => break,
                Event::Start(tag) | Event::Empty(tag) => match tag.name().as_ref() {
                    b"testsuites" => {
                        let value = |name: &str| {
                            tag.try_get_attribute(name)
                                .expect("attribute")
                                .map(|a| a.unescape_value().expect("value").into_owned())
                        };
                        declared = Some((value("tests"), value("failures")));
                    }
                    b"testcase" => cases += 1,
                    b"failure" => failures.push(
                        tag.try_get_attribute("message")
                            .expect("attribute")
                            .expect("message")
                            .unescape_value()
                            .expect("value")
                            .into_owned(),
                    ),
                    _ => {}
                },
                Event::Text(text) => texts.push(text.decode().expect("text").into_owned()),
                Event::GeneralRef(r) => texts.push(format!("&{};", String::from_utf8_lossy(&r))),
                _ => {}
            }
        }
        let (tests, failed) = declared.expect("a testsuites element");
        assert_eq!(tests, Some(cases.to_string()));
        assert_eq!(failed, Some(failures.len().to_string()));
        assert!(
            failures.contains(&"<b>\"x\" & 'y'\\u{1b}[0m".to_string()),
            "{failures:?}"
        );
        let text = texts.concat();
        assert!(text.contains("\\u{1b}[0m"), "{text}");
        assert!(!xml.contains('\u{1b}'), "no raw control character: {xml}");
    }
}

//! "Read more": every failing scenario of every exercise sends the learner to
//! a section of the exercise's own lesson that teaches the scenario's fact,
//! one of the exercise's own objective when that objective has one. The
//! scenarios are read from the course, so a scenario added tomorrow is
//! covered too; each is failed for real by a program that answers with text
//! that is not JSON, and the pointer is read from what `learn
//! check --full` prints.

use crate::common::*;

use learn::content::load::load_course;
use learn::content::{Lang, Lesson, Step};
use std::collections::BTreeSet;

/// The facts a section's last `Facts:` line names (English).
fn facts_of(lesson: &Lesson, section: &str) -> BTreeSet<String> {
    let path = lesson.dir.join(format!("sections/en/{section}.md"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .rev()
        .find_map(|line| line.strip_prefix("Facts:"))
        .map(|list| list.split(',').map(|f| f.trim().to_string()).collect())
        .unwrap_or_default()
}

fn readings<'a>(steps: impl IntoIterator<Item = &'a Step>) -> Vec<&'a str> {
    steps
        .into_iter()
        .filter_map(|step| match step {
            Step::Reading(id) => Some(id.as_str()),
            _ => None,
        })
        .collect()
}

/// For each failing scenario, in report order: its title, its fact and the
/// section after "Read more".
fn pointers(report: &str) -> Vec<(String, String, String)> {
    let mut found = Vec::new();
    let mut failing: Option<(String, String)> = None;
    for line in report.lines() {
        if let Some(rest) = line.strip_prefix("  ✗ ") {
            let (title, fact) = rest.rsplit_once(" [").expect("a fact after the title");
            failing = Some((title.to_string(), fact.trim_end_matches(']').to_string()));
        } else if let Some(rest) = line.trim().strip_prefix("Read more: `learn read ") {
            let (title, fact) = failing
                .take()
                .expect("Read more follows a failing scenario");
            found.push((title, fact, rest.trim_end_matches('`').to_string()));
        }
    }
    found
}

fn every_scenario_points_to_a_section_of_its_own_lesson_that_teaches_its_fact() {
    let course = load_course(&repo()).expect("the course loads");
    // Writes a request with nothing but a method (which breaks every rule
    // for a client's requests), answers its first line, a notification too,
    // with text that is not JSON, and exits: no scenario passes, and none
    // waits for its timeout.
    let program = r#"sh -c 'echo "{\"method\": \"x\"}"; read line; echo not json'"#;
    let mut checked = 0;
    let mut wrong = Vec::new();
    for lesson in &course.lessons {
        let lesson_readings = readings(lesson.objectives.iter().flat_map(|o| &o.steps));
        for exercise in &lesson.exercises {
            let own_objective = lesson
                .objectives
                .iter()
                .find(|o| o.steps.contains(&Step::Exercise(exercise.id.clone())))
                .unwrap_or_else(|| panic!("{} is in no objective", exercise.id));
            // A review is read last, only where nothing else teaches the fact.
            let own_readings: Vec<&str> = readings(&own_objective.steps)
                .into_iter()
                .filter(|id| !lesson.reviews.iter().any(|r| r == id))
                .collect();
            let output = learn(&[
                "check",
                &exercise.id,
                "--cmd",
                program,
                "--full",
                "--seed",
                "1",
            ]);
            let report = stdout(&output);
            let found = pointers(&report);
            assert_eq!(
                found.len(),
                exercise.scenarios.len(),
                "every scenario of {} must fail, to show its pointer:\n{report}",
                exercise.id
            );
            for (scenario, (title, fact, shown)) in exercise.scenarios.iter().zip(&found) {
                assert_eq!(title, scenario.title.get(Lang::En), "{report}");
                assert_eq!(fact, &scenario.fact, "{report}");
                // `<lesson>/<id>` where two lessons have a section of that id.
                let section = shown
                    .strip_prefix(&format!("{}/", lesson.id))
                    .unwrap_or(shown);
                let at = format!("{} / {} ({fact}) -> {shown}", exercise.id, scenario.name);
                checked += 1;
                if !lesson_readings.contains(&section) {
                    wrong.push(format!("{at}: not a section of {}", lesson.id));
                } else if !facts_of(lesson, section).contains(fact) {
                    wrong.push(format!("{at}: that section does not teach {fact}"));
                } else if lesson.reviews.iter().any(|r| r == section)
                    && lesson_readings.iter().any(|other| {
                        !lesson.reviews.iter().any(|r| r == other)
                            && facts_of(lesson, other).contains(fact)
                    })
                {
                    wrong.push(format!(
                        "{at}: a review, though another section teaches {fact}"
                    ));
                } else if !own_readings.contains(&section)
                    && own_readings
                        .iter()
                        .any(|own| facts_of(lesson, own).contains(fact))
                {
                    wrong.push(format!(
                        "{at}: the exercise's own objective ({}) teaches {fact}",
                        own_objective.id
                    ));
                }
            }
        }
    }
    assert!(checked >= 222, "only {checked} scenarios checked");
    assert!(
        wrong.is_empty(),
        "{checked} scenarios, wrong pointers:\n{}",
        wrong.join("\n")
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![test!(
        every_scenario_points_to_a_section_of_its_own_lesson_that_teaches_its_fact
    )]
}

//! Every fact of every lesson (lesson 1's F1-F19, lesson 2's F1-F17,
//! lesson 3's F1-F23) has a
//! lesson section in both languages and at least one scenario or quiz
//! question, and the coverage table kept in each lesson folder says so
//! truthfully.

use crate::common::*;

/// Each lesson's id (from its lesson.toml), its folder and its fact ids,
/// from its facts.toml.
fn lessons_and_facts() -> Vec<(String, std::path::PathBuf, Vec<String>)> {
    let mut lessons = Vec::new();
    let mut dirs: Vec<_> = std::fs::read_dir(repo().join("lessons"))
        .expect("lessons")
        .map(|e| e.expect("entry").path())
        .collect();
    dirs.sort();
    for dir in dirs {
        let text = std::fs::read_to_string(dir.join("facts.toml")).expect("facts.toml");
        let table: toml::Table = toml::from_str(&text).expect("facts TOML");
        let facts = table["fact"]
            .as_array()
            .expect("[[fact]]")
            .iter()
            .map(|f| f["id"].as_str().expect("id").to_string())
            .collect();
        let lesson: toml::Table =
            toml::from_str(&std::fs::read_to_string(dir.join("lesson.toml")).expect("lesson.toml"))
                .expect("lesson TOML");
        let id = lesson["id"].as_str().expect("id").to_string();
        lessons.push((id, dir, facts));
    }
    lessons
}

fn every_fact_is_taught_and_checked() {
    let lessons = lessons_and_facts();
    assert_eq!(
        lessons
            .iter()
            .map(|(id, _, facts)| (id.as_str(), facts.len()))
            .collect::<Vec<_>>(),
        [
            ("mcp-messages", 19),
            ("mcp-stateless-server", 17),
            ("mcp-client", 23)
        ]
    );
    for (lesson, _, facts) in lessons {
        let output = learn(&["dev", "coverage", "--lesson", &lesson]);
        assert_eq!(code(&output), 0, "{lesson}: {}", stderr(&output));
        let table = stdout(&output);
        for fact in facts {
            let row = table
                .lines()
                .find(|l| l.starts_with(&format!("| {fact} ")))
                .unwrap_or_else(|| panic!("{lesson}/{fact} is in the table"));
            let cells: Vec<&str> = row.split(" | ").collect();
            assert!(
                !cells[1].contains('—'),
                "{lesson}/{fact} has a section in both languages: {row}"
            );
            assert!(
                !(cells[2].contains('—') && cells[3].contains('—')),
                "{lesson}/{fact} is checked by a scenario or quiz question: {row}"
            );
        }
    }
}

fn the_committed_tables_are_up_to_date() {
    for (lesson, dir, _) in lessons_and_facts() {
        let table = stdout(&learn(&["dev", "coverage", "--lesson", &lesson]));
        let committed = std::fs::read_to_string(dir.join("COVERAGE.md")).expect("COVERAGE.md");
        let folder = dir.file_name().expect("name").to_string_lossy();
        assert_eq!(
            committed, table,
            "run `learn dev coverage --lesson {lesson} > lessons/{folder}/COVERAGE.md`"
        );
    }
}

fn a_fact_without_a_check_fails_the_coverage_command() {
    let course = course_copy();
    let facts = course.path().join("lessons/01-mcp-messages/facts.toml");
    let mut text = std::fs::read_to_string(&facts).expect("facts.toml");
    text.push_str(
        "[[fact]]\nid = \"F20\"\ntitle = { en = \"An untaught fact\", zh = \"未讲授的事实\" }\n",
    );
    std::fs::write(&facts, text).expect("write");
    let output = learn_in(course.path(), &["dev", "coverage"]);
    assert_eq!(code(&output), 1);
    assert!(
        // A course of several lessons names a fact with its lesson.
        stderr(&output).contains("not covered: mcp-messages/F20"),
        "{}",
        stderr(&output)
    );
}

fn a_scenario_naming_an_unknown_fact_is_a_content_error() {
    let course = course_copy();
    let path = course
        .path()
        .join("lessons/01-mcp-messages/exercises/id-echo.toml");
    let text = std::fs::read_to_string(&path).expect("read").replacen(
        "fact = \"F7\"",
        "fact = \"F77\"",
        1,
    );
    std::fs::write(&path, text).expect("write");
    let output = learn_in(course.path(), &["dev", "check"]);
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains("names fact `F77`, which facts.toml does not list"),
        "{}",
        stderr(&output)
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(every_fact_is_taught_and_checked),
        test!(the_committed_tables_are_up_to_date),
        test!(a_fact_without_a_check_fails_the_coverage_command),
        test!(a_scenario_naming_an_unknown_fact_is_a_content_error),
    ]
}

//! Every fact F1-F19 has a lesson section in both languages and at least one
//! scenario or quiz question, and the coverage table kept in the lesson
//! folder says so truthfully.

mod common;
use common::*;

#[test]
fn every_fact_is_taught_and_checked() {
    let output = learn(&["dev", "coverage"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let table = stdout(&output);
    for n in 1..=19 {
        let row = table
            .lines()
            .find(|l| l.starts_with(&format!("| F{n} ")))
            .unwrap_or_else(|| panic!("F{n} is in the table"));
        let cells: Vec<&str> = row.split(" | ").collect();
        assert!(
            !cells[1].contains('—'),
            "F{n} has a section in both languages: {row}"
        );
        assert!(
            !(cells[2].contains('—') && cells[3].contains('—')),
            "F{n} is checked by a scenario or quiz question: {row}"
        );
    }
}

#[test]
fn the_committed_table_is_up_to_date() {
    let table = stdout(&learn(&["dev", "coverage", "--lesson", "mcp-messages"]));
    let committed = std::fs::read_to_string(repo().join("lessons/mcp-messages/COVERAGE.md"))
        .expect("COVERAGE.md");
    assert_eq!(
        committed, table,
        "run `learn dev coverage --lesson mcp-messages > lessons/mcp-messages/COVERAGE.md`"
    );
}

#[test]
fn a_fact_without_a_check_fails_the_coverage_command() {
    let course = course_copy();
    let facts = course.path().join("lessons/mcp-messages/facts.toml");
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

#[test]
fn a_scenario_naming_an_unknown_fact_is_a_content_error() {
    let course = course_copy();
    let path = course
        .path()
        .join("lessons/mcp-messages/exercises/id-echo.toml");
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

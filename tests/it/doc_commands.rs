//! The commands the docs tell a reader to run name real things: every
//! `--test`, `--bench` and `--lib` target of a `cargo test` or `cargo bench`
//! line, the test module a `--test it -- <module>::` filter picks, and every
//! `learn` subcommand (with `dev`'s own subcommands). A target renamed in
//! the code and left in a doc (`--test properties`, after the tests became
//! one binary) turns this red, naming the doc and the line.

use crate::common::*;
use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

/// The Markdown a reader follows: README, CONTRIBUTING, `docs/`, the
/// mutation-testing README, and every lesson section.
fn docs() -> Vec<PathBuf> {
    let root = repo();
    let mut files = vec![
        root.join("README.md"),
        root.join("CONTRIBUTING.md"),
        root.join("mutants/README.md"),
    ];
    let mut folders = vec![root.join("docs")];
    for lesson in fs::read_dir(root.join("lessons")).expect("lessons/") {
        let sections = lesson.expect("entry").path().join("sections");
        for lang in ["en", "zh"] {
            folders.push(sections.join(lang));
        }
    }
    for folder in folders {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        files.extend(
            entries
                .map(|e| e.expect("entry").path())
                .filter(|p| p.extension().is_some_and(|e| e == "md")),
        );
    }
    files.sort();
    files
}

/// The `[[test]]` and `[[bench]]` names of the top-level Cargo.toml.
fn cargo_targets(kind: &str) -> BTreeSet<String> {
    let manifest: toml::Value =
        toml::from_str(&fs::read_to_string(repo().join("Cargo.toml")).expect("Cargo.toml"))
            .expect("Cargo.toml is TOML");
    manifest
        .get(kind)
        .and_then(|v| v.as_array())
        .into_iter()
        .flatten()
        .filter_map(|t| t.get("name")?.as_str().map(String::from))
        .collect()
}

/// The word after `flag` in `words`, if any.
fn after<'a>(words: &[&'a str], flag: &str) -> Option<&'a str> {
    let at = words.iter().position(|w| *w == flag)?;
    words.get(at + 1).copied()
}

/// What is wrong with one `cargo test`/`cargo bench` command, if anything.
fn check_cargo(command: &str, tests: &BTreeSet<String>, benches: &BTreeSet<String>) -> Vec<String> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let mut wrong = Vec::new();
    if let Some(name) = after(&words, "--test") {
        if !tests.contains(name) {
            wrong.push(format!("no test target `{name}`"));
        }
        let filter = words
            .iter()
            .position(|w| *w == "--")
            .and_then(|at| words.get(at + 1));
        if let (Some(filter), "it") = (filter, name)
            && let Some((module, _)) = filter.split_once("::")
            && !repo().join(format!("tests/it/{module}.rs")).is_file()
        {
            wrong.push(format!("no test module tests/it/{module}.rs"));
        }
    }
    if let Some(name) = after(&words, "--bench")
        && !benches.contains(name)
    {
        wrong.push(format!("no bench target `{name}`"));
    }
    if let Some(path) = after(&words, "--lib").filter(|p| !p.starts_with('-')) {
        let module = path.split("::").collect::<Vec<_>>().join("/");
        let src = repo().join("src");
        if !src.join(format!("{module}.rs")).is_file() && !src.join(&module).is_dir() {
            wrong.push(format!("no module src/{module}"));
        }
    }
    wrong
}

/// `cargo test ...` and `cargo bench ...` as a doc writes them: up to the
/// end of the line, a backtick or a `#` comment.
fn cargo_commands(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = line;
    while let Some(at) = ["cargo test", "cargo bench"]
        .iter()
        .filter_map(|c| rest.find(c))
        .min()
    {
        let tail = &rest[at..];
        let end = tail.find(['`', '#']).unwrap_or(tail.len());
        found.push(tail[..end].trim().to_string());
        rest = &tail[end.max(1)..];
    }
    found
}

/// `learn <sub>` (and `learn dev <sub>`) in code: after a backtick, or at
/// the start of a line in a code block.
fn learn_commands(line: &str, in_block: bool) -> Vec<Vec<String>> {
    let mut starts: Vec<&str> = line.split('`').skip(1).step_by(2).collect();
    if in_block {
        starts.push(line.trim_start().trim_start_matches("$ "));
    }
    starts
        .into_iter()
        .filter_map(|code| code.strip_prefix("learn "))
        .map(|rest| {
            rest.split_whitespace()
                .take_while(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
                .take(2)
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .filter(|words| !words.is_empty())
        .collect()
}

fn doc_commands_name_real_targets() {
    let (tests, benches) = (cargo_targets("test"), cargo_targets("bench"));
    assert!(
        tests.contains("it"),
        "Cargo.toml names the `it` test target"
    );
    let mut wrong = Vec::new();
    let mut subcommands = BTreeSet::new();
    let mut seen = 0;
    for doc in docs() {
        let text = fs::read_to_string(&doc).expect("doc");
        let shown = doc
            .strip_prefix(repo())
            .unwrap_or(&doc)
            .display()
            .to_string();
        let mut in_block = false;
        for (index, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("```") {
                in_block = !in_block;
                continue;
            }
            for command in cargo_commands(line) {
                seen += 1;
                for problem in check_cargo(&command, &tests, &benches) {
                    wrong.push(format!("{shown}:{}: `{command}`: {problem}", index + 1));
                }
            }
            for words in learn_commands(line, in_block) {
                subcommands.insert((words, format!("{shown}:{}", index + 1)));
            }
        }
    }
    assert!(seen > 10, "the docs name cargo commands ({seen} found)");
    assert!(subcommands.len() > 10, "the docs name learn commands");
    let mut asked = BTreeSet::new();
    for (words, place) in &subcommands {
        // `learn dev check` is a subcommand pair; `learn check id-echo` an
        // argument after one.
        let path: Vec<&str> = if words[0] == "dev" {
            words.iter().map(String::as_str).collect()
        } else {
            vec![words[0].as_str()]
        };
        if !asked.insert(path.clone()) {
            continue;
        }
        let mut args = path.clone();
        args.push("--help");
        if !learn(&args).status.success() {
            wrong.push(format!(
                "{place}: `learn {}` is not a command",
                path.join(" ")
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "docs name what does not exist:\n{}",
        wrong.join("\n")
    );
}

/// The checker finds a renamed target: the old `--test properties` line.
fn a_missing_target_is_named() {
    let (tests, benches) = (cargo_targets("test"), cargo_targets("bench"));
    let old = cargo_commands("run `PROPTEST_CASES=9 cargo test --release --test properties` once");
    assert_eq!(old, ["cargo test --release --test properties"]);
    assert_eq!(
        check_cargo(&old[0], &tests, &benches),
        ["no test target `properties`"]
    );
    assert_eq!(
        check_cargo("cargo test --test it -- nothing_here::x", &tests, &benches),
        ["no test module tests/it/nothing_here.rs"]
    );
    assert_eq!(
        check_cargo("cargo bench --bench nope", &tests, &benches),
        ["no bench target `nope`"]
    );
    assert!(check_cargo("cargo test --test it -- properties::", &tests, &benches).is_empty());
    assert!(check_cargo("cargo test --lib content::layout", &tests, &benches).is_empty());
    assert_eq!(
        learn_commands(
            "then `learn dev check --run` and `learn check id-echo`",
            false
        ),
        [vec!["dev", "check"], vec!["check", "id-echo"]]
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(doc_commands_name_real_targets),
        test!(a_missing_target_is_named),
    ]
}

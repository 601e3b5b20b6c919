//! The lesson's words, held by tests:
//! - the opening and the closing are steps of the lesson, first and last,
//!   and `learn read` shows them in both languages;
//! - no word that `terms.zh.toml` marks as replaced comes back in a runner
//!   message in `src/`.
//!
//! The authors' lints (bilingual parity, replaced terms in the lessons, the
//! order of the opening and the closing) are `learn dev check`'s
//! (`content::lint`): tests/it/authoring.rs holds the course to them, and
//! tests/it/broken_content.rs shows each one firing.

use crate::common::*;
use std::fs;
use std::path::{Path, PathBuf};

fn lesson_dir() -> PathBuf {
    repo().join("lessons").join("01-mcp-messages")
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Every file below `dir` whose name ends with one of `exts`, sorted.
fn files(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir)
            .expect("read folder")
            .map(|e| e.expect("entry"))
        {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if exts.iter().any(|ext| path.to_string_lossy().ends_with(ext)) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

// ------------------------------------------------ the opening and the closing

fn the_opening_comes_first_and_the_closing_last() {
    let all = json(&learn(&["list", "--json"]));
    let all = all.as_array().expect("a list of steps");
    // Each lesson opens with its intro and closes with its recap; lesson 1
    // then points onward.
    let of = |lesson: &str| -> Vec<&serde_json::Value> {
        all.iter().filter(|s| s["lesson"] == lesson).collect()
    };
    let second = of("mcp-stateless-server");
    let shown = |step: &serde_json::Value| {
        (
            step["id"].as_str().unwrap_or_default().to_string(),
            step["objective"].as_str().unwrap_or_default().to_string(),
        )
    };
    assert_eq!(shown(second[0]), ("intro".into(), "opening".into()));
    assert_eq!(
        shown(second[second.len() - 1]),
        ("recap".into(), "closing".into())
    );
    let steps = of("mcp-messages");
    assert_eq!(all.first(), steps.first().copied(), "lesson 1 comes first");
    let at = |i: usize| {
        let step = &steps[i];
        (
            step["kind"].as_str().unwrap_or_default().to_string(),
            step["id"].as_str().unwrap_or_default().to_string(),
            step["objective"].as_str().unwrap_or_default().to_string(),
        )
    };
    assert_eq!(at(0), ("reading".into(), "intro".into(), "opening".into()));
    let n = steps.len();
    assert_eq!(
        at(n - 2),
        ("reading".into(), "recap".into(), "closing".into())
    );
    assert_eq!(
        at(n - 1),
        ("reading".into(), "onward".into(), "closing".into())
    );

    // `learn next` on a fresh copy starts with the opening (which `learn
    // read intro` shows too, and then counts as read).
    let copy = course_copy();
    let next = stdout(&learn_in(copy.path(), &["next"]));
    assert!(next.contains("About this lesson"), "{next}");
    for (lang, title) in [("en", "About this lesson"), ("zh", "关于这一课")] {
        let first = stdout(&learn_in(copy.path(), &["--lang", lang, "read", "intro"]));
        assert!(first.starts_with(title), "{first}");
    }
    let next = stdout(&learn_in(copy.path(), &["next"]));
    assert!(
        next.contains("JSON-RPC 2.0: the grammar MCP speaks"),
        "{next}"
    );
}

/// What the opening must hold, in each language: the four objectives, the
/// three roles, the tutorial by its title, and the references by path.
fn the_opening_states_objectives_roles_source_and_references() {
    let references = [
        "docs/specification/2026-07-28/basic/index.mdx",
        "schema/2026-07-28/schema.ts",
        "docs/specification/2026-07-28/basic/patterns/mrtr.mdx",
    ];
    let words: [(&str, &[&str]); 2] = [
        (
            "en",
            &[
                "host",
                "client",
                "server",
                "Messages",
                "`_meta`",
                "Multi Round-Trip Requests",
            ],
        ),
        (
            "zh",
            &[
                "宿主（Host）",
                "客户端（Client）",
                "服务器（Server）",
                "Messages",
                "`_meta`",
                "Multi Round-Trip Requests",
            ],
        ),
    ];
    // `learn read` counts the section as read: a copy, not this checkout.
    let copy = course_copy();
    for (lang, words) in words {
        let text = stdout(&learn_in(copy.path(), &["--lang", lang, "read", "intro"]));
        let numbered = text
            .lines()
            .filter(|l| l.len() > 2 && l.as_bytes()[0].is_ascii_digit() && &l[1..3] == ". ")
            .count();
        assert_eq!(numbered, 4, "{lang}: four objectives, numbered\n{text}");
        assert!(
            text.contains("JSON-RPC 请求、响应、通知与 _meta"),
            "{lang}: the tutorial by its title"
        );
        for word in words.iter().chain(&references) {
            assert!(
                text.contains(word),
                "{lang}: the opening lacks {word}\n{text}"
            );
        }
    }
}

/// The closing points onward and the quick review states every point of the
/// tutorial's own quick review.
fn the_closing_points_onward_and_reviews_the_tutorials_points() {
    let onward = [
        "server/discover.mdx",
        "basic/patterns/mrtr.mdx",
        "server/utilities/pagination.mdx",
        "basic/patterns/subscriptions.mdx",
    ];
    // `learn read` counts the section as read: a copy, not this checkout.
    let copy = course_copy();
    for lang in ["en", "zh"] {
        let text = stdout(&learn_in(copy.path(), &["--lang", lang, "read", "onward"]));
        for page in onward {
            assert!(
                text.contains(page),
                "{lang}: the closing does not point to {page}"
            );
        }
    }
    // The tutorial's five review points, as this lesson words them.
    let review: [(&str, &[&str]); 2] = [
        (
            "en",
            &[
                "a notification has no id and never gets a response",
                "carries its request's id back",
                "Every successful result carries `resultType`",
                "`_meta` has version and capabilities",
                "self-reported display information",
                "an SDK only maps the\n  names into its language and validates at run time",
            ],
        ),
        (
            "zh",
            &[
                "通知没有 id，也永远不会得到响应",
                "响应原样带回请求的 id",
                "每个成功的结果都带 `resultType`",
                "`_meta` 都带版本和能力",
                "自报的显示信息",
                "SDK 只负责把名字映射成本语言的写法，\n  并在运行时校验",
            ],
        ),
    ];
    for (lang, points) in review {
        let text = read(&lesson_dir().join("sections").join(lang).join("recap.md"));
        for point in points {
            assert!(
                text.contains(point),
                "{lang}: the quick review lacks: {point}"
            );
        }
        let shown = stdout(&learn(&["--lang", lang, "recap"]));
        assert!(shown.contains(&points[0].replace('`', "")) || shown.contains(points[0]));
    }
}

// ------------------------------------------------------------ terminology

/// `learn dev check` holds the lessons to every `terms.zh.toml`
/// (`content::lint::terms`, tests/it/broken_content.rs); the runner's own
/// messages in `src/` are held to the same lists here.
fn no_replaced_chinese_term_comes_back_in_the_runners_messages() {
    use learn::content::lint::terms::{replaced_terms, uses};
    let course = learn::content::load::load_course(&repo()).expect("the course loads");
    let mut errors = Vec::new();
    let terms = replaced_terms(&course, &mut errors);
    assert!(errors.is_empty(), "{errors:?}");
    assert!(terms.len() >= 10, "the term lists mark replaced words");
    let mut found = Vec::new();
    for path in files(&repo().join("src"), &[".rs"]) {
        for (line, term) in uses(&read(&path), &terms) {
            found.push(format!("{}:{line}: {}", path.display(), term.word));
        }
    }
    assert!(
        found.is_empty(),
        "words that terms.zh.toml marks as replaced:\n{}",
        found.join("\n")
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(the_opening_comes_first_and_the_closing_last),
        test!(the_opening_states_objectives_roles_source_and_references),
        test!(the_closing_points_onward_and_reviews_the_tutorials_points),
        test!(no_replaced_chinese_term_comes_back_in_the_runners_messages),
    ]
}

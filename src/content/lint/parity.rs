//! Bilingual parity: a translation keeps what its source holds that is not
//! prose, namely the code spans, the error codes (`-32xxx`), the items of
//! numbered and bulleted lists, and the code blocks. Each text pair is a
//! section (`sections/en/<id>.md` beside `sections/zh/<id>.md`) or a TOML
//! table with an `en` and a `zh` string, in any of the lesson's TOML files.

use super::lesson_files;
use crate::content::Lang;
use crate::content::error::{ContentError, line_of};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// What a translation keeps from its source, each with the line (from 0)
/// it is on in its text.
#[derive(Debug, Default, PartialEq)]
pub struct Marks {
    pub code_spans: Vec<(String, usize)>,
    pub error_codes: Vec<(String, usize)>,
    pub numbered_items: Vec<usize>,
    pub bullet_items: Vec<usize>,
    pub code_blocks: Vec<usize>,
}

pub fn marks(text: &str) -> Marks {
    let mut marks = Marks::default();
    let mut in_fence = false;
    for (at, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_fence = !in_fence;
            if in_fence {
                marks.code_blocks.push(at);
            }
            continue;
        }
        if in_fence {
            continue;
        }
        if trimmed.starts_with("- ") && line.len() - trimmed.len() < 2 {
            marks.bullet_items.push(at);
        }
        let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && trimmed[digits..].starts_with(". ") {
            marks.numbered_items.push(at);
        }
        // Between the 1st and 2nd backtick, the 3rd and 4th, ...; an odd
        // last one opens nothing.
        let pieces: Vec<&str> = line.split('`').collect();
        let spans = (pieces.len() - 1) / 2;
        for span in pieces.iter().skip(1).step_by(2).take(spans) {
            marks.code_spans.push(((*span).to_string(), at));
        }
    }
    // Error codes anywhere, code blocks included: -32xxx.
    for (i, _) in text.match_indices("-32") {
        let code: String = text[i + 1..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let before = text[..i].chars().last();
        if code.len() == 5 && !before.is_some_and(|c| c.is_ascii_alphanumeric()) {
            marks
                .error_codes
                .push((format!("-{code}"), line_of(text, i) - 1));
        }
    }
    marks
}

/// One way a translation differs from its source: the text it is found in
/// (the line, from 0, in that text) and what differs.
#[derive(Debug, PartialEq)]
pub struct Mismatch {
    pub lang: Lang,
    pub line: usize,
    pub message: String,
}

/// Every way `zh` departs from `en`, each said once.
pub fn compare(en: &Marks, zh: &Marks) -> Vec<Mismatch> {
    let mut found = Vec::new();
    if en.code_spans.len() != zh.code_spans.len() {
        let (lang, span, line) = first_unmatched(&en.code_spans, &zh.code_spans);
        found.push(Mismatch {
            lang,
            line,
            message: format!(
                "code span `{span}` has no match in the other language (en has {} code spans, zh {})",
                en.code_spans.len(),
                zh.code_spans.len()
            ),
        });
    }
    if sorted(&en.error_codes) != sorted(&zh.error_codes) {
        let (lang, code, line) = first_unmatched(&en.error_codes, &zh.error_codes);
        found.push(Mismatch {
            lang,
            line,
            message: format!("error code {code} is in the {} text only", lang.code()),
        });
    }
    for (what, en, zh) in [
        (
            "numbered list items",
            &en.numbered_items,
            &zh.numbered_items,
        ),
        ("bulleted list items", &en.bullet_items, &zh.bullet_items),
        ("code blocks", &en.code_blocks, &zh.code_blocks),
    ] {
        if en.len() != zh.len() {
            // At the first one the other text has no counterpart for.
            let (lang, longer, shorter) = if en.len() > zh.len() {
                (Lang::En, en, zh)
            } else {
                (Lang::Zh, zh, en)
            };
            found.push(Mismatch {
                lang,
                line: longer[shorter.len()],
                message: format!("en has {} {what}, zh {}", en.len(), zh.len()),
            });
        }
    }
    found
}

fn sorted(items: &[(String, usize)]) -> Vec<&str> {
    let mut items: Vec<&str> = items.iter().map(|(item, _)| item.as_str()).collect();
    items.sort_unstable();
    items
}

fn count(items: &[(String, usize)]) -> BTreeMap<&str, usize> {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for (item, _) in items {
        *counts.entry(item.as_str()).or_default() += 1;
    }
    counts
}

/// The first item of either list that the other does not hold as often,
/// with the language it is in and its line. Only called when they differ.
fn first_unmatched(en: &[(String, usize)], zh: &[(String, usize)]) -> (Lang, String, usize) {
    let (en_counts, zh_counts) = (count(en), count(zh));
    for (lang, items, mine, theirs) in [
        (Lang::En, en, &en_counts, &zh_counts),
        (Lang::Zh, zh, &zh_counts, &en_counts),
    ] {
        let extra = items.iter().find(|(item, _)| {
            mine[item.as_str()] > theirs.get(item.as_str()).copied().unwrap_or(0)
        });
        if let Some((item, line)) = extra {
            return (lang, item.clone(), *line);
        }
    }
    // The same items, in other numbers: name the first of the longer list.
    let (lang, items) = if en.len() >= zh.len() {
        (Lang::En, en)
    } else {
        (Lang::Zh, zh)
    };
    items
        .first()
        .map_or((lang, String::new(), 0), |(item, line)| {
            (lang, item.clone(), *line)
        })
}

/// The parity errors of one lesson folder: its sections, then its TOML files.
pub fn check_lesson(dir: &Path, errors: &mut Vec<ContentError>) {
    let sections = dir.join("sections");
    for en_file in lesson_files(&sections.join("en"), "md") {
        let Some(name) = en_file.file_name() else {
            continue;
        };
        let zh_file = sections.join("zh").join(name);
        let (Ok(en), Ok(zh)) = (
            std::fs::read_to_string(&en_file),
            std::fs::read_to_string(&zh_file),
        ) else {
            continue; // a missing translation is the loader's to report
        };
        for mismatch in compare(&marks(&en), &marks(&zh)) {
            let file = match mismatch.lang {
                Lang::En => en_file.clone(),
                Lang::Zh => zh_file.clone(),
            };
            errors.push(error(file, mismatch.line + 1, "", &mismatch.message));
        }
    }
    for path in lesson_files(dir, "toml") {
        check_toml(&path, errors);
    }
}

fn error(file: PathBuf, line: usize, at: &str, message: &str) -> ContentError {
    let at = if at.is_empty() {
        String::new()
    } else {
        format!("`{at}`: ")
    };
    ContentError {
        file,
        line: Some(line),
        message: format!(
            "{at}{message}: a translation keeps the code spans, error codes, list items and code blocks of its source"
        ),
    }
}

/// Every table of a TOML file with an `en` and a `zh` string.
fn check_toml(path: &Path, errors: &mut Vec<ContentError>) {
    let Ok(text) = std::fs::read_to_string(path) else {
        return;
    };
    let document = match DeTable::parse(&text) {
        Ok(document) => document,
        Err(e) => {
            errors.push(ContentError {
                file: path.into(),
                line: e.span().map(|s| line_of(&text, s.start)),
                message: e.message().trim().to_string(),
            });
            return;
        }
    };
    let mut pairs = Vec::new();
    collect_table(document.get_ref(), "", &mut pairs);
    for pair in pairs {
        for mismatch in compare(&marks(&pair.en.0), &marks(&pair.zh.0)) {
            let start = match mismatch.lang {
                Lang::En => pair.en.1,
                Lang::Zh => pair.zh.1,
            };
            let line = first_text_line(&text, start) + mismatch.line;
            errors.push(error(path.into(), line, &pair.at, &mismatch.message));
        }
    }
}

/// A text pair of a TOML file: where it is, and each text with the byte
/// offset of its value.
struct Pair {
    at: String,
    en: (String, usize),
    zh: (String, usize),
}

fn collect_table(table: &DeTable<'_>, at: &str, out: &mut Vec<Pair>) {
    let string = |key: &str| match table.get(key).map(|v| (v.get_ref(), v.span().start)) {
        Some((DeValue::String(text), start)) => Some((text.to_string(), start)),
        _ => None,
    };
    if let (Some(en), Some(zh)) = (string("en"), string("zh")) {
        out.push(Pair {
            at: at.to_string(),
            en,
            zh,
        });
    }
    for (key, value) in table.iter() {
        let at = if at.is_empty() {
            key.get_ref().to_string()
        } else {
            format!("{at}.{}", key.get_ref())
        };
        collect_value(value, &at, out);
    }
}

fn collect_value(value: &Spanned<DeValue<'_>>, at: &str, out: &mut Vec<Pair>) {
    match value.get_ref() {
        DeValue::Table(table) => collect_table(table, at, out),
        DeValue::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                collect_value(item, &format!("{at}[{}]", i + 1), out);
            }
        }
        _ => {}
    }
}

/// The line (from 1) of a string value's first line of text: a multi-line
/// string that opens with a line break starts on the next line.
fn first_text_line(text: &str, start: usize) -> usize {
    let line = line_of(text, start);
    let rest = &text[start.min(text.len())..];
    let opens_block = ["\"\"\"\n", "'''\n", "\"\"\"\r\n", "'''\r\n"]
        .iter()
        .any(|open| rest.starts_with(open));
    line + usize::from(opens_block)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_texts_have_no_mismatch_and_each_difference_is_found() {
        let base = marks("Answer `-32602` when `name` is missing.\n- one\n- two\n");
        let same = marks("缺了 `name` 时回 `-32602`。\n- 一\n- 二\n");
        assert!(compare(&base, &same).is_empty());
        let lost_span = compare(&base, &marks("缺了 name 时回 `-32602`。\n- 一\n- 二\n"));
        assert_eq!(lost_span.len(), 1, "{lost_span:?}");
        assert_eq!(lost_span[0].lang, Lang::En);
        assert!(lost_span[0].message.contains("`name`"), "{lost_span:?}");
        let other_code = compare(&base, &marks("缺了 `name` 时回 `-32601`。\n- 一\n- 二\n"));
        assert_eq!(other_code.len(), 1, "{other_code:?}");
        assert!(
            other_code[0]
                .message
                .contains("-32602 is in the en text only")
        );
        let short_list = compare(&base, &marks("缺了 `name` 时回 `-32602`。\n- 一\n"));
        assert_eq!(short_list.len(), 1, "{short_list:?}");
        assert_eq!((short_list[0].lang, short_list[0].line), (Lang::En, 2));
    }

    #[test]
    fn fenced_code_holds_no_spans_or_items_but_its_error_codes_count() {
        let text = "```json\n- x `y`\n{\"code\": -32601}\n```\nsee-32000 and x32000\n";
        let marks = marks(text);
        assert_eq!(marks.code_blocks, vec![0]);
        assert!(marks.code_spans.is_empty() && marks.bullet_items.is_empty());
        assert_eq!(marks.error_codes, vec![("-32601".to_string(), 2)]);
    }

    #[test]
    fn a_multi_line_string_starts_on_the_line_after_its_quotes() {
        let text = "a = \"x\"\nb = \"\"\"\nfirst\nsecond\"\"\"\n";
        assert_eq!(first_text_line(text, 4), 1);
        assert_eq!(first_text_line(text, text.find("\"\"\"").unwrap()), 3);
    }
}

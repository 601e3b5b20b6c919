//! Replaced Chinese terms: each lesson's `terms.zh.toml` names the Chinese
//! word the course uses for a concept and the words it `replaces`, which
//! must not come back. One course speaks one vocabulary, so every lesson's
//! list holds for every lesson's text (and `tests/` holds `src/` to it).

use crate::content::Course;
use crate::content::error::ContentError;
use crate::content::load::read_toml;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The file a lesson may keep its term list in.
pub const TERMS_FILE: &str = "terms.zh.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TermsFile {
    #[allow(dead_code)]
    format_version: u32,
    #[serde(default)]
    term: Vec<Term>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Term {
    /// The concept, in English.
    #[allow(dead_code)]
    en: String,
    /// The course's word for it (alternatives separated by `；`).
    zh: String,
    /// Where the word comes from: the source tutorial or the project.
    #[allow(dead_code)]
    from: Source,
    #[allow(dead_code)]
    #[serde(default)]
    note: Option<String>,
    /// Words used for the concept before, which must not come back.
    replaces: Vec<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum Source {
    Tutorial,
    Project,
}

/// A word that must not come back, and what may hold it.
#[derive(Clone, Debug)]
pub struct Replaced {
    pub word: String,
    /// The course's word for the concept.
    pub by: String,
    /// The term list that says so.
    pub list: PathBuf,
    /// The course's words that contain it, where it may stand.
    inside: Vec<String>,
}

/// Every replaced word of every lesson's term list; a list that cannot be
/// read is an error.
pub fn replaced_terms(course: &Course, errors: &mut Vec<ContentError>) -> Vec<Replaced> {
    let mut all = Vec::new();
    for lesson in &course.lessons {
        let path = lesson.dir.join(TERMS_FILE);
        if path.is_file()
            && let Some((file, _)) = read_toml::<TermsFile>(&path, errors)
        {
            all.extend(replaced_in_list(&path, &file.term));
        }
    }
    // A word of one list holds another list's replaced word too.
    let words: Vec<String> = all
        .iter()
        .flat_map(|r| r.by.split('；'))
        .map(str::to_string)
        .collect();
    for replaced in &mut all {
        replaced.inside = words
            .iter()
            .filter(|w| w.contains(&replaced.word) && **w != replaced.word)
            .cloned()
            .collect();
    }
    all
}

fn replaced_in_list(path: &Path, terms: &[Term]) -> Vec<Replaced> {
    terms
        .iter()
        .flat_map(|term| {
            term.replaces.iter().map(|word| Replaced {
                word: word.clone(),
                by: term.zh.clone(),
                list: path.to_path_buf(),
                inside: Vec::new(),
            })
        })
        .collect()
}

/// Each line (from 1) of `text` that holds a replaced word outside the
/// course's longer words that contain it, with the word.
pub fn uses<'a>(text: &str, terms: &'a [Replaced]) -> Vec<(usize, &'a Replaced)> {
    let mut found = Vec::new();
    for (at, line) in text.lines().enumerate() {
        for term in terms {
            let mut line = line.to_string();
            for allowed in &term.inside {
                line = line.replace(allowed.as_str(), "");
            }
            if line.contains(&term.word) {
                found.push((at + 1, term));
            }
        }
    }
    found
}

/// A replaced word found in `file` at `line`, as an error.
pub fn error(file: &Path, line: usize, term: &Replaced, root: &Path) -> ContentError {
    ContentError {
        file: file.to_path_buf(),
        line: Some(line),
        message: format!(
            "`{}` is a replaced word: write `{}` ({} lists the words this course uses)",
            term.word,
            term.by,
            term.list.strip_prefix(root).unwrap_or(&term.list).display()
        ),
    }
}

/// Every use of a replaced word in any lesson's sections and TOML files
/// (the term lists themselves aside).
pub fn check_course(course: &Course, errors: &mut Vec<ContentError>) {
    let terms = replaced_terms(course, errors);
    if terms.is_empty() {
        return;
    }
    for lesson in &course.lessons {
        let files = super::lesson_files(&lesson.dir, "md")
            .into_iter()
            .chain(super::lesson_files(&lesson.dir, "toml"))
            .filter(|path| !path.ends_with(TERMS_FILE));
        for path in files {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            for (line, term) in uses(&text, &terms) {
                errors.push(error(&path, line, term, &course.root));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replaced(word: &str, by: &str) -> Replaced {
        Replaced {
            word: word.into(),
            by: by.into(),
            list: PathBuf::from("terms.zh.toml"),
            inside: vec![by.into()],
        }
    }

    /// Made-up words: the course's own term lists hold `src/` too.
    #[test]
    fn a_replaced_word_is_found_but_not_inside_its_successor() {
        let terms = [replaced("旧说法", "新旧说法"), replaced("弃词", "用词")];
        let text = "这里有一个弃词。\n它写成新旧说法。\n只写旧说法。\n";
        let found: Vec<(usize, &str)> = uses(text, &terms)
            .into_iter()
            .map(|(line, term)| (line, term.word.as_str()))
            .collect();
        assert_eq!(found, vec![(1, "弃词"), (3, "旧说法")]);
    }
}

//! A lesson's `conformance.toml`: how the official MCP conformance suite's
//! checks meet the lesson. Its `[sections]` name the section that teaches
//! the rule a check holds a server to, and its `[[expected_failures]]` say
//! what the lesson's `[server]` exercise may fail, and why.

use std::path::PathBuf;

#[derive(Clone, Debug)]
pub struct Conformance {
    /// The file it was read from.
    pub file: PathBuf,
    /// Check-id keys (a whole id, or a prefix ending in `*`), each with the
    /// id of the section of this lesson that teaches the check's rule.
    pub sections: Vec<(String, String)>,
    /// What the lesson's `[server]` exercise may fail, group by group.
    pub expected_failures: Vec<ExpectedFailures>,
}

/// Entries of the suite's expected failures that fail for one reason.
#[derive(Clone, Debug)]
pub struct ExpectedFailures {
    /// Why they fail (for authors and teachers).
    pub why: String,
    /// `<scenario>` (the whole scenario) or `<scenario>:<check-id>`.
    pub entries: Vec<String>,
}

impl Conformance {
    /// Every expected-failure entry, in file order.
    pub fn entries(&self) -> impl Iterator<Item = &str> {
        self.expected_failures
            .iter()
            .flat_map(|group| group.entries.iter().map(String::as_str))
    }
}

/// How well a `[sections]` key names a check: an exact key beats every
/// prefix, a longer prefix a shorter one; `None` when it does not match.
pub fn key_match(key: &str, check: &str) -> Option<usize> {
    match key.strip_suffix('*') {
        Some(prefix) => check.starts_with(prefix).then_some(prefix.len()),
        None => (key == check).then_some(usize::MAX),
    }
}

/// What is wrong with a `[sections]` key or an expected-failure entry's
/// part, if anything: check and scenario ids are lowercase letters, digits
/// and `-` (a key may end in one `*`).
pub fn id_problem(id: &str, star_allowed: bool) -> Option<String> {
    let bare = if star_allowed {
        id.strip_suffix('*').unwrap_or(id)
    } else {
        id
    };
    if bare.is_empty() {
        return Some(if id.is_empty() {
            "is empty".into()
        } else {
            "is only `*`, which would send every check to one section".into()
        });
    }
    if bare.contains('*') {
        return Some(
            "has a `*` before its end: no check id holds `*`, so it could never match".into(),
        );
    }
    bare.chars()
        .find(|c| !(c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-'))
        .map(|c| {
            format!("holds `{c}`: the suite's ids are lowercase letters, digits and `-`, so it could never match")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_match_whole_ids_or_prefixes_and_the_exact_one_wins() {
        assert_eq!(key_match("sep-2322-*", "sep-2322-x"), Some(9));
        assert_eq!(
            key_match("wire-schema-valid", "wire-schema-valid"),
            Some(usize::MAX)
        );
        assert_eq!(key_match("wire-schema-valid", "wire-schema-valid-2"), None);
        assert!(key_match("sep-*", "sep-2322-x") < key_match("sep-2322-*", "sep-2322-x"));
    }

    #[test]
    fn a_key_that_could_never_match_is_named() {
        assert_eq!(id_problem("sep-2322-*", true), None);
        assert_eq!(id_problem("tools-list", false), None);
        assert!(id_problem("*", true).is_some_and(|p| p.contains("every check")));
        assert!(id_problem("sep-*-x", true).is_some_and(|p| p.contains("before its end")));
        assert!(id_problem("Tools-List", true).is_some_and(|p| p.contains("`T`")));
        assert!(id_problem("tools-*", false).is_some_and(|p| p.contains("`*`")));
        assert!(id_problem("", false).is_some_and(|p| p.contains("empty")));
    }
}

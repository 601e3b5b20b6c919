//! What must be unique across every lesson of the course. Section,
//! objective, quiz and fact ids are each lesson's own (progress keys and
//! `<lesson>/<id>` keep them apart); exercise ids and numbers are not, since
//! every exercise's files share `exercises/` and `solutions/`.

use super::relative;
use crate::content::error::ContentError;
use crate::content::model::Lesson;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub(super) fn check_unique_across_lessons(
    root: &Path,
    lessons: &[Lesson],
    errors: &mut Vec<ContentError>,
) {
    let mut ids: BTreeMap<&str, &PathBuf> = BTreeMap::new();
    let mut numbers: BTreeMap<u32, &PathBuf> = BTreeMap::new();
    for exercise in lessons.iter().flat_map(|l| &l.exercises) {
        let mut repeat = |key: &str, what: String, other: &Path| {
            errors.push(ContentError {
                file: exercise.source.clone(),
                line: key_line(&exercise.source, key),
                message: format!(
                    "{what} is also used by {}: exercise ids and numbers are unique in the course",
                    relative(root, other).display()
                ),
            });
        };
        if let Some(other) = ids.insert(&exercise.id, &exercise.source) {
            repeat("id", format!("exercise id `{}`", exercise.id), other);
        }
        if let Some(other) = numbers.insert(exercise.number, &exercise.source) {
            repeat(
                "number",
                format!("exercise number {}", exercise.number),
                other,
            );
        }
    }
}

/// The line of a top-level `key = ...` in a TOML file, to point at it.
fn key_line(path: &Path, key: &str) -> Option<usize> {
    let text = std::fs::read_to_string(path).ok()?;
    text.lines()
        .position(|line| {
            line.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map(|at| at + 1)
}

#[cfg(test)]
mod tests {
    use super::key_line;

    #[test]
    fn finds_the_key_not_a_longer_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.toml");
        std::fs::write(&path, "format_version = 1\nidentity = 2\nid = \"x\"\n").unwrap();
        assert_eq!(key_line(&path, "id"), Some(3));
        assert_eq!(key_line(&path, "number"), None);
    }
}

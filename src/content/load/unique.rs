//! What must be unique across every lesson of the course. Section,
//! objective, quiz and fact ids are each lesson's own (progress keys and
//! `<lesson>/<id>` keep them apart); exercise ids and numbers are not, since
//! every exercise's files share `exercises/` and `solutions/`.

use super::relative;
use crate::content::error::{ContentError, key_line};
use crate::content::model::Lesson;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub(super) fn check_unique_across_lessons(
    root: &Path,
    lessons: &[Lesson],
    errors: &mut Vec<ContentError>,
) {
    check_conformance_keys(root, lessons, errors);
    let mut ids: BTreeMap<&str, &PathBuf> = BTreeMap::new();
    let mut numbers: BTreeMap<u32, &PathBuf> = BTreeMap::new();
    for exercise in lessons.iter().flat_map(|l| &l.exercises) {
        let mut repeat = |key: &str, what: String, other: &Path| {
            errors.push(ContentError {
                file: exercise.source.clone(),
                line: key_line(&exercise.source, key, None),
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

/// A conformance check has one section: a `[sections]` key that another
/// lesson maps too could never be the one chosen.
fn check_conformance_keys(root: &Path, lessons: &[Lesson], errors: &mut Vec<ContentError>) {
    let mut keys: BTreeMap<&str, &PathBuf> = BTreeMap::new();
    for conformance in lessons.iter().filter_map(|l| l.conformance.as_ref()) {
        for (key, _) in &conformance.sections {
            if let Some(other) = keys.insert(key, &conformance.file) {
                errors.push(ContentError {
                    file: conformance.file.clone(),
                    line: key_line(&conformance.file, &format!("\"{key}\""), None),
                    message: format!(
                        "[sections] key `{key}` is mapped by {} too: a check has one section, so keep one",
                        relative(root, other).display()
                    ),
                });
            }
        }
    }
}

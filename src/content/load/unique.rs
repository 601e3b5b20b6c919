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

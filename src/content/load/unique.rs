//! What must be unique across every lesson of the course.

use crate::content::error::ContentError;
use crate::content::model::Lesson;
use std::collections::BTreeMap;

pub(super) fn check_unique_across_lessons(lessons: &[Lesson], errors: &mut Vec<ContentError>) {
    let mut ids = BTreeMap::new();
    let mut numbers = BTreeMap::new();
    for exercise in lessons.iter().flat_map(|l| &l.exercises) {
        if let Some(other) = ids.insert(exercise.id.clone(), exercise.source.clone()) {
            errors.push(ContentError {
                file: exercise.source.clone(),
                line: None,
                message: format!(
                    "exercise id `{}` is also used by {}",
                    exercise.id,
                    other.display()
                ),
            });
        }
        if let Some(other) = numbers.insert(exercise.number, exercise.source.clone()) {
            errors.push(ContentError {
                file: exercise.source.clone(),
                line: None,
                message: format!(
                    "exercise number {} is also used by {}",
                    exercise.number,
                    other.display()
                ),
            });
        }
    }
}

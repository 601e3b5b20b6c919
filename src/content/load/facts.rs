//! `facts.toml`: the facts a lesson's scenarios check.

use super::file_check::FileCheck;
use super::toml_file::read_toml;
use crate::content::error::ContentError;
use crate::content::model::{Exercise, Fact};
use serde::Deserialize;
use std::collections::BTreeSet;
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FactsFile {
    #[allow(dead_code)]
    format_version: u32,
    fact: Vec<Fact>,
}

/// `facts.toml`, if the lesson has one; then every scenario must name a
/// fact from it, so a typo cannot hide a gap in coverage.
pub(super) fn load_facts(
    dir: &Path,
    exercises: &[Exercise],
    errors: &mut Vec<ContentError>,
) -> Vec<Fact> {
    let path = dir.join("facts.toml");
    if !path.is_file() {
        return Vec::new();
    }
    let Some((file, text)) = read_toml::<FactsFile>(&path, errors) else {
        return Vec::new();
    };
    let mut check = FileCheck::new(path.clone(), &text, errors);
    let mut seen = BTreeSet::new();
    for fact in &file.fact {
        if !seen.insert(fact.id.clone()) {
            check.error(None, format!("fact `{}` is listed twice", fact.id));
        }
        check.localized(&format!("fact `{}`'s title", fact.id), &fact.title);
    }
    for exercise in exercises {
        for scenario in &exercise.scenarios {
            if !seen.contains(&scenario.fact) {
                check.errors.push(ContentError {
                    file: exercise.source.clone(),
                    line: scenario.steps.first().map(|s| s.line),
                    message: format!(
                        "scenario `{}` names fact `{}`, which facts.toml does not list",
                        scenario.name, scenario.fact
                    ),
                });
            }
        }
    }
    file.fact
}

//! `conformance.toml`: a lesson's section map for the conformance suite's
//! checks and its `[server]` exercise's expected failures, each checked
//! against the lesson with its line.

use super::file_check::FileCheck;
use super::toml_file::read_toml;
use crate::content::conformance::{Conformance, ExpectedFailures, id_problem};
use crate::content::error::{ContentError, ContentErrors};
use crate::content::model::{Objective, Step};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use toml::Spanned;

/// The file a lesson keeps it in.
pub const CONFORMANCE_FILE: &str = "conformance.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConformanceFile {
    #[allow(dead_code)]
    format_version: u32,
    #[serde(default)]
    sections: BTreeMap<Spanned<String>, Spanned<String>>,
    #[serde(default)]
    expected_failures: Vec<Spanned<GroupFile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GroupFile {
    why: String,
    entries: Vec<Spanned<String>>,
}

/// The lesson's `conformance.toml`, if it has one. `server` is its
/// `[server] exercise`, which the expected failures belong to.
pub(super) fn load_conformance(
    dir: &Path,
    objectives: &[Objective],
    server: Option<&str>,
    errors: &mut Vec<ContentError>,
) -> Option<Conformance> {
    let path = dir.join(CONFORMANCE_FILE);
    if !path.is_file() {
        return None;
    }
    let (file, text) = read_toml::<ConformanceFile>(&path, errors)?;
    let mut check = FileCheck::new(path.clone(), &text, errors);
    let readings: BTreeSet<&str> = objectives
        .iter()
        .flat_map(|o| &o.steps)
        .filter_map(|step| match step {
            Step::Reading(id) => Some(id.as_str()),
            _ => None,
        })
        .collect();
    let mut sections = Vec::new();
    for (key, section) in &file.sections {
        let at = Some(key.span().start);
        if let Some(problem) = id_problem(key.get_ref(), true) {
            check.error(at, format!("[sections] key `{}` {problem}", key.get_ref()));
        }
        if !readings.contains(section.get_ref().as_str()) {
            check.error(
                Some(section.span().start),
                format!(
                    "`{}` is no reading of this lesson: a check's section is one of the lesson's own (`{{ reading = \"<id>\" }}` in lesson.toml)",
                    section.get_ref()
                ),
            );
        }
        sections.push((key.get_ref().clone(), section.get_ref().clone()));
    }
    let mut seen = BTreeSet::new();
    let mut expected_failures = Vec::new();
    for group in file.expected_failures {
        let at = Some(group.span().start);
        let group = group.into_inner();
        if group.why.trim().is_empty() {
            check.error(
                at,
                "an `[[expected_failures]]` group has no `why`: say why its entries fail",
            );
        }
        if group.entries.is_empty() {
            check.error(at, "an `[[expected_failures]]` group has no `entries`");
        }
        let mut entries = Vec::new();
        for entry in group.entries {
            let at = Some(entry.span().start);
            let entry = entry.into_inner();
            if let Some(problem) = entry_problem(&entry) {
                check.error(at, format!("expected failure `{entry}` {problem}"));
            }
            if !seen.insert(entry.clone()) {
                check.error(at, format!("expected failure `{entry}` is listed twice"));
            }
            entries.push(entry);
        }
        expected_failures.push(ExpectedFailures {
            why: group.why.trim().to_string(),
            entries,
        });
    }
    if !expected_failures.is_empty() && server.is_none() {
        check.error(
            None,
            "expected failures belong to the lesson's server exercise, and lesson.toml has no `[server]`: add `[server] exercise = \"<id>\"`",
        );
    }
    Some(Conformance {
        file: path,
        sections,
        expected_failures,
    })
}

/// The expected-failure entries of a `conformance.toml` read on its own
/// (`learn conformance --expected-failures <file>`), each checked as the
/// lesson's own are.
pub fn read_expected_failures(path: &Path) -> Result<Vec<String>, ContentErrors> {
    let mut errors = Vec::new();
    let entries: Vec<String> = read_toml::<ConformanceFile>(path, &mut errors)
        .map(|(file, _)| {
            file.expected_failures
                .into_iter()
                .flat_map(|group| group.into_inner().entries)
                .map(Spanned::into_inner)
                .collect()
        })
        .unwrap_or_default();
    for entry in &entries {
        if let Some(problem) = entry_problem(entry) {
            errors.push(ContentError {
                file: path.to_path_buf(),
                line: None,
                message: format!("expected failure `{entry}` {problem}"),
            });
        }
    }
    if errors.is_empty() {
        Ok(entries)
    } else {
        Err(ContentErrors(errors))
    }
}

/// `<scenario>` or `<scenario>:<check-id>`, each a suite id.
fn entry_problem(entry: &str) -> Option<String> {
    let (scenario, check) = match entry.split_once(':') {
        Some((scenario, check)) => (scenario, Some(check)),
        None => (entry, None),
    };
    // A client scenario's name may also hold `_` (`tools_call`) and `/` (a
    // group: `auth/dpop`); check ids never do.
    id_problem(&scenario.replace(['_', '/'], "-"), false)
        .or_else(|| check.and_then(|check| id_problem(check, false)))
        .map(|problem| format!("(`<scenario>` or `<scenario>:<check-id>`) {problem}"))
}

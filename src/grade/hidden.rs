//! `--scenarios <dir>`: a teacher's hidden tests, kept outside the students'
//! repositories. `<dir>/<exercise-id>.toml` holds `[vars]` and `[[scenario]]`
//! tables in the exercise file format; they are checked like lesson content
//! and added after the exercise's own scenarios (whose seeded values do not
//! change, since each scenario draws from its own stream).

use crate::content::Course;
use crate::content::error::{ContentError, ContentErrors};
use crate::content::load::load_extra_scenarios;
use anyhow::Result;
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// Adds every file's scenarios to its exercise; returns (exercise id,
/// scenario name) of each one added.
pub fn add_hidden_scenarios(course: &mut Course, dir: &Path) -> Result<BTreeSet<(String, String)>> {
    let problem = |file: &Path, message: String| ContentError {
        file: file.to_path_buf(),
        line: None,
        message,
    };
    let mut files: Vec<_> = match fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect(),
        Err(e) => {
            return Err(ContentErrors(vec![problem(
                dir,
                format!("cannot read the hidden scenarios folder: {e}"),
            )])
            .into());
        }
    };
    files.sort();
    let mut errors = Vec::new();
    if files.is_empty() {
        errors.push(problem(
            dir,
            "holds no `<exercise-id>.toml` file of scenarios".to_string(),
        ));
    }
    let mut added = BTreeSet::new();
    for file in files {
        let id = file
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        let Some(exercise) = course
            .lessons
            .iter_mut()
            .flat_map(|l| l.exercises.iter_mut())
            .find(|e| e.id == id)
        else {
            errors.push(problem(
                &file,
                format!("there is no exercise `{id}`: name each file after an exercise id"),
            ));
            continue;
        };
        match load_extra_scenarios(&file, exercise) {
            Ok((vars, scenarios)) => {
                added.extend(
                    scenarios
                        .iter()
                        .map(|s| (exercise.id.clone(), s.name.clone())),
                );
                exercise.vars.extend(vars);
                exercise.scenarios.extend(scenarios);
            }
            Err(mut problems) => errors.append(&mut problems),
        }
    }
    if errors.is_empty() {
        Ok(added)
    } else {
        Err(ContentErrors(errors).into())
    }
}

//! `learn dev check`: validate a course folder, for lesson authors.

use super::Status;
use crate::content::Lang;
use crate::content::load::load_course;
use crate::content::project::Project;
use anyhow::{Result, anyhow};
use colored::Colorize;
use std::path::PathBuf;

pub fn check(dir: Option<PathBuf>, lang: Lang) -> Result<Status> {
    let cwd =
        std::env::current_dir().map_err(|e| anyhow!("cannot read the current folder: {e}"))?;
    let project = Project::locate(dir.as_deref(), &cwd)?;
    let course = load_course(&project.root)?;
    let exercises = course.exercises().count();
    let scenarios: usize = course.exercises().map(|e| e.scenarios.len()).sum();
    let steps = course.steps().count();
    let summary = match lang {
        Lang::En => format!(
            "ok: {} lesson(s), {steps} steps, {exercises} exercises, {scenarios} scenarios in {}",
            course.lessons.len(),
            project.root.display()
        ),
        Lang::Zh => format!(
            "通过：{} 个课程、{steps} 个步骤、{exercises} 个练习、{scenarios} 个场景，位于 {}",
            course.lessons.len(),
            project.root.display()
        ),
    };
    println!("{}", summary.green());
    Ok(Status::Success)
}

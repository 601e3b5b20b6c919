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

/// `learn dev coverage`: the fact table; fails when a fact is untaught or unchecked.
pub fn coverage(root: Option<PathBuf>, lang: Lang) -> Result<Status> {
    let cwd =
        std::env::current_dir().map_err(|e| anyhow!("cannot read the current folder: {e}"))?;
    let project = Project::locate(root.as_deref(), &cwd)?;
    let course = load_course(&project.root)?;
    let quizzes = crate::quiz::load::load_all(&course)?;
    let rows = crate::coverage::coverage(&course, &quizzes, lang);
    print!("{}", crate::coverage::markdown(&rows));
    let gaps: Vec<String> = rows
        .iter()
        .filter(|r| !r.taught() || !r.checked() || !r.one_language_only.is_empty())
        .map(|r| r.id.clone())
        .collect();
    if gaps.is_empty() {
        return Ok(Status::Success);
    }
    eprintln!(
        "{}",
        match lang {
            Lang::En => format!("not covered: {} (each fact needs a section in both languages and a scenario or quiz question)", gaps.join(", ")),
            Lang::Zh => format!("未覆盖：{}（每个事实都需要两种语言的章节，以及场景或测验题）", gaps.join("、")),
        }
        .red()
    );
    Ok(Status::Failed)
}

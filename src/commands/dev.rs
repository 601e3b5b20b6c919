//! `learn dev`: tools for lesson authors (validate, update, coverage).

use super::Status;
use crate::check::{CheckOptions, Target, check_program, prepare};
use crate::content::error::{ContentError, ContentErrors};
use crate::content::load::load_course;
use crate::content::project::Project;
use crate::content::{Course, Exercise, Lang, layout, lint};
use crate::judge::{CheckResult, Outcome};
use crate::runner::Limits;
use crate::runner::build::BuildOutput;
use anyhow::{Context, Result, anyhow};
use colored::Colorize;
use std::path::{Path, PathBuf};

/// The seeds `learn dev check --run` plays every exercise with.
const RUN_SEEDS: [u64; 3] = [1, 2, 1234567];

fn locate(dir: Option<&Path>) -> Result<Project> {
    let cwd =
        std::env::current_dir().map_err(|e| anyhow!("cannot read the current folder: {e}"))?;
    Project::locate(dir, &cwd)
}

/// `learn dev check [--run]`: the lessons load, the files that follow from
/// them are up to date, the authors' lints find nothing (`content::lint`),
/// and (with `--run`) every exercise as shipped fails
/// while its solution passes.
pub fn check(dir: Option<PathBuf>, run: bool, lang: Lang) -> Result<Status> {
    let project = locate(dir.as_deref())?;
    let course = load_course(&project.root)?;
    crate::quiz::load::load_all(&course)?;
    let mut errors = layout::check(&project.root, &course);
    errors.extend(lint::lint(&course));
    let cases = match crate::content::cases::load_cases(&course) {
        Ok(cases) => cases.len(),
        Err(problems) => {
            errors.extend(problems);
            0
        }
    };
    if !errors.is_empty() {
        return Err(relative_errors(&project, errors).into());
    }
    if run {
        let failures = run_every_exercise(&project, &course, lang)?;
        if !failures.is_empty() {
            return Err(relative_errors(&project, failures).into());
        }
    }
    let exercises = course.exercises().count();
    let scenarios: usize = course.exercises().map(|e| e.scenarios.len()).sum();
    let steps = course.steps().count();
    let summary = crate::words::of(lang).course_ok(
        course.lessons.len(),
        steps,
        exercises,
        scenarios,
        cases,
        &project.root.display().to_string(),
    );
    outln!("{}", summary.green())?;
    Ok(Status::Success)
}

/// The errors, their files named from the course folder.
fn relative_errors(project: &Project, mut errors: Vec<ContentError>) -> ContentErrors {
    for error in &mut errors {
        if let Ok(relative) = error.file.strip_prefix(&project.root) {
            error.file = relative.to_path_buf();
        }
    }
    ContentErrors(errors)
}

/// What one exercise got wrong on some seed, reported once for all seeds.
#[derive(Default)]
struct Wrong {
    /// Scenarios the solution failed (or "its build"), and on which seeds.
    solution: Vec<String>,
    solution_seeds: Vec<u64>,
    /// Scenarios the exercise as shipped passed, and on which seeds.
    shipped: Vec<String>,
    shipped_seeds: Vec<u64>,
    shipped_broken: bool,
}

/// Plays each exercise and its solution on every seed; returns what is wrong.
fn run_every_exercise(project: &Project, course: &Course, lang: Lang) -> Result<Vec<ContentError>> {
    let mut failures = Vec::new();
    for exercise in course.exercises() {
        let mut wrong = Wrong::default();
        for seed in RUN_SEEDS {
            let solution = play(project, exercise, &Target::Solution, seed)?;
            let failed = scenarios_where(&solution, false);
            if !failed.is_empty() {
                merge(&mut wrong.solution, failed);
                wrong.solution_seeds.push(seed);
            }
            let shipped = play(project, exercise, &Target::Shipped, seed)?;
            wrong.shipped_broken |= matches!(shipped, CheckResult::BuildFailed { .. });
            // A rule for every message also holds for the code an exercise
            // gives (a shipped client may already write `_meta` right): it
            // is there so that a learner who changes that code is held to it.
            let passed: Vec<String> = scenarios_where(&shipped, true)
                .into_iter()
                .filter(|name| {
                    !exercise
                        .scenarios
                        .iter()
                        .any(|s| s.every.is_some() && format!("`{}`", s.name) == *name)
                })
                .collect();
            if !passed.is_empty() {
                merge(&mut wrong.shipped, passed);
                wrong.shipped_seeds.push(seed);
            }
        }
        let at = |message: String| ContentError {
            file: exercise.source.clone(),
            line: None,
            message,
        };
        if !wrong.solution.is_empty() {
            failures.push(at(format!(
                "the solution solutions/{} fails {} (seeds {}): see `learn check {} --solution --seed {}`",
                exercise.file,
                listed(&wrong.solution),
                seeds(&wrong.solution_seeds),
                exercise.id,
                wrong.solution_seeds[0]
            )));
        }
        if wrong.shipped_broken {
            failures.push(at(format!(
                "{} as shipped does not compile: a learner's first check should reach the scenarios",
                exercise.shipped_file().display()
            )));
        }
        if !wrong.shipped.is_empty() {
            failures.push(at(format!(
                "{} as shipped already passes {} (seeds {}): a scenario a learner passes before writing anything checks nothing",
                exercise.shipped_file().display(),
                listed(&wrong.shipped),
                seeds(&wrong.shipped_seeds)
            )));
        }
        let line = crate::words::of(lang).checked_on_seeds(&exercise.id, RUN_SEEDS.len());
        errln!("{}", line.dimmed());
    }
    Ok(failures)
}

/// The scenarios that passed (`passed`) or did not; a failed build counts
/// as one failure.
fn scenarios_where(result: &CheckResult, passed: bool) -> Vec<String> {
    match result {
        CheckResult::BuildFailed { .. } if !passed => vec!["its build".to_string()],
        CheckResult::BuildFailed { .. } => Vec::new(),
        CheckResult::Ran { scenarios } => scenarios
            .iter()
            .filter(|s| (s.outcome() == Outcome::Passed) == passed)
            .map(|s| format!("`{}`", s.name))
            .collect(),
    }
}

fn merge(into: &mut Vec<String>, names: Vec<String>) {
    for name in names {
        if !into.contains(&name) {
            into.push(name);
        }
    }
}

/// At most three names, then how many more.
fn listed(names: &[String]) -> String {
    match names.len() {
        0..=3 => names.join(", "),
        n => format!("{} and {} more", names[..3].join(", "), n - 3),
    }
}

fn seeds(seeds: &[u64]) -> String {
    seeds
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn play(project: &Project, exercise: &Exercise, target: &Target, seed: u64) -> Result<CheckResult> {
    let options = CheckOptions {
        seed,
        limits: Limits::default(),
        build_output: BuildOutput::Captured,
        scenarios_at_once: crate::check::scenarios_at_once(),
    };
    Ok(
        match prepare(
            project,
            exercise,
            target,
            &project.root,
            options.build_output,
        )? {
            Ok(program) => check_program(exercise, &program, &options),
            Err(output) => CheckResult::BuildFailed { output },
        },
    )
}

/// `learn dev update`: writes the bin list and `autograding.json` from the lessons.
pub fn update(dir: Option<PathBuf>, lang: Lang) -> Result<Status> {
    let project = locate(dir.as_deref())?;
    let course = load_course(&project.root)?;
    let cargo = project.root.join(layout::CARGO_TOML);
    let current =
        std::fs::read_to_string(&cargo).with_context(|| format!("reading {}", cargo.display()))?;
    let mut written = Vec::new();
    let missing = layout::missing_exercise_files(&project.root, &course);
    for (shipped, learner) in &missing {
        std::fs::copy(shipped, learner)
            .with_context(|| format!("copying {} to {}", shipped.display(), learner.display()))?;
    }
    let copied: Vec<String> = missing
        .iter()
        .map(|(_, learner)| {
            learner
                .strip_prefix(&project.root)
                .unwrap_or(learner)
                .display()
                .to_string()
        })
        .collect();
    written.extend(copied.iter().map(String::as_str));
    let bins = layout::cargo_toml(&current, &course);
    if bins != current {
        std::fs::write(&cargo, bins).with_context(|| format!("writing {}", cargo.display()))?;
        written.push(layout::CARGO_TOML);
    }
    let autograding = project.root.join(layout::AUTOGRADING);
    // Only a course that uses GitHub Classroom keeps this file.
    if autograding.is_file() {
        let text = serde_json::to_string_pretty(&layout::autograding(&course))? + "\n";
        if std::fs::read_to_string(&autograding).ok().as_deref() != Some(text.as_str()) {
            std::fs::write(&autograding, text)
                .with_context(|| format!("writing {}", autograding.display()))?;
            written.push(layout::AUTOGRADING);
        }
    }
    let w = crate::words::of(lang);
    let message = if written.is_empty() {
        w.up_to_date().to_string()
    } else {
        w.wrote(&written)
    };
    outln!("{}", message.green())?;
    Ok(Status::Success)
}

/// `learn dev coverage`: each lesson's fact table (or the named lesson's);
/// fails when a fact is untaught or unchecked.
pub fn coverage(root: Option<PathBuf>, lesson: Option<&str>, lang: Lang) -> Result<Status> {
    let project = locate(root.as_deref())?;
    let course = load_course(&project.root)?;
    let quizzes = crate::quiz::load::load_all(&course)?;
    let lessons: Vec<&crate::content::Lesson> = match lesson {
        Some(id) => vec![course.lesson(id).with_context(|| {
            let ids: Vec<&str> = course.lessons.iter().map(|l| l.id.as_str()).collect();
            format!(
                "there is no lesson `{id}`: the lessons are {}",
                ids.join(", ")
            )
        })?],
        None => course.lessons.iter().collect(),
    };
    let mut gaps: Vec<String> = Vec::new();
    for lesson in lessons {
        let rows = crate::coverage::coverage(lesson, &quizzes, lang);
        out!("{}", crate::coverage::markdown(&rows))?;
        gaps.extend(
            rows.iter()
                .filter(|r| !r.taught() || !r.checked() || !r.one_language_only.is_empty())
                .map(|r| format!("{}{}", course.fact_prefix(&lesson.id), r.id)),
        );
    }
    if gaps.is_empty() {
        return Ok(Status::Success);
    }
    errln!("{}", crate::words::of(lang).not_covered(&gaps).red());
    Ok(Status::Failed)
}

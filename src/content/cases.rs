//! A lesson's test programs and what each must do (`programs/cases.toml`):
//! for each program (with its arguments) and exercise, the scenarios it fails
//! on which seeds (none: it passes them all), and words its feedback must or
//! must not hold. Read and checked here, for `learn dev check`; the test
//! suite runs them (`tests/it/cases.rs`), for every lesson of a course.

use super::Course;
use super::error::{ContentError, line_of};
use super::load::read_toml;
use super::model::{Exercise, Lesson};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};
use toml::Spanned;

/// Where a lesson keeps its cases, relative to the lesson's folder.
pub const CASES_FILE: &str = "programs/cases.toml";
/// The seeds a case is checked on when it names none.
pub const DEFAULT_SEEDS: [u64; 3] = [1, 2, 3];
/// The longest `timeout` a case may ask for, in seconds.
const MAX_TIMEOUT: f64 = 120.0;

/// One program, with its arguments, against one or more exercises.
#[derive(Clone, Debug, PartialEq)]
pub struct Case {
    /// The `cases.toml` it is written in, and the line of its `[[case]]`.
    pub file: PathBuf,
    pub line: usize,
    /// The program file; it runs as `python3 <program> <args>`.
    pub program: PathBuf,
    pub args: Vec<String>,
    pub exercises: Vec<String>,
    pub seeds: Vec<u64>,
    /// Seconds each scenario may take (`learn check --timeout`), if set.
    pub timeout: Option<f64>,
    /// The scenarios it must fail, every one and no other; empty: it passes.
    pub fails: Vec<String>,
    /// Words each in the feedback of some scenario it fails.
    pub says: Vec<String>,
    /// Words in the feedback of no scenario it fails.
    pub never: Vec<String>,
    /// One line: what the program does, shown when the case breaks.
    pub why: String,
}

impl Case {
    /// The command line for `learn check --cmd`.
    pub fn command(&self) -> String {
        let program = self.program.to_string_lossy();
        std::iter::once(program.as_ref())
            .chain(self.args.iter().map(String::as_str))
            .fold("python3".to_string(), |line, word| {
                let quoted = shlex::try_quote(word).unwrap_or_else(|_| word.into());
                format!("{line} {quoted}")
            })
    }

    /// The program as written in the case, with its arguments.
    pub fn label(&self) -> String {
        let name = self
            .file
            .parent()
            .and_then(|folder| self.program.strip_prefix(folder).ok())
            .unwrap_or(&self.program);
        std::iter::once(name.display().to_string())
            .chain(self.args.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CasesFile {
    #[allow(dead_code)]
    format_version: u32,
    #[serde(default)]
    case: Vec<Spanned<CaseFile>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CaseFile {
    program: Spanned<String>,
    #[serde(default)]
    args: Vec<String>,
    exercise: Spanned<OneOrMany>,
    seeds: Option<Spanned<Vec<i64>>>,
    timeout: Option<Spanned<f64>>,
    fails: Vec<Spanned<String>>,
    #[serde(default)]
    says: Vec<Spanned<String>>,
    #[serde(default)]
    never: Vec<Spanned<String>>,
    why: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

/// Every case of every lesson of `course`, or every problem found in them,
/// each with its file and line.
pub fn load_cases(course: &Course) -> Result<Vec<Case>, Vec<ContentError>> {
    let mut cases = Vec::new();
    let mut errors = Vec::new();
    for lesson in &course.lessons {
        cases.extend(lesson_cases(lesson, &mut errors));
    }
    if errors.is_empty() {
        Ok(cases)
    } else {
        Err(errors)
    }
}

/// One lesson's cases; a lesson with no `programs/` folder has none.
fn lesson_cases(lesson: &Lesson, errors: &mut Vec<ContentError>) -> Vec<Case> {
    let folder = lesson.dir.join("programs");
    let path = lesson.dir.join(CASES_FILE);
    let programs = program_files(&folder);
    if !path.is_file() {
        if !programs.is_empty() {
            errors.push(ContentError {
                file: folder,
                line: None,
                message: format!(
                    "holds programs but no `cases.toml` that says what each must do ({})",
                    programs[0].display()
                ),
            });
        }
        return Vec::new();
    }
    let Some((file, text)) = read_toml::<CasesFile>(&path, errors) else {
        return Vec::new();
    };
    let mut check = CaseCheck {
        path: &path,
        text: &text,
        lesson,
        errors,
    };
    let cases: Vec<Case> = file
        .case
        .into_iter()
        .filter_map(|case| check.case(&folder, case))
        .collect();
    check.repeats(&cases);
    for program in programs {
        if !cases.iter().any(|c| c.program == folder.join(&program)) {
            check.error(
                None,
                format!(
                    "no case runs `{}`: add one, or name a helper other programs import `_<name>.py`",
                    program.display()
                ),
            );
        }
    }
    cases
}

/// The `.py` files under `folder`, as paths relative to it, sorted; helper
/// modules (`_name.py`) are not programs of their own.
fn program_files(folder: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![folder.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() && !name.starts_with(['.', '_']) {
                pending.push(path);
            } else if name.ends_with(".py") && !name.starts_with('_') {
                found.extend(path.strip_prefix(folder).ok().map(Path::to_path_buf));
            }
        }
    }
    found.sort();
    found
}

struct CaseCheck<'a> {
    path: &'a Path,
    text: &'a str,
    lesson: &'a Lesson,
    errors: &'a mut Vec<ContentError>,
}

impl CaseCheck<'_> {
    fn error(&mut self, offset: Option<usize>, message: String) {
        self.errors.push(ContentError {
            file: self.path.to_path_buf(),
            line: offset.map(|at| line_of(self.text, at)),
            message,
        });
    }

    /// One `[[case]]`, checked against the lesson; `None` when it is wrong.
    fn case(&mut self, folder: &Path, spanned: Spanned<CaseFile>) -> Option<Case> {
        let at = spanned.span().start;
        let case = spanned.into_inner();
        let before = self.errors.len();
        let program = self.program(folder, &case.program);
        let exercises = self.exercises(&case.exercise);
        let seeds = self.seeds(at, case.seeds.as_ref());
        let timeout = case.timeout.as_ref().map(|t| {
            let seconds = *t.get_ref();
            if !(seconds > 0.0 && seconds <= MAX_TIMEOUT) {
                self.error(
                    Some(t.span().start),
                    format!("`timeout = {seconds}`: give seconds above 0, at most {MAX_TIMEOUT}"),
                );
            }
            seconds
        });
        for exercise in &exercises {
            self.scenarios_exist(exercise, &case.fails);
        }
        self.words(at, &case);
        let why = case.why.get_ref().trim();
        if why.is_empty() || why.contains('\n') {
            self.error(
                Some(case.why.span().start),
                "`why` is one line that says what the program does (shown when the case breaks)"
                    .to_string(),
            );
        }
        let text = |list: &[Spanned<String>]| list.iter().map(|s| s.get_ref().clone()).collect();
        (self.errors.len() == before).then(|| Case {
            file: self.path.to_path_buf(),
            line: line_of(self.text, at),
            program,
            args: case.args.clone(),
            exercises,
            seeds,
            timeout,
            fails: text(&case.fails),
            says: text(&case.says),
            never: text(&case.never),
            why: why.to_string(),
        })
    }

    /// The program's path: a `.py` file inside the lesson's `programs/`.
    fn program(&mut self, folder: &Path, program: &Spanned<String>) -> PathBuf {
        let relative = Path::new(program.get_ref());
        let inside = relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
        let path = folder.join(relative);
        let problem = if !inside {
            Some("is not a path inside this `programs/` folder")
        } else if relative.extension().is_none_or(|e| e != "py") {
            Some("is not a Python file (`.py`): programs run as `python3 <program>`")
        } else if !path.is_file() {
            Some("does not exist in this `programs/` folder")
        } else {
            None
        };
        if let Some(problem) = problem {
            self.error(
                Some(program.span().start),
                format!("`program = \"{}\"` {problem}", program.get_ref()),
            );
        }
        path
    }

    /// The exercise ids, each one of this lesson's.
    fn exercises(&mut self, exercise: &Spanned<OneOrMany>) -> Vec<String> {
        let ids = match exercise.get_ref() {
            OneOrMany::One(id) => vec![id.clone()],
            OneOrMany::Many(ids) => ids.clone(),
        };
        let offset = Some(exercise.span().start);
        if ids.is_empty() {
            self.error(offset, "`exercise = []` names no exercise".to_string());
        }
        for (i, id) in ids.iter().enumerate() {
            if ids[..i].contains(id) {
                self.error(offset, format!("exercise `{id}` is named twice"));
            } else if !self.lesson.exercises.iter().any(|e| &e.id == id) {
                let known: Vec<&str> = self
                    .lesson
                    .exercises
                    .iter()
                    .map(|e| e.id.as_str())
                    .collect();
                self.error(
                    offset,
                    format!(
                        "lesson `{}` has no exercise `{id}`: its exercises are {}",
                        self.lesson.id,
                        known.join(", ")
                    ),
                );
            }
        }
        ids
    }

    fn seeds(&mut self, at: usize, seeds: Option<&Spanned<Vec<i64>>>) -> Vec<u64> {
        let Some(seeds) = seeds else {
            return DEFAULT_SEEDS.to_vec();
        };
        let offset = Some(seeds.span().start);
        let mut kept: Vec<u64> = Vec::new();
        for &seed in seeds.get_ref() {
            match u64::try_from(seed) {
                Ok(seed) if kept.contains(&seed) => {
                    self.error(offset, format!("seed {seed} is listed twice"));
                }
                Ok(seed) => kept.push(seed),
                Err(_) => self.error(offset, format!("seed {seed} is negative")),
            }
        }
        if seeds.get_ref().is_empty() {
            self.error(
                Some(at),
                "`seeds = []`: leave it out for the default seeds 1, 2 and 3".to_string(),
            );
        }
        kept
    }

    /// Each scenario `fails` names is one of `exercise`'s, named once.
    fn scenarios_exist(&mut self, exercise: &str, fails: &[Spanned<String>]) {
        let Some(exercise) = self.lesson.exercises.iter().find(|e| e.id == exercise) else {
            return;
        };
        for (i, name) in fails.iter().enumerate() {
            let offset = Some(name.span().start);
            if fails[..i].iter().any(|n| n.get_ref() == name.get_ref()) {
                self.error(
                    offset,
                    format!("scenario `{}` is named twice", name.get_ref()),
                );
            } else if !has_scenario(exercise, name.get_ref()) {
                let near = nearest(exercise, name.get_ref())
                    .map(|n| format!(" (did you mean `{n}`?)"))
                    .unwrap_or_default();
                self.error(
                    offset,
                    format!(
                        "exercise `{}` has no scenario `{}`{near}",
                        exercise.id,
                        name.get_ref()
                    ),
                );
            }
        }
    }

    /// `says` and `never` need a failure to be said in, and hold words.
    fn words(&mut self, at: usize, case: &CaseFile) {
        if case.fails.is_empty() && !(case.says.is_empty() && case.never.is_empty()) {
            self.error(
                Some(at),
                "`says` and `never` are about the feedback of failing scenarios: this case fails none"
                    .to_string(),
            );
        }
        for word in case.says.iter().chain(&case.never) {
            if word.get_ref().trim().is_empty() {
                self.error(
                    Some(word.span().start),
                    "an empty text says nothing".to_string(),
                );
            }
        }
    }

    /// The same program, arguments and exercise twice on one seed.
    fn repeats(&mut self, cases: &[Case]) {
        let mut seen: BTreeMap<(PathBuf, Vec<String>, String, u64), usize> = BTreeMap::new();
        for case in cases {
            for exercise in &case.exercises {
                for &seed in &case.seeds {
                    let key = (
                        case.program.clone(),
                        case.args.clone(),
                        exercise.clone(),
                        seed,
                    );
                    if let Some(first) = seen.insert(key, case.line) {
                        self.errors.push(ContentError {
                            file: self.path.to_path_buf(),
                            line: Some(case.line),
                            message: format!(
                                "`{}` on `{exercise}`, seed {seed}, is already a case at line {first}: merge them",
                                case.label()
                            ),
                        });
                    }
                }
            }
        }
    }
}

fn has_scenario(exercise: &Exercise, name: &str) -> bool {
    exercise.scenarios.iter().any(|s| s.name == name)
}

/// The scenario name closest to a mistyped one, if one is close.
fn nearest<'a>(exercise: &'a Exercise, name: &str) -> Option<&'a str> {
    exercise
        .scenarios
        .iter()
        .map(|s| (strsim::jaro_winkler(&s.name, name), s.name.as_str()))
        .filter(|(score, _)| *score > 0.85)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(program: &str, args: &[&str]) -> Case {
        Case {
            file: PathBuf::from("/c/lessons/l/programs/cases.toml"),
            line: 3,
            program: PathBuf::from("/c/lessons/l/programs").join(program),
            args: args.iter().map(|a| a.to_string()).collect(),
            exercises: vec!["e".into()],
            seeds: DEFAULT_SEEDS.to_vec(),
            timeout: None,
            fails: Vec::new(),
            says: Vec::new(),
            never: Vec::new(),
            why: "w".into(),
        }
    }

    #[test]
    fn the_command_quotes_what_the_shell_would_split() {
        let case = case("wrong/x.py", &["--defect", "two words"]);
        assert_eq!(
            case.command(),
            "python3 /c/lessons/l/programs/wrong/x.py --defect 'two words'"
        );
        assert_eq!(case.label(), "wrong/x.py --defect two words");
    }
}

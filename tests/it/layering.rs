//! Arrows one way: `src/content` (lesson data: files and formats) uses no
//! engine module (runner, judge, check, quiz, grade, explain, serve,
//! progress, coverage) and no front-end module (cli, app, commands, render).
//! The scan reads every `crate::` path in `src/content`, so a new import of
//! either kind turns this test red, naming the file and line.
//!
//! The engine (runner, judge, check, quiz, grade, explain, serve, progress,
//! coverage, referees) and the shared `wire` module use no front-end module
//! and never word anything: they do not import `words` (the catalog of
//! messages); they return typed results, which `commands/` and `render/`
//! put into words. The top-level modules import each other without a cycle.
//!
//! Small files: no file under `src/` has more than `MAX_LINES_OF_CODE` lines
//! of code (see `lines_of_code`); the test names each file over it.
//!
//! Content is data: the production code of `src/` names no id of the course
//! (lesson, exercise, reading, objective and quiz ids, and the tools its SDK
//! steps call), read from the lessons themselves, save the engine words of
//! `ENGINE_WORDS`.

use std::fs;
use std::path::Path;

/// The modules `content` may name: itself.
const ALLOWED: &[&str] = &["content"];

/// The front end and its words: what the engine may never name.
const FRONT_END: &[&str] = &["cli", "app", "commands", "render", "words"];

/// The engine and the shared modules below the front end.
const BELOW_FRONT_END: &[&str] = &[
    "check", "coverage", "explain", "grade", "judge", "progress", "quiz", "referees", "runner",
    "serve", "wire",
];

/// Every `crate::<module>` that `text` names, with its line, outside `ALLOWED`.
/// `use crate::{a, b::c}` names each of `a` and `b`.
fn outside_imports(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let names: Vec<String> = if let Some(group) = rest.strip_prefix('{') {
                let inner = group.split('}').next().unwrap_or("");
                inner
                    .split(',')
                    .map(|part| part.trim().split("::").next().unwrap_or("").to_string())
                    .collect()
            } else {
                vec![
                    rest.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .next()
                        .unwrap_or("")
                        .to_string(),
                ]
            };
            for name in names {
                if !name.is_empty() && !ALLOWED.contains(&name.as_str()) {
                    found.push((index + 1, name));
                }
            }
        }
    }
    found
}

fn rust_files(dir: &Path, into: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("read folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path);
        }
    }
}

fn content_imports_no_engine_or_front_end_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/content"), &mut files);
    files.sort();
    assert!(files.len() > 5, "src/content has its files");
    let mut wrong = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("read");
        for (line, module) in outside_imports(&text) {
            wrong.push(format!(
                "{}:{line}: crate::{module}",
                file.strip_prefix(root).unwrap_or(file).display()
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "src/content must not use engine or front-end modules:\n{}",
        wrong.join("\n")
    );
}

/// A module a file names: the module, the line, the file.
type Import = (String, usize, String);

/// Every top-level module of `src/` (a folder or a file) and the top-level
/// modules its code names (unit tests left out).
fn module_imports(root: &Path) -> Vec<(String, Vec<Import>)> {
    let mut modules = Vec::new();
    for entry in fs::read_dir(root.join("src")).expect("read src") {
        let path = entry.expect("entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("")
            .to_string();
        if ["lib", "main"].contains(&name.as_str()) {
            continue;
        }
        let mut files = Vec::new();
        if path.is_dir() {
            rust_files(&path, &mut files);
        } else {
            files.push(path.clone());
        }
        files.sort();
        let mut names = Vec::new();
        for file in files {
            let text = fs::read_to_string(&file).expect("read");
            let code = text.split("\n#[cfg(test)]").next().unwrap_or("");
            let shown = file
                .strip_prefix(root)
                .unwrap_or(&file)
                .display()
                .to_string();
            for (line, module) in outside_imports(code) {
                if module != name {
                    names.push((module, line, shown.clone()));
                }
            }
        }
        modules.push((name, names));
    }
    modules.sort();
    modules
}

/// Each import of a front-end module (or of `words`) by the engine, as
/// `file:line: crate::module`.
fn engine_imports_of_front_end(modules: &[(String, Vec<Import>)]) -> Vec<String> {
    let mut wrong = Vec::new();
    for (module, names) in modules {
        if !BELOW_FRONT_END.contains(&module.as_str()) {
            continue;
        }
        for (name, line, file) in names {
            if FRONT_END.contains(&name.as_str()) {
                wrong.push(format!("{file}:{line}: crate::{name}"));
            }
        }
    }
    wrong
}

fn the_engine_imports_no_front_end_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let modules = module_imports(root);
    assert!(modules.len() > 10, "src has its modules");
    let wrong = engine_imports_of_front_end(&modules);
    assert!(
        wrong.is_empty(),
        "the engine must not use the front end (cli, app, commands, render) nor word anything (words): return a typed result and word it in commands/ or render/:\n{}",
        wrong.join("\n")
    );
}

fn an_engine_module_that_words_something_is_named() {
    let planted = "use crate::content::Lang;\nfn f() { let w = crate::words::of(Lang::En); }\n";
    let imports = |file: &str| -> Vec<Import> {
        outside_imports(planted)
            .into_iter()
            .map(|(line, module)| (module, line, file.to_string()))
            .collect()
    };
    let modules = vec![
        ("quiz".to_string(), imports("src/quiz/score.rs")),
        ("commands".to_string(), imports("src/commands/quiz/ask.rs")),
    ];
    assert_eq!(
        engine_imports_of_front_end(&modules),
        ["src/quiz/score.rs:2: crate::words"],
        "the engine's import is named, the front end's is not"
    );
}

fn the_top_level_modules_import_each_other_without_a_cycle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let modules = module_imports(root);
    let edges = |module: &str| -> Vec<String> {
        modules
            .iter()
            .find(|(m, _)| m == module)
            .map(|(_, names)| names.iter().map(|(n, _, _)| n.clone()).collect())
            .unwrap_or_default()
    };
    // Depth-first from every module: reaching a module already on the path
    // is a cycle, shown as the path that closes it.
    fn walk(
        module: &str,
        path: &mut Vec<String>,
        edges: &dyn Fn(&str) -> Vec<String>,
        cycles: &mut Vec<String>,
    ) {
        if let Some(at) = path.iter().position(|m| m == module) {
            let mut cycle = path[at..].to_vec();
            cycle.push(module.to_string());
            cycles.push(cycle.join(" -> "));
            return;
        }
        if path.len() > 20 {
            return;
        }
        path.push(module.to_string());
        let mut next = edges(module);
        next.sort();
        next.dedup();
        for n in next {
            walk(&n, path, edges, cycles);
        }
        path.pop();
    }
    let mut cycles = Vec::new();
    for (module, _) in &modules {
        walk(module, &mut Vec::new(), &edges, &mut cycles);
    }
    cycles.sort();
    cycles.dedup();
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
}

fn the_scan_finds_each_form_of_import() {
    let text = "use crate::content::Lang;\n\
                use crate::runner::Limits;\n\
                use crate::{content::model, judge::Verdict};\n\
                let x = crate::quiz::load::load_all(&course); // crate::app in a comment\n\
                fn f() -> crate::render::Style {}\n";
    assert_eq!(
        outside_imports(text),
        [
            (2, "runner".to_string()),
            (3, "judge".to_string()),
            (4, "quiz".to_string()),
            (5, "render".to_string()),
        ]
    );
}

/// The most lines of code a file under `src/` may hold.
const MAX_LINES_OF_CODE: usize = 400;

/// Lines of code: non-blank lines that are not `//` comments (doc comments
/// included), before the file's first `#[cfg(test)]` at the start of a line
/// (unit tests beside the code do not count).
fn lines_of_code(text: &str) -> usize {
    text.lines()
        .take_while(|line| !line.starts_with("#[cfg(test)]"))
        .map(|line| line.trim_start_matches([' ', '\t']))
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
        .count()
}

fn no_source_file_is_over_400_lines_of_code() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    assert!(files.len() > 50, "src has its files");
    let mut large = Vec::new();
    for file in &files {
        let count = lines_of_code(&fs::read_to_string(file).expect("read"));
        if count > MAX_LINES_OF_CODE {
            large.push(format!(
                "{}: {count} lines of code",
                file.strip_prefix(root).unwrap_or(file).display()
            ));
        }
    }
    assert!(
        large.is_empty(),
        "files over {MAX_LINES_OF_CODE} lines of code (split them by job; unit tests after `#[cfg(test)]` do not count):\n{}",
        large.join("\n")
    );
}

fn lines_of_code_skip_blanks_comments_and_unit_tests() {
    let text = "//! The module.\n\
                \n\
                use std::fs;\n\
                \t// an indented comment\n\
                /// a doc comment\n\
                fn f() {\n\
                \t  let x = 1; // trailing\n\
                }\n\
                #[cfg(test)]\n\
                mod tests {}\n";
    assert_eq!(lines_of_code(text), 4);
}

/// Words of `src/` that are also ids of the course, each for a reason.
const ENGINE_WORDS: &[(&str, &str)] = &[
    (
        "recap",
        "`learn recap` shows the section of this id in the learner's lesson (docs/authoring.md)",
    ),
    (
        "mcp-client",
        "an exercise kind (content/model.rs): a client that speaks first to a server the scenario scripts; lesson 3 shares the name",
    ),
];

/// The ids a lesson defines: its own, its exercises', readings' and
/// objectives' (and so quizzes').
fn lesson_ids() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let course = learn::content::load::load_course(root).expect("the course loads");
    let mut ids = Vec::new();
    for lesson in &course.lessons {
        ids.push(lesson.id.clone());
        ids.extend(lesson.exercises.iter().map(|e| e.id.clone()));
        for objective in &lesson.objectives {
            ids.push(objective.id.clone());
            ids.extend(objective.steps.iter().map(|s| s.id().to_string()));
        }
    }
    ids.retain(|id| {
        !matches!(id.as_str(), "opening" | "closing")
            && !ENGINE_WORDS.iter().any(|(word, _)| word == id)
    });
    ids.sort();
    ids.dedup();
    ids
}

/// The tools a lesson's SDK steps list and call: English words (`add`),
/// so named only as a whole string literal or code span.
fn tool_names() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let course = learn::content::load::load_course(root).expect("the course loads");
    let mut tools: Vec<String> = course
        .lessons
        .iter()
        .flat_map(|l| l.interop.iter().flat_map(|i| &i.steps))
        .flat_map(|step| {
            let called = step
                .call
                .iter()
                .map(|c| c.split("${").next().unwrap_or(c).to_string());
            step.list_tools.iter().flatten().cloned().chain(called)
        })
        .collect();
    tools.sort();
    tools.dedup();
    tools
}

/// Every whole string literal and code span of `text`'s production code,
/// with its line.
fn quoted(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (index, line) in text
        .lines()
        .take_while(|line| !line.starts_with("#[cfg(test)]"))
        .enumerate()
    {
        for quote in ['"', '`'] {
            let pieces: Vec<&str> = line.split(quote).collect();
            let whole = (pieces.len() - 1) / 2;
            for piece in pieces.iter().skip(1).step_by(2).take(whole) {
                found.push((index + 1, (*piece).to_string()));
            }
        }
    }
    found
}

/// The words of `text` where content could be named: inside string
/// literals and `code spans`, in lowercase runs of letters, digits and `-`
/// (a word beside `/` is part of a path or a method name, as
/// `subscriptions/listen`, and is left out), each with its line.
fn named_words(text: &str) -> Vec<(usize, String)> {
    let is_word = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
    let mut found = Vec::new();
    for (line, quoted) in quoted(text) {
        let mut rest = quoted.as_str();
        while let Some(start) = rest.find(is_word) {
            let before = rest[..start].chars().last();
            let tail = &rest[start..];
            let end = tail.find(|c: char| !is_word(c)).unwrap_or(tail.len());
            let after = tail[end..].chars().next();
            if before != Some('/') && after != Some('/') {
                found.push((line, tail[..end].to_string()));
            }
            rest = &tail[end..];
        }
    }
    found
}

fn src_names_no_lesson_content() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ids = lesson_ids();
    assert!(
        ids.iter().any(|id| id == "capstone"),
        "the ids are read: {ids:?}"
    );
    let tools = tool_names();
    assert!(
        tools.iter().any(|t| t == "greet"),
        "the tools are read: {tools:?}"
    );
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    let mut named = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("read");
        let words = named_words(&text)
            .into_iter()
            .filter(|(_, w)| ids.contains(w));
        let tools = quoted(&text).into_iter().filter(|(_, q)| tools.contains(q));
        for (line, word) in words.chain(tools) {
            named.push(format!(
                "{}:{line}: {word}",
                file.strip_prefix(root).unwrap_or(file).display()
            ));
        }
    }
    assert!(
        named.is_empty(),
        "src/ names lesson content (move it into lessons/, or say why it is an engine word in ENGINE_WORDS):\n{}",
        named.join("\n")
    );
}

fn the_scan_finds_ids_in_strings_and_code_spans_but_not_in_paths() {
    let text = "/// Shows `o2-silence` (see src/x.rs).\n\
                let a = \"exercise:id-echo\"; let m = \"subscriptions/listen\";\n\
                let capstone = 1;\n\
                #[cfg(test)]\n\
                const T: &str = \"id-echo\";\n";
    let words: Vec<(usize, String)> = named_words(text)
        .into_iter()
        .filter(|(_, w)| {
            [
                "o2-silence",
                "id-echo",
                "subscriptions",
                "capstone",
                "exercise",
            ]
            .contains(&w.as_str())
        })
        .collect();
    assert_eq!(
        words,
        vec![
            (1, "o2-silence".to_string()),
            (2, "exercise".to_string()),
            (2, "id-echo".to_string()),
        ]
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(content_imports_no_engine_or_front_end_module),
        test!(the_engine_imports_no_front_end_module),
        test!(an_engine_module_that_words_something_is_named),
        test!(the_top_level_modules_import_each_other_without_a_cycle),
        test!(the_scan_finds_each_form_of_import),
        test!(no_source_file_is_over_400_lines_of_code),
        test!(lines_of_code_skip_blanks_comments_and_unit_tests),
        test!(src_names_no_lesson_content),
        test!(the_scan_finds_ids_in_strings_and_code_spans_but_not_in_paths),
    ]
}

//! Arrows one way: `src/content` (lesson data: files and formats) uses no
//! engine module (runner, judge, check, quiz, grade, explain, serve,
//! progress, coverage) and no front-end module (cli, app, commands, render).
//! The scan reads every `crate::` path in `src/content`, so a new import of
//! either kind turns this test red, naming the file and line.

use std::fs;
use std::path::Path;

/// The modules `content` may name: itself.
const ALLOWED: &[&str] = &["content"];

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

#[test]
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

#[test]
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

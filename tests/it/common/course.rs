//! The repository's exercises as their lesson files say, for the grading tests.

use std::fs;

/// One exercise of the repository's course.
#[derive(Clone, Debug)]
pub struct Exercise {
    pub id: String,
    pub number: i64,
    pub file: String,
    pub points: u64,
    /// The lesson folder that holds it (`01-mcp-messages`).
    pub lesson: String,
}

/// Every exercise of every lesson, by number.
pub fn course() -> Vec<Exercise> {
    let mut all = Vec::new();
    for lesson in fs::read_dir(super::repo().join("lessons")).expect("lessons") {
        let lesson = lesson.expect("entry").path();
        let name = lesson
            .file_name()
            .expect("a lesson folder")
            .to_string_lossy()
            .into_owned();
        for path in fs::read_dir(lesson.join("exercises")).expect("exercise folder") {
            let path = path.expect("entry").path();
            if path.extension().is_none_or(|e| e != "toml") {
                continue;
            }
            let table: toml::Table =
                toml::from_str(&fs::read_to_string(&path).expect("read")).expect("exercise TOML");
            all.push(Exercise {
                id: table["id"].as_str().expect("id").into(),
                number: table["number"].as_integer().expect("number"),
                file: table["file"].as_str().expect("file").into(),
                points: table["points"].as_integer().expect("points") as u64,
                lesson: name.clone(),
            });
        }
    }
    all.sort_by_key(|e| e.number);
    all
}

impl Exercise {
    /// The lesson's own copy of the exercise file, as shipped (whatever this
    /// checkout's `exercises/` holds).
    pub fn shipped_file(&self) -> std::path::PathBuf {
        self.lesson_folder().join(&self.file)
    }

    /// `lessons/<lesson>/exercises` in the repository.
    pub fn lesson_folder(&self) -> std::path::PathBuf {
        super::repo()
            .join("lessons")
            .join(&self.lesson)
            .join("exercises")
    }
}

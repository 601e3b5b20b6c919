//! The repository's exercises as their lesson files say, for the grading tests.

use std::fs;

/// One exercise of the repository's course.
#[derive(Clone, Debug)]
pub struct Exercise {
    pub id: String,
    pub number: i64,
    pub file: String,
    pub points: u64,
}

/// Every exercise, by number.
pub fn course() -> Vec<Exercise> {
    let dir = super::repo().join("lessons/mcp-messages/exercises");
    let mut all: Vec<Exercise> = fs::read_dir(&dir)
        .expect("exercise folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|path| {
            let table: toml::Table =
                toml::from_str(&fs::read_to_string(&path).expect("read")).expect("exercise TOML");
            Exercise {
                id: table["id"].as_str().expect("id").into(),
                number: table["number"].as_integer().expect("number"),
                file: table["file"].as_str().expect("file").into(),
                points: table["points"].as_integer().expect("points") as u64,
            }
        })
        .collect();
    all.sort_by_key(|e| e.number);
    all
}

impl Exercise {
    /// The lesson's own copy of the exercise file, as shipped (whatever this
    /// checkout's `exercises/` holds).
    pub fn shipped_file(&self) -> std::path::PathBuf {
        super::repo()
            .join("lessons/mcp-messages/exercises")
            .join(&self.file)
    }
}

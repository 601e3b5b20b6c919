//! A private copy of the course to measure in: the bench edits exercise
//! files and writes progress there, never in the repository.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// What a learner's clone holds (cargo reads the root manifest, and so its
/// targets, whenever it builds the harness).
const COURSE_ITEMS: [&str; 8] = [
    "Cargo.toml",
    "src",
    "benches",
    "Cargo.lock",
    "lessons",
    "exercises",
    "solutions",
    "harness",
];

pub struct Course {
    pub root: PathBuf,
    pub learn: PathBuf,
}

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn copy_tree(from: &Path, to: &Path) {
    if from.is_file() {
        fs::create_dir_all(to.parent().expect("parent")).expect("create folder");
        fs::copy(from, to).expect("copy file");
        return;
    }
    fs::create_dir_all(to).expect("create folder");
    for entry in fs::read_dir(from).expect("read folder") {
        let entry = entry.expect("entry");
        copy_tree(&entry.path(), &to.join(entry.file_name()));
    }
}

impl Course {
    /// A fresh copy under `dir`: nothing built yet.
    pub fn copy_into(dir: &Path, learn: PathBuf) -> Course {
        for item in COURSE_ITEMS {
            copy_tree(&repo().join(item), &dir.join(item));
        }
        Course {
            root: dir.to_path_buf(),
            learn,
        }
    }

    /// `learn` as a learner starts it: from inside the course, plain output.
    pub fn learn(&self) -> Command {
        let mut command = Command::new(&self.learn);
        command
            .current_dir(&self.root)
            .env("NO_COLOR", "1")
            .env("LANG", "C.UTF-8")
            .env_remove("LEARN_ROOT")
            .env_remove("LEARN_LANG");
        command
    }

    /// The bare cargo build `learn check` stands on: the same bin, package
    /// and target folder.
    pub fn cargo_build(&self, bin: &str) -> Command {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut command = Command::new(cargo);
        command
            .current_dir(&self.root)
            .args(["build", "--quiet", "--package", "learn-exercises", "--bin"])
            .arg(bin)
            .arg("--target-dir")
            .arg(self.root.join("target").join("exercises"));
        command
    }

    /// The file name of exercise `id`, from its lesson file.
    pub fn exercise_file(&self, id: &str) -> String {
        let path = self
            .root
            .join("lessons/01-mcp-messages/exercises")
            .join(format!("{id}.toml"));
        let table: toml::Table =
            toml::from_str(&fs::read_to_string(path).expect("exercise toml")).expect("toml");
        table["file"].as_str().expect("file").to_string()
    }

    /// Puts the reference solution in the learner's place, so a check passes.
    pub fn solve(&self, id: &str) {
        let file = self.exercise_file(id);
        fs::copy(
            self.root.join("solutions").join(&file),
            self.root.join("exercises").join(&file),
        )
        .expect("copy solution");
    }

    /// A real code change: the solved file plus one constant whose value
    /// differs each time, so rustc has new code to compile.
    pub fn edit(&self, id: &str, generation: usize) {
        let file = self.exercise_file(id);
        let solved = fs::read_to_string(self.root.join("solutions").join(&file)).expect("read");
        fs::write(
            self.root.join("exercises").join(&file),
            format!("{solved}\nconst BENCH_EDIT: u64 = {generation};\n"),
        )
        .expect("write exercise");
    }
}

/// A folder whose `cargo` fails and leaves a mark: a command run with it
/// first on PATH (and as $CARGO) proves it starts no cargo if it succeeds
/// and no mark appears.
pub struct FakeCargo {
    pub dir: PathBuf,
    pub mark: PathBuf,
}

impl FakeCargo {
    pub fn create(dir: &Path) -> FakeCargo {
        fs::create_dir_all(dir).expect("create fake cargo folder");
        let mark = dir.join("cargo-was-started");
        let script = dir.join("cargo");
        fs::write(
            &script,
            format!("#!/bin/sh\ntouch '{}'\nexit 97\n", mark.display()),
        )
        .expect("write fake cargo");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).expect("chmod");
        }
        FakeCargo {
            dir: dir.to_path_buf(),
            mark,
        }
    }

    /// Points `command` at the failing cargo.
    pub fn apply(&self, command: &mut Command) {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut dirs = vec![self.dir.clone()];
        dirs.extend(std::env::split_paths(&path));
        command
            .env("PATH", std::env::join_paths(dirs).expect("PATH"))
            .env("CARGO", self.dir.join("cargo"));
    }

    /// Runs `command` with the failing cargo: whether it succeeded without
    /// starting cargo.
    pub fn succeeds_without_cargo(&self, mut command: Command) -> bool {
        let _ = fs::remove_file(&self.mark);
        self.apply(&mut command);
        let output = command
            .stdin(std::process::Stdio::null())
            .output()
            .expect("command starts");
        output.status.success() && !self.mark.exists()
    }
}

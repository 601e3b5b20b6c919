//! Helpers shared by the integration tests: they drive the real `learn`
//! binary, with colour off and a fixed language, on the repository's content
//! or on a disposable copy of it.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub mod class;
pub mod course;
mod prebuilt;
#[cfg(unix)]
pub mod pyfork;
pub mod sandbox;
pub mod serve;
mod spec;
pub mod tools;
pub use spec::{located as spec_located, schema_defs, spec_dir};

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `learn` binary, to run in `dir` with a clean, predictable
/// environment: no colour, English, no settings inherited from the shell.
pub fn learn_command(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_learn"));
    command
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("LANG", "C.UTF-8")
        .env("RUST_BACKTRACE", "0")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LEARN_LANG")
        .env_remove("LEARN_ROOT")
        // `cargo test` sets it, as `cargo run` does; learn would take itself
        // for a `cargo run` and add a tip to its screens.
        .env_remove("CARGO_PKG_NAME")
        .env_remove("CLICOLOR_FORCE")
        .env("PATH", test_path());
    command
}

/// PATH for `learn` and the programs it starts, led by a folder whose
/// `python3` starts the interpreter directly, with `-S`. The test programs
/// use the standard library only. Where `python3` is a version manager's
/// shim (pyenv's is a shell script), or site-packages runs code at every
/// start (a `.pth` file), each start of a test program costs two to five
/// times as long, and the suite starts a few thousand of them.
fn test_path() -> std::ffi::OsString {
    static PATH: std::sync::OnceLock<std::ffi::OsString> = std::sync::OnceLock::new();
    PATH.get_or_init(|| {
        let inherited = std::env::var_os("PATH").unwrap_or_default();
        // A quote would end the launcher's quoted path: keep the plain PATH.
        let Some(interpreter) = python_executable().filter(|p| !p.to_string_lossy().contains('\'')) else {
            return inherited;
        };
        let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("python-bin");
        let launcher = folder.join("python3");
        let script = format!(
            "#!/bin/sh\n# Written by tests/it/common/mod.rs for the test programs.\nexec '{}' -S \"$@\"\n",
            interpreter.display()
        );
        if std::fs::read_to_string(&launcher).ok().as_deref() != Some(script.as_str()) {
            // Written aside and renamed into place: test binaries may race here.
            let aside = folder.join(format!("python3.{}", std::process::id()));
            let written = std::fs::create_dir_all(&folder)
                .and_then(|()| std::fs::write(&aside, &script))
                .and_then(|()| make_executable(&aside))
                .and_then(|()| std::fs::rename(&aside, &launcher));
            if written.is_err() {
                return inherited;
            }
        }
        let mut paths = vec![folder];
        paths.extend(std::env::split_paths(&inherited));
        std::env::join_paths(paths).unwrap_or(inherited)
    })
    .clone()
}

#[cfg(unix)]
pub(crate) fn make_executable(path: &Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
}

#[cfg(not(unix))]
fn make_executable(_: &Path) -> std::io::Result<()> {
    Err(std::io::ErrorKind::Unsupported.into())
}

/// What `python3` on PATH really runs, as Python itself reports it.
pub(crate) fn python_executable() -> Option<PathBuf> {
    let output = Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .ok()?;
    let path = PathBuf::from(String::from_utf8(output.stdout).ok()?.trim());
    (output.status.success() && path.is_absolute()).then_some(path)
}

/// `learn` in `dir` with `input` typed on its stdin (a program that stops
/// reading early closes the pipe: that is no failure here).
pub fn learn_with_stdin(dir: &Path, args: &[&str], input: &str) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = learn_command(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("learn starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("learn ends")
}

/// `learn` with a clean, predictable environment, run in `dir`.
pub fn learn_in(dir: &Path, args: &[&str]) -> Output {
    learn_command(dir)
        .args(args)
        .output()
        .expect("the learn binary runs")
}

pub fn learn(args: &[&str]) -> Output {
    learn_in(&repo(), args)
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn code(output: &Output) -> i32 {
    output.status.code().unwrap_or(-1)
}

pub fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}):\n{}\n{}", stdout(output), stderr(output)))
}

/// The steps a course copy's progress file marks done, by their keys.
pub fn progress_keys(root: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(root.join(".learn-progress.toml")).unwrap_or_default();
    let table: toml::Table = toml::from_str(&text).expect("progress TOML");
    table
        .get("done")
        .and_then(|d| d.as_array())
        .map(|d| {
            d.iter()
                .filter_map(|k| k.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// The folder under `root/lessons` of the lesson whose `lesson.toml` has
/// this `id` (a folder's name starts with its place: `03-mcp-client`).
pub fn lesson_dir(root: &Path, id: &str) -> PathBuf {
    std::fs::read_dir(root.join("lessons"))
        .expect("lessons")
        .map(|entry| entry.expect("entry").path())
        .find(|dir| {
            std::fs::read_to_string(dir.join("lesson.toml"))
                .ok()
                .and_then(|text| text.parse::<toml::Table>().ok())
                .is_some_and(|lesson| lesson.get("id").and_then(|v| v.as_str()) == Some(id))
        })
        .unwrap_or_else(|| panic!("no lesson `{id}` under {}", root.display()))
}

/// `python3 lessons/02-mcp-stateless-server/programs/<name>.py`: an independent lesson 2
/// program, as a `--cmd`.
pub fn lesson2_program(name: &str) -> String {
    let path = repo()
        .join("lessons/02-mcp-stateless-server/programs")
        .join(format!("{name}.py"));
    format!("python3 {}", path.display())
}

/// Every exercise id in lesson order, with its kind, from `learn list --json`.
pub fn exercises() -> Vec<(String, String)> {
    let list = json(&learn(&["list", "--json"]));
    list.as_array()
        .expect("list --json is an array")
        .iter()
        .filter(|step| step["kind"] == "exercise")
        .map(|step| {
            let id = step["id"].as_str().expect("id").to_string();
            let kind = exercise_kind(&id);
            (id, kind)
        })
        .collect()
}

/// The `kind` of an exercise, whichever lesson holds it.
pub fn exercise_kind(id: &str) -> String {
    let course = learn::content::load::load_course(&repo()).expect("the course loads");
    let exercise = course.exercise(id).expect("the exercise exists");
    let kind = serde_json::to_value(exercise.kind).expect("kind");
    kind.as_str().expect("kind").to_string()
}

/// `python3`, which runs the independent test programs. Its absence is a
/// failure, not a skip: these tests are the proof that checking judges meaning.
/// Looked for once per test process: where `python3` is pyenv's shim, a look
/// took 62 ms of CPU, and every case test asks.
pub fn require_python() {
    static FOUND: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let found = *FOUND.get_or_init(|| {
        Command::new("python3")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    assert!(
        found,
        "python3 is needed to run the lessons' test programs (`.ci/setup` installs it)"
    );
}

/// A disposable copy of the course, for tests that write progress or edit
/// exercise files, with every exercise file as its lesson ships it (whatever
/// a learner did to this checkout's `exercises/`). It builds in its own
/// target folder: cargo writes every bin to one fixed path per target folder,
/// so a shared one would let this copy's programs stand in for the
/// repository's.
pub fn course_copy() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let repo = repo();
    for entry in std::fs::read_dir(&repo).expect("read the repository") {
        let name = entry.expect("entry").file_name();
        let skip = [".git", "target"].iter().any(|s| name == *s)
            || name.to_string_lossy().starts_with(".learn-progress");
        if !skip {
            copy_tree(&repo.join(&name), &dir.path().join(&name));
        }
    }
    for (shipped, file) in shipped_exercise_files() {
        std::fs::copy(&shipped, dir.path().join("exercises").join(file)).expect("copy");
    }
    prebuilt::seed(dir.path());
    dir
}

/// Every exercise file as the course ships it (`lessons/*/exercises/*.rs`,
/// named as the learner's file): what a learner starts from, whatever this
/// checkout's `exercises/` holds now.
pub fn shipped_exercise_files() -> Vec<(PathBuf, std::ffi::OsString)> {
    let mut files = Vec::new();
    for lesson in std::fs::read_dir(repo().join("lessons")).expect("lessons") {
        let folder = lesson.expect("lesson").path().join("exercises");
        for entry in std::fs::read_dir(&folder).into_iter().flatten() {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "rs") {
                let name = path.file_name().expect("file name").to_os_string();
                files.push((path, name));
            }
        }
    }
    files
}

/// Copies a file or a folder and all it holds.
pub fn copy_tree(from: &Path, to: &Path) {
    if !from.exists() {
        return;
    }
    if from.is_file() {
        std::fs::copy(from, to).expect("copy file");
        return;
    }
    std::fs::create_dir_all(to).expect("create folder");
    for entry in std::fs::read_dir(from).expect("read folder") {
        let entry = entry.expect("folder entry");
        copy_tree(&entry.path(), &to.join(entry.file_name()));
    }
}

/// Output made stable for snapshots: thread ids in panics, run seeds and
/// time-based numbers vary from run to run.
pub fn stable(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut line = line.to_string();
        if let Some(start) = line.find("thread 'main' (")
            && let Some(end) = line[start..].find(')')
        {
            line.replace_range(start..start + end + 1, "thread 'main' (N)");
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// Runs `work` over `items` on `threads` threads. Checking a program mostly
/// waits on child processes (and a wrong one on its timeout), so running
/// several checks at once shortens a test far more than it loads the machine.
/// A panic in `work` fails the test once every thread has stopped.
pub fn in_parallel<T: Sync>(items: &[T], threads: usize, work: impl Fn(&T) + Sync) {
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                while let Some(item) =
                    items.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                {
                    work(item);
                }
            });
        }
    });
}

/// A folder kept between test runs under the test target folder, for what
/// is slow to make again (a grader's compiled dependencies), held under an
/// exclusive lock while the value lives: another process running the same
/// test waits for it instead of writing into the folder at the same time.
pub struct KeptFolder {
    pub path: PathBuf,
    _lock: std::fs::File,
}

pub fn kept_folder(name: &str) -> KeptFolder {
    let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    std::fs::create_dir_all(&base).expect("the test target folder");
    let lock = std::fs::File::create(base.join(format!("{name}.lock"))).expect("a lock file");
    lock.lock().expect("the folder's lock");
    let path = base.join(name);
    std::fs::create_dir_all(&path).expect("the kept folder");
    KeptFolder { path, _lock: lock }
}

/// A folder of this test process's own under the test target folder
/// (`<name>-<pid>`), emptied; the folders of processes that have ended are
/// deleted. Test processes run at once (cargo-nextest runs one per test),
/// so no two share a folder.
pub fn process_folder(name: &str) -> PathBuf {
    let base = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let prefix = format!("{name}-");
    for entry in std::fs::read_dir(&base).into_iter().flatten().flatten() {
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = file_name.strip_prefix(&prefix) else {
            continue;
        };
        if pid.parse::<u32>().is_ok() && !Path::new("/proc").join(pid).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
    let dir = base.join(format!("{prefix}{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the test's folder");
    dir
}

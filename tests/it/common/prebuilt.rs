//! The exercises' dependencies (serde_json and what it needs), built once per
//! test process and copied into each course copy's `target/exercises`: a copy
//! starts with no `target/`, so its first `learn check` built them again, about
//! 10 s of CPU each time for the forty-odd copies the tests make.
//!
//! Cargo takes the copies as fresh because the registry crates' fingerprints
//! do not name the workspace, and the copies keep the built files' times (a
//! dependency newer than its dependant reads as stale). The workspace's own
//! packages (`harness/`, `exercises/`) are built again in each copy, from its
//! own files; nothing built from a test's content is shared.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

/// The built dependencies: the `debug/` folder they are in, and the paths
/// (relative to it) of what to copy, decided once per test process.
struct Template {
    debug: PathBuf,
    parts: Vec<PathBuf>,
}

/// `None` where cargo could not build them (each copy then builds its own,
/// as before).
fn template() -> Option<&'static Template> {
    static TEMPLATE: OnceLock<Option<Template>> = OnceLock::new();
    TEMPLATE
        .get_or_init(|| {
            let dir = super::process_folder("exercise-deps");
            let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
            // Any one program of the package builds all its dependencies, with
            // the features the package as a whole asks for.
            let built = Command::new(cargo)
                .current_dir(super::repo())
                .args(["build", "--quiet", "--package", "learn-exercises", "--bin"])
                .arg(first_bin()?)
                .arg("--target-dir")
                .arg(&dir)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            let debug = dir.join("debug");
            built.then(|| Template {
                parts: registry_parts(&debug),
                debug,
            })
        })
        .as_ref()
}

/// The first `[[bin]]` of `exercises/Cargo.toml`.
fn first_bin() -> Option<String> {
    let text = std::fs::read_to_string(super::repo().join("exercises/Cargo.toml")).ok()?;
    let manifest: toml::Value = toml::from_str(&text).ok()?;
    Some(
        manifest
            .get("bin")?
            .get(0)?
            .get("name")?
            .as_str()?
            .to_string(),
    )
}

/// Puts the built dependencies into `course`'s `target/exercises`.
pub fn seed(course: &Path) {
    let Some(template) = template() else { return };
    let to = course.join("target/exercises/debug");
    for part in &template.parts {
        copy_keeping_times(&template.debug.join(part), &to.join(part));
    }
}

/// The registry crates' files in `debug`, never what was built from the
/// workspace: `.fingerprint/<package>-<hash>`, and the files the same hash
/// names in `deps/` and `build/`.
fn registry_parts(debug: &Path) -> Vec<PathBuf> {
    let names = |folder: &str| -> Vec<String> {
        std::fs::read_dir(debug.join(folder))
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .collect()
    };
    let ours = workspace_packages();
    let mut hashes = Vec::new();
    let mut parts = Vec::new();
    for name in names(".fingerprint") {
        let Some((package, hash)) = name.rsplit_once('-') else {
            continue;
        };
        if !ours.iter().any(|p| p == package) {
            hashes.push(format!("-{hash}"));
            parts.push(Path::new(".fingerprint").join(&name));
        }
    }
    for folder in ["deps", "build"] {
        for name in names(folder) {
            if hashes.iter().any(|h| name.contains(h.as_str())) {
                parts.push(Path::new(folder).join(&name));
            }
        }
    }
    parts
}

/// The names of the repository's own packages (the root and its members).
fn workspace_packages() -> Vec<String> {
    let read = |dir: &Path| -> Option<toml::Value> {
        toml::from_str(&std::fs::read_to_string(dir.join("Cargo.toml")).ok()?).ok()
    };
    let repo = super::repo();
    let Some(root) = read(&repo) else {
        return Vec::new();
    };
    let members = root
        .get("workspace")
        .and_then(|w| w.get("members"))
        .and_then(toml::Value::as_array)
        .cloned()
        .unwrap_or_default();
    std::iter::once(root)
        .chain(
            members
                .iter()
                .filter_map(toml::Value::as_str)
                .filter_map(|m| read(&repo.join(m))),
        )
        .filter_map(|m| Some(m.get("package")?.get("name")?.as_str()?.to_string()))
        .collect()
}

fn copy_keeping_times(from: &Path, to: &Path) {
    let Ok(meta) = std::fs::symlink_metadata(from) else {
        return;
    };
    if meta.is_dir() {
        std::fs::create_dir_all(to).expect("create folder");
        for entry in std::fs::read_dir(from).expect("read folder").flatten() {
            copy_keeping_times(&entry.path(), &to.join(entry.file_name()));
        }
    } else if meta.is_file() {
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).expect("create folder");
        }
        std::fs::copy(from, to).expect("copy a built file");
        let file = std::fs::File::options()
            .write(true)
            .open(to)
            .expect("open the copy");
        if let Ok(modified) = meta.modified() {
            file.set_modified(modified).expect("keep its time");
        }
    }
}

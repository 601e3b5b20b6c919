//! What every student's program is compiled with: the grader's own
//! dependencies (the `harness/` and `serde_json`, as `exercises/Cargo.toml`
//! names them), built once by cargo from the grader's side (trusted code,
//! no student file involved) under `target/grade/`, and the `rustc` flags
//! that stand for the rest of that manifest (edition, lints). Student files
//! are then compiled one by one with plain `rustc` (see `build`), each in a
//! sandbox that sees only that file, the compiler and these libraries.

use super::hash::sha256_hex;
use anyhow::{Context, Result, anyhow, bail};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

pub struct Toolchain {
    /// The toolchain's root (`rustc --print sysroot`); `bin/rustc` inside.
    pub sysroot: PathBuf,
    /// Where the dependencies' `.rlib`s are (`-L dependency=`).
    pub deps_dir: PathBuf,
    /// `--extern name=<file name in deps_dir>`.
    pub externs: Vec<(String, String)>,
    /// `--edition`, lint flags.
    pub flags: Vec<String>,
    /// Changes whenever the compiler, the flags or a dependency does: part
    /// of every cached program's key.
    pub fingerprint: String,
}

/// Builds the grader's dependencies (quickly, when they are already built).
pub fn prepare(root: &Path, grade_dir: &Path, jobs: usize) -> Result<Toolchain> {
    let manifest = ExerciseManifest::read(root)?;
    let deps_package = grade_dir.join("deps");
    write_deps_package(root, &deps_package, &manifest)?;
    let target_dir = grade_dir.join("target");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(&cargo)
        .current_dir(&deps_package)
        .args([
            "build",
            "--lib",
            "--message-format=json",
            "--color",
            "never",
        ])
        .args(["-j", &jobs.max(1).to_string(), "--target-dir"])
        .arg(&target_dir)
        .stdin(Stdio::null())
        .env_clear()
        .envs(std::env::vars_os().filter(|(name, _)| passes(&name.to_string_lossy())))
        .output()
        .with_context(|| {
            format!(
                "could not start cargo ({})",
                PathBuf::from(&cargo).display()
            )
        })?;
    let libs = built_libs(&output.stdout);
    if !output.status.success() {
        bail!(
            "cargo could not build the grader's dependencies (harness/, exercises/Cargo.toml), so no student was graded:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let deps_dir = target_dir.join("debug").join("deps");
    let mut externs = Vec::new();
    let mut fingerprint = String::new();
    for (key, spec) in &manifest.dependencies {
        let crate_name = spec
            .get("package")
            .and_then(toml::Value::as_str)
            .unwrap_or(key)
            .replace('-', "_");
        let rlib = libs
            .get(&crate_name)
            .ok_or_else(|| anyhow!("cargo built no library for the dependency `{key}`"))?;
        let file = rlib
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .ok_or_else(|| anyhow!("no file name in {}", rlib.display()))?;
        let bytes = fs::read(rlib).with_context(|| format!("cannot read {}", rlib.display()))?;
        fingerprint.push_str(&format!("{key}={file}:{}\n", sha256_hex(&bytes)));
        externs.push((key.replace('-', "_"), file));
    }
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let sysroot = tool_output(&rustc, &["--print", "sysroot"], &deps_package)?;
    let sysroot = PathBuf::from(sysroot.trim());
    if !sysroot.join("bin").join("rustc").is_file() {
        bail!("no rustc in the toolchain folder {}", sysroot.display());
    }
    let version = tool_output(&rustc, &["-vV"], &deps_package)?;
    let mut flags = manifest.flags();
    // Linked statically, a student's program needs nothing of the host's
    // to run, so its sandbox shows none of it.
    flags.extend(["-C", "target-feature=+crt-static"].map(String::from));
    fingerprint.push_str(&version);
    fingerprint.push_str(&flags.join(" "));
    Ok(Toolchain {
        sysroot,
        deps_dir,
        externs,
        flags,
        fingerprint: sha256_hex(fingerprint.as_bytes()),
    })
}

/// A package whose only job is to make cargo build the exercises'
/// dependencies, with the grader's Cargo.lock when there is one.
fn write_deps_package(root: &Path, deps_package: &Path, manifest: &ExerciseManifest) -> Result<()> {
    fs::create_dir_all(deps_package.join("src"))
        .with_context(|| format!("cannot create {}", deps_package.display()))?;
    write_if_changed(&deps_package.join("Cargo.toml"), &manifest.deps_package()?)?;
    write_if_changed(
        &deps_package.join("src/lib.rs"),
        "// Written by `learn grade`: only here so cargo builds the dependencies.\n",
    )?;
    let lock_file = root.join("Cargo.lock");
    if lock_file.is_file() {
        // The grader's versions of everything.
        let text = fs::read_to_string(&lock_file).context("cannot read Cargo.lock")?;
        write_if_changed(&deps_package.join("Cargo.lock"), &text)?;
    }
    Ok(())
}

/// Each library cargo built (its `--message-format=json` artifacts), by
/// crate name: the `.rlib` to link.
fn built_libs(stdout: &[u8]) -> BTreeMap<String, PathBuf> {
    let mut libs = BTreeMap::new();
    for line in String::from_utf8_lossy(stdout).lines() {
        let Ok(message) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        if message.get("reason").and_then(Value::as_str) != Some("compiler-artifact") {
            continue;
        }
        let name = message
            .pointer("/target/name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .replace('-', "_");
        let rlib = message
            .get("filenames")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .find(|f| f.ends_with(".rlib"));
        if let Some(rlib) = rlib {
            libs.insert(name, PathBuf::from(rlib));
        }
    }
    libs
}

fn tool_output(program: &std::ffi::OsStr, args: &[&str], cwd: &Path) -> Result<String> {
    let output = Command::new(program)
        .args(args)
        .current_dir(cwd)
        .env_clear()
        .envs(std::env::vars_os().filter(|(name, _)| passes(&name.to_string_lossy())))
        .output()
        .with_context(|| format!("could not start {}", Path::new(program).display()))?;
    if !output.status.success() {
        bail!(
            "{} {} failed: {}",
            Path::new(program).display(),
            args.join(" "),
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The environment cargo and rustc need, and nothing else.
pub fn passes(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    if upper.contains("TOKEN") || upper.contains("SECRET") || upper.contains("PASSWORD") {
        return false;
    }
    matches!(
        upper.as_str(),
        "PATH"
            | "HOME"
            | "TMPDIR"
            | "RUSTC"
            | "RUSTC_WRAPPER"
            | "RUSTDOC"
            | "SSL_CERT_FILE"
            | "SSL_CERT_DIR"
            | "HTTP_PROXY"
            | "HTTPS_PROXY"
            | "NO_PROXY"
            | "ALL_PROXY"
            | "SYSTEMROOT"
            | "USERPROFILE"
    ) || upper.starts_with("CARGO_")
        || upper.starts_with("RUSTUP_")
        || upper == "CARGO"
}

/// Keeps the file's time stamp, and so cargo's fingerprint, when the text is the same.
pub fn write_if_changed(path: &Path, text: &str) -> Result<()> {
    if fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// What student programs take from the grader's `exercises/Cargo.toml`:
/// edition, dependencies (paths made absolute) and lints.
struct ExerciseManifest {
    edition: String,
    dependencies: toml::Table,
    lints: BTreeMap<String, toml::Table>,
}

impl ExerciseManifest {
    fn read(root: &Path) -> Result<ExerciseManifest> {
        let exercises_dir = root.join("exercises");
        let path = exercises_dir.join("Cargo.toml");
        let text = fs::read_to_string(&path)
            .with_context(|| format!("cannot read the grader's {}", path.display()))?;
        let table: toml::Table = toml::from_str(&text)
            .with_context(|| format!("cannot parse the grader's {}", path.display()))?;
        let edition = table
            .get("package")
            .and_then(|p| p.get("edition"))
            .and_then(toml::Value::as_str)
            .unwrap_or("2024")
            .to_string();
        let mut dependencies = table
            .get("dependencies")
            .and_then(toml::Value::as_table)
            .cloned()
            .unwrap_or_default();
        for (name, spec) in &mut dependencies {
            if let Some(path) = spec.get_mut("path") {
                let relative = path
                    .as_str()
                    .ok_or_else(|| anyhow!("dependency `{name}` has a path that is not text"))?;
                let absolute =
                    fs::canonicalize(exercises_dir.join(relative)).with_context(|| {
                        format!("dependency `{name}`: the grader's {relative} is missing")
                    })?;
                *path = absolute.to_string_lossy().into_owned().into();
            }
        }
        let lints = table
            .get("lints")
            .and_then(toml::Value::as_table)
            .map(|tools| {
                tools
                    .iter()
                    .filter_map(|(tool, t)| Some((tool.clone(), t.as_table()?.clone())))
                    .collect()
            })
            .unwrap_or_default();
        Ok(ExerciseManifest {
            edition,
            dependencies,
            lints,
        })
    }

    /// A package of nothing but the dependencies, in a workspace of its own.
    fn deps_package(&self) -> Result<String> {
        let mut package = toml::Table::new();
        package.insert("name".into(), "learn-grade-deps".into());
        package.insert("version".into(), "0.0.0".into());
        package.insert("edition".into(), self.edition.clone().into());
        package.insert("publish".into(), false.into());
        let mut dev = toml::Table::new();
        dev.insert("debug".into(), false.into());
        dev.insert("incremental".into(), false.into());
        let mut profile = toml::Table::new();
        profile.insert("dev".into(), dev.into());
        let mut root = toml::Table::new();
        root.insert("package".into(), package.into());
        root.insert("dependencies".into(), self.dependencies.clone().into());
        root.insert("workspace".into(), toml::Table::new().into());
        root.insert("profile".into(), profile.into());
        Ok(format!(
            "# Written by `learn grade`: the grader's dependencies, built once.\n{}",
            toml::to_string(&root)?
        ))
    }

    /// `[lints]` as rustc flags, lowest priority first (as cargo passes them).
    fn flags(&self) -> Vec<String> {
        let mut flags = vec!["--edition".to_string(), self.edition.clone()];
        let mut lints: Vec<(i64, String, String)> = Vec::new();
        for (tool, table) in &self.lints {
            for (name, setting) in table {
                let (level, priority) = match setting {
                    toml::Value::String(level) => (level.clone(), 0),
                    toml::Value::Table(t) => (
                        t.get("level")
                            .and_then(toml::Value::as_str)
                            .unwrap_or("warn")
                            .to_string(),
                        t.get("priority")
                            .and_then(toml::Value::as_integer)
                            .unwrap_or(0),
                    ),
                    _ => continue,
                };
                let name = if tool == "rust" {
                    name.clone()
                } else {
                    format!("{tool}::{name}")
                };
                lints.push((priority, name, level));
            }
        }
        lints.sort();
        for (_, name, level) in lints {
            let flag = match level.as_str() {
                "forbid" => "-F",
                "deny" => "-D",
                "warn" => "-W",
                "allow" => "-A",
                _ => continue,
            };
            flags.push(flag.to_string());
            flags.push(name);
        }
        flags
    }
}

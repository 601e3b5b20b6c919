//! The scratch Cargo workspace a class is built in: one package per student
//! (`student-001`, ...), each depending on the grader's own harness, with one
//! bin per exercise file taken. It lives at `target/grade/<key>/`, where the
//! key comes from the submissions' names: grading the same class again
//! reuses the folder, files whose text did not change are not rewritten, and
//! cargo's fingerprints then skip what is already built. Every class shares
//! `target/grade/target`, so dependencies are compiled once.

use crate::content::Exercise;
use crate::content::project::Project;
use anyhow::{Context, Result, anyhow};
use std::collections::BTreeMap;
use std::fs::{self, File};
use std::path::{Path, PathBuf};

/// A built scratch workspace, locked against another grading of the same
/// class until it is dropped.
pub struct Workspace {
    pub dir: PathBuf,
    pub target_dir: PathBuf,
    /// Bin target name → (submission index, exercise index).
    pub bins: BTreeMap<String, (usize, usize)>,
    /// Each submission's package folder name (`student-001`).
    pub packages: Vec<String>,
    _lock: File,
}

impl Workspace {
    /// The empty folder a submission's programs run in.
    pub fn run_dir(&self, submission: usize) -> PathBuf {
        self.dir.join("run").join(&self.packages[submission])
    }
}

/// Writes the workspace. `sources[s][e]` is submission `s`'s text for
/// exercise `e`, when it was taken.
pub fn prepare(
    project: &Project,
    names: &[String],
    exercises: &[&Exercise],
    sources: &[Vec<Option<String>>],
) -> Result<Workspace> {
    let grade_dir = project.root.join("target").join("grade");
    let key = class_key(names);
    let dir = grade_dir.join(&key);
    fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let lock = File::create(grade_dir.join(format!("{key}.lock")))
        .context("cannot create the grading lock file")?;
    lock.lock()
        .context("cannot lock the scratch folder against another grading of the same class")?;

    let template = ExerciseManifest::read(&project.root)?;
    let mut bins = BTreeMap::new();
    let mut packages = Vec::new();
    let mut members = Vec::new();
    for (s, row) in sources.iter().enumerate() {
        let package = format!("student-{:03}", s + 1);
        let package_dir = dir.join(&package);
        fs::create_dir_all(package_dir.join("exercises"))?;
        // Programs run here: emptied, so nothing a program left behind last
        // time (state, say) is there for this run.
        let run_dir = dir.join("run").join(&package);
        let _ = fs::remove_dir_all(&run_dir);
        fs::create_dir_all(&run_dir)?;
        let mut targets = Vec::new();
        for (e, source) in row.iter().enumerate() {
            let exercise = exercises[e];
            let file = package_dir.join("exercises").join(&exercise.file);
            let Some(source) = source else {
                // Nothing taken: an old copy must not be built by mistake.
                let _ = fs::remove_file(&file);
                continue;
            };
            write_if_changed(&file, source)?;
            let bin = format!("g{key}-{:03}-{}", s + 1, exercise.id);
            targets.push((bin.clone(), format!("exercises/{}", exercise.file)));
            bins.insert(bin, (s, e));
        }
        packages.push(package.clone());
        if !targets.is_empty() {
            write_if_changed(
                &package_dir.join("Cargo.toml"),
                &template.package(&package, &targets)?,
            )?;
            members.push(package);
        }
    }
    write_if_changed(&dir.join("Cargo.toml"), &workspace_manifest(&members)?)?;
    // The grader's lock file: students are built with the grader's versions.
    let lock_file = project.root.join("Cargo.lock");
    if lock_file.is_file() {
        fs::copy(&lock_file, dir.join("Cargo.lock")).context("cannot copy Cargo.lock")?;
    }
    Ok(Workspace {
        target_dir: grade_dir.join("target"),
        dir,
        bins,
        packages,
        _lock: lock,
    })
}

/// A short, stable name for a class: FNV-1a of the submission names.
fn class_key(names: &[String]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in names.join("\n").bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:08x}", hash >> 32)
}

/// Keeps the file's time stamp, and so cargo's fingerprint, when the text is the same.
fn write_if_changed(path: &Path, text: &str) -> Result<()> {
    if fs::read_to_string(path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

fn workspace_manifest(members: &[String]) -> Result<String> {
    let mut workspace = toml::Table::new();
    workspace.insert("resolver".into(), "3".into());
    workspace.insert(
        "members".into(),
        toml::Value::Array(members.iter().map(|m| m.as_str().into()).collect()),
    );
    // Grading builds each program once and runs it briefly: no debug
    // information and no incremental caches, which cost time and disk.
    let mut dev = toml::Table::new();
    dev.insert("debug".into(), false.into());
    dev.insert("incremental".into(), false.into());
    let mut profile = toml::Table::new();
    profile.insert("dev".into(), dev.into());
    let mut root = toml::Table::new();
    root.insert("workspace".into(), workspace.into());
    root.insert("profile".into(), profile.into());
    Ok(format!(
        "# Written by `learn grade`: a scratch workspace, rewritten on every run.\n{}",
        toml::to_string(&root)?
    ))
}

/// What a student package copies from the grader's `exercises/Cargo.toml`:
/// edition, dependencies (paths made absolute) and lints.
struct ExerciseManifest {
    edition: toml::Value,
    dependencies: toml::Table,
    lints: Option<toml::Value>,
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
            .cloned()
            .unwrap_or_else(|| "2024".into());
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
        Ok(ExerciseManifest {
            edition,
            dependencies,
            lints: table.get("lints").cloned(),
        })
    }

    /// A student's manifest: only bins, and nothing that runs at build time.
    fn package(&self, name: &str, bins: &[(String, String)]) -> Result<String> {
        let mut package = toml::Table::new();
        package.insert("name".into(), name.into());
        package.insert("version".into(), "0.0.0".into());
        package.insert("edition".into(), self.edition.clone());
        package.insert("publish".into(), false.into());
        package.insert("build".into(), false.into());
        for auto in [
            "autolib",
            "autobins",
            "autoexamples",
            "autotests",
            "autobenches",
        ] {
            package.insert(auto.into(), false.into());
        }
        let mut root = toml::Table::new();
        root.insert("package".into(), package.into());
        root.insert("dependencies".into(), self.dependencies.clone().into());
        if let Some(lints) = &self.lints {
            root.insert("lints".into(), lints.clone());
        }
        let bins = bins
            .iter()
            .map(|(bin, path)| {
                let mut target = toml::Table::new();
                target.insert("name".into(), bin.as_str().into());
                target.insert("path".into(), path.as_str().into());
                target.insert("test".into(), false.into());
                target.insert("bench".into(), false.into());
                target.into()
            })
            .collect();
        root.insert("bin".into(), toml::Value::Array(bins));
        Ok(toml::to_string(&root)?)
    }
}

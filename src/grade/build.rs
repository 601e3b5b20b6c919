//! Compiling every student's exercise files: each file alone, with plain
//! `rustc` against the grader's dependencies (`toolchain`), inside a sandbox
//! that sees only that one file, the compiler and those libraries (so
//! `include!`, `#[path]` and the like find nothing of the grader's or of
//! another student's), with no network, resource limits, and a wall-clock
//! budget per student: one student's endless compile-time loop costs that
//! student's build and nobody else's.
//!
//! Programs are kept under `target/grade/bin/`, named by the SHA-256 of
//! what they are built from (the compiler, flags, dependencies, file text):
//! grading again, or grading one more student, compiles only what is new.
//! Each program's own hash is recorded when it is built and checked again
//! before every run (`run`).

use super::compile::{self, Attempt, Job};
use super::hash::{sha256_file, sha256_hex};
use super::progress::Bar;
use super::toolchain::Toolchain;
use crate::runner::sandbox;
use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// How long the grader's own test program may take to compile.
const CANARY_LIMIT: Duration = Duration::from_secs(120);

/// Whether compiles (and runs) happen in a sandbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Isolation {
    Sandboxed,
    /// `--unsandboxed`: the teacher accepted the risk.
    None,
}

/// A program ready to run.
#[derive(Clone, Debug)]
pub struct BuiltProgram {
    pub path: PathBuf,
    /// Its SHA-256 when it was built.
    pub sha256: String,
}

/// What the build produced, by (submission, exercise).
#[derive(Debug, Default)]
pub struct Built {
    pub programs: BTreeMap<(usize, usize), BuiltProgram>,
    pub errors: BTreeMap<(usize, usize), String>,
}

/// One exercise file to compile.
pub struct Source<'a> {
    pub exercise: usize,
    /// The file name (`02_id-echo.rs`), as students know it.
    pub file: &'a str,
    pub text: &'a str,
}

pub struct BuildPlan<'a> {
    pub toolchain: &'a Toolchain,
    /// `target/grade`.
    pub grade_dir: &'a Path,
    pub isolation: Isolation,
    /// Wall-clock budget for all of one student's compiles.
    pub limit: Duration,
    pub jobs: usize,
}

enum Compiled {
    Program(BuiltProgram),
    /// Compiler messages: the file's own fault, kept for the next run too.
    Errors(String),
    /// Stopped or failed for another reason (not kept).
    Stopped(String),
}

/// Builds every student's files, up to `jobs` students at once, after the
/// canary (below) has shown that compiling works here at all.
pub fn build_class(plan: &BuildPlan, students: &[Vec<Source>], bar: &Bar) -> Result<Built> {
    if !plan.grade_dir.is_absolute() {
        bail!(
            "the grading folder {} is not an absolute path: the sandboxes would not find it",
            plan.grade_dir.display()
        );
    }
    let bin_dir = plan.grade_dir.join("bin");
    let work_dir = plan.grade_dir.join("work");
    fs::create_dir_all(&bin_dir).context("cannot create target/grade/bin")?;
    let _ = fs::remove_dir_all(&work_dir);
    fs::create_dir_all(&work_dir).context("cannot create target/grade/work")?;
    canary(plan, &work_dir)?;
    let built = Mutex::new(Built::default());
    let next = AtomicUsize::new(0);
    let grader_failure = Mutex::new(None::<String>);
    thread::scope(|scope| {
        for _ in 0..plan.jobs.clamp(1, students.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let s = next.fetch_add(1, Ordering::Relaxed);
                    let Some(sources) = students.get(s) else {
                        return;
                    };
                    let deadline = Instant::now() + plan.limit;
                    for source in sources {
                        let result = if Instant::now() >= deadline {
                            Compiled::Stopped(limit_reached(plan.limit))
                        } else {
                            compile(plan, &bin_dir, &work_dir, s, source, deadline).unwrap_or_else(
                                |e| {
                                    if let Ok(mut slot) = grader_failure.lock() {
                                        slot.get_or_insert(format!("{e:#}"));
                                    }
                                    Compiled::Stopped(format!("it could not be compiled: {e:#}"))
                                },
                            )
                        };
                        if let Ok(mut built) = built.lock() {
                            let key = (s, source.exercise);
                            match result {
                                Compiled::Program(p) => {
                                    built.programs.insert(key, p);
                                }
                                Compiled::Errors(text) | Compiled::Stopped(text) => {
                                    built.errors.insert(key, text);
                                }
                            }
                        }
                        bar.advance(1);
                    }
                }
            });
        }
    });
    let _ = fs::remove_dir_all(&work_dir);
    let built = built.into_inner().unwrap_or_default();
    if built.programs.is_empty()
        && let Ok(Some(why)) = grader_failure.into_inner()
    {
        bail!("the grader could not compile any program, so no student was graded: {why}");
    }
    Ok(built)
}

/// A program with no fault (`fn main() {}`, lints capped), compiled fresh
/// in a sandbox as every student file is. When it does not build, no file
/// would, and every student would get nothing for the grader's fault (a
/// relative `--root` once did that to a whole class), so grading stops.
fn canary(plan: &BuildPlan, work_dir: &Path) -> Result<()> {
    let source = Source {
        exercise: usize::MAX,
        file: "00_canary.rs",
        text: "fn main() {}\n",
    };
    let job = Job {
        dir: work_dir.join("canary"),
        uid: sandbox::student_uid(0),
        source: &source,
        cap_lints: true,
    };
    let attempt = compile::rustc(plan, &job, Instant::now() + CANARY_LIMIT)?;
    let _ = fs::remove_dir_all(&job.dir);
    let why = match attempt {
        Attempt::Built(_) => return Ok(()),
        Attempt::Errors { messages, .. } => messages,
        Attempt::TimedOut => format!("it took over {} s", CANARY_LIMIT.as_secs()),
        Attempt::Stopped(why) => why,
    };
    bail!(
        "grading cannot work here: the grader's sandbox could not compile a program with no fault (`fn main() {{}}`), so every student would get nothing; no student was graded.\n{}",
        why.trim_end()
    )
}

fn limit_reached(limit: Duration) -> String {
    format!(
        "the build was stopped: this student's files took longer than the build limit of {} s to compile (a compile-time loop that never ends?)",
        limit.as_secs()
    )
}

/// The program built from `source`, from the cache or compiled now.
fn compile(
    plan: &BuildPlan,
    bin_dir: &Path,
    work_dir: &Path,
    student: usize,
    source: &Source,
    deadline: Instant,
) -> Result<Compiled> {
    let key = sha256_hex(
        format!(
            "{}\n{}\n{}\n{}",
            plan.toolchain.fingerprint,
            source.file,
            source.text.len(),
            source.text
        )
        .as_bytes(),
    );
    let cached = bin_dir.join(&key);
    let cached_hash = bin_dir.join(format!("{key}.sha256"));
    let cached_errors = bin_dir.join(format!("{key}.errors"));
    if let (true, Ok(sha256)) = (cached.is_file(), fs::read_to_string(&cached_hash)) {
        return Ok(Compiled::Program(BuiltProgram {
            path: cached,
            sha256: sha256.trim().to_string(),
        }));
    }
    if let Ok(errors) = fs::read_to_string(&cached_errors) {
        return Ok(Compiled::Errors(errors));
    }
    let job = Job {
        dir: work_dir.join(format!("{student}-{}", source.exercise)),
        uid: sandbox::student_uid(student),
        source,
        cap_lints: false,
    };
    let attempt = compile::rustc(plan, &job, deadline);
    let kept = match attempt {
        Ok(Attempt::Built(produced)) => keep(&produced, &cached, &cached_hash),
        Ok(Attempt::Errors {
            messages,
            blames_file,
        }) => {
            // Kept for the next grading only when the errors are the file's
            // own (they point into it), not the toolchain's (a missing linker).
            if blames_file {
                let _ = fs::write(&cached_errors, &messages);
            }
            Ok(Compiled::Errors(messages))
        }
        Ok(Attempt::TimedOut) => Ok(Compiled::Stopped(limit_reached(plan.limit))),
        Ok(Attempt::Stopped(why)) => Ok(Compiled::Stopped(why)),
        Err(e) => Err(e),
    };
    let _ = fs::remove_dir_all(&job.dir);
    kept
}

/// Moves a built program into the cache, with its hash beside it.
fn keep(produced: &Path, cached: &Path, cached_hash: &Path) -> Result<Compiled> {
    let sha256 = sha256_file(produced).context("cannot hash the built program")?;
    fs::rename(produced, cached).context("cannot keep the built program")?;
    fs::write(cached_hash, &sha256).context("cannot record the program's hash")?;
    Ok(Compiled::Program(BuiltProgram {
        path: cached.to_path_buf(),
        sha256,
    }))
}

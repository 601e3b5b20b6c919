//! Compiling every student's exercise files: each file alone, with plain
//! `rustc` against the grader's dependencies (`toolchain`), inside a sandbox
//! that sees only that one file, the compiler and those libraries (so
//! `include!`, `#[path]` and the like find nothing of the grader's or of
//! another student's), with no network and resource limits (`compile`).
//! Each student has a wall-clock budget (`--build-limit`) for all their
//! files, and one file may take a quarter of it: one file's endless
//! compile-time loop costs that file, not the student's other files, and
//! nobody else's.
//!
//! Programs, and what stopped the others, are kept between gradings
//! (`cache`). Each program's own hash is recorded when it is built and
//! checked again before every run (`run`).

use super::cache::{Cache, Kept, MAX_PROGRAM};
use super::compile::{self, Attempt, Job};
use super::hash::sha256_hex;
use super::progress::Bar;
use super::toolchain::Toolchain;
use crate::runner::sandbox::Confinement;
use anyhow::{Context, Result, bail};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
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
    /// The file name (`NN_<id>.rs`), as students know it.
    pub file: &'a str,
    pub text: &'a str,
}

pub struct BuildPlan<'a> {
    pub toolchain: &'a Toolchain,
    /// `target/grade`.
    pub grade_dir: &'a Path,
    /// What every sandbox of the run shares; `None`: `--unsandboxed`.
    pub confinement: Option<&'a Arc<Confinement>>,
    /// Wall-clock budget for all of one student's compiles.
    pub limit: Duration,
    pub jobs: usize,
}

enum Compiled {
    Program(BuiltProgram),
    /// Compiler messages, or why it was stopped.
    Errors(String),
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
    // What a compile could read is part of what a program is built from: a
    // program or message kept from a compile that saw more (unsandboxed, or
    // in a sandbox that showed more) is never reused.
    let sandbox = plan
        .confinement
        .map_or_else(|| "unsandboxed".to_string(), |c| c.describe());
    let cache = Cache {
        dir: plan.grade_dir.join("bin"),
        fingerprint: format!(
            "{}\n{}",
            plan.toolchain.fingerprint,
            sha256_hex(sandbox.as_bytes())
        ),
    };
    let work_dir = plan.grade_dir.join("work");
    fs::create_dir_all(&cache.dir).context("cannot create target/grade/bin")?;
    let _ = fs::remove_dir_all(&work_dir);
    fs::create_dir_all(&work_dir).context("cannot create target/grade/work")?;
    // A confined run was proven by `confine::prove` (the trial program
    // compiled and run in sandboxes); an unsandboxed one is proven here.
    if plan.confinement.is_none() {
        canary(plan)?;
    }
    let builder = Builder {
        plan,
        cache: &cache,
        work_dir: &work_dir,
        bar,
        grader_failure: Mutex::new(None),
    };
    let built = Mutex::new(Built::default());
    let next = AtomicUsize::new(0);
    thread::scope(|scope| {
        for _ in 0..plan.jobs.clamp(1, students.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let s = next.fetch_add(1, Ordering::Relaxed);
                    let Some(sources) = students.get(s) else {
                        return;
                    };
                    let results = builder.student(s, sources);
                    if let Ok(mut built) = built.lock() {
                        for (exercise, result) in results {
                            match result {
                                Compiled::Program(p) => {
                                    built.programs.insert((s, exercise), p);
                                }
                                Compiled::Errors(text) => {
                                    built.errors.insert((s, exercise), text);
                                }
                            }
                        }
                    }
                }
            });
        }
    });
    let _ = fs::remove_dir_all(&work_dir);
    let built = built.into_inner().unwrap_or_default();
    // Any failure of the grader's own (a disk full, a folder it cannot
    // write) stops the run: no student is told that their file did not
    // compile for it.
    if let Ok(Some(why)) = builder.grader_failure.into_inner() {
        bail!(
            "the grader could not build a student's program ({why}): this is the grading machine's fault, not a student's; no report was written. Free some space where target/grade is (`learn grade --clean` deletes what it keeps), or fix what the message names, and grade again"
        );
    }
    Ok(built)
}

/// Compiles the grader's trial program (`linker::trial_source`, lints capped) as
/// a student's file is compiled, fresh: the program, or why not.
pub fn compile_trial(plan: &BuildPlan) -> Result<PathBuf, String> {
    let text = super::linker::trial_source(plan.toolchain);
    let source = Source {
        exercise: usize::MAX,
        file: "00_trial.rs",
        text: &text,
    };
    let job = Job {
        dir: plan.grade_dir.join("trial-build"),
        uid: plan.confinement.map(|c| c.uid(0)),
        source: &source,
        cap_lints: true,
    };
    let _ = fs::remove_dir_all(&job.dir);
    let attempt =
        compile::rustc(plan, &job, Instant::now() + CANARY_LIMIT).map_err(|e| format!("{e:#}"))?;
    match attempt {
        Attempt::Built(program) => Ok(program),
        Attempt::Errors { messages, .. } => Err(messages),
        Attempt::TimedOut => Err(format!("it took over {} s", CANARY_LIMIT.as_secs())),
        Attempt::Stopped(why) => Err(why),
    }
}

/// The trial program, compiled with no sandbox. When it does not build, no
/// file would, and every student would get nothing for the grader's fault (a
/// relative `--root` once did that to a whole class), so grading stops.
fn canary(plan: &BuildPlan) -> Result<()> {
    let built = compile_trial(plan);
    let _ = fs::remove_dir_all(plan.grade_dir.join("trial-build"));
    if let Err(why) = built {
        bail!(
            "grading cannot work here: the grader could not compile its own trial program, so every student would get nothing; no student was graded.\n{}",
            why.trim_end()
        )
    }
    Ok(())
}

/// What every student's build shares.
struct Builder<'a> {
    plan: &'a BuildPlan<'a>,
    cache: &'a Cache,
    work_dir: &'a Path,
    bar: &'a Bar,
    /// The first failure on the grader's side (a folder it cannot write).
    grader_failure: Mutex<Option<String>>,
}

impl Builder<'_> {
    /// One student's files, one after another, within their build limit
    /// (`plan.limit`); each file may take at most a quarter of it, so a
    /// file that never finishes compiling costs that file and not the
    /// student's others. A file stopped at its quarter is remembered (with
    /// the limit) and not compiled again while the limit is no longer.
    fn student(&self, s: usize, sources: &[Source]) -> Vec<(usize, Compiled)> {
        let limit = self.plan.limit;
        let per_file = limit / 4;
        let end = Instant::now() + limit;
        let mut done = Vec::new();
        for source in sources {
            let key = self.cache.key(source);
            let result = match self.cache.get(&key, limit) {
                Some(kept) => from_cache(kept),
                None => {
                    let left = end.saturating_duration_since(Instant::now());
                    let given = left.min(per_file);
                    if given.is_zero() {
                        Compiled::Errors(limit_reached(limit))
                    } else if let Some(result) = self.compile(s, source, &key, given) {
                        result
                    } else if given == per_file {
                        self.cache.keep_timeout(&key, limit);
                        Compiled::Errors(format!(
                            "the compile was stopped after {} s, a quarter of this student's build limit of {} s (--build-limit), the most one file may take (a compile-time loop that never ends?)",
                            per_file.as_secs_f64(),
                            limit.as_secs()
                        ))
                    } else {
                        Compiled::Errors(limit_reached(limit))
                    }
                }
            };
            done.push((source.exercise, result));
            self.bar.advance(1);
        }
        done
    }

    /// Compiles one file with `given` time; `None` when it ran out.
    fn compile(&self, s: usize, source: &Source, key: &str, given: Duration) -> Option<Compiled> {
        if let Some(short) = disk_short(self.work_dir) {
            return Some(self.grader_failed(anyhow::anyhow!(short)));
        }
        let job = Job {
            dir: self.work_dir.join(format!("{s}-{}", source.exercise)),
            uid: self.plan.confinement.map(|c| c.uid(s)),
            source,
            cap_lints: false,
        };
        let attempt = compile::rustc(self.plan, &job, Instant::now() + given);
        let result = match attempt {
            Ok(Attempt::TimedOut) => None,
            Ok(Attempt::Built(produced)) => Some(match fs::metadata(&produced) {
                Ok(m) if m.len() > MAX_PROGRAM => Compiled::Errors(format!(
                    "the program it builds is {} MiB, more than the {} MiB a program may be (an exercise program is about 2 MiB), so it was not kept or run",
                    m.len() >> 20,
                    MAX_PROGRAM >> 20
                )),
                _ => self
                    .cache
                    .keep_program(key, &produced)
                    .map(Compiled::Program)
                    .unwrap_or_else(|e| self.grader_failed(e)),
            }),
            // A compile that failed without pointing into the file, with the
            // grader's disk (nearly) full: the disk's fault, not the file's.
            Ok(
                Attempt::Errors {
                    blames_file: false, ..
                }
                | Attempt::Stopped(_),
            ) if let Some(short) = disk_short(self.work_dir) => {
                Some(self.grader_failed(anyhow::anyhow!(short)))
            }
            Ok(Attempt::Errors {
                messages,
                blames_file,
            }) => {
                // Kept for the next grading only when the errors are the
                // file's own (they point into it), not the toolchain's.
                if blames_file {
                    self.cache.keep_errors(key, &messages);
                }
                Some(Compiled::Errors(messages))
            }
            Ok(Attempt::Stopped(why)) => Some(Compiled::Errors(why)),
            Err(e) => Some(self.grader_failed(e)),
        };
        let _ = fs::remove_dir_all(&job.dir);
        result
    }

    fn grader_failed(&self, e: anyhow::Error) -> Compiled {
        if let Ok(mut slot) = self.grader_failure.lock() {
            slot.get_or_insert(format!("{e:#}"));
        }
        Compiled::Errors(format!("it could not be compiled: {e:#}"))
    }
}

fn from_cache(kept: Kept) -> Compiled {
    match kept {
        Kept::Program(program) => Compiled::Program(program),
        Kept::Errors(messages) => Compiled::Errors(messages),
        Kept::TimedOut { limit_seconds } => Compiled::Errors(format!(
            "the compile was stopped: an earlier grading with a build limit of {limit_seconds} s found that this file does not finish compiling in a quarter of it (a compile-time loop that never ends?); `learn grade --clean`, or a longer --build-limit, compiles it again"
        )),
    }
}

fn limit_reached(limit: Duration) -> String {
    format!(
        "the build was stopped: this student's files took longer than the build limit of {} s to compile (--build-limit), and no time was left for this one",
        limit.as_secs()
    )
}

/// The free space a compile needs where it writes (`target/grade/work`):
/// what one compile may write (256 MiB, its sandbox's file size limit),
/// and a margin for the program kept.
const FREE_FOR_A_COMPILE: u64 = 320 << 20;

/// Why the disk holding `dir` cannot take one more compile, when it cannot.
#[cfg(unix)]
fn disk_short(dir: &Path) -> Option<String> {
    let stats = nix::sys::statvfs::statvfs(dir).ok()?;
    #[allow(
        clippy::useless_conversion,
        reason = "the block counts are 32 bits on some platforms"
    )]
    let free = u64::from(stats.blocks_available()).saturating_mul(u64::from(stats.fragment_size()));
    (free < FREE_FOR_A_COMPILE).then(|| {
        format!(
            "the disk holding {} has {} MiB free, and a compile may need {} MiB",
            dir.display(),
            free >> 20,
            FREE_FOR_A_COMPILE >> 20
        )
    })
}

#[cfg(not(unix))]
fn disk_short(_: &Path) -> Option<String> {
    None
}

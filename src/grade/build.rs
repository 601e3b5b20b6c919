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

use super::hash::{sha256_file, sha256_hex};
use super::progress::Bar;
use super::toolchain::Toolchain;
use crate::runner::interrupt;
use crate::runner::sandbox::{Confinement, Needs, Sandbox, SandboxLimits, give_to, take_back};
use anyhow::{Context, Result};
use serde_json::Value;
use std::collections::BTreeMap;
use std::ffi::OsString;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The most compiler output kept for one program.
const MAX_MESSAGES: usize = 8 * 1024;

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
    /// What every sandbox of the run shares; `None`: `--unsandboxed`.
    pub confinement: Option<&'a Arc<Confinement>>,
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

/// Compiles the grader's trial program (`linker::TRIAL`) as a student's
/// file is compiled: the program, or why not.
pub fn compile_trial(plan: &BuildPlan) -> Result<PathBuf, String> {
    let bin_dir = plan.grade_dir.join("bin");
    let work_dir = plan.grade_dir.join("work");
    for dir in [&bin_dir, &work_dir] {
        fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let source = Source {
        exercise: usize::MAX,
        file: "trial.rs",
        text: super::linker::TRIAL,
    };
    let deadline = Instant::now() + plan.limit;
    match compile(plan, &bin_dir, &work_dir, 0, &source, deadline) {
        Ok(Compiled::Program(program)) => Ok(program.path),
        Ok(Compiled::Errors(why) | Compiled::Stopped(why)) => Err(why),
        Err(e) => Err(format!("{e:#}")),
    }
}

/// Builds every student's files, up to `jobs` students at once.
pub fn build_class(plan: &BuildPlan, students: &[Vec<Source>], bar: &Bar) -> Result<Built> {
    let bin_dir = plan.grade_dir.join("bin");
    let work_dir = plan.grade_dir.join("work");
    fs::create_dir_all(&bin_dir).context("cannot create target/grade/bin")?;
    let _ = fs::remove_dir_all(&work_dir);
    fs::create_dir_all(&work_dir).context("cannot create target/grade/work")?;
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
        anyhow::bail!("the grader could not compile any program, so no student was graded: {why}");
    }
    Ok(built)
}

fn limit_reached(limit: Duration) -> String {
    format!(
        "the build was stopped: this student's files took longer than the build limit of {} s to compile (a compile-time loop that never ends?)",
        limit.as_secs()
    )
}

fn compile(
    plan: &BuildPlan,
    bin_dir: &Path,
    work_dir: &Path,
    student: usize,
    source: &Source,
    deadline: Instant,
) -> Result<Compiled> {
    let toolchain = plan.toolchain;
    // What the compile could read is part of what a program is built from:
    // a program or message kept from a compile that saw more (unsandboxed,
    // or in a sandbox that showed more) is never reused.
    let sandbox = plan
        .confinement
        .map_or_else(|| "unsandboxed".to_string(), |c| c.describe());
    let key = sha256_hex(
        format!(
            "{}\n{}\n{}\n{}\n{}",
            toolchain.fingerprint,
            sha256_hex(sandbox.as_bytes()),
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

    // A folder of its own: the file (readable), and an empty, writable `out`.
    let dir = work_dir.join(format!("{student}-{}", source.exercise));
    let src = dir.join("src");
    let out = dir.join("out");
    fs::create_dir_all(src.join("exercises"))?;
    fs::create_dir_all(&out)?;
    let file = src.join("exercises").join(source.file);
    fs::write(&file, source.text).with_context(|| format!("cannot write {}", file.display()))?;
    if let Some(confinement) = plan.confinement {
        give_to(&out, confinement.uid(student))
            .context("cannot hand the output folder to the sandbox's user")?;
    }

    let (rustc, deps, source_path, out_path) = if plan.confinement.is_some() {
        (
            PathBuf::from("/toolchain/bin/rustc"),
            PathBuf::from("/deps"),
            format!("exercises/{}", source.file),
            PathBuf::from("/out/program"),
        )
    } else {
        (
            toolchain.sysroot.join("bin").join("rustc"),
            toolchain.deps_dir.clone(),
            format!("exercises/{}", source.file),
            out.join("program"),
        )
    };
    let mut argv: Vec<OsString> = vec![rustc.into()];
    for flag in &toolchain.flags {
        argv.push(flag.into());
    }
    for arg in [
        "--crate-type",
        "bin",
        "--crate-name",
        "exercise",
        "-C",
        "debuginfo=0",
        "-C",
        "strip=symbols",
        "-C",
        "embed-bitcode=no",
        "--error-format=json",
        "--color",
        "never",
    ] {
        argv.push(arg.into());
    }
    let mut dependency = OsString::from("dependency=");
    dependency.push(&deps);
    argv.push("-L".into());
    argv.push(dependency);
    for (name, file) in &toolchain.externs {
        let mut spec = OsString::from(format!("{name}="));
        spec.push(deps.join(file));
        argv.push("--extern".into());
        argv.push(spec);
    }
    argv.push("-o".into());
    argv.push(out_path.into());
    argv.push(source_path.into());

    let left = deadline.saturating_duration_since(Instant::now());
    let (argv, cwd) = if let Some(confinement) = plan.confinement {
        let jail = Sandbox {
            read_only: vec![
                (src.clone(), "/src".into()),
                (toolchain.sysroot.clone(), "/toolchain".into()),
                (toolchain.deps_dir.clone(), "/deps".into()),
            ],
            writable: vec![(out.clone(), "/out".into())],
            cwd: "/src".into(),
            limits: SandboxLimits::compiler(left.as_secs() + 1),
            uid: confinement.uid(student),
            needs: Needs::Compiler,
            confinement: Arc::clone(confinement),
        };
        (
            jail.command_line(&argv)
                .map_err(|e| anyhow::anyhow!("{e}"))?,
            PathBuf::from("/"),
        )
    } else {
        (argv, src.clone())
    };
    let (status, stderr) = run_until(&argv, &cwd, deadline)?;
    let Some(status) = status else {
        return Ok(Compiled::Stopped(limit_reached(plan.limit)));
    };
    let messages = compiler_errors(&stderr);
    let produced = out.join("program");
    if status.success() && produced.is_file() {
        take_back(&produced).context("cannot take the built program back")?;
        let sha256 = sha256_file(&produced).context("cannot hash the built program")?;
        fs::rename(&produced, &cached).context("cannot keep the built program")?;
        fs::write(&cached_hash, &sha256).context("cannot record the program's hash")?;
        let _ = fs::remove_dir_all(&dir);
        return Ok(Compiled::Program(BuiltProgram {
            path: cached,
            sha256,
        }));
    }
    let _ = fs::remove_dir_all(&dir);
    if status.code() == Some(1) && !messages.is_empty() {
        // Kept for the next grading only when the errors are the file's own
        // (they point into it), not the toolchain's (a missing linker, say).
        if blames_the_file(&stderr) {
            let _ = fs::write(&cached_errors, &messages);
        }
        return Ok(Compiled::Errors(messages));
    }
    let tail: String = String::from_utf8_lossy(&stderr)
        .lines()
        .filter(|l| !l.starts_with('{'))
        .collect::<Vec<_>>()
        .join("\n");
    Ok(Compiled::Stopped(format!(
        "the compiler stopped ({}){}{}",
        describe(status),
        if messages.is_empty() { "" } else { ":\n" },
        if messages.is_empty() {
            truncate(&tail)
        } else {
            messages
        }
    )))
}

fn describe(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("signal {signal}: a limit of memory or CPU time, most likely");
        }
    }
    format!("exit code {}", status.code().unwrap_or(-1))
}

fn truncate(text: &str) -> String {
    let mut text = text.to_string();
    if text.len() > MAX_MESSAGES {
        let mut cut = MAX_MESSAGES;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
    }
    if text.is_empty() {
        String::new()
    } else {
        format!(":\n{text}")
    }
}

/// Runs a command with stderr kept (capped); stops its process group at the
/// deadline. `None`: stopped.
fn run_until(
    argv: &[OsString],
    cwd: &Path,
    deadline: Instant,
) -> Result<(Option<std::process::ExitStatus>, Vec<u8>)> {
    let mut command = Command::new(&argv[0]);
    command
        .args(&argv[1..])
        .current_dir(cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .env_clear()
        .envs(
            std::env::vars_os()
                .filter(|(name, _)| super::toolchain::passes(&name.to_string_lossy())),
        );
    // Its own process group, recorded so that Ctrl-C stops it too.
    let mut child = interrupt::spawn_group(&mut command)
        .with_context(|| format!("could not start {}", Path::new(&argv[0]).display()))?;
    let reader = child.stderr.take().map(|mut pipe| {
        thread::spawn(move || {
            let mut kept = Vec::new();
            let mut buf = [0u8; 8192];
            while let Ok(n @ 1..) = pipe.read(&mut buf) {
                if kept.len() < 4 * MAX_MESSAGES * 16 {
                    kept.extend_from_slice(&buf[..n]);
                }
            }
            kept
        })
    });
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() >= deadline => {
                interrupt::kill_group(child.id());
                let _ = child.wait();
                break None;
            }
            Ok(None) => thread::sleep(Duration::from_millis(10)),
            Err(e) => return Err(e).context("cannot wait for the compiler"),
        }
    };
    let stderr = reader.and_then(|r| r.join().ok()).unwrap_or_default();
    Ok((status, stderr))
}

/// The rendered error messages of rustc's JSON diagnostics.
fn compiler_errors(stderr: &[u8]) -> String {
    let mut kept = String::new();
    for line in String::from_utf8_lossy(stderr).lines() {
        let Ok(message) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        let level = message.get("level").and_then(Value::as_str);
        let text = message
            .get("message")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if !matches!(level, Some("error" | "error: internal compiler error"))
            || text.starts_with("aborting due to")
        {
            continue;
        }
        let rendered = message
            .get("rendered")
            .and_then(Value::as_str)
            .unwrap_or(text);
        if kept.len() < MAX_MESSAGES {
            kept.push_str(rendered);
            if kept.len() >= MAX_MESSAGES {
                kept.push_str("\n(more errors follow; fix these first)\n");
            }
        }
    }
    kept
}

/// Whether some error points at a place in the student's file.
fn blames_the_file(stderr: &[u8]) -> bool {
    String::from_utf8_lossy(stderr).lines().any(|line| {
        serde_json::from_str::<Value>(line).is_ok_and(|m| {
            m.get("level").and_then(Value::as_str) == Some("error")
                && m.get("spans")
                    .and_then(Value::as_array)
                    .is_some_and(|s| !s.is_empty())
        })
    })
}

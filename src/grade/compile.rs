//! One `rustc` run on one exercise file: its command line, the sandbox
//! that sees only that file, the compiler and the grader's dependencies,
//! the wall-clock deadline, and what came of it. Which files to compile,
//! with how much time, and what is kept for the next grading is `build`'s
//! business.

use super::build::{BuildPlan, Source};
use crate::runner::interrupt;
use crate::runner::sandbox::{Needs, Sandbox, SandboxLimits, give_to, take_back};
use anyhow::{Context, Result};
use serde_json::Value;
use std::ffi::OsString;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The most compiler output kept for one program.
const MAX_MESSAGES: usize = 8 * 1024;

/// What one compile came to.
pub enum Attempt {
    /// The program, in `dir/out/program` (taken back from the sandbox's user).
    Built(PathBuf),
    /// rustc's error messages; `blames_file` when some point into the file
    /// (the file's own fault, not the toolchain's).
    Errors { messages: String, blames_file: bool },
    /// The deadline came first.
    TimedOut,
    /// Stopped another way (a signal, a limit, no rustc at all): what is known.
    Stopped(String),
}

/// A compile's own folder: the file (readable) under `src/exercises/`, and
/// an empty `out/` the sandbox's user may write.
pub struct Job<'a> {
    pub dir: PathBuf,
    /// The sandbox's user (`None`: unsandboxed).
    pub uid: Option<u32>,
    pub source: &'a Source<'a>,
    /// Lints may not fail the build (the grader's own test program).
    pub cap_lints: bool,
}

/// Compiles `job.source` in a sandbox until `deadline`.
pub fn rustc(plan: &BuildPlan, job: &Job, deadline: Instant) -> Result<Attempt> {
    let src = job.dir.join("src");
    let out = job.dir.join("out");
    fs::create_dir_all(src.join("exercises"))?;
    fs::create_dir_all(&out)?;
    let file = src.join("exercises").join(job.source.file);
    fs::write(&file, job.source.text)
        .with_context(|| format!("cannot write {}", file.display()))?;
    if let Some(uid) = job.uid {
        give_to(&out, uid).context("cannot hand the output folder to the sandbox's user")?;
    }

    let toolchain = plan.toolchain;
    let argv = rustc_argv(plan, job, &out);

    let left = deadline.saturating_duration_since(Instant::now());
    let confined = plan.confinement.zip(job.uid);
    let command = if let Some((confinement, uid)) = confined {
        let jail = Sandbox {
            read_only: vec![
                (src.clone(), "/src".into()),
                (toolchain.sysroot.clone(), "/toolchain".into()),
                (toolchain.deps_dir.clone(), "/deps".into()),
            ],
            writable: vec![(out.clone(), "/out".into())],
            cwd: "/src".into(),
            limits: SandboxLimits::compiler(left.as_secs() + 1),
            uid,
            needs: Needs::Compiler,
            confinement: std::sync::Arc::clone(confinement),
        };
        jail.command(&argv).map_err(|e| anyhow::anyhow!("{e}"))?
    } else {
        // Run as it is, with the toolchain's variables and no others.
        let mut command = Command::new(&argv[0]);
        command.args(&argv[1..]).current_dir(&src).env_clear().envs(
            std::env::vars_os()
                .filter(|(name, _)| super::toolchain::passes(&name.to_string_lossy())),
        );
        command
    };
    let (status, stderr) = run_until(command, deadline)?;
    let Some(status) = status else {
        return Ok(Attempt::TimedOut);
    };
    let messages = compiler_errors(&stderr);
    let produced = out.join("program");
    if status.success() && produced.is_file() {
        take_back(&produced).context("cannot take the built program back")?;
        return Ok(Attempt::Built(produced));
    }
    if status.code() == Some(1) && !messages.is_empty() {
        return Ok(Attempt::Errors {
            messages,
            blames_file: blames_the_file(&stderr),
        });
    }
    let tail: String = String::from_utf8_lossy(&stderr)
        .lines()
        .filter(|l| !l.starts_with('{'))
        .collect::<Vec<_>>()
        .join("\n");
    Ok(Attempt::Stopped(format!(
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

/// rustc's command line for `job`, with the paths the sandbox shows it
/// (`/toolchain`, `/deps`, `/out`) when there is one.
fn rustc_argv(plan: &BuildPlan, job: &Job, out: &Path) -> Vec<OsString> {
    let toolchain = plan.toolchain;
    let (rustc, deps, out_path) = if plan.confinement.is_some() {
        (
            PathBuf::from("/toolchain/bin/rustc"),
            PathBuf::from("/deps"),
            PathBuf::from("/out/program"),
        )
    } else {
        (
            toolchain.sysroot.join("bin").join("rustc"),
            toolchain.deps_dir.clone(),
            out.join("program"),
        )
    };
    let mut argv: Vec<OsString> = vec![rustc.into()];
    argv.extend(toolchain.flags.iter().map(OsString::from));
    if job.cap_lints {
        argv.extend(["--cap-lints".into(), "allow".into()]);
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
    argv.extend(["-L".into(), dependency]);
    for (name, file) in &toolchain.externs {
        let mut spec = OsString::from(format!("{name}="));
        spec.push(deps.join(file));
        argv.extend(["--extern".into(), spec]);
    }
    argv.extend(["-o".into(), out_path.into()]);
    argv.push(format!("exercises/{}", job.source.file).into());
    argv
}

fn describe(status: ExitStatus) -> String {
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
fn run_until(mut command: Command, deadline: Instant) -> Result<(Option<ExitStatus>, Vec<u8>)> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    // Its own process group, recorded so that Ctrl-C stops it too.
    let mut child = interrupt::spawn_group(&mut command).with_context(|| {
        format!(
            "could not start {}",
            Path::new(command.get_program()).display()
        )
    })?;
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

//! One `cargo build` for the whole class. `--keep-going` builds every bin it
//! can; `--message-format=json` says which bin each compiler error belongs
//! to (`target.name`), so a student whose file does not compile gets that
//! file's messages and the rest of the class is unaffected.
//!
//! Cargo runs with a cleared environment (only what cargo and rustc need),
//! so `env!` in a student's file cannot read the grader's secrets, and in
//! its own process group, stopped if it goes quiet for too long (a
//! compile-time loop).

use super::progress::Bar;
use super::workspace::Workspace;
use anyhow::{Context, Result, bail};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// How long cargo may go without saying anything before it is stopped.
pub const STALL: Duration = Duration::from_secs(180);
/// The most compiler output kept for one program.
const MAX_MESSAGES: usize = 8 * 1024;

/// What the build produced, by bin target name.
#[derive(Debug, Default)]
pub struct Built {
    pub programs: BTreeMap<String, PathBuf>,
    pub errors: BTreeMap<String, String>,
}

enum Line {
    Out(String),
    Err(String),
}

pub fn build_class(workspace: &Workspace, jobs: usize, bar: &Bar) -> Result<Built> {
    let mut built = Built::default();
    if workspace.bins.is_empty() {
        return Ok(built);
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(&cargo);
    command
        .current_dir(&workspace.dir)
        .args([
            "build",
            "--workspace",
            "--bins",
            "--keep-going",
            "--message-format=json",
        ])
        .args([
            "--color",
            "never",
            "-j",
            &jobs.max(1).to_string(),
            "--target-dir",
        ])
        .arg(&workspace.target_dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_clear()
        .envs(std::env::vars_os().filter(|(name, _)| passes(&name.to_string_lossy())));
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command.spawn().with_context(|| {
        format!(
            "could not start cargo ({})",
            PathBuf::from(&cargo).display()
        )
    })?;
    let (tx, lines) = mpsc::channel();
    if let Some(out) = child.stdout.take() {
        let tx = tx.clone();
        thread::spawn(move || {
            for line in BufReader::new(out).lines().map_while(Result::ok) {
                let _ = tx.send(Line::Out(line));
            }
        });
    }
    if let Some(mut err) = child.stderr.take() {
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = err.read(&mut buf) {
                let _ = tx.send(Line::Err(String::from_utf8_lossy(&buf[..n]).into_owned()));
            }
        });
    }
    let mut stderr_tail = String::new();
    let mut stalled = false;
    let mut unattributed = Vec::new();
    loop {
        match lines.recv_timeout(STALL) {
            Ok(Line::Out(line)) => {
                read_message(&line, workspace, &mut built, &mut unattributed, bar);
            }
            Ok(Line::Err(text)) => {
                stderr_tail.push_str(&text);
                if stderr_tail.len() > 16 * 1024 {
                    let cut = stderr_tail.len() - 8 * 1024;
                    let cut = (cut..stderr_tail.len())
                        .find(|&i| stderr_tail.is_char_boundary(i))
                        .unwrap_or(0);
                    stderr_tail.drain(..cut);
                }
            }
            Err(RecvTimeoutError::Timeout) => {
                stalled = true;
                stop_group(child.id());
                break;
            }
            Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    let status = child.wait().context("cargo did not finish")?;
    let mut generic = Vec::new();
    for (bin, (s, _)) in &workspace.bins {
        if built.programs.contains_key(bin) || built.errors.contains_key(bin) {
            continue;
        }
        generic.push(bin.clone());
        let why = if stalled {
            format!(
                "the build was stopped: cargo said nothing for {} s (a compile that never ends?)",
                STALL.as_secs()
            )
        } else {
            format!(
                "cargo did not build it:\n{}",
                stderr_tail.replace(&format!("{}/", workspace.packages[*s]), "")
            )
        };
        built.errors.insert(bin.clone(), why);
    }
    // Nothing was built and no student's file was to blame: the grader's
    // own side (harness, manifest, toolchain, network) is broken.
    let blamed = built.errors.keys().any(|bin| !generic.contains(bin));
    if !status.success() && built.programs.is_empty() && !blamed && !stalled {
        let why = if unattributed.is_empty() {
            stderr_tail
        } else {
            unattributed.join("\n")
        };
        bail!("cargo could not build the grader's side, so no student was graded:\n{why}");
    }
    Ok(built)
}

fn read_message(
    line: &str,
    workspace: &Workspace,
    built: &mut Built,
    unattributed: &mut Vec<String>,
    bar: &Bar,
) {
    let Ok(message) = serde_json::from_str::<Value>(line) else {
        return;
    };
    let target = message
        .pointer("/target/name")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let ours = workspace.bins.get(target);
    match message.get("reason").and_then(Value::as_str) {
        Some("compiler-artifact") => {
            if let (Some(_), Some(exe)) = (ours, message.get("executable").and_then(Value::as_str))
            {
                built
                    .programs
                    .insert(target.to_string(), PathBuf::from(exe));
                bar.advance(1);
            }
        }
        Some("compiler-message") => {
            let level = message.pointer("/message/level").and_then(Value::as_str);
            let text = message
                .pointer("/message/message")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let rendered = message
                .pointer("/message/rendered")
                .and_then(Value::as_str)
                .unwrap_or(text);
            if !matches!(level, Some("error" | "error: internal compiler error"))
                || text.starts_with("aborting due to")
            {
                return;
            }
            match ours {
                Some((s, _)) => {
                    let shown = rendered.replace(&format!("{}/", workspace.packages[*s]), "");
                    if !built.errors.contains_key(target) {
                        bar.advance(1); // its first error: this bin is settled
                    }
                    let kept = built.errors.entry(target.to_string()).or_default();
                    if kept.len() < MAX_MESSAGES {
                        kept.push_str(&shown);
                        if kept.len() >= MAX_MESSAGES {
                            kept.push_str("\n(more errors follow; fix these first)\n");
                        }
                    }
                }
                None => unattributed.push(rendered.to_string()),
            }
        }
        _ => {}
    }
}

/// The environment cargo and rustc need, and nothing else.
fn passes(name: &str) -> bool {
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

fn stop_group(pid: u32) {
    #[cfg(unix)]
    {
        use nix::sys::signal::{Signal, killpg};
        use nix::unistd::Pid;
        if let Ok(pid) = i32::try_from(pid) {
            let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
        }
    }
    #[cfg(not(unix))]
    let _ = pid;
}

//! The lessons' Python test programs run in forks of one warm interpreter
//! (`pyfork.py`, a fork server started once per test run): a test program
//! spends about 30 ms of CPU starting Python and importing before it reads a
//! line, a capstone check starts one per scenario, and the cases start a few
//! thousand, most of the suite's time on the two-core CI machine.
//!
//! `learn check --cmd` starts a client, a small C program
//! (`pyfork_client.c`, compiled here once per test process; [`command`]), which
//! asks the server to run `program args` on the client's own stdin, stdout
//! and stderr (the pipes the checker made) and ends as the program ended;
//! stopping the client (the checker's timeout) stops the program. The cases
//! use it, and the interop tests for the official SDK's server (a second
//! server, in the SDK's venv, with the SDK imported: its start costs most of
//! a second). The tests of how `learn` handles hostile processes
//! (children that outlive their parent, signals) start their programs
//! directly. Where the server cannot start, or `LEARN_IT_PYFORK=0`, or it
//! cannot reach a client's pipes, programs start as usual.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// The running server's client script.
struct Server {
    client: PathBuf,
    /// Kept so its stdin stays open: the server ends when this process does.
    _child: Mutex<Child>,
}

/// The server for the lessons' programs: `python3 -S`, standard library.
fn server() -> Option<&'static Server> {
    static SERVER: OnceLock<Option<Server>> = OnceLock::new();
    SERVER
        .get_or_init(|| start("python3", &super::python_executable()?, &["-S"], &[]))
        .as_ref()
}

/// The server for programs of the official SDK's venv, with the SDK's
/// server modules imported.
fn sdk_server(python: &Path) -> Option<&'static Server> {
    static SERVER: OnceLock<Option<Server>> = OnceLock::new();
    SERVER
        .get_or_init(|| {
            let modules = ["pydantic", "mcp.server.mcpserver"];
            start("sdk-python", python, &[], &modules)
        })
        .as_ref()
}

fn start(name: &str, python: &Path, flags: &[&str], modules: &[&str]) -> Option<Server> {
    if std::env::var_os("LEARN_IT_PYFORK").is_some_and(|v| v == "0") {
        return None;
    }
    // One folder per test process and interpreter: its FIFOs are its own.
    // Those of test processes that have ended go.
    let folders = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pyfork");
    for entry in std::fs::read_dir(&folders).into_iter().flatten().flatten() {
        let pid = entry.file_name().to_string_lossy().into_owned();
        let pid = pid.split('-').next().unwrap_or_default().to_string();
        if !Path::new("/proc").join(&pid).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
    let folder = folders.join(format!("{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).ok()?;
    let client = client(&folder, python, flags)?;
    let mut child = Command::new(python)
        .args(flags)
        .arg(super::repo().join("tests/it/common/pyfork.py"))
        .arg(&folder)
        .arg("--compile")
        .arg(super::repo().join("lessons"))
        .args(modules)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .ok()?;
    let mut ready = String::new();
    BufReader::new(child.stdout.take()?)
        .read_line(&mut ready)
        .ok()?;
    if ready.trim() != "ready" {
        let _ = child.kill();
        return None;
    }
    Some(Server {
        client,
        _child: Mutex::new(child),
    })
}

/// The client (`pyfork_client.c`), compiled into `folder` for this server:
/// the folder and the interpreter's command line are in its `config.h`.
fn client(folder: &Path, python: &Path, flags: &[&str]) -> Option<PathBuf> {
    let interpreter: Vec<String> = std::iter::once(python.to_str()?)
        .chain(flags.iter().copied())
        .map(c_string)
        .collect::<Option<_>>()?;
    let config = format!(
        "#define PYFORK_DIR {}\nstatic const char *const PYFORK_INTERPRETER[] = {{{}, NULL}};\n",
        c_string(folder.to_str()?)?,
        interpreter.join(", ")
    );
    std::fs::write(folder.join("config.h"), config).ok()?;
    let client = folder.join("python3");
    let built = Command::new("cc")
        .args(["-O2", "-static", "-s", "-I"])
        .arg(folder)
        .arg("-o")
        .arg(&client)
        .arg(super::repo().join("tests/it/common/pyfork_client.c"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .ok()?;
    built.success().then_some(client)
}

/// `text` as a C string literal, for text without quotes, backslashes or
/// control characters (paths of this repository and its venvs).
fn c_string(text: &str) -> Option<String> {
    let plain = !text
        .chars()
        .any(|c| c == '"' || c == '\\' || c.is_control());
    plain.then(|| format!("\"{text}\""))
}

/// The `--cmd` line that runs `python3 <words>`: through the fork server
/// where there is one.
pub fn command(words: &[&OsStr]) -> String {
    line(server(), "python3".as_ref(), words)
}

/// The `--cmd` line that runs `<python> <words>` with the official SDK's
/// venv interpreter `python`: through its fork server where there is one.
pub fn sdk_command(python: &Path, words: &[&OsStr]) -> String {
    line(sdk_server(python), python.as_os_str(), words)
}

fn line(server: Option<&Server>, python: &OsStr, words: &[&OsStr]) -> String {
    let quote = |word: &OsStr| {
        let text = word.to_string_lossy().into_owned();
        shlex::try_quote(&text).map_or(text.clone(), |q| q.into_owned())
    };
    let first = match server {
        Some(server) => quote(server.client.as_os_str()),
        None => quote(python),
    };
    std::iter::once(first)
        .chain(words.iter().map(|w| quote(w)))
        .collect::<Vec<_>>()
        .join(" ")
}

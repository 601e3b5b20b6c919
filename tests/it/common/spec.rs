//! Where the official MCP 2026-07-28 `schema.json` and example messages are.
//!
//! They belong to the specification, not to this project, so the repository
//! does not carry them. The tests that hold the lesson to them look, in order:
//! where `MCP_SPEC_DIR` points; `../shared/mcp-2026-07-28` beside the
//! repository (the maintainers' layout, and CI's). No package registry
//! carries these files (the conformance suite and the SDKs ship their own
//! compiled types, not `schema.json` and `examples/`), and the CI machine
//! reaches package registries only, not GitHub, so there is no pinned
//! download to fall back on. When
//! neither place has them, such a test says so in one line and passes without
//! checking, except under CI (`CI` set), where missing evidence is a failure.
//!
//! Used by the integration tests (`tests/it/common`) and, through `#[path]`, by
//! the unit tests of `src/explain/schema_types.rs`: one rule for both.

use std::path::{Path, PathBuf};

/// The variable that names a folder holding `schema.json` and `examples/`.
pub const SPEC_DIR_VAR: &str = "MCP_SPEC_DIR";

fn holds_the_spec(dir: &Path) -> bool {
    dir.join("schema.json").is_file() && dir.join("examples").is_dir()
}

/// The folder with the official files, or `None` (after saying why on
/// stderr) when this machine has none and the run is not CI. `what` names
/// the check that is skipped, for that line.
#[allow(
    clippy::disallowed_macros,
    reason = "a test's note on stderr, outside the program's output path"
)]
pub fn spec_dir(what: &str) -> Option<PathBuf> {
    if let Some(dir) = located() {
        return Some(dir);
    }
    let missing = format!(
        "the official MCP 2026-07-28 schema.json and examples/ are not here; \
         set {SPEC_DIR_VAR} to a folder holding them (schema/2026-07-28/ of \
         https://github.com/modelcontextprotocol/modelcontextprotocol) to run it"
    );
    if std::env::var_os("CI").is_some() {
        panic!("{what}: {missing}");
    }
    eprintln!("skipped {what}: {missing}");
    None
}

/// The folder with the official files, where this machine has one (a
/// `MCP_SPEC_DIR` that holds none is a mistake, not an absence: it fails).
pub fn located() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(SPEC_DIR_VAR).map(PathBuf::from) {
        assert!(
            holds_the_spec(&dir),
            "{SPEC_DIR_VAR}={} holds no schema.json and examples/ folder",
            dir.display()
        );
        return Some(dir);
    }
    let beside = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/mcp-2026-07-28");
    holds_the_spec(&beside).then_some(beside)
}

/// `schema.json`'s `$defs`, or `None` as for [`spec_dir`].
pub fn schema_defs(what: &str) -> Option<serde_json::Map<String, serde_json::Value>> {
    let path = spec_dir(what)?.join("schema.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let doc: serde_json::Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
    let defs = doc["$defs"]
        .as_object()
        .unwrap_or_else(|| panic!("{} has no $defs", path.display()));
    Some(defs.clone())
}

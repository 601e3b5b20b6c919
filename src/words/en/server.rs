//! `learn interop` and `learn conformance`, in English.

use crate::words::{En, Server};

impl Server for En {
    fn no_sdk_steps(&self) -> &'static str {
        "this course has no SDK steps for `learn interop` (a lesson's interop.toml)"
    }
    fn no_sdk_steps_name_one(&self) -> &'static str {
        "this course has no SDK steps for `learn interop` (a lesson's interop.toml): name an exercise, or give --cmd"
    }
    fn interop_needs_server(&self, example: &str) -> String {
        format!("`learn interop` drives a server; name a server exercise, such as `{example}`.")
    }
    fn sdk_drives(&self, sdk: &str, shown: &str) -> String {
        format!("The official MCP Python SDK (mcp {sdk}) drives {shown} over stdio:")
    }
    fn steps_passed(&self, passed: usize, total: usize) -> String {
        format!("{passed} of {total} steps passed.")
    }
    fn no_python(&self, python: &str, why: &str, steps: &str) -> String {
        format!(
            "`learn interop` needs Python 3.10 or newer, and `{python}` cannot be started ({why}).\n\
             Install Python (Debian or Ubuntu: `sudo apt-get install python3 python3-venv`; \
             otherwise from python.org), then install the official MCP SDK:\n{steps}\n\
             `learn interop` finds that environment by itself (or give `--python PATH`)."
        )
    }
    fn no_sdk(&self, python: &str, why: &str, steps: &str) -> String {
        format!(
            "the official MCP Python SDK (mcp 2.x) is not usable from `{python}` ({why}).\n\
             Install it in the course's own virtual environment (Python 3.10 or newer):\n{steps}\n\
             `learn interop` finds that environment by itself (or give `--python PATH`). \
             On Debian or Ubuntu, `python3 -m venv` needs `sudo apt-get install python3-venv`."
        )
    }
    fn not_tried(&self) -> &'static str {
        "not tried: no connection"
    }
    fn sdk_saw(&self) -> &'static str {
        "the SDK saw: "
    }
    fn needed(&self) -> &'static str {
        "needed: "
    }
    fn driver_stopped(&self) -> &'static str {
        "the SDK driver stopped before any step; its messages are above"
    }
    fn connect_discover(&self) -> &'static str {
        "connect: the SDK probes server/discover and picks 2026-07-28"
    }
    fn connect_pinned(&self) -> &'static str {
        "connect: the SDK adopts the version, no probe"
    }
    fn connect_needed(&self) -> &'static str {
        "`server/discover` must complete with supportedVersions listing \"2026-07-28\"; an error or a bad result makes the SDK fall back to the old `initialize` handshake."
    }
    fn mode_auto(&self) -> &'static str {
        "mode=\"auto\" (discover first, fall back to initialize)"
    }
    fn mode_pinned(&self, version: &str) -> String {
        format!("mode=\"{version}\" (the version pinned)")
    }
    fn suite_installed(&self, node: &str, suite: &str, home: &str, example: &str) -> String {
        format!(
            "Node {node} and @modelcontextprotocol/conformance {suite} are in {home}. Next: learn conformance {example}"
        )
    }
    fn suite_no_results(&self) -> &'static str {
        "the conformance suite ran but left no results"
    }
    fn suite_missing(&self, what: &str, why: &str, steps: &str) -> String {
        format!(
            "`learn conformance` needs {what}, pinned by this course, and {why}.\n\
             Install both under the course's target/ folder (Python 3 is all it needs; about 280 MB from PyPI and npm):\n{steps}\n\
             `learn conformance` finds them there by itself (or give `--node PATH` for a Node 22+ of your own)."
        )
    }
    fn suite_judges(&self, suite: &str, shown: &str) -> String {
        format!(
            "The official MCP conformance suite (@modelcontextprotocol/conformance {suite}) judges {shown} over Streamable HTTP:"
        )
    }
    fn baseline_fails(&self, count: usize) -> String {
        format!("{count} check(s) fail as the baseline expects")
    }
    fn expected_baseline(&self) -> &'static str {
        "expected (baseline): "
    }
    fn suite_saw(&self) -> &'static str {
        "the suite saw: "
    }
    fn stale_entry(&self, entry: &str) -> String {
        format!("baseline entry {entry} no longer fails: take it out of the baseline")
    }
    fn beyond_exercise(&self, entry: &str) -> String {
        format!(
            "{entry} passes, though the exercise does not ask for it (its baseline lets it fail)"
        )
    }
    fn suite_summary_stale(
        &self,
        ok: usize,
        expected: usize,
        unexpected: usize,
        stale: usize,
    ) -> String {
        format!(
            "{ok} checks passed, {expected} failed as the baseline expects, {unexpected} failed unexpectedly, {stale} stale baseline entries."
        )
    }
    fn suite_summary_beyond(
        &self,
        ok: usize,
        expected: usize,
        unexpected: usize,
        stale: usize,
    ) -> String {
        format!(
            "{ok} checks passed, {expected} failed as the baseline expects, {unexpected} failed unexpectedly, {stale} baseline entries passed beyond what the exercise asks."
        )
    }
}

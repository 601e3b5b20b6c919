//! The suite's results (`-o DIR`: one `server-<scenario>-<time>/checks.json`
//! per scenario), read back and held against the expected-failures baseline.

use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

/// How the suite judged one check.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Success,
    Failure,
    /// A SHOULD not met; a baseline run counts it as a failure.
    Warning,
    Skipped,
    Info,
}

impl Verdict {
    fn parse(status: &str) -> Verdict {
        match status {
            "SUCCESS" => Verdict::Success,
            "FAILURE" => Verdict::Failure,
            "WARNING" => Verdict::Warning,
            "SKIPPED" => Verdict::Skipped,
            _ => Verdict::Info,
        }
    }

    pub fn failed(self) -> bool {
        matches!(self, Verdict::Failure | Verdict::Warning)
    }
}

#[derive(Debug, Serialize)]
pub struct Check {
    pub id: String,
    pub verdict: Verdict,
    pub description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// In the baseline: allowed to fail.
    pub expected: bool,
    /// The lesson section that teaches the rule, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct Scenario {
    pub name: String,
    pub checks: Vec<Check>,
}

/// Which side of the wire the suite judges: its scenarios, results folders
/// and baseline lists are kept apart by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Server,
    Client,
}

impl Side {
    /// The suite's word for it (its command and its YAML list).
    pub fn key(self) -> &'static str {
        match self {
            Side::Server => "server",
            Side::Client => "client",
        }
    }
}

/// The baseline: whole scenarios, or single checks of a scenario.
#[derive(Debug, Default)]
pub struct Baseline {
    entries: BTreeSet<String>,
}

impl Baseline {
    /// Reads the `server:` (or `client:`) list of the suite's
    /// expected-failures YAML. Only its plain form is read (`server:` then
    /// `  - entry` lines), which is what the suite documents; anything else
    /// is an error.
    pub fn parse(text: &str, side: Side) -> Result<Baseline, String> {
        let mut entries = BTreeSet::new();
        let mut in_server = false;
        let heading = format!("{}:", side.key());
        for (number, line) in text.lines().enumerate() {
            let bare = line.split(" #").next().unwrap_or_default().trim_end();
            if bare.trim().is_empty() || bare.trim_start().starts_with('#') {
                continue;
            }
            if !bare.starts_with(' ') && !bare.starts_with('-') {
                in_server = bare == heading;
                continue;
            }
            let Some(entry) = bare.trim().strip_prefix("- ") else {
                return Err(format!(
                    "line {}: expected `  - <scenario>[:<check>]`",
                    number + 1
                ));
            };
            if in_server {
                entries.insert(entry.trim().trim_matches(['"', '\'']).to_string());
            }
        }
        Ok(Baseline { entries })
    }

    /// A baseline of these entries.
    pub fn from_entries<'a>(entries: impl IntoIterator<Item = &'a str>) -> Baseline {
        Baseline {
            entries: entries.into_iter().map(str::to_string).collect(),
        }
    }

    /// The suite's `--expected-failures` YAML for these entries.
    pub fn to_yaml(&self, side: Side) -> String {
        let mut yaml = format!("{}:\n", side.key());
        for entry in &self.entries {
            // A JSON string is a YAML double-quoted scalar.
            yaml.push_str(&format!(
                "  - {}\n",
                serde_json::Value::from(entry.as_str())
            ));
        }
        yaml
    }

    pub fn allows(&self, scenario: &str, check: &str) -> bool {
        self.entries.contains(scenario) || self.entries.contains(&format!("{scenario}:{check}"))
    }

    /// Entries for scenarios that ran and no longer fail.
    pub fn stale(&self, scenarios: &[Scenario]) -> Vec<String> {
        self.entries
            .iter()
            .filter(|entry| {
                let (name, check) = match entry.split_once(':') {
                    Some((name, check)) => (name, Some(check)),
                    None => (entry.as_str(), None),
                };
                let Some(scenario) = scenarios.iter().find(|s| s.name == name) else {
                    return false;
                };
                !scenario
                    .checks
                    .iter()
                    .any(|c| c.verdict.failed() && check.is_none_or(|id| c.id == id))
            })
            .cloned()
            .collect()
    }
}

/// `server-tools-list-2026-11-30T23-43-32-085Z` to `tools-list`; a client
/// scenario's folder has no prefix (`auth/metadata-default-...`, the name's
/// own `/` a folder).
fn scenario_name(dir: &str, side: Side) -> Option<String> {
    let rest = match side {
        Side::Server => dir.strip_prefix("server-")?,
        Side::Client => dir,
    };
    let mut parts: Vec<&str> = rest.split('-').collect();
    if parts.len() < 7 || !parts.last()?.ends_with('Z') {
        return None;
    }
    parts.truncate(parts.len() - 6);
    Some(parts.join("-"))
}

/// The result folders under `dir`, by their path below it (one level of
/// folders more for a scenario name with a `/`).
fn result_folders(dir: &Path) -> Vec<(String, std::path::PathBuf)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.join("checks.json").is_file() {
            found.push((name, path));
        } else if path.is_dir() {
            for inner in std::fs::read_dir(&path).into_iter().flatten().flatten() {
                let inner_name = inner.file_name().to_string_lossy().into_owned();
                found.push((format!("{name}/{inner_name}"), inner.path()));
            }
        }
    }
    found
}

/// Every scenario of `side` in the results folder, in name order.
pub fn read(
    dir: &Path,
    side: Side,
    baseline: &Baseline,
    section: impl Fn(&str) -> Option<String>,
) -> Vec<Scenario> {
    let mut scenarios = Vec::new();
    for (folder, path) in result_folders(dir) {
        let Some(name) = scenario_name(&folder, side) else {
            continue;
        };
        let Ok(text) = std::fs::read_to_string(path.join("checks.json")) else {
            continue;
        };
        let Ok(Value::Array(raw)) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        let checks = raw
            .iter()
            .map(|check| {
                let id = check["id"].as_str().unwrap_or("?").to_string();
                Check {
                    verdict: Verdict::parse(check["status"].as_str().unwrap_or_default()),
                    description: check["description"]
                        .as_str()
                        .unwrap_or_default()
                        .to_string(),
                    message: check["errorMessage"].as_str().map(str::to_string),
                    expected: baseline.allows(&name, &id),
                    section: section(&id),
                    id,
                }
            })
            .collect();
        scenarios.push(Scenario { name, checks });
    }
    scenarios.sort_by(|a, b| a.name.cmp(&b.name));
    scenarios
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_folders_name_their_scenario() {
        assert_eq!(
            scenario_name("server-tools-list-2026-11-30T23-43-32-085Z", Side::Server).as_deref(),
            Some("tools-list")
        );
        assert_eq!(
            scenario_name(
                "server-input-required-result-non-tool-request-2026-11-30T23-43-32-085Z",
                Side::Server
            )
            .as_deref(),
            Some("input-required-result-non-tool-request")
        );
        assert_eq!(
            scenario_name("client-x-2026-11-30T23-43-32-085Z", Side::Server),
            None
        );
        assert_eq!(scenario_name("server-x", Side::Server), None);
    }

    #[test]
    fn the_baseline_reads_scenarios_and_checks() {
        let text = "# why\nserver:\n  # a reason\n  - tools-call-error\n  - caching:sep-2549-x  # inline\nclient:\n  - tools_call\n";
        let baseline = Baseline::parse(text, Side::Server).expect("parses");
        assert!(baseline.allows("tools-call-error", "anything"));
        assert!(baseline.allows("caching", "sep-2549-x"));
        assert!(!baseline.allows("caching", "sep-2549-y"));
        assert!(
            !baseline.allows("tools_call", "x"),
            "client entries are not server ones"
        );
        assert!(Baseline::parse("server:\n  tools-list\n", Side::Server).is_err());
        let client = Baseline::parse(text, Side::Client).expect("parses");
        assert!(client.allows("tools_call", "x") && !client.allows("tools-call-error", "x"));
    }

    #[test]
    fn client_result_folders_name_their_scenario() {
        assert_eq!(
            scenario_name("tools_call-2026-11-30T23-43-32-085Z", Side::Client).as_deref(),
            Some("tools_call")
        );
        assert_eq!(
            scenario_name(
                "auth/metadata-default-2026-11-30T23-43-32-085Z",
                Side::Client
            )
            .as_deref(),
            Some("auth/metadata-default")
        );
        assert_eq!(scenario_name("tools_call", Side::Client), None);
    }

    #[test]
    fn the_yaml_written_for_the_suite_reads_back_the_same() {
        let baseline = Baseline::from_entries(["tools-call-error", "caching:sep-2549-x"]);
        let yaml = baseline.to_yaml(Side::Server);
        assert_eq!(
            yaml,
            "server:\n  - \"caching:sep-2549-x\"\n  - \"tools-call-error\"\n"
        );
        let again = Baseline::parse(&yaml, Side::Server).expect("parses");
        assert!(again.allows("caching", "sep-2549-x") && again.allows("tools-call-error", "y"));
        assert!(!again.allows("caching", "sep-2549-y"));
    }

    #[test]
    fn an_entry_that_no_longer_fails_is_stale() {
        let baseline =
            Baseline::parse("server:\n  - a\n  - b:x\n  - c\n", Side::Server).expect("parses");
        let check = |id: &str, verdict| Check {
            id: id.into(),
            verdict,
            description: String::new(),
            message: None,
            expected: true,
            section: None,
        };
        let scenarios = vec![
            Scenario {
                name: "a".into(),
                checks: vec![check("x", Verdict::Success)],
            },
            Scenario {
                name: "b".into(),
                checks: vec![check("x", Verdict::Warning)],
            },
        ];
        assert_eq!(baseline.stale(&scenarios), vec!["a".to_string()]);
    }
}

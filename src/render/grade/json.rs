//! `--format json`: the report as it is, for scripts, dashboards and
//! `--merge` (docs/grading.md lists its fields).

use crate::grade::report::Report;
use anyhow::{Context, Result};

pub fn render(report: &Report) -> Result<String> {
    let text = serde_json::to_string_pretty(report).context("cannot write the report as JSON")?;
    Ok(format!("{text}\n"))
}

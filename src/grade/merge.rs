//! `learn grade --merge`: JSON reports (one per student or group, from a CI
//! matrix, say) read back and merged into one class report, refusing
//! reports graded with different course files, or one student twice.

use super::report::{Report, SCORING};
use anyhow::{Context, Result, bail};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Reads a report of `learn grade --format json`.
pub fn read(path: &Path) -> Result<Report> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the report {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| {
        format!(
            "{} is not a report of `learn grade --format json`",
            path.display()
        )
    })
}

/// One report of every submission, in the order the reports were given.
pub fn merge(reports: Vec<(PathBuf, Report)>) -> Result<Report> {
    let Some((first_path, first)) = reports.first() else {
        bail!("give at least one JSON report to merge");
    };
    let grader = first.grader.clone();
    let mut submissions = Vec::new();
    let mut seeds: Vec<u64> = Vec::new();
    let mut sandboxed = true;
    let mut names = BTreeSet::new();
    for (path, report) in &reports {
        if report.grader != grader {
            bail!(
                "{} and {} were graded with different course files (their `grader` hashes differ)",
                first_path.display(),
                path.display()
            );
        }
        let mut own = report.seeds.clone().unwrap_or_default();
        own.extend(report.seed);
        for seed in own {
            if !seeds.contains(&seed) {
                seeds.push(seed);
            }
        }
        sandboxed &= report.sandboxed;
        for s in &report.submissions {
            if !names.insert(s.name.clone()) {
                bail!("{} is in two reports ({})", s.name, path.display());
            }
            submissions.push(s.clone());
        }
    }
    Ok(Report {
        seed: match seeds.as_slice() {
            [one] => Some(*one),
            _ => None,
        },
        seeds: Some(seeds),
        scoring: SCORING.to_string(),
        sandboxed,
        grader,
        submissions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::report::{GraderPart, SubmissionReport};

    fn report(names: &[&str], seed: u64, hash: &str) -> Report {
        Report {
            seed: Some(seed),
            seeds: None,
            scoring: SCORING.into(),
            sandboxed: true,
            grader: vec![GraderPart {
                part: "lessons".into(),
                sha256: Some(hash.into()),
            }],
            submissions: names
                .iter()
                .map(|n| SubmissionReport {
                    name: n.to_string(),
                    commit: None,
                    over_memory_limit: false,
                    score: 0,
                    max_score: 5,
                    exercises: Vec::new(),
                    quiz: None,
                })
                .collect(),
        }
    }

    #[test]
    fn merging_refuses_different_courses_and_twins() {
        let a = report(&["ada", "ben"], 1, "x");
        let other = report(&["cy"], 1, "y");
        assert!(merge(vec![("a".into(), a.clone()), ("b".into(), other)]).is_err());
        assert!(merge(vec![("a".into(), a.clone()), ("a2".into(), a.clone())]).is_err());
        let merged = merge(vec![("a".into(), a.clone())]).expect("one report merges");
        assert_eq!(merged.submissions.len(), 2);
        assert_eq!((merged.seed, merged.seeds), (Some(1), Some(vec![1])));
        let two =
            merge(vec![("a".into(), a), ("c".into(), report(&["cy"], 2, "x"))]).expect("merges");
        assert_eq!((two.seed, two.seeds), (None, Some(vec![1, 2])));
        assert!(merge(Vec::new()).is_err());
    }
}

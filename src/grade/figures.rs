//! A class's figures, from its report: the mean and median score, the pass
//! rate of each exercise (and who did not pass it), and of each curriculum
//! fact over every scenario run. Redacted hidden scenarios name no fact
//! and count for none.

use super::report::{ExerciseStatus, Report};
use std::collections::BTreeMap;

pub struct Figures {
    pub students: usize,
    pub mean: f64,
    pub median: f64,
    /// The largest max score (students graded with and without a quiz differ).
    pub max_score: u32,
    /// The first submission's exercises, in order.
    pub exercises: Vec<ExerciseFigures>,
    /// Fact → (scenarios passed, scenarios run), class-wide.
    pub facts: BTreeMap<String, (usize, usize)>,
}

pub struct ExerciseFigures {
    pub number: u32,
    pub id: String,
    /// Students who passed it.
    pub passed: usize,
    /// Who did not, by name.
    pub not_passed: Vec<String>,
}

pub fn figures(report: &Report) -> Figures {
    let scores: Vec<u32> = report.submissions.iter().map(|s| s.score).collect();
    let exercises = report
        .submissions
        .first()
        .map(|first| {
            first
                .exercises
                .iter()
                .map(|e| {
                    let mut figures = ExerciseFigures {
                        number: e.number,
                        id: e.id.clone(),
                        passed: 0,
                        not_passed: Vec::new(),
                    };
                    for s in &report.submissions {
                        let passed = s
                            .exercises
                            .iter()
                            .any(|x| x.id == e.id && x.status() == ExerciseStatus::Passed);
                        if passed {
                            figures.passed += 1;
                        } else {
                            figures.not_passed.push(s.name.clone());
                        }
                    }
                    figures
                })
                .collect()
        })
        .unwrap_or_default();
    let mut facts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for scenario in report
        .submissions
        .iter()
        .flat_map(|s| &s.exercises)
        .flat_map(|e| &e.scenarios)
        .filter(|s| !s.fact.is_empty())
    {
        let slot = facts.entry(scenario.fact.clone()).or_default();
        slot.1 += 1;
        slot.0 += usize::from(scenario.passed);
    }
    Figures {
        students: scores.len(),
        mean: mean(&scores),
        median: median(&scores),
        max_score: report
            .submissions
            .iter()
            .map(|s| s.max_score)
            .max()
            .unwrap_or(0),
        exercises,
        facts,
    }
}

fn mean(scores: &[u32]) -> f64 {
    if scores.is_empty() {
        return 0.0;
    }
    scores.iter().map(|&s| f64::from(s)).sum::<f64>() / scores.len() as f64
}

fn median(scores: &[u32]) -> f64 {
    let mut sorted = scores.to_vec();
    sorted.sort_unstable();
    match sorted.len() {
        0 => 0.0,
        n if n % 2 == 1 => f64::from(sorted[n / 2]),
        n => (f64::from(sorted[n / 2 - 1]) + f64::from(sorted[n / 2])) / 2.0,
    }
}

/// `part` of `whole` as a whole percentage, `-` of nothing.
pub fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "-".into();
    }
    format!("{:.0}%", 100.0 * part as f64 / whole as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_of_the_class() {
        let f = figures(&crate::grade::report::sample());
        assert_eq!(
            (f.students, f.mean, f.median, f.max_score),
            (2, 10.0, 10.0, 20)
        );
        let b = &f.exercises[1];
        assert_eq!((b.number, b.passed), (2, 0));
        assert_eq!(b.not_passed, ["=cmd|' /C calc'!A0", "<b>x</b>, \"y\""]);
        assert_eq!(f.facts["F1"], (2, 2));
        assert_eq!(f.facts["F2"], (0, 1));
        assert!(
            !f.facts.contains_key(""),
            "redacted hidden scenarios have no fact"
        );
    }

    #[test]
    fn means_medians_and_percentages() {
        assert_eq!(mean(&[10, 20]), 15.0);
        assert_eq!(median(&[20, 10, 10]), 10.0);
        assert_eq!(median(&[20, 10]), 15.0);
        assert_eq!((mean(&[]), median(&[])), (0.0, 0.0));
        assert_eq!(percent(1, 3), "33%");
        assert_eq!(percent(0, 0), "-");
    }
}

//! Timing and reporting: medians of repeated runs, and one line per figure
//! with its goal and its ratio to the baseline measured in the same run.

use std::process::{Command, Output, Stdio};
use std::time::Instant;

/// Runs `command` once with stdin closed and output kept; returns the wall
/// time in milliseconds and what it printed.
pub fn timed(command: &mut Command) -> (f64, Output) {
    command.stdin(Stdio::null());
    let started = Instant::now();
    let output = command.output().expect("the command starts");
    (started.elapsed().as_secs_f64() * 1e3, output)
}

/// Like [`timed`], and the command must succeed.
pub fn timed_ok(command: &mut Command) -> f64 {
    let (ms, output) = timed(command);
    assert!(
        output.status.success(),
        "{command:?} failed ({}):\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    ms
}

pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[mid],
        _ => (sorted[mid - 1] + sorted[mid]) / 2.0,
    }
}

/// One printed figure.
pub struct Figure {
    pub name: String,
    pub value: f64,
    pub unit: &'static str,
    pub goal: Goal,
    /// What the figure is compared with, measured in the same run.
    pub baseline: Option<(String, f64)>,
    /// Anything else the reader must know (a proof that held, or did not).
    pub note: Option<String>,
    /// A condition outside the numbers that the figure also needs (e.g. "no
    /// cargo process started"); `false` fails the goal.
    pub holds: bool,
    /// Fastest and slowest run, and how many runs.
    pub spread: Option<(f64, f64, usize)>,
}

#[derive(Clone, Copy)]
pub enum Goal {
    AtMost(f64),
    AtLeast(f64),
    /// At most the first value, and at most the second above the baseline.
    AtMostAndAbove(f64, f64),
    /// Below the baseline (faster than the outside reference).
    BelowBaseline,
    /// At most this fraction of the baseline.
    RatioAtMost(f64),
}

impl Figure {
    pub fn new(name: impl Into<String>, value: f64, unit: &'static str, goal: Goal) -> Figure {
        Figure {
            name: name.into(),
            value,
            unit,
            goal,
            baseline: None,
            note: None,
            holds: true,
            spread: None,
        }
    }

    /// A figure that is the median of `samples`.
    pub fn median_of(
        name: impl Into<String>,
        samples: &[f64],
        unit: &'static str,
        goal: Goal,
    ) -> Figure {
        let mut figure = Figure::new(name, median(samples), unit, goal);
        let low = samples.iter().copied().fold(f64::INFINITY, f64::min);
        let high = samples.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        figure.spread = Some((low, high, samples.len()));
        figure
    }

    pub fn against(mut self, what: impl Into<String>, value: f64) -> Figure {
        self.baseline = Some((what.into(), value));
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Figure {
        self.note = Some(note.into());
        self
    }

    pub fn holds(mut self, holds: bool) -> Figure {
        self.holds = holds;
        self
    }

    fn goal_text(&self) -> String {
        let u = self.unit;
        match self.goal {
            Goal::AtMost(limit) => format!("<= {limit} {u}"),
            Goal::AtLeast(floor) => format!(">= {floor} {u}"),
            Goal::AtMostAndAbove(limit, above) => {
                format!("<= {limit} {u} and <= baseline + {above} {u}")
            }
            Goal::BelowBaseline => "below the baseline".into(),
            Goal::RatioAtMost(ratio) => format!("<= {ratio}x the baseline"),
        }
    }

    /// `None` when met (or no goal), else by how much it is missed.
    pub fn shortfall(&self) -> Option<String> {
        let u = self.unit;
        let base = self.baseline.as_ref().map(|(_, v)| *v);
        let miss = match self.goal {
            Goal::AtMost(limit) if self.value > limit => {
                Some(format!("{:.1} {u} over", self.value - limit))
            }
            Goal::AtLeast(floor) if self.value < floor => {
                Some(format!("{:.0} {u} short", floor - self.value))
            }
            Goal::AtMostAndAbove(limit, above) => {
                let mut parts = Vec::new();
                if self.value > limit {
                    parts.push(format!("{:.1} {u} over {limit}", self.value - limit));
                }
                if let Some(base) = base
                    && self.value - base > above
                {
                    parts.push(format!(
                        "{:.1} {u} above baseline (allowed {above})",
                        self.value - base
                    ));
                }
                (!parts.is_empty()).then(|| parts.join(", "))
            }
            Goal::BelowBaseline => match base {
                Some(base) if self.value >= base => {
                    Some(format!("{:.1} {u} slower", self.value - base))
                }
                _ => None,
            },
            Goal::RatioAtMost(ratio) => match base {
                Some(base) if self.value > base * ratio => {
                    Some(format!("ratio {:.2}x", self.value / base))
                }
                _ => None,
            },
            _ => None,
        };
        match (miss, self.holds) {
            (Some(miss), true) => Some(miss),
            (Some(miss), false) => Some(format!("{miss}; condition failed")),
            (None, false) => Some("condition failed".into()),
            (None, true) => None,
        }
    }

    pub fn print(&self) {
        let verdict = match self.shortfall() {
            None => "MET".to_string(),
            Some(miss) => format!("MISSED ({miss})"),
        };
        println!("{}", self.name);
        println!(
            "    median {:>9.1} {:<6} goal {:<34} {verdict}",
            self.value,
            self.unit,
            self.goal_text()
        );
        if let Some((low, high, runs)) = self.spread {
            println!("    runs: {runs}, fastest {low:.1}, slowest {high:.1}");
        }
        if let Some((what, base)) = &self.baseline {
            let ratio = if *base > 0.0 {
                self.value / base
            } else {
                f64::NAN
            };
            println!(
                "    baseline {what}: {base:.1} {}   ratio {ratio:.2}x   difference {:+.1} {}",
                self.unit,
                self.value - base,
                self.unit
            );
        }
        if let Some(note) = &self.note {
            println!("    {note}");
        }
    }
}

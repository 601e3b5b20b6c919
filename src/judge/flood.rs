//! Keeping a verdict readable and small when a program floods its output:
//! problems of one kind are reported once each for the first few, then as a
//! count, and the evidence keeps the first lines, each clipped. A program
//! that prints the same wrong line 20,000 times gets a verdict of a few
//! kilobytes, in text and in JSON.

use super::verdict::Problem;
use std::collections::HashMap;
use std::mem::{Discriminant, discriminant};

/// Examples kept of each kind of problem in one scenario.
pub const EXAMPLES: usize = 3;
/// Characters of a scenario's problems as one text (`--json`, reports).
pub const MESSAGE_CHARS: usize = 500;
/// Bytes that text may take written as a JSON string: a program writing
/// binary fills its quoted lines with replacement characters and escapes,
/// several bytes each, and a capstone has over thirty scenarios.
pub const MESSAGE_BYTES: usize = 800;
/// Lines of a run that ended normally kept whole.
pub const WHOLE_RUN_LINES: usize = 300;
/// Received lines kept as evidence for one run.
pub const EVIDENCE_LINES: usize = 5;
/// Characters kept of each evidence line.
pub const EVIDENCE_WIDTH: usize = 200;
/// Bytes the kept lines may take in all, written as JSON strings (control
/// bytes from a program writing binary take six each there).
pub const EVIDENCE_BYTES: usize = 300;

/// The first [`EXAMPLES`] problems of each kind, in their order, each kind's
/// last example followed by a [`Problem::Repeated`] with the count left out.
pub fn grouped(problems: Vec<Problem>) -> Vec<Problem> {
    let mut counts: HashMap<Discriminant<Problem>, usize> = HashMap::new();
    for problem in &problems {
        *counts.entry(discriminant(problem)).or_default() += 1;
    }
    if counts.values().all(|&n| n <= EXAMPLES) {
        return problems;
    }
    let mut seen: HashMap<Discriminant<Problem>, usize> = HashMap::new();
    let mut kept = Vec::new();
    for problem in problems {
        let kind = discriminant(&problem);
        let index = seen.entry(kind).or_default();
        *index += 1;
        if *index > EXAMPLES {
            continue;
        }
        kept.push(problem);
        let total = counts.get(&kind).copied().unwrap_or(0);
        if *index == EXAMPLES && total > EXAMPLES {
            kept.push(Problem::Repeated {
                more: total - EXAMPLES,
            });
        }
    }
    kept
}

/// The first lines, at most [`EVIDENCE_LINES`] of them and
/// [`EVIDENCE_BYTES`] in all, each cut to [`EVIDENCE_WIDTH`] characters.
/// The first line is always kept. A run that ended normally with at most
/// [`WHOLE_RUN_LINES`] lines is kept whole: the scenario bounds it.
pub fn evidence_lines(received: &[String], hit_limit: bool) -> Vec<String> {
    if !hit_limit && received.len() <= WHOLE_RUN_LINES {
        return received.to_vec();
    }
    let mut kept = Vec::new();
    let mut bytes = 0;
    for line in received.iter().take(EVIDENCE_LINES) {
        let mut line = match line.char_indices().nth(EVIDENCE_WIDTH) {
            Some((cut, _)) => format!("{}…", &line[..cut]),
            None => line.clone(),
        };
        let mut size = json_size(&line);
        if bytes + size > EVIDENCE_BYTES {
            if !kept.is_empty() {
                break;
            }
            // Even the first line is too big as JSON: fewer characters of it.
            while size > EVIDENCE_BYTES && line.pop().is_some() {
                size = json_size(&line);
            }
        }
        bytes += size;
        kept.push(line);
    }
    kept
}

pub fn json_size(text: &str) -> usize {
    serde_json::to_string(text).map_or(text.len(), |s| s.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn not_json(n: usize) -> Problem {
        Problem::NotJson {
            line: format!("line {n}"),
        }
    }

    #[test]
    fn each_kind_keeps_its_first_examples_and_a_count() {
        let mut problems: Vec<Problem> = (0..1000).map(not_json).collect();
        problems.insert(1, Problem::OutputNeverEnded { seconds: 1 });
        let grouped = grouped(problems);
        assert_eq!(
            grouped,
            vec![
                not_json(0),
                Problem::OutputNeverEnded { seconds: 1 },
                not_json(1),
                not_json(2),
                Problem::Repeated { more: 997 },
            ]
        );
    }

    #[test]
    fn few_problems_stay_as_they_are() {
        let problems: Vec<Problem> = (0..EXAMPLES).map(not_json).collect();
        assert_eq!(grouped(problems.clone()), problems);
    }

    #[test]
    fn evidence_is_the_first_lines_clipped() {
        let long = "a".repeat(EVIDENCE_WIDTH + 10);
        let received: Vec<String> = std::iter::once(long)
            .chain((0..100).map(|n| n.to_string()))
            .collect();
        let kept = evidence_lines(&received, true);
        assert_eq!(kept.len(), EVIDENCE_LINES);
        assert_eq!(kept[0].chars().count(), EVIDENCE_WIDTH + 1);
        assert_eq!(kept[1], "0");
        // Binary output: control bytes take six bytes each as JSON.
        let binary = vec!["\u{1}".repeat(1000); 50];
        let kept = evidence_lines(&binary, true);
        let size: usize = kept.iter().map(|l| json_size(l)).sum();
        assert!(!kept.is_empty() && size <= EVIDENCE_BYTES, "{size}");
    }
}

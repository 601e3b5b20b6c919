//! Scores and pass marks. A quiz is passed when the latest answers to its
//! questions reach the pass mark, so a `--retry-wrong` round can finish it.

use super::model::Quiz;
use std::collections::BTreeMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    pub right: usize,
    pub total: usize,
}

impl Score {
    /// Whole percent, rounded down (so 79.9% never shows as a pass of 80%).
    pub fn percent(self) -> usize {
        (self.right * 100).checked_div(self.total).unwrap_or(0)
    }

    pub fn passes(self, pass_percent: u32) -> bool {
        self.total > 0 && self.right * 100 >= pass_percent as usize * self.total
    }
}

/// The quiz's standing from the latest result of each question (`true` =
/// right); a question never answered counts as not right.
pub fn standing(quiz: &Quiz, latest: &BTreeMap<String, bool>) -> Score {
    Score {
        right: quiz
            .questions
            .iter()
            .filter(|q| latest.get(&q.id).copied().unwrap_or(false))
            .count(),
        total: quiz.questions.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pass_mark_is_inclusive_and_empty_never_passes() {
        assert!(Score { right: 4, total: 5 }.passes(80));
        assert!(!Score { right: 3, total: 4 }.passes(80));
        assert!(!Score { right: 0, total: 0 }.passes(80));
        assert_eq!(Score { right: 2, total: 3 }.percent(), 66);
        assert_eq!(Score { right: 0, total: 0 }.percent(), 0);
    }
}

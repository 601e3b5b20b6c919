//! The order a question's choices are shown in, drawn from the run's seed.
//!
//! Each question gets its own stream (the seed mixed with the question id),
//! so a question shows the same order under the same seed whether it is
//! asked in a full quiz or in a `--retry-wrong` round.

use super::model::Question;
use crate::content::template::SeededRng;

/// Shown position -> index in the file's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceOrder(Vec<usize>);

impl ChoiceOrder {
    /// The file's own order: what `--list` shows and answers files use.
    pub fn unshuffled(count: usize) -> Self {
        ChoiceOrder((0..count).collect())
    }

    /// The order for one question under one seed.
    pub fn for_question(question: &Question, seed: u64) -> Self {
        let count = question.kind.options().len();
        let mut order = Self::unshuffled(count);
        if question.kind.shuffles() {
            let mut rng = SeededRng::new(seed ^ fnv1a(question.id.as_bytes()));
            // Fisher-Yates.
            for i in (1..count).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                order.0.swap(i, j);
            }
        }
        order
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The file index of the choice shown at `position`.
    pub fn original(&self, position: usize) -> Option<usize> {
        self.0.get(position).copied()
    }

    /// Where the choice with file index `original` is shown.
    pub fn shown(&self, original: usize) -> Option<usize> {
        self.0.iter().position(|&o| o == original)
    }

    /// File indexes in shown order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().copied()
    }
}

/// A stable hash (FNV-1a), the same on every machine and Rust version.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::Localized;
    use crate::quiz::model::Kind;

    fn question(id: &str, kind: Kind) -> Question {
        let text = Localized {
            en: "x".into(),
            zh: "x".into(),
        };
        Question {
            id: id.into(),
            kind,
            facts: vec!["F1".into()],
            section: "s".into(),
            prompt: text.clone(),
            message: None,
            explanation: text,
        }
    }

    fn choices(n: usize) -> Vec<Localized> {
        (0..n)
            .map(|i| Localized {
                en: i.to_string(),
                zh: i.to_string(),
            })
            .collect()
    }

    #[test]
    fn same_seed_same_order_and_every_choice_once() {
        let q = question(
            "q",
            Kind::Single {
                choices: choices(6),
                answer: 0,
            },
        );
        let a = ChoiceOrder::for_question(&q, 7);
        assert_eq!(a, ChoiceOrder::for_question(&q, 7));
        let mut seen: Vec<usize> = a.iter().collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..6).collect::<Vec<_>>());
        // Some seed among a few must move something, or nothing is shuffled.
        assert!((0..10).any(|s| ChoiceOrder::for_question(&q, s) != ChoiceOrder::unshuffled(6)));
        for p in 0..6 {
            assert_eq!(a.shown(a.original(p).unwrap()), Some(p));
        }
    }

    #[test]
    fn fixed_sets_keep_their_order() {
        let q = question("tf", Kind::TrueFalse { answer: true });
        for seed in 0..20 {
            assert_eq!(
                ChoiceOrder::for_question(&q, seed),
                ChoiceOrder::unshuffled(2)
            );
        }
    }
}

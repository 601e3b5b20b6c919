//! Every word a learner or teacher reads from `src/`, once per language.
//!
//! Each area of the program has a trait here (`Feedback`, ...) with one
//! method per message; `en/` and `zh/` implement every trait for [`En`] and
//! [`Zh`]. A message missing in one language is a compile error, so both
//! languages always have every entry. Front-end code (`commands/`,
//! `render/`) asks once, `words::of(lang)`, and calls the entry it needs;
//! values go in as arguments, already formatted. The engine never does
//! (`tests/it/layering.rs`).
//! Lesson text is not here: it is data under `lessons/`.

mod author;
mod check_report;
mod en;
mod explain;
mod feedback;
mod grading;
mod learner;
mod patterns;
mod quiz;
mod server;
mod zh;

pub use author::Author;
pub use check_report::CheckReport;
pub use explain::Explain;
pub use feedback::Feedback;
pub use grading::Grading;
pub use learner::Learner;
pub use patterns::Patterns;
pub use quiz::Quiz;
pub use server::Server;

use crate::content::Lang;

/// Every area's words in one language.
pub trait Words:
    Author + CheckReport + Explain + Feedback + Grading + Learner + Patterns + Quiz + Server + Sync
{
}

/// English.
pub struct En;
/// Simplified Chinese.
pub struct Zh;

impl Words for En {}
impl Words for Zh {}

/// The words of `lang`.
pub fn of(lang: Lang) -> &'static dyn Words {
    match lang {
        Lang::En => &En,
        Lang::Zh => &Zh,
    }
}

#[cfg(test)]
mod tests {
    use super::of;
    use crate::content::Lang;

    /// Every area's trait, as source: `words::of(lang).entry()` finds an
    /// entry by its name alone, so two areas must not share one.
    const AREAS: [&str; 9] = [
        include_str!("author.rs"),
        include_str!("check_report.rs"),
        include_str!("explain.rs"),
        include_str!("feedback.rs"),
        include_str!("grading.rs"),
        include_str!("learner.rs"),
        include_str!("patterns.rs"),
        include_str!("quiz.rs"),
        include_str!("server.rs"),
    ];

    #[test]
    fn no_two_entries_share_a_name() {
        let mut seen = std::collections::BTreeSet::new();
        let mut entries = 0;
        for area in AREAS {
            for line in area.lines() {
                let Some(rest) = line.trim_start().strip_prefix("fn ") else {
                    continue;
                };
                let name = rest.split(['(', '<']).next().unwrap_or_default();
                assert!(seen.insert(name.to_string()), "two entries named `{name}`");
                entries += 1;
            }
        }
        assert!(entries > 300, "{entries} entries read");
    }

    #[test]
    fn every_entry_has_both_languages() {
        // Compile-time by construction: `Words` needs every area's trait, and
        // a trait method without a body in `en/` or `zh/` does not compile.
        // Here: the languages differ where they must (a sample per area).
        let (en, zh) = (of(Lang::En), of(Lang::Zh));
        assert_ne!(en.error_label(), zh.error_label());
        assert_ne!(en.not_started("x"), zh.not_started("x"));
        assert_ne!(en.rule("F1", "r"), zh.rule("F1", "r"));
        assert_ne!(en.no_shape(), zh.no_shape());
        assert_ne!(en.status_passed(), zh.status_passed());
        assert_ne!(en.a_string(), zh.a_string());
        assert_ne!(en.right(), zh.right());
        assert_ne!(en.up_to_date(), zh.up_to_date());
    }

    #[test]
    fn english_ordinals_take_their_suffix() {
        let words: Vec<String> = [0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23, 100, 110, 111]
            .into_iter()
            .map(|position| of(Lang::En).ordinal(position))
            .collect();
        assert_eq!(
            words,
            [
                "first", "second", "third", "4th", "11th", "12th", "13th", "14th", "21st", "22nd",
                "23rd", "24th", "101st", "111th", "112th"
            ]
        );
        assert_eq!(of(Lang::Zh).ordinal(20), "第 21 条");
    }
}

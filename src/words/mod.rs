//! Every word a learner or teacher reads from `src/`, once per language.
//!
//! Each area of the program has a trait here (`Feedback`, ...) with one
//! method per message; `en/` and `zh/` implement every trait for [`En`] and
//! [`Zh`]. A message missing in one language is a compile error, so both
//! languages always have every entry. Code asks once, `words::of(lang)`, and
//! calls the entry it needs; values go in as arguments, already formatted.
//! Lesson text is not here: it is data under `lessons/`.

mod check_report;
mod en;
mod explain;
mod feedback;
mod grading;
mod learner;
mod patterns;
mod quiz;
mod zh;

pub use check_report::CheckReport;
pub use explain::Explain;
pub use feedback::Feedback;
pub use grading::Grading;
pub use learner::Learner;
pub use patterns::Patterns;
pub use quiz::Quiz;

use crate::content::Lang;

/// Every area's words in one language.
pub trait Words:
    CheckReport + Explain + Grading + Learner + Feedback + Patterns + Quiz + Sync
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

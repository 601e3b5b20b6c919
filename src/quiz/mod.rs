//! Self-check quizzes: one per objective, stored as data beside the lesson
//! (`lessons/<lesson>/quizzes/<objective id>.toml`).
//!
//! Knows nothing about terminals: the session reads any `BufRead` and
//! writes any `Write`, and colour comes in through [`session::Paint`] from
//! the command layer.

pub(crate) mod answers;
pub mod grade;
pub mod load;
pub mod model;
pub(crate) mod score;
pub(crate) mod session;
pub mod shuffle;

pub use model::{Kind, Question, Quiz};

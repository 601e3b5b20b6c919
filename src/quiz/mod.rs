//! Self-check quizzes: one per objective, stored as data beside the lesson
//! (`lessons/<lesson>/quizzes/<objective id>.toml`).
//!
//! Knows nothing about terminals and words nothing: loading, shuffling,
//! reading and scoring replies. The interactive session and every word of a
//! quiz are the front end's (`commands/quiz/`, `render::quiz`).

pub(crate) mod answers;
pub mod grade;
pub mod load;
pub mod model;
pub(crate) mod score;
pub mod shuffle;

pub use model::{Kind, Question, Quiz};

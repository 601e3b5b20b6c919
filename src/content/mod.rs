//! Content: lesson data on disk, loaded and validated. Knows files and
//! formats; knows nothing about processes or terminals.

pub mod error;
pub mod glossary;
pub mod layout;
pub mod load;
pub mod model;
pub mod pattern;
pub mod project;
pub mod scenario;
pub mod section_facts;
pub mod template;
pub mod text;

pub use model::{Course, Exercise, ExerciseKind, Fact, Lesson, Objective, Part, Step, StepKind};
pub use text::{Lang, Localized};

//! Content: lesson data on disk, loaded and validated. Knows files and
//! formats; knows nothing about processes or terminals.

pub mod cases;
pub mod conformance;
pub(crate) mod error;
pub mod forge;
pub(crate) mod glossary;
pub mod interop;
pub(crate) mod layout;
pub mod lint;
pub mod load;
pub(crate) mod model;
pub mod numbers;
pub mod pattern;
pub(crate) mod printable;
pub(crate) mod project;
pub mod scenario;
pub(crate) mod section_facts;
pub mod template;
pub mod text;

pub use model::{Course, Exercise, ExerciseKind, Fact, Lesson, Objective, Part, Step, StepKind};
pub use text::{Lang, Localized};

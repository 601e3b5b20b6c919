//! Building and running learner programs. Produces transcripts; judges nothing.

pub mod asked;
pub(crate) mod build;
pub(crate) mod drive;
mod drive_asked;
pub(crate) mod interrupt;
pub(crate) mod process;
pub(crate) mod program;
pub(crate) mod sandbox;
pub mod transcript;

pub use drive::run_scenario;
pub use process::Limits;
pub use program::{EnvPolicy, Program};
pub use transcript::Transcript;

//! Building and running learner programs. Produces transcripts; judges nothing.

pub mod build;
pub mod drive;
pub mod interrupt;
pub mod process;
pub mod program;
pub mod sandbox;
pub mod transcript;

pub use drive::run_scenario;
pub use process::Limits;
pub use program::{EnvPolicy, Program};
pub use transcript::Transcript;

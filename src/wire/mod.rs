//! What every layer agrees on about a message: the envelope rules that make a
//! JSON value a request, a notification, a result, an error or invalid.
//! Defined once here; the judge (a program's output lines), `learn explain`
//! and the quiz's message-kind questions all use them, and a shared table of
//! cases (`tests/it/wire.rs`) holds them to it.

pub mod envelope;
pub mod id;

pub use envelope::{Envelope, Kind, Problem, is_integer, is_usable_id, read};
pub use id::{ExactId, exact_id};

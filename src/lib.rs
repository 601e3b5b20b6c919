//! `learn`: a lesson runner for the JSON-RPC message layer of MCP 2026-07-28.
//!
//! Dependencies run one way: the front end (`cli`, `app`, `commands`,
//! `render`) uses the engine (`check`, `runner`, `judge`, `grade`, `serve`,
//! `quiz`, `explain`, `progress`, `coverage`, `referees`), which uses `wire` and
//! `content`. Nothing in `content` knows about processes or terminals;
//! `tests/it/layering.rs` holds these arrows. What a learner or teacher
//! reads is in `words`, once per language, and only the front end words
//! anything: the engine returns typed results.
//!
//! Modules the tests in `tests/` reach into are `pub`, the rest
//! `pub(crate)`. The compiler reports unused code only in the second kind:
//! in a `pub` module, an unused item goes unnoticed until review.

// Functions stay under 80 lines (clippy.toml) unless their allow says why.
#![warn(clippy::too_many_lines)]

pub mod app;
pub(crate) mod check;
pub mod cli;
pub mod commands;
pub mod content;
pub(crate) mod coverage;
pub mod explain;
pub(crate) mod grade;
pub mod judge;
pub(crate) mod progress;
pub mod quiz;
pub mod referees;
pub(crate) mod render;
pub mod runner;
pub(crate) mod serve;
pub mod wire;
pub(crate) mod words;

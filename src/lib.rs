//! `learn`: a lesson runner for the JSON-RPC message layer of MCP 2026-07-28.
//!
//! Dependencies run one way: the front end (`cli`, `app`, `commands`,
//! `render`) uses the engine (`check`, `runner`, `judge`, `progress`), which
//! uses `content`. Nothing in `content` knows about processes or terminals.
//! What a learner or teacher reads is in `words`, once per language.
//!
//! Only what `main.rs` and the tests in `tests/` use is `pub`; the rest is
//! `pub(crate)`, so the compiler reports code nothing uses.

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
pub(crate) mod render;
pub mod runner;
pub(crate) mod serve;
pub mod wire;
pub(crate) mod words;

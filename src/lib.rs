//! `learn`: a lesson runner for the JSON-RPC message layer of MCP 2026-07-28.
//!
//! Dependencies run one way: the front end (`cli`, `app`, `commands`,
//! `render`) uses the engine (`check`, `runner`, `judge`, `progress`), which
//! uses `content`. Nothing in `content` knows about processes or terminals.

pub mod app;
pub mod check;
pub mod cli;
pub mod commands;
pub mod content;
pub mod coverage;
pub mod explain;
pub mod grade;
pub mod judge;
pub mod progress;
pub mod quiz;
pub mod render;
pub mod runner;
pub mod serve;
pub mod wire;

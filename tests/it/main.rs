//! The integration tests, one binary (`cargo test --test it`): one module
//! per area, all sharing `common/`, compiled and linked once. They drive the
//! real `learn` binary; the modules are named as the files they were.

mod common;

mod authoring;
mod broken_content;
mod cli;
mod client_programs;
mod commands;
mod conformance;
mod coverage;
mod demo_server;
mod explain;
#[cfg(target_os = "linux")]
mod floods;
mod grade;
mod grade_attacks;
mod grade_fixture;
mod grade_isolation;
mod grade_report;
mod hostile;
mod http_status;
mod interop;
#[cfg(target_os = "linux")]
mod interrupt;
mod journey;
mod layering;
mod lesson2_cache_page;
mod lesson2_capstone;
mod lesson2_mrtr;
mod lesson2_path;
mod lesson2_subscriptions;
mod lesson_data;
mod lesson_text;
mod mutants;
mod namespaces;
mod notifications;
mod plain_feedback;
mod progress;
mod properties;
mod quiz;
mod read_more;
mod reference;
mod reset;
mod schema;
mod serve;
mod serve_streams;
mod transcripts;
mod verdicts;
mod watch;
mod wire;
mod workflows;
mod wrong_programs;

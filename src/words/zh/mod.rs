//! The Chinese (Simplified) words of every area.

mod author;
mod check_report;
mod explain;
mod feedback;
mod grading;
mod learner;
mod patterns;
mod quiz;
mod server;

//! Turning engine results into what a person reads. No rules live here.

pub mod diff;
pub mod explain;
pub mod feedback;
pub mod grade;
pub mod markdown;
pub mod pattern_words;
pub mod quiz;
pub mod sent;
pub mod style;

//! How a quiz is styled: the codes are always written, and the stream keeps
//! or strips them (`commands::out`).

use crate::render::markdown;
use colored::Colorize;

pub(super) fn heading(text: &str) -> String {
    text.bold().to_string()
}

pub(super) fn dim(text: &str) -> String {
    text.dimmed().to_string()
}

pub(super) fn right(text: &str) -> String {
    text.green().bold().to_string()
}

pub(super) fn wrong(text: &str) -> String {
    text.yellow().to_string()
}

/// A message shown as it travels on the wire.
pub(super) fn message(text: &str) -> String {
    text.cyan().to_string()
}

/// Lesson prose, which may hold `code` and **bold**.
pub(super) fn prose(text: &str) -> String {
    markdown::render(text).trim_end().to_string()
}

/// A command to type, in its backticks, which say "a command" where colour
/// is stripped.
pub(super) fn command(text: &str) -> String {
    format!("`{text}`").green().to_string()
}

//! How a quiz is painted on the terminal.

use crate::quiz::session::Paint;
use crate::render::markdown;
use colored::Colorize;

/// Colours for the terminal (stripped for pipes, `--color never` and
/// NO_COLOR, by the stream: `commands::out`).
pub(super) struct Colours;

impl Paint for Colours {
    fn heading(&self, text: &str) -> String {
        text.bold().to_string()
    }
    fn dim(&self, text: &str) -> String {
        text.dimmed().to_string()
    }
    fn right(&self, text: &str) -> String {
        text.green().bold().to_string()
    }
    fn wrong(&self, text: &str) -> String {
        text.yellow().to_string()
    }
    fn message(&self, text: &str) -> String {
        text.cyan().to_string()
    }
    fn prose(&self, text: &str) -> String {
        markdown::render(text).trim_end().to_string()
    }
    /// In its backticks, which say "a command" where colour is stripped.
    fn command(&self, text: &str) -> String {
        format!("`{text}`").green().to_string()
    }
}

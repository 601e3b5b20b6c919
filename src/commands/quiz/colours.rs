//! How a quiz is painted on the terminal.

use crate::quiz::session::Paint;
use crate::render::markdown;
use colored::Colorize;

/// Colours for the terminal (off for pipes, `--color never` and NO_COLOR).
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
    fn command(&self, text: &str) -> String {
        if colored::control::SHOULD_COLORIZE.should_colorize() {
            text.green().to_string()
        } else {
            format!("`{text}`")
        }
    }
}

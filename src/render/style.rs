//! Colour policy: each of stdout and stderr coloured by its own terminal
//! test, and always as the user says (`--color`, `NO_COLOR`,
//! `CLICOLOR_FORCE`). Styles (`colored`) always write their escape codes;
//! the stream a text goes to keeps or strips them (`commands::out`), and a
//! text meant for a file or a script is made plain with [`plain`].

use crate::cli::ColorChoice;
use std::sync::OnceLock;

pub use crate::content::printable::{one_line, visible};

/// What `--color` said, set once at start.
static CHOICE: OnceLock<anstream::ColorChoice> = OnceLock::new();

pub fn init(choice: ColorChoice) {
    // Styles always write their codes: whether they reach the reader is
    // decided per stream at the write, never by flipping this.
    #[allow(
        clippy::disallowed_methods,
        reason = "the one place: codes are always written, streams strip them"
    )]
    colored::control::set_override(true);
    let _ = CHOICE.set(match choice {
        ColorChoice::Auto => anstream::ColorChoice::Auto,
        ColorChoice::Always => anstream::ColorChoice::Always,
        ColorChoice::Never => anstream::ColorChoice::Never,
    });
}

/// The choice each stream applies for itself: `Auto` (the default) looks
/// at `NO_COLOR`, `CLICOLOR_FORCE` and whether that stream is a terminal.
pub fn choice() -> anstream::ColorChoice {
    CHOICE.get().copied().unwrap_or(anstream::ColorChoice::Auto)
}

/// `text` without escape codes: for JSON, reports and files.
pub fn plain(text: &str) -> String {
    anstream::adapter::strip_str(text).to_string()
}

/// Shortens a long one-line text for display, keeping its start.
pub fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let kept: String = text.chars().take(max.saturating_sub(1)).collect();
        format!("{kept}…")
    }
}

/// A long line cut in the middle, keeping its start and its end: in a sent
/// message the end often holds what the scenario is about (a forged
/// `requestState`, the last argument), and the start says what it is.
pub fn clip_middle(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return text.to_string();
    }
    let head = max.saturating_sub(1) * 3 / 5;
    let tail = max.saturating_sub(1) - head;
    let start: String = text.chars().take(head).collect();
    let end: String = text.chars().skip(count - tail).collect();
    format!("{start}…{end}")
}

#[cfg(test)]
mod tests {
    use super::clip_middle;

    #[test]
    fn a_long_line_keeps_its_start_and_its_end() {
        let line = format!("start{}end", "x".repeat(200));
        let clipped = clip_middle(&line, 50);
        assert_eq!(clipped.chars().count(), 50);
        assert!(clipped.starts_with("start") && clipped.ends_with("end"));
        assert_eq!(clip_middle("short", 50), "short");
    }
}

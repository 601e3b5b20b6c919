//! Colour policy: on for terminals, off for pipes and files, and always as
//! the user says (`--color`, `NO_COLOR`, `CLICOLOR_FORCE`).

use crate::cli::ColorChoice;
use std::io::IsTerminal;

pub use crate::content::printable::{one_line, visible};

pub fn init(choice: ColorChoice) {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty() && v != "0");
    let on = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto if set("NO_COLOR") => false,
        ColorChoice::Auto if set("CLICOLOR_FORCE") => true,
        ColorChoice::Auto => std::io::stdout().is_terminal(),
    };
    colored::control::set_override(on);
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

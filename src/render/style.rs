//! Colour policy: on for terminals, off for pipes and files, and always as
//! the user says (`--color`, `NO_COLOR`, `CLICOLOR_FORCE`).

use crate::cli::ColorChoice;
use std::io::IsTerminal;

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

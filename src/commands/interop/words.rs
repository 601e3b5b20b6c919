//! What `learn interop` says about the driver's own first step, connecting,
//! and about each mode. The lesson's steps bring their own words
//! (`interop.toml`).

use crate::content::Lang;

/// The connect step's title, for a mode (`auto` or a pinned version).
pub fn connect_title(mode: &str, lang: Lang) -> &'static str {
    if mode == crate::referees::sdk::DISCOVER {
        crate::words::of(lang).connect_discover()
    } else {
        crate::words::of(lang).connect_pinned()
    }
}

/// What the SDK needed from the server to connect, said when it fails.
pub fn connect_needed(lang: Lang) -> &'static str {
    crate::words::of(lang).connect_needed()
}

/// A mode's heading.
pub fn mode(mode: &str, lang: Lang) -> String {
    match mode {
        crate::referees::sdk::DISCOVER => crate::words::of(lang).mode_auto().into(),
        version => crate::words::of(lang).mode_pinned(version),
    }
}

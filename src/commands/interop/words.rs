//! What `learn interop` says about the driver's own first step, connecting,
//! and about each mode. The lesson's steps bring their own words
//! (`interop.toml`).

use crate::content::Lang;
use crate::content::text::tr;

/// The connect step's title, for a mode (`auto` or a pinned version).
pub fn connect_title(mode: &str, lang: Lang) -> &'static str {
    if mode == "auto" {
        tr(
            lang,
            "connect: the SDK probes server/discover and picks 2026-07-28",
            "连接：SDK 先发 server/discover 探测，并选定 2026-07-28",
        )
    } else {
        tr(
            lang,
            "connect: the SDK adopts the version, no probe",
            "连接：SDK 直接采用该版本，不探测",
        )
    }
}

/// What the SDK needed from the server to connect, said when it fails.
pub fn connect_needed(lang: Lang) -> &'static str {
    tr(
        lang,
        "`server/discover` must complete with supportedVersions listing \"2026-07-28\"; an error or a bad result makes the SDK fall back to the old `initialize` handshake.",
        "`server/discover` 必须成功返回，且 supportedVersions 含 \"2026-07-28\"；出错或结果不合格时，SDK 会退回旧的 `initialize` 握手。",
    )
}

/// A mode's heading.
pub fn mode(mode: &str, lang: Lang) -> String {
    match (mode, lang) {
        ("auto", Lang::En) => "mode=\"auto\" (discover first, fall back to initialize)".into(),
        ("auto", Lang::Zh) => "mode=\"auto\"（先 discover，不行再退回 initialize）".into(),
        (version, Lang::En) => format!("mode=\"{version}\" (the version pinned)"),
        (version, Lang::Zh) => format!("mode=\"{version}\"（固定版本）"),
    }
}

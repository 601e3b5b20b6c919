//! Writing to stdout and stderr: each stream coloured by its own test.
//!
//! `println!` panics when stdout is gone (`learn list | head -1`). `out!`
//! and `outln!` return the `io::Error` instead, so it travels up the `?`
//! chain and `app::run` finds `ErrorKind::BrokenPipe` in it (as ripgrep
//! does). `errln!` writes a line to stderr and, like `errln!` without
//! the panic, has nowhere to report a failed write.
//!
//! Styled text carries its escape codes whatever the stream; each write
//! goes through an `anstream` stream that keeps them or strips them for
//! that stream alone (`render::style::choice`), so `learn ... 2>log` writes
//! a plain log while stdout stays coloured on the terminal, and `learn ...
//! | jq` keeps the colours of stderr.

use crate::render::style;
use std::fmt;
use std::io::{self, Write};

/// `print!` that returns `io::Result<()>`.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::commands::out::write(format_args!($($arg)*), false)
    };
}

/// `println!` that returns `io::Result<()>`.
macro_rules! outln {
    () => {
        $crate::commands::out::write(format_args!(""), true)
    };
    ($($arg:tt)*) => {
        $crate::commands::out::write(format_args!($($arg)*), true)
    };
}

/// `errln!` through stderr's own colour choice.
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::commands::out::write_err(format_args!($($arg)*), true)
    };
}

/// `eprint!` through stderr's own colour choice.
macro_rules! err {
    ($($arg:tt)*) => {
        $crate::commands::out::write_err(format_args!($($arg)*), false)
    };
}

// `app` (outside `commands`) reports errors with it.
pub(crate) use errln;

/// Stdout, keeping or stripping colour by its own test: for a command that
/// writes through a `Write` (a quiz session, a completion script).
#[allow(
    clippy::disallowed_methods,
    reason = "the one output path: every write to stdout goes through here"
)]
pub(crate) fn stdout() -> anstream::AutoStream<io::StdoutLock<'static>> {
    anstream::AutoStream::new(io::stdout().lock(), style::choice())
}

/// Writes `text` (and a newline when `line`) to stdout.
pub(crate) fn write(text: fmt::Arguments, line: bool) -> io::Result<()> {
    let mut stdout = stdout();
    stdout.write_fmt(text)?;
    if line {
        stdout.write_all(b"\n")?;
    }
    stdout.flush()
}

/// Writes `text` (and a newline when `line`) to stderr; a failed write is
/// dropped, as there is no other place to say so.
pub(crate) fn write_err(text: fmt::Arguments, line: bool) {
    let mut stderr = anstream::AutoStream::new(io::stderr().lock(), style::choice());
    let _ = stderr.write_fmt(text);
    if line {
        let _ = stderr.write_all(b"\n");
    }
    let _ = stderr.flush();
}

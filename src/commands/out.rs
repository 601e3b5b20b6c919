//! Writing to stdout with the write's error returned, not a panic.
//!
//! `println!` panics when stdout is gone (`learn list | head -1`). These
//! macros return the `io::Error` instead, so it travels up the `?` chain and
//! `app::run` finds `ErrorKind::BrokenPipe` in it (as ripgrep does).

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

/// Writes `text` (and a newline when `line`) to stdout.
pub(crate) fn write(text: fmt::Arguments, line: bool) -> io::Result<()> {
    let mut stdout = io::stdout().lock();
    stdout.write_fmt(text)?;
    if line {
        stdout.write_all(b"\n")?;
    }
    Ok(())
}

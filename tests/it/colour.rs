//! Colour is decided for each stream by its own terminal test: with stdout
//! on a terminal and stderr in a file, stdout is coloured and the file is
//! plain; with stderr on a terminal and stdout in a pipe, stderr is
//! coloured. `NO_COLOR` and `--color never` turn both off, `--color always`
//! both on. The terminal is a pseudo-terminal Python's `pty` opens.

use crate::common::*;
use std::fs;
use std::process::Command;

/// Runs `learn <args>` with one stream (`"stdout"` or `"stderr"`) on a
/// pseudo-terminal and the other in a file; gives what each received.
fn on_terminal(terminal: &str, args: &[&str], env: &[(&str, &str)]) -> (String, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("other-stream");
    let script = r#"
import os, pty, sys
learn, terminal, file, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
pid, fd = pty.fork()
if pid == 0:
    other = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    if terminal == "stdout":
        os.dup2(other, 2)
    else:
        os.dup2(other, 1)
    os.execv(learn, [learn] + args)
seen = b""
while True:
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        break
    if not chunk:
        break
    seen += chunk
os.waitpid(pid, 0)
sys.stdout.buffer.write(seen)
"#;
    let mut command = Command::new("python3");
    command
        .arg("-c")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_learn"))
        .arg(terminal)
        .arg(&file)
        .args(args)
        .current_dir(repo())
        .env("TERM", "xterm-256color")
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR");
    for (name, value) in env {
        command.env(name, value);
    }
    let output = command.output().expect("python3 runs");
    assert!(output.status.success(), "{}", stderr(&output));
    let other = fs::read_to_string(&file).expect("the other stream's file");
    (stdout(&output), other)
}

const ESCAPE: char = '\u{1b}';

fn each_stream_is_coloured_by_its_own_terminal_test() {
    // `learn list` writes to stdout; a missing section is an error on stderr.
    let (terminal, file) = on_terminal("stdout", &["list"], &[]);
    assert!(
        terminal.contains(ESCAPE),
        "stdout on a terminal is coloured:\n{terminal}"
    );
    assert!(
        !file.contains(ESCAPE),
        "nothing coloured went to the file: {file:?}"
    );

    let (terminal, file) = on_terminal("stderr", &["read", "no-such-section"], &[]);
    assert!(terminal.contains("no-such-section"), "{terminal}");
    assert!(
        terminal.contains(ESCAPE),
        "stderr on a terminal is coloured, stdout being a file:\n{terminal:?}"
    );
    assert!(file.is_empty(), "{file:?}");

    // An error with stdout on the terminal and stderr in a log: a plain log.
    let (_, log) = on_terminal("stdout", &["read", "no-such-section"], &[]);
    assert!(
        log.contains("no-such-section") && !log.contains(ESCAPE),
        "{log:?}"
    );
}

fn no_color_and_the_flag_rule_both_streams() {
    let (terminal, _) = on_terminal("stdout", &["list"], &[("NO_COLOR", "1")]);
    assert!(!terminal.contains(ESCAPE), "NO_COLOR: {terminal}");
    let (terminal, _) = on_terminal("stdout", &["--color", "never", "list"], &[]);
    assert!(!terminal.contains(ESCAPE), "--color never: {terminal}");
    let (_, file) = on_terminal(
        "stdout",
        &["--color", "always", "read", "no-such-section"],
        &[],
    );
    assert!(
        file.contains(ESCAPE),
        "--color always colours a file too: {file:?}"
    );
    let (_, file) = on_terminal("stderr", &["list"], &[("CLICOLOR_FORCE", "1")]);
    assert!(file.contains(ESCAPE), "CLICOLOR_FORCE colours a file too");
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(each_stream_is_coloured_by_its_own_terminal_test),
        test!(no_color_and_the_flag_rule_both_streams),
    ]
}

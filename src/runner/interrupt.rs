//! Ctrl-C and SIGTERM: every process group `learn` started dies with it.
//!
//! A learner's program runs in its own process group (so a stray grandchild
//! dies with it), which also means the terminal's Ctrl-C never reaches it.
//! So every group is recorded here when it starts, and a thread that waits
//! for SIGINT or SIGTERM kills them all before `learn` exits. The signals are
//! blocked in every thread and taken with `sigwait`: no signal handler, so no
//! `unsafe`. Children start with an empty signal mask (the standard library
//! resets it before `exec`), so the programs themselves are unaffected.

use std::io;
use std::process::{Child, Command};
use std::sync::{Mutex, PoisonError};

/// Process group ids of the programs running now.
static GROUPS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Starts `command` as the leader of a new process group, recorded so that
/// an interrupt kills it. Spawning holds the record's lock, so an interrupt
/// either sees the new group or comes before it exists.
pub fn spawn_group(command: &mut Command) -> io::Result<Child> {
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(command, 0);
    let mut groups = GROUPS.lock().unwrap_or_else(PoisonError::into_inner);
    let child = command.spawn()?;
    if let Ok(pid) = i32::try_from(child.id()) {
        groups.push(pid);
    }
    Ok(child)
}

/// Kills a group started by [`spawn_group`] and forgets it.
pub fn kill_group(pid: u32) {
    let Ok(pid) = i32::try_from(pid) else { return };
    let mut groups = GROUPS.lock().unwrap_or_else(PoisonError::into_inner);
    kill(pid);
    groups.retain(|&g| g != pid);
}

fn kill(pid: i32) {
    #[cfg(unix)]
    {
        use nix::sys::signal::{Signal, killpg};
        use nix::unistd::Pid;
        let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
    }
}

/// Call first thing in `main`, before any thread starts (threads inherit the
/// blocked signals). On SIGINT or SIGTERM: kill every recorded group, then
/// exit as the signal would have (130 or 143).
pub fn install() {
    #[cfg(unix)]
    {
        use nix::sys::signal::{SigSet, Signal};
        let mut signals = SigSet::empty();
        signals.add(Signal::SIGINT);
        signals.add(Signal::SIGTERM);
        if signals.thread_block().is_err() {
            return;
        }
        let spawned = std::thread::Builder::new()
            .name("interrupt".into())
            .spawn(move || {
                let Ok(signal) = signals.wait() else { return };
                let groups = GROUPS.lock().unwrap_or_else(PoisonError::into_inner);
                for &pid in groups.iter() {
                    kill(pid);
                }
                std::process::exit(128 + signal as i32);
            });
        if spawned.is_err() {
            // No watcher: let the signals act as they normally do.
            let _ = signals.thread_unblock();
        }
    }
}

/// Kills every recorded group: `learn` is about to end early (its stdout
/// was closed).
pub fn kill_all() {
    let groups = GROUPS.lock().unwrap_or_else(PoisonError::into_inner);
    for &pid in groups.iter() {
        kill(pid);
    }
}

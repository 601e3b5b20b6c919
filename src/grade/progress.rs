//! A one-line progress bar on stderr, drawn only when stderr is a terminal
//! (logs and pipes get no carriage returns). Safe to advance from many threads.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;

pub struct Bar {
    shown: bool,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    label: String,
    done: usize,
    total: usize,
}

const WIDTH: usize = 30;

impl Bar {
    /// A bar that draws when stderr is a terminal.
    pub fn for_stderr() -> Bar {
        Bar::new(std::io::stderr().is_terminal())
    }

    pub fn new(shown: bool) -> Bar {
        Bar {
            shown,
            state: Mutex::new(State::default()),
        }
    }

    /// Starts a phase of `total` steps.
    pub fn start(&self, label: &str, total: usize) {
        if let Ok(mut state) = self.state.lock() {
            *state = State {
                label: label.to_string(),
                done: 0,
                total,
            };
            self.draw(&state);
        }
    }

    pub fn advance(&self, steps: usize) {
        if let Ok(mut state) = self.state.lock() {
            state.done = (state.done + steps).min(state.total);
            self.draw(&state);
        }
    }

    /// Clears the line so what follows starts clean.
    pub fn finish(&self) {
        if self.shown {
            // Plain text, no style: written as is, and a failed write lost.
            let mut stderr = std::io::stderr().lock();
            let _ = write!(stderr, "\r{:width$}\r", "", width = WIDTH + 60);
            let _ = stderr.flush();
        }
    }

    fn draw(&self, state: &State) {
        if !self.shown {
            return;
        }
        let filled = (state.done * WIDTH)
            .checked_div(state.total)
            .unwrap_or(WIDTH);
        let mut stderr = std::io::stderr().lock();
        let _ = write!(
            stderr,
            "\r{:<10} [{}{}] {}/{}",
            state.label,
            "#".repeat(filled),
            "-".repeat(WIDTH - filled),
            state.done,
            state.total
        );
        let _ = stderr.flush();
    }
}

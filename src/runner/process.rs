//! A running learner program with bounded everything: it runs in its own
//! process group (so a stray grandchild dies with it), its output is capped,
//! and every wait has a deadline.

use super::program::Program;
use super::sandbox;
use super::transcript::{EarlyEnd, LimitHit, ProcessEnd};
use std::io::{Read, Write};
use std::process::{Child, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// Caps that keep the checker's memory bounded whatever the program does.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Time for the whole scenario, across all its processes.
    pub timeout: Duration,
    /// Total stdout bytes one process may write.
    pub max_output: usize,
    /// Longest single stdout line.
    pub max_line: usize,
    /// Most stdout lines one process may write: each kept line costs the
    /// checker memory whatever its length, so a flood of short lines is
    /// stopped here before the byte cap.
    pub max_lines: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            timeout: Duration::from_secs(5),
            max_output: 4 << 20,
            max_line: 1 << 20,
            // Above the largest scenario anyone runs (the benchmark's 10,000
            // requests); the lesson's largest has a few dozen.
            max_lines: 12_000,
        }
    }
}

const STDERR_TAIL: usize = 4096;
/// How long a program may take to exit after its output ends, and how long
/// output may stay open after the program itself exited.
const EXIT_GRACE: Duration = Duration::from_millis(300);

/// Everything a finished process leaves behind.
pub struct Finished {
    pub received: Vec<String>,
    pub end: ProcessEnd,
    pub stderr_tail: String,
    pub stderr_bytes: usize,
    pub limit: Option<LimitHit>,
    pub early: Option<EarlyEnd>,
}

enum Event {
    Line(String),
    StdoutClosed,
    Limit(LimitHit),
    Exited(ExitStatus),
}

/// Queues lines for a running program's stdin from any thread (the HTTP
/// bridge writes while another thread reads the program's output).
#[derive(Clone)]
pub struct StdinQueue(Sender<Vec<u8>>);

impl StdinQueue {
    /// False once the program's stdin is gone.
    pub fn send(&self, line: &str) -> bool {
        let mut bytes = line.as_bytes().to_vec();
        bytes.push(b'\n');
        self.0.send(bytes).is_ok()
    }
}

/// Stops a program's process group from any thread.
#[derive(Clone, Copy, Debug)]
pub struct Stopper(u32);

impl Stopper {
    pub fn stop(self) {
        super::interrupt::kill_group(self.0);
    }
}

/// A started program. Dropping it stops the whole process group.
pub struct Live {
    pid: u32,
    stdin: Option<Sender<Vec<u8>>>,
    events: Receiver<Event>,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// Disconnects when the stderr reader has read to the end.
    stderr_done: Receiver<()>,
    pub received: Vec<String>,
    pub stdout_closed: bool,
    pub exit: Option<ExitStatus>,
    pub limit: Option<LimitHit>,
    exited_at: Option<Instant>,
    closed_at: Option<Instant>,
    early: Option<EarlyEnd>,
    stderr_bytes: Arc<AtomicUsize>,
}

impl Live {
    pub fn start(program: &Program, limits: Limits) -> Result<Live, String> {
        let mut command = program.command()?;
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let first = command.get_program().to_owned();
        let mut child: Child = super::interrupt::spawn_group(&mut command).map_err(|e| match e
            .kind()
        {
            std::io::ErrorKind::NotFound => format!("`{}` was not found", first.to_string_lossy()),
            std::io::ErrorKind::PermissionDenied => {
                format!("`{}` is not executable", first.to_string_lossy())
            }
            _ => format!("`{}` could not start: {e}", first.to_string_lossy()),
        })?;
        let pid = child.id();
        let running = program.sandbox.as_ref().map(|_| sandbox::Running::start());
        let (tx, events) = mpsc::channel();

        let (stdin_tx, stdin_rx) = mpsc::channel::<Vec<u8>>();
        if let Some(mut stdin) = child.stdin.take() {
            // A program that never reads would block a direct write once the
            // pipe fills; a writer thread keeps the checker responsive.
            thread::spawn(move || {
                for line in stdin_rx {
                    if stdin.write_all(&line).and_then(|()| stdin.flush()).is_err() {
                        break;
                    }
                }
            });
        }
        if let Some(stdout) = child.stdout.take() {
            let tx = tx.clone();
            thread::spawn(move || read_lines(stdout, limits, &tx));
        }
        let (stderr, stderr_bytes, stderr_done) = read_stderr(child.stderr.take());
        thread::spawn(move || {
            let status = child.wait();
            drop(running);
            if let Ok(status) = status {
                let _ = tx.send(Event::Exited(status));
            }
        });
        Ok(Live {
            pid,
            stdin: Some(stdin_tx),
            events,
            stderr,
            stderr_done,
            received: Vec::new(),
            stdout_closed: false,
            exit: None,
            limit: None,
            exited_at: None,
            closed_at: None,
            early: None,
            stderr_bytes,
        })
    }

    /// Queues one line for the program's stdin.
    pub fn send(&mut self, line: &str) {
        if let Some(stdin) = &self.stdin {
            let mut bytes = line.as_bytes().to_vec();
            bytes.push(b'\n');
            let _ = stdin.send(bytes);
        }
    }

    /// A handle on stdin for other threads; `None` once stdin is closed.
    pub fn stdin_queue(&self) -> Option<StdinQueue> {
        self.stdin.clone().map(StdinQueue)
    }

    pub fn stopper(&self) -> Stopper {
        Stopper(self.pid)
    }

    /// Closes stdin: the program's signal that no more messages will come.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Takes events until `done` holds, output ends, a limit is hit, or the
    /// deadline passes. Returns whether `done` holds.
    pub fn wait_until(
        &mut self,
        deadline: Instant,
        mut done: impl FnMut(&[String]) -> bool,
    ) -> bool {
        loop {
            if done(&self.received) {
                return true;
            }
            if self.stdout_closed || self.limit.is_some() {
                return false;
            }
            if !self.next_event(deadline) {
                return done(&self.received);
            }
        }
    }

    /// Waits for end of output (proof of silence), then for the exit.
    /// Stops the process group when the deadline passes or a limit was hit.
    pub fn finish(mut self, deadline: Instant, limits: Limits) -> Finished {
        // Time is up already (an awaited answer never came): what the program
        // writes once its stdin closes came after the deadline, and does not
        // count (a server that flushes only at exit would pass by a race).
        if Instant::now() >= deadline {
            self.limit = Some(LimitHit::Timeout {
                seconds: limits.timeout.as_secs().max(1),
            });
        }
        self.close_stdin();
        while !self.stdout_closed && self.limit.is_none() {
            if !self.next_event(deadline) {
                self.limit = Some(if self.exited_at.is_some() {
                    LimitHit::OutputHeldAfterExit
                } else {
                    LimitHit::Timeout {
                        seconds: limits.timeout.as_secs().max(1),
                    }
                });
                break;
            }
        }
        if self.limit.is_none() {
            // Output is over; a healthy program exits right after. Anything
            // still running shortly after is stopped.
            let grace = deadline.min(Instant::now() + EXIT_GRACE);
            while self.exit.is_none() && self.next_event(grace) {}
        }
        let end = match self.exit {
            Some(status) => exit_end(status),
            None => ProcessEnd::StoppedByChecker,
        };
        // Exiting closes stdout too, and the two events race: an exit right
        // after the close is an exit, not a program that closed its output.
        if self.early == Some(EarlyEnd::ClosedOutput)
            && let (Some(closed), Some(exited)) = (self.closed_at, self.exited_at)
            && exited.saturating_duration_since(closed) < EXIT_GRACE
        {
            self.early = Some(EarlyEnd::Exited);
        }
        self.kill_group();
        // The stderr reader may still hold the last lines (a crash's reason):
        // its pipe closes with the group, and a process that left the group
        // and kept it open is waited for no longer than the grace.
        let _ = self.stderr_done.recv_timeout(EXIT_GRACE);
        Finished {
            received: std::mem::take(&mut self.received),
            end,
            stderr_tail: self.stderr_text(),
            stderr_bytes: self.stderr_bytes.load(Ordering::Relaxed),
            limit: self.limit,
            early: self.early,
        }
    }

    /// Once the program has exited, whatever it wrote is already in the pipe:
    /// waiting longer than a moment would only wait on a stray child.
    fn effective(&self, deadline: Instant) -> Instant {
        match self.exited_at {
            Some(at) => deadline.min(at + EXIT_GRACE),
            None => deadline,
        }
    }

    fn next_event(&mut self, deadline: Instant) -> bool {
        let left = self
            .effective(deadline)
            .saturating_duration_since(Instant::now());
        match self.events.recv_timeout(left) {
            Ok(Event::Line(line)) => self.received.push(line),
            Ok(Event::StdoutClosed) => {
                self.stdout_closed = true;
                self.closed_at = Some(Instant::now());
                if self.stdin.is_some() {
                    self.early.get_or_insert(EarlyEnd::ClosedOutput);
                }
            }
            Ok(Event::Exited(status)) => {
                self.exit = Some(status);
                self.exited_at = Some(Instant::now());
                if self.stdin.is_some() {
                    self.early = Some(EarlyEnd::Exited);
                }
            }
            Ok(Event::Limit(hit)) => {
                self.limit = Some(hit);
                self.kill_group();
            }
            Err(RecvTimeoutError::Timeout) => return false,
            Err(RecvTimeoutError::Disconnected) => {
                self.stdout_closed = true;
                return false;
            }
        }
        true
    }

    fn stderr_text(&self) -> String {
        let bytes = self.stderr.lock().map(|b| b.clone()).unwrap_or_default();
        let start = bytes.len().saturating_sub(STDERR_TAIL);
        String::from_utf8_lossy(&bytes[start..]).into_owned()
    }

    fn kill_group(&self) {
        super::interrupt::kill_group(self.pid);
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        self.kill_group();
    }
}

/// Keeps the last of what the program writes on stderr, and counts it all;
/// the receiver disconnects once the pipe is read to its end.
fn read_stderr(
    pipe: Option<std::process::ChildStderr>,
) -> (Arc<Mutex<Vec<u8>>>, Arc<AtomicUsize>, Receiver<()>) {
    let stderr = Arc::new(Mutex::new(Vec::new()));
    let stderr_bytes = Arc::new(AtomicUsize::new(0));
    let (stderr_reading, stderr_done) = mpsc::channel::<()>();
    if let Some(mut pipe) = pipe {
        let tail = Arc::clone(&stderr);
        let count = Arc::clone(&stderr_bytes);
        thread::spawn(move || {
            let _reading = stderr_reading;
            let mut buf = [0u8; 8192];
            while let Ok(n @ 1..) = pipe.read(&mut buf) {
                count.fetch_add(n, Ordering::Relaxed);
                let Ok(mut tail) = tail.lock() else { break };
                tail.extend_from_slice(&buf[..n]);
                if tail.len() > 2 * STDERR_TAIL {
                    let cut = tail.len() - STDERR_TAIL;
                    tail.drain(..cut);
                }
            }
        });
    }
    (stderr, stderr_bytes, stderr_done)
}

fn exit_end(status: ExitStatus) -> ProcessEnd {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return ProcessEnd::Signaled(signal);
        }
    }
    ProcessEnd::Exited(status.code().unwrap_or(-1))
}

/// Splits stdout into lines, enforcing the caps.
fn read_lines(mut stdout: impl Read, limits: Limits, tx: &Sender<Event>) {
    let mut buf = vec![0u8; 64 * 1024];
    let mut line = Vec::new();
    let mut total = 0usize;
    let mut lines = 0usize;
    loop {
        let n = match stdout.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        total += n;
        if total > limits.max_output {
            let _ = tx.send(Event::Limit(LimitHit::OutputFlood { bytes: total }));
            return;
        }
        for &byte in &buf[..n] {
            if byte == b'\n' {
                lines += 1;
                if lines > limits.max_lines {
                    let _ = tx.send(Event::Limit(LimitHit::OutputFlood { bytes: total }));
                    return;
                }
                let text = String::from_utf8_lossy(&line);
                let text = text.strip_suffix('\r').unwrap_or(&text).to_string();
                line.clear();
                if tx.send(Event::Line(text)).is_err() {
                    return;
                }
            } else {
                line.push(byte);
            }
        }
        if line.len() > limits.max_line {
            let _ = tx.send(Event::Limit(LimitHit::LineTooLong { bytes: line.len() }));
            return;
        }
    }
    if !line.is_empty() {
        // A last line without its newline still counts as output.
        let _ = tx.send(Event::Line(String::from_utf8_lossy(&line).into_owned()));
    }
    let _ = tx.send(Event::StdoutClosed);
}

//! `learn watch` checks once per save (never on its own: a check opens the
//! files it watches), and follows `learn next`'s order when an exercise
//! passes: on to the next exercise when that is next, and it stops where a
//! reading or a quiz comes first.

use crate::common::*;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// A running `learn watch` and the lines it printed so far.
struct Watch {
    child: Child,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Watch {
    fn start(dir: &Path) -> Watch {
        let mut child = learn_command(dir)
            .args(["watch", "--timeout", "3"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("watch starts");
        let (tx, lines) = mpsc::channel();
        let stdout = child.stdout.take().expect("stdout");
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Watch {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Reads lines until one contains `needle` (true), or `within` passes or
    /// output ends (false).
    fn wait_for(&mut self, needle: &str, within: Duration) -> bool {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            match self.lines.recv_timeout(Duration::from_millis(100)) {
                Ok(line) => {
                    let hit = line.contains(needle);
                    self.seen.push(line);
                    if hit {
                        return true;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return false,
            }
        }
        false
    }

    /// Takes every line printed within `period`.
    fn idle(&mut self, period: Duration) {
        let _ = self.wait_for("\u{0}never printed", period);
    }

    fn checks(&self) -> usize {
        self.seen
            .iter()
            .filter(|l| l.starts_with("Checking "))
            .count()
    }

    fn transcript(&self) -> String {
        self.seen.join("\n")
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Marks every step before `exercise` done, as `learn next` and the quizzes would.
fn progress_up_to(dir: &Path, exercise: &str) {
    let list = json(&learn(&["list", "--json"]));
    let mut done = Vec::new();
    for step in list.as_array().expect("list --json is an array") {
        let (kind, id) = (
            step["kind"].as_str().expect("kind"),
            step["id"].as_str().expect("id"),
        );
        if kind == "exercise" && id == exercise {
            break;
        }
        done.push(format!("\"{kind}:{id}\""));
    }
    std::fs::write(
        dir.join(".learn-progress.toml"),
        format!("format_version = 1\ndone = [{}]\n", done.join(", ")),
    )
    .expect("progress file");
}

fn watched_file(watch: &Watch) -> String {
    watch
        .seen
        .iter()
        .rev()
        .find_map(|l| l.trim().strip_prefix("Watching "))
        .and_then(|rest| rest.split(' ').next())
        .expect("a Watching line names the file")
        .to_string()
}

/// Saves the reference solution over the watched exercise, as a learner's fix.
fn save_solution(dir: &Path, file: &str) {
    let name = Path::new(file).file_name().expect("file name");
    std::fs::copy(repo().join("solutions").join(name), dir.join(file)).expect("save");
}

fn no_edit_no_check_and_one_save_one_check_then_on_to_the_next_exercise() {
    let course = course_copy();
    let dir = course.path();
    // request-meta is followed directly by tool-errors in the lesson.
    progress_up_to(dir, "request-meta");
    let mut watch = Watch::start(dir);
    assert!(
        watch.wait_for("Watching", Duration::from_secs(180)),
        "watch checks the current exercise first:\n{}",
        watch.transcript()
    );
    assert_eq!(watch.checks(), 1, "{}", watch.transcript());
    let file = watched_file(&watch);
    assert!(file.contains("request-meta"), "{file}");

    watch.idle(Duration::from_secs(5));
    assert_eq!(
        watch.checks(),
        1,
        "5 s without an edit gave no check:\n{}",
        watch.transcript()
    );

    // A save that does not fix it: exactly one check.
    let path = dir.join(&file);
    let mut text = std::fs::read_to_string(&path).expect("read");
    text.push_str("\n// still thinking\n");
    std::fs::write(&path, text).expect("save");
    assert!(
        watch.wait_for("Watching", Duration::from_secs(180)),
        "{}",
        watch.transcript()
    );
    watch.idle(Duration::from_secs(3));
    assert_eq!(
        watch.checks(),
        2,
        "one save, one check:\n{}",
        watch.transcript()
    );

    // The fix: one passing check, then on to tool-errors, the next step.
    save_solution(dir, &file);
    assert!(
        watch.wait_for("Exercise request-meta solved", Duration::from_secs(180)),
        "{}",
        watch.transcript()
    );
    assert!(
        watch.wait_for("Watching", Duration::from_secs(180)),
        "{}",
        watch.transcript()
    );
    assert_eq!(
        watch.checks(),
        4,
        "the fix and the next exercise:\n{}",
        watch.transcript()
    );
    assert!(
        watched_file(&watch).contains("tool-errors"),
        "{}",
        watch.transcript()
    );
    let solved_line = watch
        .seen
        .iter()
        .find(|l| l.contains("Exercise request-meta solved"))
        .expect("solved line");
    assert!(
        !solved_line.contains("learn next"),
        "watch does not say `learn next` and carry on: {solved_line}"
    );
}

fn a_pass_with_a_quiz_next_stops_watching_and_says_so() {
    let course = course_copy();
    let dir = course.path();
    // Readings done by `learn next`, as a learner would.
    progress_up_to(dir, "message-kinds");
    let mut watch = Watch::start(dir);
    assert!(
        watch.wait_for("Watching", Duration::from_secs(180)),
        "{}",
        watch.transcript()
    );
    let file = watched_file(&watch);
    save_solution(dir, &file);
    assert!(
        watch.wait_for("Exercise message-kinds solved", Duration::from_secs(180)),
        "{}",
        watch.transcript()
    );
    assert!(
        watch.wait_for("learn next", Duration::from_secs(10)),
        "{}",
        watch.transcript()
    );
    let status = watch.child.wait().expect("watch ends by itself");
    assert!(status.success(), "{}", watch.transcript());
    let last = watch.seen.last().cloned().unwrap_or_default();
    assert!(last.contains("1 quiz first"), "{}", watch.transcript());
    assert_eq!(watch.checks(), 2, "{}", watch.transcript());
}

fn with_a_reading_next_watch_sends_the_learner_to_learn_next() {
    let course = course_copy();
    let output = learn_in(course.path(), &["watch"]);
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        // The opening, then the five readings of objective 1.
        stdout(&output).trim(),
        "Next: `learn next` (6 readings first)"
    );
}

pub fn tests() -> Vec<crate::harness::Test> {
    use crate::harness::test;
    vec![
        test!(no_edit_no_check_and_one_save_one_check_then_on_to_the_next_exercise),
        test!(a_pass_with_a_quiz_next_stops_watching_and_says_so),
        test!(with_a_reading_next_watch_sends_the_learner_to_learn_next),
    ]
}

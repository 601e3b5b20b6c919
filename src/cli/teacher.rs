//! The teacher's command: `grade`.

use super::{ScenarioSeed, ScenarioTimeout, parse_timeout};
use clap::ValueEnum;
use std::path::PathBuf;
use std::time::Duration;

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

    /// Grade only these exercises (ids or numbers, comma-separated): this
    /// week's, say. The report and its totals name only them
    #[arg(long, value_delimiter = ',', value_name = "EXERCISE")]
    pub exercises: Vec<String>,

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
    #[arg(long, default_value = "120", value_name = "SECONDS", value_parser = parse_timeout)]
    pub build_limit: Duration,

    /// Seconds all of one student's scenarios may take together; the rest
    /// of that student's scenarios then fail as "time ran out" [default:
    /// half of what a program that never answers would cost: every
    /// scenario of the exercises graded x --timeout / 4, at least 4 x
    /// --timeout]
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub student_budget: Option<Duration>,

    /// MiB of built programs (and compiler messages) target/grade/bin keeps
    /// between gradings; the ones used least recently go first
    #[arg(long, default_value_t = 1024, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=1 << 30))]
    pub cache_limit: u64,

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

//! The commands that serve or drive a server exercise: `interop`, `serve`,
//! `conformance`.

use super::{TargetArgs, parse_timeout};
use std::path::PathBuf;
use std::time::Duration;

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
    #[arg(long, default_value = "10", value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Duration,
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
    #[arg(long, default_value = "10", value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Duration,

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
    /// Exercise id or number [default: the server exercise of the lesson you are on, or with --client its client exercise]
    pub id: Option<String>,

    #[command(flatten)]
    pub target: TargetArgs,

    /// Judge a client: the suite plays its scenario servers and starts the client against each
    #[arg(long)]
    pub client: bool,

    /// Run only this scenario (e.g. `tools-list`); repeat for several
    #[arg(long, value_name = "NAME")]
    pub scenario: Vec<String>,

    /// Expected failures: the suite's YAML, or a lesson's conformance.toml [default: those of the lesson whose `[server]` or `[client]` is the exercise]
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

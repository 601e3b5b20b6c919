//! `learn serve`: any stdio MCP server behind the Streamable HTTP transport
//! of 2026-07-28, so HTTP clients (the conformance suite, the MCP Inspector,
//! curl) can talk to a learner's program.
//!
//! - `message`: what a POST body is (request, or something that gets 202);
//! - `headers`: the headers that repeat the body, and -32020;
//! - `status`: the HTTP status for each answer;
//! - `origin`: Host and Origin checks against DNS rebinding;
//! - `upstream`: the program, shared by requests in flight at once,
//!   restarted when needed;
//! - `router`: the program's output, each line to the request or stream it
//!   belongs to;
//! - `http`: one HTTP request to one HTTP response;
//! - `stream`: the `subscriptions/listen` response, an event stream that
//!   stays open.

mod headers;
mod http;
mod message;
mod origin;
mod router;
mod status;
mod stream;
mod upstream;

pub use origin::Allowed;

use crate::runner::Program;
use anyhow::{Result, anyhow};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use upstream::Upstream;

/// The one path that serves MCP.
pub const ENDPOINT: &str = "/mcp";
/// Ordinary requests handled at once (a listen stream gets its own thread);
/// the program may answer them in any order.
const WORKERS: usize = 4;

pub struct Options {
    /// Where to listen, e.g. `127.0.0.1:0` (any free port).
    pub addr: String,
    /// How long the program may take to answer one request.
    pub timeout: Duration,
    /// The largest POST body taken, in bytes.
    pub max_body: usize,
    pub allowed: Allowed,
    /// Print one line per request (and what the program wrote unasked) on stderr.
    pub log: bool,
}

/// What every worker shares.
pub struct Shared {
    upstream: Upstream,
    allowed: Allowed,
    max_body: usize,
    timeout_seconds: f64,
    log: bool,
}

impl Shared {
    fn log(&self, line: &str) {
        if self.log {
            log_line(line);
        }
    }
}

/// One plain line on stderr; a failed write is lost, never a panic.
fn log_line(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "learn serve: {line}");
}

fn no_log(_: &str) {}

/// A bound server, not yet serving.
pub struct Bridge {
    server: Arc<tiny_http::Server>,
    shared: Arc<Shared>,
    addr: SocketAddr,
}

impl Bridge {
    pub fn bind(program: Program, options: Options) -> Result<Bridge> {
        let server = tiny_http::Server::http(&options.addr)
            .map_err(|e| anyhow!("cannot listen on {}: {e}", options.addr))?;
        let addr = server
            .server_addr()
            .to_ip()
            .ok_or_else(|| anyhow!("{} is not an IP address and port", options.addr))?;
        let mut allowed = options.allowed;
        if !addr.ip().is_unspecified() && !addr.ip().is_loopback() {
            allowed.hosts.push(addr.ip().to_string());
        }
        let log = if options.log { log_line } else { no_log };
        let shared = Shared {
            upstream: Upstream::new(program, options.timeout, log),
            allowed,
            max_body: options.max_body,
            timeout_seconds: options.timeout.as_secs_f64(),
            log: options.log,
        };
        Ok(Bridge {
            server: Arc::new(server),
            shared: Arc::new(shared),
            addr,
        })
    }

    /// The MCP endpoint's URL. A server listening on every address is
    /// reached here through loopback.
    pub fn url(&self) -> String {
        let ip = self.addr.ip();
        let host = if ip.is_unspecified() {
            "127.0.0.1".to_string()
        } else if ip.is_ipv6() {
            format!("[{ip}]")
        } else {
            ip.to_string()
        };
        format!("http://{host}:{}{ENDPOINT}", self.addr.port())
    }

    /// Serves on background threads until the process ends.
    pub fn spawn(&self) {
        for _ in 0..WORKERS {
            let server = Arc::clone(&self.server);
            let shared = Arc::clone(&self.shared);
            std::thread::spawn(move || {
                for request in server.incoming_requests() {
                    http::handle(&shared, request);
                }
            });
        }
    }
}

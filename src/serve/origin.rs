//! DNS rebinding protection: a page on another site must not be able to
//! reach a server on this machine through the browser. `Host` must name this
//! server, and an `Origin`, when a browser sends one, must be allowed.

/// What may call the server: loopback names always, plus what was given.
#[derive(Clone, Debug, Default)]
pub struct Allowed {
    /// Extra host names (e.g. the address the server is bound to).
    pub hosts: Vec<String>,
    /// Extra origins, exactly as a browser sends them (`https://app.example`).
    pub origins: Vec<String>,
}

/// Why a request was refused, said in the 403 body.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    Host(String),
    Origin(String),
}

impl Refused {
    pub fn message(&self) -> String {
        match self {
            Refused::Host(host) => {
                format!("Forbidden: Host {host:?} is not this server (DNS rebinding protection)")
            }
            Refused::Origin(origin) => format!(
                "Forbidden: Origin {origin:?} is not allowed (DNS rebinding protection; learn serve --allow-origin adds one)"
            ),
        }
    }
}

impl Allowed {
    pub fn check(&self, host: Option<&str>, origin: Option<&str>) -> Result<(), Refused> {
        if let Some(host) = host
            && !self.host_allowed(host_name(host))
        {
            return Err(Refused::Host(host.to_string()));
        }
        if let Some(origin) = origin
            && !self.origin_allowed(origin)
        {
            return Err(Refused::Origin(origin.to_string()));
        }
        Ok(())
    }

    fn host_allowed(&self, name: &str) -> bool {
        is_loopback(name) || self.hosts.iter().any(|h| h.eq_ignore_ascii_case(name))
    }

    fn origin_allowed(&self, origin: &str) -> bool {
        if self.origins.iter().any(|o| o == origin) {
            return true;
        }
        // `null` (a sandboxed page, a file) and anything unparseable are refused.
        let Some(rest) = origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"))
        else {
            return false;
        };
        !rest.contains('/') && self.host_allowed(host_name(rest))
    }
}

/// `name:port`, `[v6]:port`, or a bare name, to the name alone.
fn host_name(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().map_or(host, |inside| inside);
    }
    host.rsplit_once(':').map_or(host, |(name, _)| name)
}

fn is_loopback(name: &str) -> bool {
    name.eq_ignore_ascii_case("localhost") || name == "127.0.0.1" || name == "::1"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts_and_origins_pass_with_any_port() {
        let allowed = Allowed::default();
        for host in [
            "localhost:8080",
            "127.0.0.1:1",
            "[::1]:9",
            "LOCALHOST",
            "127.0.0.1",
        ] {
            assert_eq!(allowed.check(Some(host), None), Ok(()), "{host}");
        }
        for origin in [
            "http://localhost:3000",
            "https://127.0.0.1",
            "http://[::1]:5",
        ] {
            assert_eq!(allowed.check(None, Some(origin)), Ok(()), "{origin}");
        }
        assert_eq!(allowed.check(None, None), Ok(()));
    }

    #[test]
    fn other_sites_are_refused() {
        let allowed = Allowed::default();
        assert!(matches!(
            allowed.check(Some("evil.example.com"), None),
            Err(Refused::Host(_))
        ));
        assert!(matches!(
            allowed.check(Some("localhost.evil.com:80"), None),
            Err(Refused::Host(_))
        ));
        for origin in [
            "http://evil.example.com",
            "null",
            "file://",
            "http://localhost.evil.com",
            "ftp://localhost",
        ] {
            assert!(
                matches!(
                    allowed.check(Some("localhost"), Some(origin)),
                    Err(Refused::Origin(_))
                ),
                "{origin}"
            );
        }
    }

    #[test]
    fn given_origins_and_hosts_are_added() {
        let allowed = Allowed {
            hosts: vec!["192.168.1.5".into()],
            origins: vec!["https://inspector.example".into()],
        };
        assert_eq!(
            allowed.check(Some("192.168.1.5:80"), Some("https://inspector.example")),
            Ok(())
        );
        assert!(allowed.check(Some("192.168.1.6"), None).is_err());
    }
}

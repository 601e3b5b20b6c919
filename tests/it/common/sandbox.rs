//! Whether bubblewrap can make a sandbox here, for the tests that grade
//! (`Tool::Sandbox`: a test that needs it is not run where it is missing).

/// True when `bwrap` works.
pub fn sandbox_available() -> bool {
    std::process::Command::new("bwrap")
        .args(["--ro-bind", "/", "/", "--unshare-pid", "--", "/bin/true"])
        .output()
        .is_ok_and(|o| o.status.success())
}

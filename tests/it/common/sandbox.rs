//! Whether bubblewrap can make a sandbox here, for the tests that grade.

/// True when `bwrap` works. Otherwise prints one line and returns false
/// (a skip), or fails when `CI` is set (`.ci/run` installs bubblewrap).
pub fn sandbox_available() -> bool {
    let works = std::process::Command::new("bwrap")
        .args(["--ro-bind", "/", "/", "--unshare-pid", "--", "/bin/true"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !works {
        assert!(
            std::env::var_os("CI").is_none(),
            "bubblewrap (bwrap) is needed by the grading tests (.ci/run installs it)"
        );
        eprintln!("skipped: bubblewrap (bwrap) is not installed or cannot make a sandbox here");
    }
    works
}

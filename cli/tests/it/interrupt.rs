//! Ctrl-C during a campaign: the summary of what finished, marked interrupted (text and
//! JSON), the failures found so far kept, no temporary engine directory left, exit 130.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

const BSW: &str = env!("CARGO_BIN_EXE_bsw");

/// Starts `bsw ARGS` with `TMPDIR` set to `tmp`, sends SIGINT after `after`, and returns
/// (exit code, stdout, stderr).
fn interrupted(args: &[&str], tmp: &Path, after: Duration) -> (i32, String, String) {
    let child = Command::new(BSW)
        .args(args)
        .env("TMPDIR", tmp)
        .env("BSW", BSW)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(after);
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(status.success(), "kill -INT failed");
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn ctrl_c_prints_what_finished_and_exits_130() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["simulate", "--tournaments", "10000000", "--jobs", "1", "--json"];
    let (code, out, err) = interrupted(&args, tmp.path(), Duration::from_millis(1500));
    assert_eq!(code, 130, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    let finished = v["interrupted"]["finished"].as_u64().expect("marked interrupted");
    assert_eq!(v["interrupted"]["planned"], 10_000_000);
    assert!(finished > 0 && finished < 10_000_000, "{finished}");
    assert_eq!(v["tournaments"].as_u64(), Some(finished));

    let args = ["simulate", "--tournaments", "10000000", "--jobs", "1"];
    let (code, out, err) = interrupted(&args, tmp.path(), Duration::from_millis(1500));
    assert_eq!(code, 130, "{err}");
    assert!(out.contains("INTERRUPTED after "), "{out}");
    assert!(out.contains(" of 10000000 tournaments"), "{out}");
}

#[test]
fn ctrl_c_with_an_external_engine_leaves_no_temporary_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let engine = format!("{BSW} {{trf}} -p {{out}}");
    let args = [
        "simulate",
        "--tournaments",
        "100000",
        "--jobs",
        "2",
        "--engine",
        engine.as_str(),
        "--profile",
        "berger-swiss",
        "--json",
    ];
    let (code, out, err) = interrupted(&args, tmp.path(), Duration::from_millis(2000));
    assert_eq!(code, 130, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert!(v["interrupted"]["finished"].as_u64().is_some(), "{out}");
    let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().map(|e| e.unwrap().path()).collect();
    assert!(left.is_empty(), "temporary files left behind: {left:?}");
}

//! Shared by the CLI tests: run the built `bsw` binary, find the repository's examples.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use tempfile::TempDir;

/// The `bsw` binary under test.
pub(crate) fn bsw_command() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bsw"))
}

/// (exit code, stdout, stderr) of a finished `bsw`.
pub(crate) fn outcome(out: Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Runs `bsw ARGS`; returns (exit code, stdout, stderr).
pub(crate) fn bsw(args: &[&str]) -> (i32, String, String) {
    outcome(bsw_command().args(args).output().unwrap())
}

/// The path of the `bsw` binary under test, which the faulty fixture engines of
/// `harness/tests/fixtures/engines/` find in `$BSW`.
pub(crate) const BSW: &str = env!("CARGO_BIN_EXE_bsw");

/// Runs `bsw ARGS` with `BSW` set; returns (exit code, stdout, stderr).
pub(crate) fn bsw_env(args: &[&str]) -> (i32, String, String) {
    outcome(bsw_command().args(args).env("BSW", BSW).output().unwrap())
}

/// Runs `bsw simulate --json ARGS` with `BSW` set; returns (exit code, the JSON summary,
/// stderr).
pub(crate) fn campaign(args: &[&str]) -> (i32, serde_json::Value, String) {
    let (code, out, err) = bsw_env(&[&["simulate", "--json"], args].concat());
    let v = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}\n{err}"));
    (code, v, err)
}

/// A campaign's JSON summary without what depends on the clock or names the engine (the
/// ladder and bye statistics stay: for an external engine they come from the checker's
/// report of each round).
pub(crate) fn comparable(mut v: serde_json::Value) -> serde_json::Value {
    let o = v.as_object_mut().unwrap();
    o.remove("timing");
    o["campaign"].as_object_mut().unwrap().remove("engine");
    v
}

/// Runs `bsw ARGS` in `cwd`; returns (exit code, stdout, stderr).
pub(crate) fn bsw_in(cwd: &Path, args: &[&str]) -> (i32, String, String) {
    outcome(bsw_command().current_dir(cwd).args(args).output().unwrap())
}

/// Runs `bsw ARGS` with `input` on standard input.
pub(crate) fn bsw_stdin(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = bsw_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    outcome(child.wait_with_output().unwrap())
}

/// Runs `bsw ARGS` with standard output a pipe whose reading end is closed at once (as
/// `bsw … | head -1` does once it has its line); returns (exit code, stderr).
pub(crate) fn with_closed_stdout(args: &[&str]) -> (Option<i32>, String) {
    let mut child =
        bsw_command().args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into())
}

/// The root of the repository.
pub(crate) fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A path as a `bsw` argument.
pub(crate) fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Copies the files of `from` into `to` (created).
pub(crate) fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
    }
}

/// A copy of `corpus/examples/NAME` in a new temporary directory (removed when the returned
/// guard is dropped); returns the guard and the copy.
pub(crate) fn example_copy(name: &str) -> (TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("t");
    copy_dir(&root().join("corpus/examples").join(name), &dir);
    (tmp, dir)
}

/// The path `name` in a new temporary directory (removed when the returned guard is
/// dropped; nothing is created at the path); returns the guard and the path.
pub(crate) fn temp_path(name: &str) -> (TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join(name);
    (tmp, path)
}

/// Writes `text` to the file `name` in `dir`; returns its path.
pub(crate) fn write_file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// Asserts that the tournament directories `a` and `b` hold the same `tournament.toml`,
/// `players.csv` and `rounds.csv`.
#[track_caller]
pub(crate) fn assert_same_tournament_files(a: &Path, b: &Path) {
    for f in ["tournament.toml", "players.csv", "rounds.csv"] {
        assert_eq!(
            std::fs::read_to_string(a.join(f)).unwrap(),
            std::fs::read_to_string(b.join(f)).unwrap(),
            "{f}"
        );
    }
}

/// Runs `bsw generate --seed SEED FLAGS… DIR`, which must succeed.
pub(crate) fn generate(seed: &str, flags: &[&str], dir: &Path) {
    let mut args = vec!["generate", "--seed", seed];
    args.extend_from_slice(flags);
    args.push(s(dir));
    let (code, out, err) = bsw(&args);
    assert_eq!(code, 0, "seed {seed}: {out}{err}");
}

/// Asserts that `text` (an output of `bsw`) contains `part`; shows `text` when it does not.
#[track_caller]
pub(crate) fn assert_contains(text: &str, part: &str) {
    assert!(text.contains(part), "{text}");
}

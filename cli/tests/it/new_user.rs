//! What a new user hits in the first hour (issue 12): a closed or full standard output, a
//! partial merge of shards, seeds out of range, a missing path, JSON on bad input, and the
//! wording of counts and lists.

use std::path::{Path, PathBuf};

use crate::common;
use common::{
    assert_contains, bsw, bsw_command, bsw_in, copy_dir, root, s, temp_path, with_closed_stdout,
};

fn worked_example() -> PathBuf {
    root().join("corpus/examples/spec-11-worked-example")
}

#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    let example = root().join("corpus/examples/berger-groups");
    let worked = worked_example();
    let commands: Vec<Vec<&str>> = vec![
        vec!["trf", "export", s(&example)],
        vec!["check", "--json", s(&worked)],
        vec!["check", s(&worked)],
        vec!["validate", s(&worked)],
        vec!["standings", s(&worked)],
        vec!["standings", "--json", s(&worked)],
        vec!["simulate", "--tournaments", "3", "--json"],
        vec!["--help"],
    ];
    for args in commands {
        let (code, err) = with_closed_stdout(&args);
        assert!(!err.contains("panicked"), "bsw {args:?}: {err}");
        assert_eq!(code, Some(0), "bsw {args:?}: {err}");
        assert!(!err.contains("Broken pipe") && !err.contains("error"), "bsw {args:?}: {err}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_an_error_with_exit_2_not_a_panic() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full exists on Linux");
    let out = bsw_command().args(["validate", s(&worked_example())]).stdout(full).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.starts_with("error: standard output: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

fn shard(tmp: &Path, i_n: &str) -> String {
    let (code, out, err) =
        bsw_in(tmp, &["simulate", "--tournaments", "12", "--seed", "9", "--json", "--shard", i_n]);
    assert_eq!(code, 0, "{err}");
    let file = format!("shard-{}.json", i_n.replace('/', "-of-"));
    std::fs::write(tmp.join(&file), out).unwrap();
    file
}

#[test]
fn merging_shards_that_miss_some_is_refused_unless_allow_partial() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, c) = (shard(tmp.path(), "1/3"), shard(tmp.path(), "3/3"));
    let (code, out, err) = bsw_in(tmp.path(), &["simulate", "--merge", &a, &c]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert_contains(&err, "shard 2/3 is missing (8 of the campaign's 12 tournaments covered)");
    assert_contains(&err, "--allow-partial");

    let (code, out, err) = bsw_in(tmp.path(), &["simulate", "--merge", &a, &c, "--allow-partial"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.lines().nth(1)
            == Some(
                "partial campaign: shard 2/3 is missing (8 of the campaign's 12 tournaments covered)"
            ),
        "{out}"
    );
    let (code, out, err) =
        bsw_in(tmp.path(), &["simulate", "--json", "--merge", &a, &c, "--allow-partial"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["tournaments"], 8);
    assert_eq!(v["campaign"]["shards"], serde_json::json!(["1/3", "3/3"]));

    // Two shards missing, and shards of different splits that overlap.
    let (code, _, err) = bsw_in(tmp.path(), &["simulate", "--merge", &a]);
    assert_eq!(code, 2);
    assert_contains(&err, "shards 2/3, 3/3 are missing");
    let half = shard(tmp.path(), "1/2");
    let (code, _, err) = bsw_in(tmp.path(), &["simulate", "--merge", &a, &half]);
    assert_eq!(code, 2);
    assert_contains(&err, "shards 1/3 and 1/2 overlap (tournaments 0..4 are in both)");
}

#[test]
fn seeds_beyond_2_pow_63_are_refused_with_the_range() {
    let tmp = tempfile::tempdir().unwrap();
    for cmd in [
        vec!["generate", "--seed", "9223372036854775808", "t"],
        vec!["simulate", "--seed", "18446744073709551616"],
        vec!["bench", "--seed=-1", "--out", "b"],
    ] {
        let (code, _, err) = bsw_in(tmp.path(), &cmd);
        assert_eq!(code, 2, "{cmd:?}");
        assert!(
            err.contains("a seed is an integer from 0 to 2^63-1 = 9223372036854775807"),
            "{cmd:?}: {err}"
        );
    }
    assert!(!tmp.path().join("t").exists() && !tmp.path().join("b").exists());
    // The largest seed is accepted, and tournament.toml holds it.
    let (code, _, err) = bsw_in(
        tmp.path(),
        &["generate", "--seed", "9223372036854775807", "--players", "8", "--rounds", "3", "t"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(bsw(&["validate", s(&tmp.path().join("t"))]).0, 0);
}

#[test]
fn pair_on_a_missing_path_says_it_does_not_exist() {
    let (_tmp, missing) = temp_path("no-such-dir");
    let (code, _, err) = bsw(&["pair", s(&missing)]);
    assert_eq!(code, 2);
    assert_contains(&err, "no-such-dir: no such directory");
    assert!(!err.contains("TRF"), "{err}");
}

#[test]
fn check_json_on_bad_input_prints_a_json_error_and_exits_2() {
    let tmp = tempfile::tempdir().unwrap();
    copy_dir(&worked_example(), tmp.path());
    let players = tmp.path().join("players.csv");
    let text = std::fs::read_to_string(&players).unwrap().replace("2,B,2300", "2,B,high");
    std::fs::write(&players, text).unwrap();
    let (code, out, err) = bsw(&["check", "--json", s(tmp.path())]);
    assert_eq!(code, 2, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON on stdout");
    assert_eq!(v["verdict"], "error");
    let e = &v["error"];
    assert!(e["file"].as_str().unwrap().ends_with("players.csv"), "{v}");
    assert_eq!(e["line"], 3, "{v}");
    assert_eq!(e["field"], "rating", "{v}");
    // The same error as on standard error, field by field.
    let line = format!(
        "error: {}:3: rating: {}",
        e["file"].as_str().unwrap(),
        e["message"].as_str().unwrap()
    );
    assert_eq!(err.trim_end(), line);

    // A path that does not exist: no line, no field.
    let (code, out, _) = bsw(&["check", "--json", s(&tmp.path().join("nothing"))]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON on stdout");
    assert_eq!(v["error"]["line"], serde_json::Value::Null);
    assert_eq!(v["error"]["message"], "no such file or directory");
}

#[test]
fn one_round_is_singular_and_lists_end_without_a_separator() {
    // A worked example cut after round 1: "1 round certified".
    let tmp = tempfile::tempdir().unwrap();
    let one = tmp.path().join("one");
    copy_dir(&worked_example(), &one);
    let rounds = one.join("rounds.csv");
    let text: Vec<String> = std::fs::read_to_string(&rounds)
        .unwrap()
        .lines()
        .filter(|l| l.starts_with("round") || l.starts_with("1,"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&rounds, text.concat()).unwrap();
    let (code, out, _) = bsw(&["check", s(&one)]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out.lines().last().unwrap(),
        "verdict: conforming (1 round certified, profile berger-swiss)"
    );

    // Round 1 of the Berger-groups example paired, no result yet: pairing again and standings
    // after round 1 list the 6 games, separated by "; " and with nothing after the last.
    let t = tmp.path().join("groups");
    copy_dir(&root().join("corpus/examples/berger-groups"), &t);
    assert_eq!(bsw(&["pair", s(&t)]).0, 0);
    let (code, _, err) = bsw(&["pair", s(&t)]);
    assert_eq!(code, 2);
    let err = err.trim_end();
    assert!(
        err.contains(
            ": cannot pair the next round: 6 games still lack a result: round 1 board 1 ("
        ),
        "{err}"
    );
    assert!(err.ends_with(')') && err.matches("; ").count() == 5, "{err}");
    let (code, _, err) = bsw(&["standings", s(&t), "--round", "1"]);
    assert_eq!(code, 2);
    let err = err.trim_end();
    assert_contains(err, "round 1 is not complete; games without a result: round 1 board 1 (");
    assert!(err.ends_with(')') && err.matches("; ").count() == 6, "{err}");
}

//! Flags that do nothing, or something else than asked, in the mode they are given in are
//! refused with exit 2 and a sentence, before anything runs or is written.

use crate::common::{bsw, temp_path};

/// `bsw ARGS` exits 2 and its standard error holds every one of `said`.
fn refused(args: &[&str], said: &[&str]) {
    let (code, out, err) = bsw(args);
    assert_eq!(code, 2, "bsw {args:?} exits {code}; stdout:\n{out}\nstderr:\n{err}");
    assert!(out.is_empty(), "bsw {args:?} printed to stdout:\n{out}");
    for s in said {
        assert!(err.contains(s), "bsw {args:?}: {s:?} not in:\n{err}");
    }
}

#[test]
fn a_profile_without_an_external_engine_is_refused() {
    refused(
        &["simulate", "--profile", "dutch", "--tournaments", "2"],
        &["--engine", "--system dutch"],
    );
    refused(
        &["simulate", "--system", "dutch", "--profile", "generic", "--tournaments", "2"],
        &["--profile", "--engine"],
    );
}

#[test]
fn a_campaign_of_no_or_negative_tournaments_is_refused() {
    refused(&["simulate", "--tournaments", "0"], &["would run nothing", "at least 1"]);
    refused(&["simulate", "--tournaments", "-5"], &["-5 tournaments would run nothing"]);
    refused(&["simulate", "--tournaments", "many"], &["not a number of tournaments"]);
}

#[test]
fn merge_takes_no_campaign_flag() {
    let (_tmp, shard) = temp_path("s.json");
    let (code, out, err) = bsw(&["simulate", "--tournaments", "4", "--shard", "1/1", "--json"]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(&shard, out).unwrap();
    let shard = shard.to_str().unwrap();
    refused(&["simulate", "--merge", shard, "--seed", "99"], &["--merge", "--seed"]);
    refused(&["simulate", "--merge", shard, "--players", "5..9"], &["--merge", "--players"]);
    refused(&["simulate", "--merge", shard, "--engine", "x"], &["--merge", "--engine"]);
    let (code, _, err) = bsw(&["simulate", "--merge", shard]);
    assert_eq!(code, 0, "the merge alone still works: {err}");
}

#[test]
fn the_engine_convention_takes_no_directory_flag() {
    let (_tmp, out) = temp_path("out.txt");
    let out = out.to_str().unwrap();
    let trf = "../corpus/trf/lichess-style-utf8-bom.trf";
    refused(&["pair", trf, "-p", out, "--table"], &["--table"]);
    refused(&["pair", trf, "-p", out, "--dry-run"], &["--dry-run"]);
    assert!(!std::path::Path::new(out).exists(), "nothing is written");
}

//! What `bsw` tells people beside the data: help texts, next steps, the profile that judged
//! a file, the labels of a campaign's summary.

use crate::common::{BSW, bsw, example_copy, s, temp_path};
use std::path::Path;

fn corpus(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus").join(rel).display().to_string()
}

#[test]
fn the_top_level_help_names_both_systems_and_the_engine_convention() {
    let (code, out, _) = bsw(&["--help"]);
    assert_eq!(code, 0);
    for s in ["FIDE (Dutch) System", "Berger-Swiss", "bsw [--dutch] FILE.trf -p [OUT]"] {
        assert!(out.contains(s), "{s:?} not in:\n{out}");
    }
}

#[test]
fn a_result_that_completes_the_last_round_points_to_standings_and_report() {
    let (_tmp, dir) = example_copy("spec-11-worked-example");
    let d = dir.to_str().unwrap();
    // Board 4 of round 3 (the last) entered again: the round is complete.
    let (code, out, err) = bsw(&["result", d, "3", "4", "0-1", "--force"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("next: bsw pair"), "{out}");
    assert!(out.contains("the event is finished"), "{out}");
    assert!(out.contains(&format!("bsw standings {d}")), "{out}");
    assert!(out.contains(&format!("bsw report {d}")), "{out}");
    // Before the last round, the next step is still to pair: rounds 1-2 only, the result of
    // round 2's board 4 entered last.
    let rounds = std::fs::read_to_string(dir.join("rounds.csv")).unwrap();
    let mut kept: Vec<String> =
        rounds.lines().filter(|l| !l.starts_with("3,")).map(String::from).collect();
    let last = kept.pop().unwrap();
    let (row, result) = last.rsplit_once(',').unwrap();
    kept.push(format!("{row},"));
    std::fs::write(dir.join("rounds.csv"), kept.join("\n") + "\n").unwrap();
    let board = row.split(',').nth(1).unwrap();
    let (code, out, err) = bsw(&["result", d, "2", board, result]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("next: bsw pair {d}")), "{out}");
}

#[test]
fn validate_and_check_name_the_profile_a_dutch_file_is_judged_by() {
    let trf = corpus("cases/dutch-c1-rematch/tournament.trf");
    let (code, out, err) = bsw(&["validate", &trf, "--verbose"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("profile: dutch"), "{out}");
    let (_, out, err) = bsw(&["check", &trf, "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
    assert_eq!(v["profile"], "dutch");
    let (_, out, _) = bsw(&["check", &corpus("trf/lichess-style-utf8-bom.trf"), "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["profile"], "generic");
}

/// Runs `bsw simulate FLAGS --engine BSW --profile generic --failures DIR`: a campaign with
/// `bsw` itself as the external engine, judged by the generic profile, its failures (if any)
/// written into a new temporary directory.
fn generic_campaign(flags: &[&str]) -> (i32, String, String) {
    let (_tmp, failures) = temp_path("failures");
    let tail = ["--engine", BSW, "--profile", "generic", "--failures", s(&failures)];
    bsw(&[&["simulate"], flags, &tail].concat())
}

/// A generic-profile campaign with an external engine (bsw itself): each timing line has its
/// own clock, and the Berger-Swiss notions (ladder, Swiss byes, groups) are left out.
#[test]
fn a_generic_campaign_summary_shows_what_applies_with_its_own_clocks() {
    let (code, out, err) =
        generic_campaign(&["--tournaments", "3", "--players", "6..12", "--rounds", "3..4"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("engine  time per round (wall):"), "{out}");
    assert!(out.contains("checker time per round (thread-cpu):"), "{out}");
    for absent in ["ladder (SPEC 8.3)", "Swiss byes", "Berger groups 0", "absences refused"] {
        assert!(!out.contains(absent), "{absent:?} in:\n{out}");
    }
}

/// `--lenient`, which a refusal of a file whose points column disagrees with its results
/// recommends, works on every command that reads a TRF file.
#[test]
fn every_reading_command_takes_lenient() {
    let trf = corpus("trf/inconsistent-totals-blank-bye-results.trf");
    for cmd in ["check", "standings", "validate", "show"] {
        let (code, _, err) = bsw(&[cmd, &trf]);
        assert_eq!(code, 2, "bsw {cmd} reads the file strictly: {err}");
        assert!(err.contains("--lenient"), "bsw {cmd}: the refusal names --lenient: {err}");
        let (code, _, err) = bsw(&[cmd, &trf, "--lenient"]);
        assert!(code == 0 || code == 1, "bsw {cmd} --lenient exits {code}: {err}");
        assert!(err.contains("read by the round results"), "bsw {cmd} --lenient warns: {err}");
    }
    let tmp = tempfile::tempdir().unwrap();
    let (code, _, err) =
        bsw(&["report", &trf, "-o", tmp.path().join("r.html").to_str().unwrap(), "--lenient"]);
    assert_eq!(code, 0, "bsw report --lenient: {err}");
    // The engine convention reads it too (the event is finished: exit 2 for that, not for points).
    let (code, _, err) = bsw(&[&trf, "-p", "--lenient"]);
    assert_eq!(code, 2);
    assert!(err.contains("finished") && !err.contains("points column disagree"), "{err}");
}

/// Under the generic profile an engine's "no valid pairing" (exit 1) is confirmed by the
/// checker's own search (C.04.1 b, d, f, g): events with more rounds than their players can
/// play end early, counted as such, and the campaign passes.
#[test]
fn a_confirmed_no_pairing_under_the_generic_profile_ends_the_event_early() {
    let (code, out, err) = generic_campaign(&[
        "--tournaments",
        "12",
        "--players",
        "4..6",
        "--rounds",
        "6..8",
        "--withdraw-rate",
        "0",
        "--absence-rate",
        "0",
        "--json",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let ended = v["no_valid_pairing"].as_u64().unwrap();
    assert!(ended > 0, "4-6 players cannot play 6-8 rounds: {out}");
    assert_eq!(v["failing_tournaments"], 0, "{out}");
}

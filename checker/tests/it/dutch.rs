//! Profile dutch: no false alarm on the bbpPairings samples (`corpus/dutch`, every round of
//! every file of at most 64 players; all 71 files with `DUTCH_ALL=1`) and on events paired by
//! the Dutch engine; the profile is the default for a file that declares the system.

use crate::dutch_common::{engine_event, samples};
use bsw_checker::{Profile, check};

fn assert_conforming(name: &str, t: &bsw_model::Tournament) -> usize {
    let report = check(t, Profile::Dutch);
    let bad: Vec<String> = report
        .violations()
        .map(|(r, v)| format!("{name} round {r}: rule {}: {}", v.rule, v.message))
        .collect();
    assert!(bad.is_empty(), "false alarms:\n{}", bad.join("\n"));
    report.rounds.len()
}

#[test]
fn every_round_of_the_samples_is_conforming() {
    let mut rounds = 0;
    let files = samples(64);
    assert!(files.len() >= 30, "only {} samples", files.len());
    for (name, t) in &files {
        assert!(t.config.system.dutch().is_some(), "{name} declares Dutch");
        rounds += assert_conforming(name, t);
    }
    eprintln!("dutch profile: {} files, {rounds} rounds conforming", files.len());
    assert!(rounds >= 150);
}

#[test]
fn engine_paired_events_are_conforming() {
    for (n, rounds, seed) in [(9, 5, 1), (14, 6, 2), (23, 7, 3), (40, 6, 4)] {
        let t = engine_event(n, rounds, seed);
        assert_eq!(t.last_round(), rounds, "the engine paired every round");
        assert_conforming(&format!("engine {n}/{rounds}/{seed}"), &t);
    }
}

/// Every tournament of the repository's corpora (Berger-Swiss cases and examples, TRF files
/// of other programs) goes through profile dutch without a panic, whatever its verdict.
#[test]
fn the_dutch_profile_never_panics_on_the_corpora() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut paths = Vec::new();
    for sub in ["cases", "examples", "trf"] {
        let Ok(entries) = std::fs::read_dir(root.join(sub)) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let p = if p.join("tournament").is_dir() { p.join("tournament") } else { p };
            paths.push(p);
        }
    }
    paths.sort();
    let mut checked = 0;
    for p in &paths {
        let Ok(t) = bsw_model::io::load(p) else {
            continue;
        };
        let report = check(&t, Profile::Dutch);
        assert_eq!(report.rounds.len() as u32, t.last_round(), "{}", p.display());
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} tournaments read");
}

//! Replays, on stable Rust, every checked-in fuzz input through its entry point in
//! `bsw_harness::fuzzing`: the seed corpora `fuzz/corpus/<target>/*` and the former crashes
//! `fuzz/regressions/<target>/*` (each crash found by `cargo fuzz` is copied there under a name
//! saying what it broke, and gets a named test below).
//!
//! Targets: `tournament`, `dir_files`, `trf`, `checker` (one per entry point).

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use bsw_harness::fuzzing::{
    fuzz_checker, fuzz_dir_files, fuzz_dutch_event, fuzz_dutch_event_rounds, fuzz_dutch_trf,
    fuzz_tournament, fuzz_trf,
};

type Entry = fn(&[u8]);

const TARGETS: [(&str, Entry); 6] = [
    ("tournament", fuzz_tournament),
    ("dir_files", fuzz_dir_files),
    ("trf", fuzz_trf),
    ("checker", fuzz_checker),
    ("dutch_event", fuzz_dutch_event),
    ("dutch_trf", fuzz_dutch_trf),
];

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

fn files_in(dir: &Path) -> Vec<PathBuf> {
    // A missing directory is an error, not an empty one: the test must not pass without data.
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.is_file() && !p.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    files.sort();
    files
}

/// Runs every file of `fuzz/<kind>/<target>/` through its target; returns (files run,
/// failures).
fn replay(kind: &str) -> (usize, Vec<String>) {
    let mut ran = 0;
    let mut failures = Vec::new();
    for (target, entry) in TARGETS {
        for file in files_in(&fuzz_dir().join(kind).join(target)) {
            let data = fs::read(&file).expect("readable fuzz input");
            ran += 1;
            if let Err(p) = catch_unwind(AssertUnwindSafe(|| entry(&data))) {
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failures.push(format!("{target} {}: {msg}", file.display()));
            }
        }
    }
    (ran, failures)
}

#[test]
fn every_seed_corpus_input_runs_clean() {
    let (ran, failures) = replay("corpus");
    assert!(ran >= 4 * 2, "expected seed corpora for all four targets, found {ran} files");
    for (target, _) in TARGETS {
        assert!(
            !files_in(&fuzz_dir().join("corpus").join(target)).is_empty(),
            "fuzz/corpus/{target}/ has no seed"
        );
    }
    assert!(failures.is_empty(), "{} seed inputs fail:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_former_crash_stays_fixed() {
    let (_, failures) = replay("regressions");
    assert!(
        failures.is_empty(),
        "{} former crashes fail again:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The rounds that the seeds of `fuzz/corpus/TARGET` reach, counted by `rounds`, in all.
fn seed_rounds(target: &str, rounds: fn(&[u8]) -> u32) -> u32 {
    files_in(&fuzz_dir().join("corpus").join(target))
        .iter()
        .map(|f| rounds(&fs::read(f).unwrap()))
        .sum()
}

#[test]
fn tournament_seeds_reach_the_engine_and_checker() {
    let certified = seed_rounds("tournament", bsw_harness::fuzzing::fuzz_tournament_rounds);
    assert!(certified >= 5, "the tournament seeds certify only {certified} rounds in all");
}

/// Many pseudo-random inputs per target (a stable-Rust stand-in for a short fuzz run): none
/// may panic. 300 inputs per target; slow in a debug build, so run on demand:
/// `cargo test --release -p bsw-harness --test it random_inputs_smoke -- --ignored`.
#[test]
#[ignore]
fn random_inputs_smoke() {
    let n: u64 = 300;
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 33) as u8
    };
    let mut rounds = 0;
    for (target, entry) in TARGETS {
        for i in 0..n {
            let len = 16 + (i % 48) as usize * 16;
            let data: Vec<u8> = (0..len).map(|_| next()).collect();
            if let Err(p) = catch_unwind(AssertUnwindSafe(|| entry(&data))) {
                let msg = p.downcast_ref::<String>().cloned().unwrap_or_default();
                panic!("{target} input {i} ({data:?}) panics: {msg}");
            }
            if target == "tournament" {
                rounds += bsw_harness::fuzzing::fuzz_tournament_rounds(&data);
            }
        }
    }
    eprintln!("{n} inputs per target; tournament target certified {rounds} rounds");
}

#[test]
fn empty_and_tiny_inputs_are_harmless() {
    for (_, entry) in TARGETS {
        entry(&[]);
        entry(&[0]);
        entry(&[0xff; 3]);
    }
}

#[test]
fn dir_files_target_loads_a_corpus_case_and_pairs_it() {
    // The worked example of SPEC §11 after round 2, as the three texts separated by NUL bytes:
    // it must load (so the target reaches the engine and checker, not just the error path).
    let case = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/cases/worked-example-11-round-3/tournament");
    let texts: Vec<String> = ["tournament.toml", "players.csv", "rounds.csv"]
        .iter()
        .map(|f| fs::read_to_string(case.join(f)).unwrap())
        .collect();
    assert!(bsw_model::io::parse_dir_texts(&texts[0], &texts[1], Some(&texts[2])).is_ok());
    fuzz_dir_files(texts.join("\0").as_bytes());
}

#[test]
fn checker_seeds_reach_the_checker() {
    let checked = seed_rounds("checker", bsw_harness::fuzzing::fuzz_checker_rounds);
    assert!(checked >= 3, "the checker seeds reach the checker with only {checked} rounds in all");
}

/// The Dutch event seeds reach the engine and both checker profiles (not just the byte
/// parsing): they pair and certify rounds.
#[test]
fn dutch_event_seeds_reach_the_engine_and_checker() {
    let certified = seed_rounds("dutch_event", fuzz_dutch_event_rounds);
    assert!(certified >= 20, "the dutch_event seeds certify only {certified} rounds in all");
}

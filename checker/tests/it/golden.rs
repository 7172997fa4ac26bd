//! Golden tests of the JSON report (`bsw check --json`): users' scripts read its keys and
//! values, so any change to them must be deliberate. `tests/golden/NAME.json` holds the
//! report of one tournament as `bsw check --json` printed it when the file was recorded;
//! the test compares parsed JSON values (key order is free, everything else must match).
//!
//! The tournaments: every corpus case (conforming ones with their expected round appended,
//! the checker cases with their violations), the README examples, mutants of the hand-made
//! and corpus tournaments (one mutation of each kind of `mutations.rs`, several seeds), and a
//! few hand-made breaks of rules that the mutations do not reach (§2, §7, a round beyond R),
//! some of them under the generic profile too.
//!
//! To record the files again after a deliberate change of the report: run the test with
//! `BSW_BLESS_GOLDEN=1` and review the diff of `tests/golden/`.
use crate::common::{self, Rng, game};
use crate::corpus as corpus_cases;
use crate::mutations::{KINDS, mutate};
use bsw_checker::{Profile, Report, check};
use bsw_model::Tournament;
use std::path::{Path, PathBuf};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus")
}

/// The report as `bsw check --json` prints it.
pub(crate) fn report_json(rep: &Report) -> serde_json::Value {
    serde_json::to_value(rep).expect("a report serializes")
}

fn sorted_dirs(dir: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    dirs.sort();
    dirs
}

/// Every golden tournament: (file name, tournament, profile).
fn cases() -> Vec<(String, Tournament, Profile)> {
    let mut out = Vec::new();
    let conforming = corpus_cases::cases();
    assert!(conforming.len() >= 40, "corpus cases missing");
    for (name, t) in &conforming {
        out.push((format!("corpus-{name}"), t.clone(), Profile::BergerSwiss));
    }
    let mut checker_cases = 0;
    for d in sorted_dirs(&corpus().join("cases")) {
        if d.join("expected-check.toml").exists() {
            let t = bsw_model::io::read_dir(&d.join("tournament")).unwrap();
            let name = d.file_name().unwrap().to_string_lossy().into_owned();
            out.push((format!("corpus-{name}"), t, Profile::BergerSwiss));
            checker_cases += 1;
        }
    }
    assert!(checker_cases >= 10, "corpus checker cases missing");
    for d in sorted_dirs(&corpus().join("examples")) {
        let t = bsw_model::io::read_dir(&d).unwrap();
        let name = d.file_name().unwrap().to_string_lossy().into_owned();
        out.push((format!("example-{name}"), t, Profile::BergerSwiss));
    }

    // Mutants: each kind on the hand-made tournaments and a few corpus ones.
    let mut bases = vec![
        ("worked".to_string(), common::worked_example()),
        ("mixed".to_string(), common::mixed()),
        ("kept".to_string(), common::kept_schedule()),
        ("dissolved".to_string(), common::dissolved()),
    ];
    bases.extend(
        conforming
            .iter()
            .filter(|(n, _)| {
                n.contains("absence") || n.contains("later-phase") || n.contains("bye-raised")
            })
            .cloned(),
    );
    let mut rng = Rng::new(1212);
    for (base, t) in &bases {
        for kind in KINDS {
            for attempt in 0..2 {
                let r = 1 + rng.below(t.last_round().max(1) as usize) as u32;
                let Some((m, _)) = mutate(t, kind, r, &mut rng) else {
                    continue;
                };
                if m == *t {
                    continue;
                }
                out.push((format!("mutant-{base}-{kind:?}-{attempt}"), m, Profile::BergerSwiss));
            }
        }
    }

    // Rules the mutations do not reach.
    let mut bad_config = common::worked_example();
    bad_config.config.groups = vec![9];
    out.push(("hand-bad-config".into(), bad_config, Profile::BergerSwiss));
    let mut beyond = common::worked_example();
    beyond.config.rounds = Some(2);
    out.push(("hand-round-beyond-r".into(), beyond, Profile::BergerSwiss));
    // mixed(), round 1: lower-group player 6 paired with group player 1 (on its schedule).
    let mut outside = common::mixed();
    outside.rows[2] = game(1, 3, 6, 1, "1-0");
    out.push(("hand-field-player-outside".into(), outside, Profile::BergerSwiss));
    // mixed(): 7 asked for a half-point absence in round 3 but was paired; 1 asked for one in
    // round 2 while its group is on its schedule.
    let mut absent = common::mixed();
    absent.players[6].half_byes = vec![3];
    absent.players[0].zero_byes = vec![2];
    out.push(("hand-absences-not-honoured".into(), absent, Profile::BergerSwiss));

    // The generic profile (C.04.1) on the same kind of material (collected: `out` grows).
    #[allow(clippy::needless_collect)]
    for (name, t, _) in out
        .iter()
        .filter(|(n, _, _)| n.starts_with("mutant-worked") || n.starts_with("example-"))
        .cloned()
        .collect::<Vec<_>>()
    {
        out.push((format!("generic-{name}"), t, Profile::Generic));
    }
    out
}

#[test]
fn json_reports_match_the_golden_files() {
    let bless = std::env::var_os("BSW_BLESS_GOLDEN").is_some();
    let dir = golden_dir();
    let cases = cases();
    let mut failures = Vec::new();
    let mut rules = std::collections::BTreeSet::new();
    for (name, t, profile) in &cases {
        let rep = check(t, *profile);
        for (_, v) in rep.violations() {
            rules.insert(v.rule.to_string());
        }
        let got = report_json(&rep);
        let path = dir.join(format!("{name}.json"));
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            let text = serde_json::to_string_pretty(&got).unwrap() + "\n";
            std::fs::write(&path, text).unwrap();
            continue;
        }
        let text = match std::fs::read_to_string(&path) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        let want: serde_json::Value = serde_json::from_str(&text).unwrap();
        if got != want {
            failures.push(format!(
                "{name}: report differs from {}\n got: {}\nwant: {}",
                path.display(),
                serde_json::to_string(&got).unwrap(),
                serde_json::to_string(&want).unwrap()
            ));
        }
    }
    // Every golden file is a case (none left over from a renamed case).
    let names: std::collections::HashSet<String> =
        cases.iter().map(|(n, _, _)| format!("{n}.json")).collect();
    for f in sorted_dirs(&dir) {
        let f = f.file_name().unwrap().to_string_lossy().into_owned();
        if !names.contains(&f) {
            failures.push(format!("tests/golden/{f} belongs to no case"));
        }
    }
    println!("{} golden reports, rules seen: {rules:?}", cases.len());
    // The material covers the rules of both profiles.
    for rule in [
        "2",
        "3",
        "4",
        "6",
        "7",
        "8.1",
        "8.2",
        "8.3",
        "8.4",
        "8.5",
        "9",
        "structure",
        "C.04.1-2",
        "C.04.1-7",
    ] {
        assert!(rules.contains(rule), "no golden case breaks rule {rule}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

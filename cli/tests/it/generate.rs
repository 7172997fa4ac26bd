//! `bsw generate` run as a binary: the directory it writes reads back, is complete, and every
//! round conforms (certified by the checker library and by `bsw check`).

use crate::common::{assert_contains, bsw, generate, s, temp_path};

#[test]
fn generated_directories_are_complete_and_certified() {
    let tmp = tempfile::tempdir().unwrap();
    let mut with_groups = 0;
    for seed in 1..=12u64 {
        let dir = tmp.path().join(format!("t{seed}"));
        generate(&seed.to_string(), &[], &dir);
        let t = bsw_model::io::read_dir(&dir).unwrap();
        with_groups += !t.config.groups.is_empty() as u32;
        // complete: every round of the configuration paired, every game has a result
        let total = t.config.rounds.unwrap_or_else(|| {
            let k = t.config.groups[0];
            if k.is_multiple_of(2) { k - 1 } else { k }
        });
        assert_eq!(t.last_round(), total, "seed {seed}");
        assert!(t.missing_results(total).is_empty(), "seed {seed}");
        let report = bsw_checker::check(&t, bsw_checker::Profile::BergerSwiss);
        assert!(report.is_conforming(), "seed {seed}: {report:?}");
    }
    assert!(with_groups >= 3, "only {with_groups} of 12 with groups");
}

#[test]
fn bsw_check_certifies_a_generated_directory() {
    let (_tmp, dir) = temp_path("t");
    generate("77", &["--players", "40", "--group-rate", "1"], &dir);
    let (code, out, err) = bsw(&["check", s(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn bsw_trf_export_exports_a_generated_directory() {
    let (_tmp, dir) = temp_path("t");
    generate("5", &["--players", "20"], &dir);
    let (code, out, err) = bsw(&["trf", "export", s(&dir)]);
    assert_eq!(code, 0, "{err}");
    // one 001 player line per player (TRF-16 layout, FIDE-REFERENCE)
    assert_eq!(out.lines().filter(|l| l.starts_with("001 ")).count(), 20, "{out}");
}

#[test]
fn same_seed_same_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    generate("9", &[], &a);
    generate("9", &[], &b);
    for f in ["tournament.toml", "players.csv", "rounds.csv"] {
        assert_eq!(
            std::fs::read_to_string(a.join(f)).unwrap(),
            std::fs::read_to_string(b.join(f)).unwrap(),
            "{f}"
        );
    }
}

#[test]
fn generator_flags_shape_the_tournament() {
    // 100 players, 9 rounds, groups always, no later phase: the schedule length is 9 (the
    // largest odd number <= 9), so groups have 9 or 10 players and a lower Swiss group exists
    // (at most 3 groups of 10 < 100).
    let (_tmp, dir) = temp_path("t");
    generate(
        "3",
        &["--players", "100", "--rounds", "9", "--group-rate", "1", "--later-phase-rate", "0"],
        &dir,
    );
    let t = bsw_model::io::read_dir(&dir).unwrap();
    assert_eq!(t.players.len(), 100);
    assert_eq!(t.last_round(), 9);
    assert!(
        !t.config.groups.is_empty() && t.config.groups.iter().all(|&k| k == 9 || k == 10),
        "{:?}",
        t.config.groups
    );
}

#[test]
fn refuses_a_non_empty_directory_and_changes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("keep.txt"), "x").unwrap();
    let (code, _, err) = bsw(&["generate", "--seed", "1", s(tmp.path())]);
    assert_eq!(code, 2);
    assert_contains(&err, "not empty");
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 1);
}

#[test]
fn refuses_bad_parameters_with_exit_2() {
    let (_tmp, dir) = temp_path("t");
    for bad in [["--draw-rate", "1.5"], ["--players", "9..3"], ["--rounds", "0"]] {
        let (code, _, err) = bsw(&["generate", bad[0], bad[1], s(&dir)]);
        assert_eq!(code, 2, "{bad:?}: {err}");
        assert!(!dir.exists());
    }
}

/// `--acceleration baku`: the event declares Baku acceleration, its TRF export carries the
/// Baku tournament type, every round is certified with the virtual points noted, the same
/// seed gives the same event, and the flag is refused without `--system dutch`.
#[test]
fn baku_acceleration_generates_certified_accelerated_events() {
    let tmp = tempfile::tempdir().unwrap();
    let flags = ["--system", "dutch", "--acceleration", "baku", "--players", "18", "--rounds", "7"];
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    generate("5", &flags, &a);
    generate("5", &flags, &b);
    let toml = std::fs::read_to_string(a.join("tournament.toml")).unwrap();
    assert_contains(&toml, "acceleration = \"baku\"\n");
    assert_eq!(toml, std::fs::read_to_string(b.join("tournament.toml")).unwrap());
    assert_eq!(
        std::fs::read_to_string(a.join("rounds.csv")).unwrap(),
        std::fs::read_to_string(b.join("rounds.csv")).unwrap()
    );
    let (code, out, err) = bsw(&["check", s(&a)]);
    assert_eq!(code, 0, "{out}{err}");
    // 18 players: GA = 2 * ceil(18/4) = 10; 7 rounds: 4 accelerated, 1 point in rounds 1-2.
    assert_contains(&out, "GA = pairing numbers 1-10 (18 players listed before round 1)");
    assert_contains(&out, "round 3 note: pairing scores include virtual points");
    assert!(!out.contains("round 5 note: pairing scores"), "{out}");
    let (code, out, err) = bsw(&["trf", "export", s(&a)]);
    assert_eq!(code, 0, "{err}");
    assert_contains(&out, "092 FIDE_DUTCH_2025_BAKU\n");
    let (code, _, err) = bsw(&["generate", "--acceleration", "baku", s(&tmp.path().join("c"))]);
    assert_eq!(code, 2, "{err}");
    assert_contains(&err, "--system dutch");
}

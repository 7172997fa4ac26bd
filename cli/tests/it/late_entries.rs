//! Late entries (FIDE C.04.2) in FIDE (Dutch) events: the `enters` column of `players.csv`
//! and its refusal for Berger-Swiss events, pairing and checking a late entrant, the
//! pairing-engine convention on a file with late entrants, and `--late-entry-rate`.

use crate::common::{
    assert_contains, assert_same_tournament_files, bsw, generate, root, s, temp_path, write_file,
};
use std::path::Path;

const DUTCH_TOML: &str = "rounds = 3\nsystem = \"dutch\"\ninitial_colour = \"white\"\n";
/// Five players in pairing-number order; player 5 enters in round 2.
const PLAYERS: &str =
    "id,name,rating,enters\n1,A,2400,\n2,B,2300,\n3,C,2200,\n4,D,2100,\n5,E,2000,2\n";

fn dutch_dir(dir: &Path, rounds: Option<&str>) {
    std::fs::create_dir_all(dir).unwrap();
    write_file(dir, "tournament.toml", DUTCH_TOML);
    write_file(dir, "players.csv", PLAYERS);
    if let Some(r) = rounds {
        write_file(dir, "rounds.csv", r);
    }
}

/// Gives every game of `rounds.csv` without a result White's win.
fn white_wins(dir: &Path) {
    let path = dir.join("rounds.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let done: String = text
        .lines()
        .map(|l| if l.ends_with(',') { format!("{l}1-0\n") } else { format!("{l}\n") })
        .collect();
    std::fs::write(path, done).unwrap();
}

#[test]
fn a_late_entrant_is_absent_before_its_entry_round_and_paired_from_it() {
    let (_tmp, dir) = temp_path("t");
    dutch_dir(&dir, None);
    // Round 1 by hand (C.04.3): players 1-4 present, S1 = {1, 2}, S2 = {3, 4}; player 1 has
    // the initial colour White, board 2 the other. Player 5 is not yet entered: a zero-point
    // absence.
    let (code, out, err) = bsw(&["pair", s(&dir)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "round,board,white,black,result\n1,1,1,3,\n1,2,4,2,\n1,3,5,,zero-bye\n");
    white_wins(&dir);
    // Round 2: five players, player 5 among them (a game or the bye, no absence).
    let (code, out, err) = bsw(&["pair", s(&dir)]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<&str> = out.lines().skip(1).collect(); // after the header
    let fives: Vec<&str> =
        rows.iter().copied().filter(|l| l.split(',').any(|f| f == "5")).collect();
    assert_eq!(fives.len(), 1, "{out}");
    assert!(!fives[0].ends_with("zero-bye"), "{out}");
    assert_eq!(rows.len(), 3, "two games and the bye: {out}");
    white_wins(&dir);
    let (code, out, err) = bsw(&["check", s(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
    assert_contains(&out, "verdict: conforming");
}

#[test]
fn the_checker_reports_a_late_entrant_paired_before_its_entry_round() {
    let (_tmp, dir) = temp_path("t");
    let rows = "round,board,white,black,result\n1,1,1,5,1-0\n1,2,2,3,1-0\n1,3,4,,bye\n";
    dutch_dir(&dir, Some(rows));
    let (code, out, err) = bsw(&["check", s(&dir)]);
    assert_eq!(code, 1, "{out}{err}");
    assert_contains(&out, "player 5 enters in round 2 (late entry, C.04.2) and must not be paired");
    // Without the game, the absence row or no row at all are both accepted as not missing.
    let (_tmp2, dir2) = temp_path("t");
    let rows = "round,board,white,black,result\n1,1,1,3,1-0\n1,2,4,2,0-1\n";
    dutch_dir(&dir2, Some(rows));
    let (code, out, err) = bsw(&["check", s(&dir2)]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn enters_in_a_berger_swiss_event_is_refused_naming_file_line_and_field() {
    let (_tmp, dir) = temp_path("t");
    std::fs::create_dir_all(&dir).unwrap();
    write_file(&dir, "tournament.toml", "rounds = 3\n");
    write_file(&dir, "players.csv", PLAYERS);
    for cmd in ["validate", "pair"] {
        let (code, _, err) = bsw(&[cmd, s(&dir)]);
        assert_eq!(code, 2, "{cmd}: {err}");
        assert_contains(&err, "players.csv:6: enters: late entries are for FIDE (Dutch) events");
    }
    assert!(!dir.join("rounds.csv").exists());
}

/// The round `bbpPairings.exe --dutch FILE -p OUT` (v6.0.0) gives for
/// `corpus/trf/late-entrants-zero-point-rounds.trf`: all 13 players, the three late entrants
/// of round 5 included (their earlier `0000 - Z` withdraw nobody).
const BBP_ROUND_5: &str = "7\n1 7\n5 2\n4 3\n6 8\n9 11\n13 12\n10 0\n";

#[test]
fn the_engine_convention_pairs_late_entrants_as_bbppairings_does() {
    let trf = root().join("corpus/trf/late-entrants-zero-point-rounds.trf");
    let (code, out, err) = bsw(&["--dutch", s(&trf), "-p"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, BBP_ROUND_5);
    let (_tmp, out_path) = temp_path("out.txt");
    let (code, _, err) = bsw(&["pair", "--dutch", s(&trf), "-p", s(&out_path)]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&out_path).unwrap(), BBP_ROUND_5);
}

/// The corpus file with a full-point bye pre-entered for player 3 (`0000 - F`) and a half-point
/// bye for player 10 (`0000 - H`) in round 5: bbpPairings v6.0.0 pairs the other 11 (player
/// 13 gets the PAB).
const BBP_ROUND_5_F_H: &str = "6\n1 7\n5 2\n4 9\n6 8\n11 12\n13 0\n";

#[test]
fn the_engine_convention_leaves_out_a_pre_entered_full_point_bye() {
    let text =
        std::fs::read_to_string(root().join("corpus/trf/late-entrants-zero-point-rounds.trf"))
            .unwrap();
    let edited: String = text
        .lines()
        .map(|l| match &l[..l.len().min(9)] {
            "001    3 " => format!("{l}  0000 - F\n"),
            "001   10 " => format!("{l}  0000 - H\n"),
            _ => format!("{l}\n"),
        })
        .collect();
    let (_tmp, trf) = temp_path("f.trf");
    std::fs::write(&trf, edited).unwrap();
    let (code, out, err) = bsw(&["--dutch", s(&trf), "-p"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, BBP_ROUND_5_F_H);
}

#[test]
fn the_late_entry_rate_is_deterministic_and_zero_changes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let d = |n: &str| tmp.path().join(n);
    let flags = ["--system", "dutch", "--players", "12", "--rounds", "6"];
    let with = |rate: &'static str| {
        let mut v = flags.to_vec();
        v.extend(["--late-entry-rate", rate]);
        v
    };
    generate("5", &with("0.3"), &d("a"));
    generate("5", &with("0.3"), &d("b"));
    assert_same_tournament_files(&d("a"), &d("b"));
    generate("5", &with("0"), &d("zero"));
    generate("5", &flags, &d("none"));
    assert_same_tournament_files(&d("zero"), &d("none"));
    let t = bsw_model::io::read_dir(&d("a")).unwrap();
    let late: Vec<_> = t.players.iter().filter(|p| p.enters.is_some()).collect();
    assert!(!late.is_empty(), "seed 5 at rate 0.3 draws late entrants");
    for p in &late {
        let k = p.enters.unwrap();
        assert!((2..=6).contains(&k), "player {}: enters {k}", p.id);
        for row in t.rows.iter().filter(|row| row.entry.players().any(|q| q == p.id)) {
            let absent =
                matches!(row.entry, bsw_model::Entry::ZeroBye(_) | bsw_model::Entry::HalfBye(_));
            assert!(row.round >= k || absent, "player {} in round {}: {row:?}", p.id, row.round);
        }
        // Every round before the entry has the player's absence row.
        let before =
            t.rows.iter().filter(|row| row.round < k && row.entry.players().any(|q| q == p.id));
        assert_eq!(before.count() as u32, k - 1, "player {}", p.id);
    }
    let (code, out, err) = bsw(&["check", s(&d("a"))]);
    assert_eq!(code, 0, "{out}{err}");
    // The entry round survives the trip through TRF (our `BSP` record).
    let trf = d("a.trf");
    let (code, _, err) = bsw(&["trf", "export", s(&d("a")), "-o", s(&trf)]);
    assert_eq!(code, 0, "{err}");
    assert_contains(&std::fs::read_to_string(&trf).unwrap(), " enters ");
    let (code, _, err) = bsw(&["trf", "import", s(&trf), s(&d("back"))]);
    assert_eq!(code, 0, "{err}");
    assert_same_tournament_files(&d("a"), &d("back"));
}

#[test]
fn the_late_entry_rate_is_refused_for_berger_swiss() {
    let (_tmp, dir) = temp_path("t");
    let (code, _, err) = bsw(&["generate", "--late-entry-rate", "0.1", s(&dir)]);
    assert_eq!(code, 2, "{err}");
    assert_contains(&err, "--late-entry-rate: late entries are for FIDE (Dutch) events");
    assert!(!dir.exists());
}

#[test]
fn a_campaign_with_late_entries_certifies_every_round() {
    let campaign = [
        "simulate",
        "--system",
        "dutch",
        "--tournaments",
        "20",
        "--seed",
        "777",
        "--players",
        "6..24",
        "--late-entry-rate",
        "0.2",
    ];
    let (code, out, err) = bsw(&campaign);
    assert_eq!(code, 0, "{out}{err}");
    assert_contains(&out, "violations 0");
    assert_contains(&out, "late entrants ");
    let (code, json, err) = bsw(&[&campaign[..], &["--json"]].concat());
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let f = &v["features"];
    let (events, entrants) =
        (f["late_entries"].as_u64().unwrap(), f["late_entrants"].as_u64().unwrap());
    assert!(events > 0 && entrants >= events, "{f}");
    // The text summary prints the same counts.
    assert_contains(
        &out,
        &format!("late entries {events} (tournaments with at least one); late entrants {entrants}"),
    );
}

//! The arbiter's full-point bye (`full-bye`, TRF `0000 - F`): refused where the Berger-Swiss
//! system would have to hold it (a tournament directory), with the file, line and field,
//! exit 2 and nothing written. Entries made ahead of a round in a FIDE (Dutch) directory
//! (`full-bye`, `half-bye`, `zero-bye` rows of the next round): `bsw pair` keeps those
//! players out and their rows, `bsw check` certifies the round.

use crate::common::{assert_contains, bsw, root, s, temp_path, write_file};
use std::path::Path;

const FILE: &str = "corpus/trf/swiss-manager-arbiter-full-point-bye.trf";

#[test]
fn a_berger_swiss_directory_refuses_a_full_bye_row() {
    let (_tmp, dir) = new_dir("rounds = 3\n", "1,A,2000\n2,B,1900\n3,C,1800\n");
    let rounds = "round,board,white,black,result\n1,1,1,2,1-0\n1,2,3,,full-bye\n";
    let path = write_file(&dir, "rounds.csv", rounds);
    for cmd in ["check", "pair", "standings"] {
        let (code, out, err) = bsw(&[cmd, s(&dir)]);
        assert_eq!(code, 2, "{cmd}: {out}{err}");
        assert_contains(&err, &format!("{}:3: result: `full-bye`", path.display()));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), rounds, "{cmd} wrote nothing");
    }
}

#[test]
fn importing_a_non_dutch_file_with_an_f_is_refused_naming_its_line() {
    let (_tmp, dir) = temp_path("t");
    let file = root().join(FILE);
    let (code, out, err) = bsw(&["trf", "import", s(&file), s(&dir)]);
    assert_eq!(code, 2, "{out}{err}");
    // Line 19 is player 7's `001` record (12 header records, then players 1-7).
    assert_contains(&err, &format!("{}:19: 001 round 2: player 7 has `0000 - F`", file.display()));
    assert!(!dir.exists(), "nothing written");
    // Read as it is by the generic profile and the standings: 7 scored F and U, 1 point each.
    let (code, out, err) = bsw(&["check", s(&file)]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = bsw(&["standings", s(&file)]);
    assert_eq!(code, 0, "{err}");
    let nyberg = out.lines().find(|l| l.contains("Nyberg")).unwrap();
    assert!(nyberg.split_whitespace().any(|w| w == "2.5"), "{out}");
}

#[test]
fn the_pairing_convention_pairs_the_file_by_the_dutch_system_without_a_pab_for_the_f() {
    // A file without our records is paired by the FIDE (Dutch) system: player 7 had the PAB
    // (round 1) and the arbiter's full-point bye (round 2): not eligible (C2); every other
    // player is, so the round-4 bye (7 players) goes to someone else.
    let (_tmp, dir) = temp_path("t");
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(root().join(FILE)).unwrap().replace("XXR 3", "XXR 4");
    let file = write_file(&dir, "f.trf", &text);
    let out = dir.join("out.txt");
    let (code, stdout, err) = bsw(&["pair", s(&file), "-p", s(&out)]);
    assert_eq!(code, 0, "{stdout}{err}");
    let answer = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = answer.lines().collect();
    assert_eq!(lines[0], "4", "{answer}");
    let bye: Vec<&str> = lines.iter().filter(|l| l.ends_with(" 0")).copied().collect();
    assert_eq!(bye.len(), 1, "{answer}");
    assert_ne!(bye[0], "7 0", "{answer}");
}

/// A new tournament directory with `toml` as its `tournament.toml` and `players` (rows
/// after the header) as its `players.csv`.
fn new_dir(toml: &str, players: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let (tmp, dir) = temp_path("t");
    std::fs::create_dir_all(&dir).unwrap();
    write_file(&dir, "tournament.toml", toml);
    write_file(&dir, "players.csv", &format!("id,name,rating\n{players}"));
    (tmp, dir)
}

/// A Dutch event of 3 rounds, White first.
const DUTCH: &str = "rounds = 3\nsystem = \"dutch\"\ninitial_colour = \"white\"\n";

/// Gives every game of `rounds.csv` without a result White's win; appends `extra` lines.
fn white_wins_then(dir: &Path, extra: &str) {
    let path = dir.join("rounds.csv");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut done: String = text
        .lines()
        .map(|l| if l.ends_with(',') { format!("{l}1-0\n") } else { format!("{l}\n") })
        .collect();
    done += extra;
    std::fs::write(path, done).unwrap();
}

fn rounds_of(dir: &Path, r: u32) -> Vec<String> {
    std::fs::read_to_string(dir.join("rounds.csv"))
        .unwrap()
        .lines()
        .filter(|l| l.starts_with(&format!("{r},")))
        .map(String::from)
        .collect()
}

#[test]
fn entries_made_ahead_of_a_dutch_round_keep_their_players_out_and_stay() {
    let players = "1,A,2500\n2,B,2400\n3,C,2300\n4,D,2200\n5,E,2100\n6,F,2000\n";
    let (_tmp, dir) = new_dir(DUTCH, players);
    let (code, _, err) = bsw(&["pair", s(&dir)]);
    assert_eq!(code, 0, "{err}");
    // Round 1 (C.04.3, six players, one score group): S1 = {1,2,3}, S2 = {4,5,6}: 1-4, 2-5,
    // 3-6, White to 1 (initial colour), alternating down the boards: 1-4, 5-2, 3-6.
    assert_eq!(rounds_of(&dir, 1), ["1,1,1,4,", "1,2,5,2,", "1,3,3,6,"]);
    // White wins; round 2 entered ahead: the arbiter's full point for 3, a half-point bye for
    // 5, a zero-point bye for 6.
    white_wins_then(&dir, "2,1,3,,full-bye\n2,2,5,,half-bye\n2,3,6,,zero-bye\n");
    let (code, out, err) = bsw(&["check", s(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
    assert_contains(&out, "1 round certified");
    let (code, out, err) = bsw(&["validate", s(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
    assert_contains(&out, "rounds: 1 played of 3 (paired: 1)");
    assert_contains(&out, "entered ahead of round 2: 3 (byes and absences, kept by bsw pair)");
    let html = dir.join("report.html");
    let (code, out, err) = bsw(&["report", s(&dir), "-o", s(&html)]);
    assert_eq!(code, 0, "{out}{err}");
    let page = std::fs::read_to_string(&html).unwrap();
    std::fs::remove_file(&html).unwrap();
    assert_contains(&page, "1 paired of 3");
    assert!(!page.contains("id=\"round-2\""), "round 2 is not paired yet");
    let (code, _, err) = bsw(&["show", s(&dir), "--round", "2"]);
    assert_eq!(code, 2, "{err}");
    assert_contains(&err, "round 2 has not been paired (the last paired round is 1)");
    let (code, out, err) = bsw(&["pair", s(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
    // Round 2 pairs 1 (1 point), 2 and 4 (0): C5, the PAB to a 0-pointer; 1 floats down,
    // S1 = {1}, S2 = {2, 4}: 1-2 and the bye to 4. Colours: 1 had White, 2 Black: 2-1.
    // The three entries follow, kept once each.
    let round2 =
        ["2,1,2,1,", "2,2,4,,bye", "2,3,3,,full-bye", "2,4,5,,half-bye", "2,5,6,,zero-bye"];
    assert_eq!(rounds_of(&dir, 2), round2);
    assert_contains(&out, "2,3,3,,full-bye");
    let (code, out, err) = bsw(&["check", s(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
    assert_contains(&out, "2 rounds certified");
    // Round 3 with 6 entered absent ahead: five players, one PAB, neither to 3 (a full
    // point without play) nor to 4 (had the PAB): C2.
    white_wins_then(&dir, "3,1,6,,zero-bye\n");
    let (code, _, err) = bsw(&["pair", s(&dir)]);
    assert_eq!(code, 0, "{err}");
    let round3 = rounds_of(&dir, 3);
    let byes: Vec<&String> = round3.iter().filter(|l| l.ends_with(",bye")).collect();
    assert_eq!(byes.len(), 1, "{round3:?}");
    let bye = byes[0].split(',').nth(2).unwrap();
    assert!(bye != "3" && bye != "4", "{round3:?}");
    assert!(round3.contains(&"3,4,6,,zero-bye".to_string()), "{round3:?}");
    let (code, out, err) = bsw(&["check", s(&dir)]);
    assert_eq!(code, 0, "{out}{err}");
    // Standings after round 2: C has 1 (round 1) + 1 (the full-point bye).
    let (code, out, err) = bsw(&["standings", s(&dir), "--round", "2"]);
    assert_eq!(code, 0, "{err}");
    let c = out.lines().find(|l| l.split_whitespace().nth(1) == Some("C")).unwrap();
    assert_eq!(c.split_whitespace().nth(2), Some("2"), "{out}");
}

#[test]
fn a_berger_swiss_round_entered_ahead_is_refused() {
    let (_tmp, dir) = new_dir("rounds = 3\n", "1,A,2000\n2,B,1900\n3,C,1800\n4,D,1700\n");
    let (code, _, err) = bsw(&["pair", s(&dir)]);
    assert_eq!(code, 0, "{err}");
    white_wins_then(&dir, "2,1,3,,half-bye\n");
    let before = std::fs::read_to_string(dir.join("rounds.csv")).unwrap();
    let (code, out, err) = bsw(&["pair", s(&dir)]);
    assert_eq!(code, 2, "{out}{err}");
    assert_contains(&err, "rounds.csv: round 2 holds only absences entered ahead");
    assert_contains(&err, "players.csv (`half_byes`, `zero_byes`, SPEC §9)");
    assert_eq!(std::fs::read_to_string(dir.join("rounds.csv")).unwrap(), before);
}

#[test]
fn results_of_the_current_round_can_be_entered_after_entries_made_ahead_of_the_next() {
    let (_tmp, dir) = new_dir(DUTCH, "1,A,2500\n2,B,2400\n3,C,2300\n4,D,2200\n");
    let (code, _, err) = bsw(&["pair", s(&dir)]);
    assert_eq!(code, 0, "{err}");
    // Round 1: 1-3, 4-2 (S1 = {1,2}, S2 = {3,4}); round 2 entered ahead before its results.
    assert_eq!(rounds_of(&dir, 1), ["1,1,1,3,", "1,2,4,2,"]);
    white_wins_then(&dir, "");
    let path = dir.join("rounds.csv");
    let played = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, played.replace("1,2,4,2,1-0", "1,2,4,2,")).unwrap();
    std::fs::write(&path, std::fs::read_to_string(&path).unwrap() + "2,1,3,,full-bye\n").unwrap();
    let (code, out, err) = bsw(&["result", s(&dir), "1", "2", "0-1"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(rounds_of(&dir, 1), ["1,1,1,3,1-0", "1,2,4,2,0-1"]);
    assert_eq!(rounds_of(&dir, 2), ["2,1,3,,full-bye"]);
    let (code, out, err) = bsw(&["result", s(&dir), "2", "1", "1-0"]);
    assert_eq!(code, 2, "{out}{err}");
    assert_contains(&err, "round 2 has not been paired (the last paired round is 1)");
}

#[test]
fn the_full_bye_rate_is_for_dutch_events_and_the_built_in_engine() {
    let (code, out, err) = bsw(&[
        "simulate",
        "--system",
        "dutch",
        "--tournaments",
        "12",
        "--seed",
        "5",
        "--full-bye-rate",
        "0.1",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert_contains(&out, "full-byes ");
    assert_contains(&out, "violations 0");
    let (code, _, err) = bsw(&["simulate", "--tournaments", "2", "--full-bye-rate", "0.1"]);
    assert_eq!(code, 2, "{err}");
    assert_contains(
        &err,
        "--full-bye-rate: the arbiter's full-point bye (`full-bye`) is for FIDE (Dutch) events",
    );
    let engine = format!("{} pair {{trf}} -p {{out}}", env!("CARGO_BIN_EXE_bsw"));
    let (code, _, err) = bsw(&[
        "simulate",
        "--system",
        "dutch",
        "--tournaments",
        "2",
        "--full-bye-rate",
        "0.1",
        "--engine",
        &engine,
    ]);
    assert_eq!(code, 2, "{err}");
    assert_contains(&err, "--full-bye-rate applies to the built-in engine");
}

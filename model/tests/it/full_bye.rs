//! The arbiter's full-point bye (`full-bye` in `rounds.csv`, `0000 - F` in TRF): its own
//! entry, not the pairing-allocated bye; refused in a Berger-Swiss directory (SPEC §3 has no
//! such bye); written back to TRF as `F`.

use bsw_model::io::{parse_dir_texts, rounds_csv};
use bsw_model::trf::{export, import};
use bsw_model::{Entry, Row};

/// Round cells at their columns (92, 102, …) after the points column.
fn record(id: u32, points: &str, cells: &[&str]) -> String {
    let head = format!("001 {id:>4}      Player {id:<26} {:>4}", 2100 - id);
    let mut l = format!("{head:<80}{points:>4}");
    for (k, c) in cells.iter().enumerate() {
        let start = 91 + 10 * k;
        l = format!("{l:<start$}{c}");
    }
    format!("{}\n", l.trim_end())
}

/// A Swiss-Manager style file: 5 players, 2 rounds, no `U` in round 1; player 5 has the
/// arbiter's full-point bye (`F`) in round 1, player 4 the PAB (`U`) in round 2.
fn five_players(system: &str) -> String {
    format!(
        "012 Full-point bye\n{system}XXR 3\n{}{}{}{}{}",
        record(1, "1.0", &["   3 w 1", "   2 b 0"]),
        record(2, "1.0", &["   4 w 0", "   1 w 1"]),
        record(3, "0.5", &["   1 b 0", "   5 w ="]),
        record(4, "2.0", &["   2 b 1", "0000 - U"]),
        record(5, "1.5", &["0000 - F", "   3 b ="]),
    )
}

#[test]
fn an_f_without_a_u_is_the_arbiters_full_point_bye_not_the_pab() {
    for system in ["092 FIDE_DUTCH_2025\n", "092 Individual: Swiss-System\n"] {
        let t = import(&five_players(system), "f.trf").unwrap();
        let round1: Vec<Entry> = t.round_rows(1).map(|r| r.entry).collect();
        assert!(round1.contains(&Entry::FullBye(5)), "{system}: {round1:?}");
        assert!(!round1.iter().any(|e| matches!(e, Entry::Bye(_))), "{system}: {round1:?}");
        let worth = t.row_points();
        let pabs: Vec<(u32, u32)> = t
            .rows
            .iter()
            .filter(|row| worth.is_pab(row))
            .map(|row| (row.round, row.entry.players().next().unwrap()))
            .collect();
        // A Dutch file scores its PABs by `pab_points`: the model lists them; in any file
        // the `U` is the `bye` row.
        let dutch = system.contains("DUTCH");
        assert_eq!(pabs, if dutch { vec![(2, 4)] } else { vec![] }, "{system}");
        assert!(t.round_rows(2).any(|row| row.entry == Entry::Bye(4)), "{system}");
        // A full point, by hand: player 5 scored F (1) + a draw (½).
        let five: i32 = t.rows.iter().filter_map(|row| worth.of(row, 5)).sum();
        assert_eq!(five, 3, "{system}");
    }
}

#[test]
fn a_dutch_full_point_bye_survives_import_and_export() {
    let text = five_players("092 FIDE_DUTCH_2025\n");
    let t = import(&text, "f.trf").unwrap();
    let out = export(&t);
    let cells = |s: &str, id: u32| -> String {
        s.lines()
            .find(|l| l.starts_with("001 ") && l[4..8].trim() == id.to_string())
            .map(|l| l.chars().skip(91).collect::<String>())
            .unwrap()
    };
    for id in 1..=5 {
        assert_eq!(cells(&out, id), cells(&text, id), "player {id}:\n{out}");
    }
    assert_eq!(import(&out, "back.trf").unwrap(), t);
}

const DUTCH: &str = "rounds = 3\nsystem = \"dutch\"\n";
const PLAYERS: &str = "id,name,rating\n1,A,2400\n2,B,2300\n3,C,2200\n";

#[test]
fn a_dutch_directory_reads_and_writes_full_bye_rows() {
    let rounds = "round,board,white,black,result\n1,1,1,2,1-0\n1,2,3,,full-bye\n";
    let t = parse_dir_texts(DUTCH, PLAYERS, Some(rounds)).unwrap();
    assert_eq!(t.rows[1], Row { round: 1, board: 2, entry: Entry::FullBye(3) });
    assert_eq!(rounds_csv(&t), rounds);
    assert!(!t.row_points().is_pab(&t.rows[1]));
}

#[test]
fn a_berger_swiss_directory_refuses_a_full_bye_row() {
    let rounds = "round,board,white,black,result\n1,1,1,2,1-0\n1,2,3,,full-bye\n";
    let e = parse_dir_texts("rounds = 3\n", PLAYERS, Some(rounds)).unwrap_err().to_string();
    assert!(
        e.starts_with("rounds.csv:3: result: `full-bye` (a full-point bye the arbiter gave) is for FIDE (Dutch) events"),
        "{e}"
    );
    let e =
        parse_dir_texts(DUTCH, PLAYERS, Some("round,board,white,black,result\n1,1,3,2,full-bye\n"))
            .unwrap_err()
            .to_string();
    assert!(e.starts_with("rounds.csv:2: black: a `full-bye` row names one player"), "{e}");
}

#[test]
fn a_round_entered_ahead_is_kept_out_of_the_paired_rounds_and_survives_trf() {
    // Round 1 played by 1-2 (3 and 4 paired too); round 2 entered ahead: 3 the arbiter's
    // full point, 4 a half-point bye; players 1 and 2 have no row yet; player 2 asked a
    // zero-point absence for round 2 in players.csv.
    let players = "id,name,rating,zero_byes\n1,A,2400,\n2,B,2300,2\n3,C,2200,\n4,D,2100,\n";
    let rounds = "round,board,white,black,result\n1,1,1,3,1-0\n1,2,4,2,0-1\n2,1,3,,full-bye\n2,2,4,,half-bye\n";
    let t = parse_dir_texts(DUTCH, players, Some(rounds)).unwrap();
    assert_eq!((t.last_round(), t.pre_entered_round(), t.paired_rounds()), (2, Some(2), 1));
    let (view, full) = t.with_pre_entries_as_requests().unwrap();
    assert_eq!(full, [3]);
    assert_eq!(view.last_round(), 1);
    let p = |id: u32| view.player(id).unwrap();
    assert_eq!((p(3).zero_byes.clone(), p(4).half_byes.clone()), (vec![2], vec![2]));
    assert_eq!(p(2).zero_byes, [2]);
    // TRF: the entries are the cells of round 2 (player 2's requested absence is in its
    // `BSP` record: the column holds the round's rows).
    let text = export(&t);
    let cell = |id: u32| -> String {
        let l = text.lines().find(|l| l.starts_with("001 ") && l[4..8].trim() == id.to_string());
        l.unwrap().chars().skip(101).collect()
    };
    assert_eq!(
        (cell(1), cell(2), cell(3), cell(4)),
        (String::new(), String::new(), "0000 - F".into(), "0000 - H".into())
    );
    assert_eq!(import(&text, "t.trf").unwrap(), t);
    // A paired round (everyone has a row) is not entered ahead, even with absences only.
    let all = format!("{rounds}2,3,1,,zero-bye\n2,4,2,,zero-bye\n");
    let t = parse_dir_texts(DUTCH, players, Some(&all)).unwrap();
    assert_eq!((t.pre_entered_round(), t.paired_rounds()), (None, 2));
}

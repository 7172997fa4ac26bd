//! TRF import/export (FIDE-REFERENCE §5). Expected rows are read off the TRF files by hand:
//! `tests/data/handmade.trf` was typed column by column following §5.1 (not produced by our
//! exporter); the comments below give the cell each expectation comes from.

use bsw_model::io::{parse_dir_texts, read_dir};
use bsw_model::trf::{decode, export, exportable, import};
use bsw_model::{Entry, Outcome, Row, Tournament};
use std::path::Path;

use crate::common::{game, row};

fn handmade() -> Tournament {
    let bytes =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/handmade.trf"))
            .unwrap();
    import(&decode(&bytes), "handmade.trf").unwrap()
}

fn g(round: u32, board: u32, white: u32, black: u32, o: Outcome) -> Row {
    game(round, board, white, black, Some(o))
}

#[test]
fn handmade_trf_imports_every_game_bye_forfeit_and_withdrawal() {
    use Outcome::*;
    let t = handmade();
    assert_eq!(t.config.name.as_deref(), Some("Hand-made test event"));
    assert_eq!(t.config.rounds, Some(4)); // XXR 4
    assert!(t.config.groups.is_empty());
    let expected = vec![
        // Round 1: boards in order of the first player's line.
        g(1, 1, 1, 4, WhiteWin),        // 1: "4 w 1", 4: "1 b 0"
        g(1, 2, 2, 5, Draw),            // 2: "5 w =", 5: "2 b ="
        g(1, 3, 6, 3, BlackForfeitWin), // 3: "6 b +", 6: "3 w -"
        // Round 2: games, then the U bye, then the H absence.
        g(2, 1, 3, 1, WhiteWin),      // 1: "3 b 0", 3: "1 w 1"
        g(2, 2, 2, 6, DoubleForfeit), // 2: "6 w -", 6: "2 b -"
        row(2, 3, Entry::Bye(4)),     // 4: "0000 - U"
        row(2, 4, Entry::HalfBye(5)), // 5: "0000 - H"
        // Round 3: player 5 has withdrawn (blank cells from round 3 to the end).
        g(3, 1, 1, 2, Draw),          // 1: "2 w =", 2: "1 b ="
        g(3, 2, 4, 6, WhiteWin),      // 4: "6 w 1", 6: "4 b 0"
        row(3, 3, Entry::ZeroBye(3)), // 3: "0000 - Z"
        // Round 4.
        g(4, 1, 6, 1, WhiteWin),  // 1: "6 b 0", 6: "1 w 1"
        g(4, 2, 2, 4, WhiteWin),  // 2: "4 w W", 4: "2 b L" (short game, read as played)
        row(4, 3, Entry::Bye(3)), // 3: "0000 - U"
    ];
    assert_eq!(t.rows, expected);
    let ids: Vec<u32> = t.players.iter().map(|p| p.id).collect();
    assert_eq!(ids, vec![1, 2, 3, 4, 5, 6]);
    let p1 = &t.players[0];
    assert_eq!(
        (
            p1.name.as_str(),
            p1.rating,
            p1.sex.as_str(),
            p1.title.as_str(),
            p1.federation.as_str(),
            p1.fide_id.as_str(),
            p1.birth_date.as_str()
        ),
        ("Alpha, Ann", 2200, "m", "FM", "SWE", "1700001", "1990/01/01")
    );
    assert_eq!(t.players[5].rating, 0); // blank rating column
    assert_eq!(t.players[4].withdrawn_from, Some(3));
    assert_eq!(t.players[4].half_byes, vec![2]);
    assert_eq!(t.players[2].zero_byes, vec![3]);
    assert!(t.players.iter().filter(|p| p.id != 5).all(|p| p.withdrawn_from.is_none()));
    // Points column of the file, in half-points: 1.5, 2.0, 3.0, 2.0, 1.0, 1.0.
    let pts: Vec<i32> = t
        .players
        .iter()
        .map(|p| t.rows.iter().filter_map(|r| r.entry.points_of(p.id)).sum())
        .collect();
    assert_eq!(pts, vec![3, 4, 6, 4, 2, 2]);
}

#[test]
fn handmade_trf_is_a_valid_tournament_directory() {
    let t = handmade();
    let back = parse_dir_texts(
        &bsw_model::io::tournament_toml(&t),
        &bsw_model::io::players_csv(&t),
        Some(&bsw_model::io::rounds_csv(&t)),
    )
    .unwrap();
    assert_eq!(back, t);
}

#[test]
fn export_then_import_gives_back_the_same_tournament() {
    let t = handmade();
    let text = export(&t);
    let back = import(&text, "exported.trf").unwrap();
    assert_eq!(back, t);
}

#[test]
fn spec_11_example_survives_a_trf_round_trip() {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/examples/spec-11-worked-example");
    let t = read_dir(&dir).unwrap();
    let back = import(&export(&t), "x.trf").unwrap();
    // Same players, games, results and boards; config keeps name and rounds (seed 0 anyway).
    assert_eq!(back, t);
}

#[test]
fn exported_lines_follow_the_trf_columns() {
    let t = handmade();
    let text = export(&t);
    let line = text.lines().find(|l| l.starts_with("001    1")).unwrap();
    let c: Vec<char> = line.chars().collect();
    let col = |a: usize, b: usize| c[a - 1..b].iter().collect::<String>();
    assert_eq!(col(5, 8), "   1");
    assert_eq!(col(15, 24), "Alpha, Ann");
    assert_eq!(col(49, 52), "2200");
    assert_eq!(col(81, 84), " 1.5");
    assert_eq!(col(92, 99), "   4 w 1");
    assert_eq!(col(102, 109), "   3 b 0");
    assert!(text.contains("\nXXR 4\n"));
    assert!(text.starts_with("012 Hand-made test event\n142 4\n"));
    // Bye and absence cells.
    let p4 = text.lines().find(|l| l.starts_with("001    4")).unwrap();
    assert_eq!(&p4[101..109], "0000 - U");
}

#[test]
fn export_refuses_ids_beyond_four_digits() {
    let mut t = handmade();
    assert!(exportable(&t).is_ok());
    t.players[0].id = 10000;
    assert!(exportable(&t).unwrap_err().to_string().contains("10000"));
}

#[test]
fn sample_file_with_bare_cr_imports_501_players_and_9_rounds() {
    let path = &Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/samples/dutch-501-players-9-rounds.trf");
    assert!(path.is_file(), "{}: sample missing", path.display());
    let t = bsw_model::io::load(path).unwrap();
    assert_eq!(t.players.len(), 501);
    assert_eq!(t.config.rounds, Some(9)); // XXR 9
    assert_eq!(t.last_round(), 9);
    let has = |r: u32, e: Entry| t.rows.iter().any(|row| row.round == r && row.entry == e);
    let game = |w, b, o| Entry::Game { white: w, black: b, result: Some(o) };
    assert!(has(1, game(1, 251, Outcome::WhiteWin))); // 001 1: "251 w 1"
    assert!(has(1, game(252, 2, Outcome::BlackWin))); // 001 2: "252 b 1"
    assert!(has(4, game(56, 3, Outcome::Draw))); // 001 3 round 4: "56 b ="
    assert!(has(8, game(6, 1, Outcome::BlackWin))); // 001 1 round 8: "6 b 1"; 001 6: "1 w 0"
    assert!(has(1, Entry::Bye(501))); // 001 501: "0000 - U"
    // Every round: 250 games and one bye (501 players, none withdrawn).
    for r in 1..=9 {
        let rows: Vec<_> = t.round_rows(r).collect();
        assert_eq!(rows.len(), 251, "round {r}");
        assert_eq!(rows.iter().filter(|x| matches!(x.entry, Entry::Bye(_))).count(), 1);
    }
    assert!(t.players.iter().all(|p| p.withdrawn_from.is_none()));
    // Player 1: 7.5 points in the file.
    let p1: i32 = t.rows.iter().filter_map(|r| r.entry.points_of(1)).sum();
    assert_eq!(p1, 15);
}

// ---- refusals -------------------------------------------------------------------------

fn line(id: u32, points: &str, cells: &[&str]) -> String {
    let mut s = format!(
        "001 {id:>4}      {:<33} {:>4} {:<3} {:>11} {:<10} {points:>4} {:>4}",
        format!("P{id}"),
        2000 - id,
        "",
        "",
        "",
        id
    );
    for c in cells {
        s += "  ";
        s += c;
    }
    s
}

fn refuse(lines: &[String]) -> String {
    import(&lines.join("\n"), "t.trf").unwrap_err().to_string()
}

/// Asserts that importing `lines` is refused with a message that starts with `prefix`.
fn assert_refused(lines: &[String], prefix: &str) {
    let m = refuse(lines);
    assert!(m.starts_with(prefix), "{m}");
}

#[test]
fn points_column_mismatch_names_the_player() {
    let m = refuse(&[line(1, "1.0", &["   2 w 1"]), line(2, "0.5", &["   1 b 0"])]);
    assert_eq!(
        m,
        "t.trf:2: 001 points: player 2 (P2) has 0.5 in the points column but the round results add up to 0.0 (columns 81-84); --lenient reads the file by its round results"
    );
}

#[test]
fn opponents_that_disagree_are_refused() {
    assert_refused(
        &[
            line(1, "1.0", &["   2 w 1"]),
            line(2, "0.0", &["   3 b 0"]),
            line(3, "1.0", &["   2 w 1"]),
        ],
        "t.trf:1: 001 round 1: player 1 has opponent 2, but player 2's line (2) has opponent 3",
    );
}

#[test]
fn colours_that_disagree_are_refused() {
    assert_refused(
        &[line(1, "1.0", &["   2 w 1"]), line(2, "0.0", &["   1 w 0"])],
        "t.trf:1: 001 round 1: player 1 and player 2 (line 2) disagree on the colours",
    );
}

#[test]
fn results_that_disagree_are_refused() {
    assert_refused(
        &[line(1, "1.0", &["   2 w 1"]), line(2, "0.5", &["   1 b ="])],
        "t.trf:1: 001 round 1: player 1 and player 2 (line 2) disagree on the result",
    );
}

#[test]
fn unknown_trf_result_code_is_refused() {
    assert_refused(
        &[line(1, "1.0", &["   2 w X"]), line(2, "0.0", &["   1 b 0"])],
        "t.trf:1: 001 round 1: unknown result code `X` (column 99)",
    );
}

#[test]
fn opponent_without_record_is_refused() {
    assert_refused(
        &[line(1, "1.0", &["   7 w 1"])],
        "t.trf:1: 001 round 1: opponent 7 has no 001 record",
    );
}

#[test]
fn duplicate_pairing_number_is_refused() {
    assert_refused(
        &[line(1, "0.0", &[]), line(1, "0.0", &[])],
        "t.trf:2: 001 pairing number: player 1 appears twice",
    );
}

#[test]
fn xxr_below_the_rounds_in_the_records_is_refused() {
    assert_refused(
        &[
            "XXR 1".into(),
            line(1, "1.0", &["   2 w 1", "0000 - U"]),
            line(2, "1.0", &["   1 b 0", "0000 - F"]),
        ],
        "t.trf:1: XXR: 1 rounds, but the player records hold round 2",
    );
}

#[test]
fn played_result_without_opponent_is_refused() {
    assert_refused(
        &[line(1, "1.0", &["0000 - 1"])],
        "t.trf:1: 001 round 1: result `1` needs an opponent",
    );
}

#[test]
fn result_after_a_pending_round_is_refused() {
    assert_refused(
        &[line(1, "0.0", &["   2 w  ", "   2 b 0"]), line(2, "1.0", &["   1 b  ", "   1 w 1"])],
        "t.trf:1: 001 round 2: round 2 has a result while round 1 still lacks one",
    );
}

#[test]
fn pending_games_and_future_absences_are_read() {
    // Round 1 played, round 2 paired without results, round 3: player 3 requests a half-bye.
    let t = import(
        &[
            "XXR 3".to_string(),
            line(1, "1.0", &["   2 w 1", "   3 w  "]),
            line(2, "0.0", &["   1 b 0", "0000 - U"]).replace("0.0", "1.0"),
            line(3, "1.5", &["0000 - U", "   1 b  ", "0000 - H"]),
        ]
        .join("\r"),
        "t.trf",
    )
    .unwrap();
    assert_eq!(t.missing_results(2), vec![(2, 1, 1, 3)]);
    assert_eq!(t.players[2].half_byes, vec![3]);
    assert_eq!(t.last_round(), 2);
}

#[test]
fn latin1_bytes_are_decoded() {
    let mut bytes = b"012 Caf".to_vec();
    bytes.push(0xE9);
    bytes.extend_from_slice(b"\n");
    bytes.extend_from_slice(line(1, "0.0", &[]).as_bytes());
    let t = import(&decode(&bytes), "t.trf").unwrap();
    assert_eq!(t.config.name.as_deref(), Some("Café"));
}

#[test]
fn next_round_absences_are_exported_in_the_next_column() {
    // SPEC §11 example stretched to 5 rounds (3 played): A asks a half-bye for round 4,
    // B a zero-bye for rounds 4 and 5, C withdraws from round 4.
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/examples/spec-11-worked-example");
    let mut t = read_dir(&dir).unwrap();
    t.config.rounds = Some(5);
    t.players[0].half_byes = vec![4];
    t.players[1].zero_byes = vec![4, 5];
    t.players[2].withdrawn_from = Some(4);
    let text = export(&t);
    let a = text.lines().find(|l| l.starts_with("001    1")).unwrap();
    // A: 3 points + the announced half-bye = 3.5 in the points column; round 4 cell at 122-129.
    assert_eq!(&a[80..84], " 3.5");
    assert_eq!(&a[121..], "0000 - H");
    let back = import(&text, "x.trf").unwrap();
    assert_eq!(back, t, "the BSP records keep every request and the withdrawal");
    // A reader that ignores our extension records sees what the standard records say: the
    // round-5 request is not representable there, and the withdrawal from round 4 reads as a
    // zero-bye request for round 4.
    let standard: String =
        text.lines().filter(|l| !l.starts_with("BS")).map(|l| format!("{l}\n")).collect();
    let plain = import(&standard, "x.trf").unwrap();
    assert_eq!(plain.rows, t.rows);
    assert_eq!(plain.players[0].half_byes, vec![4]);
    assert_eq!(plain.players[1].zero_byes, vec![4]);
    assert_eq!(
        (plain.players[2].withdrawn_from, plain.players[2].zero_byes.clone()),
        (None, vec![4])
    );
}

// ---- our extension records, headers, real-world lines --------------------------------

const TWO: &str = "001    1      P1                                1999                             1.0    1     2 w 1\n001    2      P2                                1998                             0.0    2     1 b 0\n";

fn refuse_text(text: &str) -> String {
    import(text, "t.trf").unwrap_err().to_string()
}

#[test]
fn extension_records_are_refused_with_line_and_columns_when_wrong() {
    assert_eq!(
        refuse_text(&format!("{TWO}BSS 5\n")),
        "t.trf:3: BSV: a berger-swiss extension record without the `BSV 1` record that announces them (columns 1-3)"
    );
    assert_eq!(
        refuse_text(&format!("{TWO}BSV 2\n")),
        "t.trf:3: BSV: version 2 of the berger-swiss records is not known (this program reads version 1) (columns 5-5)"
    );
    // A wrong record after `BSV 1` (line 4): (the record, how its refusal starts).
    for (record, prefix) in [
        ("BSQ 1", "t.trf:4: BSQ: unknown berger-swiss record `BSQ`"),
        ("BSG 2", "t.trf:4: BSG: a group of 2 players; a Berger group needs at least 3"),
        ("BSP    9 name X", "t.trf:4: BSP: player 9 has no 001 record"),
        ("BSP    1 colour w", "t.trf:4: BSP: unknown player field `colour`"),
        ("BSB 1 2=1", "t.trf:4: BSB: round 1: no board for the row of player 1"),
        ("BSN bad\\q", "t.trf:4: BSN: unknown escape `\\q`"),
    ] {
        let m = refuse_text(&format!("{TWO}BSV 1\n{record}\n"));
        assert!(m.starts_with(prefix), "{record}: {m}");
    }
    // A swap inside one group is refused like in tournament.toml, on the BSX line.
    let three = "001    1      P1                                1999\n001    2      P2                                1998\n001    3      P3                                1997\n";
    let m = refuse_text(&format!("{three}BSV 1\nBSG 3\nBSX 1 2\n"));
    assert_eq!(m, "t.trf:6: swaps: swap 1 [1, 2]: both players are in group 1");
}

#[test]
fn header_records_are_kept_verbatim_and_the_system_is_declared() {
    let text = format!(
        "012 Open\n022 Cork\n092 Individual: Swiss-System\n132                                                                                        25/03/01\n{TWO}XXR 3\nXXC white1\n192 FIDE_DUTCH_2025\n"
    );
    let r = bsw_model::trf::read(&text, "t.trf", &Default::default()).unwrap();
    assert_eq!(r.declared_system.as_deref(), Some("FIDE_DUTCH_2025"));
    let header = &r.tournament.config.trf_header;
    assert_eq!(header[0], "022 Cork");
    assert_eq!(header[2].len(), 99, "the round-dates line keeps its columns");
    assert_eq!(header.len(), 5);
    assert_eq!(bsw_model::trf::declared_system(header).as_deref(), Some("FIDE_DUTCH_2025"));
    let out = export(&r.tournament);
    for h in header {
        assert!(out.contains(&format!("\n{h}\n")), "{h} missing in\n{out}");
    }
    assert_eq!(import(&out, "x.trf").unwrap(), r.tournament);
}

#[test]
fn points_counting_the_pre_entered_bye_or_not_are_both_accepted() {
    // Player 1 asks a half-point bye for round 2: 1.0 (not counted) or 1.5 (counted).
    for pts in ["1.0", "1.5"] {
        let text = format!(
            "001    1      P1                                1999                             {pts}    1     2 w 1  0000 - H\n001    2      P2                                1998                             0.0    2     1 b 0\nXXR 2\n"
        );
        let t = import(&text, "t.trf").unwrap();
        assert_eq!(t.players[0].half_byes, vec![2], "{pts}");
    }
    let text = "001    1      P1                                1999                             2.0    1     2 w 1  0000 - H\n001    2      P2                                1998                             0.0    2     1 b 0\nXXR 2\n";
    assert!(import(text, "t.trf").is_err(), "2.0 is neither");
}

#[test]
fn a_round_in_which_every_player_has_a_cell_counts_as_played_even_without_a_game() {
    // Round 2: both players took a half-point bye. Nobody is left to pair in round 2, so it
    // is a round that took place (bbpPairings reads it so and pairs round 3), not two
    // absences announced for round 2.
    let both = "001    1      P1                                1999                             1.5    1     2 w 1  0000 - H\n001    2      P2                                1998                             0.5    2     1 b 0  0000 - H\nXXR 3\n";
    let t = import(both, "t.trf").unwrap();
    let round2: Vec<Entry> = t.rows.iter().filter(|r| r.round == 2).map(|r| r.entry).collect();
    assert_eq!(round2, vec![Entry::HalfBye(1), Entry::HalfBye(2)]);
    // Only one of them has a cell for round 2: an absence announced for the round to pair.
    let one = "001    1      P1                                1999                             1.5    1     2 w 1  0000 - H\n001    2      P2                                1998                             0.0    2     1 b 0\nXXR 3\n";
    let t = import(one, "t.trf").unwrap();
    assert_eq!(t.players[0].half_byes, vec![2]);
    assert!(t.rows.iter().all(|r| r.round == 1));
}

#[test]
fn lenient_reading_reports_each_mismatch_and_reads_by_the_results() {
    let text = "001    1      P1                                1999                             3.0    1     2 w 1\n001    2      P2                                1998                             1.0    2     1 b 0\n";
    let strict = import(text, "t.trf").unwrap_err().to_string();
    assert!(strict.starts_with("t.trf:1: 001 points: 2 points columns disagree"), "{strict}");
    assert_eq!(strict.lines().count(), 3, "one line per mismatch: {strict}");
    let r = bsw_model::trf::read(
        text,
        "t.trf",
        &bsw_model::trf::ReadOptions { lenient: true, ..Default::default() },
    )
    .unwrap();
    assert_eq!(r.warnings.len(), 2);
    assert!(r.warnings[0].starts_with("t.trf:1: 001 points: player 1 (P1) has 3.0"));
    assert_eq!(r.tournament.rows.len(), 1);
}

#[test]
fn files_that_are_not_trf_get_one_message() {
    for (text, want) in [
        ("", "empty file"),
        ("\0\u{1}\u{2}PK\u{3}\u{4}\0\0\0\0\0\0\0\0", "binary data"),
        ("<html><body>Not found</body></html>", "an HTML page"),
        ("just some text\n", "no player records"),
    ] {
        let e = import(text, "t.trf").unwrap_err();
        assert!(e.to_string().contains(want), "{text:?}: {e}");
        assert_eq!(e.to_string().lines().count(), 1);
    }
}

#[test]
fn a_late_entry_survives_a_dutch_export_and_is_refused_in_a_berger_swiss_one() {
    let players = "id,name,rating,enters\n1,Ann,2000,\n2,Bob,1900,\n3,Cid,1800,2\n";
    let rounds = "round,board,white,black,result\n1,1,1,2,1-0\n1,2,3,,zero-bye\n";
    let dutch = parse_dir_texts("rounds = 3\nsystem = \"dutch\"\n", players, Some(rounds)).unwrap();
    let text = export(&dutch);
    assert!(text.contains("BSP    3 enters 2\n"), "{text}");
    assert_eq!(import(&text, "d.trf").unwrap(), dutch);
    // The same record in a Berger-Swiss export is refused, naming the record.
    let plain = parse_dir_texts(
        "rounds = 3\n",
        "id,name,rating\n1,Ann,2000\n2,Bob,1900\n3,Cid,1800\n",
        None,
    )
    .unwrap();
    let text = format!("{}BSP    3 enters 2\n", export(&plain));
    let e = import(&text, "b.trf").unwrap_err().to_string();
    assert!(
        e.starts_with("b.trf:")
            && e.contains("BSP: enters: late entries are for FIDE (Dutch) events"),
        "{e}"
    );
}

#[test]
fn the_pab_of_a_dutch_file_is_its_u_cell_whatever_the_line_order_of_an_f() {
    // Round 1: 1-3 played, player 2 the PAB (`U`, line 2), player 4 a full-point bye the
    // arbiter gave (`F`, line 4, after the U line).
    let line = |id: u32, cell: &str| {
        format!("{:<89}  {cell}\n", format!("001 {id:>4}      Player {id:<26} {:>4}", 2100 - id))
    };
    let text = format!(
        "012 F after U\n092 FIDE_DUTCH_2025\nXXR 3\n{}{}{}{}",
        line(1, "   3 w 1"),
        line(2, "0000 - U"),
        line(3, "   1 b 0"),
        line(4, "0000 - F"),
    );
    let t = import(&text, "f.trf").unwrap();
    let points = t.row_points();
    let pabs: Vec<u32> = t
        .rows
        .iter()
        .filter(|row| points.is_pab(row))
        .flat_map(|row| row.entry.players())
        .collect();
    assert_eq!(pabs, [2], "{:?}", t.rows);
    assert!(t.rows.iter().any(|row| row.entry == Entry::FullBye(4)));
}

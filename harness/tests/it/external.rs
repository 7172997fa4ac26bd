//! External engines: the output format of the JaVaFo/bbpPairings convention (written and
//! read), the TRF handed to an engine, and the process runner (time limit, process-group kill,
//! exit codes, signals). Campaigns with real and faulty engines are in the CLI tests
//! (`cli/tests/it/external.rs`), which have the `bsw` binary.

use bsw_harness::external::protocol::{engine_input, read_output, write_output};
use bsw_harness::external::runner::{Status, Template, Workdir};
use bsw_model::{Entry, Player, Row, Tournament};
use std::time::{Duration, Instant};

fn player(id: u32, rating: u32) -> Player {
    Player { id, name: format!("P{id}"), rating, ..Player::default() }
}

/// Six players; ratings make TPN order 6, 5, 4, 3, 2, 1 (ids), except 2 and 3 who tie and
/// keep entry order (2 before 3).
fn six() -> Tournament {
    let mut t = Tournament::default();
    t.config.rounds = Some(5);
    t.players = vec![
        player(1, 1000),
        player(2, 1500),
        player(3, 1500),
        player(4, 1800),
        player(5, 1900),
        player(6, 2000),
    ];
    t
}

fn game(board: u32, white: u32, black: u32) -> Row {
    Row { round: 1, board, entry: Entry::Game { white, black, result: None } }
}

#[test]
fn output_counts_games_and_byes_and_leaves_absences_out() {
    let rows = vec![
        game(1, 1, 5),
        game(2, 3, 2),
        Row { round: 1, board: 3, entry: Entry::Bye(6) },
        Row { round: 1, board: 4, entry: Entry::HalfBye(4) },
    ];
    // The bbpPairings example of the convention: two games and a bye.
    assert_eq!(write_output(&rows), "3\n1 5\n3 2\n6 0\n");
}

#[test]
fn reading_numbers_boards_as_written_and_appends_absences_by_tpn() {
    let mut t = six();
    t.players[0].zero_byes = vec![1]; // player 1, TPN 6
    t.players[3].half_byes = vec![1]; // player 4, TPN 3
    let rows = read_output("3\r\n2 5\r\n6 0\r\n3 6\r\n", &t, 1);
    // Player 6 twice: refused. Now a correct one, with the bye in the middle.
    assert!(rows.unwrap_err().message.contains("player 6 appears twice"));
    let rows = read_output("2\n2 5\n6 3\n\n", &t, 1).unwrap();
    let got: Vec<(u32, Entry)> = rows.iter().map(|r| (r.board, r.entry)).collect();
    assert_eq!(
        got,
        vec![
            (1, Entry::Game { white: 2, black: 5, result: None }),
            (2, Entry::Game { white: 6, black: 3, result: None }),
            (3, Entry::HalfBye(4)),
            (4, Entry::ZeroBye(1)),
        ]
    );
    let byes = read_output("3\n2 5\n6 0\n3 0\n", &t, 1).unwrap();
    assert_eq!(byes[1].entry, Entry::Bye(6));
    assert_eq!(byes[1].board, 2);
}

#[test]
fn reading_refuses_what_is_not_a_pairing_of_the_round() {
    let mut t = six();
    t.players[5].withdrawn_from = Some(1);
    t.players[4].half_byes = vec![1];
    let cases = [
        ("", "empty"),
        ("Round paired!\n", "not the number of lines"),
        ("2\n1 2\n", "announces 2 lines but 1 follow"),
        ("2\n1 2\n3 4\n9 0\n", "announces 2 lines but 3 follow"),
        ("2\n1 2\n3 x\n", "`x` is not a player number"),
        ("2\n1 2\n3 4 5\n", "not two player numbers"),
        ("2\n1 1\n3 4\n", "against themselves"),
        ("2\n0 1\n3 4\n", "a bye is written `id 0`"),
        ("2\n1 2\n3 9\n", "player 9 is not in the input"),
        ("3\n1 2\n3 4\n6 0\n", "player 6 has withdrawn"),
        ("3\n1 2\n3 4\n5 0\n", "player 5 asked to be absent"),
        ("1\n1 2\n", "player(s) 3, 4 neither paired nor given a bye"),
        ("2\n1 2\n2 4\n", "player 2 appears twice (also on line 2)"),
    ];
    for (text, want) in cases {
        let e = read_output(text, &t, 1).unwrap_err().to_string();
        assert!(e.contains(want), "{text:?}: got `{e}`, want `{want}`");
    }
    // The line is named.
    let e = read_output("2\n1 2\n3 9\n", &t, 1).unwrap_err();
    assert_eq!(e.line, Some(3));
    // What is left is a pairing: 1-2, 3-4.
    assert_eq!(read_output("2\n1 2\n3 4\n", &t, 1).unwrap().len(), 3);
}

#[test]
fn engine_input_marks_withdrawn_players_absent_in_the_round_paired() {
    let mut t = six();
    t.rows = vec![game(1, 6, 1), game(2, 2, 5), game(3, 4, 3)];
    for r in &mut t.rows {
        if let Entry::Game { result, .. } = &mut r.entry {
            *result = Some(bsw_model::Outcome::Draw);
        }
    }
    t.rows.extend([game(1, 6, 5), game(2, 4, 2), game(3, 3, 1)].map(|mut r| {
        r.round = 2;
        if let Entry::Game { result, .. } = &mut r.entry {
            *result = Some(bsw_model::Outcome::WhiteWin);
        }
        r
    }));
    // Round 3 is paired now: player 3 withdrew from it, player 5 asks for a half-point
    // absence in it.
    t.players[2].withdrawn_from = Some(3);
    t.players[4].half_byes = vec![3];
    let text = engine_input(&t, 3, true).unwrap();
    let line = |id: u32| {
        text.lines()
            .find(|l| l.starts_with("001") && l[4..8].trim() == id.to_string())
            .unwrap()
            .to_string()
    };
    // Round 3's cell starts at column 112 (92 + 2 × 10).
    assert_eq!(&line(3)[111..], "0000 - Z");
    assert_eq!(&line(5)[111..], "0000 - H");
    assert_eq!(line(6).chars().count(), 109, "no cell for a player due to be paired");
    assert!(text.lines().any(|l| l == "XXC white1"));
    assert!(!engine_input(&t, 3, false).unwrap().contains("XXC"));
    // The file reads back as the same event, round 3 to be paired without player 3.
    let back = bsw_model::trf::import(&text, "input.trf").unwrap();
    assert_eq!(back.last_round(), 2);
    // Plain TRF cannot tell a withdrawal from round 3 from a zero-point absence in it; either
    // way player 3 is not paired in round 3.
    let p3 = back.player(3).unwrap();
    assert!(p3.withdrawn_by(3) || p3.zero_byes.contains(&3));
    assert_eq!(back.player(5).unwrap().half_byes, vec![3]);
}

fn template(cmd: &str) -> Template {
    Template::parse(cmd).unwrap()
}

#[test]
fn templates_split_like_a_shell_and_need_the_input() {
    let t = template("my-engine --dutch '{trf}' -p \"{out}\" --name 'two words'");
    assert_eq!(
        t.argv("/x/in.trf".as_ref(), "/x/out.txt".as_ref()),
        ["my-engine", "--dutch", "/x/in.trf", "-p", "/x/out.txt", "--name", "two words"]
    );
    assert!(t.has_out());
    assert!(!template("e {trf}").has_out());
    assert!(Template::parse("e -p {out}").unwrap_err().contains("{trf}"));
    assert!(Template::parse("e '{trf}").unwrap_err().contains("unbalanced"));
    assert!(Template::parse("").is_err());
    // Neither placeholder: the convention's own arguments are appended.
    let t = template("bbpPairings.exe --dutch");
    assert_eq!(
        t.argv("/x/in.trf".as_ref(), "/x/out.txt".as_ref()),
        ["bbpPairings.exe", "--dutch", "/x/in.trf", "-p", "/x/out.txt"]
    );
    assert_eq!(t.text, "bbpPairings.exe --dutch");
    assert!(
        template("no-such-engine-anywhere {trf}")
            .check_program()
            .unwrap_err()
            .contains("not found")
    );
}

#[test]
fn runner_reports_exit_codes_signals_and_output() {
    let w = Workdir::new().unwrap();
    let limit = Duration::from_secs(10);
    let c = w.run(&template("sh -c 'cat \"$0\" > \"$1\"' {trf} {out}"), "2\n1 2\n", limit).unwrap();
    assert_eq!(c.status, Status::Exited(0));
    assert_eq!(c.output.as_deref(), Some("2\n1 2\n"));
    // Without {out}: standard output is the output.
    let c = w.run(&template("sh -c 'echo 1; echo 3 0; echo oops >&2' {trf}"), "", limit).unwrap();
    assert_eq!(c.output.as_deref(), Some("1\n3 0\n"));
    assert_eq!(c.stderr, "oops\n");
    // No output file written: None (not a stale one from the previous call).
    w.run(&template("sh -c 'echo old > \"$1\"' {trf} {out}"), "", limit).unwrap();
    let c = w.run(&template("sh -c 'exit 3' {trf} {out}"), "", limit).unwrap();
    assert_eq!(c.status, Status::Exited(3));
    assert_eq!(c.output, None);
    let c = w.run(&template("sh -c 'kill -SEGV $$' {trf}"), "", limit).unwrap();
    assert_eq!(c.status, Status::Signalled(11));
}

#[test]
fn a_time_out_kills_the_whole_process_group() {
    let w = Workdir::new().unwrap();
    let pidfile = tempfile::NamedTempFile::new().unwrap();
    let cmd = format!("sh -c 'sleep 60 & echo $! > {}; wait' {{trf}}", pidfile.path().display());
    let start = Instant::now();
    let c = w.run(&template(&cmd), "", Duration::from_millis(300)).unwrap();
    assert_eq!(c.status, Status::TimedOut);
    assert!(start.elapsed() < Duration::from_secs(5));
    // The grandchild (sleep) was killed with its parent.
    let pid = std::fs::read_to_string(pidfile.path()).unwrap();
    let proc = format!("/proc/{}", pid.trim());
    let deadline = Instant::now() + Duration::from_secs(3);
    while std::path::Path::new(&proc).exists()
        && !std::fs::read_to_string(format!("{proc}/stat")).is_ok_and(|s| s.contains(") Z "))
        && Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    let alive = std::path::Path::new(&proc).exists()
        && !std::fs::read_to_string(format!("{proc}/stat")).is_ok_and(|s| s.contains(") Z "));
    assert!(!alive, "the engine's child {pid} survived the time-out");
}

/// A Dutch event whose ids are not its pairing numbers: the engine's input has start
/// numbers = pairing numbers (SPEC §1 order of [`six`]: ids 6, 5, 4, 2, 3, 1) and its
/// answer, in start numbers, is read back into ids; a start number beyond the field is
/// refused by name.
#[test]
fn a_renumbered_dutch_input_is_answered_in_start_numbers() {
    use bsw_harness::external::protocol::{read_output_numbered, renumber_rows};
    let mut t = six();
    t.config.system = bsw_model::System::Dutch(bsw_model::DutchConfig::default());
    let ids = bsw_model::trf::start_numbers(&t).expect("ids are not the pairing numbers");
    assert_eq!(ids, [6, 5, 4, 2, 3, 1]);
    let input = engine_input(&t, 1, false).unwrap();
    assert!(input.contains("\nBSI 6 5 4 2 3 1\n"), "{input}");
    let rows = read_output_numbered("3\n1 4\n5 2\n6 3\n", &t, 1, Some(&ids)).unwrap();
    let got: Vec<Entry> = rows.iter().map(|r| r.entry).collect();
    assert_eq!(
        got,
        [
            Entry::Game { white: 6, black: 2, result: None },
            Entry::Game { white: 3, black: 5, result: None },
            Entry::Game { white: 1, black: 4, result: None },
        ]
    );
    // And back: the rows in start numbers are the answer as written.
    assert_eq!(write_output(&renumber_rows(&rows, &ids)), "3\n1 4\n5 2\n6 3\n");
    let err = read_output_numbered("3\n1 4\n5 2\n7 3\n", &t, 1, Some(&ids)).unwrap_err();
    assert!(err.message.contains("start number 7 is not in the input"), "{err}");
}

/// A Baku event goes to an engine as its `XXA` records (C.04.5.1, not the engine's own Baku
/// reading): six Dutch players (start numbers = pairing numbers 6, 5, 4, 3, 2, 1 by rating)
/// and five rounds give GA = 2 · ⌈6/4⌉ = 4 players with 1 point in rounds 1-2, ½ in round 3.
#[test]
fn engine_input_writes_baku_acceleration_as_xxa_records() {
    let mut t = six();
    t.config.system = bsw_model::System::Dutch(Default::default());
    t.config.acceleration = bsw_model::Acceleration::Baku;
    let text = engine_input(&t, 1, false).unwrap();
    let xxa: Vec<&str> = text.lines().filter(|l| l.starts_with("XXA")).collect();
    assert_eq!(
        xxa,
        [
            "XXA    1  1.0  1.0  0.5",
            "XXA    2  1.0  1.0  0.5",
            "XXA    3  1.0  1.0  0.5",
            "XXA    4  1.0  1.0  0.5"
        ]
    );
    assert!(!text.contains("BAKU"), "{text}");
}

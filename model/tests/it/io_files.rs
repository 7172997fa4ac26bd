//! Reading and writing tournament directories: exact bytes written, round trips, atomic
//! appends, and the corpus examples.

use bsw_model::io::{
    append_round, load, parse_dir_texts, players_csv, read_dir, rounds_csv, tournament_toml,
    write_dir,
};
use bsw_model::{Config, Entry, Outcome, Player, Tournament};
use std::path::Path;

use crate::common::{dir_with, game, row};

fn corpus(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/examples").join(name)
}

fn small() -> Tournament {
    let p = |id, name: &str, rating| Player { id, name: name.into(), rating, ..Player::default() };
    let mut players =
        vec![p(1, "Lee, Ann", 2100), p(2, "Bob", 2000), p(3, " Cid", 0), p(4, "Dan \"D\"", 1900)];
    players[1].withdrawn_from = Some(3);
    players[2].half_byes = vec![2];
    players[3].title = "FM".into();
    Tournament {
        config: Config {
            name: Some("Open \"2026\"".into()),
            rounds: Some(3),
            seed: 42,
            groups: vec![],
            swaps: vec![],
            tiebreaks: Some(vec!["BH-C1".into(), "SB".into()]),
            trf_header: vec!["022 Dublin".into(), "XXC white1".into()],
            system: Default::default(),
            acceleration: Default::default(),
        },
        players,
        rows: vec![
            game(1, 1, 1, 4, Some(Outcome::Draw)),
            game(1, 2, 3, 2, Some(Outcome::BlackForfeitWin)),
            game(2, 1, 4, 2, None),
            row(2, 2, Entry::Bye(1)),
            row(2, 3, Entry::HalfBye(3)),
        ],
    }
}

#[test]
fn serializers_write_these_exact_bytes() {
    let t = small();
    assert_eq!(
        tournament_toml(&t),
        "name = 'Open \"2026\"'\nrounds = 3\nseed = 42\ntiebreaks = [\"BH-C1\", \"SB\"]\ntrf_header = [\n    \"022 Dublin\",\n    \"XXC white1\",\n]\n"
    );
    assert_eq!(
        players_csv(&t),
        "id,name,rating,withdrawn_from,half_byes,title\n\
         1,\"Lee, Ann\",2100,,,\n\
         2,Bob,2000,3,,\n\
         3,\" Cid\",0,,2,\n\
         4,\"Dan \"\"D\"\"\",1900,,,FM\n"
    );
    assert_eq!(
        rounds_csv(&t),
        "round,board,white,black,result\n1,1,1,4,1/2-1/2\n1,2,3,2,-/+\n2,1,4,2,\n2,2,1,,bye\n2,3,3,,half-bye\n"
    );
}

#[test]
fn write_dir_then_read_dir_gives_back_the_tournament() {
    let dir = tempfile::tempdir().unwrap();
    let t = small();
    write_dir(dir.path(), &t).unwrap();
    assert_eq!(read_dir(dir.path()).unwrap(), t);
    assert_eq!(load(dir.path()).unwrap(), t);
    // No temporary files are left behind.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, vec!["players.csv", "rounds.csv", "tournament.toml"]);
}

#[test]
fn groups_and_swaps_are_written_and_read() {
    let t = read_dir(&corpus("berger-groups")).unwrap();
    let mut t2 = t;
    t2.config.swaps = vec![(4, 9), (8, 13)];
    t2.config.rounds = None;
    let text = tournament_toml(&t2);
    assert!(text.contains("groups = [4, 4]\nswaps = [[4, 9], [8, 13]]\n"), "{text}");
    let back = parse_dir_texts(&text, &players_csv(&t2), None).unwrap();
    assert_eq!(back, t2);
}

#[test]
fn write_dir_refuses_an_invalid_tournament_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = small();
    t.rows.push(row(2, 4, Entry::Bye(99)));
    let e = write_dir(dir.path(), &t).unwrap_err();
    assert!(e.to_string().contains("no player has id 99"), "{e}");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn append_round_adds_rows_and_keeps_the_other_files() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = small();
    t.rows.truncate(2); // round 1 only
    write_dir(dir.path(), &t).unwrap();
    let before_players = std::fs::read(dir.path().join("players.csv")).unwrap();
    let new = [game(2, 1, 4, 1, None)];
    append_round(dir.path(), &t, &new).unwrap();
    let back = read_dir(dir.path()).unwrap();
    assert_eq!(back.rows.len(), 3);
    assert_eq!(back.rows[2], new[0]);
    assert_eq!(std::fs::read(dir.path().join("players.csv")).unwrap(), before_players);
}

#[test]
fn append_round_refusal_changes_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let t = small();
    write_dir(dir.path(), &t).unwrap();
    let before = std::fs::read(dir.path().join("rounds.csv")).unwrap();
    // Round 3 with a result while round 2 still has a pending game.
    let bad = [game(3, 1, 4, 1, Some(Outcome::WhiteWin))];
    let e = append_round(dir.path(), &t, &bad).unwrap_err();
    assert!(e.to_string().contains("still lacks one"), "{e}");
    assert_eq!(std::fs::read(dir.path().join("rounds.csv")).unwrap(), before);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
}

#[test]
fn spec_11_example_has_the_final_scores_of_spec_11() {
    let t = read_dir(&corpus("spec-11-worked-example")).unwrap();
    assert_eq!(t.players.len(), 8);
    assert_eq!(t.last_round(), 3);
    // SPEC §11 final: A 3, H 2½, B 1½, D 1½, G 1½, C 1, E 1, F 0 (in half-points, ids A=1..H=8).
    let expected = [(1, 6), (8, 5), (2, 3), (4, 3), (7, 3), (3, 2), (5, 2), (6, 0)];
    for (id, hp) in expected {
        let got: i32 = t.rows.iter().filter_map(|r| r.entry.points_of(id)).sum();
        assert_eq!(got, hp, "player {id}");
    }
    // Ratings strictly descending in entry order, so TPN = id.
    assert!(t.players.windows(2).all(|w| w[0].rating > w[1].rating));
}

#[test]
fn berger_groups_example_reads_with_no_rounds() {
    let t = read_dir(&corpus("berger-groups")).unwrap();
    assert_eq!(t.config.groups, vec![4, 4]);
    assert_eq!(t.config.rounds, Some(3));
    assert_eq!(t.players.len(), 13);
    assert!(t.rows.is_empty());
}

#[test]
fn load_refuses_other_files_and_missing_paths() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("x.txt");
    std::fs::write(&other, "hello").unwrap();
    assert!(
        load(&other)
            .unwrap_err()
            .to_string()
            .ends_with("not a tournament directory or a .trf file")
    );
    assert!(
        load(&dir.path().join("nope"))
            .unwrap_err()
            .to_string()
            .ends_with("no such file or directory")
    );
}

/// A `players.csv` saved by a Windows spreadsheet: Latin-1 bytes, CRLF line ends.
#[test]
fn latin1_players_csv_with_crlf_is_read() {
    let dir = dir_with(&[
        ("tournament.toml", b"rounds = 3\n"),
        ("players.csv", b"id,name,rating\r\n1,M\xfcller,2000\r\n2,\xc6r\xf8,1900\r\n"),
    ]);
    let t = read_dir(dir.path()).unwrap();
    assert_eq!(t.players[0].name, "Müller");
    assert_eq!(t.players[1].name, "Ærø");
}

/// UTF-8 with a byte-order mark and bare CR line ends (old Mac), in both CSV files.
#[test]
fn utf8_bom_and_bare_cr_are_read_in_both_csv_files() {
    let dir = dir_with(&[
        ("tournament.toml", b"rounds = 3\n"),
        ("players.csv", "\u{feff}id,name,rating\r1,Šťastný,2000\r2,李,1900\r".as_bytes()),
        ("rounds.csv", "\u{feff}round,board,white,black,result\r\n1,1,1,2,1-0\r\n".as_bytes()),
    ]);
    let t = read_dir(dir.path()).unwrap();
    assert_eq!(t.players[0].name, "Šťastný");
    assert_eq!(t.players[1].name, "李");
    assert_eq!(t.rows.len(), 1);
}

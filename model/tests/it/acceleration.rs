//! Accelerated pairing as data: `XXA` records (bbpPairings' columns), a Baku tournament type,
//! `acceleration` in `tournament.toml`; read, refused with file/line/field, and written back.

use bsw_model::io::{parse_dir_texts, players_csv, rounds_csv, tournament_toml};
use bsw_model::trf::{ReadOptions, export, import, read};
use bsw_model::{Acceleration, Tournament};

/// Four players, two rounds planned, Dutch; `extra` header lines before the players.
fn trf(extra: &str) -> String {
    format!(
        "012 Accelerated\n192 FIDE_DUTCH_2025\n{extra}\
001    1      Player 1                          2400                             0.0    1\n\
001    2      Player 2                          2300                             0.0    2\n\
001    3      Player 3                          2200                             0.0    3\n\
001    4      Player 4                          2100                             0.0    4\n\
XXR 2\n"
    )
}

fn explicit(pairs: &[(u32, &[i32])]) -> Acceleration {
    Acceleration::Explicit(pairs.iter().map(|(id, v)| (*id, v.to_vec())).collect())
}

#[test]
fn xxa_records_are_read_by_columns() {
    // Round 1 at columns 10-13, round 2 at 15-18; a blank value is 0.
    let t = import(&trf("XXA    1  1.0  0.5\nXXA    2  1.0     \nXXA    3       0.5\n"), "a.trf")
        .unwrap();
    assert_eq!(t.config.acceleration, explicit(&[(1, &[2, 1]), (2, &[2, 0]), (3, &[0, 1])]));
    assert_eq!(t.config.acceleration.explicit(1, 2), 1);
    assert_eq!(t.config.acceleration.explicit(2, 3), 0);
    // The records are data, not kept header lines, and no warning says nothing uses them.
    assert!(t.config.trf_header.iter().all(|l| !l.starts_with("XXA")));
    let i = read(&trf("XXA    1  1.0\n"), "a.trf", &ReadOptions::default()).unwrap();
    assert!(i.warnings.is_empty(), "{:?}", i.warnings);
}

#[test]
fn a_baku_tournament_type_selects_baku_unless_xxa_records_say_more() {
    let baku = trf("").replace("FIDE_DUTCH_2025", "FIDE_DUTCH_2026_BAKU");
    let t = import(&baku, "b.trf").unwrap();
    assert!(t.config.system.dutch().is_some());
    assert_eq!(t.config.acceleration, Acceleration::Baku);
    let t = import(&baku.replace("XXR 2\n", "XXR 2\nXXA    4  1.0\n"), "b.trf").unwrap();
    assert_eq!(t.config.acceleration, explicit(&[(4, &[2])]));
    assert_eq!(import(&trf(""), "c.trf").unwrap().config.acceleration, Acceleration::None);
}

#[test]
fn bad_xxa_records_are_refused_with_line_and_columns() {
    let err = |extra: &str| import(&trf(extra), "x.trf").unwrap_err().to_string();
    let e = err("XXA    1  1.3\n");
    assert!(e.contains("x.trf:3") && e.contains("XXA") && e.contains("columns 10-13"), "{e}");
    let e = err("XXA    9  1.0\n");
    assert!(e.contains("x.trf:3") && e.contains("player 9 is not in the file"), "{e}");
    let e = err("XXA    1  1.0  1.0  1.0\n");
    assert!(e.contains("3 values, but the event has 2 rounds"), "{e}");
    let e = err("XXA    1  1.0\nXXA    1  0.5\n");
    assert!(
        e.contains("x.trf:4") && e.contains("second XXA record (the first is on line 3)"),
        "{e}"
    );
    let e = err("XXA   x1  1.0\n");
    assert!(e.contains("columns 5-8"), "{e}");
}

fn dir_round_trip(t: &Tournament) -> Tournament {
    parse_dir_texts(&tournament_toml(t), &players_csv(t), Some(&rounds_csv(t))).unwrap()
}

#[test]
fn acceleration_round_trips_through_trf_and_directories() {
    let xxa = "XXA    1  1.0  0.5\nXXA    2  1.0  0.5\n";
    let t = import(&trf(xxa), "a.trf").unwrap();
    let out = export(&t);
    assert!(out.contains(xxa), "{out}");
    assert_eq!(import(&out, "out.trf").unwrap(), t);
    let d = dir_round_trip(&t);
    assert_eq!(d.config.acceleration, t.config.acceleration);
    assert!(tournament_toml(&t).contains("acceleration = \"xxa\"\n"));
    assert!(tournament_toml(&t).ends_with("[accelerated_points]\n1 = [1, 0.5]\n2 = [1, 0.5]\n"));

    let mut b = import(&trf(""), "b.trf").unwrap();
    b.config.acceleration = Acceleration::Baku;
    assert!(tournament_toml(&b).contains("acceleration = \"baku\"\n"));
    assert_eq!(dir_round_trip(&b).config.acceleration, Acceleration::Baku);
    // A directory's Baku event exported: the tournament type bbpPairings reads as Baku.
    b.config.trf_header.retain(|l| !l.starts_with("192"));
    let out = export(&b);
    assert!(out.contains("092 FIDE_DUTCH_2025_BAKU\n"), "{out}");
    assert_eq!(import(&out, "b.trf").unwrap().config.acceleration, Acceleration::Baku);
}

#[test]
fn the_toml_key_is_checked() {
    let players = "id,name,rating\n1,A,2000\n2,B,1900\n";
    let toml = |s: &str| format!("rounds = 3\nseed = 1\n{s}");
    let read = |s: &str| parse_dir_texts(&toml(s), players, None).map_err(|e| e.to_string());
    let e = read("acceleration = \"baku\"\n").unwrap_err();
    assert!(e.contains("tournament.toml:3") && e.contains("only used with system"), "{e}");
    let e = read("system = \"dutch\"\nacceleration = \"fast\"\n").unwrap_err();
    assert!(e.contains("tournament.toml:4") && e.contains("`fast` is not an acceleration"), "{e}");
    let e = read("system = \"dutch\"\nacceleration = \"xxa\"\n").unwrap_err();
    assert!(e.contains("needs the [accelerated_points] table"), "{e}");
    let e = read("system = \"dutch\"\nacceleration = \"xxa\"\n[accelerated_points]\n1 = [0.3]\n")
        .unwrap_err();
    assert!(
        e.contains("tournament.toml:6") && e.contains("`0.3` is not a number of points"),
        "{e}"
    );
    let t =
        read("system = \"dutch\"\nacceleration = \"xxa\"\n[accelerated_points]\n2 = [1, 0.5]\n")
            .unwrap();
    assert_eq!(t.config.acceleration, explicit(&[(2, &[2, 1])]));
    let e = read("system = \"dutch\"\nacceleration = \"xxa\"\n[accelerated_points]\n7 = [1]\n")
        .unwrap_err();
    assert!(e.contains("tournament.toml:6") && e.contains("player 7 is not in players.csv"), "{e}");
}

#[test]
fn xxa_records_in_a_file_without_the_dutch_system_are_kept_with_a_warning() {
    let text =
        trf("XXA    1  1.0\n").replace("192 FIDE_DUTCH_2025", "092 Individual: Swiss-System");
    let i = read(&text, "g.trf", &ReadOptions::default()).unwrap();
    assert!(i.tournament.config.system.dutch().is_none());
    assert_eq!(i.tournament.config.acceleration, explicit(&[(1, &[2])]));
    assert_eq!(i.warnings.len(), 1, "{:?}", i.warnings);
    assert!(i.warnings[0].contains("only the Dutch system pairs on accelerated scores"));
    assert!(export(&i.tournament).contains("XXA    1  1.0\n"));
}

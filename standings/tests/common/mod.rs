//! Builders for tournaments written in code (the core tests never read files).
#![allow(dead_code)]

use bsw_model::{Config, Entry, Outcome, Player, Row, Tournament};
use bsw_standings::{Options, RuleVersion, Standings, Value};

/// Players `(id, rating)` in entry order, named `P<id>`.
pub fn tournament(players: &[(u32, u32)], rounds: u32, rows: Vec<(u32, Entry)>) -> Tournament {
    let mut board = 0;
    let mut last = 0;
    let rows = rows
        .into_iter()
        .map(|(round, entry)| {
            if round != last {
                board = 0;
                last = round;
            }
            board += 1;
            Row {
                round,
                board,
                entry,
            }
        })
        .collect();
    Tournament {
        config: Config {
            rounds: Some(rounds),
            ..Config::default()
        },
        players: players
            .iter()
            .map(|&(id, rating)| Player {
                id,
                name: format!("P{id}"),
                rating,
                ..Player::default()
            })
            .collect(),
        rows,
    }
}

/// A game with a result code of `rounds.csv` (`""` = not played yet).
pub fn g(white: u32, black: u32, code: &str) -> Entry {
    let result = if code.is_empty() {
        None
    } else {
        Some(Outcome::from_code(code).expect("result code"))
    };
    Entry::Game {
        white,
        black,
        result,
    }
}

pub fn bye(p: u32) -> Entry {
    Entry::Bye(p)
}
pub fn half(p: u32) -> Entry {
    Entry::HalfBye(p)
}
pub fn zero(p: u32) -> Entry {
    Entry::ZeroBye(p)
}

pub fn opts(codes: &str) -> Options {
    Options {
        tiebreaks: bsw_standings::Code::parse_list(codes).unwrap(),
        group_tiebreaks: bsw_standings::code::default_group(),
        round: None,
        unrated_rating: None,
        rules: RuleVersion::Fide2026,
    }
}

pub fn opts2024(codes: &str) -> Options {
    Options {
        rules: RuleVersion::Fide2024,
        ..opts(codes)
    }
}

/// The value of `code` for `id` as a float (all test values are exact in binary).
pub fn val(st: &Standings, id: u32, code: &str) -> Option<f64> {
    st.value(id, code)
        .unwrap_or_else(|| panic!("no {code} for {id}"))
        .as_f64()
}

#[track_caller]
pub fn check(st: &Standings, id: u32, code: &str, expected: f64) {
    assert_eq!(val(st, id, code), Some(expected), "{code} of player {id}");
}

pub fn order(st: &Standings) -> Vec<u32> {
    st.rows.iter().map(|r| r.id).collect()
}

pub fn points(st: &Standings, id: u32) -> f64 {
    st.row(id).unwrap().points as f64 / 2.0
}

pub fn undefined(st: &Standings, id: u32, code: &str) -> bool {
    st.value(id, code) == Some(Value::Undefined)
}

//! Builders for tournaments written in code (the core tests never read files).
#![allow(dead_code)]

use bsw_model::{Config, Entry, Outcome, Player, Row, Tournament};
use bsw_standings::{Options, RuleVersion, Standings, Value};

/// Players `(id, rating)` in entry order, named `P<id>`.
pub(crate) fn tournament(
    players: &[(u32, u32)],
    rounds: u32,
    rows: Vec<(u32, Entry)>,
) -> Tournament {
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
            Row { round, board, entry }
        })
        .collect();
    Tournament {
        config: Config { rounds: Some(rounds), ..Config::default() },
        players: players
            .iter()
            .map(|&(id, rating)| Player { id, name: format!("P{id}"), rating, ..Player::default() })
            .collect(),
        rows,
    }
}

/// A game with a result code of `rounds.csv` (`""` = not played yet).
pub(crate) fn g(white: u32, black: u32, code: &str) -> Entry {
    let result =
        if code.is_empty() { None } else { Some(Outcome::from_code(code).expect("result code")) };
    Entry::Game { white, black, result }
}

pub(crate) fn bye(p: u32) -> Entry {
    Entry::Bye(p)
}
pub(crate) fn half(p: u32) -> Entry {
    Entry::HalfBye(p)
}
pub(crate) fn zero(p: u32) -> Entry {
    Entry::ZeroBye(p)
}

pub(crate) fn opts(codes: &str) -> Options {
    Options {
        tiebreaks: bsw_standings::Code::parse_list(codes).unwrap(),
        group_tiebreaks: bsw_standings::code::default_group(),
        round: None,
        unrated_rating: None,
        rules: RuleVersion::Fide2026,
    }
}

pub(crate) fn opts2024(codes: &str) -> Options {
    Options { rules: RuleVersion::Fide2024, ..opts(codes) }
}

/// The value of `code` for `id` as a float (all test values are exact in binary).
pub(crate) fn val(st: &Standings, id: u32, code: &str) -> Option<f64> {
    st.value(id, code).unwrap_or_else(|| panic!("no {code} for {id}")).as_f64()
}

#[track_caller]
pub(crate) fn check(st: &Standings, id: u32, code: &str, expected: f64) {
    assert_eq!(val(st, id, code), Some(expected), "{code} of player {id}");
}

/// [`check`] of one player's values, `(code, expected)` each.
#[track_caller]
pub(crate) fn check_player(st: &Standings, id: u32, expected: &[(&str, f64)]) {
    for &(code, value) in expected {
        check(st, id, code, value);
    }
}

/// [`check`] of one code's values, `(player, expected)` each.
#[track_caller]
pub(crate) fn check_code(st: &Standings, code: &str, expected: &[(u32, f64)]) {
    for &(id, value) in expected {
        check(st, id, code, value);
    }
}

pub(crate) fn order(st: &Standings) -> Vec<u32> {
    st.rows.iter().map(|r| r.id).collect()
}

pub(crate) fn points(st: &Standings, id: u32) -> f64 {
    st.row(id).unwrap().points as f64 / 2.0
}

pub(crate) fn undefined(st: &Standings, id: u32, code: &str) -> bool {
    st.value(id, code) == Some(Value::Undefined)
}

/// A tournament from a compact cross-table, one line per player in entry order:
/// `id rating tok tok …`, one token per round, TRF-like: `8w1` (against 8, White, won),
/// `13b=`, `5w+` / `5b-` (forfeit win / loss; `-` on both sides = double forfeit), `H` half-
/// point bye, `U` or `F` full-point bye, `Z` absent (no row). Each game is taken from the
/// White player's token.
pub(crate) fn from_cross_table(text: &str, rounds: u32) -> Tournament {
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    let token = |id: u32, round: u32| -> &str {
        let l = lines.iter().find(|l| l[0].parse::<u32>().unwrap() == id).unwrap();
        l[1 + round as usize]
    };
    let mut rows = Vec::new();
    for r in 1..=rounds {
        for l in &lines {
            let me: u32 = l[0].parse().unwrap();
            let tok = l[1 + r as usize];
            let entry = match tok {
                "H" => Some(Entry::HalfBye(me)),
                "U" | "F" => Some(Entry::Bye(me)),
                "Z" => None,
                _ => {
                    let res = &tok[tok.len() - 1..];
                    let colour = &tok[tok.len() - 2..tok.len() - 1];
                    let opp: u32 = tok[..tok.len() - 2].parse().unwrap();
                    if colour != "w" {
                        None
                    } else {
                        let o = match res {
                            "1" => Outcome::WhiteWin,
                            "0" => Outcome::BlackWin,
                            "=" => Outcome::Draw,
                            "+" => Outcome::WhiteForfeitWin,
                            "-" if token(opp, r).ends_with('+') => Outcome::BlackForfeitWin,
                            "-" => Outcome::DoubleForfeit,
                            _ => panic!("bad token {tok}"),
                        };
                        Some(Entry::Game { white: me, black: opp, result: Some(o) })
                    }
                }
            };
            if let Some(e) = entry {
                rows.push((r, e));
            }
        }
    }
    let players: Vec<(u32, u32)> =
        lines.iter().map(|l| (l[0].parse().unwrap(), l[1].parse().unwrap())).collect();
    tournament(&players, rounds, rows)
}

/// `1 + the number of players strictly ahead on (points, DE)`: ranks with ties shared, as
/// FIDE exercises print them when DE is the only tiebreak.
pub(crate) fn shared_rank_by_de(st: &Standings, id: u32) -> usize {
    let me = st.row(id).unwrap();
    let de = |r: &bsw_standings::Row| r.tiebreaks[0].as_ratio().unwrap();
    1 + st
        .rows
        .iter()
        .filter(|r| r.points > me.points || (r.points == me.points && de(r) < de(me)))
        .count()
}

/// Rows round by round, one string a round (rounds 1, 2, …), its entries in board order and
/// separated by commas: `W-B CODE` a game with a result code of `rounds.csv` (`W-B` alone:
/// not played yet), `bye P` a pairing-allocated bye, `half P` / `zero P` a half- or
/// zero-point bye.
pub(crate) fn rounds(rounds: &[&str]) -> Vec<(u32, Entry)> {
    let mut rows = Vec::new();
    for (k, text) in rounds.iter().enumerate() {
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            let (head, rest) = item.split_once(' ').unwrap_or((item, ""));
            let id = || rest.parse().unwrap_or_else(|_| panic!("bad player in {item}"));
            let entry = match head {
                "bye" => bye(id()),
                "half" => half(id()),
                "zero" => zero(id()),
                _ => {
                    let (w, b) = head.split_once('-').unwrap_or_else(|| panic!("bad game {item}"));
                    g(w.parse().unwrap(), b.parse().unwrap(), rest)
                }
            };
            rows.push((k as u32 + 1, entry));
        }
    }
    rows
}

//! Helpers for building tournaments in tests (no files).
#![allow(dead_code)]

use bsw_model::{Config, Entry, Outcome, Player, Row, Tournament};

/// Players with ids 1..=n and strictly descending ratings (TPN = id).
pub(crate) fn players(n: u32) -> Vec<Player> {
    bsw_model::test_support::players(n, 2500, 10)
}

pub(crate) fn swiss(n: u32, rounds: u32) -> Tournament {
    Tournament {
        config: Config { rounds: Some(rounds), ..Default::default() },
        players: players(n),
        rows: vec![],
    }
}

/// Appends a round given as (white, black, result code) games and byes (black 0 = `bye`).
pub(crate) fn add_round(t: &mut Tournament, games: &[(u32, u32, &str)]) {
    let round = t.last_round() + 1;
    for (i, &(w, b, res)) in games.iter().enumerate() {
        let entry = if b == 0 {
            match res {
                "half-bye" => Entry::HalfBye(w),
                "zero-bye" => Entry::ZeroBye(w),
                _ => Entry::Bye(w),
            }
        } else {
            Entry::Game { white: w, black: b, result: Outcome::from_code(res) }
        };
        t.rows.push(Row { round, board: i as u32 + 1, entry });
    }
}

/// Pairs the next round and returns it as (white, black) with 0 for a bye/absence's black.
pub(crate) fn pair(t: &Tournament) -> Vec<(u32, u32, &'static str)> {
    pair_rows(&bsw_engine::berger_swiss::pair_next_round(t).expect("pairing").rows)
}

/// Pairs the next round and appends it with the given results in board order.
pub(crate) fn pair_and_play(t: &mut Tournament, results: &[&str]) -> Vec<(u32, u32, &'static str)> {
    let paired = bsw_engine::berger_swiss::pair_next_round(t).expect("pairing");
    let mut games = 0;
    for mut row in paired.rows.clone() {
        if let Entry::Game { white, black, .. } = row.entry {
            row.entry = Entry::Game { white, black, result: Outcome::from_code(results[games]) };
            games += 1;
        }
        t.rows.push(row);
    }
    pair_rows(&paired.rows)
}

/// Rows as (white, black, "") games and (player, 0, kind) byes and absences.
fn pair_rows(rows: &[Row]) -> Vec<(u32, u32, &'static str)> {
    rows.iter()
        .map(|row| match row.entry {
            Entry::Game { white, black, .. } => (white, black, ""),
            Entry::Bye(p) => (p, 0, "bye"),
            Entry::HalfBye(p) => (p, 0, "half-bye"),
            Entry::ZeroBye(p) => (p, 0, "zero-bye"),
            Entry::FullBye(p) => (p, 0, "full-bye"),
        })
        .collect()
}

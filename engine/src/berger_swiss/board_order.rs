//! SPEC §8.5: board order. Scheduled Berger games (group order, table order), Swiss games by
//! (higher score desc, sum desc, better Swiss position asc), Berger byes (group order, table
//! order), the Swiss bye, then requested absences by TPN.

use bsw_model::{Entry, HalfPoints, Row};

/// A Swiss game: (white, black, higher score, sum of scores, better Swiss position).
pub(crate) struct SwissGame {
    pub white: u32,
    pub black: u32,
    pub high: HalfPoints,
    pub sum: HalfPoints,
    pub best_position: usize,
}

/// What goes on the boards of one round, before numbering.
#[derive(Default)]
pub(crate) struct RoundParts {
    pub berger_games: Vec<Entry>,
    pub swiss_games: Vec<SwissGame>,
    pub berger_byes: Vec<Entry>,
    pub swiss_bye: Option<Entry>,
    /// (TPN, absence row)
    pub absences: Vec<(u32, Entry)>,
}

pub(crate) fn number(round: u32, mut parts: RoundParts) -> Vec<Row> {
    parts.swiss_games.sort_by(|a, b| {
        b.high.cmp(&a.high).then(b.sum.cmp(&a.sum)).then(a.best_position.cmp(&b.best_position))
    });
    parts.absences.sort_by_key(|(tpn, _)| *tpn);
    let swiss = parts.swiss_games.iter().map(|g| Entry::Game {
        white: g.white,
        black: g.black,
        result: None,
    });
    parts
        .berger_games
        .into_iter()
        .chain(swiss)
        .chain(parts.berger_byes)
        .chain(parts.swiss_bye)
        .chain(parts.absences.into_iter().map(|(_, e)| e))
        .enumerate()
        .map(|(i, entry)| Row { round, board: i as u32 + 1, entry })
        .collect()
}

//! Crosstables, as chess-results shows them for a Swiss-Manager event.
//!
//! - [`swiss`]: one line per player in the order of a ranked [`Standings`] table, one cell per
//!   round: the opponent's *rank* in that table, the colour (`w`/`b`) and the result from the
//!   player's side (`1`, `½`, `0`; `+`/`-` for a win/loss without play). A round without an
//!   opponent shows `-` then what it scored: `-1` a bye, `-½` a half-point absence, `-0` a
//!   zero-point absence; an empty cell means the player had no row that round (withdrawn).
//!   A game still without a result shows the opponent and colour only.
//! - [`round_robin`]: the table of one original Berger group, its members in the order of the
//!   group standings, cell (i, j) = the results of row player i against column player j over
//!   the games of the counted rounds (several games are written one after the other).
//!
//! Pure data, no formatting beyond the cell texts; the CLI and the HTML report lay them out.

use crate::{GroupStandings, Standings};
use bsw_model::{Entry, HalfPoints, Id, Outcome, Row, RowPoints, Tournament};
use std::collections::HashMap;

/// The colour a player had in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    /// `w` or `b`.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }
}

/// One round of one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A game (played or not). `result` is `None` while the game has no result.
    Game {
        opponent: Id,
        /// The opponent's rank in the table the crosstable follows (`None` when the opponent
        /// is not in it).
        opponent_rank: Option<u32>,
        colour: Colour,
        result: Option<&'static str>,
    },
    /// `bye` (1), `half-bye` (½) or `zero-bye` (0): no opponent.
    NoOpponent { points: HalfPoints },
    /// No row for this player in this round.
    Empty,
}

/// The result of a game from one side: `1`, `½`, `0`, `+`, `-`.
pub fn result_symbol(o: Outcome, colour: Colour) -> &'static str {
    let (w, b) = o.points();
    let mine = if colour == Colour::White { w } else { b };
    match (o.played(), mine) {
        (true, 2) => "1",
        (true, 1) => "½",
        (true, _) => "0",
        (false, 2) => "+",
        (false, _) => "-",
    }
}

fn points_symbol(p: HalfPoints) -> &'static str {
    match p {
        2 => "1",
        1 => "½",
        _ => "0",
    }
}

impl Cell {
    /// The cell as chess-results writes it: `5w1`, `12b½`, `3w+`, `-1`, `-½`, `-0`, `7b`, ``.
    pub fn text(&self) -> String {
        match self {
            Cell::Game { opponent, opponent_rank, colour, result } => {
                let who =
                    opponent_rank.map(|r| r.to_string()).unwrap_or_else(|| format!("#{opponent}"));
                format!("{who}{}{}", colour.letter(), result.unwrap_or(""))
            }
            Cell::NoOpponent { points } => format!("-{}", points_symbol(*points)),
            Cell::Empty => String::new(),
        }
    }
}

/// One line of the Swiss crosstable.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub rank: u32,
    pub id: Id,
    pub name: String,
    pub rating: u32,
    pub points: HalfPoints,
    /// One cell per round 1..=`Crosstable::round`.
    pub cells: Vec<Cell>,
}

/// The Swiss crosstable of a whole field.
#[derive(Clone, Debug, PartialEq)]
pub struct Crosstable {
    /// Rounds shown (those of the standings).
    pub round: u32,
    pub lines: Vec<Line>,
}

/// The cell of `player` in one row of `rounds.csv`, or `None` when the row is not theirs.
fn cell_of(row: &Row, worth: &RowPoints, player: Id, rank_of: &HashMap<Id, u32>) -> Option<Cell> {
    let entry = &row.entry;
    match *entry {
        Entry::Game { white, black, result } if white == player || black == player => {
            let (colour, opponent) =
                if white == player { (Colour::White, black) } else { (Colour::Black, white) };
            Some(Cell::Game {
                opponent,
                opponent_rank: rank_of.get(&opponent).copied(),
                colour,
                result: result.map(|o| result_symbol(o, colour)),
            })
        }
        Entry::Bye(p) | Entry::HalfBye(p) | Entry::ZeroBye(p) | Entry::FullBye(p)
            if p == player =>
        {
            Some(Cell::NoOpponent { points: worth.of(row, p).unwrap_or(0) })
        }
        _ => None,
    }
}

/// The Swiss crosstable over the rounds of `standings` (its lines in its order).
pub fn swiss(t: &Tournament, standings: &Standings) -> Crosstable {
    let rank_of: HashMap<Id, u32> = standings.rows.iter().map(|r| (r.id, r.rank)).collect();
    let n = standings.round;
    let mut cells: HashMap<Id, Vec<Cell>> =
        standings.rows.iter().map(|r| (r.id, vec![Cell::Empty; n as usize])).collect();
    let worth = t.row_points();
    for row in t.rows.iter().filter(|row| row.round >= 1 && row.round <= n) {
        for p in row.entry.players() {
            if let (Some(list), Some(cell)) = (cells.get_mut(&p), cell_of(row, &worth, p, &rank_of))
            {
                list[row.round as usize - 1] = cell;
            }
        }
    }
    Crosstable {
        round: n,
        lines: standings
            .rows
            .iter()
            .map(|r| Line {
                rank: r.rank,
                id: r.id,
                name: r.name.clone(),
                rating: r.rating,
                points: r.points,
                cells: cells.remove(&r.id).unwrap_or_default(),
            })
            .collect(),
    }
}

/// The round-robin table of one Berger group.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupTable {
    /// 1-based group number.
    pub group: u32,
    /// Members in the order of the group standings: (rank, id, name, rating, points).
    pub members: Vec<(u32, Id, String, u32, HalfPoints)>,
    /// `results[i][j]`: what member i scored against member j, game by game (`1`, `½`, `0`,
    /// `+`, `-`, or `*` for a game without result), empty when they did not meet; the
    /// diagonal is empty.
    pub results: Vec<Vec<String>>,
}

/// The round-robin table of `group` over its rounds.
pub fn round_robin(t: &Tournament, group: &GroupStandings) -> GroupTable {
    let st = &group.standings;
    let index: HashMap<Id, usize> = st.rows.iter().enumerate().map(|(i, r)| (r.id, i)).collect();
    let k = st.rows.len();
    let mut results = vec![vec![String::new(); k]; k];
    for row in t.rows.iter().filter(|row| row.round <= st.round) {
        if let Entry::Game { white, black, result } = row.entry {
            let (Some(&i), Some(&j)) = (index.get(&white), index.get(&black)) else {
                continue;
            };
            let (a, b) = match result {
                Some(o) => (result_symbol(o, Colour::White), result_symbol(o, Colour::Black)),
                None => ("*", "*"),
            };
            results[i][j].push_str(a);
            results[j][i].push_str(b);
        }
    }
    GroupTable {
        group: group.group,
        members: st
            .rows
            .iter()
            .map(|r| (r.rank, r.id, r.name.clone(), r.rating, r.points))
            .collect(),
        results,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_as_on_chess_results() {
        let game = |colour, o: Option<Outcome>| Cell::Game {
            opponent: 9,
            opponent_rank: Some(12),
            colour,
            result: o.map(|o| result_symbol(o, colour)),
        };
        assert_eq!(game(Colour::White, Some(Outcome::WhiteWin)).text(), "12w1");
        assert_eq!(game(Colour::Black, Some(Outcome::Draw)).text(), "12b½");
        assert_eq!(game(Colour::Black, Some(Outcome::WhiteWin)).text(), "12b0");
        assert_eq!(game(Colour::Black, Some(Outcome::WhiteForfeitWin)).text(), "12b-");
        assert_eq!(game(Colour::White, Some(Outcome::WhiteForfeitWin)).text(), "12w+");
        assert_eq!(game(Colour::White, Some(Outcome::DoubleForfeit)).text(), "12w-");
        assert_eq!(game(Colour::White, None).text(), "12w");
        assert_eq!(Cell::NoOpponent { points: 2 }.text(), "-1");
        assert_eq!(Cell::NoOpponent { points: 1 }.text(), "-½");
        assert_eq!(Cell::NoOpponent { points: 0 }.text(), "-0");
        assert_eq!(Cell::Empty.text(), "");
        let outside =
            Cell::Game { opponent: 9, opponent_rank: None, colour: Colour::White, result: None };
        assert_eq!(outside.text(), "#9w");
    }
}

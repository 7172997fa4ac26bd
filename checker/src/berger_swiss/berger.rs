//! SPEC §4 / FIDE-REFERENCE §2: the FIDE Berger tables, by their closed form.
//!
//! N players; n = N rounded up to even (number n is the phantom when N is odd), h = n/2,
//! m = n-1 rounds. Round r, board 1: player n against f₁ = (r+1)/2 (odd r) or h + r/2 (even
//! r); n has Black in odd rounds and White in even rounds. Board k ≥ 2: White =
//! f_k = ((r-1)·h + k - 1) mod m + 1, Black = ((r - f_k) mod m) + 1.
//!
//! [`check_scheduled`] certifies the groups on their schedule in a round against their table
//! (rule 4; a missing bye for the opponent of a withdrawn player is rule 6, a bye row with the
//! wrong points rule 3).

use super::round::Round;
use crate::HashMap;
use crate::HashMapExt as _;
use crate::report::{Colours, Evidence, ExpectedBye, PublishedRow, Rule, Violation};
use bsw_model::{Entry, Id, Row};

/// The boards of round `r` (1-based) of the table for `k` players, in board order, as
/// (White, Black) Berger numbers. When k is odd, number k+1 is the phantom (a bye).
/// Returns an empty list for a round outside 1..=schedule_len(k) or k < 2.
pub fn round(k: u32, r: u32) -> Vec<(u32, u32)> {
    let n = k + k % 2;
    if n < 2 || r == 0 || r > n - 1 {
        return Vec::new();
    }
    let h = n / 2;
    let m = n - 1;
    let mut boards = Vec::with_capacity(h as usize);
    let f1 = if r % 2 == 1 { r.div_ceil(2) } else { h + r / 2 };
    boards.push(if r % 2 == 1 { (f1, n) } else { (n, f1) });
    for board in 2..=h {
        let f = ((r - 1) * h + board - 1) % m + 1;
        let black = ((r as i64 - f as i64).rem_euclid(m as i64)) as u32 + 1;
        boards.push((f, black));
    }
    boards
}

/// What a Berger group on its schedule must publish for one table board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Expected {
    Game {
        white: Id,
        black: Id,
    },
    /// Bye against the phantom number.
    PhantomBye(Id),
    /// Bye because the scheduled opponent withdrew (SPEC §6).
    WithdrawnOpponentBye {
        player: Id,
        opponent: Id,
    },
    /// Nothing: a game or bye of withdrawn players, struck.
    Struck,
}

/// What the Berger table of round `r` asks of a group numbered `numbers`, board by board:
/// (White number, Black number, expected row).
pub(crate) fn expected_entries(
    numbers: &[Id],
    r: u32,
    withdrawn: &dyn Fn(Id) -> bool,
) -> Vec<(u32, u32, Expected)> {
    let k = numbers.len() as u32;
    let pl = |n: u32| {
        if n <= k { Some(numbers[n as usize - 1]) } else { None }
    };
    round(k, r)
        .into_iter()
        .map(|(wn, bn)| {
            let e = match (pl(wn), pl(bn)) {
                (Some(w), Some(bl)) => match (withdrawn(w), withdrawn(bl)) {
                    (false, false) => Expected::Game { white: w, black: bl },
                    (false, true) => Expected::WithdrawnOpponentBye { player: w, opponent: bl },
                    (true, false) => Expected::WithdrawnOpponentBye { player: bl, opponent: w },
                    (true, true) => Expected::Struck,
                },
                (Some(x), None) | (None, Some(x)) => {
                    if withdrawn(x) {
                        Expected::Struck
                    } else {
                        Expected::PhantomBye(x)
                    }
                }
                (None, None) => Expected::Struck,
            };
            (wn, bn, e)
        })
        .collect()
}

/// Whether the round publishes `e` exactly (same colours, a full-point bye).
pub(crate) fn published_as_expected(round: &Round, e: Expected) -> bool {
    match e {
        Expected::Game { white, black } => matches!(
            round.row_of(white),
            Some(Row { entry: Entry::Game { white: w, black: b, .. }, .. }) if w == white && b == black
        ),
        Expected::PhantomBye(x) | Expected::WithdrawnOpponentBye { player: x, .. } => {
            matches!(round.row_of(x), Some(Row { entry: Entry::Bye(p), .. }) if p == x)
        }
        Expected::Struck => true,
    }
}

/// The players of a row as a key: (smaller id, larger id) for a game, (id, None) for a bye.
pub(crate) type RowKey = (Id, Option<Id>);

/// The key of a row's players.
pub(crate) fn row_key(entry: &Entry) -> RowKey {
    match *entry {
        Entry::Game { white, black, .. } => (white.min(black), Some(white.max(black))),
        Entry::Bye(p) | Entry::HalfBye(p) | Entry::ZeroBye(p) | Entry::FullBye(p) => (p, None),
    }
}

/// Where a row of a group on its schedule sits in its table (what §8.5 orders it by).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TableSlot {
    /// The group (0-based).
    pub(crate) group: usize,
    /// The table board (1-based).
    pub(crate) board: usize,
    /// A bye (against the phantom, or for the opponent of a withdrawn player).
    pub(crate) bye: bool,
}

/// The tables of the groups on their schedule in a round: their violations, and the table
/// slot of each scheduled row (by [`row_key`]).
pub(crate) struct ScheduledTables {
    pub(crate) violations: Vec<Violation>,
    pub(crate) slots: HashMap<RowKey, TableSlot>,
}

/// Rules 4 (and 6, 3 for byes): every board of the table of each group on its schedule is
/// published with its colours; byes against the phantom and for opponents of withdrawn
/// players are full-point byes.
pub(crate) fn check_scheduled(round: &Round, numbers: &[Vec<Id>]) -> ScheduledTables {
    let r = round.r;
    let mut out = ScheduledTables { violations: Vec::new(), slots: HashMap::new() };
    let withdrawn = |id: Id| round.withdrawn(id);
    for (g, numbers) in numbers.iter().enumerate() {
        if !round.group_on_schedule(g) {
            continue;
        }
        for (b, (wn, bn, expected)) in
            expected_entries(numbers, r, &withdrawn).into_iter().enumerate()
        {
            let board = b + 1;
            match expected {
                Expected::Game { white, black } => {
                    out.slots.insert(
                        (white.min(black), Some(white.max(black))),
                        TableSlot { group: g, board, bye: false },
                    );
                    let got = round.row_of(white);
                    let reversed = matches!(got, Some(Row { entry: Entry::Game { white: w, black: bl, .. }, .. }) if w == black && bl == white);
                    let (group, table_board) = (g + 1, board);
                    let expected_game = Colours { white, black };
                    let violation = if reversed {
                        Some((
                            format!(
                                "group {group}: Berger table round {r} board {board} gives White to {white} (Berger number {wn}) against {black} ({bn}); the colours are reversed"
                            ),
                            Evidence::TableGameReversed {
                                group,
                                table_board,
                                expected: expected_game,
                                published: got.as_ref().map(PublishedRow::from),
                            },
                        ))
                    } else if !published_as_expected(round, expected) {
                        Some((
                            format!(
                                "group {group}: Berger table round {r} board {board} schedules {white}–{black} (Berger numbers {wn}–{bn}), not what was published"
                            ),
                            Evidence::TableGame {
                                group,
                                table_board,
                                expected: expected_game,
                                published: [
                                    round.row_of(white).as_ref().map(PublishedRow::from),
                                    round.row_of(black).as_ref().map(PublishedRow::from),
                                ],
                            },
                        ))
                    } else {
                        None
                    };
                    if let Some((message, evidence)) = violation {
                        out.violations.push(Violation::new(
                            Rule::Berger,
                            vec![white, black],
                            message,
                            evidence,
                        ));
                    }
                }
                Expected::PhantomBye(x) | Expected::WithdrawnOpponentBye { player: x, .. } => {
                    out.slots.insert((x, None), TableSlot { group: g, board, bye: true });
                    if published_as_expected(round, expected) {
                        continue;
                    }
                    let got = round.row_of(x);
                    let (rule, why) = match expected {
                        Expected::WithdrawnOpponentBye { opponent, .. } => (
                            Rule::Withdrawals,
                            format!("a bye, as the scheduled opponent {opponent} has withdrawn"),
                        ),
                        _ => (
                            Rule::Berger,
                            "the scheduled bye (against the phantom number)".to_string(),
                        ),
                    };
                    // A bye row that awards the wrong points is rule 3.
                    let rule = if matches!(
                        got,
                        Some(Row { entry: Entry::HalfBye(_) | Entry::ZeroBye(_), .. })
                    ) {
                        Rule::Results
                    } else {
                        rule
                    };
                    out.violations.push(Violation::new(
                        rule,
                        vec![x],
                        format!(
                            "group {}: Berger table round {r} board {board}: player {x} must get {why}",
                            g + 1
                        ),
                        Evidence::TableBye {
                            group: g + 1,
                            table_board: board,
                            expected: ExpectedBye { bye: x },
                            published: got.as_ref().map(PublishedRow::from),
                        },
                    ));
                }
                Expected::Struck => {}
            }
        }
    }
    out
}

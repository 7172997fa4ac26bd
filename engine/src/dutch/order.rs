//! C.04.3 Article 1: what the rules know about each player before the round — score,
//! pairing number, colour difference and preference (1.6, 1.7), floats of the last two
//! rounds (1.4), opponents met, eligibility for the pairing-allocated bye (C.04.1 rule 4,
//! criterion C2) — and the pairing order (1.2: score descending, pairing number ascending).

use bsw_model::{Colour, Entry, HalfPoints, Id, Tournament};
use std::collections::{HashMap, HashSet};

/// Direction of a player's float in an earlier round (1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Float {
    Down,
    Up,
    None,
}

/// What one round was for one player.
#[derive(Clone, Copy, Debug)]
enum Cell {
    /// Played over the board.
    Played { opp: usize, colour: Colour },
    /// Paired but not played (forfeit): no meeting, no colour.
    Forfeit { points: HalfPoints },
    /// A bye of any kind or an absence, with the points it gave (a pairing-allocated bye:
    /// `pab_points`); a downfloat when that is more than a loss (1.4.3).
    Unpaired { points: HalfPoints },
    /// No row (not yet in the event, or withdrawn).
    Nothing,
}

/// One player as the Dutch rules see them before the round.
#[derive(Clone, Debug)]
pub(crate) struct Player {
    pub id: Id,
    /// Index in the tournament's player list.
    pub index: usize,
    /// 0-based rank by pairing number among the players taken into account (bbpPairings'
    /// "rank index"; parity decides 5.2.5).
    pub rank: usize,
    /// The pairing score: points plus the round's virtual points (`acceleration`).
    pub score: HalfPoints,
    /// The points alone (the pairing score without virtual points): board order.
    pub points: HalfPoints,
    /// Played games with White minus with Black (1.6).
    pub colour_diff: i32,
    /// Colours of the played games, oldest first.
    pub colours: Vec<Colour>,
    /// The colour preference (1.7), if any.
    pub pref: Option<Colour>,
    /// |colour difference| > 1.
    pub abs_imbalance: bool,
    /// Same colour in the two latest played games: that colour.
    pub repeated: Option<Colour>,
    /// Absolute preference (1.7.1).
    pub absolute: bool,
    /// Strong preference (1.7.2).
    pub strong: bool,
    /// Floats one and two rounds before.
    pub float1: Float,
    pub float2: Float,
    /// May receive the pairing-allocated bye (C2).
    pub bye_eligible: bool,
    /// Games played over the board.
    pub played: usize,
}

impl Player {
    pub(crate) fn imbalance(&self) -> u32 {
        self.colour_diff.unsigned_abs()
    }
}

/// Players of round `r` (everyone present and not withdrawn), with the facts above, plus
/// the set of pairs that already met over the board.
pub(crate) struct Field {
    pub players: Vec<Player>,
    /// Played meetings, as pairs of indices into `players`.
    pub met: HashSet<(usize, usize)>,
}

impl Field {
    pub(crate) fn met(&self, a: usize, b: usize) -> bool {
        self.met.contains(&(a.min(b), a.max(b)))
    }
}

/// Builds the field of round `r`: players sorted in the pairing order (score descending,
/// pairing number ascending).
pub(crate) fn field(t: &Tournament, r: u32) -> Field {
    let n = t.players.len();
    let pos = t.index_by_id();
    let rounds = (r - 1) as usize;
    // The pairing-allocated bye scores `pab_points` (bsw_model::RowPoints).
    let worth = t.row_points();
    let (cells, participated) = history(t, r, &pos, &worth);
    let virtual_points = super::acceleration::Virtual::of(t);
    let score_at = pairing_scores(t, r, &pos, &worth, &virtual_points);
    // Who has a `bye` row before this round (any round number: C2 below), found in one
    // pass over the rows, not one per player (100,000 players, 150,000 rows).
    let mut bye_row = vec![false; n];
    for row in &t.rows {
        if let Entry::Bye(p) = row.entry
            && row.round < r
            && let Some(&i) = pos.get(&p)
        {
            bye_row[i] = true;
        }
    }
    let absent = |i: usize| {
        let p = &t.players[i];
        p.withdrawn_by(r) || p.absent(r)
    };
    // Players taken into account: present now, or paired at some earlier round.
    let mut order: Vec<usize> = (0..n).filter(|&i| !absent(i) || participated[i]).collect();
    // Pairing numbers: the SPEC §1 order in a directory, start numbers in a TRF
    // (bsw_model::layout::dutch_pairing_ids).
    let number = pairing_numbers(t);
    order.sort_by_key(|&i| number.get(&t.players[i].id).copied().unwrap_or(usize::MAX));
    let rank_of: HashMap<usize, usize> = order.iter().enumerate().map(|(k, &i)| (i, k)).collect();
    let float = |i: usize, back: usize| -> Float {
        if rounds < back {
            return Float::None;
        }
        float_in(&cells, &score_at, i, rounds - back)
    };
    let mut players: Vec<Player> = Vec::new();
    for &i in &order {
        if absent(i) {
            continue;
        }
        let c = ColourFacts::of(&cells[i]);
        // C2 (C.04.1 rule 4): no PAB after a win's points scored without playing (a forfeit
        // win, a full-point bye) nor after any `bye` row, whatever the PAB was worth.
        let bye_eligible = cells[i].iter().all(|c| match *c {
            Cell::Forfeit { points } => points < 2,
            Cell::Unpaired { points } => points < 2,
            _ => true,
        }) && !bye_row[i];
        players.push(Player {
            id: t.players[i].id,
            index: i,
            rank: rank_of[&i],
            score: score_at[i][rounds],
            points: score_at[i][rounds] - virtual_points.points(t.players[i].id, r),
            colour_diff: c.diff,
            pref: c.pref,
            abs_imbalance: c.diff.unsigned_abs() > 1,
            repeated: c.repeated,
            absolute: c.absolute(),
            strong: !c.absolute() && c.diff != 0,
            colours: c.colours,
            float1: float(i, 1),
            float2: float(i, 2),
            bye_eligible,
            played: cells[i].iter().filter(|c| matches!(c, Cell::Played { .. })).count(),
        });
    }
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
    let met = met_pairs(&players, &cells);
    Field { players, met }
}

/// What each round before `r` was for each player (by entry index), and who took part in
/// some earlier round (a game or a `bye` row).
fn history(
    t: &Tournament,
    r: u32,
    pos: &HashMap<Id, usize>,
    worth: &bsw_model::RowPoints,
) -> (Vec<Vec<Cell>>, Vec<bool>) {
    let n = t.players.len();
    let mut cells = vec![vec![Cell::Nothing; (r - 1) as usize]; n];
    let mut participated = vec![false; n];
    for row in &t.rows {
        if row.round == 0 || row.round >= r {
            continue;
        }
        let k = (row.round - 1) as usize;
        match row.entry {
            Entry::Game { white, black, result } => {
                let (Some(&w), Some(&b)) = (pos.get(&white), pos.get(&black)) else {
                    continue;
                };
                participated[w] = true;
                participated[b] = true;
                let played = result.is_some_and(|o| o.played());
                let (pw, pb) = result.map(|o| o.points()).unwrap_or((0, 0));
                if played {
                    cells[w][k] = Cell::Played { opp: b, colour: Colour::White };
                    cells[b][k] = Cell::Played { opp: w, colour: Colour::Black };
                } else {
                    cells[w][k] = Cell::Forfeit { points: pw };
                    cells[b][k] = Cell::Forfeit { points: pb };
                }
            }
            Entry::Bye(p) => {
                if let Some(&i) = pos.get(&p) {
                    participated[i] = true;
                    // The pairing-allocated bye scores `pab_points` (1, ½ or 0), a requested
                    // full-point bye a win: 1.4.3 gives a downfloat only above a loss.
                    cells[i][k] = Cell::Unpaired { points: worth.of(row, p).unwrap_or(2) };
                }
            }
            Entry::HalfBye(p) => {
                if let Some(&i) = pos.get(&p) {
                    cells[i][k] = Cell::Unpaired { points: 1 };
                }
            }
            // The arbiter's full-point bye: a win without playing (a downfloat, 1.4.3; no
            // PAB afterwards, C2), not a round the player was paired in.
            Entry::FullBye(p) => {
                if let Some(&i) = pos.get(&p) {
                    cells[i][k] = Cell::Unpaired { points: 2 };
                }
            }
            Entry::ZeroBye(p) => {
                if let Some(&i) = pos.get(&p) {
                    cells[i][k] = Cell::Unpaired { points: 0 };
                }
            }
        }
    }
    (cells, participated)
}

/// Each player's pairing score before each round 1..=r (index k: before round k + 1), from
/// the rows' points; the score before round k + 1 adds that round's virtual points
/// (C.04.5.1, `acceleration`), for floats and brackets.
fn pairing_scores(
    t: &Tournament,
    r: u32,
    pos: &HashMap<Id, usize>,
    worth: &bsw_model::RowPoints,
    virtual_points: &super::acceleration::Virtual,
) -> Vec<Vec<HalfPoints>> {
    let n = t.players.len();
    let rounds = (r - 1) as usize;
    let mut per_round = vec![vec![0 as HalfPoints; rounds]; n];
    for row in &t.rows {
        if row.round == 0 || row.round >= r {
            continue;
        }
        let k = (row.round - 1) as usize;
        for id in row.entry.players() {
            if let (Some(&i), Some(p)) = (pos.get(&id), worth.of(row, id)) {
                per_round[i][k] += p;
            }
        }
    }
    let mut score_at = vec![vec![0 as HalfPoints; rounds + 1]; n];
    for i in 0..n {
        for k in 0..rounds {
            score_at[i][k + 1] = score_at[i][k] + per_round[i][k];
        }
        let id = t.players[i].id;
        for (k, s) in score_at[i].iter_mut().enumerate() {
            *s += virtual_points.points(id, k as u32 + 1);
        }
    }
    score_at
}

/// Player `i`'s float in round k + 1 (1.4): against a higher or lower pairing score, or
/// points without a game (more than a loss: a downfloat).
fn float_in(cells: &[Vec<Cell>], score_at: &[Vec<HalfPoints>], i: usize, k: usize) -> Float {
    match cells[i][k] {
        Cell::Played { opp, .. } => {
            let (a, b) = (score_at[i][k], score_at[opp][k]);
            if a > b {
                Float::Down
            } else if a < b {
                Float::Up
            } else {
                Float::None
            }
        }
        Cell::Forfeit { points } | Cell::Unpaired { points } => {
            if points > 0 {
                Float::Down
            } else {
                Float::None
            }
        }
        Cell::Nothing => Float::None,
    }
}

/// A player's colours (1.6, 1.7) from the rounds played.
struct ColourFacts {
    colours: Vec<Colour>,
    /// Whites minus blacks.
    diff: i32,
    pref: Option<Colour>,
    /// Same colour in the two latest played games: that colour.
    repeated: Option<Colour>,
}

impl ColourFacts {
    fn of(cells: &[Cell]) -> ColourFacts {
        let colours: Vec<Colour> = cells
            .iter()
            .filter_map(|c| match *c {
                Cell::Played { colour, .. } => Some(colour),
                _ => None,
            })
            .collect();
        let whites = colours.iter().filter(|&&c| c == Colour::White).count() as i32;
        let blacks = colours.len() as i32 - whites;
        let diff = whites - blacks;
        let last = colours.last().copied();
        let streak = colours.iter().rev().take_while(|&&c| Some(c) == last).count();
        let lower = if whites > blacks { Colour::Black } else { Colour::White };
        let imbalance = diff.unsigned_abs();
        let pref = if imbalance > 1 {
            Some(lower)
        } else if streak > 1 {
            last.map(Colour::other)
        } else if imbalance > 0 {
            Some(lower)
        } else {
            last.map(Colour::other)
        };
        let repeated = if streak > 1 { last } else { None };
        ColourFacts { colours, diff, pref, repeated }
    }

    /// Absolute preference (1.7.1).
    fn absolute(&self) -> bool {
        self.diff.unsigned_abs() > 1 || self.repeated.is_some()
    }
}

/// The pairs that met over the board, as indices into the sorted `players`.
fn met_pairs(players: &[Player], cells: &[Vec<Cell>]) -> HashSet<(usize, usize)> {
    let at: HashMap<usize, usize> = players.iter().enumerate().map(|(k, p)| (p.index, k)).collect();
    let mut met = HashSet::new();
    for (k, p) in players.iter().enumerate() {
        for c in &cells[p.index] {
            if let Cell::Played { opp, .. } = *c
                && let Some(&o) = at.get(&opp)
            {
                met.insert((k.min(o), k.max(o)));
            }
        }
    }
    met
}

/// Each player's 0-based position by pairing number (`bsw_model::layout::dutch_pairing_ids`).
fn pairing_numbers(t: &Tournament) -> HashMap<Id, usize> {
    bsw_model::layout::dutch_pairing_ids(t).into_iter().enumerate().map(|(k, id)| (id, k)).collect()
}

/// The initial colour as round 1 shows it (module docs of `bsw_model::system`): the colour
/// of the first player by pairing number who was paired in a game of round 1, inverted when
/// an odd number of players paired in round 1 (games and the bye) stand before. `None` when
/// round 1 had no game: the colour was never shown, and the one drawn from the seed (which
/// paired the first round with games) stays in force — a later round's games do not show
/// it, since their colours also follow the players' preferences and ranks of that round.
pub(crate) fn inferred_initial_colour(t: &Tournament) -> Option<Colour> {
    let first = 1;
    if !t.round_rows(first).any(|row| matches!(row.entry, Entry::Game { .. })) {
        return None;
    }
    let mut paired: HashMap<Id, Colour> = HashMap::new();
    let mut seen: HashSet<Id> = HashSet::new();
    for row in &t.rows {
        if row.round > first {
            continue;
        }
        match row.entry {
            Entry::Game { white, black, .. } => {
                seen.insert(white);
                seen.insert(black);
                if row.round == first {
                    paired.insert(white, Colour::White);
                    paired.insert(black, Colour::Black);
                }
            }
            Entry::Bye(p) => {
                seen.insert(p);
            }
            _ => {}
        }
    }
    let number = pairing_numbers(t);
    let mut ids: Vec<Id> = seen.into_iter().collect();
    ids.sort_unstable_by_key(|id| (number.get(id).copied().unwrap_or(usize::MAX), *id));
    for (k, id) in ids.iter().enumerate() {
        if let Some(&c) = paired.get(id) {
            return Some(if k % 2 == 1 { c.other() } else { c });
        }
    }
    None
}

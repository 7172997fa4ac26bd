//! Data model of a Berger-Swiss tournament: players, configuration, rounds and results,
//! plus the file formats that carry them (tournament directories of SPEC §12 and TRF).
//!
//! Deliberately absent: pairing rules. Nothing here knows about Berger tables, the Swiss
//! order, colours or byes eligibility; the engine and the checker derive those independently.
//! [`layout`] holds the one shared derivation of SPEC §1/§2 (TPN order, group memberships
//! after swaps) that reading, validation, standings and the harness need. What *is* here is the meaning of each result code (SPEC §3 table: points,
//! whether the game was played), because that is what the file formats encode.
//!
//! All points are integer half-points ([`HalfPoints`], win = 2).

pub mod error;
pub mod io;
pub mod layout;
pub mod system;
#[cfg(feature = "test-support")]
pub mod test_support;
pub mod trf;

use std::collections::{HashMap, HashSet};

pub use error::InputError;
pub use system::{Acceleration, Colour, DutchConfig, System};

/// A player's id as written in `players.csv` (positive, unique).
pub type Id = u32;
/// Points counted in half-points: win = 2, draw = 1, loss = 0.
pub type HalfPoints = i32;

/// Half-points as people write them: 0, ½, 1, 1½ …
pub fn half_points(h: HalfPoints) -> String {
    let sign = if h < 0 { "-" } else { "" };
    let a = h.unsigned_abs();
    match (a / 2, a % 2) {
        (0, 1) => format!("{sign}½"),
        (w, 0) => format!("{sign}{w}"),
        (w, _) => format!("{sign}{w}½"),
    }
}

/// One row of `players.csv`. Row order is entry order.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Player {
    pub id: Id,
    pub name: String,
    /// 0 = unrated.
    pub rating: u32,
    /// Late entry (FIDE C.04.2, Dutch events only): the first round in which the player is
    /// paired; every earlier round is a zero-point absence unless `half_byes` lists it.
    /// `None`: the player is paired from round 1.
    pub enters: Option<u32>,
    /// First round in which the player is no longer paired.
    pub withdrawn_from: Option<u32>,
    /// Rounds of requested half-point absences (SPEC §9), ascending, no duplicates.
    pub half_byes: Vec<u32>,
    /// Rounds of requested zero-point absences (SPEC §9), ascending, no duplicates.
    pub zero_byes: Vec<u32>,
    /// Optional TRF fields, empty when unknown.
    pub title: String,
    pub sex: String,
    pub federation: String,
    pub fide_id: String,
    pub birth_date: String,
}

impl Player {
    /// Whether the player is withdrawn by round `r` (`withdrawn_from <= r`).
    pub fn withdrawn_by(&self, r: u32) -> bool {
        self.withdrawn_from.is_some_and(|w| w <= r)
    }

    /// Whether round `r` comes before the player's late entry (`r < enters`).
    pub fn before_entry(&self, r: u32) -> bool {
        self.enters.is_some_and(|k| r < k)
    }

    /// Whether the player is absent from round `r` with zero points: a requested zero-point
    /// absence, or a round before a late entry that `half_byes` does not list.
    pub fn zero_absence(&self, r: u32) -> bool {
        self.zero_byes.contains(&r) || (self.before_entry(r) && !self.half_byes.contains(&r))
    }

    /// Whether the player is absent from round `r` by request or before a late entry (a
    /// half- or zero-point absence), withdrawals aside.
    pub fn absent(&self, r: u32) -> bool {
        self.half_byes.contains(&r) || self.zero_absence(r)
    }

    /// The row the player's own request makes for round `r` (the `half_byes` and
    /// `zero_byes` columns): `half-bye` or `zero-bye`; late entry and withdrawal aside.
    pub fn requested_absence(&self, r: u32) -> Option<Entry> {
        if self.half_byes.contains(&r) {
            Some(Entry::HalfBye(self.id))
        } else if self.zero_byes.contains(&r) {
            Some(Entry::ZeroBye(self.id))
        } else {
            None
        }
    }
}

/// `tournament.toml`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Config {
    pub name: Option<String>,
    /// Total rounds R; `None` means "the initial phase P" (only allowed with groups).
    pub rounds: Option<u32>,
    /// Seed of the draw (SPEC §4), 0..2^63-1.
    pub seed: u64,
    /// Sizes of the Berger groups, from the top of the TPN list. Empty = plain Swiss.
    pub groups: Vec<u32>,
    /// Membership exchanges applied before the draw, in order.
    pub swaps: Vec<(Id, Id)>,
    /// Tiebreak codes for the Swiss standings; `None` = the defaults of SPEC §10.
    pub tiebreaks: Option<Vec<String>>,
    /// TRF header records kept verbatim from an imported TRF file (city, federation, dates,
    /// arbiters, rate of play, round dates, `092`/`192` system, `XXC`, comments, …), so
    /// that `bsw trf export` writes them back. `tournament.toml` key `trf_header`; empty for
    /// events that did not come from a TRF file. See `bsw_model::trf`.
    pub trf_header: Vec<String>,
    /// The pairing system (`system` key; default Berger-Swiss). See [`system`].
    pub system: System,
    /// Accelerated pairing (`acceleration` key, TRF `XXA` records or a Baku tournament type;
    /// default none). Used by the Dutch system only. See [`Acceleration`].
    pub acceleration: Acceleration,
}

/// Result of a game between two players (SPEC §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Outcome {
    /// `1-0`
    WhiteWin,
    /// `0-1`
    BlackWin,
    /// `1/2-1/2`
    Draw,
    /// `+/-`: White wins without play.
    WhiteForfeitWin,
    /// `-/+`: Black wins without play.
    BlackForfeitWin,
    /// `-/-`: double loss without play.
    DoubleForfeit,
}

impl Outcome {
    pub const ALL: [Outcome; 6] = [
        Outcome::WhiteWin,
        Outcome::BlackWin,
        Outcome::Draw,
        Outcome::WhiteForfeitWin,
        Outcome::BlackForfeitWin,
        Outcome::DoubleForfeit,
    ];

    /// The code used in `rounds.csv`.
    pub fn code(self) -> &'static str {
        match self {
            Outcome::WhiteWin => "1-0",
            Outcome::BlackWin => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::WhiteForfeitWin => "+/-",
            Outcome::BlackForfeitWin => "-/+",
            Outcome::DoubleForfeit => "-/-",
        }
    }

    pub fn from_code(s: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.code() == s)
    }

    /// Points of (White, Black) in half-points.
    pub fn points(self) -> (HalfPoints, HalfPoints) {
        match self {
            Outcome::WhiteWin | Outcome::WhiteForfeitWin => (2, 0),
            Outcome::BlackWin | Outcome::BlackForfeitWin => (0, 2),
            Outcome::Draw => (1, 1),
            Outcome::DoubleForfeit => (0, 0),
        }
    }

    /// Played over the board (counts for colours, meetings and WNT).
    pub fn played(self) -> bool {
        matches!(self, Outcome::WhiteWin | Outcome::BlackWin | Outcome::Draw)
    }
}

/// What one row of `rounds.csv` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    /// A game; `result` is `None` while not played yet.
    Game { white: Id, black: Id, result: Option<Outcome> },
    /// `bye`: a full point without play (Swiss pairing bye, scheduled Berger bye, or bye for a
    /// withdrawn opponent).
    Bye(Id),
    /// `half-bye`: requested absence scored ½ (SPEC §9).
    HalfBye(Id),
    /// `zero-bye`: requested absence scored 0 (SPEC §9).
    ZeroBye(Id),
    /// `full-bye`: a full point without play that the arbiter gave (TRF `0000 - F`), not the
    /// pairing-allocated bye: FIDE (Dutch) events only (the Berger-Swiss system has no such
    /// bye, SPEC §3). Unplayed; it blocks a later pairing-allocated bye as any win scored
    /// without playing does (C.04.1 rule 4), but is not one.
    FullBye(Id),
}

impl Entry {
    /// The same entry with every player id `p` replaced by `f(p)` (renumbering a
    /// tournament, as the TRF export of a Dutch event does).
    pub fn map_ids(self, f: impl Fn(Id) -> Id) -> Entry {
        match self {
            Entry::Game { white, black, result } => {
                Entry::Game { white: f(white), black: f(black), result }
            }
            Entry::Bye(p) => Entry::Bye(f(p)),
            Entry::HalfBye(p) => Entry::HalfBye(f(p)),
            Entry::ZeroBye(p) => Entry::ZeroBye(f(p)),
            Entry::FullBye(p) => Entry::FullBye(f(p)),
        }
    }

    /// The players named by this row (one or two).
    pub fn players(&self) -> impl Iterator<Item = Id> {
        let (a, b) = match *self {
            Entry::Game { white, black, .. } => (white, Some(black)),
            Entry::Bye(p) | Entry::HalfBye(p) | Entry::ZeroBye(p) | Entry::FullBye(p) => (p, None),
        };
        std::iter::once(a).chain(b)
    }

    /// Points awarded to `player` by this row, `None` when the game has no result yet or the
    /// player is not in it.
    pub fn points_of(&self, player: Id) -> Option<HalfPoints> {
        match *self {
            Entry::Game { white, black, result } => {
                let (w, b) = result?.points();
                if player == white {
                    Some(w)
                } else if player == black {
                    Some(b)
                } else {
                    None
                }
            }
            Entry::Bye(p) | Entry::FullBye(p) if p == player => Some(2),
            Entry::HalfBye(p) if p == player => Some(1),
            Entry::ZeroBye(p) if p == player => Some(0),
            _ => None,
        }
    }

    /// The `result` field of `rounds.csv` for this row.
    pub fn result_code(&self) -> &'static str {
        match *self {
            Entry::Game { result: Some(o), .. } => o.code(),
            Entry::Game { result: None, .. } => "",
            Entry::Bye(_) => "bye",
            Entry::HalfBye(_) => "half-bye",
            Entry::ZeroBye(_) => "zero-bye",
            Entry::FullBye(_) => "full-bye",
        }
    }

    /// An entry the arbiter makes before the round is paired, which keeps its player out of
    /// the pairing: `half-bye`, `zero-bye`, `full-bye`.
    pub fn is_pre_entry(&self) -> bool {
        matches!(self, Entry::HalfBye(_) | Entry::ZeroBye(_) | Entry::FullBye(_))
    }
}

/// What rows are worth to their players ([`Tournament::row_points`]): [`Entry::points_of`],
/// except that the pairing-allocated bye of a Dutch tournament scores `pab_points` (C.04.1:
/// 1, ½ or 0; default 1). The arbiter's full-point bye ([`Entry::FullBye`]) stays a win.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowPoints {
    /// (round, player) of each pairing-allocated bye.
    pabs: HashSet<(u32, Id)>,
    pab_points: HalfPoints,
}

impl RowPoints {
    /// Whether `row` is a pairing-allocated bye of a Dutch tournament.
    pub fn is_pab(&self, row: &Row) -> bool {
        matches!(row.entry, Entry::Bye(p) if self.pabs.contains(&(row.round, p)))
    }

    /// Points of `player` from `row` (`None`: no result yet, or not the player's row).
    pub fn of(&self, row: &Row, player: Id) -> Option<HalfPoints> {
        if self.is_pab(row) {
            return row.entry.players().any(|p| p == player).then_some(self.pab_points);
        }
        row.entry.points_of(player)
    }
}

/// One row of `rounds.csv`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    pub round: u32,
    pub board: u32,
    pub entry: Entry,
}

impl Row {
    /// The rows of round `round` that put `entries` on boards 1, 2, … in their order.
    pub fn on_boards(
        round: u32,
        entries: impl IntoIterator<Item = Entry>,
    ) -> impl Iterator<Item = Row> {
        (1..).zip(entries).map(move |(board, entry)| Row { round, board, entry })
    }
}

/// A whole tournament: what a tournament directory (or a TRF file) holds.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Tournament {
    pub config: Config,
    /// In entry order.
    pub players: Vec<Player>,
    /// Rows of `rounds.csv`, rounds ascending, boards ascending within a round.
    pub rows: Vec<Row>,
}

impl Tournament {
    /// Highest round that has rows (0 when none).
    pub fn last_round(&self) -> u32 {
        self.rows.iter().map(|r| r.round).max().unwrap_or(0)
    }

    /// Rows of round `r`, in file order.
    pub fn round_rows(&self, r: u32) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(move |row| row.round == r)
    }

    pub fn player(&self, id: Id) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// Each player's position in `players` (entry order), by id.
    pub fn index_by_id(&self) -> HashMap<Id, usize> {
        self.players.iter().enumerate().map(|(i, p)| (p.id, i)).collect()
    }

    /// What each row is worth, with the pairing-allocated bye of a Dutch tournament scored
    /// `pab_points` ([`RowPoints`]).
    pub fn row_points(&self) -> RowPoints {
        let Some(d) = self.config.system.dutch() else {
            return RowPoints { pabs: HashSet::new(), pab_points: 2 };
        };
        // The pairing-allocated bye of a round is its `bye` row on the highest board (the
        // Dutch engine writes one bye, after the games; TRF export writes it `U`). The
        // arbiter's full-point bye is its own entry, `full-bye` (TRF `F`).
        let mut last: HashMap<u32, (u32, Id)> = HashMap::new();
        for row in &self.rows {
            if let Entry::Bye(p) = row.entry {
                let e = last.entry(row.round).or_insert((row.board, p));
                if row.board >= e.0 {
                    *e = (row.board, p);
                }
            }
        }
        RowPoints {
            pabs: last.into_iter().map(|(r, (_, p))| (r, p)).collect(),
            pab_points: d.pab_points,
        }
    }

    /// The round entered ahead of its pairing in a FIDE (Dutch) event, if any
    /// ([`Tournament::entered_ahead`]; `None` in a Berger-Swiss event, whose requested
    /// absences are `players.csv` fields, SPEC §9). Its pairing keeps those players out and
    /// their entries (the JaVaFo/bbpPairings convention for a cell of the next round).
    pub fn pre_entered_round(&self) -> Option<u32> {
        self.config.system.dutch().and_then(|_| self.entered_ahead())
    }

    /// The last round with rows, when every row of it is an entry the arbiter makes before
    /// the pairing ([`Entry::is_pre_entry`]: a requested `half-bye` or `zero-bye`, the
    /// arbiter's `full-bye`) and some player not withdrawn by then has no row in it (a paired
    /// round has a row for each), whatever the system.
    pub fn entered_ahead(&self) -> Option<u32> {
        let last = self.last_round();
        if last == 0 || !self.round_rows(last).all(|row| row.entry.is_pre_entry()) {
            return None;
        }
        let named: HashSet<Id> =
            self.round_rows(last).flat_map(|row| row.entry.players()).collect();
        self.players.iter().any(|p| !p.withdrawn_by(last) && !named.contains(&p.id)).then_some(last)
    }

    /// Rounds paired so far: [`Tournament::last_round`] less a pre-entered round
    /// ([`Tournament::pre_entered_round`]); the next round to pair is this plus one.
    pub fn paired_rounds(&self) -> u32 {
        self.last_round() - u32::from(self.pre_entered_round().is_some())
    }

    /// The tournament as the pairing of its next round reads it, when that round was
    /// entered ahead ([`Tournament::pre_entered_round`]; `None` otherwise): its rows are
    /// taken out and become requests of their players — a `half-bye` in `half_byes`, a
    /// `zero-bye` or a `full-bye` in `zero_byes` (a player not paired that round) — and the
    /// players of its `full-bye` rows are returned, for the paired round to give their rows
    /// back.
    pub fn with_pre_entries_as_requests(&self) -> Option<(Tournament, Vec<Id>)> {
        let r = self.pre_entered_round()?;
        let mut t = self.clone();
        t.rows.retain(|row| row.round != r);
        let mut full = Vec::new();
        for row in self.round_rows(r) {
            let (id, half) = match row.entry {
                Entry::HalfBye(p) => (p, true),
                Entry::ZeroBye(p) => (p, false),
                Entry::FullBye(p) => {
                    full.push(p);
                    (p, false)
                }
                Entry::Game { .. } | Entry::Bye(_) => continue,
            };
            if let Some(p) = t.players.iter_mut().find(|p| p.id == id) {
                let list = if half { &mut p.half_byes } else { &mut p.zero_byes };
                if !list.contains(&r) {
                    list.push(r);
                    list.sort_unstable();
                }
                if half {
                    p.zero_byes.retain(|&x| x != r);
                } else {
                    p.half_byes.retain(|&x| x != r);
                }
            }
        }
        Some((t, full))
    }

    /// Games of rounds `1..=r` that still lack a result, as (round, board, white, black).
    pub fn missing_results(&self, up_to: u32) -> Vec<(u32, u32, Id, Id)> {
        self.rows
            .iter()
            .filter(|row| row.round <= up_to)
            .filter_map(|row| match row.entry {
                Entry::Game { white, black, result: None } => {
                    Some((row.round, row.board, white, black))
                }
                _ => None,
            })
            .collect()
    }
}

//! The FIDE (Dutch) System, C.04.3 as applied from 1 February 2026 (the text approved in
//! 2024, handbook chapter C0403202507), one module per part of the rules:
//!
//! - [`acceleration`]: C.04.5.1 Baku acceleration and explicit accelerated points, the
//!   virtual points [`order`] adds to the pairing scores;
//! - [`order`]: Article 1 — scores, pairing numbers, colour differences and preferences,
//!   floats, bye eligibility, the pairing order;
//! - [`absolute`]: the absolute criteria C1-C3;
//! - [`pab`]: the pairing-allocated bye (C2, C5, C9);
//! - [`quality`]: C4 and C6-C21 as the bit fields of one matching weight;
//! - [`candidates`]: Articles 3-4 — brackets, MDPs, remainder, S1/S2, exchanges and
//!   transpositions, chosen by maximum-weight matching (never by enumeration);
//!   [`next_group`]: C8 with the next score group as one vertex when one player floats;
//! - [`colours`]: 5.2; [`board_order`]: the published order;
//! - [`explain`]: `--explain`, why each bracket's candidate won (post hoc, slow).
//!
//! Where the text leaves room, bbpPairings v6.0.0 (`--dutch`) decides; the readings are
//! listed in `docs/dutch.md`.

pub(crate) mod absolute;
pub mod acceleration;
pub(crate) mod board_order;
pub(crate) mod bracket;
pub(crate) mod candidates;
pub(crate) mod classwise;
pub(crate) mod colours;
pub(crate) mod explain;
pub(crate) mod failure;
pub(crate) mod matcher;
pub(crate) mod next_group;
pub(crate) mod order;
pub(crate) mod pab;
pub(crate) mod quality;
pub(crate) mod rest;
#[cfg(test)]
mod testing;
pub(crate) mod weight;

pub use candidates::Stats as BracketStats;
pub use explain::MAX_SHOWN;
pub use failure::WholeField;
pub use matcher::Work;

use bsw_model::{Colour, DutchConfig, Entry, Id, Row, Tournament};

/// Why the next Dutch round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DutchError {
    /// An earlier round still lacks results: (round, board, white, black).
    IncompleteRound(Vec<(u32, u32, Id, Id)>),
    /// All rounds have been paired.
    Finished { rounds: u32 },
    /// C1-C3 leave no pairing of all players but at most one (who must be bye-eligible).
    NoValidPairing { round: u32 },
    /// A bracket needs more criterion bits than the engine's fixed weight width.
    TooManyScoreGroups { round: u32, bits: u32 },
    /// A dense matching larger than the engine builds: a bracket that needs the whole field
    /// with more than [`MAX_PLAYERS`] players unpaired, or a bracket and the next score group
    /// of more than [`MAX_BRACKET`].
    TooManyPlayers { round: u32, players: usize },
    /// A bracket the restricted matching cannot pair exactly (`why`) needs the whole field,
    /// with more than [`MAX_PLAYERS`] players unpaired.
    WholeFieldTooLarge { round: u32, players: usize, why: WholeField },
}

/// The largest field the engine pairs **on the whole field** (dense weight matrices of 2 × 64
/// bytes per pair of players, a matching close to O(n³)): a round is refused only when one of
/// its brackets needs that path with more players unpaired (`candidates`, the restricted
/// matching; `docs/dutch.md`, Speed).
pub const MAX_PLAYERS: usize = 2000;

/// The largest restricted matching (a bracket with the next score group) the engine builds
/// **densely**: two dense matrices of 64-byte weights, about 2 GB at this size. Restricted
/// brackets take the class model ([`bracket::model`]: the same matcher, no matrix) by default,
/// so only the dense path forced by tests can meet this limit.
pub const MAX_BRACKET: usize = 4000;

impl std::fmt::Display for DutchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DutchError::IncompleteRound(m) => write!(
                f,
                "cannot pair the next round: {} game(s) of earlier rounds still lack a result",
                m.len()
            ),
            DutchError::Finished { rounds } => {
                write!(f, "the event is finished: all {rounds} rounds are paired")
            }
            DutchError::NoValidPairing { round } => write!(
                f,
                "round {round}: no pairing satisfies C1-C3 (no rematch, bye eligibility, absolute colours); the arbiter must decide"
            ),
            DutchError::TooManyScoreGroups { round, bits } => write!(
                f,
                "round {round}: a bracket needs {bits}-bit weights, more than the engine supports"
            ),
            DutchError::WholeFieldTooLarge { round, players, why } => write!(
                f,
                "round {round}: a bracket must be paired on the whole field because {why}, and {players} players are unpaired there, more than the {MAX_PLAYERS} the whole-field matching takes; the engine cannot pair this round (pair it with another program, e.g. bbpPairings, and please report the event: docs/dutch.md, The restricted matching)"
            ),
            DutchError::TooManyPlayers { round, players } => write!(
                f,
                "round {round}: pairing it needs a matching of {players} players larger than the Dutch engine handles (at most {MAX_PLAYERS} on the whole field; a bracket with the next score group is matched without a matrix at any size; docs/dutch.md, Speed)"
            ),
        }
    }
}

impl std::error::Error for DutchError {}

/// The paired round: rows in board order (games without result, then the pairing-allocated
/// bye, then the requested absences of the round).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DutchRound {
    pub round: u32,
    pub rows: Vec<Row>,
    /// Bracket by bracket: residents and MDPs, the MDPs paired, S1/S2, exchanges, the
    /// pairs; from [`pair_next_round_explained`] also the chosen candidate's criteria values
    /// and the criterion that rejected each earlier candidate ([`explain`]), otherwise each
    /// S1 player's more preferred opponents with the evident reason (C1, C3, taken).
    pub explain: Vec<String>,
    /// How the round was paired (`bsw bench`'s statistics).
    pub stats: DutchStats,
}

/// How a Dutch round was paired: its brackets and the matchers' work (what explains a slow
/// round; `bsw bench` writes them in `bench.csv`). Counting only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DutchStats {
    pub brackets: BracketStats,
    pub work: Work,
}

/// The initial colour (5.2.5) for `t`: the configured one, else the one the played rounds
/// show, else drawn from the seed.
pub fn initial_colour(t: &Tournament, cfg: &DutchConfig) -> Colour {
    cfg.initial_colour
        .or_else(|| order::inferred_initial_colour(t))
        .unwrap_or_else(|| bsw_model::system::drawn_initial_colour(t.config.seed))
}

/// Pairs round `t.last_round() + 1` by the Dutch system.
pub fn pair_next_round(t: &Tournament, cfg: &DutchConfig) -> Result<DutchRound, DutchError> {
    pair_round(t, cfg, false, candidates::Path::Auto).map(|x| x.0)
}

/// [`pair_next_round`] for `--explain`: the same round, and per bracket the chosen
/// candidate's criteria values and the criterion that rejected each earlier candidate
/// ([`explain`]; one matching per candidate explained, so slower).
pub fn pair_next_round_explained(
    t: &Tournament,
    cfg: &DutchConfig,
) -> Result<DutchRound, DutchError> {
    pair_round(t, cfg, true, candidates::Path::Auto).map(|x| x.0)
}

/// [`pair_next_round`] with the brackets matched as `path` says (tests compare the restricted
/// matching with the whole-field one), and how the round was paired.
#[cfg(test)]
pub(crate) fn pair_next_round_by(
    t: &Tournament,
    cfg: &DutchConfig,
    path: candidates::Path,
) -> Result<(DutchRound, candidates::Stats), DutchError> {
    pair_round(t, cfg, false, path)
}

fn pair_round(
    t: &Tournament,
    cfg: &DutchConfig,
    deep: bool,
    path: candidates::Path,
) -> Result<(DutchRound, candidates::Stats), DutchError> {
    let missing = t.missing_results(t.last_round());
    if !missing.is_empty() {
        return Err(DutchError::IncompleteRound(missing));
    }
    let r = t.last_round() + 1;
    let total = t.config.rounds.unwrap_or(r).max(1);
    if r > total {
        return Err(DutchError::Finished { rounds: total });
    }
    let initial = initial_colour(t, cfg);
    let field = order::field(t, r);
    let rounds_before = r - 1;
    let last_round = rounds_before + 1 >= total;
    // Every matcher of the round is dropped (its work counted) before `pair_by` returns.
    let work_before = matcher::work_so_far();
    let out =
        candidates::pair_by(&field, candidates::Request { rounds_before, last_round, deep, path })
            .map_err(|e| match e {
                candidates::Failure::NoPairing => DutchError::NoValidPairing { round: r },
                candidates::Failure::TooWide(bits) => {
                    DutchError::TooManyScoreGroups { round: r, bits }
                }
                candidates::Failure::TooManyPlayers(players) => {
                    DutchError::TooManyPlayers { round: r, players }
                }
                candidates::Failure::WholeField { players, why } => {
                    DutchError::WholeFieldTooLarge { round: r, players, why }
                }
            })?;
    let stats = out.stats;
    let work = matcher::work_so_far().since(&work_before);
    let mut pairs = out.pairs;
    board_order::sort_pairs(&field.players, &mut pairs);
    let mut rows = Vec::new();
    for (h, l) in pairs {
        let (ph, pl) = (&field.players[h], &field.players[l]);
        let (white, black) = match colours::colour_of_higher(ph, pl, initial) {
            Colour::White => (ph.id, pl.id),
            Colour::Black => (pl.id, ph.id),
        };
        rows.push(Entry::Game { white, black, result: None });
    }
    if let Some(b) = out.bye {
        rows.push(Entry::Bye(field.players[b].id));
    }
    for p in &t.players {
        if p.withdrawn_by(r) {
            continue;
        }
        if p.half_byes.contains(&r) {
            rows.push(Entry::HalfBye(p.id));
        } else if p.zero_absence(r) {
            rows.push(Entry::ZeroBye(p.id));
        }
    }
    let round = DutchRound {
        round: r,
        explain: out.explain,
        rows: Row::on_boards(r, rows).collect(),
        stats: DutchStats { brackets: stats, work },
    };
    Ok((round, stats))
}

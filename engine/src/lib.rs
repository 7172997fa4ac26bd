//! The pairing engines: the Berger-Swiss system (SPEC.md §1-9, [`berger_swiss`]) and the
//! FIDE (Dutch) System 2026 ([`dutch`]). No I/O.
//!
//! Entry point: [`pair`], which pairs the next round by the system the tournament declares
//! and returns one [`Round`] (or a [`PairError`]); nothing outside this crate chooses an
//! engine. Each system is its own module tree, its rules one module each, named after the
//! section of its rule book (SPEC.md for [`berger_swiss`], C.04.3 for [`dutch`]). Both ask
//! "does a complete pairing exist?" of [`matching`], a general (non-bipartite) maximum
//! matching on an implicit graph.
//!
//! Deliberately absent: I/O, floats, randomness other than the seeded draw, and any
//! exponential search. Every "does a complete pairing exist?" is a general matching on an
//! implicit graph (the allowed pairs are never stored), so 100,000-player fields pair.

// The crate docs describe the internals too (`cargo doc --document-private-items`).
#![allow(rustdoc::private_intra_doc_links)]

pub mod berger_swiss;
pub mod dutch;
pub(crate) mod matching;

pub use berger_swiss::{EngineError, Level, SearchStats, SwissReport};

use bsw_model::{Id, Row, Tournament};

pub use bsw_model::half_points;

/// Why [`pair`] could not pair the next round, whatever the system. Callers ask what they
/// need to know ([`PairError::no_valid_pairing`], [`PairError::refused_absence`],
/// [`PairError::kind`]) and print it with `Display`; which engine refused stays inside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairError {
    /// The Berger-Swiss engine ([`berger_swiss::pair_next_round`]).
    BergerSwiss(EngineError),
    /// The FIDE (Dutch) engine ([`dutch::pair_next_round`]).
    Dutch(dutch::DutchError),
}

impl PairError {
    /// The round that no pairing can satisfy: the system's absolute criteria leave none (the
    /// JaVaFo/bbpPairings convention's exit 1; the arbiter decides). The Berger-Swiss system
    /// always pairs a round that is due, so only the Dutch engine says this.
    pub fn no_valid_pairing(&self) -> Option<u32> {
        match self {
            PairError::Dutch(dutch::DutchError::NoValidPairing { round }) => Some(*round),
            _ => None,
        }
    }

    /// (round, player) of a requested absence the engine refuses: the player's Berger group
    /// is on its schedule that round (SPEC §9); a forfeit is entered instead.
    pub fn refused_absence(&self) -> Option<(u32, Id)> {
        match self {
            PairError::BergerSwiss(EngineError::AbsenceInBergerGroup { round, player, .. }) => {
                Some((*round, *player))
            }
            _ => None,
        }
    }

    /// The reason as one word (the error's variant name, e.g. `IncompleteRound`), for
    /// summaries that count failures by kind.
    pub fn kind(&self) -> String {
        // From Debug, so that a variant added later needs no change here.
        let debug = match self {
            PairError::BergerSwiss(e) => format!("{e:?}"),
            PairError::Dutch(e) => format!("{e:?}"),
        };
        debug.split(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap_or("").to_string()
    }
}

impl std::fmt::Display for PairError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PairError::BergerSwiss(e) => e.fmt(f),
            PairError::Dutch(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PairError {}

/// The next round as [`pair`] returns it, whatever the system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    pub round: u32,
    /// Rows in board order: games (result `None`), byes, absences.
    pub rows: Vec<Row>,
    /// Berger-Swiss: how its Swiss field was paired (`None` for a Dutch round, or a round
    /// without a Swiss field).
    pub swiss: Option<SwissReport>,
    /// Dutch: its brackets and the matchers' work (`None` for a Berger-Swiss round).
    pub dutch: Option<dutch::DutchStats>,
    /// Lines for people (`bsw pair --explain`): the round, then per system why it was paired
    /// so (Berger-Swiss: levels, bye receivers, statistics; Dutch: bracket by bracket).
    pub explain: Vec<String>,
}

/// Pairs round `t.paired_rounds() + 1` (a round entered ahead keeps its entries, Dutch
/// events only) by the system `t` declares (`t.config.system`): the one
/// entry point of the engine for the CLI, the harness and the benchmarks.
pub fn pair(t: &Tournament) -> Result<Round, PairError> {
    pair_as(t, false)
}

/// [`pair`] with the deeper explanation of `--explain` (Dutch: each bracket's candidates
/// and the criterion that rejected each, one matching per candidate, so slower). The round
/// is the same as [`pair`]'s.
pub fn pair_explained(t: &Tournament) -> Result<Round, PairError> {
    pair_as(t, true)
}

fn pair_as(t: &Tournament, deep: bool) -> Result<Round, PairError> {
    if let Some(cfg) = t.config.system.dutch() {
        // A round entered ahead (`Tournament::pre_entered_round`): its players are not
        // paired and keep their entries, as requests of the round; a `full-bye` is paired
        // as a zero-point absence and given back.
        let view = t.with_pre_entries_as_requests();
        let (t, full): (&Tournament, &[Id]) = match &view {
            Some((v, full)) => (v, full),
            None => (t, &[]),
        };
        let paired = if deep {
            dutch::pair_next_round_explained(t, cfg)
        } else {
            dutch::pair_next_round(t, cfg)
        };
        let mut r = paired.map_err(PairError::Dutch)?;
        for row in &mut r.rows {
            if let bsw_model::Entry::ZeroBye(p) = row.entry
                && full.contains(&p)
            {
                row.entry = bsw_model::Entry::FullBye(p);
            }
        }
        let mut explain = vec![format!("round {} (FIDE Dutch): {} rows", r.round, r.rows.len())];
        explain.extend(r.explain.into_iter().map(|line| format!("  {line}")));
        return Ok(Round {
            round: r.round,
            rows: r.rows,
            swiss: None,
            dutch: Some(r.stats),
            explain,
        });
    }
    let p = berger_swiss::pair_next_round(t).map_err(PairError::BergerSwiss)?;
    let mut explain = vec![format!("round {}: {} rows", p.round, p.rows.len())];
    match &p.swiss {
        None => explain.push("no Swiss field this round (only scheduled Berger games)".into()),
        Some(s) => {
            explain.push(format!("Swiss field: {} players", s.field_size));
            explain.extend(s.explain.iter().map(|line| format!("  {line}")));
        }
    }
    Ok(Round { round: p.round, rows: p.rows, swiss: p.swiss, dutch: None, explain })
}

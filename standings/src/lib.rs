//! Final and intermediate standings of a Berger-Swiss tournament with the FIDE tiebreaks
//! applied from 1 March 2026 (C.07; SPEC §10, FIDE-REFERENCE §1).
//!
//! Input is a [`bsw_model::Tournament`]; output is a [`Report`]: the standings of the whole
//! field (Swiss treatment, Art. 16 for unplayed rounds) and one table per original Berger
//! group, over the games inside the group (round-robin treatment, Art. 15.2).
//!
//! - Ranking: points, then the tiebreak list in order (each applied only to players still
//!   tied), then TPN.
//! - Codes: BH, BH-C1, BH-C2, BH-M1 (and M2), SB, SB-C1 (C2, M1), DE, WIN, WON, BPG, BWG, ARO,
//!   ARO-C1, TPR, PTP, KS, PS (PS-C1), TPN, RTNG. One module per family.
//! - Values are exact ([`Ratio`]: BH in half-points, SB in quarter-points, ARO/TPR/PTP
//!   integers); `f64` appears only in [`Value::as_f64`] for output.
//! - Rule version: [`RuleVersion::Fide2026`] (the default) adds the dummy caps of Art. 16.4;
//!   [`RuleVersion::Fide2024`] leaves them out.
//!
//! Deliberately not here: any I/O, any pairing logic (TPN and the group memberships come from
//! `bsw_model::layout`, not from the engine), team tiebreaks, FB/AOB/APRO/APPO/
//! STD/REP, and drawing of lots (ties that survive the list are broken by TPN).
//!
//! What each code was verified against is listed in `standings/README.md`.

mod buchholz;
pub mod code;
pub mod crosstable;
mod direct_encounter;
pub mod error;
mod koya;
mod modifiers;
mod progressive;
mod ranking;
pub mod rating_based;
mod sonneborn_berger;
mod table;
pub mod unplayed;
pub mod value;
mod wins;

pub use code::{Code, Cut, Kind};
pub use error::StandingsError;
pub use table::{group_members, initial_phase, total_rounds, tpn_order};
pub use value::{Ratio, Value};

use bsw_model::{HalfPoints, Id, Tournament};

/// Which text of C.07 Article 16 applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum RuleVersion {
    /// Applied from 1 Aug 2024: the dummy opponent's score is the player's own score.
    Fide2024,
    /// Applied from 1 March 2026: the dummy's score is capped (16.4.1, 16.4.2).
    #[default]
    Fide2026,
}

/// How a table treats rounds without a game over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Art. 16: unplayed rounds, dummy opponents, adjusted scores.
    Swiss,
    /// Art. 15.2: forfeits are games (except for rating-based tiebreaks and forfeit losses in
    /// Type B); a round without a game in the table contributes nothing.
    RoundRobin,
}

/// What to compute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Tiebreaks of the whole field, in order.
    pub tiebreaks: Vec<Code>,
    /// Tiebreaks of the Berger group tables, in order.
    pub group_tiebreaks: Vec<Code>,
    /// Standings after this round; `None` = the last round such that it and every earlier
    /// round are complete.
    pub round: Option<u32>,
    /// Rating used for unrated players by rating-based tiebreaks; `None` = refuse them.
    pub unrated_rating: Option<u32>,
    pub rules: RuleVersion,
}

impl Options {
    /// SPEC §10 defaults, or `tiebreaks` of `tournament.toml` for the whole field.
    pub fn for_tournament(t: &Tournament) -> Result<Options, StandingsError> {
        let tiebreaks = match &t.config.tiebreaks {
            Some(list) => list.iter().map(|s| Code::parse(s)).collect::<Result<_, _>>()?,
            None => code::default_swiss(),
        };
        Ok(Options {
            tiebreaks,
            group_tiebreaks: code::default_group(),
            round: None,
            unrated_rating: None,
            rules: RuleVersion::default(),
        })
    }
}

/// One line of a table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// 1-based position (ties are always broken, by TPN at the latest).
    pub rank: u32,
    pub id: Id,
    pub name: String,
    pub tpn: u32,
    pub rating: u32,
    /// Points in the table, half-points.
    pub points: HalfPoints,
    /// Wins over the board (SPEC §5).
    pub wnt: u32,
    /// One value per code of [`Standings::codes`].
    pub tiebreaks: Vec<Value>,
}

/// One ranked table.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// Rounds counted.
    pub round: u32,
    pub codes: Vec<Code>,
    pub rows: Vec<Row>,
}

impl Standings {
    /// The row of player `id`.
    pub fn row(&self, id: Id) -> Option<&Row> {
        self.rows.iter().find(|r| r.id == id)
    }

    /// The value of `code` (as written, e.g. `"BH-C1"`) for player `id`.
    pub fn value(&self, id: Id, code: &str) -> Option<Value> {
        let k = self.codes.iter().position(|c| c.to_string() == code)?;
        Some(self.row(id)?.tiebreaks[k])
    }
}

/// A group table.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupStandings {
    /// 1-based group number of `tournament.toml`.
    pub group: u32,
    pub standings: Standings,
}

/// Everything `bsw standings` shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub overall: Standings,
    pub groups: Vec<GroupStandings>,
}

/// The round standings are computed after by default: the last round `r` such that rounds
/// `1..=r` all have every result (0 when round 1 is incomplete or absent); a round entered
/// ahead and not paired yet is not one.
pub fn default_round(t: &Tournament) -> u32 {
    let last = t.paired_rounds();
    (1..=last).take_while(|&r| t.missing_results(r).iter().all(|m| m.0 != r)).last().unwrap_or(0)
}

fn chosen_round(t: &Tournament, opts: &Options) -> Result<u32, StandingsError> {
    match opts.round {
        None => Ok(default_round(t)),
        Some(r) => {
            let last = t.last_round();
            if r > last {
                return Err(StandingsError::RoundOutOfRange { round: r, last });
            }
            let missing = t.missing_results(r);
            if let Some(first) = missing.first() {
                let round = first.0;
                return Err(StandingsError::IncompleteRound {
                    round,
                    missing: missing.into_iter().filter(|m| m.0 == round).collect(),
                });
            }
            Ok(r)
        }
    }
}

/// The whole-field standings (Swiss treatment).
pub fn standings(t: &Tournament, opts: &Options) -> Result<Standings, StandingsError> {
    let n = chosen_round(t, opts)?;
    let table = table::Table::swiss(t, n, opts.rules, opts.unrated_rating)?;
    ranking::standings(&table, &opts.tiebreaks)
}

/// The table of each original Berger group (round-robin treatment).
pub fn group_standings(
    t: &Tournament,
    opts: &Options,
) -> Result<Vec<GroupStandings>, StandingsError> {
    let n = chosen_round(t, opts)?;
    group_members(t)?
        .iter()
        .enumerate()
        .map(|(g, members)| {
            let table = table::Table::group(t, members, n, opts.rules, opts.unrated_rating)?;
            Ok(GroupStandings {
                group: g as u32 + 1,
                standings: ranking::standings(&table, &opts.group_tiebreaks)?,
            })
        })
        .collect()
}

/// Whole-field standings and group tables.
pub fn report(t: &Tournament, opts: &Options) -> Result<Report, StandingsError> {
    Ok(Report { overall: standings(t, opts)?, groups: group_standings(t, opts)? })
}

/// Art. 16.2 category of each of player `id`'s rounds `1..=round` in the whole-field (Swiss)
/// table; `None` = played over the board.
pub fn unplayed_categories(
    t: &Tournament,
    round: u32,
    id: Id,
) -> Result<Vec<Option<unplayed::Category>>, StandingsError> {
    let table = table::Table::swiss(t, round, RuleVersion::default(), None)?;
    let i = table
        .entrants
        .iter()
        .position(|e| e.id == id)
        .ok_or_else(|| StandingsError::Inconsistent(format!("no player {id}")))?;
    Ok(unplayed::categories(&table, i))
}

//! The layout of a tournament that reading a file needs (SPEC §1 and §2): TPN order, Berger
//! schedule lengths, and who is in which Berger group after the swaps.
//!
//! This is the one derivation of §1/§2 outside the two rule implementations: reading and
//! validating `tournament.toml`, the standings (group tables), the validate summary and the
//! harness use it. The engine and the checker derive the same layout in their own code on
//! purpose (their independence is what the checker certifies), so nothing here is a pairing
//! rule: no colours, no byes, no tables.
//!
//! - TPN order: rating descending, equal ratings keep entry order (file order).
//! - Group g (0-based) takes the next `groups[g]` players of the TPN list; everyone else is
//!   the lower Swiss group.
//! - `swaps` exchange the memberships of two players, in the order given; a swap must name
//!   two different known players who, at that point, are not in the same group and not both
//!   in the lower Swiss group.

use crate::{Config, Id, Player, Tournament};
use std::fmt;

/// Length of the Berger schedule of a group of `k` players (FIDE tables): `k - 1` rounds when
/// `k` is even, `k` when odd. 0 for an empty group.
pub fn schedule_len(k: u32) -> u32 {
    if k.is_multiple_of(2) { k.saturating_sub(1) } else { k }
}

/// The initial phase P: the schedule length of the first Berger group, 0 without groups.
pub fn initial_phase(groups: &[u32]) -> u32 {
    groups.first().map_or(0, |&k| schedule_len(k))
}

/// Total rounds R of a configuration: `rounds`, else P (SPEC §2: `rounds` may be left out
/// when there are groups). `None` when neither is known.
pub fn total_rounds(config: &Config) -> Option<u32> {
    config.rounds.or_else(|| (!config.groups.is_empty()).then(|| initial_phase(&config.groups)))
}

/// TPN order (SPEC §1): indices into `players`, rating descending, entry order on ties.
pub fn tpn_order(players: &[Player]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..players.len()).collect();
    idx.sort_by_key(|&i| (std::cmp::Reverse(players[i].rating), i));
    idx
}

/// Player ids in TPN order.
pub fn tpn_ids(players: &[Player]) -> Vec<Id> {
    tpn_order(players).into_iter().map(|i| players[i].id).collect()
}

/// Player ids by pairing number of the FIDE (Dutch) system (C.04.3 1.2, the initial
/// ranking): for a tournament that came from a TRF file (it keeps TRF header records,
/// `trf_header`), the start numbers of the `001` records, i.e. the ids ascending; for a
/// tournament directory, the SPEC §1 order ([`tpn_ids`]: rating descending, entry order on
/// ties). `bsw generate --system dutch` numbers players in that order, so that there ids and
/// pairing numbers coincide. Data for reading, not a pairing rule: engine and checker each
/// apply it in their own code.
pub fn dutch_pairing_ids(t: &Tournament) -> Vec<Id> {
    if t.config.trf_header.is_empty() {
        tpn_ids(&t.players)
    } else {
        let mut ids: Vec<Id> = t.players.iter().map(|p| p.id).collect();
        ids.sort_unstable();
        ids
    }
}

/// Why a configuration does not lay out over a player list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// The groups hold more players than there are.
    TooFewPlayers { needed: u64, have: usize },
    /// Swap number `index` (0-based) `[a, b]` is invalid.
    Swap { index: usize, a: Id, b: Id, problem: SwapProblem },
}

/// What is wrong with a swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwapProblem {
    UnknownId(Id),
    SamePlayer,
    BothLowerSwiss,
    /// Both in group `g` (0-based).
    SameGroup(usize),
}

impl fmt::Display for SwapProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwapProblem::UnknownId(id) => write!(f, "no player has id {id}"),
            SwapProblem::SamePlayer => write!(f, "names the same player twice"),
            SwapProblem::BothLowerSwiss => {
                write!(f, "both players are in the lower Swiss group")
            }
            SwapProblem::SameGroup(g) => write!(f, "both players are in group {}", g + 1),
        }
    }
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::TooFewPlayers { needed, have } => {
                write!(f, "the groups hold {needed} players but there are only {have} players")
            }
            LayoutError::Swap { index, a, b, problem } => {
                write!(f, "swap {} [{a}, {b}]: {problem}", index + 1)
            }
        }
    }
}

impl std::error::Error for LayoutError {}

/// Membership of each player (index into `players`) after the swaps: `Some(g)` for Berger
/// group g (0-based), `None` for the lower Swiss group.
pub fn memberships(players: &[Player], config: &Config) -> Result<Vec<Option<usize>>, LayoutError> {
    let needed: u64 = config.groups.iter().map(|&g| g as u64).sum();
    if needed > players.len() as u64 {
        return Err(LayoutError::TooFewPlayers { needed, have: players.len() });
    }
    let order = tpn_order(players);
    let mut m = vec![None; players.len()];
    let mut pos = 0usize;
    for (g, &k) in config.groups.iter().enumerate() {
        for &i in &order[pos..pos + k as usize] {
            m[i] = Some(g);
        }
        pos += k as usize;
    }
    let index: std::collections::HashMap<Id, usize> =
        players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    for (k, &(a, b)) in config.swaps.iter().enumerate() {
        let fail = |problem| LayoutError::Swap { index: k, a, b, problem };
        let ia = *index.get(&a).ok_or_else(|| fail(SwapProblem::UnknownId(a)))?;
        let ib = *index.get(&b).ok_or_else(|| fail(SwapProblem::UnknownId(b)))?;
        if ia == ib {
            return Err(fail(SwapProblem::SamePlayer));
        }
        match (m[ia], m[ib]) {
            (None, None) => return Err(fail(SwapProblem::BothLowerSwiss)),
            (Some(x), Some(y)) if x == y => return Err(fail(SwapProblem::SameGroup(x))),
            _ => {}
        }
        m.swap(ia, ib);
    }
    Ok(m)
}

/// Members of each Berger group after the swaps, each listed in TPN order.
pub fn group_members(players: &[Player], config: &Config) -> Result<Vec<Vec<Id>>, LayoutError> {
    let m = memberships(players, config)?;
    let mut groups = vec![Vec::new(); config.groups.len()];
    for i in tpn_order(players) {
        if let Some(g) = m[i] {
            groups[g].push(players[i].id);
        }
    }
    Ok(groups)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn players(ratings: &[u32]) -> Vec<Player> {
        ratings
            .iter()
            .enumerate()
            .map(|(i, &rating)| Player {
                id: i as u32 + 1,
                name: format!("P{}", i + 1),
                rating,
                ..Player::default()
            })
            .collect()
    }

    #[test]
    fn tpn_is_rating_descending_then_entry_order() {
        let ps = players(&[1500, 1800, 1500, 2000]);
        assert_eq!(tpn_ids(&ps), vec![4, 2, 1, 3]);
    }

    #[test]
    fn schedule_lengths_follow_the_fide_tables() {
        assert_eq!(
            [3, 4, 5, 6, 0].map(schedule_len),
            [3, 3, 5, 5, 0],
            "odd k: k rounds, even k: k-1"
        );
        assert_eq!(initial_phase(&[4, 3]), 3);
        assert_eq!(initial_phase(&[]), 0);
    }

    #[test]
    fn swaps_exchange_memberships_in_order() {
        // TPN 1..6 = ids 1..6; groups [3]: {1,2,3}; lower Swiss {4,5,6}.
        let ps = players(&[2600, 2500, 2400, 2300, 2200, 2100]);
        let config = Config { groups: vec![3], swaps: vec![(3, 4), (4, 5)], ..Config::default() };
        // After [3,4]: {1,2,4}; after [4,5]: 4 goes back to Swiss, 5 joins: {1,2,5}.
        assert_eq!(group_members(&ps, &config).unwrap(), vec![vec![1, 2, 5]]);
        let bad = Config { groups: vec![3], swaps: vec![(1, 2)], ..Config::default() };
        assert_eq!(
            group_members(&ps, &bad).unwrap_err().to_string(),
            "swap 1 [1, 2]: both players are in group 1"
        );
        let too_many = Config { groups: vec![4, 3], ..Config::default() };
        assert!(matches!(
            memberships(&ps, &too_many),
            Err(LayoutError::TooFewPlayers { needed: 7, have: 6 })
        ));
    }
}

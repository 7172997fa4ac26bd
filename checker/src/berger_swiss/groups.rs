//! SPEC §2: groups, swaps, the initial phase P and the number of rounds R.
//!
//! Group 1 = TPN 1..k1, group 2 = the next k2, …; everyone else is the lower Swiss group.
//! Swaps exchange group memberships in the order given; a swap naming an unknown id, the same
//! player twice, or two players in the same group (or both in the lower Swiss group) is
//! refused, as is a group of fewer than 3 players, groups holding more players than there
//! are, schedules of different lengths, or R < P.

use super::tpn::Tpn;
use crate::HashMap;
use crate::HashMapExt as _;
use crate::report::{Evidence, Rule, Violation};
use bsw_model::{Id, Tournament};

/// Group structure after swaps.
#[derive(Clone, Debug, Default)]
pub struct Groups {
    /// Members of each Berger group, in TPN order.
    pub members: Vec<Vec<Id>>,
    /// The lower Swiss group, in TPN order.
    pub(crate) lower: Vec<Id>,
    /// Id -> group index (`None` = lower Swiss group).
    pub group_of: HashMap<Id, Option<usize>>,
    /// Initial phase P (0 without groups).
    pub phase: u32,
    /// Total rounds R.
    pub(crate) rounds: u32,
}

/// Number of rounds of the schedule of a group of `k` players: k-1 if k is even, k if odd
/// (all groups share it: the initial phase P).
pub fn schedule_len(k: u32) -> u32 {
    if k.is_multiple_of(2) { k.saturating_sub(1) } else { k }
}

/// Builds the groups of `t`, or says why the configuration breaks SPEC §2.
pub fn build(t: &Tournament, tpn: &Tpn) -> Result<Groups, String> {
    let sizes = &t.config.groups;
    let total: u64 = sizes.iter().map(|&k| k as u64).sum();
    if total > t.players.len() as u64 {
        return Err(format!(
            "the groups hold {total} players but there are only {}",
            t.players.len()
        ));
    }
    if let Some(k) = sizes.iter().find(|&&k| k < 3) {
        return Err(format!("a group of {k} players (at least 3 are needed)"));
    }
    let mut group_of: HashMap<Id, Option<usize>> = HashMap::with_capacity(t.players.len());
    let mut pos = 0usize;
    for (g, &k) in sizes.iter().enumerate() {
        for &id in &tpn.order[pos..pos + k as usize] {
            group_of.insert(id, Some(g));
        }
        pos += k as usize;
    }
    for &id in &tpn.order[pos..] {
        group_of.insert(id, None);
    }
    for &(a, b) in &t.config.swaps {
        let (Some(&ga), Some(&gb)) = (group_of.get(&a), group_of.get(&b)) else {
            return Err(format!("swap [{a}, {b}] names an unknown player"));
        };
        if a == b {
            return Err(format!("swap [{a}, {b}] names the same player twice"));
        }
        if ga == gb {
            return Err(format!("swap [{a}, {b}]: both players are in the same group"));
        }
        group_of.insert(a, gb);
        group_of.insert(b, ga);
    }
    let mut members = vec![Vec::new(); sizes.len()];
    let mut lower = Vec::new();
    for &id in &tpn.order {
        match group_of[&id] {
            Some(g) => members[g].push(id),
            None => lower.push(id),
        }
    }
    let phase = match sizes.first() {
        None => 0,
        Some(&k) => {
            let p = schedule_len(k);
            if sizes.iter().any(|&k2| schedule_len(k2) != p) {
                return Err("the Berger groups have schedules of different lengths".into());
            }
            p
        }
    };
    let rounds = match t.config.rounds {
        Some(r) => r,
        None if phase > 0 => phase,
        None => return Err("`rounds` is missing and there are no groups".into()),
    };
    if rounds < phase {
        return Err(format!("rounds = {rounds} is shorter than the initial phase P = {phase}"));
    }
    Ok(Groups { members, lower, group_of, phase, rounds })
}

/// Rule 2: the configuration breaks SPEC §2 (reported once, in round 1).
pub(crate) fn config_violation(why: &str) -> Violation {
    Violation::new(
        Rule::Config,
        vec![],
        format!("the configuration breaks SPEC §2: {why}"),
        Evidence::None,
    )
}

/// Rule 2: round `r` lies beyond the R rounds of the tournament.
pub(crate) fn round_beyond_r(groups: &Groups, r: u32) -> Option<Violation> {
    (r > groups.rounds).then(|| {
        Violation::new(
            Rule::Config,
            vec![],
            format!("round {r} lies beyond the {} rounds of the tournament", groups.rounds),
            Evidence::Rounds { rounds: groups.rounds },
        )
    })
}

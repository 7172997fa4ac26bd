//! SPEC §2: the configuration. Berger groups filled from the top of the TPN list, swaps
//! applied in order, the initial phase P and the number of rounds R.

use super::{EngineError, berger};
use bsw_model::Tournament;

/// Where a player stands before the draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Membership {
    /// Original Berger group (0-based).
    Group(usize),
    /// The lower Swiss group.
    Lower,
}

#[derive(Clone, Debug)]
pub(crate) struct Groups {
    /// Per entry index.
    pub membership: Vec<Membership>,
    /// Members of each Berger group, in TPN order (entry indices).
    pub members: Vec<Vec<usize>>,
    /// Initial phase P (0 without groups).
    pub phase: u32,
    /// Total rounds R.
    pub rounds: u32,
    /// Whether the lower Swiss group has members (after swaps).
    pub has_lower: bool,
}

pub(crate) fn build(t: &Tournament, tpn: &[u32]) -> Result<Groups, EngineError> {
    let cfg = &t.config;
    let n = t.players.len();
    let by_tpn = super::tpn::by_tpn(tpn);
    let mut membership = vec![Membership::Lower; n];
    let total: usize = cfg.groups.iter().map(|&k| k as usize).sum();
    if total > n {
        return Err(EngineError::Config(format!(
            "the groups hold {total} players but there are only {n}"
        )));
    }
    let mut next = 0;
    for (g, &k) in cfg.groups.iter().enumerate() {
        if k < 3 {
            return Err(EngineError::Config(format!(
                "group {} has {k} players; at least 3 are needed",
                g + 1
            )));
        }
        for &i in &by_tpn[next..next + k as usize] {
            membership[i] = Membership::Group(g);
        }
        next += k as usize;
    }
    for &(a, b) in &cfg.swaps {
        let find = |id| {
            t.players
                .iter()
                .position(|p| p.id == id)
                .ok_or_else(|| EngineError::Config(format!("swap names unknown player {id}")))
        };
        let (ia, ib) = (find(a)?, find(b)?);
        if ia == ib || membership[ia] == membership[ib] {
            return Err(EngineError::Config(format!(
                "swap [{a}, {b}]: both players are in the same group"
            )));
        }
        membership.swap(ia, ib);
    }
    let mut members = vec![Vec::new(); cfg.groups.len()];
    for &i in &by_tpn {
        if let Membership::Group(g) = membership[i] {
            members[g].push(i);
        }
    }
    let phase = match cfg.groups.first() {
        None => 0,
        Some(&k) => {
            let p = berger::schedule_length(k as usize);
            if let Some(&other) =
                cfg.groups.iter().find(|&&o| berger::schedule_length(o as usize) != p)
            {
                return Err(EngineError::Config(format!(
                    "groups of {k} and {other} players have Berger schedules of different lengths"
                )));
            }
            p as u32
        }
    };
    let rounds = match cfg.rounds {
        Some(r) if r < phase => {
            return Err(EngineError::Config(format!(
                "rounds = {r} is less than the initial phase ({phase} rounds)"
            )));
        }
        Some(r) => r,
        None if phase > 0 => phase,
        None => {
            return Err(EngineError::Config("rounds is missing and there are no groups".into()));
        }
    };
    let has_lower = membership.contains(&Membership::Lower);
    Ok(Groups { membership, members, phase, rounds, has_lower })
}

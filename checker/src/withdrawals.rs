//! SPEC §6: which Berger groups are still on their schedule in each round.
//!
//! When a round r <= P is paired, A = the groups on their schedule that contain a player
//! withdrawn by round r. If A is empty nothing changes. Otherwise, with g the first group of
//! A: if there is no Swiss field yet (the lower Swiss group has no members and no group has
//! joined) and g is the last Berger group, g keeps its schedule (byes for opponents of
//! withdrawn players, struck games); otherwise g and every later group still on its schedule
//! join the Swiss field from round r.
//!
//! Reading used for "the lower Swiss group has no members": its membership after swaps,
//! withdrawn members included.

use crate::groups::Groups;
use bsw_model::{Id, Tournament};

/// Schedules of all groups over the initial phase.
#[derive(Clone, Debug, Default)]
pub struct Schedules {
    /// `on[r][g]`: group g is on its Berger schedule in round r (index 0 unused; rounds
    /// beyond P have every entry false).
    pub on: Vec<Vec<bool>>,
    /// `joined[g]`: the round from which group g plays in the Swiss field, if it does.
    pub joined: Vec<Option<u32>>,
}

impl Schedules {
    pub fn on_schedule(&self, r: u32, g: usize) -> bool {
        self.on
            .get(r as usize)
            .and_then(|v| v.get(g))
            .copied()
            .unwrap_or(false)
    }
}

/// Replays §6 over rounds 1..=P.
pub fn replay(t: &Tournament, groups: &Groups) -> Schedules {
    let k = groups.members.len();
    let by_id: std::collections::HashMap<Id, &bsw_model::Player> =
        t.players.iter().map(|p| (p.id, p)).collect();
    let withdrawn_by = |id: Id, r: u32| by_id.get(&id).is_some_and(|p| p.withdrawn_by(r));
    let mut on_now = vec![true; k];
    let mut joined = vec![None; k];
    let mut on = vec![vec![false; k]];
    for r in 1..=groups.phase {
        let affected: Vec<usize> = (0..k)
            .filter(|&g| on_now[g] && groups.members[g].iter().any(|&id| withdrawn_by(id, r)))
            .collect();
        if let Some(&g) = affected.first() {
            let swiss_exists = !groups.lower.is_empty() || joined.iter().any(Option::is_some);
            let keeps = !swiss_exists && g == k - 1;
            if !keeps {
                for g2 in g..k {
                    if on_now[g2] {
                        on_now[g2] = false;
                        joined[g2] = Some(r);
                    }
                }
            }
        }
        on.push(on_now.clone());
    }
    Schedules { on, joined }
}

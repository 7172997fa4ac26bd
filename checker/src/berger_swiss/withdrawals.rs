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

use super::berger::{Expected, expected_entries, published_as_expected};
use super::groups::Groups;
use super::round::Round;
use crate::report::{Evidence, Rule, Violation};
use bsw_model::{Id, Tournament};

/// Schedules of all groups over the initial phase.
#[derive(Clone, Debug, Default)]
pub struct Schedules {
    /// `on[r][g]`: group g is on its Berger schedule in round r (index 0 unused; rounds
    /// beyond P have every entry false).
    pub(crate) on: Vec<Vec<bool>>,
    /// `joined[g]`: the round from which group g plays in the Swiss field, if it does.
    pub(crate) joined: Vec<Option<u32>>,
}

impl Schedules {
    pub fn on_schedule(&self, r: u32, g: usize) -> bool {
        self.on_in(r).get(g).copied().unwrap_or(false)
    }

    /// Which groups are on their schedule in round `r` (`[g]`; empty beyond P).
    pub(crate) fn on_in(&self, r: u32) -> &[bool] {
        self.on.get(r as usize).map_or(&[], Vec::as_slice)
    }
}

/// Replays §6 over rounds 1..=P.
pub fn replay(t: &Tournament, groups: &Groups) -> Schedules {
    let k = groups.members.len();
    if k == 0 {
        return Schedules { on: vec![Vec::new(); groups.phase as usize + 1], joined: Vec::new() };
    }
    let by_id: crate::HashMap<Id, &bsw_model::Player> =
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

/// Rule 6: a group that left its Berger schedule (joined the Swiss field, SPEC §6) but whose
/// round still follows its table, reported only when the round has other violations
/// (`other_violations`: a Swiss pairing may coincide with the table by chance).
pub(crate) fn check_left_schedule(
    round: &Round,
    sched: &Schedules,
    numbers: &[Vec<Id>],
    other_violations: bool,
) -> Vec<Violation> {
    let (r, groups) = (round.r, round.groups);
    let mut out = Vec::new();
    if !other_violations {
        return out;
    }
    for (g, numbers) in numbers.iter().enumerate() {
        let Some(joined) = sched.joined.get(g).copied().flatten() else {
            continue;
        };
        if r > groups.phase || r < joined {
            continue;
        }
        let entries = expected_entries(numbers, r, &|id| round.withdrawn(id));
        let games = entries.iter().filter(|(_, _, e)| matches!(e, Expected::Game { .. })).count();
        let follows = entries.iter().all(|&(_, _, e)| published_as_expected(round, e));
        if follows && games > 0 {
            out.push(Violation::new(
                Rule::Withdrawals,
                numbers
                    .iter()
                    .copied()
                    .filter(|&id| !round.withdrawn(id))
                    .collect(),
                format!(
                    "group {} left its Berger schedule in round {joined} (SPEC §6: a withdrawal), but round {r} still follows its table",
                    g + 1
                ),
                Evidence::GroupLeftSchedule {
                    group: g + 1,
                    joined_swiss_field: joined,
                },
            ));
        }
    }
    out
}

//! SPEC §6: withdrawals in the initial phase. Which Berger groups are still on their
//! schedule in a round, and which have joined the Swiss field.

use super::groups::Groups;
use bsw_model::Player;

/// Schedule state of the groups for one round r <= P.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Schedules {
    /// Per original group: still on its Berger schedule in this round.
    pub on_schedule: Vec<bool>,
}

/// Per original group: whether it plays its Berger table in round `r` (always false after the
/// initial phase).
pub(crate) fn on_schedule(groups: &Groups, players: &[Player], r: u32) -> Vec<bool> {
    if r <= groups.phase {
        schedules(groups, players, r).on_schedule
    } else {
        vec![false; groups.members.len()]
    }
}

/// Replays §6 for rounds 1..=r (dissolution is permanent, so history matters).
pub(crate) fn schedules(groups: &Groups, players: &[Player], r: u32) -> Schedules {
    let k = groups.members.len();
    let mut on = vec![true; k];
    let mut joined_any = false;
    for s in 1..=r.min(groups.phase) {
        let affected: Vec<usize> = (0..k)
            .filter(|&g| on[g] && groups.members[g].iter().any(|&i| players[i].withdrawn_by(s)))
            .collect();
        let Some(&g) = affected.first() else { continue };
        let no_swiss_field = !groups.has_lower && !joined_any;
        if no_swiss_field && g == k - 1 {
            // The last group keeps its schedule (byes to opponents, struck games).
            continue;
        }
        for h in g..k {
            if on[h] {
                on[h] = false;
                joined_any = true;
            }
        }
    }
    Schedules { on_schedule: on }
}

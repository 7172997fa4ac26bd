//! Profile berger-swiss: replays the tournament round by round (state at the start of round
//! r = results of rounds < r) and certifies each round against SPEC §1-9.
//!
//! [`check_round`] is an orchestrator: each rule module reports its own violations, in the
//! order the report lists them (configuration, structure, Berger tables, absences, the Swiss
//! field, byes, colours, ladder, greedy, groups that left their schedule, board order).

use super::field::{self, SwissField};
use super::groups::{self, Groups};
use super::round::Round;
use super::tpn::{self, Tpn};
use super::withdrawals::{self, Schedules};
use super::{absences, berger, board_order, byes, colours, draw, greedy, ladder};
use crate::report::SwissRound;
use crate::{RoundReport, structure};
use bsw_model::{Id, Tournament};

/// What does not change from round to round.
pub(crate) struct Context<'a> {
    pub(crate) t: &'a Tournament,
    pub(crate) tpn: Tpn,
    pub(crate) groups: Result<Groups, String>,
    /// Berger numbering per group (`numbers[g][i]` has Berger number i+1).
    pub(crate) numbers: Vec<Vec<Id>>,
    pub(crate) sched: Schedules,
}

impl<'a> Context<'a> {
    pub(crate) fn new(t: &'a Tournament) -> Self {
        let tpn = tpn::assign(&t.players);
        let groups = groups::build(t, &tpn);
        let (numbers, sched) = match &groups {
            Ok(g) => (draw::berger_numbers(&g.members, t.config.seed), withdrawals::replay(t, g)),
            Err(_) => (Vec::new(), Schedules::default()),
        };
        Context { t, tpn, groups, numbers, sched }
    }
}

/// Certifies round `r`.
pub(crate) fn check_round(ctx: &Context, r: u32) -> RoundReport {
    let t = ctx.t;
    let mut out = RoundReport { round: r, ..RoundReport::default() };
    let groups = match &ctx.groups {
        Ok(g) => g,
        Err(e) => {
            if r == 1 {
                out.violations.push(groups::config_violation(e));
            }
            return out;
        }
    };
    let v = &mut out.violations;
    v.extend(groups::round_beyond_r(groups, r));
    let round = Round::new(t, r, groups, ctx.sched.on_in(r));
    v.extend(structure::check(t, r, &round.rows, true).0);
    let tables = berger::check_scheduled(&round, &ctx.numbers);
    v.extend(tables.violations);
    v.extend(absences::check_requested(t, r, &|id| round.row_of(id), &|id| {
        round.on_schedule_group(id).is_some()
    }));

    // The Swiss field (§7, §8).
    let field_ids = field::swiss_field(t, groups, &ctx.sched, r);
    let sf = SwissField::new(&field_ids, &round.state, &ctx.tpn);
    let published = field::read_published(&sf, &round);
    v.extend(published.violations);
    let bye_check = byes::check(&sf, &published.bye_rows);
    v.extend(bye_check.violations);
    v.extend(colours::check_pairs(&sf, &published.pairs, &round));
    let sound = published.sound && bye_check.sound;
    let mut level = None;
    if sound && !sf.is_empty() {
        let used = ladder::published_level(&sf, &published.pairs);
        level = Some(used);
        if let Some(x) =
            ladder::check(&sf, &used, bye_check.bye, &bye_check.eligible, &published.pairs)
        {
            v.push(x);
        } else {
            v.extend(greedy::check(&sf, &used, bye_check.bye, &published.partner));
        }
    }
    let any = !v.is_empty();
    v.extend(withdrawals::check_left_schedule(&round, &ctx.sched, &ctx.numbers, any));
    v.extend(board_order::check_round(&round, &tables.slots, &sf, &ctx.tpn));
    out.swiss = Some(SwissRound {
        bye_eligible: bye_check.eligible.iter().map(|&i| sf.ids[i]).collect(),
        bye: bye_check.bye.map(|b| sf.ids[b]),
        level,
        field: sf.ids,
    });
    out
}

/// Certifies every round.
pub(crate) fn check_all(t: &Tournament) -> Vec<RoundReport> {
    let ctx = Context::new(t);
    (1..=t.last_round()).map(|r| check_round(&ctx, r)).collect()
}

//! Profile berger-swiss: replays the tournament round by round (state at the start of round
//! r = results of rounds < r) and certifies each round against SPEC §1-9.
//!
//! [`check_round`] is an orchestrator: each rule module reports its own violations, in the
//! order the report lists them (configuration, structure, Berger tables, absences, the Swiss
//! field, byes, colours, ladder, greedy, groups that left their schedule, board order).

use super::field::{self, SwissField};
use super::groups::{self, Groups};
use super::tpn::{self, Tpn};
use super::withdrawals::{self, Schedules};
use super::{absences, berger, board_order, byes, colours, draw, greedy, ladder};
use crate::ids::IdMap;
use crate::report::SwissRound;
use crate::results::{self, State};
use crate::{RoundReport, structure};
use bsw_model::{Id, Player, Row, Tournament};

/// What does not change from round to round.
pub(crate) struct Context<'a> {
    pub t: &'a Tournament,
    pub tpn: Tpn,
    pub groups: Result<Groups, String>,
    /// Berger numbering per group (`numbers[g][i]` has Berger number i+1).
    pub numbers: Vec<Vec<Id>>,
    pub sched: Schedules,
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

/// One round as published, with what every rule module looks up in it.
pub struct Round<'a> {
    pub t: &'a Tournament,
    pub r: u32,
    pub groups: &'a Groups,
    pub sched: &'a Schedules,
    /// The round's rows, by board.
    pub rows: Vec<Row>,
    /// First row naming each player (index into `rows`).
    row_index: IdMap<usize>,
    by_id: IdMap<&'a Player>,
    /// Results of the rounds before r (§3).
    pub state: State,
}

impl<'a> Round<'a> {
    fn new(t: &'a Tournament, r: u32, groups: &'a Groups, sched: &'a Schedules) -> Self {
        let mut rows: Vec<Row> = t.round_rows(r).copied().collect();
        rows.sort_by_key(|row| row.board);
        let mut row_index: IdMap<usize> = IdMap::with_expected(t.players.len());
        for (i, row) in rows.iter().enumerate() {
            for p in row.entry.players() {
                row_index.get_or_insert_with(p, || i);
            }
        }
        Round {
            t,
            r,
            groups,
            sched,
            rows,
            row_index,
            by_id: t.players.iter().map(|p| (p.id, p)).collect(),
            state: results::state_before(t, r),
        }
    }

    /// The first row of the round naming `id`.
    pub fn row_of(&self, id: Id) -> Option<Row> {
        self.row_index.get(id).map(|&i| self.rows[i])
    }

    /// Whether `id` is a player of the tournament.
    pub fn is_known(&self, id: Id) -> bool {
        self.by_id.contains(id)
    }

    /// Whether `id` has withdrawn by this round.
    pub fn withdrawn(&self, id: Id) -> bool {
        self.by_id.get(id).is_some_and(|p| p.withdrawn_by(self.r))
    }

    /// The group of `id` when it is on its Berger schedule in this round.
    pub fn on_schedule_group(&self, id: Id) -> Option<usize> {
        if self.r > self.groups.phase {
            return None;
        }
        let g = self.groups.group_of.get(&id).copied().flatten()?;
        self.sched.on_schedule(self.r, g).then_some(g)
    }

    /// Whether group `g` is on its Berger schedule in this round.
    pub fn group_on_schedule(&self, g: usize) -> bool {
        self.r <= self.groups.phase && self.sched.on_schedule(self.r, g)
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
    let round = Round::new(t, r, groups, &ctx.sched);
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
    v.extend(withdrawals::check_left_schedule(&round, &ctx.numbers, any));
    v.extend(board_order::check_round(&round, &tables.keys, &sf, &ctx.tpn));
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

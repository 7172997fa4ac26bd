//! SPEC §7: the Swiss field of a round, and the per-player data that §8 needs about it.
//!
//! Initial phase (r <= P): the lower Swiss group plus every group that has joined, less
//! withdrawn players, less requested absences of the round. Later phase: every active player,
//! less requested absences.

use super::absences::absence;
use super::groups::Groups;
use super::order;
use super::round::Round;
use super::tpn::Tpn;
use super::withdrawals::Schedules;
use crate::HashMap;
use crate::report::{Evidence, PublishedRow, Rule, Violation};
use crate::results::{ColourState, State};
use bsw_model::{Entry, HalfPoints, Id, Player, Tournament};

/// Who is in the Swiss field of round r, before absences are removed (active players only).
pub(crate) fn swiss_candidates<'a>(
    t: &'a Tournament,
    groups: &Groups,
    sched: &Schedules,
    r: u32,
) -> Vec<&'a Player> {
    t.players
        .iter()
        .filter(|p| !p.withdrawn_by(r))
        .filter(|p| {
            r > groups.phase
                || match groups.group_of.get(&p.id).copied().flatten() {
                    None => true,
                    Some(g) => !sched.on_schedule(r, g),
                }
        })
        .collect()
}

/// The Swiss field of round r (requested absences removed), unordered.
pub(crate) fn swiss_field(t: &Tournament, groups: &Groups, sched: &Schedules, r: u32) -> Vec<Id> {
    swiss_candidates(t, groups, sched, r)
        .into_iter()
        .filter(|p| absence(p, r).is_none())
        .map(|p| p.id)
        .collect()
}

/// Lists of (index, count) per field player, stored flat: `met[i]` is player i's list.
#[derive(Clone, Debug)]
pub struct Met {
    start: Vec<usize>,
    list: Vec<(usize, u32)>,
}

impl Default for Met {
    fn default() -> Self {
        Met { start: vec![0], list: Vec::new() }
    }
}

impl std::ops::Index<usize> for Met {
    type Output = [(usize, u32)];
    fn index(&self, i: usize) -> &[(usize, u32)] {
        &self.list[self.start[i]..self.start[i + 1]]
    }
}

impl From<Vec<Vec<(usize, u32)>>> for Met {
    fn from(lists: Vec<Vec<(usize, u32)>>) -> Met {
        let mut met = Met::default();
        for l in lists {
            met.list.extend(l);
            met.start.push(met.list.len());
        }
        met
    }
}

/// A Swiss field with indices 0..n in Swiss order (§5) and the data of §8.
#[derive(Clone, Debug)]
pub struct SwissField {
    /// Ids in Swiss order.
    pub ids: Vec<Id>,
    pub points: Vec<HalfPoints>,
    pub tpn: Vec<u32>,
    pub byes: Vec<u32>,
    pub colours: Vec<ColourState>,
    /// Over-the-board meetings with other field players: `met[i]` lists (index, count).
    pub met: Met,
    /// Id -> index.
    pub pos: HashMap<Id, usize>,
}

impl SwissField {
    pub fn new(ids: &[Id], state: &State, tpn: &Tpn) -> SwissField {
        let ids = order::swiss_order(ids, state, tpn);
        let pos: HashMap<Id, usize> = ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
        let mut met = Met::default();
        for &id in &ids {
            met.list.extend(state.opponents(id).filter_map(|(o, n)| pos.get(&o).map(|&j| (j, n))));
            met.start.push(met.list.len());
        }
        let n = ids.len();
        let (mut points, mut byes, mut colours) =
            (Vec::with_capacity(n), Vec::with_capacity(n), Vec::with_capacity(n));
        for &id in &ids {
            let r = state.record(id);
            points.push(r.points);
            byes.push(r.byes);
            colours.push(r.colours);
        }
        SwissField {
            points,
            tpn: ids.iter().map(|&id| tpn.get(id)).collect(),
            byes,
            colours,
            met,
            pos,
            ids,
        }
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Over-the-board meetings of field players i and j.
    pub fn meetings(&self, i: usize, j: usize) -> u32 {
        self.met[i].iter().find(|&&(k, _)| k == j).map_or(0, |&(_, n)| n)
    }

    /// The largest streak among the field's players (S of §8.3).
    pub(crate) fn max_streak(&self) -> u32 {
        self.colours.iter().map(|c| c.streak).max().unwrap_or(0)
    }
}

/// The Swiss part of a round as published, read against the field.
pub(crate) struct PublishedSwiss {
    /// Each field player's partner (field index), when paired within the field.
    pub(crate) partner: Vec<Option<usize>>,
    /// Pairs within the field, (i, j) with i < j, in field order of i.
    pub(crate) pairs: Vec<(usize, usize)>,
    /// Field players with a `bye` row.
    pub(crate) bye_rows: Vec<usize>,
    /// Every field player has a row and is paired within the field or has the bye: the
    /// ladder and the greedy can be certified.
    pub(crate) sound: bool,
    /// Rule 7 (paired outside the field), rules 3/9 (an absence row in the field).
    pub(crate) violations: Vec<Violation>,
}

/// Reads each field player's row: partners within the field, byes; reports a field player
/// paired with someone outside the field (rule 7) and a field player with an absence row
/// (rule 3 when it takes the place of the missing Swiss bye, rule 9 otherwise).
pub(crate) fn read_published(sf: &SwissField, round: &Round) -> PublishedSwiss {
    let r = round.r;
    let n = sf.len();
    let mut out = PublishedSwiss {
        partner: vec![None; n],
        pairs: Vec::new(),
        bye_rows: Vec::new(),
        sound: true,
        violations: Vec::new(),
    };
    for i in 0..n {
        let id = sf.ids[i];
        match round.row_of(id).map(|row| (row, row.entry)) {
            Some((_, Entry::Game { white, black, .. })) => {
                let q = if white == id { black } else { white };
                match sf.pos.get(&q) {
                    Some(&j) if j != i => {
                        out.partner[i] = Some(j);
                        if i < j {
                            out.pairs.push((i, j));
                        }
                    }
                    _ => {
                        out.sound = false;
                        // A Berger player paired with a field player is reported by the
                        // table check, an absent or withdrawn one by §9 / §6.
                        if round.is_known(q)
                            && !round.withdrawn(q)
                            && round.on_schedule_group(id).is_none()
                        {
                            out.violations.push(Violation::new(
                                Rule::Field,
                                vec![id, q],
                                format!("{id} belongs to the Swiss field of round {r} but is paired with {q}, who does not"),
                                Evidence::Field { field: n },
                            ));
                        }
                    }
                }
            }
            Some((_, Entry::Bye(_))) => out.bye_rows.push(i),
            // Readers refuse it in a Berger-Swiss event; a tournament built otherwise is told.
            Some((row, Entry::FullBye(_))) => {
                out.sound = false;
                out.violations.push(Violation::new(
                    Rule::Results,
                    vec![id],
                    format!(
                        "{id} has a `full-bye` row (a full-point bye the arbiter gave): the Berger-Swiss system has no such bye (SPEC §3: `bye`, `half-bye`, `zero-bye`)"
                    ),
                    Evidence::Row { row: PublishedRow::from(&row) },
                ));
            }
            Some((row, Entry::HalfBye(_) | Entry::ZeroBye(_))) => {
                out.sound = false;
                let no_bye = !(0..n).any(|j| {
                    matches!(round.row_of(sf.ids[j]).map(|x| x.entry), Some(Entry::Bye(_)))
                });
                let (rule, message) = if n % 2 == 1 && no_bye {
                    (
                        Rule::Results,
                        format!(
                            "{id} takes the place of the Swiss bye but is awarded `{}` instead of `bye`",
                            row.entry.result_code()
                        ),
                    )
                } else {
                    (
                        Rule::Absences,
                        format!(
                            "{id} asked for no absence in round {r} but has a `{}` row",
                            row.entry.result_code()
                        ),
                    )
                };
                out.violations.push(Violation::new(
                    rule,
                    vec![id],
                    message,
                    Evidence::Row { row: PublishedRow::from(&row) },
                ));
            }
            None => out.sound = false,
        }
    }
    out
}

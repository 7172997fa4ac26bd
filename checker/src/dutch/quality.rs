//! C.04.3 2.3-2.4 quality criteria and 4.x generation order, bracket by bracket.
//!
//! For each bracket of the published round ([`super::order::brackets`]) the checker looks for
//! a better bracket pairing among the published pairing's neighbours that leave everything
//! else unchanged: two pairs of resident players of the bracket exchange opponents
//! ({a-b, c-d} → {a-c, b-d} or {a-d, b-c}). Such a neighbour keeps the bracket's downfloaters,
//! the MDP pairing, the next bracket and the PAB, so C4-C9 and the float criteria C14-C21 are
//! equal (pairs of residents have equal scores: no float), and only the colour criteria can
//! differ:
//! - C10: topscorers, or opponents of topscorers, whose colour difference goes beyond ±2;
//! - C11: the same, getting the same colour a third time in a row;
//! - C12: players who do not get their colour preference;
//! - C13: players who do not get a strong (or absolute) preference;
//!
//! each counted with the colours that 5.2 gives the pair. A neighbour that is better on the
//! first criterion where the two differ is a violation of that criterion, with the neighbour
//! as the witness and both value vectors. A neighbour that is as good on C10-C13 and comes
//! earlier in the rules' generation order is a violation of 4.x: among the residents that do
//! not meet an MDP (the remainder), S1 holds the first N1 (N1 = pairs of the remainder), and
//! a pairing in which every pair joins S1 and S2 needs no exchange (4.3); two such pairings
//! are ordered by the S2 opponents of S1\[0\], S1\[1\], … (4.2, transpositions); a pairing that
//! needs an exchange comes after every pairing that needs none.
//!
//! A round's brackets are judged by the complete check of [`super::optimum`] first (a
//! maximum-weight matching per bracket: any better bracket pairing, the first criterion
//! C6-C21 where it is better); this neighbour search ([`better_neighbour`]) then looks for an
//! equally good neighbour that comes earlier in the generation order (cheap, and its witness
//! names the few pairs changed); when it finds nothing, [`super::optimum::check_order`]
//! decides 4.2-4.4 completely (matchings with tie-break fields below the criteria). The
//! criteria values ([`pair_values`]) and the generation order (`position`) are the ones the
//! complete check compares too.

use super::colours::{Side, Strength};
use super::order;
use super::round::{Published, RoundCtx};
use super::state::Float;
use crate::points::show_points;
use crate::report::{DutchEvidence, Evidence, Rule, Violation};
use bsw_model::{Colour, Id};
use std::collections::{HashMap, HashSet};

/// The criteria compared, in their order.
const N: usize = 9;
const CRITERIA: [&str; N] = ["C9", "C10", "C11", "C12", "C13", "C14", "C15", "C16", "C17"];
const RULES: [Rule; N] = [
    Rule::DutchC9,
    Rule::DutchC10,
    Rule::DutchC11,
    Rule::DutchC12,
    Rule::DutchC13,
    Rule::DutchC14,
    Rule::DutchC15,
    Rule::DutchC16,
    Rule::DutchC17,
];
type Values = [i64; N];

/// C10-C13 counts of one pair, with the colours 5.2 gives it.
pub fn pair_values(ctx: &RoundCtx, a: Id, b: Id) -> Values {
    let top = ctx.topscorer.contains(&a) || ctx.topscorer.contains(&b);
    side_pair_values(&ctx.side(a), &ctx.side(b), top, ctx.initial)
}

/// [`pair_values`] from the two players' sides (`top`: either is a topscorer), for callers
/// that keep the sides by index rather than look them up per pair.
pub(crate) fn side_pair_values(sa: &Side, sb: &Side, top: bool, initial: Colour) -> Values {
    let (ca, _) = super::colours::allocate(sa, sb, initial);
    let mut v = [0i64; N];
    for (x, c) in [(sa, ca), (sb, ca.other())] {
        let h = x.history;
        if top {
            let d = h.colour_difference() + if c == Colour::White { 1 } else { -1 };
            if d.abs() > 2 {
                v[1] += 1;
            }
            let n = h.colours.len();
            if n >= 2 && h.colours[n - 1] == c && h.colours[n - 2] == c {
                v[2] += 1;
            }
        }
        if let Some(p) = x.preference
            && p.colour != c
        {
            v[3] += 1;
            if p.strength >= Strength::Strong {
                v[4] += 1;
            }
        }
    }
    v
}

/// C9, C14, C16 of a resident downfloater (`pab`: it is the bracket's only downfloater and
/// gets the PAB).
fn downfloater_values(ctx: &RoundCtx, x: Id, pab: bool) -> Values {
    let h = &ctx.hist[&x];
    let r = ctx.round;
    let mut v = [0i64; N];
    if pab {
        v[0] = h.unplayed as i64;
    }
    v[5] = (r >= 2 && h.float_in(r - 1) == Float::Down) as i64;
    v[7] = (r >= 3 && h.float_in(r - 2) == Float::Down) as i64;
    v
}

/// C15, C17 of a resident paired with an MDP (it upfloats): did it upfloat one or two rounds
/// before?
fn mdp_opponent_values(ctx: &RoundCtx, y: Id) -> Values {
    let h = &ctx.hist[&y];
    let r = ctx.round;
    let mut v = [0i64; N];
    v[6] = (r >= 2 && h.float_in(r - 1) == Float::Up) as i64;
    v[8] = (r >= 3 && h.float_in(r - 2) == Float::Up) as i64;
    v
}

fn add(a: Values, b: Values) -> Values {
    std::array::from_fn(|k| a[k] + b[k])
}

fn sub(a: Values, b: Values) -> Values {
    std::array::from_fn(|k| a[k] - b[k])
}

/// Position of a remainder pairing in the rules' generation order (smaller = earlier): the
/// earliest exchange that can produce it (4.3: fewest players exchanged, then the smallest
/// difference between the sums of the BSNs moved S2→S1 and S1→S2, then the largest BSNs moved
/// S1→S2, then the smallest moved S2→S1), then its transposition (4.2: the BSNs of the S2
/// opponents of S1\[0\], S1\[1\], …, lexicographically). BSN = position in `remainder` (ranking
/// order); S1 = the first `n1`.
///
/// The earliest exchange keeps every pair that already joins S1 and S2; of a pair inside S1
/// it moves the larger BSN to S2, of a pair inside S2 it moves the smaller BSN to S1, and
/// every S1 player left unpaired goes to S2 — each choice independently the earliest.
pub(super) type Position = (usize, i64, Vec<std::cmp::Reverse<usize>>, Vec<usize>, Vec<usize>);

pub(super) fn position(remainder: &[Id], n1: usize, partner: &HashMap<Id, Id>) -> Option<Position> {
    let bsn: HashMap<Id, usize> = remainder.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    let mut s1: Vec<bool> = (0..remainder.len()).map(|i| i < n1).collect();
    let mut out = Vec::new();
    let mut inn = Vec::new();
    for (i, x) in remainder.iter().enumerate() {
        match partner.get(x) {
            None => {
                if i < n1 {
                    out.push(i);
                }
            }
            Some(y) => {
                let j = *bsn.get(y)?;
                if i < j {
                    if i < n1 && j < n1 {
                        out.push(j);
                    } else if i >= n1 && j >= n1 {
                        inn.push(i);
                    }
                }
            }
        }
    }
    if out.len() != inn.len() {
        return None;
    }
    for &i in &out {
        s1[i] = false;
    }
    for &i in &inn {
        s1[i] = true;
    }
    let diff =
        inn.iter().map(|&i| i as i64).sum::<i64>() - out.iter().map(|&i| i as i64).sum::<i64>();
    out.sort_unstable_by(|a, b| b.cmp(a));
    inn.sort_unstable();
    let mut seq = Vec::new();
    for (i, x) in remainder.iter().enumerate() {
        if s1[i] {
            seq.push(bsn[partner.get(x)?]);
        }
    }
    Some((out.len(), diff, out.into_iter().map(std::cmp::Reverse).collect(), inn, seq))
}

/// A change of a pairing of the remainder, by BSN: pairs replaced, pairs made, players
/// left unpaired before and after (a floater exchanged).
struct Change {
    old_pairs: Vec<(usize, usize)>,
    new_pairs: Vec<(usize, usize)>,
    old_free: Vec<usize>,
    new_free: Vec<usize>,
}

/// Whether the pairing that `change` makes of one at [`position`] `published` (S1 = the
/// first `n1`; `s1_after`: S1 after its exchange; `partner`: each place's partner) comes
/// earlier, computed from the changed players only. The exchange is the published one with
/// their contributions replaced (an unpaired S1 player moves out, a pair inside S1 moves
/// its larger BSN out, a pair inside S2 its smaller one in); when it is the same, S1 after
/// it is too, and the transposition differs only where an S1 player's partner changed.
fn earlier_after_change(
    published: &Position,
    n1: usize,
    s1_after: &[bool],
    partner: impl Fn(usize) -> Option<usize>,
    change: &Change,
) -> bool {
    let (_, pdiff, pout, pinn, _) = published;
    let contrib = |pairs: &[(usize, usize)], free: &[usize]| {
        let (mut out, mut inn) = (Vec::new(), Vec::new());
        for &(i, j) in pairs {
            let (i, j) = (i.min(j), i.max(j));
            if j < n1 {
                out.push(j);
            } else if i >= n1 {
                inn.push(i);
            }
        }
        out.extend(free.iter().filter(|&&i| i < n1));
        (out, inn)
    };
    let (old_out, old_in) = contrib(&change.old_pairs, &change.old_free);
    let (new_out, new_in) = contrib(&change.new_pairs, &change.new_free);
    let mut out: Vec<usize> = pout.iter().map(|r| r.0).collect();
    let mut inn = pinn.clone();
    for (list, old, new) in [(&mut out, &old_out, &new_out), (&mut inn, &old_in, &new_in)] {
        for o in old {
            if let Some(k) = list.iter().position(|v| v == o) {
                list.swap_remove(k);
            }
        }
        list.extend(new.iter().copied());
    }
    if out.len() != inn.len() {
        return false;
    }
    let diff =
        inn.iter().map(|&i| i as i64).sum::<i64>() - out.iter().map(|&i| i as i64).sum::<i64>();
    out.sort_unstable_by(|a, b| b.cmp(a));
    inn.sort_unstable();
    let alt_key =
        (out.len(), diff, out.iter().map(|&i| std::cmp::Reverse(i)).collect::<Vec<_>>(), inn);
    let pub_key = (pout.len(), *pdiff, pout.clone(), pinn.clone());
    if alt_key != pub_key {
        return alt_key < pub_key;
    }
    let mut changed: Vec<(usize, usize, usize)> = Vec::new();
    for &(x, y) in &change.new_pairs {
        for (p, q) in [(x, y), (y, x)] {
            if s1_after[p]
                && let Some(was) = partner(p)
            {
                changed.push((p, was, q));
            }
        }
    }
    changed.sort_unstable();
    changed.iter().find(|c| c.1 != c.2).is_some_and(|c| c.2 < c.1)
}

/// The neighbour search of bracket `b` (`pab`: the published PAB receiver): `Some` violation
/// when a neighbour of the published bracket pairing is better on C9-C17, or as good and
/// earlier in the generation order.
pub(crate) fn better_neighbour(
    ctx: &RoundCtx,
    publ: &Published,
    b: &order::Bracket,
    pab: Option<Id>,
) -> Option<Violation> {
    Bracket::new(ctx, publ, b, pab).search()
}

/// One bracket under examination.
struct Bracket<'a> {
    ctx: &'a RoundCtx,
    publ: &'a Published,
    b: &'a order::Bracket,
    pab: Option<Id>,
    residents: HashSet<Id>,
    /// Pairs of two residents.
    rr: Vec<(Id, Id)>,
    total: Values,
    /// Residents not paired with an MDP, ranking order.
    remainder: Vec<Id>,
    partner: HashMap<Id, Id>,
    published_pos: Option<Position>,
    /// BSN (position in `remainder`) of each remainder player.
    bsn: HashMap<Id, usize>,
    /// S1 after the published pairing's earliest exchange, by BSN.
    s1_after: Vec<bool>,
}

/// A neighbour of the published bracket pairing: the pairs it replaces and the new ones, and
/// the downfloater it exchanges (old, new, the old one's opponent below or `None` for the PAB).
struct Alternative {
    replaced: Vec<(Id, Id)>,
    /// An MDP pair changed: (the MDP, its published opponent, its new opponent).
    mdp: Option<(Id, Id, Id)>,
    /// Another MDP of the same score paired instead: (published MDP, new MDP).
    mdp_choice: Option<(Id, Id)>,
    pairs: Vec<(Id, Id)>,
    float: Option<(Id, Id, Option<Id>)>,
}

impl<'a> Bracket<'a> {
    fn new(ctx: &'a RoundCtx, publ: &'a Published, b: &'a order::Bracket, pab: Option<Id>) -> Self {
        let residents: HashSet<Id> = b.residents.iter().copied().collect();
        let rr: Vec<(Id, Id)> = b
            .pairs
            .iter()
            .filter(|(x, y)| residents.contains(x) && residents.contains(y))
            .copied()
            .collect();
        let mut remainder: Vec<Id> = rr.iter().flat_map(|(x, y)| [*x, *y]).collect();
        remainder.extend(b.downfloaters.iter().filter(|x| residents.contains(x)));
        remainder.sort_by_key(|id| ctx.rank[id]);
        let mut partner: HashMap<Id, Id> = HashMap::new();
        for &(x, y) in &rr {
            partner.insert(x, y);
            partner.insert(y, x);
        }
        let published_pos = position(&remainder, rr.len(), &partner);
        let bsn: HashMap<Id, usize> =
            remainder.iter().enumerate().map(|(i, id)| (*id, i)).collect();
        let mut s1_after: Vec<bool> = (0..remainder.len()).map(|i| i < rr.len()).collect();
        if let Some((_, _, out, inn, _)) = &published_pos {
            for o in out {
                s1_after[o.0] = false;
            }
            for &i in inn {
                s1_after[i] = true;
            }
        }
        let mut total = b.pairs.iter().map(|&(x, y)| pair_values(ctx, x, y)).fold([0; N], add);
        for &(x, y) in &b.pairs {
            match (residents.contains(&x), residents.contains(&y)) {
                (false, true) => total = add(total, mdp_opponent_values(ctx, y)),
                (true, false) => total = add(total, mdp_opponent_values(ctx, x)),
                _ => {}
            }
        }
        let sole_pab = b.downfloaters.len() == 1 && pab == b.downfloaters.first().copied();
        for &x in b.downfloaters.iter().filter(|x| residents.contains(x)) {
            total = add(total, downfloater_values(ctx, x, sole_pab));
        }
        Bracket {
            ctx,
            publ,
            b,
            pab,
            residents,
            rr,
            total,
            remainder,
            partner,
            published_pos,
            bsn,
            s1_after,
        }
    }

    /// The first better (or equally good and earlier) neighbour, as a violation.
    fn search(&self) -> Option<Violation> {
        if let Some(v) = self.resident_exchanges() {
            return Some(v);
        }
        // An MDP exchanges its opponent with a remainder pair (the MDP's new opponent leaves
        // the remainder, the old one enters it), or two MDPs exchange opponents: the MDP
        // pairing comes first in the generation order.
        let mdp_pairs = self.mdp_pairs();
        self.mdp_exchanges(&mdp_pairs)
            .or_else(|| self.mdps_exchanging(&mdp_pairs))
            .or_else(|| self.mdp_floats_instead())
            .or_else(|| self.resident_floats_instead())
    }

    /// Two pairs of residents exchange opponents.
    fn resident_exchanges(&self) -> Option<Violation> {
        let ctx = self.ctx;
        // Shortcut (sound): when both pairs have C10-C13 all zero, no exchange can be better
        // on them; when both also join S1 and S2, the exchange that keeps them joined is
        // earlier only if the S2 opponents are inverted, and the other one needs one more
        // exchange (later). Such pairs are skipped without computing anything.
        let n1 = self.rr.len();
        let cheap: Vec<Option<(usize, usize)>> = self
            .rr
            .iter()
            .map(|&(x, y)| {
                let (i, j) = (self.bsn[&x], self.bsn[&y]);
                let (i, j) = (i.min(j), i.max(j));
                (i < n1 && j >= n1 && pair_values(ctx, x, y) == [0; N]).then_some((i, j))
            })
            .collect();
        for i in 0..self.rr.len() {
            for j in i + 1..self.rr.len() {
                if let (Some((s1i, s2i)), Some((s1j, s2j))) = (cheap[i], cheap[j])
                    && (s1i < s1j) == (s2i < s2j)
                {
                    continue;
                }
                let (a, b) = self.rr[i];
                let (c, d) = self.rr[j];
                for pairs in [[(a, c), (b, d)], [(a, d), (b, c)]] {
                    let alt = Alternative {
                        replaced: vec![self.rr[i], self.rr[j]],
                        pairs: pairs.to_vec(),
                        mdp: None,
                        mdp_choice: None,
                        float: None,
                    };
                    if let Some(v) = self.judge(&alt) {
                        return Some(v);
                    }
                }
            }
        }
        None
    }

    /// The MDP pairs of the bracket: (MDP, its resident opponent, the pair as published).
    fn mdp_pairs(&self) -> Vec<(Id, Id, (Id, Id))> {
        self.b
            .pairs
            .iter()
            .filter_map(|&(p, q)| {
                match (self.residents.contains(&p), self.residents.contains(&q)) {
                    (false, true) => Some((p, q, (p, q))),
                    (true, false) => Some((q, p, (p, q))),
                    _ => None,
                }
            })
            .collect()
    }

    /// An MDP exchanges its opponent with a remainder pair.
    fn mdp_exchanges(&self, mdp_pairs: &[(Id, Id, (Id, Id))]) -> Option<Violation> {
        for &(m, y, stored) in mdp_pairs {
            for &(c0, d0) in &self.rr {
                for (c, d) in [(c0, d0), (d0, c0)] {
                    let alt = Alternative {
                        replaced: vec![stored, (c0, d0)],
                        pairs: vec![(m, c), (y, d)],
                        mdp: Some((m, y, c)),
                        mdp_choice: None,
                        float: None,
                    };
                    if let Some(v) = self.judge(&alt) {
                        return Some(v);
                    }
                }
            }
        }
        None
    }

    /// Two MDPs exchange opponents.
    fn mdps_exchanging(&self, mdp_pairs: &[(Id, Id, (Id, Id))]) -> Option<Violation> {
        let ctx = self.ctx;
        for (k, &(m1, y1, st1)) in mdp_pairs.iter().enumerate() {
            for &(m2, y2, st2) in &mdp_pairs[k + 1..] {
                // MDPs of different scores change the score differences of their pairs:
                // those count (C19, C21) only for opponents who upfloated before.
                if ctx.score(m1) != ctx.score(m2)
                    && (mdp_opponent_values(ctx, y1) != [0; N]
                        || mdp_opponent_values(ctx, y2) != [0; N])
                {
                    continue;
                }
                // The higher-ranked MDP's opponent decides the order.
                let (old, new) = if ctx.rank[&m1] < ctx.rank[&m2] { (y1, y2) } else { (y2, y1) };
                let alt = Alternative {
                    replaced: vec![st1, st2],
                    pairs: vec![(m1, y2), (m2, y1)],
                    mdp: None,
                    mdp_choice: Some((old, new)),
                    float: None,
                };
                if let Some(v) = self.judge(&alt) {
                    return Some(v);
                }
            }
        }
        None
    }

    /// An MDP that floats on changes place with an MDP of the same score paired here.
    fn mdp_floats_instead(&self) -> Option<Violation> {
        let ctx = self.ctx;
        let sole_pab = self.b.downfloaters.len() == 1;
        // An MDP that floats on changes place with an MDP of the same score that is paired
        // here (4.4: the MDP set with the smaller BSN comes first).
        for &x in self.b.downfloaters.iter() {
            if self.residents.contains(&x) {
                continue;
            }
            let below = self.publ.partner.get(&x).copied();
            if below.is_none() && self.pab != Some(x) {
                continue;
            }
            for &(p, q) in &self.b.pairs {
                let (y, w) = match (self.residents.contains(&p), self.residents.contains(&q)) {
                    (false, true) => (p, q),
                    (true, false) => (q, p),
                    _ => continue,
                };
                if ctx.score(y) != ctx.score(x) {
                    continue;
                }
                if !self.may_float_instead(x, y, below, sole_pab) {
                    continue;
                }
                let alt = Alternative {
                    replaced: vec![(p, q)],
                    pairs: vec![(x, w)],
                    mdp: None,
                    mdp_choice: Some((y, x)),
                    float: Some((x, y, below)),
                };
                if let Some(v) = self.judge(&alt) {
                    return Some(v);
                }
            }
        }
        None
    }

    /// A resident downfloater (or the PAB receiver) changes place with a resident paired
    /// here, or meets an MDP in place of its resident opponent, who floats instead.
    fn resident_floats_instead(&self) -> Option<Violation> {
        let ctx = self.ctx;
        let sole_pab = self.b.downfloaters.len() == 1;
        for &x in self.b.downfloaters.iter() {
            if !self.residents.contains(&x) {
                continue;
            }
            let below = self.publ.partner.get(&x).copied();
            let is_pab = self.pab == Some(x);
            if below.is_none() && !is_pab {
                continue;
            }
            for &(p, q) in &self.rr {
                for (y, w) in [(p, q), (q, p)] {
                    if !ctx.compatible(x, w) || !self.may_float_instead(x, y, below, sole_pab) {
                        continue;
                    }
                    let alt = Alternative {
                        replaced: vec![(p, q)],
                        pairs: vec![(x, w)],
                        mdp: None,
                        mdp_choice: None,
                        float: Some((x, y, below)),
                    };
                    if let Some(v) = self.judge(&alt) {
                        return Some(v);
                    }
                }
            }
            // x meets an MDP in place of its resident opponent y, who floats instead.
            for &(p, q) in &self.b.pairs {
                let (m, y) = match (self.residents.contains(&p), self.residents.contains(&q)) {
                    (false, true) => (p, q),
                    (true, false) => (q, p),
                    _ => continue,
                };
                if !self.may_float_instead(x, y, below, sole_pab) {
                    continue;
                }
                let alt = Alternative {
                    replaced: vec![(p, q)],
                    pairs: vec![(m, x)],
                    mdp: Some((m, y, x)),
                    mdp_choice: None,
                    float: Some((x, y, below)),
                };
                if let Some(v) = self.judge(&alt) {
                    return Some(v);
                }
            }
        }
        None
    }

    /// Whether `y` may take the PAB of `x` in a neighbour: eligible (C2), and, unless `x`
    /// is the bracket's only downfloater (where C9 is compared), with as many unplayed games
    /// as `x` (C9 then cannot differ in a later bracket either).
    fn may_take_pab(&self, x: Id, y: Id, sole: bool) -> bool {
        let h = &self.ctx.hist;
        h[&y].pab_eligible && (sole || h[&y].unplayed == h[&x].unplayed)
    }

    /// Whether `y` may float to `x`'s destination: `below` (C1, C3) or the PAB.
    fn may_float_instead(&self, x: Id, y: Id, below: Option<Id>, sole: bool) -> bool {
        match below {
            Some(z) => self.ctx.compatible(y, z),
            None => self.may_take_pab(x, y, sole),
        }
    }

    fn judge(&self, alt: &Alternative) -> Option<Violation> {
        let ctx = self.ctx;
        if alt.pairs.iter().any(|&(x, y)| !ctx.compatible(x, y)) {
            return None;
        }
        let mut before =
            alt.replaced.iter().map(|&(x, y)| pair_values(ctx, x, y)).fold([0; N], add);
        let mut after = alt.pairs.iter().map(|&(x, y)| pair_values(ctx, x, y)).fold([0; N], add);
        if let Some((_, y, x)) = alt.mdp {
            before = add(before, mdp_opponent_values(ctx, y));
            after = add(after, mdp_opponent_values(ctx, x));
        }
        if let Some((x, y, below)) = alt.float {
            let pab = below.is_none();
            before = add(before, downfloater_values(ctx, x, pab));
            after = add(after, downfloater_values(ctx, y, pab));
        }
        let witness_total = add(sub(self.total, before), after);
        let (rule, criterion) = match (0..N).find(|&k| after[k] != before[k]) {
            Some(k) if after[k] < before[k] => (RULES[k], CRITERIA[k].to_string()),
            Some(_) => return None,
            None if alt.mdp_choice.is_some() => {
                let (y, x) = alt.mdp_choice?;
                if ctx.rank[&x] > ctx.rank[&y] {
                    return None;
                }
                (Rule::DutchOrder, "4".to_string())
            }
            None if alt.mdp.is_some() => {
                // The MDP pairing comes first in the generation order: the MDP's opponent
                // with the smaller BSN is earlier.
                let (_, y, x) = alt.mdp?;
                if ctx.rank[&x] > ctx.rank[&y] {
                    return None;
                }
                (Rule::DutchOrder, "4".to_string())
            }
            None => {
                if !self.swap_earlier(alt) {
                    return None;
                }
                (Rule::DutchOrder, "4".to_string())
            }
        };
        Some(self.violation(alt, rule, criterion, witness_total))
    }

    /// Whether a neighbour with the same criteria values comes earlier than the published
    /// pairing: [`position`] updated for the players it changes only
    /// ([`earlier_after_change`]; a floater exchanged leaves its own place unpaired).
    fn swap_earlier(&self, alt: &Alternative) -> bool {
        let Some(published) = &self.published_pos else {
            return false;
        };
        let b = |x: &Id| self.bsn[x];
        let pairs = |ps: &[(Id, Id)]| ps.iter().map(|(x, y)| (b(x), b(y))).collect::<Vec<_>>();
        let (old_free, new_free) = match alt.float {
            Some((x, y, _)) => (vec![b(&x)], vec![b(&y)]),
            None => (vec![], vec![]),
        };
        let change = Change {
            old_pairs: pairs(&alt.replaced),
            new_pairs: pairs(&alt.pairs),
            old_free,
            new_free,
        };
        let partner = |i: usize| self.partner.get(&self.remainder[i]).map(b);
        earlier_after_change(published, self.rr.len(), &self.s1_after, partner, &change)
    }

    fn violation(
        &self,
        alt: &Alternative,
        rule: Rule,
        criterion: String,
        witness_total: Values,
    ) -> Violation {
        let replaced: Vec<(Id, Id)> = alt.replaced.clone();
        let published: Vec<[Id; 2]> = self.b.pairs.iter().map(|&(x, y)| [x, y]).collect();
        let mut witness: Vec<[Id; 2]> =
            self.b.pairs.iter().filter(|p| !replaced.contains(p)).map(|&(x, y)| [x, y]).collect();
        witness.extend(alt.pairs.iter().map(|&(x, y)| [x, y]));
        let show = |ps: &[(Id, Id)]| {
            ps.iter().map(|(x, y)| format!("{x}-{y}")).collect::<Vec<_>>().join(", ")
        };
        let mut players: Vec<Id> = replaced.iter().flat_map(|&(x, y)| [x, y]).collect();
        let mut change = format!("{} instead of {}", show(&alt.pairs), show(&replaced));
        if let Some((x, y, below)) = alt.float {
            players.insert(0, x);
            change += &match below {
                Some(z) => format!(", {y} floating down to {z} instead of {x}"),
                None => format!(", the PAB to {y} instead of {x}"),
            };
        }
        let what = if rule == Rule::DutchOrder {
            "is as good on C5-C21 and comes earlier in the generation order (4.2-4.3)".to_string()
        } else if alt.float.is_some() {
            format!(
                "is better on {criterion} (as good on C5-C8: same floater scores, same next bracket)"
            )
        } else {
            format!("is better on {criterion}")
        };
        Violation::new(
            rule,
            players,
            format!("bracket {}: {change} {what}", show_points(self.b.score)),
            Evidence::Dutch(DutchEvidence::Bracket {
                bracket_score: show_points(self.b.score),
                criterion,
                criteria: CRITERIA.to_vec(),
                published_values: self.total.to_vec(),
                witness_values: witness_total.to_vec(),
                published,
                witness,
            }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pairing changed by a pair exchange or a floater exchange is ordered against the
    /// published one, from the changed players only, exactly as by its whole [`position`]:
    /// random remainders of 2-15 players with and without floaters.
    #[test]
    fn a_changed_pairing_is_ordered_as_by_its_whole_position() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |m: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % m as u64) as usize
        };
        let (mut earlier, mut later) = (0, 0);
        for case in 0..20_000 {
            let m = 2 + next(14);
            let remainder: Vec<Id> = (1..=m as Id).collect();
            let mut order: Vec<usize> = (0..m).collect();
            for i in (1..m).rev() {
                order.swap(i, next(i + 1));
            }
            let n1 = 1 + next(m / 2);
            let mut partner: HashMap<Id, Id> = HashMap::new();
            for k in 0..n1 {
                let (a, b) = (remainder[order[2 * k]], remainder[order[2 * k + 1]]);
                partner.insert(a, b);
                partner.insert(b, a);
            }
            let Some(published) = position(&remainder, n1, &partner) else { continue };
            let mut s1_after: Vec<bool> = (0..m).map(|i| i < n1).collect();
            for o in &published.2 {
                s1_after[o.0] = false;
            }
            for &i in &published.3 {
                s1_after[i] = true;
            }
            let bsn = |x: Id| x as usize - 1;
            let pair = |k: usize| (remainder[order[2 * k]], remainder[order[2 * k + 1]]);
            let mut alt = partner.clone();
            let change = if case % 2 == 0 && n1 >= 2 {
                // Two pairs exchange opponents.
                let (k, l) = (next(n1), next(n1));
                if k == l {
                    continue;
                }
                let ((a, b), (c, d)) = (pair(k), pair(l));
                let (c, d) = if next(2) == 0 { (c, d) } else { (d, c) };
                for (x, y) in [(a, c), (b, d)] {
                    alt.insert(x, y);
                    alt.insert(y, x);
                }
                Change {
                    old_pairs: vec![(bsn(a), bsn(b)), (bsn(c), bsn(d))],
                    new_pairs: vec![(bsn(a), bsn(c)), (bsn(b), bsn(d))],
                    old_free: vec![],
                    new_free: vec![],
                }
            } else if 2 * n1 < m {
                // An unpaired player x takes y's place against w; y is left unpaired.
                let x = remainder[order[2 * n1 + next(m - 2 * n1)]];
                let (y, w) = pair(next(n1));
                let (y, w) = if next(2) == 0 { (y, w) } else { (w, y) };
                alt.remove(&y);
                alt.insert(x, w);
                alt.insert(w, x);
                Change {
                    old_pairs: vec![(bsn(y), bsn(w))],
                    new_pairs: vec![(bsn(x), bsn(w))],
                    old_free: vec![bsn(x)],
                    new_free: vec![bsn(y)],
                }
            } else {
                continue;
            };
            let whole = position(&remainder, n1, &alt).is_some_and(|a| a < published);
            let part = |i: usize| partner.get(&remainder[i]).map(|&p| bsn(p));
            let quick = earlier_after_change(&published, n1, &s1_after, part, &change);
            assert_eq!(quick, whole, "case {case}: {partner:?} -> {alt:?}");
            if whole {
                earlier += 1;
            } else {
                later += 1;
            }
        }
        assert!(earlier > 1_000 && later > 1_000, "{earlier} earlier, {later} not");
    }
}

//! The remainder's generation order (4.2-4.3) for a remainder of any size: the tie-break
//! fields of [`super::check_order`]'s second matching, solved in stages when they do not fit
//! in one weight.
//!
//! The remainder's place in the order is a sequence of components, most significant first,
//! each a sum over the remainder's pairs (BSN = place in the remainder, S1 = the first N1,
//! N1 = its published number of pairs, `i < j` the BSNs of a pair):
//! - exchanges: +1 per pair not inside S2 (fewest players exchanged);
//! - difference: `n - i` (the smallest sum of the smaller BSNs = the smallest BSN difference);
//! - leavers: for each S1 player `b`, bit `b` unless `b` is the smaller BSN of its pair (the
//!   S1 players that leave S1 are the largest), in chunks of BSNs, the largest first;
//! - entrants: bit `n - 1 - i` for a pair inside S2 (its smaller BSN enters S1: the smallest
//!   entrants), in chunks of BSNs, the smallest first;
//! - partners (4.2): per S1 player after the published exchange (slot `t`, the smaller BSN of
//!   its pair) a digit `n - j` (the lower partner first), in chunks of slots.
//!
//! A stage is one matching with some chunks as tie-break fields below every criterion (at
//! most 400 bits, fewer when the criteria leave less room in the weight), and
//! above them what the stages before settled: the exchanges and the difference themselves,
//! and two consistency fields that only the published choices for the chunks already settled
//! maximise (per pair `1 + s(i)`, `s(i) = +1` when the published pairing makes `i` the
//! smaller BSN of its pair, `-1` when not; +1 per pair that is a published pair of a settled
//! slot). Each stage either finds a pairing as good on every criterion that comes earlier on
//! its chunks (the witness, reported when its recomputed values equal the published ones and
//! its recomputed place is earlier) or proves that none exists (the published pairing reaches
//! the stage's optimum), and the next stage then keeps the published choices. Each stage is
//! solved first on the bracket and the next scoregroup only (a relaxation), as the single
//! matching of small remainders is.

use super::solve_tweaked;
use super::{OrderKey, Tweak, Values, View, bits, completes, order_key, order_violation};
use crate::report::Violation;
use bsw_model::Id;
use std::collections::HashMap;

/// One component (or a chunk of one) of the remainder's place.
#[derive(Clone, Copy, Debug)]
enum Part {
    /// Consistency with the settled leaver and entrant chunks.
    Smaller,
    /// Consistency with the settled partner slots.
    Partners,
    Exchanges,
    Difference,
    /// S1 BSNs `lo..hi`.
    Leavers(usize, usize),
    /// S2 BSNs `lo..hi`.
    Entrants(usize, usize),
    /// Slots `t0..t1`.
    Slots(usize, usize),
}

/// The remainder and the published choices.
struct Rem {
    n: usize,
    n1: usize,
    /// Digits of a partner (4.2).
    dn: u32,
    bsn: HashMap<Id, usize>,
    /// Slot (place in S1 after the published exchange) of each BSN.
    slot: Vec<Option<usize>>,
    /// Whether the published pairing makes each BSN the smaller of its pair.
    smaller: Vec<bool>,
    /// The published partner (BSN) of each slot.
    partner: Vec<usize>,
    /// Settled BSNs (leavers, entrants) and slots.
    settled: Vec<bool>,
    settled_slots: Vec<bool>,
}

impl Rem {
    fn width(&self, p: Part) -> u32 {
        let e = self.n1;
        match p {
            Part::Smaller => bits(2 * e) + 1,
            Part::Partners => bits(e) + 1,
            Part::Exchanges => bits(e) + 1,
            Part::Difference => bits(self.n * e) + 1,
            Part::Leavers(lo, hi) => (hi - lo) as u32 + bits(e) + 1,
            Part::Entrants(lo, hi) => (hi - lo) as u32,
            Part::Slots(t0, t1) => self.dn * (t1 - t0) as u32,
        }
    }

    /// The pieces (value, shift) of a pair with BSNs `i < j` in part `p`.
    fn pieces(&self, p: Part, i: usize, j: usize, out: &mut Vec<(u64, u32)>, base: u32) {
        match p {
            Part::Smaller => {
                let s = if !self.settled[i] {
                    1
                } else if self.smaller[i] {
                    2
                } else {
                    0
                };
                out.push((s, base));
            }
            Part::Partners => {
                if let Some(t) = self.slot[i]
                    && self.settled_slots[t]
                    && self.partner[t] == j
                {
                    out.push((1, base));
                }
            }
            Part::Exchanges => {
                if i < self.n1 {
                    out.push((1, base));
                }
            }
            Part::Difference => out.push(((self.n - i) as u64, base)),
            Part::Leavers(lo, hi) => {
                for b in (lo..hi).filter(|&b| b != i) {
                    out.push((1, base + (b - lo) as u32));
                }
            }
            Part::Entrants(lo, hi) => {
                if (lo..hi).contains(&i) {
                    out.push((1, base + (hi - 1 - i) as u32));
                }
            }
            Part::Slots(t0, t1) => {
                if let Some(t) = self.slot[i]
                    && (t0..t1).contains(&t)
                {
                    out.push(((self.n - j) as u64, base + self.dn * (t1 - 1 - t) as u32));
                }
            }
        }
    }

    /// BSNs (smaller first) of the remainder pairs among `pairs`.
    fn remainder_pairs(&self, pairs: &[(Id, Id)]) -> Vec<(usize, usize)> {
        pairs
            .iter()
            .filter_map(|(x, y)| {
                let (i, j) = (*self.bsn.get(x)?, *self.bsn.get(y)?);
                Some((i.min(j), i.max(j)))
            })
            .collect()
    }

    /// The values of `parts` for a bracket pairing (each part a sum over its pairs; a part
    /// is at most 96 bits wide, so the sums fit).
    fn values(&self, parts: &[Part], pairs: &[(Id, Id)]) -> Vec<u128> {
        let rp = self.remainder_pairs(pairs);
        let mut buf = Vec::new();
        parts
            .iter()
            .map(|&p| {
                rp.iter()
                    .map(|&(i, j)| {
                        buf.clear();
                        self.pieces(p, i, j, &mut buf, 0);
                        buf.iter().map(|&(v, s)| (v as u128) << s).sum::<u128>()
                    })
                    .sum()
            })
            .collect()
    }
}

/// The stages for a tie-break budget of `budget` bits: the chunks in order, packed greedily.
fn stages(r: &Rem, budget: u32) -> Option<Vec<Vec<Part>>> {
    let head = [Part::Smaller, Part::Partners, Part::Exchanges, Part::Difference];
    let fixed: u32 = head.iter().map(|&p| r.width(p)).sum();
    let room = budget.checked_sub(fixed)?.min(96);
    if room < r.dn.max(8) {
        return None;
    }
    let k = (room as usize).saturating_sub(bits(r.n1) as usize + 1).max(1);
    let mut chunks = Vec::new();
    let mut hi = r.n1;
    while hi > 0 {
        let lo = hi.saturating_sub(k);
        chunks.push(Part::Leavers(lo, hi));
        hi = lo;
    }
    let mut lo = r.n1;
    while lo < r.n {
        let hi = (lo + room as usize).min(r.n);
        chunks.push(Part::Entrants(lo, hi));
        lo = hi;
    }
    let per = (room / r.dn) as usize;
    let mut t0 = 0;
    while t0 < r.n1 {
        let t1 = (t0 + per).min(r.n1);
        chunks.push(Part::Slots(t0, t1));
        t0 = t1;
    }
    let mut out: Vec<Vec<Part>> = Vec::new();
    let mut cur: Vec<Part> = head.to_vec();
    let mut used = fixed;
    for c in chunks {
        let w = r.width(c);
        if used + w > budget && cur.len() > head.len() {
            out.push(std::mem::replace(&mut cur, head.to_vec()));
            used = fixed;
        }
        cur.push(c);
        used += w;
    }
    out.push(cur);
    Some(out)
}

/// What a stage found.
enum Stage {
    /// The published pairing reaches the stage's optimum.
    Settled,
    /// A pairing as good and earlier (or `None`: a pairing the stage prefers that is not a
    /// valid witness, so nothing is reported).
    Done(Option<Violation>),
    /// The weight does not fit: fewer tie-break bits needed.
    TooWide(String),
}

/// The complete 4.2-4.3 check of the remainder of `view`'s bracket (the MDP pairs `fixed`
/// as published): `Some` violation when an equally good bracket pairing comes earlier.
#[allow(clippy::too_many_arguments)]
pub(super) fn remainder_order(
    view: &View,
    published: &Values,
    key: &OrderKey,
    fixed: &[(Id, Id)],
    remainder: &[Id],
    n1: usize,
    notes: &mut Vec<String>,
) -> Option<Violation> {
    let n = remainder.len();
    let bsn: HashMap<Id, usize> = remainder.iter().enumerate().map(|(i, x)| (*x, i)).collect();
    // S1 after the published exchange, by BSN.
    let (_, _, out, inn, _) = &key.3;
    let mut s1_after: Vec<bool> = (0..n).map(|i| i < n1).collect();
    for o in out {
        s1_after[o.0] = false;
    }
    for &i in inn {
        s1_after[i] = true;
    }
    let mut t = 0;
    let slot: Vec<Option<usize>> = (0..n)
        .map(|i| {
            s1_after[i].then(|| {
                t += 1;
                t - 1
            })
        })
        .collect();
    let mut r = Rem {
        n,
        n1,
        dn: bits(n),
        bsn,
        slot,
        smaller: vec![false; n],
        partner: vec![0; n1],
        settled: vec![false; n],
        settled_slots: vec![false; n1],
    };
    for (i, j) in r.remainder_pairs(&view.b.pairs) {
        r.smaller[i] = true;
        if let Some(t) = r.slot[i] {
            r.partner[t] = j;
        }
    }
    // Tie-break bits per stage: as many as the criteria leave in the weight (tried from
    // the largest), so that mid-sized remainders take one stage.
    let budgets = [400, 240, 120, 60];
    let mut attempt = 0;
    'budget: loop {
        let budget = budgets[attempt];
        let Some(plan) = stages(&r, budget) else {
            notes.push(format!(
                "bracket {}: generation order: the remainder's tie-break fields do not fit",
                super::points(view.b.score)
            ));
            return None;
        };
        r.settled.iter_mut().for_each(|s| *s = false);
        r.settled_slots.iter_mut().for_each(|s| *s = false);
        for parts in &plan {
            match stage(view, published, key, fixed, &r, parts) {
                Stage::Settled => {}
                Stage::Done(v) => return v,
                Stage::TooWide(msg) => {
                    if attempt + 1 < budgets.len() {
                        attempt += 1;
                        continue 'budget;
                    }
                    notes.push(format!(
                        "bracket {}: generation order: {msg}",
                        super::points(view.b.score)
                    ));
                    return None;
                }
            }
            for &p in parts {
                match p {
                    Part::Leavers(lo, hi) | Part::Entrants(lo, hi) => {
                        r.settled[lo..hi].iter_mut().for_each(|s| *s = true)
                    }
                    Part::Slots(t0, t1) => {
                        r.settled_slots[t0..t1].iter_mut().for_each(|s| *s = true)
                    }
                    _ => {}
                }
            }
        }
        return None;
    }
}

/// One stage: the earliest optimal pairing on `parts`, compared with the published one.
fn stage(
    view: &View,
    published: &Values,
    key: &OrderKey,
    fixed: &[(Id, Id)],
    r: &Rem,
    parts: &[Part],
) -> Stage {
    let mut offsets = vec![0u32; parts.len()];
    let mut off = 0;
    for (k, &p) in parts.iter().enumerate().rev() {
        offsets[k] = off;
        off += r.width(p);
    }
    let pieces = |x: Id, y: Id| -> Vec<(u64, u32)> {
        let (Some(&i), Some(&j)) = (r.bsn.get(&x), r.bsn.get(&y)) else {
            return Vec::new();
        };
        let (i, j) = (i.min(j), i.max(j));
        let mut out = Vec::new();
        for (k, &p) in parts.iter().enumerate() {
            r.pieces(p, i, j, &mut out, offsets[k]);
        }
        out
    };
    let tweak = Tweak { bits: off, pieces: &pieces };
    let mine = r.values(parts, &view.b.pairs);
    let witness = |pairs: &[(Id, Id)]| -> Stage {
        let earlier = order_key(view, pairs).is_some_and(|k| k < *key);
        Stage::Done(earlier.then(|| order_violation(view, published, pairs)))
    };
    if let Ok(w) = solve_tweaked(view, fixed, Some((&[], None)), Some(&tweak))
        && view.values(&w.pairs, &w.next_pairs, w.pab) == *published
    {
        let theirs = r.values(parts, &w.pairs);
        if theirs == mine {
            return Stage::Settled;
        }
        if theirs > mine && completes(view, &w) {
            return witness(&w.pairs);
        }
    }
    match solve_tweaked(view, fixed, None, Some(&tweak)) {
        Ok(s) => {
            if view.values(&s.pairs, &s.next_pairs, s.pab) != *published {
                return Stage::Done(None);
            }
            let theirs = r.values(parts, &s.pairs);
            if theirs == mine {
                Stage::Settled
            } else if theirs > mine {
                witness(&s.pairs)
            } else {
                Stage::Done(None)
            }
        }
        Err(msg) if msg.contains("bits of weight") => Stage::TooWide(msg),
        Err(_) => Stage::Done(None),
    }
}

//! The generation order's tie-break fields for brackets of any size, solved in stages when
//! they do not fit in one weight: the MDP part (4.4, [`mdp_order`]: which MDPs are paired and
//! with whom, any number of MDPs) and the remainder (4.2-4.3, [`remainder_order`]) of
//! [`super::check_order`]. Both share the stage driver (`run_stages`): each stage is one
//! matching whose tie-break fields are some chunks of the part, below every criterion, with
//! consistency fields above them that only the choices the published pairing made in the
//! chunks settled before maximise.
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
//!   its pair) a digit, larger for a lower partner, in chunks of slots: only the partners an
//!   equally good pairing could give the slot before its published one are told apart (see
//!   [`remainder_order`]); compact digits first decide whether any pairing is earlier, the
//!   full ones then find the witness ([`Digits`]).
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

use super::generation::{OrderKey, bits, order_key};
use super::graph::{SolveError, Values, View, bits_for};
use super::solve::{Tweak, completes, solve_tweaked, tight_places};
use super::transpositions;
use super::witness::order_violation;
use crate::points::show_points;
use crate::report::Violation;
use bsw_model::Id;

type HashMap<K, V> = crate::dutch::idmap::IdMap<K, V>;

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
    /// Slot fields `f0..f1` (see `Rem::fields`).
    Slots(usize, usize),
}

/// The remainder and the published choices.
struct Rem {
    n: usize,
    n1: usize,
    bsn: HashMap<Id, usize>,
    /// Slot (place in S1 after the published exchange) of each BSN.
    slot: Vec<Option<usize>>,
    /// Whether the published pairing makes each BSN the smaller of its pair.
    smaller: Vec<bool>,
    /// The published partner (BSN) of each slot.
    partner: Vec<usize>,
    /// Settled BSNs (leavers, entrants) and slots.
    settled: Vec<bool>,
    /// Whether the published pairing exchanges players between S1 and S2.
    exchanged: bool,
    settled_slots: Vec<bool>,
    /// Per slot, the partners (BSNs, ascending) that an equally good pairing with the
    /// published partners of the slots before might give it before its published one
    /// (none: the slot cannot be earlier, `free`); `None` without tight edges: any lower BSN.
    earlier: Vec<Option<Vec<usize>>>,
    /// The slots' fields, in slot order: each the slots `t0..t1` (see [`Digits`]).
    fields: Vec<(usize, usize)>,
    /// The field of each slot.
    field_of: Vec<usize>,
    /// Where each field starts, counted from the first (`at[fields.len()]`: all of them).
    at: Vec<u32>,
    digits: Digits,
}

/// How the partner slots' fields tell the pairings apart (see [`remainder_order`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Digits {
    /// A field per slot: 1 for the published partner, 2 and up for the earlier partners the
    /// slot may get (the earliest the largest), 0 for any other. The stage's optimum gives
    /// the first slot that can be earlier its earliest partner: the witness reported.
    Full,
    /// Fewer bits, to decide whether any pairing comes earlier: a slot that may get an
    /// earlier partner has a field of its own, 2 for any of them, 1 for the published one,
    /// 0 for any other; a run of slots that cannot be earlier shares one field, the number
    /// of them that keep their published partners.
    Compact,
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
            Part::Slots(f0, f1) => self.at[f1] - self.at[f0],
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
                // Bit `b - lo` for every `b` of the chunk but `i`: masks of up to 64 bits.
                let mut b0 = lo;
                while b0 < hi {
                    let b1 = (b0 + 64).min(hi);
                    let mut mask = u64::MAX >> (64 - (b1 - b0));
                    if (b0..b1).contains(&i) {
                        mask &= !(1u64 << (i - b0));
                    }
                    if mask != 0 {
                        out.push((mask, base + (b0 - lo) as u32));
                    }
                    b0 = b1;
                }
            }
            Part::Entrants(lo, hi) => {
                if (lo..hi).contains(&i) {
                    out.push((1, base + (hi - 1 - i) as u32));
                }
            }
            Part::Slots(f0, f1) => {
                if let Some(t) = self.slot[i]
                    && (f0..f1).contains(&self.field_of[t])
                {
                    let f = self.field_of[t];
                    let shift = base + self.at[f1] - self.at[f + 1];
                    let digit = self.digit(t, j);
                    if digit > 0 {
                        out.push((digit, shift));
                    }
                }
            }
        }
    }

    /// Slot `t`'s digit for partner `j` (its share of its field): 1 for the published
    /// partner, larger for an earlier one that may be (by [`Digits`]), 0 for any other.
    fn digit(&self, t: usize, j: usize) -> u64 {
        let published = self.partner[t];
        if j == published {
            return 1;
        }
        if j > published {
            return 0;
        }
        let rank = match &self.earlier[t] {
            None => published - j + 1,
            Some(list) => match list.binary_search(&j) {
                Ok(m) => list.len() - m + 1,
                Err(_) => return 0,
            },
        };
        match self.digits {
            Digits::Full => rank as u64,
            Digits::Compact => 2,
        }
    }

    /// Whether slot `t` cannot get an earlier partner (see `Rem::earlier`).
    fn fixed_slot(&self, t: usize) -> bool {
        self.earlier[t].as_ref().is_some_and(Vec::is_empty)
    }

    /// The largest digit of slot `t`.
    fn top_digit(&self, t: usize) -> u64 {
        let top = match &self.earlier[t] {
            None => self.partner[t] + 1,
            Some(list) => list.len() + 1,
        };
        match self.digits {
            Digits::Full => top as u64,
            Digits::Compact => top.min(2) as u64,
        }
    }

    /// Lays out the slots' fields for `digits`.
    fn lay_out(&mut self, digits: Digits) {
        self.digits = digits;
        self.fields.clear();
        let mut t = 0;
        while t < self.n1 {
            let t0 = t;
            t += 1;
            if digits == Digits::Compact && self.fixed_slot(t0) {
                while t < self.n1 && self.fixed_slot(t) {
                    t += 1;
                }
            }
            self.fields.push((t0, t));
        }
        self.field_of = vec![0; self.n1];
        self.at = vec![0];
        for (f, &(t0, t1)) in self.fields.iter().enumerate() {
            self.field_of[t0..t1].iter_mut().for_each(|x| *x = f);
            // A single slot's largest digit, or a run's count of published partners.
            let top = if t1 - t0 == 1 { self.top_digit(t0) } else { (t1 - t0) as u64 };
            self.at.push(self.at[f] + bits_for(top));
        }
    }

    /// Per slot, the partners it may get before its published one ([`Rem::earlier`]), from
    /// the tight edges `tight` of the relaxation whose fixed pairs are `key_fixed` (the
    /// remainder's MDP pairs `fixed`, or none); with whether alternating cycles prove that
    /// no equally good pairing is earlier (without exchange only, see [`transpositions`];
    /// a player paired in `fixed` is no way out of the remainder). `None` when the window
    /// does not fit.
    ///
    /// A pairing as good as the published one uses only tight edges in the relaxation. One
    /// that keeps the S1 set and the partners of slots 0..t and differs at slot t (player
    /// i) gives it a partner j' that is in S2 after the exchange, taken by no slot before,
    /// joined to i by a tight edge: earlier only when j' < the published partner. Without
    /// such a j' the slot cannot be earlier.
    #[allow(clippy::type_complexity)]
    fn earlier_partners(
        &self,
        view: &View,
        (key_fixed, fixed): (&[(Id, Id)], &[(Id, Id)]),
        tight: &[bool],
    ) -> Option<(Vec<Option<Vec<usize>>>, bool)> {
        let s1_to_s2 = |a: usize, b: usize| self.slot[a].is_some() && self.slot[b].is_none();
        // Without exchange the alternating cycles need who may leave the remainder too.
        let leaving = (!self.exchanged).then_some(fixed);
        let (later, leave) = tight_places(view, key_fixed, tight, &self.bsn, s1_to_s2, leaving)?;
        let mut taken = vec![false; self.n];
        let mut earlier = vec![None; self.n1];
        for (i, t) in self.slot.iter().enumerate() {
            let Some(t) = *t else { continue };
            let j = self.partner[t];
            let mut list: Vec<usize> =
                later[i].iter().copied().filter(|&c| c < j && !taken[c]).collect();
            list.sort_unstable();
            earlier[t] = Some(list);
            taken[j] = true;
        }
        // Without exchange slot t is BSN t.
        let proved = !self.exchanged && {
            let improving: Vec<Vec<usize>> =
                earlier.iter().map(|e| e.clone().unwrap_or_default()).collect();
            leave.is_some_and(|leave| {
                transpositions::none_earlier(
                    self.n1,
                    &self.partner,
                    &later[..self.n1],
                    &improving,
                    &leave,
                )
            })
        };
        Some((earlier, proved))
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
}

/// Tie-break fields that a staged order check solves chunk by chunk: the remainder's
/// ([`Rem`], 4.2-4.3) and the MDPs' ([`Mdps`], 4.4).
trait Fields {
    type Part: Copy;
    fn width(&self, p: Self::Part) -> u32;
    /// The pieces (value, shift) of the bracket pair `x`-`y` in part `p`, `base` bits up.
    fn pair_pieces(&self, p: Self::Part, x: Id, y: Id, out: &mut Vec<(u64, u32)>, base: u32);
    /// A bracket member's place for [`Fields::place_pieces`] (`None`: its pairs have no
    /// pieces), looked up once per player rather than once per edge.
    fn place(&self, x: Id) -> Option<usize>;
    /// [`Fields::pair_pieces`] of the members at places `a` and `b`.
    fn place_pieces(&self, p: Self::Part, a: usize, b: usize, out: &mut Vec<(u64, u32)>, base: u32);
    /// The stages for a tie-break budget of `budget` bits (`None`: the parts do not fit).
    fn plan(&self, budget: u32) -> Option<Vec<Vec<Self::Part>>>;
    /// Forgets what the stages settled.
    fn unsettle(&mut self);
    /// Keeps the published choices of `parts` in the stages that follow.
    fn settle(&mut self, parts: &[Self::Part]);
    /// Whether no equally good pairing that keeps the published choices of the stages
    /// before can come earlier on `parts`, known without a matching.
    fn free(&self, _parts: &[Self::Part]) -> bool {
        false
    }

    /// The values of `parts` for a bracket pairing (each part a sum over its pairs; a part
    /// is at most 96 bits wide, so the sums fit).
    fn values(&self, parts: &[Self::Part], pairs: &[(Id, Id)]) -> Vec<u128> {
        let mut buf = Vec::new();
        parts
            .iter()
            .map(|&p| {
                pairs
                    .iter()
                    .map(|&(x, y)| {
                        buf.clear();
                        self.pair_pieces(p, x, y, &mut buf, 0);
                        buf.iter().map(|&(v, s)| (v as u128) << s).sum::<u128>()
                    })
                    .sum()
            })
            .collect()
    }
}

/// `range` cut into chunks of `size` (the last one shorter), in order, as parts.
fn split<P>(
    range: std::ops::Range<usize>,
    size: usize,
    part: impl Fn(usize, usize) -> P,
    out: &mut Vec<P>,
) {
    let mut lo = range.start;
    while lo < range.end {
        let hi = (lo + size.max(1)).min(range.end);
        out.push(part(lo, hi));
        lo = hi;
    }
}

/// `head` (the consistency fields, in every stage) and the chunks in order, packed greedily
/// into stages of at most `budget` bits.
fn pack<P: Copy>(head: &[P], chunks: Vec<P>, width: impl Fn(P) -> u32, budget: u32) -> Vec<Vec<P>> {
    let fixed: u32 = head.iter().map(|&p| width(p)).sum();
    let mut out: Vec<Vec<P>> = Vec::new();
    let mut cur: Vec<P> = head.to_vec();
    let mut used = fixed;
    for c in chunks {
        let w = width(c);
        if used + w > budget && cur.len() > head.len() {
            out.push(std::mem::replace(&mut cur, head.to_vec()));
            used = fixed;
        }
        cur.push(c);
        used += w;
    }
    out.push(cur);
    out
}

impl Fields for Rem {
    type Part = Part;

    fn width(&self, p: Part) -> u32 {
        Rem::width(self, p)
    }

    fn pair_pieces(&self, p: Part, x: Id, y: Id, out: &mut Vec<(u64, u32)>, base: u32) {
        if let (Some(&i), Some(&j)) = (self.bsn.get(&x), self.bsn.get(&y)) {
            self.pieces(p, i.min(j), i.max(j), out, base);
        }
    }

    /// The BSN.
    fn place(&self, x: Id) -> Option<usize> {
        self.bsn.get(&x).copied()
    }

    fn place_pieces(&self, p: Part, i: usize, j: usize, out: &mut Vec<(u64, u32)>, base: u32) {
        self.pieces(p, i.min(j), i.max(j), out, base);
    }

    /// The chunks: leavers (largest BSNs first), entrants (smallest first), partner slots.
    fn plan(&self, budget: u32) -> Option<Vec<Vec<Part>>> {
        let head = [Part::Smaller, Part::Partners, Part::Exchanges, Part::Difference];
        let fixed: u32 = head.iter().map(|&p| self.width(p)).sum();
        let room = budget.checked_sub(fixed)?.min(96);
        let nf = self.fields.len();
        let widest = (0..nf).map(|f| self.at[f + 1] - self.at[f]).max().unwrap_or(0);
        if room < widest.max(8) {
            return None;
        }
        let k = (room as usize).saturating_sub(bits(self.n1) as usize + 1).max(1);
        let mut chunks = Vec::new();
        // Without a published exchange, the leaver and entrant chunks need no stage: a
        // pairing as good on the exchanges (above every chunk) has none either (its N1
        // pairs not inside S2 each hold one of the N1 S1 players, the smaller BSN), so its
        // leaver and entrant fields are the published ones whatever it is.
        let mut hi = if self.exchanged { self.n1 } else { 0 };
        while hi > 0 {
            let lo = hi.saturating_sub(k);
            chunks.push(Part::Leavers(lo, hi));
            hi = lo;
        }
        if self.exchanged {
            split(self.n1..self.n, room as usize, Part::Entrants, &mut chunks);
        }
        // Partner slots in three chunks per stage (each at least one slot): few parts, so
        // that each edge's pieces stay cheap, filling the budget.
        let slot_room = room.max((budget - fixed) / 3);
        let mut f0 = 0;
        while f0 < nf {
            let mut f1 = f0 + 1;
            while f1 < nf && self.at[f1 + 1] - self.at[f0] <= slot_room {
                f1 += 1;
            }
            chunks.push(Part::Slots(f0, f1));
            f0 = f1;
        }
        Some(pack(&head, chunks, |p| self.width(p), budget))
    }

    /// A stage of partner slots only, none of which may get an earlier partner (see
    /// `Rem::earlier`). The fields above them need no proof here: the exchanges, the
    /// difference and the S1 set were settled by the stages before, or, without a published
    /// exchange, the published ones are the best any pairing has (every pair holds an S1
    /// player, the smaller BSNs are the first N1).
    fn free(&self, parts: &[Part]) -> bool {
        parts.iter().all(|&p| match p {
            Part::Smaller | Part::Partners | Part::Exchanges | Part::Difference => true,
            Part::Slots(f0, f1) => {
                (self.fields[f0].0..self.fields[f1 - 1].1).all(|t| self.fixed_slot(t))
            }
            Part::Leavers(..) | Part::Entrants(..) => false,
        })
    }

    fn unsettle(&mut self) {
        self.settled.iter_mut().for_each(|s| *s = false);
        self.settled_slots.iter_mut().for_each(|s| *s = false);
    }

    fn settle(&mut self, parts: &[Part]) {
        for &p in parts {
            match p {
                Part::Leavers(lo, hi) | Part::Entrants(lo, hi) => {
                    self.settled[lo..hi].iter_mut().for_each(|s| *s = true)
                }
                Part::Slots(f0, f1) => {
                    let (t0, t1) = (self.fields[f0].0, self.fields[f1 - 1].1);
                    self.settled_slots[t0..t1].iter_mut().for_each(|s| *s = true)
                }
                _ => {}
            }
        }
    }
}

/// The tight window of the relaxation with the given fixed pairs (`solve::tight_window`).
pub(super) type WindowOf<'a> = dyn Fn(&[(Id, Id)]) -> Option<std::rc::Rc<Vec<bool>>> + 'a;

/// What a stage found.
enum Stage {
    /// The published pairing reaches the stage's optimum.
    Settled,
    /// A pairing as good and earlier (or `None`: a pairing the stage prefers that is not a
    /// valid witness, so nothing is reported).
    Done(Option<Violation>),
    /// The weight does not fit: fewer tie-break bits needed.
    TooWide(String),
    /// The matching is over the checker's size limit (`optimum::MAX_PAIRS`): noted, not
    /// decided (never read as "nothing earlier").
    TooLarge(String),
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
    window: &WindowOf,
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
        bsn,
        slot,
        smaller: vec![false; n],
        partner: vec![0; n1],
        settled: vec![false; n],
        exchanged: !out.is_empty() || !inn.is_empty(),
        settled_slots: vec![false; n1],
        earlier: vec![None; n1],
        fields: Vec::new(),
        field_of: Vec::new(),
        at: Vec::new(),
        digits: Digits::Full,
    };
    for (i, j) in r.remainder_pairs(&view.b.pairs) {
        r.smaller[i] = true;
        if let Some(t) = r.slot[i] {
            r.partner[t] = j;
        }
    }
    // An equally good pairing that keeps the MDP pairs is optimal in the relaxation
    // without fixed pairs too (the published one is): when this remainder may be decided by
    // alternating cycles, the window of that relaxation (kept by the quality check) is
    // tried first, before the graph with the MDP pairs fixed is built.
    if !r.exchanged
        && !fixed.is_empty()
        && let Some(wide) = window(&[])
        && let Some((_, true)) = r.earlier_partners(view, (&[], fixed), &wide)
    {
        return None;
    }
    let tight = window(fixed);
    let tight = tight.as_deref().map(Vec::as_slice);
    if let Some((earlier, proved)) = tight.and_then(|t| r.earlier_partners(view, (fixed, fixed), t))
    {
        if proved {
            return None;
        }
        r.earlier = earlier;
    }
    // A slot's digit needs to tell apart only its published partner (1), the earlier
    // partners it may get (2 and up) and the rest (0): it orders the pairings the same way
    // among those that keep the slots before. At the first slot where a pairing's digits
    // differ from the published ones, the slots before keep their published partners
    // (equal digits); this slot's partner is then earlier exactly when it is one of those it
    // may get (an equally good pairing uses tight edges only), with a larger digit; any
    // other partner is later, with digit 0.
    //
    // Compact digits first: every earlier partner 2, and a run of slots that cannot be
    // earlier one field counting those that keep their published partners. The published
    // pairing has every field at its largest but the 2s, so a pairing whose fields are
    // larger, first at some field, keeps every run before it whole (each slot there with
    // its published partner) and gives that field's slot an earlier partner: it is
    // earlier. Conversely an earlier pairing first differs at a slot that may be earlier,
    // with a 2 there and the published fields before it. So the compact stages find an
    // earlier pairing exactly when one exists, with about half the bits of the full
    // digits (round 2 of the 1,000-player bench: 236 bits instead of 366, one stage
    // instead of two). Only when they find one are the full digits solved, so that the
    // witness is the one whose first different slot has its earliest possible partner.
    let what = "the remainder's";
    r.lay_out(Digits::Compact);
    let mut compact_notes = Vec::new();
    let found = run_stages(view, published, key, fixed, &mut r, what, &mut compact_notes, tight);
    if found.is_none() {
        notes.extend(compact_notes);
        return None;
    }
    // (Should the full digits not fit the weight, the compact stages' witness stands.)
    r.lay_out(Digits::Full);
    run_stages(view, published, key, fixed, &mut r, what, &mut Vec::new(), tight).or(found)
}

/// The MDP part of a bracket's place in the order (4.4), most significant first (MDPs in
/// ranking order, `i` the MDP's index, `j` its resident opponent's, `r` residents):
/// - the MDPs paired with a resident: bit `m - 1 - i` (the highest paired first; C7 fixes
///   how many of each score), in chunks of MDPs, the highest first;
/// - their opponents (the MDP-pairing's transposition): per MDP a digit `r - j` (the
///   higher-ranked opponent first), in chunks of MDPs, the highest first.
///
/// Two consistency fields keep the published choices of the chunks settled before: per MDP
/// of a pair, 1 when its chunk of bits is not settled, else 2 when the published pairing
/// pairs it with a resident and it meets a resident, 1 when it meets another MDP, 0 when the
/// published pairing floats it (the total is the number of paired MDPs, fixed by C7, plus
/// the settled published MDPs paired with a resident, minus the settled floating MDPs that
/// are paired: only the published choices reach the maximum); +1 per pair that is the
/// published pair of an MDP whose digit is settled.
#[derive(Clone, Copy, Debug)]
enum MdpPart {
    Chosen,
    Mates,
    /// MDPs `lo..hi`: paired with a resident or not.
    Set(usize, usize),
    /// MDPs `lo..hi`: their opponents.
    Opps(usize, usize),
}

/// The bracket's MDPs and residents and the published MDP pairs.
struct Mdps {
    m: usize,
    r: usize,
    /// Digits of an opponent.
    d: u32,
    mdp: HashMap<Id, usize>,
    resident: HashMap<Id, usize>,
    /// The published resident opponent of each MDP (`None`: it floats on).
    mate: Vec<Option<usize>>,
    settled_set: Vec<bool>,
    settled_mates: Vec<bool>,
}

impl Fields for Mdps {
    type Part = MdpPart;

    fn width(&self, p: MdpPart) -> u32 {
        match p {
            MdpPart::Chosen => bits(2 * self.m) + 1,
            MdpPart::Mates => bits(self.m) + 1,
            MdpPart::Set(lo, hi) => (hi - lo) as u32,
            MdpPart::Opps(lo, hi) => self.d * (hi - lo) as u32,
        }
    }

    fn pair_pieces(&self, p: MdpPart, x: Id, y: Id, out: &mut Vec<(u64, u32)>, base: u32) {
        let (a, b) = (self.mdp.get(&x).copied(), self.mdp.get(&y).copied());
        let (ra, rb) = (self.resident.get(&x).copied(), self.resident.get(&y).copied());
        self.pieces(p, (a, ra), (b, rb), out, base);
    }

    /// The MDP index `i`, or `m + j` for the resident of index `j`.
    fn place(&self, x: Id) -> Option<usize> {
        match (self.mdp.get(&x), self.resident.get(&x)) {
            (Some(&i), _) => Some(i),
            (None, Some(&j)) => Some(self.m + j),
            (None, None) => None,
        }
    }

    fn place_pieces(&self, p: MdpPart, a: usize, b: usize, out: &mut Vec<(u64, u32)>, base: u32) {
        let split = |u: usize| if u < self.m { (Some(u), None) } else { (None, Some(u - self.m)) };
        self.pieces(p, split(a), split(b), out, base);
    }

    fn plan(&self, budget: u32) -> Option<Vec<Vec<MdpPart>>> {
        let head = [MdpPart::Chosen, MdpPart::Mates];
        let fixed: u32 = head.iter().map(|&p| self.width(p)).sum();
        let room = budget.checked_sub(fixed)?.min(96);
        if room < self.d.max(8) {
            return None;
        }
        let mut chunks = Vec::new();
        split(0..self.m, room as usize, MdpPart::Set, &mut chunks);
        split(0..self.m, (room / self.d.max(1)) as usize, MdpPart::Opps, &mut chunks);
        Some(pack(&head, chunks, |p| self.width(p), budget))
    }

    fn unsettle(&mut self) {
        self.settled_set.iter_mut().for_each(|s| *s = false);
        self.settled_mates.iter_mut().for_each(|s| *s = false);
    }

    fn settle(&mut self, parts: &[MdpPart]) {
        for &p in parts {
            match p {
                MdpPart::Set(lo, hi) => self.settled_set[lo..hi].iter_mut().for_each(|s| *s = true),
                MdpPart::Opps(lo, hi) => {
                    self.settled_mates[lo..hi].iter_mut().for_each(|s| *s = true)
                }
                _ => {}
            }
        }
    }
}

impl Mdps {
    /// Whether no equally good pairing can be earlier on the MDP part, by the tight edges
    /// (`tight`, see [`super::solve::tight_window`]) alone. Such a pairing uses only tight
    /// edges, and at the first MDP `i` where it differs it either pairs `i` with a resident
    /// where the published pairing does not (and, C7 keeping the number paired, floats an
    /// MDP after `i` that the published pairing pairs), or, every MDP before `i` keeping
    /// its opponent, gives `i` a higher-ranked resident than its published one, taken by no
    /// MDP before. Without a tight edge for either, no such pairing exists and the stages
    /// are not needed.
    fn none_earlier(&self, view: &View, tight: &[bool]) -> bool {
        let b = view.b;
        let places: HashMap<Id, usize> = b
            .mdps
            .iter()
            .enumerate()
            .map(|(i, x)| (*x, i))
            .chain(b.residents.iter().enumerate().map(|(j, x)| (*x, self.m + j)))
            .collect();
        let m = self.m;
        let Some((joined, _)) =
            tight_places(view, &[], tight, &places, |a, c| a < m && c >= m, None)
        else {
            return false;
        };
        let near: Vec<Vec<usize>> =
            joined.iter().take(m).map(|list| list.iter().map(|&c| c - m).collect()).collect();
        no_mdp_earlier(&self.mate, &near, self.r)
    }

    /// The pieces of a pair whose players are (MDP index, resident index) each.
    fn pieces(
        &self,
        p: MdpPart,
        x: (Option<usize>, Option<usize>),
        y: (Option<usize>, Option<usize>),
        out: &mut Vec<(u64, u32)>,
        base: u32,
    ) {
        let mut chosen = 0;
        for (a, b) in [(x, y), (y, x)] {
            let Some(i) = a.0 else { continue };
            let opponent = b.1;
            match p {
                MdpPart::Chosen => {
                    chosen += match (self.settled_set[i], self.mate[i], opponent) {
                        (false, _, _) => 1,
                        (true, Some(_), Some(_)) => 2,
                        (true, Some(_), None) => 1,
                        (true, None, _) => 0,
                    };
                }
                MdpPart::Mates => {
                    if self.settled_mates[i] && opponent.is_some() && self.mate[i] == opponent {
                        out.push((1, base));
                    }
                }
                MdpPart::Set(lo, hi) => {
                    if (lo..hi).contains(&i) && opponent.is_some() {
                        out.push((1, base + (hi - 1 - i) as u32));
                    }
                }
                MdpPart::Opps(lo, hi) => {
                    if let Some(j) = opponent
                        && (lo..hi).contains(&i)
                    {
                        out.push(((self.r - j) as u64, base + self.d * (hi - 1 - i) as u32));
                    }
                }
            }
        }
        if chosen > 0 {
            out.push((chosen, base));
        }
    }
}

/// [`Mdps::none_earlier`] on the published resident opponent of each MDP (`mate`, in MDP
/// order, `None`: it floats) and the residents each MDP is joined to by a tight edge
/// (`near`), of `r` residents (indices in ranking order).
pub(super) fn no_mdp_earlier(mate: &[Option<usize>], near: &[Vec<usize>], r: usize) -> bool {
    let last_paired = mate.iter().rposition(Option::is_some);
    let mut taken = vec![false; r];
    for (i, near) in near.iter().enumerate() {
        match mate[i] {
            // Paired instead of an MDP after it.
            None if last_paired.is_some_and(|k| k > i) && !near.is_empty() => return false,
            None => {}
            Some(j) => {
                if near.iter().any(|&c| c < j && !taken[c]) {
                    return false;
                }
                taken[j] = true;
            }
        }
    }
    true
}

/// The complete 4.4 check of the MDP part of `view`'s bracket (which MDPs are paired, and
/// with whom), for any number of MDPs: `Some` violation when an equally good bracket pairing
/// comes earlier on it.
pub(super) fn mdp_order(
    view: &View,
    published: &Values,
    key: &OrderKey,
    notes: &mut Vec<String>,
    tight: Option<&[bool]>,
) -> Option<Violation> {
    let b = view.b;
    let mdp: HashMap<Id, usize> = b.mdps.iter().enumerate().map(|(i, x)| (*x, i)).collect();
    let resident: HashMap<Id, usize> =
        b.residents.iter().enumerate().map(|(i, x)| (*x, i)).collect();
    let mut mate = vec![None; b.mdps.len()];
    for &(x, y) in &b.pairs {
        for (p, q) in [(x, y), (y, x)] {
            if let (Some(&i), Some(&j)) = (mdp.get(&p), resident.get(&q)) {
                mate[i] = Some(j);
            }
        }
    }
    let mut f = Mdps {
        m: b.mdps.len(),
        r: b.residents.len(),
        d: bits(b.residents.len()),
        mdp,
        resident,
        mate,
        settled_set: vec![false; b.mdps.len()],
        settled_mates: vec![false; b.mdps.len()],
    };
    if tight.is_some_and(|t| f.none_earlier(view, t)) {
        return None;
    }
    run_stages(view, published, key, &[], &mut f, "the MDPs'", notes, tight)
}

/// Solves `f`'s stages in order, each keeping the published choices of the stages before:
/// the first stage that finds an equally good, earlier pairing gives the violation.
#[allow(clippy::too_many_arguments)]
fn run_stages<F: Fields>(
    view: &View,
    published: &Values,
    key: &OrderKey,
    fixed: &[(Id, Id)],
    f: &mut F,
    what: &str,
    notes: &mut Vec<String>,
    tight: Option<&[bool]>,
) -> Option<Violation> {
    // Tie-break bits per stage: as many as the criteria leave in the weight (tried from
    // the largest), so that mid-sized parts take one stage.
    let budgets = [400, 240, 120, 60];
    let mut attempt = 0;
    'budget: loop {
        let budget = budgets[attempt];
        let Some(plan) = f.plan(budget) else {
            notes.push(format!(
                "bracket {}: generation order: {what} tie-break fields do not fit",
                show_points(view.b.score)
            ));
            return None;
        };
        f.unsettle();
        for parts in &plan {
            if f.free(parts) {
                f.settle(parts);
                continue;
            }
            match stage(view, published, key, fixed, f, parts, tight) {
                Stage::Settled => {}
                Stage::Done(v) => return v,
                // A narrower budget may fit the weight; nothing makes a matching smaller.
                Stage::TooWide(_) if attempt + 1 < budgets.len() => {
                    attempt += 1;
                    continue 'budget;
                }
                Stage::TooWide(msg) | Stage::TooLarge(msg) => {
                    notes.push(format!(
                        "bracket {}: generation order: {msg}",
                        show_points(view.b.score)
                    ));
                    return None;
                }
            }
            f.settle(parts);
        }
        return None;
    }
}

/// One stage: the earliest optimal pairing on `parts`, compared with the published one.
fn stage<F: Fields>(
    view: &View,
    published: &Values,
    key: &OrderKey,
    fixed: &[(Id, Id)],
    f: &F,
    parts: &[F::Part],
    tight: Option<&[bool]>,
) -> Stage {
    let mut offsets = vec![0u32; parts.len()];
    let mut off = 0;
    for (k, &p) in parts.iter().enumerate().rev() {
        offsets[k] = off;
        off += f.width(p);
    }
    let place = |x: Id| f.place(x);
    let pieces = |a: usize, b: usize, out: &mut Vec<(u64, u32)>| {
        for (k, &p) in parts.iter().enumerate() {
            f.place_pieces(p, a, b, out, offsets[k]);
        }
    };
    let tweak = Tweak { bits: off, place: &place, pieces: &pieces };
    let mine = f.values(parts, &view.b.pairs);
    let witness = |pairs: &[(Id, Id)]| -> Stage {
        let earlier = order_key(view, pairs).is_some_and(|k| k < *key);
        Stage::Done(earlier.then(|| order_violation(view, published, pairs)))
    };
    if let Ok(w) = solve_tweaked(view, fixed, Some((&[], None)), Some(&tweak), tight)
        && view.values(&w.pairs, &w.next_pairs, w.pab) == *published
    {
        let theirs = f.values(parts, &w.pairs);
        if theirs == mine {
            return Stage::Settled;
        }
        if theirs > mine && completes(view, &w) {
            return witness(&w.pairs);
        }
    }
    match solve_tweaked(view, fixed, None, Some(&tweak), None) {
        Ok(s) => {
            if view.values(&s.pairs, &s.next_pairs, s.pab) != *published {
                return Stage::Done(None);
            }
            let theirs = f.values(parts, &s.pairs);
            if theirs == mine {
                Stage::Settled
            } else if theirs > mine {
                witness(&s.pairs)
            } else {
                Stage::Done(None)
            }
        }
        Err(e @ SolveError::TooWide { .. }) => Stage::TooWide(e.to_string()),
        Err(e @ SolveError::TooLarge { .. }) => Stage::TooLarge(e.to_string()),
        Err(SolveError::Incomplete) => Stage::Done(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A remainder of `2 n1` players whose slot `t` is BSN `t`, published partner
    /// `partner[t]`, with the earlier partners each slot may get.
    fn rem(partner: Vec<usize>, earlier: Vec<Option<Vec<usize>>>) -> Rem {
        let n1 = partner.len();
        let n = 2 * n1;
        Rem {
            n,
            n1,
            bsn: HashMap::default(),
            slot: (0..n).map(|i| (i < n1).then_some(i)).collect(),
            smaller: (0..n).map(|i| i < n1).collect(),
            partner,
            settled: vec![false; n],
            exchanged: false,
            settled_slots: vec![false; n1],
            earlier,
            fields: Vec::new(),
            field_of: Vec::new(),
            at: Vec::new(),
            digits: Digits::Full,
        }
    }

    /// MDPs 0-2 (highest first), residents 0-3 (ranking order), the tight edges of each MDP
    /// given as the residents it is joined to.
    #[test]
    fn an_mdp_part_is_earlier_only_through_a_tight_edge_that_improves_it() {
        // MDP 0 meets resident 0, MDP 1 resident 2, MDP 2 floats. MDP 1 is joined to
        // resident 0, above its own, but MDP 0 takes it first; the floating MDP 2 is
        // joined to a resident, but no MDP after it is paired: nothing earlier.
        let mate = [Some(0), Some(2), None];
        assert!(no_mdp_earlier(&mate, &[vec![0, 3], vec![0, 2], vec![3]], 4));
        // MDP 1 joined to resident 1, above its own, that no MDP before takes: earlier.
        assert!(!no_mdp_earlier(&mate, &[vec![0], vec![1, 2], vec![]], 4));
        // MDP 1 joined to resident 3, below its own: not earlier.
        assert!(no_mdp_earlier(&mate, &[vec![0], vec![2, 3], vec![]], 4));
        // A floating MDP above a paired one: earlier when joined to a resident.
        let mate = [None, Some(2)];
        assert!(!no_mdp_earlier(&mate, &[vec![3], vec![2]], 4));
        assert!(no_mdp_earlier(&mate, &[vec![], vec![2]], 4));
    }

    /// Compact digits give a slot that may be earlier two bits (2 for any earlier partner)
    /// and a run of slots that cannot be earlier one field counting published partners;
    /// full digits give every slot its own field, the earliest partner the largest digit.
    #[test]
    fn compact_digits_join_the_slots_that_cannot_be_earlier() {
        // Slot 0 may get BSN 5, 6 or 7 before 8; slots 1, 2 and 4 nothing; slot 3 anything
        // below its partner 9 (no tight window).
        let earlier = vec![Some(vec![5, 6, 7]), Some(vec![]), Some(vec![]), None, Some(vec![])];
        let mut r = rem(vec![8, 5, 6, 9, 7], earlier);
        r.lay_out(Digits::Compact);
        assert_eq!(r.fields, vec![(0, 1), (1, 3), (3, 4), (4, 5)]);
        assert_eq!(r.at, vec![0, 2, 4, 6, 7]);
        assert_eq!((r.digit(0, 5), r.digit(0, 7), r.digit(0, 8), r.digit(0, 9)), (2, 2, 1, 0));
        let mut out = Vec::new();
        // Slot 2 with its published partner: one in the run's field (bits 3-4 of 7).
        r.pieces(Part::Slots(0, 4), 2, 6, &mut out, 0);
        assert_eq!(out, vec![(1, 3)]);
        assert!(!r.free(&[Part::Slots(0, 2)]));
        assert!(r.free(&[Part::Slots(1, 2)]));
        assert!(r.free(&[Part::Slots(3, 4)]));

        r.lay_out(Digits::Full);
        assert_eq!(r.fields, vec![(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)]);
        assert_eq!(r.at, vec![0, 3, 4, 5, 9, 10]);
        assert_eq!((r.digit(0, 5), r.digit(0, 7), r.digit(0, 8), r.digit(0, 9)), (4, 2, 1, 0));
        assert_eq!(r.digit(3, 0), 10);
    }
}

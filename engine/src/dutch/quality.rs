//! The criteria as bit fields of one edge weight (C.04.3 2.2-2.4), for the bracket being
//! paired. A maximum-weight matching of all players still unpaired maximises the fields in
//! order, most significant first:
//!
//! | field | criterion |
//! |---|---|
//! | 1 + (h not a bye candidate) + (l not a bye candidate) | C4 completion (every pair counts) and C5 (the bye, if any, goes to a candidate: eligible, lowest possible score) |
//! | l in the bracket | C6: as many pairs in the bracket as possible (fewest downfloaters) |
//! | score group of h, when l in the bracket | C7: the scores of the paired players as high as possible (downfloaters' scores as low as possible) |
//! | l in the next bracket; score group of h | C8: the next bracket keeps as many pairs and scores |
//! | played-games rank of the bye candidates | C9: when the bracket's single downfloater will be the bye, it is the one with the fewest unplayed games |
//! | four colour fields, l in the bracket | C10 (no |CD| > 2), C11 (no third same colour), C12 (preferences met), C13 (strong preferences met) |
//! | four float counts, l in the bracket | C14-C17: previous-round / two-rounds-ago downfloaters not floated again, upfloaters not again |
//! | four float score fields | C18-C21: the same, weighted by score group |
//! | spare low bits | the order of candidates (Article 4), used by `candidates` |
//!
//! The float fields that look back further than the rounds played (C14/C15/C18/C19 in round
//! 1, C16/C17/C20/C21 in rounds 1-2) are 0 for every pair, so they have no width there.
//!
//! Here h is the higher-ranked player of the pair and l the lower one. Edges not touching
//! the bracket or the next score group keep only the first field (and C9).

use super::absolute::compatible;
use super::order::{Field, Float, Player};
use super::weight::{Fields, WORDS, Weight, bits_of};
use bsw_model::HalfPoints;
use std::collections::HashMap;

/// Bits of the spare field reserved for the transposition order (see `candidates`).
pub(crate) const ORDER_BITS: u32 = 72;

/// Bits needed to write `v`.
pub(crate) fn bits_for(v: usize) -> u32 {
    usize::BITS - v.leading_zeros()
}

/// Per-bracket constants of the weight layout.
pub(crate) struct Layout<const NW: usize = WORDS> {
    /// Players in the field.
    pub n: usize,
    /// Width of count fields.
    pub count: u32,
    /// Bit offset of each relevant score group inside a score field.
    pub shift: HashMap<HalfPoints, u32>,
    /// Width of score fields.
    pub scores: u32,
    /// Width of the spare low field for candidate order.
    pub spare: u32,
    /// Rounds already played.
    pub rounds_before: u32,
    pub last_round: bool,
    /// Score of the bye assignee (C5), 0 when nobody gets the bye.
    pub bye_score: HalfPoints,
    /// Whether C9 applies (the bracket's single downfloater will be the bye).
    pub c9: bool,
    /// Rank of a played-games count among the bye candidates (C9).
    pub played_rank: HashMap<usize, u64>,
}

/// What a pair (h, l) is to the current bracket.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// l is a resident of the bracket.
    Bracket,
    /// l is in the next score group.
    Next,
    /// Elsewhere: only completion counts.
    Rest,
}

impl<const NW: usize> Layout<NW> {
    /// Bits of this layout's weights.
    pub(crate) const BITS: u32 = bits_of(NW);

    /// `players`: the bracket and next score group (for the score groups that matter).
    pub(crate) fn new(field: &Field, relevant: &[usize], n: usize) -> Layout<NW> {
        let count = bits_for(n + 1);
        let mut counts: Vec<(HalfPoints, usize)> = Vec::new();
        for &i in relevant {
            let s = field.players[i].score;
            match counts.iter_mut().find(|(x, _)| *x == s) {
                Some(e) => e.1 += 1,
                None => counts.push((s, 1)),
            }
        }
        counts.sort();
        let mut shift = HashMap::new();
        let mut at = 0;
        for (s, c) in counts {
            shift.insert(s, at);
            at += bits_for(c + 1);
        }
        let mut l = Layout {
            n,
            count,
            shift,
            scores: at.max(1),
            spare: 3 * count + 4 + ORDER_BITS,
            rounds_before: 0,
            last_round: false,
            bye_score: 0,
            c9: false,
            played_rank: HashMap::new(),
        };
        // The bits left over widen the transposition order field (fewer matchings). The
        // widening counts every float field, whatever the round, so that the order field and
        // the pairings are the same as with the float fields at full width.
        let total = l.full_bits(n);
        if total + 2 < Self::BITS {
            l.spare += Self::BITS - 2 - total;
        }
        l
    }

    /// Width of a float field (C14-C21) of `width` bits that looks `back` rounds back: zero
    /// before round `back + 1`, where every pair's value in it is 0 (nobody floated then).
    fn float_width(&self, back: u32, width: u32) -> u32 {
        if self.rounds_before >= back { width } else { 0 }
    }

    /// Total bits of a weight (checked against [`Layout::BITS`]).
    pub(crate) fn total_bits(&self, n: usize) -> u32 {
        let floats = |back| self.float_width(back, 2 * self.count + 2 * self.scores);
        self.fixed_bits(n) + floats(1) + floats(2)
    }

    /// Total bits with every float field at full width, as in a round after the third.
    fn full_bits(&self, n: usize) -> u32 {
        self.fixed_bits(n) + 4 * self.count + 4 * self.scores
    }

    /// Bits of the fields other than the float ones (C14-C21).
    fn fixed_bits(&self, n: usize) -> u32 {
        let top = bits_for(3 * n + 3);
        top + 2 * self.count + 2 * self.scores + 2 * self.count + 4 * self.count + self.spare
    }

    /// The fields of [`Layout::weight`], most significant first: the criterion each one
    /// measures (`"C4/C5"` for the completion and bye field, `"order"` for the spare low
    /// bits), its width, and whether it is a score field (one sub-field per score group, at
    /// [`Layout::shift`]). `explain` decodes sums of weights with it; the widths add up to
    /// [`Layout::total_bits`] (a unit test checks it), keep both in step with `weight`.
    pub(crate) fn fields(&self, n: usize) -> Vec<(&'static str, u32, bool)> {
        let (c, s) = (self.count, self.scores);
        let mut f = vec![
            ("C4/C5", bits_for(3 * n + 3), false),
            ("C6", c, false),
            ("C7", s, true),
            ("C8", c, false),
            ("C8", s, true),
            ("C9", 2 * c, false),
        ];
        for name in ["C10", "C11", "C12", "C13"] {
            f.push((name, c, false));
        }
        for (name, back) in [("C14", 1), ("C15", 1), ("C16", 2), ("C17", 2)] {
            f.push((name, self.float_width(back, c), false));
        }
        for (name, back) in [("C18", 1), ("C19", 1), ("C20", 2), ("C21", 2)] {
            f.push((name, self.float_width(back, s), true));
        }
        f.push(("order", self.spare, false));
        f
    }

    /// `v` in the C9 field of a weight (`candidates` puts C9 on the bye dummy's edges of a
    /// restricted bracket).
    pub(crate) fn c9_value(&self, v: u64) -> Weight<NW> {
        let fields = self.fields(self.n);
        let at = fields.iter().position(|f| f.0 == "C9").unwrap_or(0);
        let below: u32 = fields[at + 1..].iter().map(|f| f.1).sum();
        Weight::from_u64(v).shl(below)
    }

    /// Bits of the spare field free for the transposition order (`candidates`).
    pub(crate) fn order_bits(&self) -> u32 {
        self.spare - 3 * self.count - 4
    }

    /// Bit position of the completion field: the top of the weight, two bits spare.
    pub(crate) fn completion_shift(&self) -> u32 {
        Self::BITS - 2 - bits_for(3 * self.n + 3)
    }

    pub(crate) fn fits(&self, n: usize) -> bool {
        self.total_bits(n) + 2 <= Self::BITS
    }

    fn bye_candidate(&self, p: &Player) -> bool {
        p.bye_eligible && p.score <= self.bye_score
    }

    fn score_bit(&self, s: HalfPoints) -> Weight<NW> {
        match self.shift.get(&s) {
            Some(&b) => Weight::bit(b),
            None => Weight::ZERO,
        }
    }

    /// Weight of the pair (h, l), h ranked higher; zero when C1/C3 forbid it.
    pub(crate) fn weight(&self, field: &Field, h: usize, l: usize, place: Place) -> Weight<NW> {
        if !compatible(field, h, l, self.last_round, self.rounds_before) {
            return Weight::ZERO;
        }
        let (ph, pl) = (&field.players[h], &field.players[l]);
        let cur = place == Place::Bracket;
        let next = place == Place::Next;
        // The completion field sits at a fixed position (the top of the weight), whatever
        // the widths of the fields below, so that a pair outside the bracket weighs the same
        // in every bracket's layout and the incremental matching only revisits the players
        // whose pairs changed.
        let completion = 1 + !self.bye_candidate(ph) as u64 + !self.bye_candidate(pl) as u64;
        let mut f = Fields::default();
        // C6, C7 (the pair is in this bracket), then C8 (in the next one): a pair and its
        // higher player's score.
        for here in [cur, next] {
            f.push_u64(self.count, here as u64);
            f.push(self.scores, if here { self.score_bit(ph.score) } else { Weight::ZERO });
        }
        // C9.
        let mut c9 = 0;
        if self.c9 {
            for p in [ph, pl] {
                if p.score == self.bye_score {
                    c9 += self.played_rank.get(&p.played).copied().unwrap_or(0);
                }
            }
        }
        f.push_u64(2 * self.count, c9);
        // C10-C13 (p = lower, o = higher, as the rules compare them).
        let (p, o) = (pl, ph);
        let same = p.pref.is_some() && p.pref == o.pref;
        let c10 = !(p.abs_imbalance && o.abs_imbalance && same);
        let c11 = !p.absolute
            || !o.absolute
            || !same
            || if p.imbalance() == o.imbalance() {
                p.repeated.is_none() || p.repeated != o.repeated
            } else {
                let wider_other = if p.imbalance() > o.imbalance() { o } else { p };
                wider_other.repeated != p.pref.map(|c| c.other())
            };
        let c12 = !same;
        let c13 = !(p.strong || p.absolute)
            || !(o.strong || o.absolute)
            || (p.absolute && o.absolute)
            || !same;
        for v in [c10, c11, c12, c13] {
            f.push_u64(self.count, (cur && v) as u64);
        }
        // C14-C17.
        let hs_gt = ph.score > pl.score;
        let down = |fl: Float| fl == Float::Down;
        let up = |fl: Float| fl == Float::Up;
        // The two players' floats `back` rounds ago.
        let floats = |back: u32| {
            if back == 1 { (ph.float1, pl.float1) } else { (ph.float2, pl.float2) }
        };
        for back in [1u32, 2] {
            if self.rounds_before >= back {
                let (fh, fl) = floats(back);
                let d = if cur { down(fl) as u64 + (!hs_gt && down(fh)) as u64 } else { 0 };
                f.push_u64(self.count, d);
                f.push_u64(self.count, (cur && !(hs_gt && up(fl))) as u64);
            }
            // Otherwise the two fields have no width (`float_width`).
        }
        // C18-C21.
        for back in [1u32, 2] {
            if self.rounds_before >= back {
                let (fh, fl) = floats(back);
                let mut d = Weight::ZERO;
                if cur {
                    if down(fl) {
                        d = d.add(&self.score_bit(pl.score));
                    }
                    if down(fh) {
                        d = d.add(&self.score_bit(ph.score));
                    }
                }
                f.push(self.scores, d);
                f.push(
                    self.scores,
                    if cur && !(up(fl) && hs_gt) { self.score_bit(ph.score) } else { Weight::ZERO },
                );
            }
        }
        f.push_u64(self.spare, 0);
        f.value.add(&Weight::from_u64(completion).shl(self.completion_shift()))
    }
}

/// `x` without its bits from `bit` up (a weight without its completion field, for the
/// restricted matching of `candidates`).
pub(crate) fn low_bits<const NW: usize>(x: &Weight<NW>, bit: u32) -> Weight<NW> {
    let mut y = *x;
    for (i, word) in y.0.iter_mut().enumerate() {
        let from = 64 * i as u32;
        if from >= bit {
            *word = 0;
        } else if bit - from < 64 {
            *word &= (1u64 << (bit - from)) - 1;
        }
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;

    type W8 = Weight<WORDS>;

    #[test]
    fn float_fields_looking_before_round_one_have_no_width() {
        use super::super::order::Field;
        let field = Field { players: vec![], met: Default::default() };
        let n = 1_000_000;
        let mut lay = Layout::<WORDS>::new(&field, &[], n);
        let width = |lay: &Layout, names: &[&str]| -> u32 {
            lay.fields(n).iter().filter(|f| names.contains(&f.0)).map(|f| f.1).sum()
        };
        let (one_back, two_back) = (["C14", "C15", "C18", "C19"], ["C16", "C17", "C20", "C21"]);
        let spare = lay.spare;
        lay.rounds_before = 2;
        let full = lay.total_bits(n);
        let per_round = 2 * lay.count + 2 * lay.scores;
        assert_eq!((width(&lay, &one_back), width(&lay, &two_back)), (per_round, per_round));
        // Round 2: nobody floated two rounds before.
        lay.rounds_before = 1;
        assert_eq!((width(&lay, &one_back), width(&lay, &two_back)), (per_round, 0));
        assert_eq!(lay.total_bits(n), full - per_round);
        // Round 1: no floats at all.
        lay.rounds_before = 0;
        assert_eq!((width(&lay, &one_back), width(&lay, &two_back)), (0, 0));
        assert_eq!(lay.total_bits(n), full - 2 * per_round);
        // The order field keeps its width: the pairings do not depend on the round's layout.
        assert_eq!(lay.spare, spare);
        assert_eq!(lay.fields(n).iter().map(|f| f.1).sum::<u32>(), lay.total_bits(n));
    }

    #[test]
    fn low_bits_keeps_exactly_the_bits_below() {
        let all = Weight([u64::MAX; WORDS]);
        // Inside a word, at a word boundary, and below the first word.
        let y = low_bits(&all, 130);
        assert_eq!(&y.0[..3], &[u64::MAX, u64::MAX, 0b11]);
        assert!(y.0[3..].iter().all(|&w| w == 0));
        let y = low_bits(&all, 128);
        assert_eq!(&y.0[..3], &[u64::MAX, u64::MAX, 0]);
        let y = low_bits(&all, 5);
        assert_eq!(y.0[0], 0b11111);
        assert!(y.0[1..].iter().all(|&w| w == 0));
        // A completion field on top of criteria bits: only the criteria stay.
        let x = W8::bit(500).add(&W8::bit(400)).add(&W8::from_u64(7));
        assert_eq!(low_bits(&x, 450), W8::bit(400).add(&W8::from_u64(7)));
    }
}

//! Edge weights: a fixed-width unsigned integer wide enough to hold every criterion of a
//! bracket as its own bit field (most significant = earliest criterion), so that a
//! maximum-weight matching optimises the criteria lexicographically.

use std::cmp::Ordering;

/// Number of 64-bit words of a [`Weight`] by default: every round whose layouts fit.
pub(crate) const WORDS: usize = 8;
/// Number of words of the wide [`Weight`]: a round with a bracket whose layout does not fit
/// in [`WORDS`] words is paired again at this width (`candidates::pair_by`).
pub(crate) const WIDE: usize = 16;
/// Bits of a weight of `nw` words; the layout must leave two spare bits on top for the
/// matching (dual variables reach twice the largest weight).
pub(crate) const fn bits_of(nw: usize) -> u32 {
    64 * nw as u32
}

/// An unsigned integer of `NW` 64-bit words (little-endian words). The width is a type
/// parameter, so that the narrow instantiation costs exactly what a fixed width would.
#[derive(Clone, Copy, Eq, Debug)]
pub(crate) struct Weight<const NW: usize = WORDS>(pub [u64; NW]);

impl<const NW: usize> Default for Weight<NW> {
    fn default() -> Self {
        Weight::ZERO
    }
}

impl<const NW: usize> PartialEq for Weight<NW> {
    fn eq(&self, other: &Self) -> bool {
        // Branch-free: the derived comparison of the array calls `memcmp` (a hot spot of
        // the matching's tightness tests).
        self.0.iter().zip(&other.0).fold(0, |acc, (a, b)| acc | (a ^ b)) == 0
    }
}

impl<const NW: usize> Weight<NW> {
    pub(crate) const ZERO: Weight<NW> = Weight([0; NW]);

    pub(crate) fn from_u64(v: u64) -> Weight<NW> {
        let mut w = Weight::ZERO;
        w.0[0] = v;
        w
    }

    pub(crate) fn is_zero(&self) -> bool {
        // From the top word: the matching's weights are rarely small.
        self.0.iter().rev().all(|&x| x == 0)
    }

    /// `self + o - m` in one pass; the caller guarantees `self + o >= m` (the slack of an
    /// edge in the matching).
    #[inline]
    pub(crate) fn add_sub(&self, o: &Weight<NW>, m: &Weight<NW>) -> Weight<NW> {
        // Two carry chains (add, then subtract) modulo 2^BITS: the same result as one
        // signed chain, in plain add-with-carry and subtract-with-borrow steps.
        let mut r = Weight::ZERO;
        let (mut carry, mut borrow) = (false, false);
        for i in 0..NW {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            carry = c1 | c2;
            let (d1, b1) = s2.overflowing_sub(m.0[i]);
            let (d2, b2) = d1.overflowing_sub(borrow as u64);
            borrow = b1 | b2;
            r.0[i] = d2;
        }
        r
    }

    /// `self << by` (bits shifted out are lost).
    pub(crate) fn shl(&self, by: u32) -> Weight<NW> {
        if by < 64 {
            // The common case (a field narrower than a word, `Fields::push`): one pass.
            if by == 0 {
                return *self;
            }
            let mut r = Weight::ZERO;
            r.0[0] = self.0[0] << by;
            for i in 1..NW {
                r.0[i] = (self.0[i] << by) | (self.0[i - 1] >> (64 - by));
            }
            return r;
        }
        let mut r = Weight::ZERO;
        let words = (by / 64) as usize;
        let bits = by % 64;
        for i in (words..NW).rev() {
            let src = i - words;
            let mut v = self.0[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            r.0[i] = v;
        }
        r
    }

    /// `self + (v << by)` (bits carried out of the top are lost).
    #[inline]
    pub(crate) fn add_shifted(&self, v: u64, by: u32) -> Weight<NW> {
        let mut r = *self;
        let (word, bit) = ((by / 64) as usize, by % 64);
        let lo = v << bit;
        let hi = if bit == 0 { 0 } else { v >> (64 - bit) };
        let mut carry = 0u64;
        for (i, add) in [(word, lo), (word + 1, hi)] {
            if i >= NW {
                break;
            }
            let (s, c1) = r.0[i].overflowing_add(add);
            let (s, c2) = s.overflowing_add(carry);
            r.0[i] = s;
            carry = (c1 | c2) as u64;
        }
        let mut i = word + 2;
        while carry != 0 && i < NW {
            let (s, c) = r.0[i].overflowing_add(carry);
            r.0[i] = s;
            carry = c as u64;
            i += 1;
        }
        r
    }

    /// `1 << bit`.
    pub(crate) fn bit(bit: u32) -> Weight<NW> {
        let mut w = Weight::ZERO;
        w.0[(bit / 64) as usize] = 1u64 << (bit % 64);
        w
    }

    pub(crate) fn add(&self, o: &Weight<NW>) -> Weight<NW> {
        let mut r = Weight::ZERO;
        let mut carry = 0u64;
        for i in 0..NW {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(carry);
            r.0[i] = s2;
            carry = (c1 as u64) + (c2 as u64);
        }
        r
    }

    /// `self - o`; the caller guarantees `self >= o`.
    pub(crate) fn sub(&self, o: &Weight<NW>) -> Weight<NW> {
        let mut r = Weight::ZERO;
        let mut borrow = 0u64;
        for i in 0..NW {
            let (s1, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (s2, b2) = s1.overflowing_sub(borrow);
            r.0[i] = s2;
            borrow = (b1 as u64) + (b2 as u64);
        }
        r
    }

    /// `self / 2`.
    pub(crate) fn half(&self) -> Weight<NW> {
        let mut r = Weight::ZERO;
        for i in 0..NW {
            let mut v = self.0[i] >> 1;
            if i + 1 < NW {
                v |= self.0[i + 1] << 63;
            }
            r.0[i] = v;
        }
        r
    }

    pub(crate) fn add_u64(&self, v: u64) -> Weight<NW> {
        let mut r = *self;
        let (s, mut carry) = r.0[0].overflowing_add(v);
        r.0[0] = s;
        let mut i = 1;
        while carry && i < NW {
            let (s, c) = r.0[i].overflowing_add(1);
            r.0[i] = s;
            carry = c;
            i += 1;
        }
        r
    }
}

impl<const NW: usize> PartialOrd for Weight<NW> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const NW: usize> Ord for Weight<NW> {
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..NW).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

/// Builds a weight field by field, from the most significant field down.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Fields<const NW: usize = WORDS> {
    pub value: Weight<NW>,
}

impl<const NW: usize> Fields<NW> {
    /// Shifts the value left by `width` bits and adds `v` into the new low field.
    pub(crate) fn push(&mut self, width: u32, v: Weight<NW>) {
        self.value = self.value.shl(width).add(&v);
    }

    pub(crate) fn push_u64(&mut self, width: u32, v: u64) {
        self.value = self.value.shl(width).add_u64(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type W8 = Weight<WORDS>;

    #[test]
    fn add_shifted_is_add_of_the_shifted_value() {
        let base = Weight([u64::MAX, 7, u64::MAX, u64::MAX, 0, 3, 0, 1]);
        for by in [0, 1, 63, 64, 65, 127, 128, 200, 447, 448, 500] {
            for v in [1u64, 3, u64::MAX, 1 << 63] {
                let want = base.add(&W8::from_u64(v).shl(by));
                assert_eq!(base.add_shifted(v, by), want, "{v} << {by}");
            }
        }
    }

    #[test]
    fn arithmetic_crosses_words() {
        let a = W8::bit(63).add(&W8::bit(63));
        assert_eq!(a, W8::bit(64));
        assert_eq!(a.sub(&W8::from_u64(1)).0[0], u64::MAX);
        assert_eq!(W8::from_u64(3).shl(127), W8::bit(127).add(&W8::bit(128)));
        assert_eq!(W8::bit(200).half(), W8::bit(199));
        assert!(W8::bit(130) > W8::from_u64(u64::MAX));
        let (a, b, c) = (W8::bit(300).add_u64(9), W8::bit(300), W8::bit(301).add_u64(7));
        assert_eq!(a.add_sub(&b, &c), W8::from_u64(2));
        let (a, b, c) = (W8::bit(300), W8::from_u64(5), W8::bit(299));
        assert_eq!(a.add_sub(&b, &c), W8::bit(299).add_u64(5));
    }

    #[test]
    fn shifts_agree_with_repeated_doubling() {
        // `shl` against doubling by `add` (its own carry chain), on patterns crossing every
        // word boundary, for every shift up to the width; carries through whole words;
        // fields pushed in order.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20 {
            let mut x = W8::ZERO;
            for w in x.0.iter_mut() {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                *w = state;
            }
            let mut doubled = x;
            for by in 0..bits_of(WORDS) {
                assert_eq!(x.shl(by), doubled, "shift {by}");
                doubled = doubled.add(&doubled);
            }
            for v in [0, 1, 5, u64::MAX] {
                // `add_u64` against `add` of the same word as a weight.
                let mut y = W8::ZERO;
                y.0[0] = v;
                assert_eq!(x.add_u64(v), x.add(&y));
            }
            assert!(x != x.add_u64(1) && x.add_u64(1) != x.add(&W8::bit(64)));
        }
        let all = Weight([u64::MAX; WORDS]);
        assert_eq!(all.add_u64(1), W8::ZERO);
        let mut low = W8::ZERO;
        low.0[0] = u64::MAX;
        low.0[1] = u64::MAX;
        assert_eq!(low.add_u64(1), W8::bit(128));
        let mut f = Fields::<WORDS>::default();
        f.push_u64(3, 5);
        f.push_u64(70, 1);
        f.push(2, W8::from_u64(2));
        // ((5 << 70) + 1) << 2 + 2
        assert_eq!(f.value, W8::bit(74).add(&W8::bit(72)).add_u64(6));
    }
}

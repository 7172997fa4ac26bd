//! The weights of the matching ([`Weight`]): `i128`, or a wide two's-complement integer
//! ([`WideN`]: 256, 448 or 512 bits) when the packed criteria need more bits. Only
//! additions, subtractions, comparisons, halving and shifts.

use std::cmp::Ordering;

/// Integer weight arithmetic the matching needs.
pub trait Weight: Copy + Ord + std::fmt::Debug {
    fn zero() -> Self;
    fn plus(self, o: Self) -> Self;
    fn minus(self, o: Self) -> Self;
    /// Floor of half (arithmetic shift).
    fn half(self) -> Self;
    /// `floor(self / 2^k)` as an `i128` (exact when it fits; the sparse matching's quick
    /// slack test uses it with `k` a few bits below the weights' width).
    fn top(self, k: u32) -> i128;
    /// Bits of a non-negative value (0 for 0).
    fn bit_len(self) -> u32;
    /// The value of an `i128`.
    fn of_i128(x: i128) -> Self;
    /// `floor(self / d)` of a non-negative value, `d > 0` (the class duals' search).
    fn div_u64(self, d: u64) -> Self;
}

impl Weight for i128 {
    fn zero() -> Self {
        0
    }
    fn plus(self, o: Self) -> Self {
        self + o
    }
    fn minus(self, o: Self) -> Self {
        self - o
    }
    fn half(self) -> Self {
        self >> 1
    }
    fn top(self, k: u32) -> i128 {
        self >> k.min(127)
    }
    fn bit_len(self) -> u32 {
        128 - self.leading_zeros()
    }
    fn of_i128(x: i128) -> Self {
        x
    }
    fn div_u64(self, d: u64) -> Self {
        self / d as i128
    }
}

/// A two's complement integer of `N` 64-bit words (least significant first): [`Wide`] (512
/// bits) and [`Wide256`] (256 bits, for layouts that fit: half the arithmetic).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WideN<const N: usize>(pub [u64; N]);

/// A 512-bit two's complement integer (eight 64-bit words, least significant first).
pub type Wide = WideN<8>;

/// A 256-bit two's complement integer (four 64-bit words, least significant first).
pub type Wide256 = WideN<4>;

/// A 448-bit two's complement integer (seven 64-bit words): the order check's stages of 400
/// tie-break bits over narrow criteria fit it, with an eighth less arithmetic than [`Wide`].
pub type Wide448 = WideN<7>;

impl<const N: usize> Default for WideN<N> {
    fn default() -> Self {
        WideN([0; N])
    }
}

impl<const N: usize> WideN<N> {
    /// `value << shift` (the bits beyond `64 N` are dropped).
    pub fn shifted(value: u64, shift: u32) -> Self {
        let mut w = [0u64; N];
        let (q, r) = ((shift / 64) as usize, shift % 64);
        if q < N {
            w[q] = value << r;
            if r > 0 && q + 1 < N {
                w[q + 1] = value >> (64 - r);
            }
        }
        WideN(w)
    }

    /// `self << shift` (the bits beyond `64 N` are dropped).
    pub fn shl(&self, shift: u32) -> Self {
        let mut w = [0u64; N];
        let (q, r) = ((shift / 64) as usize, shift % 64);
        for k in (q..N).rev() {
            let lo = self.0[k - q];
            w[k] = lo << r;
            if r > 0 && k > q {
                w[k] |= self.0[k - q - 1] >> (64 - r);
            }
        }
        WideN(w)
    }

    #[inline]
    fn negative(&self) -> bool {
        self.0[N - 1] >> 63 == 1
    }

    /// Bit `i` (0 = least significant).
    pub fn bits(&self, shift: u32, width: u32) -> u64 {
        let mut v = 0u64;
        for b in 0..width {
            let i = shift + b;
            let bit = (self.0[(i / 64) as usize] >> (i % 64)) & 1;
            v |= bit << b;
        }
        v
    }
}

impl<const N: usize> Ord for WideN<N> {
    #[inline]
    fn cmp(&self, o: &Self) -> Ordering {
        match (self.negative(), o.negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        for k in (0..N).rev() {
            match self.0[k].cmp(&o.0[k]) {
                Ordering::Equal => {}
                x => return x,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for WideN<N> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl<const N: usize> Weight for WideN<N> {
    #[inline]
    fn zero() -> Self {
        WideN([0; N])
    }
    #[inline]
    fn plus(self, o: Self) -> Self {
        let mut r = [0u64; N];
        let mut carry = 0u128;
        for (k, x) in r.iter_mut().enumerate() {
            let t = self.0[k] as u128 + o.0[k] as u128 + carry;
            *x = t as u64;
            carry = t >> 64;
        }
        WideN(r)
    }
    #[inline]
    fn minus(self, o: Self) -> Self {
        let mut r = [0u64; N];
        let mut borrow = 0u128;
        for (k, x) in r.iter_mut().enumerate() {
            let t = (self.0[k] as u128).wrapping_sub(o.0[k] as u128 + borrow);
            *x = t as u64;
            borrow = t >> 127;
        }
        WideN(r)
    }
    fn top(self, k: u32) -> i128 {
        let fill = if self.negative() { u64::MAX } else { 0 };
        let word = |i: usize| if i < N { self.0[i] } else { fill };
        let (q, r) = ((k / 64) as usize, k % 64);
        let at = |i: usize| {
            if r == 0 { word(i) } else { (word(i) >> r) | (word(i + 1) << (64 - r)) }
        };
        ((at(q + 1) as u128) << 64 | at(q) as u128) as i128
    }
    fn bit_len(self) -> u32 {
        (0..N)
            .rev()
            .find(|&i| self.0[i] != 0)
            .map_or(0, |i| 64 * i as u32 + 64 - self.0[i].leading_zeros())
    }
    fn of_i128(x: i128) -> Self {
        let mut w = [if x < 0 { u64::MAX } else { 0 }; N];
        w[0] = x as u64;
        w[1] = (x >> 64) as u64;
        WideN(w)
    }
    fn div_u64(self, d: u64) -> Self {
        // Long division, one word at a time from the top (the remainder stays below `d`).
        let mut r = [0u64; N];
        let mut rem = 0u128;
        for k in (0..N).rev() {
            let cur = rem << 64 | self.0[k] as u128;
            r[k] = (cur / d as u128) as u64;
            rem = cur % d as u128;
        }
        WideN(r)
    }
    fn half(self) -> Self {
        let mut r = [0u64; N];
        for k in 0..N {
            let hi = if k == N - 1 { (self.0[N - 1] >> 63) << 63 } else { self.0[k + 1] << 63 };
            r[k] = (self.0[k] >> 1) | hi;
        }
        WideN(r)
    }
}

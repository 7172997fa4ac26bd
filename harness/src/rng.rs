//! Deterministic randomness for the harness: SplitMix64 plus helpers.
//!
//! Every random choice of the generator comes from one of these streams, so a tournament is a
//! pure function of its seed and its parameters. Seeds of the tournaments of a campaign are
//! derived from the campaign seed and the tournament index ([`tournament_seed`]), never from a
//! thread or a clock, which is what makes a campaign give the same summary with any `--jobs`.

/// SplitMix64 (Steele, Lea, Flood 2014), the same generator SPEC §4 uses for the draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 output function applied to one value (a good 64-bit mixer).
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Hash of several words, used to key independent streams (e.g. one per game).
pub fn hash_words(words: &[u64]) -> u64 {
    let mut h = 0x243F_6A88_85A3_08D3u64;
    for &w in words {
        h = mix64(h.wrapping_add(GOLDEN) ^ w);
    }
    h
}

/// The largest seed: seeds are integers from 0 to 2^63-1, what `tournament.toml` (a TOML
/// integer) and `bsw generate --seed` accept, so that every seed a report names can be used.
pub const MAX_SEED: u64 = i64::MAX as u64;

/// Seed of tournament `index` of a campaign with seed `campaign`, in `0..=MAX_SEED`.
/// Independent of how the campaign is split into shards or threads.
pub fn tournament_seed(campaign: u64, index: u64) -> u64 {
    hash_words(&[campaign, index]) & MAX_SEED
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN);
        mix64(self.state)
    }

    /// Uniform in `0..n` (`n > 0`), by 128-bit multiply (Lemire, without the rejection step:
    /// the bias is below 2^-32 for the small ranges used here).
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0)");
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        if hi <= lo {
            return lo;
        }
        lo + self.below(hi - lo + 1)
    }

    /// Uniform in [0, 1), 53 bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// True with probability `p` (clamped to [0, 1]).
    pub fn chance(&mut self, p: f64) -> bool {
        if p <= 0.0 {
            false
        } else if p >= 1.0 {
            true
        } else {
            self.unit() < p
        }
    }

    /// A fresh, independent stream derived from this one.
    pub fn fork(&mut self) -> SplitMix64 {
        SplitMix64::new(mix64(self.next_u64() ^ 0x5851_F42D_4C95_7F2D))
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            v.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_reference_vector() {
        // Reference outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c): the first
        // output mixes 0 + 0x9E3779B97F4A7C15.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(r.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut r = SplitMix64::new(42);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let x = r.below(7);
            assert!(x < 7);
            seen[x as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn tournament_seeds_differ_by_index_and_campaign() {
        assert_ne!(tournament_seed(1, 0), tournament_seed(1, 1));
        assert_ne!(tournament_seed(1, 0), tournament_seed(2, 0));
        assert_eq!(tournament_seed(7, 3), tournament_seed(7, 3));
    }

    #[test]
    fn tournament_seeds_fit_a_toml_integer() {
        // About half of the raw hashes have the top bit set; none of the seeds may.
        let seeds: Vec<u64> = (0..1000).map(|i| tournament_seed(3, i)).collect();
        assert!(seeds.iter().all(|&s| s <= i64::MAX as u64));
        assert!(seeds.iter().any(|&s| s > 1 << 62), "the range is used up to 2^63-1");
    }
}

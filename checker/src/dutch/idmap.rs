//! Maps and sets keyed by player ids, hashed by one multiplication ([`IdMap`], [`IdSet`]):
//! the criteria of every edge of a bracket graph look up both players' histories,
//! preferences and ranks (SipHash was a tenth of a 1,000-player round's check), and the
//! order check's tie-break fields both players of every pair in every stage; the graph
//! interns each edge's field values. Deterministic (no random keys).

use std::hash::{BuildHasherDefault, Hasher};

/// A `HashMap` keyed by ids (or other integers, or slices of them), hashed by [`IdHasher`].
pub type IdMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<IdHasher>>;

/// A `HashSet` of ids, hashed by [`IdHasher`].
pub type IdSet<K> = std::collections::HashSet<K, BuildHasherDefault<IdHasher>>;

/// The hasher of [`IdMap`]: one multiplication per integer (or 8 bytes) written.
#[derive(Default)]
pub struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            let mut b = [0u8; 8];
            b.copy_from_slice(w);
            self.write_u64(u64::from_le_bytes(b));
        }
        for &b in words.remainder() {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u32(&mut self, x: u32) {
        self.0 = (self.0 ^ x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0 ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

//! SPEC §4: the draw of Berger numbers.
//!
//! One SplitMix64 stream seeded with `seed` serves groups 1, 2, … in order. Each group's
//! members (after swaps, in TPN order) are shuffled: for i from k-1 down to 1,
//! `j = next_u64() % (i+1)`, swap positions i and j. Position i gets Berger number i+1.

use bsw_model::Id;

/// SplitMix64 (wrapping arithmetic), exactly as written in SPEC §4.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Shuffles `list` in place with the Fisher-Yates walk of SPEC §4.
pub(crate) fn shuffle(list: &mut [Id], rng: &mut SplitMix64) {
    for i in (1..list.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        list.swap(i, j);
    }
}

/// Berger numbering of every group: `result[g][i]` is the player with Berger number i+1 in
/// group g. `groups[g]` must list the members in TPN order.
pub fn berger_numbers(groups: &[Vec<Id>], seed: u64) -> Vec<Vec<Id>> {
    let mut rng = SplitMix64::new(seed);
    groups
        .iter()
        .map(|members| {
            let mut list = members.clone();
            shuffle(&mut list, &mut rng);
            list
        })
        .collect()
}

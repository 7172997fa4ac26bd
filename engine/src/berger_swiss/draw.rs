//! SPEC §4: the draw. One SplitMix64 stream seeded with `seed` shuffles every Berger group in
//! turn (Fisher-Yates from the back); position i of the shuffled list gets Berger number i+1.

/// The SplitMix64 generator exactly as SPEC §4 writes it.
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

/// Shuffles each group's members (given in TPN order) with one stream; returns, per group,
/// the members in Berger-number order (index 0 = Berger number 1).
pub fn seat_groups(seed: u64, groups_in_tpn_order: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let mut rng = SplitMix64::new(seed);
    groups_in_tpn_order
        .iter()
        .map(|members| {
            let mut list = members.clone();
            for i in (1..list.len()).rev() {
                let j = (rng.next_u64() % (i as u64 + 1)) as usize;
                list.swap(i, j);
            }
            list
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_vector_for_seed_0() {
        // Reference values of SplitMix64 seeded with 0 (Vigna's splitmix64.c), the same
        // stream SPEC §4 defines.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(r.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn fisher_yates_of_four_with_seed_0_is_derived_by_hand() {
        // i=3: 0xE220A8397B1DCDAF % 4 = 3 (…AF = 1010_1111, low two bits 11) → swap(3,3).
        // i=2: 0x6E789E6AA1B965F4 % 3: digit sum rule in base 16 (16 ≡ 1 mod 3):
        //      6+E+7+8+9+E+6+A+A+1+B+9+6+5+F+4 = 6+14+7+8+9+14+6+10+10+1+11+9+6+5+15+4 = 135 ≡ 0 → swap(2,0).
        // i=1: 0x06C45D188009454F % 2 = 1 (odd) → swap(1,1).
        // [a,b,c,d] → [c,b,a,d].
        let seated = seat_groups(0, &[vec![10, 11, 12, 13]]);
        assert_eq!(seated, vec![vec![12, 11, 10, 13]]);
    }
}

//! SPEC §8.1: bye eligibility — with an odd field, only the players with the fewest byes
//! received among the field's players may get the bye.

use crate::field::SwissField;

/// Eligible bye receivers, bottom first (reverse Swiss order). Empty for an even field.
pub fn eligible_bottom_first(f: &SwissField) -> Vec<usize> {
    if f.len().is_multiple_of(2) {
        return Vec::new();
    }
    let fewest = f.byes.iter().copied().min().unwrap_or(0);
    (0..f.len())
        .rev()
        .filter(|&i| f.byes[i] == fewest)
        .collect()
}

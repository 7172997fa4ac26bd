//! SPEC §8.1: bye eligibility. Only the field's players with the fewest byes received are
//! eligible; the ladder tries them from the bottom of the Swiss order.

use super::field::SwissField;

/// Eligible vertices, bottom first; empty for an even field.
pub(crate) fn eligible_bottom_first(f: &SwissField) -> Vec<usize> {
    if f.len().is_multiple_of(2) {
        return Vec::new();
    }
    let fewest = f.byes.iter().copied().min().unwrap_or(0);
    (0..f.len()).rev().filter(|&v| f.byes[v] == fewest).collect()
}

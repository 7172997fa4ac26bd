//! Sonneborn-Berger (Art. 9.1) and its cuts (Art. 14.1.1.d): Σ opponent's score × points
//! scored against them, with Article 16 for unplayed rounds in Swiss tables.

use crate::code::Cut;
use crate::modifiers::cut_element_sums;
use crate::table::Table;
use crate::value::{Ratio, Value};

/// SB (with `cut`) of every entrant, exact (quarter-point units). The least significant value
/// is the contribution of the lowest-scoring opponent; among equal-lowest opponents, the
/// smallest contribution.
pub(crate) fn sonneborn_berger(t: &Table, cut: Cut) -> Vec<Value> {
    cut_element_sums(t, cut, |e| e.sb())
        .into_iter()
        .map(|s| Value::Exact(Ratio::quarters(s)))
        .collect()
}

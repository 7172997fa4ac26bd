//! Buchholz (Art. 8.1) and its cuts (Art. 14): the sum of the opponents' scores, with
//! Article 16 for unplayed rounds in Swiss tables.

use crate::code::Cut;
use crate::modifiers::cut_element_sums;
use crate::table::Table;
use crate::value::{Ratio, Value};

/// BH (with `cut`) of every entrant, exact (half-point units).
pub(crate) fn buchholz(t: &Table, cut: Cut) -> Vec<Value> {
    cut_element_sums(t, cut, |e| e.opp_score)
        .into_iter()
        .map(|s| Value::Exact(Ratio::halves(s)))
        .collect()
}

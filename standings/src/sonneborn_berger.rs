//! Sonneborn-Berger (Art. 9.1) and its cuts (Art. 14.1.1.d): Σ opponent's score × points
//! scored against them, with Article 16 for unplayed rounds in Swiss tables.

use crate::code::Cut;
use crate::modifiers::{Item, cut_sum};
use crate::table::Table;
use crate::unplayed::{adjusted_scores, elements};
use crate::value::{Ratio, Value};

/// SB (with `cut`) of every entrant, exact (quarter-point units). The least significant value
/// is the contribution of the lowest-scoring opponent; among equal-lowest opponents, the
/// smallest contribution.
pub(crate) fn sonneborn_berger(t: &Table, cut: Cut) -> Vec<Value> {
    let adj = adjusted_scores(t);
    (0..t.len())
        .map(|i| {
            let items = elements(t, i, &adj)
                .into_iter()
                .map(|e| Item {
                    key: (e.opp_score, e.sb()),
                    contribution: e.sb(),
                    vur: e.vur,
                })
                .collect();
            Value::Exact(Ratio::quarters(cut_sum(items, cut)))
        })
        .collect()
}

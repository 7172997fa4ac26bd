//! Buchholz (Art. 8.1) and its cuts (Art. 14): the sum of the opponents' scores, with
//! Article 16 for unplayed rounds in Swiss tables.

use crate::code::Cut;
use crate::modifiers::{Item, cut_sum};
use crate::table::Table;
use crate::unplayed::{adjusted_scores, elements};
use crate::value::{Ratio, Value};

/// BH (with `cut`) of every entrant, exact (half-point units).
pub(crate) fn buchholz(t: &Table, cut: Cut) -> Vec<Value> {
    let adj = adjusted_scores(t);
    (0..t.len())
        .map(|i| {
            let items = elements(t, i, &adj)
                .into_iter()
                .map(|e| Item {
                    key: (e.opp_score, e.opp_score),
                    contribution: e.opp_score,
                    vur: e.vur,
                })
                .collect();
            Value::Exact(Ratio::halves(cut_sum(items, cut)))
        })
        .collect()
}

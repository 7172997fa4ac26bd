//! Article 14 modifiers (Cut-1, Cut-2, Median-1, Median-2) with the Art. 16.5 exception for
//! voluntary unplayed rounds.

use crate::code::Cut;
use crate::table::Table;
use crate::unplayed::{Element, adjusted_scores, elements};

/// One value a modifier may drop: `key` orders significance (least significant = smallest
/// key), `contribution` is what it adds to the sum, `vur` marks a voluntary unplayed round.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Item {
    pub key: (i64, i64),
    pub contribution: i64,
    pub vur: bool,
}

/// For every entrant, the sum of `value(e)` over its BH/SB elements (Art. 16) left after `cut`.
/// An element's significance is its opponent's score, then its value (Art. 14.1).
pub(crate) fn cut_element_sums(t: &Table, cut: Cut, value: impl Fn(Element) -> i64) -> Vec<i64> {
    let adj = adjusted_scores(t);
    (0..t.len())
        .map(|i| {
            let items = elements(t, i, &adj)
                .into_iter()
                .map(|e| Item { key: (e.opp_score, value(e)), contribution: value(e), vur: e.vur })
                .collect();
            cut_sum(items, cut)
        })
        .collect()
}

/// Applies `cut` and returns the sum of what is left.
///
/// Low side, per cut (14.1 / 16.5): the LSV is the item with the smallest key; if VUR items
/// exist, the lowest VUR contribution is compared with the LSV's and the higher of the two is
/// dropped (on equal contributions, the VUR item). For BH the key is the contribution itself,
/// so this simply drops the lowest VUR first. High side (Median): the item with the largest
/// key, no VUR preference. More cuts than items drop everything.
pub(crate) fn cut_sum(mut items: Vec<Item>, cut: Cut) -> i64 {
    for _ in 0..cut.low {
        if items.is_empty() {
            break;
        }
        let lsv = (0..items.len()).min_by_key(|&i| items[i].key).unwrap();
        let lowest_vur = (0..items.len())
            .filter(|&i| items[i].vur)
            .min_by_key(|&i| (items[i].contribution, items[i].key));
        let drop = match lowest_vur {
            Some(v) if items[v].contribution >= items[lsv].contribution => v,
            _ => lsv,
        };
        items.swap_remove(drop);
    }
    for _ in 0..cut.high {
        if items.is_empty() {
            break;
        }
        let msv = (0..items.len()).max_by_key(|&i| items[i].key).unwrap();
        items.swap_remove(msv);
    }
    items.iter().map(|i| i.contribution).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(key: (i64, i64), contribution: i64, vur: bool) -> Item {
        Item { key, contribution, vur }
    }

    /// `cut_sum` of BH items (key = contribution = the value), each `(value, vur)`.
    fn bh_cut(v: &[(i64, bool)], low: u32, high: u32) -> i64 {
        let items = v.iter().map(|&(x, vur)| item((x, x), x, vur)).collect();
        cut_sum(items, Cut { low, high })
    }

    #[test]
    fn cut_one_drops_lowest_value_without_vurs() {
        // 3 + 5 + 1 = 9, less the 1.
        assert_eq!(bh_cut(&[(3, false), (5, false), (1, false)], 1, 0), 8);
    }

    #[test]
    fn cut_one_prefers_the_lowest_vur() {
        // LSV is 1 (played), but the VUR element 4 is cut instead (16.5): 3 + 1 = 4.
        assert_eq!(bh_cut(&[(3, false), (4, true), (1, false)], 1, 0), 4);
    }

    #[test]
    fn median_cuts_low_then_high_and_clamps() {
        // drop 1 then 5: 3.
        assert_eq!(bh_cut(&[(3, false), (5, false), (1, false)], 1, 1), 3);
        assert_eq!(bh_cut(&[(3, false)], 2, 2), 0);
    }

    #[test]
    fn sb_cut_drops_lowest_scoring_opponent_not_smallest_product() {
        // Opponent scores 1 (contribution 2, a win) and 4 (contribution 0, a loss): the LSV is
        // the opponent with score 1, so 2 is dropped and 0 is left, although 0 is the
        // smallest product (14.1.1.d).
        let items = vec![item((1, 2), 2, false), item((4, 0), 0, false)];
        assert_eq!(cut_sum(items, Cut { low: 1, high: 0 }), 0);
    }

    #[test]
    fn sb_cut_with_vur_drops_the_higher_of_vur_and_lsv() {
        // LSV contribution 2 (opponent score 1); VUR contribution 0 (a zero-point bye):
        // the higher (2) is cut -> 0 + 5 = 5.
        let items = vec![item((1, 2), 2, false), item((6, 0), 0, true), item((5, 5), 5, false)];
        assert_eq!(cut_sum(items, Cut { low: 1, high: 0 }), 5);
    }
}

//! SPEC §5: WNT and the Swiss order — points descending, WNT descending, TPN ascending.
//! "Bottom" means last in this order.

use super::tpn::Tpn;
use crate::results::State;
use bsw_model::Id;
use std::cmp::Reverse;

/// `ids` sorted in Swiss order.
pub(crate) fn swiss_order(ids: &[Id], state: &State, tpn: &Tpn) -> Vec<Id> {
    let mut v: Vec<_> = ids
        .iter()
        .map(|&id| {
            let r = state.record(id);
            ((Reverse(r.points), Reverse(r.wnt), tpn.get(id)), id)
        })
        .collect();
    v.sort();
    v.into_iter().map(|(_, id)| id).collect()
}

//! SPEC §5: WNT and the Swiss order (points desc, WNT desc, TPN asc).

use super::state::PlayerState;
use std::cmp::Ordering;

pub(crate) fn compare(a: usize, b: usize, st: &[PlayerState], tpn: &[u32]) -> Ordering {
    st[b].points.cmp(&st[a].points).then(st[b].wnt.cmp(&st[a].wnt)).then(tpn[a].cmp(&tpn[b]))
}

/// Sorts entry indices into the Swiss order.
pub(crate) fn sort(field: &mut [usize], st: &[PlayerState], tpn: &[u32]) {
    field.sort_by(|&a, &b| compare(a, b, st, tpn));
}

//! SPEC §5: WNT and the Swiss order (points desc, WNT desc, TPN asc).

use super::state::PlayerState;
use std::cmp::Ordering;

pub(crate) fn compare(a: usize, b: usize, st: &[PlayerState], tpn: &[u32]) -> Ordering {
    st[b].points.cmp(&st[a].points).then(st[b].wnt.cmp(&st[a].wnt)).then(tpn[a].cmp(&tpn[b]))
}

/// Sorts entry indices into the Swiss order (of [`compare`]; equal players keep their order).
///
/// Each player's key is read once and packed into one number, so the sort compares numbers
/// instead of reaching into two player states per comparison (a million of them, scattered).
pub(crate) fn sort(field: &mut [usize], st: &[PlayerState], tpn: &[u32]) {
    // Order-preserving maps to unsigned numbers; points and WNT descending, TPN ascending.
    let key = |i: usize| -> u128 {
        let points = !((st[i].points as u32) ^ 0x8000_0000);
        (points as u128) << 64 | (!st[i].wnt as u128) << 32 | tpn[i] as u128
    };
    // (key, place in `field`): ties broken by the place, as a stable sort would.
    let mut keyed: Vec<(u128, usize)> =
        field.iter().enumerate().map(|(r, &i)| (key(i), r)).collect();
    keyed.sort_unstable();
    let before = field.to_vec();
    for (slot, (_, r)) in field.iter_mut().zip(keyed) {
        *slot = before[r];
    }
    debug_assert!(field.is_sorted_by(|&a, &b| compare(a, b, st, tpn) != Ordering::Greater));
}

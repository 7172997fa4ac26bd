//! Board order of the published pairing: pairs by the higher player's points, then the
//! lower player's points (both descending), then the higher player's rank; the
//! pairing-allocated bye last. The higher player of a pair is the one with more points, on
//! equal points the better pairing number. Points, not pairing scores: virtual points
//! (C.04.5.1) count for pairing only, never for the published order (bbpPairings v6.0.0
//! orders boards on the unaccelerated scores too).

use super::order::Player;
use std::cmp::Reverse;

/// Sorts pairs `(higher, lower)` of field indices into board order.
pub(crate) fn sort_pairs(players: &[Player], pairs: &mut [(usize, usize)]) {
    pairs.sort_by_key(|&(a, b)| {
        let (pa, pb) = (&players[a], &players[b]);
        let (h, l) = if (Reverse(pa.points), pa.rank) <= (Reverse(pb.points), pb.rank) {
            (pa, pb)
        } else {
            (pb, pa)
        };
        (Reverse(h.points), Reverse(l.points), h.rank)
    });
}

//! Board order of the published pairing: pairs by the higher player's score, then the lower
//! player's score (both descending), then the higher player's rank; the pairing-allocated
//! bye last.

use super::order::Player;
use std::cmp::Reverse;

/// Sorts pairs `(higher, lower)` of field indices (higher ranked first) into board order.
pub fn sort_pairs(players: &[Player], pairs: &mut [(usize, usize)]) {
    pairs.sort_by_key(|&(h, l)| {
        (Reverse(players[h].score), Reverse(players[l].score), players[h].rank)
    });
}

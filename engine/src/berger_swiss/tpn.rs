//! SPEC §1: tournament pairing numbers. Rating descending, equal ratings keep entry order.

use bsw_model::Player;

/// `tpn[i]` = TPN (1-based) of the player at entry index `i`.
pub(crate) fn assign(players: &[Player]) -> Vec<u32> {
    let mut order: Vec<usize> = (0..players.len()).collect();
    // Stable sort: equal ratings keep entry order.
    order.sort_by(|&a, &b| players[b].rating.cmp(&players[a].rating));
    let mut tpn = vec![0; players.len()];
    for (rank, &i) in order.iter().enumerate() {
        tpn[i] = rank as u32 + 1;
    }
    tpn
}

/// Entry indices in TPN order.
pub(crate) fn by_tpn(tpn: &[u32]) -> Vec<usize> {
    let mut order = vec![0; tpn.len()];
    for (i, &t) in tpn.iter().enumerate() {
        order[t as usize - 1] = i;
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(id: u32, rating: u32) -> Player {
        Player { id, rating, ..Default::default() }
    }

    #[test]
    fn equal_ratings_keep_entry_order_and_unrated_come_last() {
        let players = [p(10, 1500), p(11, 0), p(12, 1800), p(13, 1500)];
        assert_eq!(assign(&players), vec![2, 4, 1, 3]);
    }
}

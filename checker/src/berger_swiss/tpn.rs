//! SPEC §1: tournament pairing numbers.
//!
//! TPN is assigned once, before round 1: rating descending, equal ratings keep entry order.

use crate::HashMap;
use bsw_model::{Id, Player};

/// TPN of every player.
#[derive(Clone, Debug, Default)]
pub struct Tpn {
    /// Ids in TPN order (index 0 has TPN 1).
    pub(crate) order: Vec<Id>,
    /// Id -> TPN (1-based).
    pub(crate) of: HashMap<Id, u32>,
}

impl Tpn {
    /// The TPN of `id` (`u32::MAX` for an unknown id, which sorts it last).
    pub(crate) fn get(&self, id: Id) -> u32 {
        self.of.get(&id).copied().unwrap_or(u32::MAX)
    }
}

/// Assigns TPNs: a stable sort by rating, descending.
pub fn assign(players: &[Player]) -> Tpn {
    let mut idx: Vec<usize> = (0..players.len()).collect();
    // `sort_by_key` is stable: equal ratings keep entry order.
    idx.sort_by_key(|&i| std::cmp::Reverse(players[i].rating));
    let order: Vec<Id> = idx.iter().map(|&i| players[i].id).collect();
    let of = order.iter().enumerate().map(|(i, &id)| (id, i as u32 + 1)).collect();
    Tpn { order, of }
}

//! C.04.3 1.2 order, 1.3 scoregroups and brackets, 1.8 topscorers.
//!
//! The brackets of a published round are read off its pairs: walking the scoregroups from the
//! top, a bracket is its resident players plus the players left unpaired by the bracket above
//! (MDPs); a player whose opponent is in the bracket is paired there, anyone else (opponent in
//! a lower scoregroup, or the PAB) floats down to the next bracket.

use bsw_model::{HalfPoints, Id};
use std::collections::{HashMap, HashSet};

/// One bracket of a published round.
#[derive(Clone, Debug, Default)]
pub struct Bracket {
    /// Score of the resident players.
    pub(crate) score: HalfPoints,
    /// Residents, in ranking order.
    pub(crate) residents: Vec<Id>,
    /// Moved-down players, in ranking order.
    pub mdps: Vec<Id>,
    /// Pairs made in this bracket (higher-ranked first).
    pub pairs: Vec<(Id, Id)>,
    /// Players of the bracket who float down (in ranking order).
    pub(crate) downfloaters: Vec<Id>,
}

/// The brackets of a round: `order` is the ranking order of the paired players, `score` and
/// `partner` what the round published (`None`: the PAB, or unpaired).
pub fn brackets(
    order: &[Id],
    score: &HashMap<Id, HalfPoints>,
    partner: &HashMap<Id, Id>,
) -> Vec<Bracket> {
    let rank: HashMap<Id, usize> = order.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    let mut out = Vec::new();
    let mut carry: Vec<Id> = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let s = score[&order[i]];
        let mut residents = Vec::new();
        while i < order.len() && score[&order[i]] == s {
            residents.push(order[i]);
            i += 1;
        }
        let mut members: Vec<Id> = carry.iter().chain(residents.iter()).copied().collect();
        members.sort_by_key(|id| rank[id]);
        let inside: HashSet<Id> = members.iter().copied().collect();
        let mut b =
            Bracket { score: s, residents, mdps: std::mem::take(&mut carry), ..Bracket::default() };
        b.mdps.sort_by_key(|id| rank[id]);
        for &x in &members {
            match partner.get(&x) {
                Some(&y) if inside.contains(&y) => {
                    if rank[&x] < rank[&y] {
                        b.pairs.push((x, y));
                    }
                }
                _ => b.downfloaters.push(x),
            }
        }
        carry = b.downfloaters.clone();
        out.push(b);
    }
    out
}

/// Topscorer (1.8): when pairing the final round, a score above half the maximum possible.
pub(crate) fn is_topscorer(score: HalfPoints, round: u32, final_round: u32) -> bool {
    round == final_round && round > 1 && score > round as HalfPoints - 1
}

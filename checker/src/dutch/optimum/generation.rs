//! The rules' generation order (4.2-4.4) of a bracket pairing ([`OrderKey`]), and whether the
//! published pairing is the first legal one, which no bracket pairing can precede
//! ([`first_legal`]).

use super::graph::{View, bits_for};
use crate::dutch::quality;
use bsw_model::Id;
use std::collections::HashSet;

/// A bracket pairing's place in the rules' generation order (smaller = earlier): whether two
/// MDPs are paired together (4.x never generates that: the MDPs of S1 meet residents of S2,
/// so such a pairing comes after every generated one), the paired MDPs' ranks (4.4: the
/// highest MDPs paired first), the ranks of their opponents by MDP in ranking order (the
/// MDP-pairing's transposition), then the remainder's exchange and transposition
/// ([`crate::dutch::quality::position`]). `None` for a remainder no exchange produces.
///
/// A published bracket never pairs two MDPs (both were members of the bracket above, and
/// [`crate::dutch::order::brackets`] puts a pair in the first bracket that holds both); a
/// matching's pairing that does implies that the bracket above could pair them too, one pair
/// more with the rest unchanged: a C6 violation that the bracket above reports first.
pub(super) type OrderKey = (bool, Vec<usize>, Vec<usize>, quality::Position);

pub(super) fn order_key(view: &View, pairs: &[(Id, Id)]) -> Option<OrderKey> {
    let ctx = view.ctx;
    let mut mdp_pairs: Vec<(Id, Id)> = Vec::new();
    let mut partner = std::collections::HashMap::new();
    let mut rr = 0;
    let mut mdp_mdp = false;
    for &(x, y) in pairs {
        match (view.resident.contains(&x), view.resident.contains(&y)) {
            (true, true) => {
                partner.insert(x, y);
                partner.insert(y, x);
                rr += 1;
            }
            (false, true) => mdp_pairs.push((x, y)),
            (true, false) => mdp_pairs.push((y, x)),
            (false, false) => mdp_mdp = true,
        }
    }
    mdp_pairs.sort_by_key(|(m, _)| ctx.rank[m]);
    let set = mdp_pairs.iter().map(|(m, _)| ctx.rank[m]).collect();
    let opps = mdp_pairs.iter().map(|(_, y)| ctx.rank[y]).collect();
    let with_mdp: HashSet<Id> = mdp_pairs.iter().map(|p| p.1).collect();
    let remainder: Vec<Id> =
        view.b.residents.iter().filter(|x| !with_mdp.contains(x)).copied().collect();
    let pos = quality::position(&remainder, rr, &partner)?;
    Some((mdp_mdp, set, opps, pos))
}

/// Whether no bracket pairing can come earlier than `pairs` whatever its quality, for the
/// MDP part and for the remainder (with the MDP part as published): the paired MDPs are the
/// highest of their scores and each MDP (in ranking order) meets the first resident it may
/// meet (C1, C3) that no MDP before took; the remainder needs no exchange, and each S1 player
/// meets the first S2 player it may meet that no S1 player before took.
pub(super) fn first_legal(view: &View, pairs: &[(Id, Id)], key: &OrderKey) -> (bool, bool) {
    (first_legal_mdps(view, pairs, key), first_legal_remainder(view, pairs, key))
}

fn first_legal_mdps(view: &View, pairs: &[(Id, Id)], key: &OrderKey) -> bool {
    let ctx = view.ctx;
    let paired: HashSet<usize> = key.1.iter().copied().collect();
    for (i, &u) in view.b.mdps.iter().enumerate() {
        if !paired.contains(&ctx.rank[&u])
            && view.b.mdps[i + 1..]
                .iter()
                .any(|v| paired.contains(&ctx.rank[v]) && ctx.score(*v) == ctx.score(u))
        {
            return false;
        }
    }
    let partner: std::collections::HashMap<Id, Id> =
        pairs.iter().flat_map(|&(x, y)| [(x, y), (y, x)]).collect();
    let mut taken: HashSet<Id> = HashSet::new();
    for m in view.b.mdps.iter().filter(|m| paired.contains(&ctx.rank[m])) {
        let y = partner[m];
        let first = view.b.residents.iter().find(|r| !taken.contains(r) && ctx.compatible(*m, **r));
        if first != Some(&y) {
            return false;
        }
        taken.insert(y);
    }
    true
}

fn first_legal_remainder(view: &View, pairs: &[(Id, Id)], key: &OrderKey) -> bool {
    let ctx = view.ctx;
    let partner: std::collections::HashMap<Id, Id> =
        pairs.iter().flat_map(|&(x, y)| [(x, y), (y, x)]).collect();
    let mut taken: HashSet<Id> = pairs
        .iter()
        .filter(|(x, y)| !(view.resident.contains(x) && view.resident.contains(y)))
        .flat_map(|&(x, y)| [x, y])
        .filter(|x| view.resident.contains(x))
        .collect();
    if !key.3.2.is_empty() {
        return false;
    }
    let remainder: Vec<Id> =
        view.b.residents.iter().filter(|x| !taken.contains(x)).copied().collect();
    let n1 = pairs.len() - taken.len();
    let s2 = &remainder[n1..];
    // Every S2 player before `lo` is taken: the search starts there (the same first player,
    // without walking the taken prefix again for every S1 player: a first round of 100,000
    // players would otherwise cost n²/8 lookups).
    let mut lo = 0;
    for x in remainder.iter().take(n1) {
        let Some(y) = partner.get(x) else { return false };
        while lo < s2.len() && taken.contains(&s2[lo]) {
            lo += 1;
        }
        let first = s2[lo..].iter().find(|r| !taken.contains(r) && ctx.compatible(*x, **r));
        if first != Some(y) {
            return false;
        }
        taken.insert(*y);
    }
    true
}

pub(super) fn bits(x: usize) -> u32 {
    bits_for(x as u64)
}

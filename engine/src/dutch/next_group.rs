//! C8 with the next score group as **one vertex**: a bracket with a single downfloater.
//!
//! The restricted matching of a bracket B (`candidates`) holds the next score group N too,
//! because C8 weighs the pairs the next bracket will keep: N × N pairs and the pairs of B's
//! downfloaters with N (C8: one pair, and the higher player's score group). When N is much
//! larger than B (round 3 of 10,000 players: 1,261 residents, 3,849 in the next group), the
//! matcher spends nearly all its time on N's pairs, whose weights are all alike.
//!
//! **What N contributes.** The criteria weights split as R(M) = R_B(M_B) + R_N(M_N'), M_B
//! the pairs inside B and M_N' the pairs among N and B's unpaired players F (F × F pairs
//! weigh nothing: MDP pairs, and two residents paired would be a pair of B). Every pair of
//! N with N weighs the same, w_NN (C8: one pair of score group s_N), every pair of d ∈ F
//! with N the same for that d, w_dN (one pair of d's score group), zero where C1/C3 forbid.
//! C6 is the most significant criterion of B's part, and it fixes |F| for every optimum.
//! When |F| = 1, F = {d}, the best N-part is ν(N), the group's maximum matching, plus:
//! - **Augments** (d is adjacent to a player some maximum matching of N leaves unpaired,
//!   the Gallai-Edmonds set D): ν(N) + 1 pairs, one of them d's — ν·w_NN + w_dN;
//! - **Displaces** (d has a compatible player u in N, none in D): ν(N) pairs, one of them
//!   d's (d takes u, u's partner is left; the count cannot grow) — (ν-1)·w_NN + w_dN,
//!   which beats ν·w_NN since d's score group is higher than N's;
//! - **Apart** (no compatible player in N): ν·w_NN.
//!
//! So N is replaced by one vertex Z, joined to each player d of B by w_dN (Augments),
//! w_dN - w_NN (Displaces) or no edge (Apart): for every pairing of B with one downfloater
//! the value is the same less the constant ν·w_NN, and with none (Z unmatched) too. A
//! matching of B ∪ {Z} that leaves at most one player of B outside B's pairs is therefore
//! an optimum of the full restricted matching's B-part (C6 then says every optimum has
//! |F| ≤ 1); if it leaves more, `candidates` pairs the bracket again with N whole. The
//! extension check (`rest`) needs the N-part itself: the group's matching, with the
//! exposed player paired (Augments: the augmenting path from d ends there, and covers the
//! same players plus d and it), or with u's partner freed (Displaces). It is one N-part
//! among the best ones; if the rest cannot be paired around it, the bracket is paired
//! again with N whole (whose own N-part may extend), and only then on the whole field.
//!
//! Whether d Augments needs D, known exactly when the group's maximum matching leaves at
//! most one player unpaired: none (D is empty: nobody augments) or one (D is every vertex
//! an even alternating path reaches from it, one search). With two or more unpaired the
//! group is kept whole.
//!
//! **With the bye.** When the next group holds every bye candidate (an odd field, the
//! group's score the bye score, no candidate in the bracket, C9 not on this bracket), the
//! restricted matching holds the bye dummy too, whose edges to the group's eligible players
//! weigh the completion field's lowest bit, above every criterion: every optimum pairs it.
//! The group is then N plus the dummy, H, and its matching pairs the dummy from the start
//! (augmenting paths keep a paired vertex paired): a maximum matching of H that pairs the
//! dummy, ν(H) pairs, one of them the bye's. Everything above holds with H for N and ν(H) -
//! 1 for the pairs the group keeps: an augmenting path from d keeps the dummy paired, and
//! d may displace any player but the bye (if the bye is its only compatible player, the
//! group is kept whole). The rest is told that the bye is taken (`rest::Rest::bye_taken`).

use super::absolute::compatible;
use super::order::Field;
use super::rest;
use crate::matching::NONE;

/// How the bracket's downfloater `d` joins the next score group in a best N-part (see the
/// module docs). `with` and `freed` are field indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Join {
    /// No compatible player in the group.
    Apart,
    /// One more pair: `with` is a compatible player of D.
    Augments { with: usize },
    /// `d` takes `with` from its partner `freed`, who is left to the players below.
    Displaces { with: usize, freed: usize },
}

/// The next score group's maximum matching and its set D.
pub(crate) struct NextGroup {
    /// The group's players (field indices).
    players: Vec<usize>,
    /// Each position's partner in the matching (a position), `NONE` when unpaired.
    mate: Vec<u32>,
    /// The one player the matching leaves unpaired (a position), if any.
    exposed: Option<usize>,
    /// D by position (empty when nobody is unpaired).
    missable: Vec<bool>,
    /// One pair of the matching without the bye dummy (field indices), `None` when it has
    /// none.
    pub pair: Option<(usize, usize)>,
    /// With the bye dummy: the player the matching gives the bye (a field index).
    pub bye: Option<usize>,
    last_round: bool,
    rounds_before: u32,
}

impl NextGroup {
    /// The group `players` (field indices), with the bye dummy when `bye` is the bye score
    /// (the group's score); `None` when its maximum matching leaves two or more of them
    /// unpaired (D is then not read: the group stays whole), or, with the bye, nobody takes
    /// it.
    pub(crate) fn new(
        field: &Field,
        players: &[usize],
        bye: Option<bsw_model::HalfPoints>,
        last_round: bool,
        rounds_before: u32,
    ) -> Option<NextGroup> {
        let g = rest::group_matching(field, players, bye, last_round, rounds_before);
        let k = players.len();
        let bye = match bye {
            Some(_) => Some(players[*g.mate.get(k).filter(|&&x| x != NONE)? as usize]),
            None => None,
        };
        if g.exposed.len() > 1 {
            return None;
        }
        let pair = (0..k)
            .find(|&p| g.mate[p] != NONE && (g.mate[p] as usize) < k)
            .map(|p| (players[p], players[g.mate[p] as usize]));
        Some(NextGroup {
            players: players.to_vec(),
            mate: g.mate,
            exposed: g.exposed.first().copied(),
            missable: g.missable,
            pair,
            bye,
            last_round,
            rounds_before,
        })
    }

    /// The group's players (field indices).
    pub(crate) fn players(&self) -> &[usize] {
        &self.players
    }

    /// Whether the group's player at position `p` is paired by the group's own matching
    /// (the bye included: it leaves the rest too).
    pub(crate) fn paired(&self, p: usize) -> bool {
        self.mate[p] != NONE
    }

    /// How `d` (a field index, a player of the bracket, not a bye candidate) joins the
    /// group; `None` when the bye is its only compatible player there.
    pub(crate) fn join(&self, field: &Field, d: usize) -> Option<Join> {
        let k = self.players.len();
        let ok = |u: usize| compatible(field, d, u, self.last_round, self.rounds_before);
        if !self.missable.is_empty()
            && let Some(p) = (0..k).find(|&p| self.missable[p] && ok(self.players[p]))
        {
            return Some(Join::Augments { with: self.players[p] });
        }
        // Not in D, so paired by the matching (an unpaired player is in D); not the bye.
        let mut compatible_any = false;
        for p in 0..k {
            if ok(self.players[p]) {
                compatible_any = true;
                let q = self.mate[p] as usize;
                if q < k {
                    return Some(Join::Displaces { with: self.players[p], freed: self.players[q] });
                }
            }
        }
        if compatible_any { None } else { Some(Join::Apart) }
    }

    /// The partner the group's matching gives the player at position `p` (a field index),
    /// `None` when unpaired or the bye.
    pub(crate) fn partner(&self, p: usize) -> Option<usize> {
        self.players.get(self.mate[p] as usize).copied()
    }

    /// The players of the group whose place in the N-part of `j` differs from the group's
    /// own matching: (field index, paired). Augments pairs the exposed player; Displaces
    /// frees `freed` (`with` stays paired, now with d).
    pub(crate) fn changes(&self, j: Join) -> Option<(usize, bool)> {
        match j {
            Join::Apart => None,
            Join::Augments { .. } => self.exposed.map(|x| (self.players[x], true)),
            Join::Displaces { freed, .. } => Some((freed, false)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dutch::order::{Float, Player};
    use std::collections::HashSet;

    fn player(index: usize, score: bsw_model::HalfPoints, bye_eligible: bool) -> Player {
        Player {
            id: index as bsw_model::Id + 1,
            index,
            rank: index,
            score,
            points: score,
            colour_diff: 0,
            colours: Vec::new(),
            pref: None,
            abs_imbalance: false,
            repeated: None,
            absolute: false,
            strong: false,
            float1: Float::None,
            float2: Float::None,
            bye_eligible,
            played: 1,
        }
    }

    /// Whether the vertices of `set` (a bit mask over `adj`'s vertices) can all be paired
    /// among themselves (brute force).
    fn perfect(adj: &[Vec<bool>], set: u32) -> bool {
        if set == 0 {
            return true;
        }
        let v = set.trailing_zeros() as usize;
        let rest = set & !(1 << v);
        (0..adj.len()).any(|w| rest >> w & 1 == 1 && adj[v][w] && perfect(adj, rest & !(1 << w)))
    }

    /// The most pairs among the vertices of `set`, with `must` (a mask) all paired.
    fn most_pairs(adj: &[Vec<bool>], set: u32, must: u32) -> Option<u32> {
        let mut best = None;
        let mut sub = set;
        loop {
            if sub & must == must && sub.count_ones().is_multiple_of(2) && perfect(adj, sub) {
                best = best.max(Some(sub.count_ones() / 2));
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & set;
        }
        best
    }

    struct Lcg(u64);
    impl Lcg {
        fn below(&mut self, m: u64) -> u64 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (self.0 >> 33) % m
        }
    }

    /// Random small groups (C1 meetings only) with and without the bye dummy: each
    /// bracket player's join is what brute force says (one more pair with it, as many with
    /// it, or none), and the N-part the rest is told of (the group's matching changed by
    /// the join) is a set of players that can be paired among themselves with that many
    /// pairs, the bye dummy paired.
    #[test]
    fn joins_are_what_brute_force_finds() {
        let mut rng = Lcg(7);
        let mut checked = [0usize; 3];
        for case in 0..400 {
            let g_len = 1 + rng.below(8) as usize;
            let b_len = 1 + rng.below(3) as usize;
            let with_bye = case % 2 == 1;
            // Bracket players 0..b_len (score 4), group b_len.. (score 2, the bye score).
            let n = b_len + g_len;
            let mut players: Vec<Player> = (0..b_len).map(|i| player(i, 4, false)).collect();
            players.extend((b_len..n).map(|i| player(i, 2, rng.below(3) > 0)));
            let density = 1 + rng.below(4);
            let mut met = HashSet::new();
            for a in 0..n {
                for b in a + 1..n {
                    if rng.below(5) < density {
                        met.insert((a, b));
                    }
                }
            }
            let field = Field { players, met };
            let group: Vec<usize> = (b_len..n).collect();
            let bye = with_bye.then_some(2);
            let Some(ng) = NextGroup::new(&field, &group, bye, false, 0) else {
                continue;
            };
            // Brute force over the group, the bracket player d and the dummy (last).
            let dummy = g_len + 1;
            let adj_of = |d: usize| -> Vec<Vec<bool>> {
                let verts: Vec<Option<usize>> =
                    group.iter().map(|&v| Some(v)).chain([Some(d), None]).collect();
                let edge = |a: Option<usize>, b: Option<usize>| match (a, b) {
                    (Some(a), Some(b)) => a != b && !field.met(a, b),
                    (Some(v), None) | (None, Some(v)) => {
                        with_bye && v >= b_len && field.players[v].bye_eligible
                    }
                    (None, None) => false,
                };
                verts.iter().map(|&a| verts.iter().map(|&b| edge(a, b)).collect()).collect()
            };
            let all_group = (1u32 << g_len) - 1;
            let must = if with_bye { 1 << dummy } else { 0 };
            let base_set = all_group | if with_bye { 1 << dummy } else { 0 };
            for d in 0..b_len {
                let adj = adj_of(d);
                let nu = most_pairs(&adj, base_set, must).expect("the dummy is paired");
                let nu_d = most_pairs(&adj, base_set | 1 << g_len, must | 1 << g_len);
                let plus = most_pairs(&adj, base_set | 1 << g_len, must).unwrap();
                let Some(j) = ng.join(&field, d) else { continue };
                // The N-part the rest is told of: the group's matching, the join applied.
                let mut cover = if with_bye { 1u32 << dummy } else { 0 };
                for p in 0..g_len {
                    if ng.paired(p) {
                        cover |= 1 << p;
                    }
                }
                if let Some((v, paired)) = ng.changes(j) {
                    let p = v - b_len;
                    if paired { cover |= 1 << p } else { cover &= !(1 << p) }
                }
                match j {
                    Join::Augments { .. } => {
                        checked[0] += 1;
                        assert_eq!(plus, nu + 1, "case {case}: d = {d} augments");
                        cover |= 1 << g_len;
                    }
                    Join::Displaces { .. } => {
                        checked[1] += 1;
                        assert_eq!(plus, nu, "case {case}: d = {d} displaces");
                        assert_eq!(nu_d, Some(nu), "case {case}: d = {d} pairs in a best N-part");
                        cover |= 1 << g_len;
                    }
                    Join::Apart => {
                        checked[2] += 1;
                        assert_eq!(nu_d, None, "case {case}: d = {d} has no partner");
                    }
                }
                assert!(perfect(&adj, cover), "case {case}: d = {d}: N-part {cover:b}");
                let pairs = cover.count_ones() / 2;
                let want = if matches!(j, Join::Augments { .. }) { nu + 1 } else { nu };
                assert_eq!(pairs, want, "case {case}: d = {d}: pairs of the N-part");
            }
        }
        assert!(checked.iter().all(|&c| c > 20), "{checked:?}");
    }
}

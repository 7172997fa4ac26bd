//! Completability of the rest of the field (C4/C5) by **cardinality** matching, kept up to
//! date while `candidates` pairs a bracket on the bracket alone.
//!
//! A bracket's restricted matching (its players and the next score group, criteria weights
//! only) is the bracket part of a best pairing of the whole field exactly when the players it
//! leaves, together with everybody below, can still be paired completely: a perfect matching
//! under C1/C3 of the players not finalised and not covered by it, plus, in an odd field,
//! one dummy vertex adjacent to every bye candidate (eligible, score at most the bye score).
//! [`Rest`] keeps one such perfect matching and repairs it with augmenting paths (the
//! implicit-graph Edmonds of [`crate::matching`]) for the few vertices each restricted
//! optimum disturbs, instead of recomputing it. When the bracket's own matching holds the
//! bye dummy (every bye candidate among its players, `candidates` "The bye and C9") and the
//! dummy took a player, that player is the bye: the rest is then paired without one (its
//! dummy leaves, [`Rest::bye_taken`]).
//!
//! It also answers the first questions of a round without a weighted matching: is there a
//! pairing at all (C1-C3), and, in an odd field, the lowest score whose players can take the
//! bye (C5); and, when that is the top score, whether the top group can be paired within
//! itself but for the bye ([`pairs_completely_but_bye`], C9 of the first bracket).

use super::absolute::compatible;
use super::matcher;
use super::order::Field;
use crate::matching::{Graph, Matcher, NONE};
use bsw_model::HalfPoints;

/// Pairs of the current bracket the restricted matching has taken out of the graph: with
/// `verts` the bracket's players (and the next score group) in order and `mdps` the number of
/// MDPs at its head, a pair of positions (i, j), i < j, with j >= mdps is a bracket pair, an
/// edge exactly when the matcher gives it a weight; other pairs follow C1/C3.
pub(crate) struct Bracket<'a> {
    /// The bracket's players and the next score group (field indices).
    pub verts: &'a [usize],
    /// Field index -> position in `verts` ([`NONE_POS`] outside).
    pub pos: &'a [usize],
    pub mdps: usize,
    pub m: &'a dyn Edges,
}

/// Which pairs of positions of a [`Bracket`] are edges: the dense matcher's weights, or the
/// class model (`bracket::model`).
pub(crate) trait Edges {
    fn has_edge(&self, i: usize, j: usize) -> bool;
}

impl<const NW: usize> Edges for matcher::Matcher<NW> {
    fn has_edge(&self, i: usize, j: usize) -> bool {
        !self.weight(i, j).is_zero()
    }
}

/// The graph of the rest of the field: players `0..n`, and the dummy `n` in an odd field.
struct RestGraph<'a> {
    field: &'a Field,
    n: usize,
    out: &'a [bool],
    order: &'a [u32],
    bye_score: HalfPoints,
    last_round: bool,
    rounds_before: u32,
    bracket: Option<&'a Bracket<'a>>,
}

impl Graph for RestGraph<'_> {
    fn active(&self, u: usize) -> bool {
        !self.out[u]
    }
    fn adjacent(&self, u: usize, w: usize) -> bool {
        if u == self.n || w == self.n {
            let p = &self.field.players[u.min(w)];
            return p.bye_eligible && p.score <= self.bye_score;
        }
        if let Some(b) = self.bracket {
            let (i, j) = (b.pos[u], b.pos[w]);
            if i != NONE_POS && j != NONE_POS && i.max(j) >= b.mdps {
                return b.m.has_edge(i, j);
            }
        }
        compatible(self.field, u, w, self.last_round, self.rounds_before)
    }
    fn order(&self) -> &[u32] {
        self.order
    }
    fn bucket_count(&self) -> usize {
        1
    }
    fn bucket_of(&self, _: usize) -> usize {
        0
    }
    fn candidate_buckets(&self, _: usize, f: &mut dyn FnMut(usize, usize, usize)) {
        f(0, 0, self.order.len())
    }
}

/// "Not in the bracket" in [`Bracket::pos`].
pub(crate) const NONE_POS: usize = usize::MAX;

/// A perfect matching of the rest of the field (see the module docs).
pub(crate) struct Rest {
    c: Ctx,
    odd: bool,
    m: Matcher,
    /// Free vertices to re-match at the next [`Rest::repair`].
    free: Vec<usize>,
}

/// What the graph of the rest is made of (apart from the matching).
struct Ctx {
    n: usize,
    /// Not in the rest: finalised, or covered by the current restricted matching.
    out: Vec<bool>,
    order: Vec<u32>,
    bye_score: HalfPoints,
    last_round: bool,
    rounds_before: u32,
}

impl Ctx {
    fn graph<'a>(&'a self, field: &'a Field, bracket: Option<&'a Bracket<'a>>) -> RestGraph<'a> {
        RestGraph {
            field,
            n: self.n,
            out: &self.out,
            order: &self.order,
            bye_score: self.bye_score,
            last_round: self.last_round,
            rounds_before: self.rounds_before,
            bracket,
        }
    }
}

impl Rest {
    pub(crate) fn new(field: &Field, last_round: bool, rounds_before: u32) -> Rest {
        let n = field.players.len();
        let odd = n % 2 == 1;
        let len = n + odd as usize;
        let mut out = vec![false; len];
        if odd {
            // The dummy joins once the bye score is known.
            out[n] = true;
        }
        Rest {
            c: Ctx {
                n,
                out,
                order: (0..len as u32).collect(),
                bye_score: 0,
                last_round,
                rounds_before,
            },
            odd,
            m: Matcher::new(len),
            free: Vec::new(),
        }
    }

    /// A maximum matching of the whole field, then, in an odd field, the lowest score whose
    /// eligible players can take the bye with everybody else paired. `None` when C1-C3 leave
    /// no pairing of all players but at most one bye candidate; otherwise the bye score (0 in
    /// an even field).
    pub(crate) fn start(&mut self, field: &Field) -> Option<HalfPoints> {
        let n = self.c.n;
        // Greedy first: each player with the next free compatible one (a few tries).
        for v in 0..n {
            if self.m.mate[v] != NONE {
                continue;
            }
            let mut tries = 0;
            for w in v + 1..n {
                if self.m.mate[w] != NONE {
                    continue;
                }
                if compatible(field, v, w, self.c.last_round, self.c.rounds_before) {
                    self.m.pair(v, w);
                    break;
                }
                tries += 1;
                if tries >= 32 {
                    break;
                }
            }
        }
        let free: Vec<usize> = (0..n).filter(|&v| self.m.mate[v] == NONE).collect();
        let mut left = 0;
        for (i, &v) in free.iter().enumerate() {
            if self.m.mate[v] != NONE {
                continue;
            }
            let hints: Vec<u32> = free[i + 1..].iter().take(8).map(|&x| x as u32).collect();
            let g = self.c.graph(field, None);
            if !self.m.augment_towards(&g, v, &hints) {
                left += 1;
            }
        }
        if left > self.odd as usize {
            return None;
        }
        if !self.odd {
            return Some(0);
        }
        let single = (0..n).find(|&v| self.m.mate[v] == NONE)?;
        let mut scores: Vec<HalfPoints> =
            field.players.iter().filter(|p| p.bye_eligible).map(|p| p.score).collect();
        scores.sort_unstable();
        scores.dedup();
        self.c.out[n] = false;
        for s in scores {
            self.c.bye_score = s;
            let g = self.c.graph(field, None);
            if self.m.augment_towards(&g, n, &[single as u32]) {
                return Some(s);
            }
        }
        None
    }

    /// `v` leaves the rest; its partner there, if any, is to be re-matched.
    pub(crate) fn leave(&mut self, v: usize) {
        if self.c.out[v] {
            return;
        }
        let w = self.m.mate[v];
        if w != NONE {
            self.m.unpair(v);
            self.free.push(w as usize);
        }
        self.c.out[v] = true;
    }

    /// `v` is covered by the restricted matching (leaves the rest) or not (joins it).
    pub(crate) fn cover(&mut self, v: usize, covered: bool) {
        if covered { self.leave(v) } else { self.join(v) }
    }

    /// In an odd field: whether the restricted matching has given the bye already (its
    /// dummy vertex took a bye candidate of the bracket, `candidates`), so that the rest
    /// must be paired without one; the rest's own dummy leaves or joins accordingly.
    pub(crate) fn bye_taken(&mut self, taken: bool) {
        if !self.odd {
            return;
        }
        let d = self.c.n;
        if taken { self.leave(d) } else { self.join(d) }
    }

    /// `v` joins the rest (free, to be matched).
    pub(crate) fn join(&mut self, v: usize) {
        if !self.c.out[v] {
            return;
        }
        self.c.out[v] = false;
        self.free.push(v);
    }

    /// Marks every player of the rest left unpaired for the next [`Rest::repair`]: after a
    /// repair that failed (it stops at the first player it cannot re-match, the others
    /// unpaired and forgotten), before the rest is checked again (`candidates` retries a
    /// bracket with its next score group whole).
    pub(crate) fn resync(&mut self) {
        self.free =
            (0..self.c.out.len()).filter(|&v| !self.c.out[v] && self.m.mate[v] == NONE).collect();
    }

    /// Restores a perfect matching of the rest after [`Rest::leave`]/[`Rest::join`]; pairs of
    /// the bracket that `bracket` no longer allows are broken first. False when the rest has
    /// no perfect matching (then the matching is left as it is).
    pub(crate) fn repair(&mut self, field: &Field, bracket: Option<&Bracket>) -> bool {
        if let Some(b) = bracket {
            let g = self.c.graph(field, Some(b));
            let mut broken = Vec::new();
            for &v in b.verts {
                let w = self.m.mate[v];
                if g.out[v] || w == NONE || (w as usize) < v || w as usize == g.n {
                    continue;
                }
                if !g.adjacent(v, w as usize) {
                    broken.push(v);
                }
            }
            for v in broken {
                let w = self.m.mate[v] as usize;
                {
                    self.m.unpair(v);
                    self.free.push(v);
                    self.free.push(w);
                }
            }
        }
        let free = std::mem::take(&mut self.free);
        let mut ok = true;
        for (i, &v) in free.iter().enumerate() {
            if self.c.out[v] || self.m.mate[v] != NONE {
                continue;
            }
            let hints: Vec<u32> = free[i + 1..]
                .iter()
                .filter(|&&x| !self.c.out[x] && self.m.mate[x] == NONE)
                .take(8)
                .map(|&x| x as u32)
                .collect();
            let g = self.c.graph(field, bracket);
            if !self.m.augment_towards(&g, v, &hints) {
                ok = false;
                break;
            }
        }
        ok
    }
}

/// The pairs of a bracket alone: `players` (MDPs first, `mdps` of them) at positions
/// `0..k`; an MDP does not meet another MDP in the bracket (those pairs are no bracket pairs).
struct BracketGraph<'a> {
    field: &'a Field,
    players: &'a [usize],
    mdps: usize,
    /// A dummy vertex at position `players.len()`, adjacent to the eligible players of at
    /// most this score (the bye).
    bye: Option<HalfPoints>,
    order: Vec<u32>,
    last_round: bool,
    rounds_before: u32,
}

impl Graph for BracketGraph<'_> {
    fn active(&self, _: usize) -> bool {
        true
    }
    fn adjacent(&self, u: usize, w: usize) -> bool {
        let k = self.players.len();
        if u == k || w == k {
            let p = &self.field.players[self.players[u.min(w)]];
            return self.bye.is_some_and(|s| p.bye_eligible && p.score <= s);
        }
        u.max(w) >= self.mdps
            && compatible(
                self.field,
                self.players[u],
                self.players[w],
                self.last_round,
                self.rounds_before,
            )
    }
    fn order(&self) -> &[u32] {
        &self.order
    }
    fn bucket_count(&self) -> usize {
        1
    }
    fn bucket_of(&self, _: usize) -> usize {
        0
    }
    fn candidate_buckets(&self, _: usize, f: &mut dyn FnMut(usize, usize, usize)) {
        f(0, 0, self.order.len())
    }
}

/// Whether the bracket `players` (MDPs first) can be paired completely within itself under
/// C1/C3 (an even number of players, a perfect matching of its pairs).
pub(crate) fn bracket_pairs_completely(
    field: &Field,
    players: &[usize],
    mdps: usize,
    last_round: bool,
    rounds_before: u32,
) -> bool {
    pairs_completely(field, players, mdps, None, last_round, rounds_before)
}

/// Whether `players` (MDPs first) can be paired completely within themselves under C1/C3
/// but for one bye: an eligible player of score at most `bye_score` (an odd number of
/// players, a perfect matching with a dummy adjacent to those players).
pub(crate) fn pairs_completely_but_bye(
    field: &Field,
    players: &[usize],
    bye_score: HalfPoints,
    last_round: bool,
    rounds_before: u32,
) -> bool {
    pairs_completely(field, players, 0, Some(bye_score), last_round, rounds_before)
}

fn pairs_completely(
    field: &Field,
    players: &[usize],
    mdps: usize,
    bye: Option<HalfPoints>,
    last_round: bool,
    rounds_before: u32,
) -> bool {
    let k = players.len() + bye.is_some() as usize;
    if k % 2 == 1 {
        return false;
    }
    let g = BracketGraph {
        field,
        players,
        mdps,
        bye,
        order: (0..k as u32).collect(),
        last_round,
        rounds_before,
    };
    maximum(&g, Matcher::new(k), true).1 == 0
}

/// A maximum matching of the graph `g` from the matching `m` (greedy, then augmenting paths
/// with look-ahead hints: a vertex `m` pairs stays paired), and how many vertices it leaves
/// unpaired; with `first_failure`, it stops at the first vertex no augmenting path reaches
/// (the count is then 1, the matching not maximum).
fn maximum(g: &BracketGraph, mut m: Matcher, first_failure: bool) -> (Matcher, usize) {
    let k = g.order.len();
    for v in 0..k {
        if m.mate[v] != NONE {
            continue;
        }
        for w in (v + 1..k).take(32) {
            if m.mate[w] == NONE && g.adjacent(v, w) {
                m.pair(v, w);
                break;
            }
        }
    }
    let free: Vec<usize> = (0..k).filter(|&v| m.mate[v] == NONE).collect();
    let mut left = 0;
    for (i, &v) in free.iter().enumerate() {
        if m.mate[v] != NONE {
            continue;
        }
        let hints: Vec<u32> = free[i + 1..]
            .iter()
            .filter(|&&x| m.mate[x] == NONE)
            .take(8)
            .map(|&x| x as u32)
            .collect();
        if !m.augment_towards(g, v, &hints) {
            left += 1;
            if first_failure {
                break;
            }
        }
    }
    (m, left)
}

/// A maximum matching of a score group under C1/C3 and, when it leaves exactly one player
/// unpaired, the Gallai-Edmonds set D: the players that some maximum matching leaves
/// unpaired (`next_group`, C8 with the next score group as one vertex). With a bye, the
/// group has one more vertex, the bye dummy (position `players.len()`, adjacent to the
/// group's eligible players of at most the bye score), paired in the matching when it can
/// be (then in every maximum matching found from it).
pub(crate) struct GroupMatching {
    /// Each position's partner (a position), [`crate::matching::NONE`] when unpaired.
    pub mate: Vec<u32>,
    /// The positions left unpaired.
    pub exposed: Vec<usize>,
    /// With exactly one exposed position: D, by position (that one included); otherwise
    /// empty.
    pub missable: Vec<bool>,
}

/// [`GroupMatching`] of `players` (every pair a bracket pair), with the bye dummy when
/// `bye` is the bye score.
pub(crate) fn group_matching(
    field: &Field,
    players: &[usize],
    bye: Option<HalfPoints>,
    last_round: bool,
    rounds_before: u32,
) -> GroupMatching {
    let k = players.len() + bye.is_some() as usize;
    let g = BracketGraph {
        field,
        players,
        mdps: 0,
        bye,
        order: (0..k as u32).collect(),
        last_round,
        rounds_before,
    };
    let mut m = Matcher::new(k);
    if bye.is_some()
        && let Some(x) = (0..players.len()).find(|&x| g.adjacent(x, players.len()))
    {
        m.pair(x, players.len());
    }
    let (mut m, _) = maximum(&g, m, false);
    let exposed: Vec<usize> = (0..k).filter(|&v| m.mate[v] == NONE).collect();
    let mut missable = Vec::new();
    if let [x] = exposed[..] {
        // x is the only free vertex of a maximum matching: the vertices an even
        // alternating path reaches from it are exactly those some maximum matching misses.
        m.label_outer(&g, x);
        missable = vec![false; k];
        missable[x] = true;
        for v in m.outer_vertices() {
            missable[v] = true;
        }
    }
    GroupMatching { mate: std::mem::take(&mut m.mate), exposed, missable }
}

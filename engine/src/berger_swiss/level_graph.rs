//! The implicit graph of the pairs a level of SPEC §8.3 allows, and the feasibility
//! questions the ladder asks of it ("is there a complete pairing at this level, without bye
//! receiver v?"), answered by the general matching of [`crate::matching`].
//!
//! The graph is never stored: players are bucketed by score group and colour class (see
//! [`SwissField`]), and the compatibility of two classes at a level is precomputed (always,
//! never, or depends on TPN), so that neighbour enumeration skips whole buckets. Which pairs
//! are allowed is the rule of [`super::level`]; this module only makes asking it cheap.

use super::field::SwissField;
use super::level::{Level, colours_pass};
use crate::matching::{Graph, Matcher, NONE};

const NEVER: u8 = 0;
const ALWAYS: u8 = 1;
/// The colours pass only when the player of the first class has the lower TPN number (the
/// §8.2 allocation reads TPN only as which of the two is higher: key 5), or only when it
/// has the higher one.
const IF_LOWER_TPN: u8 = 2;
const IF_HIGHER_TPN: u8 = 3;

/// The implicit graph of allowed pairs at one level, over the active vertices.
pub(crate) struct LevelGraph<'a> {
    pub f: &'a SwissField,
    pub level: Level,
    pub active: Vec<bool>,
    /// Colour compatibility of two classes at this level: NEVER, ALWAYS, or by which player
    /// has the lower TPN number (IF_LOWER_TPN, IF_HIGHER_TPN).
    compat: Vec<u8>,
    nclasses: usize,
    /// Per score group, the range of score groups within D.
    reach: Vec<(usize, usize)>,
    /// The field's flat bucket layout, less retired vertices: each bucket keeps its live
    /// vertices at the front of its range, up to `bucket_end`.
    order: Vec<u32>,
    position: Vec<u32>,
    bucket_end: Vec<u32>,
}

impl<'a> LevelGraph<'a> {
    pub(crate) fn new(f: &'a SwissField, level: Level, active: Vec<bool>) -> Self {
        let c = f.classes.len();
        let mut compat = vec![NEVER; c * c];
        for x in 0..c {
            for y in 0..c {
                let (mut lo, mut hi) = (f.classes[x], f.classes[y]);
                lo.tpn = 1;
                hi.tpn = 2;
                let p1 = colours_pass(&lo, &hi, &level);
                lo.tpn = 2;
                hi.tpn = 1;
                let p2 = colours_pass(&lo, &hi, &level);
                compat[x * c + y] = match (p1, p2) {
                    (true, true) => ALWAYS,
                    (false, false) => NEVER,
                    (true, false) => IF_LOWER_TPN,
                    (false, true) => IF_HIGHER_TPN,
                };
            }
        }
        let reach = f
            .groups
            .iter()
            .map(|g| {
                let within =
                    |h: &super::field::ScoreGroup| level.within_score_limit(g.points, h.points);
                let lo = f.groups.iter().position(within).unwrap();
                let hi = f.groups.iter().rposition(within).unwrap() + 1;
                (lo, hi)
            })
            .collect();
        let bucket_end = f.bucket_range.iter().map(|&(_, e, _)| e).collect();
        LevelGraph {
            f,
            level,
            active,
            compat,
            nclasses: c,
            reach,
            order: f.order.clone(),
            position: f.position.clone(),
            bucket_end,
        }
    }

    /// The score groups (a range) whose players may be paired with group `g`'s at this level.
    pub(crate) fn reach_of(&self, g: usize) -> (usize, usize) {
        self.reach[g]
    }

    /// Whether players of bucket `b` may ever be allowed opponents of `u` at this level (by
    /// colour classes; points, rematches and TPN ties are for [`Self::allowed`]).
    pub(crate) fn may_meet_bucket(&self, u: usize, b: usize) -> bool {
        self.compat[self.f.class[u] as usize * self.nclasses + self.f.bucket_range[b].2 as usize]
            != NEVER
    }

    fn compat_of(&self, u: usize, w: usize) -> u8 {
        self.compat[self.f.class[u] as usize * self.nclasses + self.f.class[w] as usize]
    }

    /// Takes `v` out of the graph for good (paired by the greedy, or the bye receiver), and
    /// out of its bucket, so that later searches do not step over it again.
    pub(crate) fn retire(&mut self, v: usize) {
        self.active[v] = false;
        let b = self.f.bucket_of[v] as usize;
        let pos = self.position[v] as usize;
        let last = self.bucket_end[b] as usize - 1;
        if pos <= last {
            let w = self.order[last] as usize;
            self.order.swap(pos, last);
            self.position[w] = pos as u32;
            self.position[v] = last as u32;
            self.bucket_end[b] -= 1;
        }
    }

    /// {u, w} may be paired at this level (the four tests of §8.3; the colour test through the
    /// precomputed class compatibility).
    pub(crate) fn allowed(&self, u: usize, w: usize) -> bool {
        let f = self.f;
        u != w
            && self.level.within_score_limit(f.points[u], f.points[w])
            && match self.compat_of(u, w) {
                NEVER => false,
                ALWAYS => true,
                // Players of one class differ only in TPN, and §8.2 reads the TPN numbers only
                // as which is higher: the two cases `new` worked out (equal numbers, which a
                // field does not have, are asked of the rule itself).
                depends => {
                    let pass = match f.side[u].tpn.cmp(&f.side[w].tpn) {
                        std::cmp::Ordering::Less => depends == IF_LOWER_TPN,
                        std::cmp::Ordering::Greater => depends == IF_HIGHER_TPN,
                        std::cmp::Ordering::Equal => {
                            colours_pass(&f.side[u], &f.side[w], &self.level)
                        }
                    };
                    debug_assert_eq!(pass, colours_pass(&f.side[u], &f.side[w], &self.level));
                    pass
                }
            }
            && (self.level.rematches || !f.met[u].contains(&(w as u32)))
    }

    /// Active players per bucket (of `f.bucket_range`).
    pub(crate) fn bucket_sizes(&self) -> Vec<u32> {
        let mut size = vec![0u32; self.f.bucket_range.len()];
        for v in 0..self.f.len() {
            if self.active[v] {
                size[self.f.bucket_of[v] as usize] += 1;
            }
        }
        size
    }

    /// The buckets (of `f.bucket_range`) whose players may be allowed opponents of the players
    /// of bucket `b` at this level, ignoring rematches and TPN ties: the bucket graph of
    /// [`super::quotient`].
    pub(crate) fn compatible_buckets(&self, b: usize) -> Vec<u32> {
        let f = self.f;
        let (s, _, c) = f.bucket_range[b];
        let g = f.group_of[f.order[s as usize] as usize] as usize;
        let (lo, hi) = self.reach[g];
        let cu = c as usize * self.nclasses;
        (lo..hi)
            .flat_map(|h| f.group_buckets[h].iter().copied())
            .filter(|&x| self.compat[cu + f.bucket_range[x as usize].2 as usize] != NEVER)
            .collect()
    }

    /// Greedy maximal matching as a start for the augmenting-path searches. The more it looks
    /// like the pairing the greedy of §8.4 will make, the shorter the paths that repair it:
    /// the most constrained buckets (fewest possible opponents) pick first, each player takes
    /// the *last* free allowed player of its own score group (top against bottom, as the
    /// greedy pairs), then of the lower groups, then of the higher ones. Taking the first
    /// free player instead would leave the greedy's early players matched to players who need
    /// one colour, and each of its repairs would search thousands of players.
    pub(crate) fn greedy_init(&self, m: &mut Matcher) {
        let f = self.f;
        let nb = f.bucket_range.len();
        let size = self.bucket_sizes();
        let degree: Vec<u32> = (0..nb)
            .map(|b| self.compatible_buckets(b).iter().map(|&x| size[x as usize]).sum())
            .collect();
        let mut by_degree: Vec<usize> = (0..nb).collect();
        by_degree.sort_by_key(|&b| (degree[b], b));
        // Per bucket, the end of the positions that may still hold a free active player.
        let mut cursor: Vec<usize> = f.bucket_range.iter().map(|&(_, e, _)| e as usize).collect();
        for b in by_degree {
            let (s, e, _) = f.bucket_range[b];
            for pos in s as usize..e as usize {
                let u = f.order[pos] as usize;
                if !self.active[u] || !m.is_free(u) {
                    continue;
                }
                let g = f.group_of[u] as usize;
                let (lo, hi) = self.reach[g];
                let cu = f.class[u] as usize * self.nclasses;
                'groups: for h in (g..hi).chain((lo..g).rev()) {
                    for &x in &f.group_buckets[h] {
                        let x = x as usize;
                        let (xs, _, c) = f.bucket_range[x];
                        if self.compat[cu + c as usize] == NEVER {
                            continue;
                        }
                        let cur = &mut cursor[x];
                        while *cur > xs as usize && {
                            let w = f.order[*cur - 1] as usize;
                            !self.active[w] || !m.is_free(w)
                        } {
                            *cur -= 1;
                        }
                        for &w in f.order[xs as usize..*cur].iter().rev() {
                            let w = w as usize;
                            if w != u && self.active[w] && m.is_free(w) && self.allowed(u, w) {
                                m.pair(u, w);
                                break 'groups;
                            }
                        }
                    }
                }
            }
        }
    }

    /// Connected components of the active vertices; returns the sizes of the odd ones
    /// (with one member each), a cheap proof of infeasibility.
    pub(crate) fn odd_components(&self) -> Vec<(usize, usize)> {
        let f = self.f;
        let n = f.len();
        let mut seen = vec![false; n];
        // Per bucket, skip pointers over visited positions (path-compressed).
        let mut next: Vec<Vec<Vec<u32>>> = f
            .buckets
            .iter()
            .map(|b| b.iter().map(|(_, l)| (0..=l.len() as u32).collect()).collect())
            .collect();
        fn find(next: &mut [u32], mut x: usize) -> usize {
            let mut root = x;
            while next[root] as usize != root {
                root = next[root] as usize;
            }
            while next[x] as usize != root {
                let nx = next[x] as usize;
                next[x] = root as u32;
                x = nx;
            }
            root
        }
        // Per score group, its buckets with a position not yet visited, in order: a bucket
        // all visited is dropped, so that each later vertex does not step over it again.
        let mut open: Vec<Vec<u32>> =
            f.buckets.iter().map(|b| (0..b.len() as u32).collect()).collect();
        let mut odd = Vec::new();
        let mut stack = Vec::new();
        for s in 0..n {
            if !self.active[s] || seen[s] {
                continue;
            }
            seen[s] = true;
            stack.push(s);
            let mut size = 0;
            while let Some(u) = stack.pop() {
                size += 1;
                let (lo, hi) = self.reach[f.group_of[u] as usize];
                for g in lo..hi {
                    let mut k = 0;
                    while k < open[g].len() {
                        let bi = open[g][k] as usize;
                        let (c, list) = &f.buckets[g][bi];
                        if self.compat[f.class[u] as usize * self.nclasses + *c as usize] == NEVER {
                            k += 1;
                            continue;
                        }
                        let nx = &mut next[g][bi];
                        let mut pos = find(nx, 0);
                        while pos < list.len() {
                            let w = list[pos] as usize;
                            if !self.active[w] || seen[w] {
                                nx[pos] = pos as u32 + 1;
                            } else if self.allowed(u, w) {
                                seen[w] = true;
                                nx[pos] = pos as u32 + 1;
                                stack.push(w);
                            }
                            pos = find(nx, pos + 1);
                        }
                        if find(nx, 0) >= list.len() {
                            open[g].remove(k);
                        } else {
                            k += 1;
                        }
                    }
                }
            }
            if size % 2 == 1 {
                odd.push((size, s));
            }
        }
        odd
    }
}

impl Graph for LevelGraph<'_> {
    fn active(&self, u: usize) -> bool {
        self.active[u]
    }
    fn adjacent(&self, u: usize, w: usize) -> bool {
        self.active[u] && self.active[w] && self.allowed(u, w)
    }
    fn order(&self) -> &[u32] {
        &self.order
    }
    fn bucket_count(&self) -> usize {
        self.f.bucket_range.len()
    }
    fn bucket_of(&self, v: usize) -> usize {
        self.f.bucket_of[v] as usize
    }
    fn candidate_buckets(&self, u: usize, f: &mut dyn FnMut(usize, usize, usize)) {
        let fld = self.f;
        let (lo, hi) = self.reach[fld.group_of[u] as usize];
        let cu = fld.class[u] as usize * self.nclasses;
        for g in lo..hi {
            for &b in &fld.group_buckets[g] {
                let (s, _, c) = fld.bucket_range[b as usize];
                let e = self.bucket_end[b as usize];
                if e > s && self.compat[cu + c as usize] != NEVER {
                    f(b as usize, s as usize, e as usize);
                }
            }
        }
    }
}

/// Why a level was impossible (for `--explain`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Infeasible {
    /// A connected component of the allowed-pairs graph has an odd number of players.
    OddComponent { size: usize, first: usize },
    /// A maximum matching leaves players unpaired (found by the blossom search).
    NoPerfectMatching,
}

/// Counters kept across the ladder.
#[derive(Default)]
pub(crate) struct Tally {
    pub levels_tried: u64,
    pub matching_calls: u64,
    pub augmenting_paths: u64,
    pub nodes_visited: u64,
}

impl Tally {
    fn absorb(&mut self, m: &Matcher) {
        self.augmenting_paths += m.counters.augmenting_paths;
        self.nodes_visited += m.counters.nodes_visited;
    }
}

/// Maximum matching of the active vertices; `Ok` when it is perfect.
pub(crate) fn perfect_matching(g: &LevelGraph, tally: &mut Tally) -> Result<Matcher, Infeasible> {
    tally.levels_tried += 1;
    if let Some(&(size, first)) = g.odd_components().first() {
        return Err(Infeasible::OddComponent { size, first });
    }
    tally.matching_calls += 1;
    let mut m = Matcher::new(g.f.len());
    g.greedy_init(&mut m);
    let stuck = augment_free(g, &mut m, 0);
    tally.absorb(&m);
    match stuck {
        None => Ok(m),
        Some(_) => Err(Infeasible::NoPerfectMatching),
    }
}

/// Augments the matching from every free active vertex in turn, with the other free
/// vertices (one per bucket) as look-ahead hints. Up to `allowed` vertices may stay free;
/// returns the first vertex beyond that from which no augmenting path exists, if any.
fn augment_free(g: &LevelGraph, m: &mut Matcher, allowed: usize) -> Option<usize> {
    let f = g.f;
    // Free vertices per bucket, highest position last (popped first).
    let mut free: Vec<Vec<u32>> = vec![Vec::new(); f.bucket_range.len()];
    for u in (0..f.len()).rev() {
        if g.active[u] && m.is_free(u) {
            free[f.bucket_of[u] as usize].push(u as u32);
        }
    }
    let mut left = allowed;
    let mut hints: Vec<u32> = Vec::new();
    for u in 0..f.len() {
        if !g.active[u] || !m.is_free(u) {
            continue;
        }
        hints.clear();
        for list in free.iter_mut() {
            while list.last().is_some_and(|&w| !m.is_free(w as usize) || w as usize <= u) {
                list.pop();
            }
            if let Some(&w) = list.last() {
                hints.push(w);
            }
        }
        if !m.augment_towards(g, u, &hints) {
            if left == 0 {
                return Some(u);
            }
            left -= 1;
        }
    }
    None
}

/// Vertices `v` such that the active vertices less `v` have a perfect matching
/// (Gallai-Edmonds: those missed by some maximum matching), when the active count is odd.
pub(crate) fn bye_candidates(g: &LevelGraph, tally: &mut Tally) -> Vec<bool> {
    let n = g.f.len();
    let mut ok = vec![false; n];
    tally.levels_tried += 1;
    let odd = g.odd_components();
    if odd.len() != 1 {
        return ok;
    }
    tally.matching_calls += 1;
    let mut m = Matcher::new(n);
    g.greedy_init(&mut m);
    if augment_free(g, &mut m, 1).is_some() {
        tally.absorb(&m);
        return ok;
    }
    let free = (0..n).find(|&u| g.active[u] && m.is_free(u)).unwrap_or(NONE as usize);
    // One free vertex: a last (failing) search from it labels exactly D(G) as outer.
    if free != NONE as usize {
        m.label_outer(g, free);
        for v in m.outer_vertices() {
            ok[v] = true;
        }
    }
    tally.absorb(&m);
    ok
}

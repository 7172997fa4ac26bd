//! A solved matching with its dual solution ([`Solution`]): the slack of any edge, including
//! the edges the solver did not see, from the vertex duals and the duals of the blossoms
//! around both ends (the sparse matching's certificate).
//!
//! The blossoms are kept as a forest (each one's parent, and the sum of the duals from its
//! outermost blossom down to it), not as a chain per vertex: on the doubled graphs of the
//! order check's stages blossoms nest some 2,000 deep (round 2 of a 4,000-player event), and
//! a chain per vertex then costs some 300 MB per solve to write. The innermost blossom
//! holding both ends of an edge is a lowest common ancestor, read off an Euler tour of the
//! forest with a table of range minima (constant time per edge).

use super::weight::Weight;

/// No blossom.
pub(super) const NONE: u32 = u32::MAX;

/// A solved matching with its dual solution (vertex duals, then blossom duals, and the
/// blossom forest), for the slack of edges the solver did not see.
pub(super) struct Solution<W> {
    pub(super) mates: Vec<Option<usize>>,
    pub(super) dualvar: Vec<W>,
    pub(super) n: usize,
    /// Per vertex, the innermost blossom holding it (`NONE`: none).
    leaf: Vec<u32>,
    /// Per blossom: the outermost blossom around it (itself when outermost) ...
    root: Vec<u32>,
    /// ... and the sum of the duals of the blossoms from that one down to it, itself included.
    sum: Vec<W>,
    /// The innermost common blossom of two blossoms of one tree.
    common: CommonBlossom,
}

impl<W: Weight> Solution<W> {
    /// The solution of `mates` and `dualvar` with blossoms (numbered `0..`) given by, per
    /// vertex, its innermost blossom (`leaf`) and, per blossom, the one just around it
    /// (`parent`; `NONE` when outermost) and its dual. A blossom number no vertex lies in
    /// (a free slot) is harmless.
    pub(super) fn new(
        mates: Vec<Option<usize>>,
        dualvar: Vec<W>,
        leaf: Vec<u32>,
        parent: &[u32],
        dual: &[W],
    ) -> Self {
        let n = mates.len();
        let count = parent.len();
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); count];
        for (b, &p) in parent.iter().enumerate() {
            if p != NONE {
                children[p as usize].push(b as u32);
            }
        }
        let mut root = vec![NONE; count];
        let mut sum = vec![W::zero(); count];
        let mut depth = vec![0u32; count];
        // Euler tour, parents before children (an explicit stack: the nesting is deep).
        let mut first = vec![0u32; count];
        let mut last = vec![0u32; count];
        let mut tour: Vec<u32> = Vec::with_capacity(2 * count);
        let mut stack: Vec<(u32, usize)> = Vec::new();
        for top in 0..count {
            if parent[top] != NONE {
                continue;
            }
            root[top] = top as u32;
            sum[top] = dual[top];
            stack.push((top as u32, 0));
            while let Some(&mut (b, ref mut next)) = stack.last_mut() {
                let b = b as usize;
                if *next == 0 {
                    first[b] = tour.len() as u32;
                }
                tour.push(b as u32);
                if let Some(&c) = children[b].get(*next) {
                    *next += 1;
                    let c = c as usize;
                    root[c] = root[b];
                    sum[c] = sum[b].plus(dual[c]);
                    depth[c] = depth[b] + 1;
                    stack.push((c as u32, 0));
                } else {
                    last[b] = tour.len() as u32 - 1;
                    stack.pop();
                }
            }
        }
        let common = CommonBlossom::new(tour, first, last, depth);
        Solution { mates, dualvar, n, leaf, root, sum, common }
    }

    /// The solution of `mates` and `dualvar` without blossoms.
    pub(super) fn without_blossoms(mates: Vec<Option<usize>>, dualvar: Vec<W>) -> Self {
        let n = mates.len();
        Self::new(mates, dualvar, vec![NONE; n], &[], &[])
    }

    /// Vertex `v`'s outermost blossom (`None`: it is in none).
    #[inline]
    pub(super) fn outer(&self, v: usize) -> Option<u32> {
        match self.leaf.get(v) {
            Some(&b) if b != NONE => Some(self.root[b as usize]),
            _ => None,
        }
    }

    /// The dual of vertex `v`'s outermost blossom (`None`: it is in none).
    #[inline]
    pub(super) fn outer_dual(&self, v: usize) -> Option<W> {
        self.outer(v).map(|b| self.sum[b as usize])
    }

    /// Vertex `v`'s dual plus the duals of the blossoms around it (0 for a vertex beyond
    /// this solution's): with every blossom dual moved so, every edge keeps a slack at least
    /// as large as before.
    pub(super) fn absorbed_dual(&self, v: usize) -> W {
        if v >= self.n {
            return W::zero();
        }
        match self.leaf[v] {
            NONE => self.dualvar[v],
            b => self.dualvar[v].plus(self.sum[b as usize]),
        }
    }

    /// Vertex `v`'s innermost blossom as its span on the Euler tour of the forest (first and
    /// last visit), with its outermost blossom (`None`: it is in none). One blossom holds
    /// another when its span holds the other's first visit; then the blossoms holding both
    /// ends of an edge are those around the holding end's innermost blossom.
    #[inline]
    pub(super) fn span(&self, v: usize) -> Option<(u32, u32, u32)> {
        match self.leaf.get(v) {
            Some(&b) if b != NONE => {
                let b = b as usize;
                Some((self.common.first[b], self.common.last[b], self.root[b]))
            }
            _ => None,
        }
    }

    /// The innermost blossom holding both `i` and `j` (`None`: none does).
    #[inline]
    fn common_blossom(&self, i: usize, j: usize) -> Option<usize> {
        let (a, b) = (self.leaf[i], self.leaf[j]);
        if a == NONE || b == NONE || self.root[a as usize] != self.root[b as usize] {
            return None;
        }
        Some(self.common.of(a, b) as usize)
    }

    /// `y_i + y_j - 2w + 2 Σ z_B` over the blossoms B that hold both ends.
    pub(super) fn slack(&self, (i, j, w): (usize, usize, W)) -> W {
        self.slack_doubled((i, j, w.plus(w)))
    }

    /// [`Solution::slack`] of an edge given its doubled weight `dw = 2w`.
    #[inline]
    pub(super) fn slack_doubled(&self, (i, j, dw): (usize, usize, W)) -> W {
        let s = self.dualvar[i].plus(self.dualvar[j]).minus(dw);
        match self.common_blossom(i, j) {
            None => s,
            Some(b) => {
                let z = self.sum[b];
                s.plus(z).plus(z)
            }
        }
    }
}

/// Lowest common ancestors in a forest: the shallowest node between two nodes' first visits
/// on an Euler tour, found with a sparse table of range minima (level `k` holds, per start,
/// the shallowest node of the `2^k` tour entries from there). When one node holds the other
/// (its tour span, first to last visit, holds the other's first visit) it is their common
/// ancestor without the table: on the order check's doubled graphs blossoms nest in long
/// chains, where most pairs are so.
struct CommonBlossom {
    first: Vec<u32>,
    last: Vec<u32>,
    depth: Vec<u32>,
    levels: Vec<Vec<u32>>,
}

impl CommonBlossom {
    fn new(tour: Vec<u32>, first: Vec<u32>, last: Vec<u32>, depth: Vec<u32>) -> Self {
        let mut levels = vec![tour];
        let mut span = 1;
        while 2 * span <= levels[0].len() {
            let below = levels.last().expect("level 0");
            let next: Vec<u32> = (0..below.len() - span)
                .map(|s| {
                    let (x, y) = (below[s], below[s + span]);
                    if depth[y as usize] < depth[x as usize] { y } else { x }
                })
                .collect();
            levels.push(next);
            span *= 2;
        }
        CommonBlossom { first, last, depth, levels }
    }

    /// The lowest common ancestor of `a` and `b` (of one tree).
    #[inline]
    fn of(&self, a: u32, b: u32) -> u32 {
        let (fa, fb) = (self.first[a as usize] as usize, self.first[b as usize] as usize);
        let (lo, hi) = (fa.min(fb), fa.max(fb));
        let (outer, inner) = if fa <= fb { (a, b) } else { (b, a) };
        if self.last[outer as usize] >= self.first[inner as usize] {
            return outer;
        }
        let k = (usize::BITS - 1 - (hi - lo + 1).leading_zeros()) as usize;
        let level = &self.levels[k];
        let (x, y) = (level[lo], level[hi + 1 - (1 << k)]);
        if self.depth[y as usize] < self.depth[x as usize] { y } else { x }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The innermost common blossom and the slack, from each blossom's chain of parents
    /// (the obvious way), on random forests nested up to 300 deep in the order the solver
    /// numbers them (a blossom's parent may have any number).
    #[test]
    fn the_lca_table_finds_the_innermost_common_blossom() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        for case in 0..60 {
            let count = 1 + next(300) as usize;
            // A random forest: chains (deep nesting) with side branches, numbered at random.
            let order: Vec<usize> = {
                let mut o: Vec<usize> = (0..count).collect();
                for i in (1..count).rev() {
                    o.swap(i, next(i as u64 + 1) as usize);
                }
                o
            };
            let mut parent = vec![NONE; count];
            for k in 1..count {
                if next(10) > 0 {
                    let p = if case % 2 == 0 { k - 1 } else { next(k as u64) as usize };
                    parent[order[k]] = order[p] as u32;
                }
            }
            let dual: Vec<i128> = (0..count).map(|_| next(1000) as i128).collect();
            let n = 40;
            let leaf: Vec<u32> = (0..n)
                .map(|_| if next(5) == 0 { NONE } else { next(count as u64) as u32 })
                .collect();
            let y: Vec<i128> = (0..n).map(|_| next(1000) as i128 - 500).collect();
            let sol = Solution::new(vec![None; n], y.clone(), leaf.clone(), &parent, &dual);
            let chain = |v: usize| {
                let mut c = Vec::new();
                let mut b = leaf[v];
                while b != NONE {
                    c.push(b as usize);
                    b = parent[b as usize];
                }
                c.reverse();
                c
            };
            for i in 0..n {
                for j in 0..n {
                    let (ci, cj) = (chain(i), chain(j));
                    let common: Vec<usize> =
                        ci.iter().zip(&cj).take_while(|(a, b)| a == b).map(|(a, _)| *a).collect();
                    assert_eq!(sol.common_blossom(i, j), common.last().copied(), "case {case}");
                    let z: i128 = common.iter().map(|&b| dual[b]).sum();
                    assert_eq!(sol.slack((i, j, 7)), y[i] + y[j] - 14 + 2 * z, "case {case}");
                }
            }
        }
    }
}

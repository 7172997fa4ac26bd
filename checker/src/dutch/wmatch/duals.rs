//! A solved matching with its dual solution ([`Solution`]): the slack of any edge, including
//! the edges the solver did not see, from the vertex duals and the duals of the blossoms
//! around both ends (the sparse matching's certificate).

use super::weight::Weight;

/// A solved matching with its dual solution (vertex duals, then blossom duals, and the
/// blossom tree), for the slack of edges the solver did not see.
pub(super) struct Solution<W> {
    pub(super) mates: Vec<Option<usize>>,
    pub(super) dualvar: Vec<W>,
    /// Per vertex, the blossoms around it (outermost first; ids only, so that the search
    /// for the common ones reads few cache lines) ...
    pub(super) ancestors: Vec<Vec<u32>>,
    /// ... and the sums of their duals from the outermost down to each.
    pub(super) sums: Vec<Vec<W>>,
    pub(super) n: usize,
}

impl<W: Weight> Solution<W> {
    /// Vertex `v`'s dual plus the duals of the blossoms around it (0 for a vertex beyond
    /// this solution's): with every blossom dual moved so, every edge keeps a slack at least
    /// as large as before.
    pub(super) fn absorbed_dual(&self, v: usize) -> W {
        if v >= self.n {
            return W::zero();
        }
        match self.sums[v].last() {
            Some(&z) => self.dualvar[v].plus(z),
            None => self.dualvar[v],
        }
    }

    /// How many blossoms hold both `i` and `j` (their chains' common prefix).
    #[inline]
    pub(super) fn common_depth(&self, i: usize, j: usize) -> usize {
        let (ai, aj) = (&self.ancestors[i], &self.ancestors[j]);
        match (ai.first(), aj.first()) {
            (Some(a), Some(b)) if a == b => {}
            _ => return 0,
        }
        // The blossoms are nested: the common ones are a prefix (binary search on it).
        let (mut common, mut hi) = (1, ai.len().min(aj.len()));
        while common < hi {
            let mid = (common + hi).div_ceil(2);
            if ai[mid - 1] == aj[mid - 1] {
                common = mid;
            } else {
                hi = mid - 1;
            }
        }
        common
    }

    /// `y_i + y_j - 2w + 2 Σ z_B` over the blossoms B that hold both ends.
    pub(super) fn slack(&self, (i, j, w): (usize, usize, W)) -> W {
        let s = self.dualvar[i].plus(self.dualvar[j]).minus(w.plus(w));
        match self.common_depth(i, j) {
            0 => s,
            c => {
                let z = self.sums[i][c - 1];
                s.plus(z).plus(z)
            }
        }
    }
}

//! The open S2 players of a Dutch step-4 group in buckets ([`Weights::towards_key`]): a
//! changed S1 player's edges to a whole bucket are passed over when a bound on their
//! weights ([`Weights::towards_bound`]) is covered by its dual and the bucket's least dual.

use super::*;

/// Members per block of a bucket: each block has its least dual and its own bound.
const BLOCK: usize = 32;

/// The vertices of `towards` by bucket, each bucket ascending, with the least dual of each
/// block of [`BLOCK`] members.
pub(super) struct Buckets<const NW: usize> {
    members: Vec<Vec<usize>>,
    least: Vec<Vec<Weight<NW>>>,
}

impl<const NW: usize, W: Weights<NW>> Matcher<NW, W> {
    /// The alive vertices of `towards` by bucket (one pass, no weight read), or `None`
    /// when the weight source has no buckets.
    pub(super) fn towards_buckets(&self) -> Option<Buckets<NW>> {
        if self.towards.is_empty() {
            return None;
        }
        let mut at = std::collections::HashMap::new();
        let mut members: Vec<Vec<usize>> = Vec::new();
        // (Neighbours mostly share a bucket: the last one is tried before the map.)
        let mut last = (u32::MAX, 0);
        for &u in &self.towards {
            if !self.alive[u] {
                continue;
            }
            let key = self.w.towards_key(u)?;
            if key != last.0 {
                let i = *at.entry(key).or_insert_with(|| {
                    members.push(Vec::new());
                    members.len() - 1
                });
                last = (key, i);
            }
            members[last.1].push(u);
        }
        let mut least = Vec::with_capacity(members.len());
        for ms in &mut members {
            ms.sort_unstable();
            let block_least =
                |b: &[usize]| b.iter().map(|&u| self.dualvar[u]).min().unwrap_or(Weight::ZERO);
            least.push(ms.chunks(BLOCK).map(block_least).collect());
        }
        Some(Buckets { members, least })
    }

    /// Calls `f` for each vertex of `towards` whose edge to `v` may be uncovered under
    /// `v`'s dual `yv` (every other edge from `v` to `towards` is covered): in each
    /// bucket, the members before `v` and those of `v`'s block one by one, each later
    /// block only when the bound at its first member exceeds `yv` plus the block's least
    /// dual. (The duals only rise while the buckets are in use: the least stays a bound.)
    fn towards_maybe_uncovered(
        &self,
        v: usize,
        yv: &Weight<NW>,
        b: &Buckets<NW>,
        mut f: impl FnMut(usize),
    ) {
        for (ms, least) in b.members.iter().zip(&b.least) {
            let p = ms.partition_point(|&u| u < v);
            let from = (p / BLOCK + 1) * BLOCK;
            ms[..from.min(ms.len())].iter().filter(|&&u| u != v).for_each(|&u| f(u));
            for (bi, block) in ms.chunks(BLOCK).enumerate().skip(from / BLOCK) {
                let bound = self.w.towards_bound(v, block[0]);
                if yv.add(&least[bi]) >= bound {
                    debug_assert!(
                        block.iter().all(|&u| yv.add(&self.dualvar[u]) >= self.w.w2(v, u)),
                        "towards_bound below an edge's weight"
                    );
                    continue;
                }
                block.iter().for_each(|&u| f(u));
            }
        }
    }

    /// Calls `f` for each vertex whose changed edge to `v` may be uncovered under `v`'s
    /// dual `yv`: through `buckets` for a vertex touched towards some, else its whole
    /// changed row ([`Matcher::changed_edges_of`]).
    pub(super) fn changed_maybe_uncovered(
        &self,
        v: usize,
        yv: &Weight<NW>,
        buckets: Option<&Buckets<NW>>,
        f: impl FnMut(usize),
    ) {
        match buckets {
            Some(b) if self.towards_only[v] => self.towards_maybe_uncovered(v, yv, b, f),
            _ => self.changed_edges_of(v).for_each(f),
        }
    }
}

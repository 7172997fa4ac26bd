//! The general matching ([`crate::matching`]) on small explicit graphs: against exhaustive
//! search, and the greedy's bucket-graph repair against the full search.
use crate::matching::Graph;

mod bucket_chain;
mod exhaustive;

/// Vertices in `k` contiguous buckets of (about) equal size; edges only between the same or
/// neighbouring buckets, like score groups at D = ½.
#[derive(Debug, Clone)]
pub(super) struct Banded {
    pub(super) n: usize,
    k: usize,
    bucket: Vec<usize>,
    pub(super) adj: Vec<Vec<bool>>,
    order: Vec<u32>,
    start: Vec<usize>,
}

impl Banded {
    pub(super) fn new(bucket: Vec<usize>, k: usize) -> Self {
        let n = bucket.len();
        assert!(bucket.windows(2).all(|w| w[0] <= w[1]), "buckets are contiguous");
        let start = (0..=k).map(|b| bucket.partition_point(|&x| x < b)).collect();
        Banded { n, k, bucket, adj: vec![vec![false; n]; n], order: (0..n as u32).collect(), start }
    }
    /// Two buckets, the first ⌈n/2⌉ vertices and the rest, every pair within the band:
    /// a general graph whose search still meets several buckets.
    pub(super) fn halves(adj: Vec<Vec<bool>>) -> Self {
        let n = adj.len();
        let mut g = Banded::new((0..n).map(|v| usize::from(v >= n.div_ceil(2))).collect(), 2);
        g.adj = adj;
        g
    }
    pub(super) fn edge(&mut self, u: usize, w: usize) {
        assert!(self.bucket[u].abs_diff(self.bucket[w]) <= 1, "edge outside the band");
        self.adj[u][w] = true;
        self.adj[w][u] = true;
    }
    pub(super) fn bucket_graph(&self) -> Vec<Vec<u32>> {
        (0..self.k)
            .map(|b| (b.saturating_sub(1)..(b + 2).min(self.k)).map(|x| x as u32).collect())
            .collect()
    }
    pub(super) fn bucket_of_all(&self) -> Vec<u32> {
        self.bucket.iter().map(|&b| b as u32).collect()
    }
}

impl Graph for Banded {
    fn active(&self, _: usize) -> bool {
        true
    }
    fn adjacent(&self, u: usize, w: usize) -> bool {
        self.adj[u][w]
    }
    fn order(&self) -> &[u32] {
        &self.order
    }
    fn bucket_count(&self) -> usize {
        self.k
    }
    fn bucket_of(&self, v: usize) -> usize {
        self.bucket[v]
    }
    fn candidate_buckets(&self, u: usize, f: &mut dyn FnMut(usize, usize, usize)) {
        let b = self.bucket[u];
        for x in b.saturating_sub(1)..(b + 2).min(self.k) {
            f(x, self.start[x], self.start[x + 1]);
        }
    }
}

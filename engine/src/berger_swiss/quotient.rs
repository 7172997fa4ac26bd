//! A counting filter for the greedy of §8.4: "can the rest still be paired?" asked of the
//! buckets (score group × colour class) instead of the players.
//!
//! Players of one bucket are interchangeable for the level's colour and score tests, so the
//! allowed-pairs graph is, up to rematches and TPN-dependent colour ties, a blow-up of a
//! small bucket graph. Any complete pairing of the players gives a flow that sends, for every
//! bucket, its number of unpaired players from the bucket's left copy to the right copies of
//! the partners' buckets (both directions of every pair). So when no such flow exists (the
//! bucket graph fails Hall's condition, e.g. more players who need Black than players who
//! can take White within the score limit), no complete pairing exists either.
//!
//! The filter is only ever used to *reject*: a candidate it accepts is still verified on the
//! real graph by an augmenting path, and the answer of the greedy does not depend on it. It
//! answers in time proportional to the bucket graph, where a failing search on the real
//! graph costs time proportional to the players it can reach. That is the difference between
//! seconds and minutes on rounds where most players' first candidate leaves no pairable rest.

use super::level_graph::LevelGraph;
use crate::matching::{Matcher, NONE};

/// One edge of the bucket graph, from a left copy to a right copy, with its flow.
struct Edge {
    to: u32,
    flow: u32,
}

pub(crate) struct Quotient {
    count: Vec<u32>,
    /// Edges from the left copy of each bucket.
    adj: Vec<Vec<Edge>>,
    /// `edge_at[a * nb + b]`: index in `adj[a]` of the edge to right copy b (`NONE` if none).
    edge_at: Vec<u32>,
    /// For each right copy: (left bucket, edge index) of the edges into it.
    radj: Vec<Vec<(u32, u32)>>,
    /// Flow out of each left copy and into each right copy; their sums.
    out: Vec<u32>,
    inn: Vec<u32>,
    total_count: u32,
    total_flow: u32,
    /// Flow changes of the pending tentative removal: (left bucket, edge, +1/-1).
    log: Vec<(u32, u32, i32)>,
    /// The two buckets of the pending removal.
    pending: Option<(usize, usize)>,
    // BFS scratch: node 0..nb = left copies, nb..2nb = right copies.
    seen: Vec<u32>,
    via: Vec<(u32, u32)>,
    stamp: u32,
    queue: Vec<u32>,
    /// Bucket-graph nodes visited by the filter (for the statistics).
    pub visited: u64,
}

impl Quotient {
    /// The bucket graph of `g`'s active vertices, with the flow of the perfect matching `m`.
    pub(crate) fn new(g: &LevelGraph, m: &Matcher) -> Self {
        let f = g.f;
        let nb = f.bucket_range.len();
        let count = g.bucket_sizes();
        let mut adj: Vec<Vec<Edge>> = (0..nb)
            .map(|b| g.compatible_buckets(b).into_iter().map(|to| Edge { to, flow: 0 }).collect())
            .collect();
        let mut radj = vec![Vec::new(); nb];
        for (b, edges) in adj.iter().enumerate() {
            for (k, e) in edges.iter().enumerate() {
                radj[e.to as usize].push((b as u32, k as u32));
            }
        }
        let mut edge_at = vec![NONE; nb * nb];
        for (b, edges) in adj.iter().enumerate() {
            for (k, e) in edges.iter().enumerate() {
                edge_at[b * nb + e.to as usize] = k as u32;
            }
        }
        let mut out = vec![0u32; nb];
        let mut inn = vec![0u32; nb];
        for v in 0..f.len() {
            let w = m.mate[v];
            if !g.active[v] || w == NONE {
                continue;
            }
            let (a, b) = (f.bucket_of[v] as usize, f.bucket_of[w as usize]);
            let k = edge_at[a * nb + b as usize];
            assert!(k != NONE, "a matched pair is an edge of the bucket graph");
            let k = k as usize;
            adj[a][k].flow += 1;
            out[a] += 1;
            inn[b as usize] += 1;
        }
        Quotient {
            total_count: count.iter().sum(),
            total_flow: out.iter().sum(),
            count,
            adj,
            edge_at,
            radj,
            out,
            inn,
            log: Vec::new(),
            pending: None,
            seen: vec![0; 2 * nb],
            via: vec![(0, 0); 2 * nb],
            stamp: 0,
            queue: Vec::new(),
            visited: 0,
        }
    }

    fn push(&mut self, b: usize, k: usize, d: i32) {
        let e = &mut self.adj[b][k];
        e.flow = (e.flow as i32 + d) as u32;
        let to = e.to as usize;
        self.out[b] = (self.out[b] as i32 + d) as u32;
        self.inn[to] = (self.inn[to] as i32 + d) as u32;
        self.total_flow = (self.total_flow as i32 + d) as u32;
        self.log.push((b as u32, k as u32, d));
    }

    /// Takes one player of bucket `a` and one of bucket `b` out, tentatively: returns whether
    /// the buckets left over still have a flow. Either way the removal stays pending until
    /// [`Self::commit`] or [`Self::rollback`].
    ///
    /// A "no" stays "no" for the rest of the greedy: with no flow, some set L of left copies
    /// has more players than the right copies of its neighbourhood N(L) (Hall), and every
    /// later committed removal of a pair {c, d} (an edge, so c ∈ L puts d in N(L) and
    /// d ∈ L puts c in N(L)) lowers count(L) by at most what it lowers count(N(L)). So the
    /// caller may remember rejected bucket pairs instead of asking again.
    pub(crate) fn try_remove(&mut self, a: usize, b: usize) -> bool {
        debug_assert!(self.pending.is_none(), "a removal is already pending");
        self.pending = Some((a, b));
        self.total_count -= 2;
        // Usually the flow already sends a unit from a to b and one from b to a (players of a
        // and b paired with each other): taking those two units out leaves a full flow, and
        // the answer is yes without a search. (The answer does not depend on which units are
        // cut: a maximum flow has the same value either way.)
        let nb = self.count.len();
        let (kab, kba) = (self.edge_at[a * nb + b], self.edge_at[b * nb + a]);
        if kab != NONE && kba != NONE {
            let (fab, fba) = (self.adj[a][kab as usize].flow, self.adj[b][kba as usize].flow);
            if (a != b && fab >= 1 && fba >= 1) || (a == b && fab >= 2) {
                self.count[a] -= 1;
                self.count[b] -= 1;
                self.push(a, kab as usize, -1);
                self.push(b, kba as usize, -1);
                return true;
            }
        }
        // Before the removal the flow was full; afterwards only these buckets can have left
        // copies with spare supply.
        let mut sources = [a, b, a, b];
        for (i, x) in [a, b].into_iter().enumerate() {
            self.count[x] -= 1;
            if self.out[x] > self.count[x] {
                let k =
                    self.adj[x].iter().position(|e| e.flow > 0).expect("flow out of a left copy");
                self.push(x, k, -1);
            }
            if self.inn[x] > self.count[x] {
                let &(z, k) = self.radj[x]
                    .iter()
                    .find(|&&(z, k)| self.adj[z as usize][k as usize].flow > 0)
                    .expect("flow into a right copy");
                self.push(z as usize, k as usize, -1);
                sources[2 + i] = z as usize;
            }
        }
        // Each of the four cuts above cost at most one unit of flow, the demand fell by two:
        // at most two units to re-route, one augmenting path each.
        (self.total_flow..self.total_count).all(|_| self.augment(&sources))
    }

    /// One augmenting path from a left copy with spare supply to a right copy with spare
    /// demand, in the residual bucket graph (BFS).
    fn augment(&mut self, sources: &[usize]) -> bool {
        let nb = self.count.len();
        self.stamp += 1;
        self.queue.clear();
        for &b in sources {
            if self.out[b] < self.count[b] && self.seen[b] != self.stamp {
                self.seen[b] = self.stamp;
                self.via[b] = (NONE, NONE);
                self.queue.push(b as u32);
            }
        }
        let mut head = 0;
        while head < self.queue.len() {
            let x = self.queue[head] as usize;
            head += 1;
            self.visited += 1;
            if x < nb {
                for k in 0..self.adj[x].len() {
                    let r = nb + self.adj[x][k].to as usize;
                    if self.seen[r] == self.stamp {
                        continue;
                    }
                    self.seen[r] = self.stamp;
                    self.via[r] = (x as u32, k as u32);
                    if self.inn[r - nb] < self.count[r - nb] {
                        self.apply(r);
                        return true;
                    }
                    self.queue.push(r as u32);
                }
            } else {
                for i in 0..self.radj[x - nb].len() {
                    let (z, k) = self.radj[x - nb][i];
                    if self.seen[z as usize] == self.stamp
                        || self.adj[z as usize][k as usize].flow == 0
                    {
                        continue;
                    }
                    self.seen[z as usize] = self.stamp;
                    self.via[z as usize] = (x as u32, k);
                    self.queue.push(z);
                }
            }
        }
        false
    }

    /// Applies the augmenting path ending at right copy `r`.
    fn apply(&mut self, r: usize) {
        let nb = self.count.len();
        let mut node = r;
        loop {
            if node >= nb {
                let (z, k) = self.via[node];
                self.push(z as usize, k as usize, 1);
                node = z as usize;
            } else {
                let (from, k) = self.via[node];
                if from == NONE {
                    return;
                }
                self.push(node, k as usize, -1);
                node = from as usize;
            }
        }
    }

    /// Keeps the pending removal.
    pub(crate) fn commit(&mut self) {
        self.log.clear();
        self.pending = None;
    }

    /// Undoes the pending removal.
    pub(crate) fn rollback(&mut self) {
        while let Some((b, k, d)) = self.log.pop() {
            let e = &mut self.adj[b as usize][k as usize];
            e.flow = (e.flow as i32 - d) as u32;
            let to = e.to as usize;
            self.out[b as usize] = (self.out[b as usize] as i32 - d) as u32;
            self.inn[to] = (self.inn[to] as i32 - d) as u32;
            self.total_flow = (self.total_flow as i32 - d) as u32;
        }
        if let Some((a, b)) = self.pending.take() {
            self.count[a] += 1;
            self.count[b] += 1;
            self.total_count += 2;
        }
    }
}

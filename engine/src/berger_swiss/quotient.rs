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

/// The bucket graph, its edges numbered left copy by left copy (in the order of
/// `compatible_buckets`), each with its flow. Flat arrays: the flow search reads an edge's
/// flow by its number, one load instead of a list header and an element.
pub(crate) struct Quotient {
    count: Vec<u32>,
    /// Edges from the left copy of bucket b: numbers `start[b]..start[b + 1]`; `to[e]` is
    /// the right copy edge e leads to, `flow[e]` its flow.
    start: Vec<u32>,
    to: Vec<u32>,
    flow: Vec<u32>,
    /// `edge_at[a * nb + b]`: the edge from left copy a to right copy b (`NONE` if none).
    edge_at: Vec<u32>,
    /// For each right copy r, the edges into it that carry flow: (left bucket, edge) at
    /// `rstart[r]..rstart[r] + rlen[r]` of `inflow` (room for every edge into r), in no
    /// particular order; `inflow_at[e]` is edge e's place there (`NONE`: no flow). The
    /// search reads only these: the edges into a right copy are as many as the bucket graph
    /// is wide, most of them without flow.
    rstart: Vec<u32>,
    rlen: Vec<u32>,
    inflow: Vec<(u32, u32)>,
    inflow_at: Vec<u32>,
    /// Flow out of each left copy and into each right copy; their sums.
    out: Vec<u32>,
    inn: Vec<u32>,
    total_count: u32,
    total_flow: u32,
    /// Flow changes of the pending tentative removal: (left bucket, edge, +1/-1).
    log: Vec<(u32, u32, i32)>,
    /// The two buckets of the pending removal.
    pending: Option<(usize, usize)>,
    // BFS scratch: node 0..nb = left copies, nb..2nb = right copies; `via` holds (node
    // before, edge).
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
        let mut start = Vec::with_capacity(nb + 1);
        let mut to = Vec::new();
        start.push(0u32);
        for b in 0..nb {
            to.extend(g.compatible_buckets(b));
            start.push(to.len() as u32);
        }
        let mut edge_at = vec![NONE; nb * nb];
        let mut indegree = vec![0u32; nb + 1];
        for b in 0..nb {
            for e in start[b]..start[b + 1] {
                let r = to[e as usize] as usize;
                edge_at[b * nb + r] = e;
                indegree[r + 1] += 1;
            }
        }
        let mut rstart = indegree;
        for r in 0..nb {
            rstart[r + 1] += rstart[r];
        }
        let n_edges = to.len();
        let mut q = Quotient {
            total_count: count.iter().sum(),
            total_flow: 0,
            count,
            start,
            to,
            flow: vec![0; n_edges],
            edge_at,
            rstart,
            rlen: vec![0; nb],
            inflow: vec![(0, 0); n_edges],
            inflow_at: vec![NONE; n_edges],
            out: vec![0; nb],
            inn: vec![0; nb],
            log: Vec::new(),
            pending: None,
            seen: vec![0; 2 * nb],
            via: vec![(0, 0); 2 * nb],
            stamp: 0,
            queue: Vec::new(),
            visited: 0,
        };
        for v in 0..f.len() {
            let w = m.mate[v];
            if !g.active[v] || w == NONE {
                continue;
            }
            let (a, b) = (f.bucket_of[v] as usize, f.bucket_of[w as usize]);
            let e = q.edge_at[a * nb + b as usize];
            assert!(e != NONE, "a matched pair is an edge of the bucket graph");
            q.add_flow(a, e as usize, 1);
        }
        q
    }

    /// Changes the flow of edge `e` (from left copy `b`) by `d`, keeping the sums and the
    /// lists of edges with flow.
    fn add_flow(&mut self, b: usize, e: usize, d: i32) {
        let old = self.flow[e];
        let new = (old as i32 + d) as u32;
        self.flow[e] = new;
        let to = self.to[e] as usize;
        self.out[b] = (self.out[b] as i32 + d) as u32;
        self.inn[to] = (self.inn[to] as i32 + d) as u32;
        self.total_flow = (self.total_flow as i32 + d) as u32;
        if old == 0 && new > 0 {
            let at = self.rstart[to] + self.rlen[to];
            self.inflow[at as usize] = (b as u32, e as u32);
            self.inflow_at[e] = at;
            self.rlen[to] += 1;
        } else if old > 0 && new == 0 {
            let at = self.inflow_at[e] as usize;
            let last = (self.rstart[to] + self.rlen[to] - 1) as usize;
            let moved = self.inflow[last];
            self.inflow[at] = moved;
            self.inflow_at[moved.1 as usize] = at as u32;
            self.inflow_at[e] = NONE;
            self.rlen[to] -= 1;
        }
    }
    /// [`Self::add_flow`], logged for [`Self::rollback`].
    fn push(&mut self, b: usize, e: usize, d: i32) {
        self.add_flow(b, e, d);
        self.log.push((b as u32, e as u32, d));
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
        let (eab, eba) = (self.edge_at[a * nb + b], self.edge_at[b * nb + a]);
        if eab != NONE && eba != NONE {
            let (fab, fba) = (self.flow[eab as usize], self.flow[eba as usize]);
            if (a != b && fab >= 1 && fba >= 1) || (a == b && fab >= 2) {
                self.count[a] -= 1;
                self.count[b] -= 1;
                self.push(a, eab as usize, -1);
                self.push(b, eba as usize, -1);
                return true;
            }
        }
        // Before the removal the flow was full; afterwards only these buckets can have left
        // copies with spare supply.
        let mut sources = [a, b, a, b];
        // Right copies that lost a unit of inflow: the only ones with spare demand.
        let mut sinks = [NONE; 2];
        for (i, x) in [a, b].into_iter().enumerate() {
            self.count[x] -= 1;
            if self.out[x] > self.count[x] {
                let (lo, hi) = (self.start[x] as usize, self.start[x + 1] as usize);
                let e = lo
                    + self.flow[lo..hi]
                        .iter()
                        .position(|&f| f > 0)
                        .expect("flow out of a left copy");
                self.push(x, e, -1);
                sinks[i] = self.to[e];
            }
            if self.inn[x] > self.count[x] {
                assert!(self.rlen[x] > 0, "flow into a right copy");
                let (z, e) = self.inflow[self.rstart[x] as usize];
                self.push(z as usize, e as usize, -1);
                sources[2 + i] = z as usize;
            }
        }
        // Each of the four cuts above cost at most one unit of flow, the demand fell by two:
        // at most two units to re-route, one augmenting path each.
        (self.total_flow..self.total_count).all(|_| self.augment(&sources, &sinks))
    }

    /// An augmenting path of one edge, from a source with spare supply straight to a right
    /// copy in `sinks` with spare demand, if the bucket graph has that edge: usually it
    /// does, and the search of [`Self::augment`] would read whole edge lists to find it.
    fn direct(&mut self, sources: &[usize], sinks: &[u32]) -> bool {
        let nb = self.count.len();
        for &x in sources {
            if self.out[x] >= self.count[x] {
                continue;
            }
            for &r in sinks {
                let r = r as usize;
                if r == NONE as usize || self.inn[r] >= self.count[r] {
                    continue;
                }
                let e = self.edge_at[x * nb + r];
                if e != NONE {
                    self.push(x, e as usize, 1);
                    return true;
                }
            }
        }
        false
    }

    /// One augmenting path from a left copy with spare supply to a right copy with spare
    /// demand, in the residual bucket graph: [`Self::direct`] when it finds one, else BFS.
    /// (Which path does not matter: only whether a full flow exists is ever asked.)
    fn augment(&mut self, sources: &[usize], sinks: &[u32]) -> bool {
        if self.direct(sources, sinks) {
            return true;
        }
        let nb = self.count.len();
        self.stamp += 1;
        let stamp = self.stamp;
        self.queue.clear();
        for &b in sources {
            if self.out[b] < self.count[b] && self.seen[b] != stamp {
                self.seen[b] = stamp;
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
                for e in self.start[x]..self.start[x + 1] {
                    let r = nb + self.to[e as usize] as usize;
                    if self.seen[r] == stamp {
                        continue;
                    }
                    self.seen[r] = stamp;
                    self.via[r] = (x as u32, e);
                    if self.inn[r - nb] < self.count[r - nb] {
                        self.apply(r);
                        return true;
                    }
                    self.queue.push(r as u32);
                }
            } else {
                let lo = self.rstart[x - nb] as usize;
                for i in lo..lo + self.rlen[x - nb] as usize {
                    let (z, e) = self.inflow[i];
                    if self.seen[z as usize] == stamp {
                        continue;
                    }
                    self.seen[z as usize] = stamp;
                    self.via[z as usize] = (x as u32, e);
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
                let (z, e) = self.via[node];
                self.push(z as usize, e as usize, 1);
                node = z as usize;
            } else {
                let (from, e) = self.via[node];
                if from == NONE {
                    return;
                }
                self.push(node, e as usize, -1);
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
        while let Some((b, e, d)) = self.log.pop() {
            self.add_flow(b as usize, e as usize, -d);
        }
        if let Some((a, b)) = self.pending.take() {
            self.count[a] += 1;
            self.count[b] += 1;
            self.total_count += 2;
        }
    }
}

//! A counting argument that lets the greedy replay (§8.4) skip most of its searches: "can
//! the players left still be paired?" asked of the buckets (colour class × score, see
//! [`super::blossom`]) instead of the players.
//!
//! Two players of one bucket are alike for the colour and score tests of a level, so the
//! graph of allowed pairs lies inside a blow-up of the small bucket graph
//! ([`Implicit::bucket_graph`]). A complete pairing of the players gives a flow in the
//! bipartite double of that graph: every pair {u, v} sends one unit from the left copy of
//! u's bucket to the right copy of v's, and one back the other way, so each left copy sends
//! and each right copy receives exactly its bucket's number of players. When the counts
//! admit no such flow (say, more players who must have Black than players who may take
//! White within the score limit), no complete pairing exists.
//!
//! The flow is kept up to date as the replay pairs players off (one or two augmenting paths
//! on the bucket graph per step), and a candidate q of player p is tested by taking p and q
//! out tentatively and trying to restore a full flow. The test only ever proves "no": a
//! candidate it cannot rule out is decided by the blossom search as before, so the verdicts
//! do not depend on it.

use super::blossom::Implicit;

/// Above this many buckets the filter is not built (its edge table is quadratic).
const MAX_BUCKETS: usize = 2048;

const NONE: u32 = u32::MAX;

/// The flow on the bucket graph for the players still to pair.
pub struct Counting {
    nb: usize,
    /// Players still to pair in each bucket.
    count: Vec<u32>,
    /// Edges out of each left copy: (right copy, flow).
    adj: Vec<Vec<(u32, u32)>>,
    /// Edges into each right copy: (left copy, index in its `adj`).
    radj: Vec<Vec<(u32, u32)>>,
    /// `eidx[a * nb + b]`: index of the edge a → b in `adj[a]`, or NONE.
    eidx: Vec<u32>,
    out: Vec<u32>,
    inn: Vec<u32>,
    /// Flow changes of the pending tentative removal, to undo: (left, edge index, delta).
    log: Vec<(u32, u32, i32)>,
    logging: bool,
    // Search scratch: left nodes 0..nb, right nodes nb..2nb.
    seen: Vec<u32>,
    stamp: u32,
    via: Vec<(u32, u32)>,
    queue: Vec<u32>,
    /// Hall sets found by failed tests, reused to rule out later ones without a search.
    hall: Vec<Hall>,
}

/// A set S of buckets (left copies) with N its neighbourhood (right copies): no full flow
/// exists while S holds more players than N, whatever else the counts are (every unit out of
/// S lands in N). `slack` = players in N − players in S, kept up to date.
struct Hall {
    in_s: Vec<bool>,
    in_n: Vec<bool>,
    slack: i64,
}

impl Hall {
    /// The change of `slack` when one player of bucket a and one of bucket b leave.
    fn delta(&self, a: usize, b: usize) -> i64 {
        let d = |x: usize| self.in_s[x] as i64 - self.in_n[x] as i64;
        d(a) + d(b)
    }
}

/// Hall sets kept (the most recent ones).
const MAX_HALL: usize = 16;

impl Counting {
    /// The bucket flow of the alive players of `g`, paired by `g.mate` (a perfect matching of
    /// the alive players). `None` when there are too many buckets for the filter.
    pub fn new(g: &Implicit, alive: &[bool]) -> Option<Counting> {
        let nb = g.bucket_count();
        if nb > MAX_BUCKETS {
            return None;
        }
        let graph = g.bucket_graph();
        let mut eidx = vec![NONE; nb * nb];
        let mut adj: Vec<Vec<(u32, u32)>> = vec![Vec::new(); nb];
        let mut radj: Vec<Vec<(u32, u32)>> = vec![Vec::new(); nb];
        for (a, list) in graph.iter().enumerate() {
            for &b in list {
                eidx[a * nb + b] = adj[a].len() as u32;
                radj[b].push((a as u32, adj[a].len() as u32));
                adj[a].push((b as u32, 0));
            }
        }
        let mut c = Counting {
            nb,
            count: vec![0; nb],
            adj,
            radj,
            eidx,
            out: vec![0; nb],
            inn: vec![0; nb],
            log: Vec::new(),
            logging: false,
            seen: vec![0; 2 * nb],
            stamp: 0,
            via: vec![(NONE, NONE); 2 * nb],
            queue: Vec::new(),
            hall: Vec::new(),
        };
        for (v, &a) in alive.iter().enumerate() {
            if !a {
                continue;
            }
            let w = g.mate[v];
            let (bv, bw) = (g.bucket_of(v), g.bucket_of(w));
            let k = c.eidx[bv * nb + bw];
            if k == NONE {
                // A published pair outside the bucket graph cannot happen for allowed pairs.
                return None;
            }
            c.count[bv] += 1;
            c.add(bv, k, 1);
        }
        Some(c)
    }

    fn add(&mut self, a: usize, k: u32, delta: i32) {
        let e = &mut self.adj[a][k as usize];
        e.1 = (e.1 as i32 + delta) as u32;
        let b = e.0 as usize;
        self.out[a] = (self.out[a] as i32 + delta) as u32;
        self.inn[b] = (self.inn[b] as i32 + delta) as u32;
        if self.logging {
            self.log.push((a as u32, k, delta));
        }
    }

    /// Takes one player of bucket a and one of bucket b out and restores a full flow if one
    /// exists; false when none does (the counts then prove that the rest cannot be paired).
    fn remove_two(&mut self, a: usize, b: usize) -> bool {
        self.count[a] -= 1;
        self.count[b] -= 1;
        // Cheapest first: the units between a and b themselves.
        for (x, y) in [(a, b), (b, a)] {
            let k = self.eidx[x * self.nb + y];
            if k != NONE
                && self.adj[x][k as usize].1 > 0
                && self.out[x] > self.count[x]
                && self.inn[y] > self.count[y]
            {
                self.add(x, k, -1);
            }
        }
        // Any other surplus of flow out of a left copy or into a right copy; a unit taken
        // off an edge l → x leaves left copy l short.
        let mut short: Vec<usize> = Vec::new();
        for x in [a, b] {
            while self.out[x] > self.count[x] {
                let k = self.adj[x].iter().position(|e| e.1 > 0).expect("flow out") as u32;
                self.add(x, k, -1);
            }
            while self.inn[x] > self.count[x] {
                let (l, k) = *self.radj[x]
                    .iter()
                    .find(|&&(l, k)| self.adj[l as usize][k as usize].1 > 0)
                    .expect("flow in");
                self.add(l as usize, k, -1);
                short.push(l as usize);
            }
        }
        for l in short {
            while self.out[l] < self.count[l] {
                if !self.augment(l) {
                    return false;
                }
            }
        }
        true
    }

    /// One augmenting path from left copy `s` (which sends less than its count) to a right
    /// copy that receives less than its count; false when none exists.
    fn augment(&mut self, s: usize) -> bool {
        let nb = self.nb;
        self.stamp += 1;
        let st = self.stamp;
        self.queue.clear();
        self.queue.push(s as u32);
        self.seen[s] = st;
        let mut qi = 0;
        while qi < self.queue.len() {
            let x = self.queue[qi] as usize;
            qi += 1;
            for k in 0..self.adj[x].len() {
                let y = self.adj[x][k].0 as usize;
                if self.seen[nb + y] == st {
                    continue;
                }
                self.seen[nb + y] = st;
                self.via[nb + y] = (x as u32, k as u32);
                if self.inn[y] < self.count[y] {
                    // Found: walk back, pushing flow forward and pulling it back alternately.
                    let mut r = y;
                    loop {
                        let (l, k) = self.via[nb + r];
                        self.add(l as usize, k, 1);
                        if l as usize == s {
                            return true;
                        }
                        let (r2, k2) = self.via[l as usize];
                        self.add(l as usize, k2, -1);
                        r = r2 as usize;
                    }
                }
                for i in 0..self.radj[y].len() {
                    let (l, k2) = self.radj[y][i];
                    let l = l as usize;
                    if self.seen[l] != st && self.adj[l][k2 as usize].1 > 0 {
                        self.seen[l] = st;
                        // Reached from right copy y by pulling back l's unit on edge k2.
                        self.via[l] = (y as u32, k2);
                        self.queue.push(l as u32);
                    }
                }
            }
        }
        false
    }

    /// Whether the counts allow pairing the rest once one player of bucket a and one of
    /// bucket b are paired together (false proves that the rest cannot be paired).
    pub fn may_pair(&mut self, a: usize, b: usize) -> bool {
        if self.hall.iter().any(|h| h.slack + h.delta(a, b) < 0) {
            return false;
        }
        self.logging = true;
        self.log.clear();
        let ok = self.remove_two(a, b);
        let found = if ok { None } else { Some(self.last_search_set()) };
        // Undo.
        while let Some((l, k, d)) = self.log.pop() {
            let e = &mut self.adj[l as usize][k as usize];
            e.1 = (e.1 as i32 - d) as u32;
            let r = e.0 as usize;
            self.out[l as usize] = (self.out[l as usize] as i32 - d) as u32;
            self.inn[r] = (self.inn[r] as i32 - d) as u32;
        }
        self.logging = false;
        self.count[a] += 1;
        self.count[b] += 1;
        if let Some((in_s, in_n)) = found {
            let slack = (0..self.nb)
                .map(|x| self.count[x] as i64 * (in_n[x] as i64 - in_s[x] as i64))
                .sum();
            if self.hall.len() == MAX_HALL {
                self.hall.remove(0);
            }
            self.hall.push(Hall { in_s, in_n, slack });
        }
        ok
    }

    /// After a failed augmenting search: the left copies it reached (S) and the right copies
    /// it reached, which hold all their neighbours (N(S)).
    fn last_search_set(&self) -> (Vec<bool>, Vec<bool>) {
        let st = self.stamp;
        let in_s = (0..self.nb).map(|x| self.seen[x] == st).collect();
        let in_n = (0..self.nb).map(|y| self.seen[self.nb + y] == st).collect();
        (in_s, in_n)
    }

    /// Pairs one player of bucket a with one of bucket b for good (the rest is known to be
    /// pairable: the published pairing pairs it).
    pub fn pair(&mut self, a: usize, b: usize) {
        for h in &mut self.hall {
            h.slack += h.delta(a, b);
        }
        self.logging = true;
        self.log.clear();
        let ok = self.remove_two(a, b);
        self.logging = false;
        self.log.clear();
        debug_assert!(ok, "the published pairs give a full flow");
    }
}

/// Whether the counts of the alive vertices of `g` admit a full flow on the bucket graph
/// (z, the extra vertex of the bye trick, is a bucket of its own joined to the buckets of
/// its alive receivers). False proves that the alive vertices have no perfect matching.
/// A max flow by augmenting paths that carry as much as their bottleneck allows.
pub(crate) fn counts_admit_pairing(g: &Implicit) -> bool {
    let nb = g.bucket_count();
    if nb > MAX_BUCKETS {
        return true;
    }
    let z = nb; // the extra bucket
    let mut count = vec![0u64; nb + 1];
    for v in 0..g.field_len() {
        if g.is_alive(v) {
            count[g.bucket_of(v)] += 1;
        }
    }
    let mut adj = g.bucket_graph();
    adj.push(Vec::new());
    if g.is_alive(g.field_len()) {
        count[z] = 1;
        let mut rb: Vec<usize> =
            g.receivers().iter().filter(|&&r| g.is_alive(r)).map(|&r| g.bucket_of(r)).collect();
        rb.sort_unstable();
        rb.dedup();
        for &b in &rb {
            adj[b].push(z);
        }
        adj[z] = rb;
    }
    let m = nb + 1;
    // Edges out of left copies with their flow; edges into right copies.
    let mut flow: Vec<Vec<u64>> = adj.iter().map(|l| vec![0; l.len()]).collect();
    let mut radj: Vec<Vec<(usize, usize)>> = vec![Vec::new(); m];
    for (a, l) in adj.iter().enumerate() {
        for (k, &b) in l.iter().enumerate() {
            radj[b].push((a, k));
        }
    }
    let mut out = vec![0u64; m];
    let mut inn = vec![0u64; m];
    // Greedy start.
    for a in 0..m {
        for (k, &b) in adj[a].iter().enumerate() {
            let x = (count[a] - out[a]).min(count[b] - inn[b]);
            if x > 0 {
                flow[a][k] += x;
                out[a] += x;
                inn[b] += x;
            }
        }
    }
    let total: u64 = count.iter().sum();
    let mut sent: u64 = out.iter().sum();
    // Augmenting paths from the left copies that send too little.
    let mut seen_l = vec![usize::MAX; m];
    let mut seen_r = vec![usize::MAX; m];
    let mut via_r = vec![(0usize, 0usize); m];
    let mut via_l = vec![(0usize, 0usize); m];
    let mut round = 0;
    while sent < total {
        round += 1;
        let mut queue: Vec<usize> = (0..m).filter(|&a| out[a] < count[a]).collect();
        for &a in &queue {
            seen_l[a] = round;
        }
        let mut found = None;
        let mut qi = 0;
        'bfs: while qi < queue.len() {
            let a = queue[qi];
            qi += 1;
            for (k, &b) in adj[a].iter().enumerate() {
                if seen_r[b] == round {
                    continue;
                }
                seen_r[b] = round;
                via_r[b] = (a, k);
                if inn[b] < count[b] {
                    found = Some(b);
                    break 'bfs;
                }
                for &(l, k2) in &radj[b] {
                    if seen_l[l] != round && flow[l][k2] > 0 {
                        seen_l[l] = round;
                        via_l[l] = (b, k2);
                        queue.push(l);
                    }
                }
            }
        }
        let Some(end) = found else {
            return false;
        };
        // Bottleneck along the path (the sources are exactly the left copies sending less
        // than their count; every other left copy on the path was reached by pulling back
        // one of its units).
        let mut x = count[end] - inn[end];
        let mut r = end;
        loop {
            let (l, _) = via_r[r];
            if out[l] < count[l] {
                x = x.min(count[l] - out[l]);
                break;
            }
            let (r2, k2) = via_l[l];
            x = x.min(flow[l][k2]);
            r = r2;
        }
        let mut r = end;
        loop {
            let (l, k) = via_r[r];
            flow[l][k] += x;
            if out[l] < count[l] {
                out[l] += x;
                break;
            }
            let (r2, k2) = via_l[l];
            flow[l][k2] -= x;
            r = r2;
        }
        inn[end] += x;
        sent += x;
    }
    true
}

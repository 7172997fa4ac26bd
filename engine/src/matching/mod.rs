//! General (non-bipartite) matching on an implicit graph: Edmonds' blossom algorithm.
//!
//! The graph is never materialised (a 100,000-player field has billions of allowed pairs):
//! the caller enumerates neighbours on demand through [`Graph`]. Per-search arrays are reset
//! lazily with time stamps, so a search costs what it visits, not O(n).
//!
//! Used for every feasibility question of SPEC §8.3 and to keep a perfect matching that the
//! greedy of §8.4 repairs with augmenting paths instead of recomputing it.

use std::collections::VecDeque;

pub(crate) const NONE: u32 = u32::MAX;

/// An implicit undirected graph over vertices `0..n`, some of them inactive (left out).
///
/// Vertices are laid out in buckets (`order()` lists them, each bucket a contiguous range of
/// positions) such that the neighbours of `u` all lie in the buckets named by
/// `candidate_buckets(u)`; `adjacent` is the exact test. A search can then skip vertices it
/// has already labelled, and whole buckets, instead of re-reading every neighbourhood.
pub(crate) trait Graph {
    fn active(&self, u: usize) -> bool;
    /// Exact adjacency of two active vertices.
    fn adjacent(&self, u: usize, w: usize) -> bool;
    fn order(&self) -> &[u32];
    fn bucket_count(&self) -> usize;
    fn bucket_of(&self, v: usize) -> usize;
    /// Calls `f(bucket, start, end)` for every bucket that may hold neighbours of `u`.
    fn candidate_buckets(&self, u: usize, f: &mut dyn FnMut(usize, usize, usize));
}

/// Counters for `--explain` and the benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counters {
    pub augmenting_paths: u64,
    pub nodes_visited: u64,
    pub searches: u64,
    /// Bucket-graph nodes visited by the counting filter of [`crate::berger_swiss::quotient`].
    pub filter_nodes: u64,
    /// Candidate buckets the counting filter ruled out (one per player and bucket).
    pub filter_rejections: u64,
    /// Gallai-Edmonds searches of the greedy: candidates the filter passed but the rest could
    /// not be paired after all.
    pub fallback_searches: u64,
}

/// A matching with the scratch space of the alternating-path search.
pub(crate) struct Matcher {
    pub mate: Vec<u32>,
    parent: Vec<u32>,
    /// Union-find over the vertices of contracted blossoms: `link` is the forest, `bbase`
    /// the blossom base stored at each set's root. A contraction then costs the length of
    /// its two paths, not a pass over every labelled vertex (which made dense searches
    /// quadratic).
    link: Vec<u32>,
    bbase: Vec<u32>,
    size: Vec<u32>,
    outer: Vec<u32>,
    stamp: Vec<u32>,
    lca_mark: Vec<u32>,
    cur: u32,
    mark: u32,
    touched: Vec<u32>,
    /// Bases of the sub-blossoms met on the two paths of the contraction in progress.
    path_bases: Vec<u32>,
    /// Per search: skip pointers over positions of `Graph::order` (labelled or inactive
    /// vertices are skipped), valid where `skip_stamp == cur`.
    skip: Vec<u32>,
    skip_stamp: Vec<u32>,
    /// Per search and bucket: outer vertices in the root's blossom, and the others (entries
    /// that joined the root's blossom since are moved over lazily).
    outer_root: Vec<Vec<u32>>,
    outer_other: Vec<Vec<u32>>,
    bucket_stamp: Vec<u32>,
    buckets: Vec<(u32, u32, u32)>,
    root: usize,
    /// The search gives up once it has touched more vertices than this (see
    /// [`Self::augment_pair`]); `usize::MAX` otherwise.
    limit: usize,
    gave_up: bool,
    /// Matched pairs by bucket pair, when enabled by [`Self::index_pairs`].
    index: Option<PairIndex>,
    pub counters: Counters,
}

/// The matched pairs listed by bucket pair: `lists[x * nb + y]` holds vertices of bucket x that
/// were matched to a vertex of bucket y. Entries are added at every [`Matcher::pair`] and
/// dropped lazily when read (the vertex was re-matched, unmatched or left the graph since), so
/// keeping it costs a push per matched pair.
struct PairIndex {
    bucket_of: Vec<u32>,
    nb: usize,
    lists: Vec<Vec<u32>>,
    /// `live[x * nb + y]`: how many vertices of bucket x are matched to one of bucket y now
    /// (exact, unlike the lists).
    live: Vec<u32>,
    /// The bucket graph (buckets whose vertices may be adjacent), when given by
    /// [`Matcher::index_bucket_graph`]; empty otherwise.
    adj: Vec<Vec<u32>>,
    /// Scratch of the search over buckets: per bucket, the stamp of the search that reached
    /// it as the end of a chain (`seen_end`) or as a link (`seen_link`), and whence.
    seen_end: Vec<u32>,
    seen_link: Vec<u32>,
    via_end: Vec<u32>,
    via_link: Vec<u32>,
    meets_to: Vec<u32>,
    stamp: u32,
}

impl PairIndex {
    fn add(&mut self, a: usize, b: usize) {
        let (x, y) = (self.bucket_of[a] as usize, self.bucket_of[b] as usize);
        self.lists[x * self.nb + y].push(a as u32);
        self.live[x * self.nb + y] += 1;
    }
    fn remove(&mut self, a: usize, b: usize) {
        let (x, y) = (self.bucket_of[a] as usize, self.bucket_of[b] as usize);
        self.live[x * self.nb + y] -= 1;
    }
}

/// The next search's stamp (marks equal to it are this search's): one more than `stamp`,
/// and on wrapping around to 0 the `marks` are cleared and the stamp restarts at 1, so no
/// stale mark equals it.
fn next_stamp<const N: usize>(stamp: &mut u32, marks: [&mut Vec<u32>; N]) -> u32 {
    *stamp = stamp.wrapping_add(1);
    if *stamp == 0 {
        for m in marks {
            m.fill(0);
        }
        *stamp = 1;
    }
    *stamp
}

/// The shortest chain of bucket pairs (Y_1, Z_1), …, (Y_k, Z_k), k >= 1, such that bucket
/// `from` may meet Y_1, some vertex of Y_i is matched to one of Z_i, Z_i may meet Y_(i+1), and
/// Z_k may meet bucket `to` (breadth-first over the bucket graph); with the number of buckets
/// the search reached. `None` when there is no bucket graph or no chain. Steps from an end
/// X to a link Y listed in `blocked` and ends in `dead_ends` are left out (earlier attempts
/// found no concrete pair there).
fn bucket_chain(
    ix: &mut PairIndex,
    from: usize,
    to: usize,
    blocked: &[(usize, usize)],
    dead_ends: &[usize],
) -> (Option<Vec<(usize, usize)>>, u64) {
    if ix.adj.is_empty() {
        return (None, 0);
    }
    let nb = ix.nb;
    let s = next_stamp(&mut ix.stamp, [&mut ix.seen_end, &mut ix.seen_link, &mut ix.meets_to]);
    // Ends of chains that may meet `to` (the bucket graph is symmetric).
    for i in 0..ix.adj[to].len() {
        let x = ix.adj[to][i] as usize;
        if !dead_ends.contains(&x) {
            ix.meets_to[x] = s;
        }
    }
    let mut queue = vec![from as u32];
    ix.seen_end[from] = s;
    ix.via_end[from] = NONE;
    let mut head = 0;
    let mut visited = 0u64;
    let mut last = NONE;
    'bfs: while head < queue.len() {
        let x = queue[head] as usize;
        head += 1;
        visited += 1;
        for i in 0..ix.adj[x].len() {
            let y = ix.adj[x][i] as usize;
            if ix.seen_link[y] == s || blocked.contains(&(x, y)) {
                continue;
            }
            ix.seen_link[y] = s;
            ix.via_link[y] = x as u32;
            visited += 1;
            for j in 0..ix.adj[y].len() {
                let z = ix.adj[y][j] as usize;
                if ix.seen_end[z] == s || ix.live[y * nb + z] == 0 {
                    continue;
                }
                ix.seen_end[z] = s;
                ix.via_end[z] = y as u32;
                if ix.meets_to[z] == s {
                    last = z as u32;
                    break 'bfs;
                }
                queue.push(z as u32);
            }
        }
    }
    if last == NONE {
        return (None, visited);
    }
    let mut chain = Vec::new();
    let mut z = last as usize;
    while z != from {
        let y = ix.via_end[z] as usize;
        chain.push((y, z));
        z = ix.via_link[y] as usize;
    }
    chain.reverse();
    (Some(chain), visited)
}

impl Matcher {
    pub(crate) fn new(n: usize) -> Self {
        Matcher {
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            link: vec![0; n],
            bbase: vec![0; n],
            size: vec![0; n],
            outer: vec![0; n],
            stamp: vec![0; n],
            lca_mark: vec![0; n],
            cur: 0,
            mark: 0,
            touched: Vec::new(),
            path_bases: Vec::new(),
            skip: vec![0; n + 1],
            skip_stamp: vec![0; n + 1],
            outer_root: Vec::new(),
            outer_other: Vec::new(),
            bucket_stamp: Vec::new(),
            buckets: Vec::new(),
            root: 0,
            limit: usize::MAX,
            gave_up: false,
            index: None,
            counters: Counters::default(),
        }
    }

    pub(crate) fn is_free(&self, u: usize) -> bool {
        self.mate[u] == NONE
    }

    pub(crate) fn pair(&mut self, a: usize, b: usize) {
        if let Some(ix) = &mut self.index {
            // Pairs broken by this one leave the index's counts (their other ends are
            // unmatched: an augmenting path re-pairs them next).
            for x in [a, b] {
                let o = self.mate[x];
                if o != NONE && self.mate[o as usize] == x as u32 {
                    ix.remove(x, o as usize);
                    ix.remove(o as usize, x);
                    self.mate[o as usize] = NONE;
                }
            }
            ix.add(a, b);
            ix.add(b, a);
        }
        self.mate[a] = b as u32;
        self.mate[b] = a as u32;
    }

    /// Keeps, from now on, the index of matched pairs by bucket pair that
    /// [`Self::augment_pair`] uses; `bucket_of` and `nb` are the graph's buckets.
    pub(crate) fn index_pairs(&mut self, bucket_of: &[u32], nb: usize) {
        let mut ix = PairIndex {
            bucket_of: bucket_of.to_vec(),
            nb,
            lists: vec![Vec::new(); nb * nb],
            live: vec![0; nb * nb],
            adj: Vec::new(),
            seen_end: vec![0; nb],
            seen_link: vec![0; nb],
            via_end: vec![NONE; nb],
            via_link: vec![NONE; nb],
            meets_to: vec![0; nb],
            stamp: 0,
        };
        for a in 0..self.mate.len() {
            if self.mate[a] != NONE {
                ix.add(a, self.mate[a] as usize);
            }
        }
        self.index = Some(ix);
    }

    /// Augments the matching between `a` and `t`, the only two free active vertices, if an
    /// augmenting path joins them. The path found may differ from [`Self::augment_from`]'s;
    /// whether one is found may not.
    ///
    /// Most such paths are short, and a search from `a` finds them after a few steps. But
    /// when the only short paths are `a – w = mate(w) – t` with `w` far down `a`'s bucket
    /// lists, the breadth-first search labels `a`'s whole neighbourhood (a score group) first,
    /// and the greedy of §8.4 asks this thousands of times per round: that grew with the
    /// square of the field. So: a search of at most `SHORT` vertices; then such a path looked
    /// up directly in the index of matched pairs by bucket pair ([`Self::index_pairs`]); only
    /// then the full search.
    pub(crate) fn augment_pair<G: Graph + ?Sized>(&mut self, g: &G, a: usize, t: usize) -> bool {
        const SHORT: usize = 64;
        if self.index.is_none() {
            return self.augment_from(g, a, Some(t));
        }
        if g.adjacent(a, t) {
            self.counters.searches += 1;
            self.pair(a, t);
            self.counters.augmenting_paths += 1;
            return true;
        }
        self.counters.searches += 1;
        self.limit = SHORT;
        let found = self.search(g, a, &[t as u32]);
        self.limit = usize::MAX;
        if let Some(v) = found {
            self.flip(v);
            return true;
        }
        if !self.gave_up {
            return false;
        }
        if self.via_matched_pair(g, a, t) || self.via_bucket_chain(g, a, t) {
            self.counters.augmenting_paths += 1;
            return true;
        }
        self.augment_from(g, a, Some(t))
    }

    /// Looks for a longer augmenting path `a – w1 = m1 – w2 = m2 – … – wk = mk – t` on the
    /// bucket level first: a breadth-first search over the bucket graph, from `a`'s bucket
    /// through "bucket X may meet bucket Y, and some vertex of Y is matched into bucket Z"
    /// to a bucket that may meet `t`'s, gives the shortest chain of bucket pairs (Y_i, Z_i);
    /// then each link takes a concrete matched pair from the index whose exact adjacency
    /// (rematches, TPN-dependent colours) holds. Applies the path when every link found one.
    ///
    /// This is the case the full search is slow on: when `a` and `t` lie score groups apart,
    /// every path climbs through the groups in between, and a breadth-first search over the
    /// players labels everything closer to `a` first (half a million players at a million).
    /// Over the buckets the search costs the bucket graph's size, and the chain a handful of
    /// index reads. When some link finds no concrete pair, the caller runs the full search,
    /// so whether a path is found never depends on this.
    fn via_bucket_chain<G: Graph + ?Sized>(&mut self, g: &G, a: usize, t: usize) -> bool {
        const BUDGET: usize = 4096;
        const ATTEMPTS: usize = 8;
        let Some(mut ix) = self.index.take() else {
            return false;
        };
        let (ba, bt) = (g.bucket_of(a), g.bucket_of(t));
        let mut path: Vec<(usize, usize)> = Vec::new();
        let mut budget = BUDGET;
        let (mut blocked, mut dead_ends) = (Vec::new(), Vec::new());
        for _ in 0..ATTEMPTS {
            let (chain, visited) = bucket_chain(&mut ix, ba, bt, &blocked, &dead_ends);
            self.counters.nodes_visited += visited;
            let Some(chain) = chain else { break };
            // reached[i]: some pair of link i had its w adjacent to the path so far.
            let mut reached = vec![false; chain.len()];
            if self.realise(g, &mut ix, &chain, a, t, &mut path, &mut reached, &mut budget) {
                break;
            }
            if budget == 0 {
                break;
            }
            // Leave out, next time, the first step that found no concrete pair (the bucket
            // graph allows colour pairs that depend on TPN; the players may not have them),
            // or the end when only the last player's adjacency to `t` failed.
            match reached.iter().position(|&r| !r) {
                Some(0) => blocked.push((ba, chain[0].0)),
                Some(i) => blocked.push((chain[i - 1].1, chain[i].0)),
                None => dead_ends.push(chain[chain.len() - 1].1),
            }
        }
        self.index = Some(ix);
        if path.is_empty() {
            return false;
        }
        let mut prev = a;
        for &(w, m) in &path {
            self.pair(prev, w);
            prev = m;
        }
        self.pair(prev, t);
        true
    }

    /// Depth-first: for link `path.len()` of `chain` onwards, a matched pair (w, m) from the
    /// index with w adjacent to `prev`, the pairs distinct, and the last m adjacent to `t`.
    /// Reads at most `budget` index entries in all.
    #[allow(clippy::too_many_arguments)]
    fn realise<G: Graph + ?Sized>(
        &mut self,
        g: &G,
        ix: &mut PairIndex,
        chain: &[(usize, usize)],
        prev: usize,
        t: usize,
        path: &mut Vec<(usize, usize)>,
        reached: &mut [bool],
        budget: &mut usize,
    ) -> bool {
        let i = path.len();
        if i == chain.len() {
            return true;
        }
        // A link whose first entries are all non-adjacent to `prev` usually has none (a
        // colour pair that depends on TPN): give it up after this many, for another chain.
        const MISSES: usize = 256;
        let (y, z) = chain[i];
        let key = y * ix.nb + z;
        let mut j = 0;
        let mut misses = 0;
        while j < ix.lists[key].len() && *budget > 0 && misses < MISSES {
            let w = ix.lists[key][j] as usize;
            let m = self.mate[w];
            if m == NONE || !g.active(w) || ix.bucket_of[m as usize] as usize != z {
                ix.lists[key].swap_remove(j);
                continue;
            }
            let m = m as usize;
            j += 1;
            *budget -= 1;
            self.counters.nodes_visited += 1;
            if path.iter().any(|&(x, y)| x == w || y == w || x == m || y == m)
                || !g.adjacent(prev, w)
            {
                misses += 1;
                continue;
            }
            misses = 0;
            reached[i] = true;
            if i + 1 == chain.len() && !g.adjacent(m, t) {
                continue;
            }
            path.push((w, m));
            if self.realise(g, ix, chain, m, t, path, reached, budget) {
                return true;
            }
            path.pop();
        }
        false
    }

    /// Looks for `a – w = mate(w) – t` through the index of matched pairs; applies it when
    /// found. Gives up after a bounded number of entries that fail the exact adjacency test.
    fn via_matched_pair<G: Graph + ?Sized>(&mut self, g: &G, a: usize, t: usize) -> bool {
        const BUDGET: usize = 1024;
        let Some(mut ix) = self.index.take() else {
            return false;
        };
        let mut xs: Vec<usize> = Vec::new();
        g.candidate_buckets(a, &mut |b, _, _| xs.push(b));
        let mut ys: Vec<usize> = Vec::new();
        g.candidate_buckets(t, &mut |b, _, _| ys.push(b));
        let mut budget = BUDGET;
        let mut hit = None;
        'buckets: for &x in &xs {
            for &y in &ys {
                let list = &mut ix.lists[x * ix.nb + y];
                let mut i = 0;
                while i < list.len() {
                    let w = list[i] as usize;
                    let m = self.mate[w];
                    if m == NONE || !g.active(w) || ix.bucket_of[m as usize] as usize != y {
                        list.swap_remove(i);
                        continue;
                    }
                    self.counters.nodes_visited += 1;
                    if g.adjacent(a, w) && g.adjacent(m as usize, t) {
                        hit = Some((w, m as usize));
                        break 'buckets;
                    }
                    budget -= 1;
                    if budget == 0 {
                        break 'buckets;
                    }
                    i += 1;
                }
            }
        }
        self.index = Some(ix);
        match hit {
            Some((w, m)) => {
                self.pair(a, w);
                self.pair(m, t);
                true
            }
            None => false,
        }
    }

    /// Gives the index of [`Self::index_pairs`] the bucket graph: `adj[x]` lists the buckets
    /// whose vertices may be adjacent to bucket x's (symmetric; a superset of the real edges
    /// is fine). [`Self::augment_pair`] then also looks for longer paths bucket by bucket.
    pub(crate) fn index_bucket_graph(&mut self, adj: Vec<Vec<u32>>) {
        if let Some(ix) = &mut self.index {
            assert_eq!(adj.len(), ix.nb, "one list of neighbours per bucket");
            ix.adj = adj;
        }
    }

    pub(crate) fn unpair(&mut self, a: usize) {
        let b = self.mate[a];
        if b != NONE {
            if let Some(ix) = &mut self.index
                && self.mate[b as usize] == a as u32
            {
                ix.remove(a, b as usize);
                ix.remove(b as usize, a);
            }
            self.mate[b as usize] = NONE;
            self.mate[a] = NONE;
        }
    }

    fn touch(&mut self, v: usize) {
        if self.stamp[v] != self.cur {
            self.stamp[v] = self.cur;
            self.parent[v] = NONE;
            self.link[v] = v as u32;
            self.bbase[v] = v as u32;
            self.size[v] = 1;
            self.outer[v] = 0;
            self.touched.push(v as u32);
            self.counters.nodes_visited += 1;
        }
    }
    fn parent_of(&self, v: usize) -> u32 {
        if self.stamp[v] == self.cur { self.parent[v] } else { NONE }
    }
    /// Root of v's set in the union-find (v must be touched), with path halving.
    fn set_of(&mut self, mut v: usize) -> usize {
        while self.link[v] as usize != v {
            let up = self.link[v] as usize;
            self.link[v] = self.link[up];
            v = up;
        }
        v
    }
    fn base_of(&mut self, v: usize) -> usize {
        if self.stamp[v] == self.cur {
            let r = self.set_of(v);
            self.bbase[r] as usize
        } else {
            v
        }
    }
    /// Merges the blossom based at `b` into the one based at `into`.
    fn merge(&mut self, b: usize, into: usize) {
        let (rb, ri) = (self.set_of(b), self.set_of(into));
        if rb == ri {
            return;
        }
        let (big, small) = if self.size[rb] > self.size[ri] { (rb, ri) } else { (ri, rb) };
        self.link[small] = big as u32;
        self.size[big] += self.size[small];
        self.bbase[big] = into as u32;
    }
    fn is_outer(&self, v: usize) -> bool {
        self.stamp[v] == self.cur && self.outer[v] != 0
    }

    fn lca(&mut self, mut a: usize, mut b: usize) -> usize {
        self.mark += 1;
        let m = self.mark;
        loop {
            a = self.base_of(a);
            self.lca_mark[a] = m;
            let ma = self.mate[a];
            if ma == NONE {
                break;
            }
            a = self.parent_of(ma as usize) as usize;
        }
        loop {
            b = self.base_of(b);
            if self.lca_mark[b] == m {
                return b;
            }
            b = self.parent_of(self.mate[b] as usize) as usize;
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize) {
        while self.base_of(v) != b {
            let mv = self.mate[v] as usize;
            let (bv, bmv) = (self.base_of(v), self.base_of(mv));
            self.path_bases.push(bv as u32);
            self.path_bases.push(bmv as u32);
            self.touch(v);
            self.parent[v] = child as u32;
            child = mv;
            v = self.parent_of(mv) as usize;
        }
    }

    /// Searches an augmenting path from the free vertex `root` and applies it. With `target`,
    /// the caller promises `target` is the only other free active vertex, which allows a
    /// look-ahead that ends dense searches after a few steps. Returns whether it augmented.
    pub(crate) fn augment_from<G: Graph + ?Sized>(
        &mut self,
        g: &G,
        root: usize,
        target: Option<usize>,
    ) -> bool {
        match target {
            Some(t) => self.augment_towards(g, root, &[t as u32]),
            None => self.augment_towards(g, root, &[]),
        }
    }

    /// Like [`Self::augment_from`], with a look-ahead to `hints`: free vertices the search
    /// tries to reach from every new outer vertex (one per bucket is enough). Without it a
    /// dense search labels the whole neighbourhood of the root before it looks one step
    /// further; with it, it usually ends after a few steps. Hints that are no longer free
    /// are ignored, so they only change how fast a path is found, never whether.
    pub(crate) fn augment_towards<G: Graph + ?Sized>(
        &mut self,
        g: &G,
        root: usize,
        hints: &[u32],
    ) -> bool {
        self.counters.searches += 1;
        for &t in hints {
            let t = t as usize;
            if t != root && self.mate[t] == NONE && g.active(t) && g.adjacent(root, t) {
                self.pair(root, t);
                self.counters.augmenting_paths += 1;
                return true;
            }
        }
        let Some(found) = self.search(g, root, hints) else {
            return false;
        };
        self.flip(found);
        true
    }

    /// Applies the augmenting path the last search found, ending at free vertex `found`.
    fn flip(&mut self, found: usize) {
        let mut v = found;
        while v != NONE as usize {
            let pv = self.parent[v] as usize;
            let ppv = self.mate[pv];
            self.pair(v, pv);
            v = ppv as usize;
        }
        self.counters.augmenting_paths += 1;
    }

    /// With `root` the only free active vertex: labels every vertex reachable from `root` by
    /// an even alternating path as outer. Afterwards [`Self::is_outer_now`] tells, for every
    /// vertex v, whether the graph less `v` has a perfect matching (Gallai-Edmonds).
    pub(crate) fn label_outer<G: Graph + ?Sized>(&mut self, g: &G, root: usize) {
        self.counters.searches += 1;
        let found = self.search(g, root, &[]);
        debug_assert!(found.is_none(), "label_outer: another free vertex");
    }

    /// Whether `v` was labelled outer by the last search.
    pub(crate) fn is_outer_now(&self, v: usize) -> bool {
        self.is_outer(v)
    }

    /// First position >= x that is not skipped in this search (`order.len()` when none).
    fn find(&mut self, x: usize) -> usize {
        let n = self.skip.len() - 1;
        let mut r = x;
        while r < n && self.skip_stamp[r] == self.cur {
            r = self.skip[r] as usize;
        }
        let mut y = x;
        while y < n && self.skip_stamp[y] == self.cur && self.skip[y] as usize != r {
            let nx = self.skip[y] as usize;
            self.skip[y] = r as u32;
            y = nx;
        }
        r
    }

    fn skip_position(&mut self, pos: usize) {
        self.skip_stamp[pos] = self.cur;
        self.skip[pos] = pos as u32 + 1;
    }

    fn fresh_bucket(&mut self, b: usize) {
        if self.bucket_stamp[b] != self.cur {
            self.bucket_stamp[b] = self.cur;
            self.outer_root[b].clear();
            self.outer_other[b].clear();
        }
    }

    fn make_outer<G: Graph + ?Sized>(&mut self, g: &G, v: usize, queue: &mut VecDeque<usize>) {
        self.outer[v] = 1;
        queue.push_back(v);
        let b = g.bucket_of(v);
        self.fresh_bucket(b);
        if self.base_of(v) == self.root {
            self.outer_root[b].push(v as u32);
        } else {
            self.outer_other[b].push(v as u32);
        }
    }

    /// Contracts the blossom closed by the edge {v, w} between two outer vertices.
    fn contract<G: Graph + ?Sized>(
        &mut self,
        g: &G,
        v: usize,
        w: usize,
        queue: &mut VecDeque<usize>,
    ) {
        let cur_base = self.lca(v, w);
        self.path_bases.clear();
        self.mark_path(v, cur_base, w);
        self.mark_path(w, cur_base, v);
        // Every vertex of the new blossom is the base of a sub-blossom on one of the two paths
        // or lies inside one; only inner vertices (always their own base) become outer now.
        let mut bases = std::mem::take(&mut self.path_bases);
        for &x in &bases {
            self.merge(x as usize, cur_base);
        }
        for &x in &bases {
            let x = x as usize;
            if self.outer[x] == 0 {
                self.make_outer(g, x, queue);
            }
        }
        bases.clear();
        self.path_bases = bases;
    }

    /// Edmonds' search from `root`; returns a free vertex at the end of an augmenting path
    /// (parent pointers set), or `None`.
    ///
    /// Scanning an outer vertex reads, in each candidate bucket, only the vertices not yet
    /// labelled (skip pointers) and the outer ones (per-bucket lists, those of the root's
    /// blossom kept apart), so a search that runs to the end costs about what it labels, not
    /// the sum of the neighbourhoods.
    fn search<G: Graph + ?Sized>(&mut self, g: &G, root: usize, hints: &[u32]) -> Option<usize> {
        next_stamp(&mut self.cur, [&mut self.stamp, &mut self.skip_stamp, &mut self.bucket_stamp]);
        let nb = g.bucket_count();
        if self.bucket_stamp.len() < nb {
            self.bucket_stamp.resize(nb, 0);
            self.outer_root.resize_with(nb, Vec::new);
            self.outer_other.resize_with(nb, Vec::new);
        }
        let order = g.order();
        self.root = root;
        self.touched.clear();
        self.touch(root);
        let mut queue = VecDeque::new();
        self.make_outer(g, root, &mut queue);
        let mut found = NONE;
        self.gave_up = false;
        let mut buckets = std::mem::take(&mut self.buckets);
        'search: while let Some(v) = queue.pop_front() {
            buckets.clear();
            g.candidate_buckets(v, &mut |b, s, e| buckets.push((b as u32, s as u32, e as u32)));
            // Pass 1: unlabelled neighbours become inner, their mates outer.
            for &(_, s, e) in &buckets {
                let (s, e) = (s as usize, e as usize);
                let mut pos = self.find(s);
                while pos < e {
                    let w = order[pos] as usize;
                    if self.stamp[w] == self.cur || !g.active(w) {
                        self.skip_position(pos);
                    } else if w != v && self.mate[v] != w as u32 && g.adjacent(v, w) {
                        self.skip_position(pos);
                        if self.touched.len() >= self.limit {
                            self.gave_up = true;
                            break 'search;
                        }
                        self.touch(w);
                        self.parent[w] = v as u32;
                        let m = self.mate[w];
                        if m == NONE {
                            found = w as u32;
                            break 'search;
                        }
                        let m = m as usize;
                        self.touch(m);
                        self.make_outer(g, m, &mut queue);
                        for &t in hints {
                            let t = t as usize;
                            if t != root
                                && self.mate[t] == NONE
                                && self.stamp[t] != self.cur
                                && g.active(t)
                                && g.adjacent(m, t)
                            {
                                self.touch(t);
                                self.parent[t] = m as u32;
                                found = t as u32;
                                break 'search;
                            }
                        }
                    }
                    pos = self.find(pos + 1);
                }
            }
            // Pass 2: outer neighbours in another blossom close a blossom.
            for &(b, _, _) in &buckets {
                let b = b as usize;
                self.fresh_bucket(b);
                if self.base_of(v) != root {
                    let mut i = 0;
                    while i < self.outer_root[b].len() {
                        let w = self.outer_root[b][i] as usize;
                        i += 1;
                        if self.base_of(v) != self.base_of(w)
                            && self.mate[v] != w as u32
                            && g.adjacent(v, w)
                        {
                            self.contract(g, v, w, &mut queue);
                            break;
                        }
                    }
                }
                let mut i = 0;
                while i < self.outer_other[b].len() {
                    let w = self.outer_other[b][i] as usize;
                    if self.base_of(w) == root {
                        // Joined the root's blossom since: move it over.
                        self.outer_other[b].swap_remove(i);
                        self.outer_root[b].push(w as u32);
                        continue;
                    }
                    i += 1;
                    if self.base_of(v) != self.base_of(w)
                        && self.mate[v] != w as u32
                        && g.adjacent(v, w)
                    {
                        self.contract(g, v, w, &mut queue);
                    }
                }
            }
        }
        self.buckets = buckets;
        if found == NONE { None } else { Some(found as usize) }
    }

    /// After a failed search from `root`: the vertices labelled outer, i.e. reachable from
    /// `root` by an even alternating path (the Gallai-Edmonds set D when `root` is the only
    /// free vertex of a maximum matching).
    pub(crate) fn outer_vertices(&self) -> Vec<usize> {
        self.touched.iter().map(|&v| v as usize).filter(|&v| self.outer[v] != 0).collect()
    }
}

#[cfg(test)]
mod tests;

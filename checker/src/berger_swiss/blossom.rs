//! The fast feasibility engine behind §8.3 and §8.4: Edmonds' blossom search on the implicit
//! graph of the pairs allowed at a level, written for the checker from the textbook algorithm
//! (alternating trees, blossoms contracted by a union-find over bases). It never lists the
//! edges of a field: the neighbours of a player are enumerated on demand inside its score
//! window (players within D points, a contiguous range in Swiss order), with the §8.2 colour
//! test read from a table over colour classes (two players with the same colour history and
//! the same TPN order get the same colours).
//!
//! It only answers yes/no questions (is there a complete pairing? which players are "outer",
//! i.e. reachable by an even alternating path from the one exposed player?). Whenever it says
//! yes, the callers rebuild the witness with the petgraph oracle, so the evidence of a report
//! does not depend on this search; the oracle also cross-checks this module in
//! `tests/it/blossom.rs`.

use super::field::SwissField;
use super::level::Level;
use crate::HashMap;
use crate::HashMapExt as _;
use crate::results::ColourState;

const NONE: usize = usize::MAX;
const UNLABELLED: u8 = 0;
const OUTER: u8 = 1;
const INNER: u8 = 2;

/// Allowed pairs of a field at a level, as an implicit graph, plus an optional extra vertex
/// z (index `n`) adjacent to every alive "receiver" (the bye trick of `ladder`).
pub struct Implicit<'a> {
    f: &'a SwissField,
    level: Level,
    n: usize,
    cls: Vec<usize>,
    ncls: usize,
    /// For classes (a, b) and "a has the higher TPN": whether the §8.2 colours pass the
    /// level's streak and balance tests. Empty when there are too many classes.
    table: Vec<bool>,
    /// Score window of each player as indices into the distinct point values (highest
    /// first): plo..=phi.
    plo: Vec<usize>,
    phi: Vec<usize>,
    /// Buckets (colour class, score index): the players of bucket b are `ord[bstart[b]..
    /// bstart[b + 1]]`; `bucket[v]` is v's bucket, `at[v]` its position in `ord`.
    ord: Vec<usize>,
    bstart: Vec<usize>,
    bucket: Vec<usize>,
    at: Vec<usize>,
    /// For each class a: the classes b whose colours with a may pass, with their relation
    /// (1 = in either TPN order, 2 = only in one: check player by player), and, for each, its non-empty
    /// buckets as (score index, bucket), ascending.
    compat: Vec<Vec<(u8, usize)>>,
    nonempty: Vec<Vec<(usize, usize)>>,
    /// `first_ne[c * (npv + 1) + pi]`: index in `nonempty[c]` of its first bucket with score
    /// index >= pi.
    first_ne: Vec<usize>,
    npv: usize,
    alive: Vec<bool>,
    receiver: Vec<bool>,
    receivers: Vec<usize>,
    pub mate: Vec<usize>,
    // Search state.
    label: Vec<u8>,
    link: Vec<usize>,
    base: Vec<usize>,
    vis: Vec<u32>,
    stamp: u32,
    touched: Vec<usize>,
    queue: std::collections::VecDeque<usize>,
    /// Skip pointers over `ord`: `nxt[k]` leads to the first position >= k holding an alive,
    /// unlabelled player (`ord.len()` = none). Changes during a search are undone after it.
    nxt: Vec<usize>,
    undo: Vec<(usize, usize)>,
    /// Outer players of each bucket, in groups: each group a linked list (`gnext`, tail in
    /// `gtail` of its head) of players known to lie in one blossom.
    groups: Vec<Vec<usize>>,
    gnext: Vec<usize>,
    gtail: Vec<usize>,
    touched_buckets: Vec<usize>,
}

impl<'a> Implicit<'a> {
    /// The graph on the field players marked in `alive` (length `f.len()`); with `receivers`
    /// = Some(list), the extra vertex z is alive and adjacent to those of the list.
    pub fn new(
        f: &'a SwissField,
        level: &Level,
        alive: Vec<bool>,
        receivers: Option<&[usize]>,
    ) -> Implicit<'a> {
        let n = f.len();
        let (cls, reps) = colour_classes(f);
        let ncls = reps.len();
        let table = colour_table(&reps, level);
        let rel = colour_relation(&reps, level);
        let (npv, pidx, plo, phi) = score_windows(f, level);
        // Buckets.
        let bucket: Vec<usize> = (0..n).map(|v| cls[v] * npv + pidx[v]).collect();
        let nb = ncls * npv;
        let (bstart, ord, at) = bucket_order(&bucket, nb);
        let (nonempty, compat, first_ne) = bucket_lists(&bstart, &rel, ncls, npv);
        let mut alive = alive;
        let mut nxt: Vec<usize> = (0..=n).collect();
        for v in 0..n {
            if !alive[v] {
                nxt[at[v]] = at[v] + 1;
            }
        }
        let mut receiver = vec![false; n];
        let mut rl = Vec::new();
        match receivers {
            Some(rs) => {
                alive.push(true);
                for &r in rs {
                    receiver[r] = true;
                    rl.push(r);
                }
            }
            None => alive.push(false),
        }
        Implicit {
            f,
            level: *level,
            n,
            cls,
            ncls,
            table,
            plo,
            phi,
            ord,
            bstart,
            bucket,
            at,
            compat,
            nonempty,
            first_ne,
            npv,
            alive,
            receiver,
            receivers: rl,
            mate: vec![NONE; n + 1],
            label: vec![UNLABELLED; n + 1],
            link: vec![NONE; n + 1],
            base: (0..=n).collect(),
            vis: vec![0; n + 1],
            stamp: 0,
            touched: Vec::new(),
            queue: std::collections::VecDeque::new(),
            nxt,
            undo: Vec::new(),
            groups: vec![Vec::new(); nb],
            gnext: vec![NONE; n + 1],
            gtail: vec![NONE; n + 1],
            touched_buckets: Vec::new(),
        }
    }

    /// Whether a and b are interchangeable as far as colours and scores go: same bucket, and
    /// their colour class never depends on the TPN order.
    pub(crate) fn same_colours_and_scores(&self, a: usize, b: usize) -> bool {
        self.bucket[a] == self.bucket[b] && self.compat[self.cls[a]].iter().all(|&(r, _)| r == 1)
    }

    /// v's bucket (colour class, points).
    pub fn bucket_of(&self, v: usize) -> usize {
        self.bucket[v]
    }

    /// Number of field players (the extra vertex z, when present, is this index).
    pub(crate) fn field_len(&self) -> usize {
        self.n
    }

    /// The receivers joined to the extra vertex z.
    pub(crate) fn receivers(&self) -> &[usize] {
        &self.receivers
    }

    /// Number of buckets (bucket ids are `0..bucket_count()`).
    pub(crate) fn bucket_count(&self) -> usize {
        self.bstart.len() - 1
    }

    /// The bucket graph: for each non-empty bucket, the non-empty buckets whose players may be
    /// paired with its players at the level as far as colours and scores go (itself
    /// included when its colours allow it). A superset of the pairs' buckets: meetings and
    /// colour ties decided by the TPN order are not looked at.
    pub(crate) fn bucket_graph(&self) -> Vec<Vec<usize>> {
        let nb = self.bucket_count();
        let mut adj = vec![Vec::new(); nb];
        for (b, list) in adj.iter_mut().enumerate() {
            if self.bstart[b + 1] == self.bstart[b] {
                continue;
            }
            let v = self.ord[self.bstart[b]];
            let (plo, phi) = (self.plo[v], self.phi[v]);
            for &(_, cb) in &self.compat[self.cls[v]] {
                let start = self.first_ne[cb * (self.npv + 1) + plo];
                for &(pi, b2) in &self.nonempty[cb][start..] {
                    if pi > phi {
                        break;
                    }
                    list.push(b2);
                }
            }
        }
        adj
    }

    /// Whether the pair (a, w) passes the score and colour tests of the level (meetings
    /// aside).
    pub(crate) fn colours_and_scores_ok(&self, a: usize, w: usize) -> bool {
        let mut l = self.level;
        l.rematches = true;
        if let Some(d) = l.max_diff
            && (self.f.points[a] - self.f.points[w]).abs() > d
        {
            return false;
        }
        let al = self.f.alloc(a, w);
        al.max_streak <= l.streak_limit && (!l.balance || al.max_abs_diff <= 2)
    }

    /// After a failed search: the outer players.
    pub(crate) fn outer_players(&self) -> Vec<usize> {
        self.touched.iter().copied().filter(|&v| self.label[v] == OUTER).collect()
    }

    /// Whether v is in the graph.
    pub(crate) fn is_alive(&self, v: usize) -> bool {
        self.alive[v]
    }

    /// Takes player v out of the graph (between searches).
    pub fn kill(&mut self, v: usize) {
        self.alive[v] = false;
        if v < self.n {
            self.nxt[self.at[v]] = self.at[v] + 1;
        }
    }

    /// Between searches: the first position >= k of `ord` holding an alive player.
    fn next_alive(&mut self, k: usize) -> usize {
        self.skip_to(k, false)
    }

    /// The end of the skip-pointer chain from k, with the path compressed; during a search
    /// (`undoable`) every pointer changed is recorded so that [`Implicit::reset`] restores it.
    fn skip_to(&mut self, k: usize, undoable: bool) -> usize {
        let undo = &mut self.undo;
        super::greedy::skip_chain_end(&mut self.nxt, k, |i, t| {
            if undoable {
                undo.push((i, t));
            }
        })
    }

    /// Between searches: calls `bucket_ok(b)` for each bucket b holding an alive player q
    /// with `lo <= q < hi` (field indices) that may be paired with p at the level, until
    /// one call returns true (then returns true). Buckets whose colours or scores rule them
    /// out for p are skipped whole. A bucket whose colours depend on the TPN order is passed
    /// without looking at every player when that would take long (callers use this to rule
    /// candidates out, so passing more is safe).
    pub(crate) fn any_candidate_bucket(
        &mut self,
        p: usize,
        lo: usize,
        hi: usize,
        mut bucket_ok: impl FnMut(usize) -> bool,
    ) -> bool {
        const PATIENCE: usize = 64;
        self.walk_partner_buckets(p, lo, |g, rel, b, mut k, to| {
            let mut tries = 0;
            let mut found = false;
            while k < to {
                let u = g.ord[k];
                if u >= hi {
                    break;
                }
                if u != p && g.pair_ok(p, u) {
                    found = true;
                    break;
                }
                tries += 1;
                if rel == 2 && tries > PATIENCE {
                    found = true;
                    break;
                }
                k = g.next_alive(k + 1);
            }
            found && bucket_ok(b)
        })
    }

    /// Every alive player u with field index in `lo..hi` (u != p) for which `keep(u)` and
    /// `pair_ok(p, u)` hold, in the buckets that may hold p's partners (the walk of
    /// [`Self::any_candidate_bucket`]) for which `bucket_ok` holds. Players of the other
    /// buckets are never looked at: on a million players the player-by-player walk of the
    /// preference list up to the published partner was most of the greedy's replay.
    pub(crate) fn candidates_in(
        &mut self,
        p: usize,
        lo: usize,
        hi: usize,
        mut bucket_ok: impl FnMut(usize) -> bool,
        keep: impl Fn(usize) -> bool,
    ) -> Vec<usize> {
        let mut out = Vec::new();
        self.walk_partner_buckets(p, lo, |g, _, b, mut k, to| {
            if k >= to || g.ord[k] >= hi || !bucket_ok(b) {
                return false;
            }
            while k < to {
                let u = g.ord[k];
                if u >= hi {
                    break;
                }
                if u != p && keep(u) && g.pair_ok(p, u) {
                    out.push(u);
                }
                k = g.next_alive(k + 1);
            }
            false
        });
        out
    }

    /// The walk both [`Self::any_candidate_bucket`] and [`Self::candidates_in`] make: every
    /// bucket that may hold p's partners (a colour class compatible with p's, a score
    /// bucket within p's range), with the position in `ord` of its first alive player of
    /// field index `lo` or more (players of a bucket are in Swiss order) and the bucket's
    /// end: `visit(self, colour relation, bucket, position, end)`, until it returns true.
    fn walk_partner_buckets(
        &mut self,
        p: usize,
        lo: usize,
        mut visit: impl FnMut(&mut Self, u8, usize, usize, usize) -> bool,
    ) -> bool {
        let cv = self.cls[p];
        let (plo, phi) = (self.plo[p], self.phi[p]);
        for ci in 0..self.compat[cv].len() {
            let (rel, cb) = self.compat[cv][ci];
            let start = self.first_ne[cb * (self.npv + 1) + plo];
            for li in start..self.nonempty[cb].len() {
                let (pi, b) = self.nonempty[cb][li];
                if pi > phi {
                    break;
                }
                let (from, to) = (self.bstart[b], self.bstart[b + 1]);
                let first = from + self.ord[from..to].partition_point(|&u| u < lo);
                let k = self.next_alive(first);
                if visit(self, rel, b, k, to) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether field players i and j (i != j) may be paired at the level (same answer as
    /// `ladder::allowed`).
    #[inline]
    pub(crate) fn pair_ok(&self, i: usize, j: usize) -> bool {
        if let Some(d) = self.level.max_diff
            && (self.f.points[i] - self.f.points[j]).abs() > d
        {
            return false;
        }
        let colours_ok = if self.table.is_empty() {
            let a = self.f.alloc(i, j);
            a.max_streak <= self.level.streak_limit && (!self.level.balance || a.max_abs_diff <= 2)
        } else {
            let gt = self.f.tpn[i] > self.f.tpn[j];
            self.table[(self.cls[i] * self.ncls + self.cls[j]) * 2 + gt as usize]
        };
        colours_ok && (self.level.rematches || self.f.meetings(i, j) == 0)
    }

    fn find(&mut self, mut x: usize) -> usize {
        let mut r = x;
        while self.base[r] != r {
            r = self.base[r];
        }
        while self.base[x] != r {
            let next = self.base[x];
            self.base[x] = r;
            x = next;
        }
        r
    }

    fn touch(&mut self, v: usize) {
        if self.label[v] == UNLABELLED {
            self.touched.push(v);
            if v < self.n {
                let k = self.at[v];
                self.undo.push((k, self.nxt[k]));
                self.nxt[k] = k + 1;
            }
        }
    }

    fn reset(&mut self) {
        for v in std::mem::take(&mut self.touched) {
            self.label[v] = UNLABELLED;
            self.link[v] = NONE;
            self.base[v] = v;
        }
        let mut again = Vec::with_capacity(self.undo.len());
        while let Some((k, old)) = self.undo.pop() {
            self.nxt[k] = old;
            again.push(k);
        }
        // Now only dead players are skipped: compress those paths for good (they would
        // otherwise be walked again by every search).
        for k in again {
            self.skip_to(k, false);
        }
        for b in std::mem::take(&mut self.touched_buckets) {
            self.groups[b].clear();
        }
        self.queue.clear();
    }

    /// The first position >= k of `ord` holding an alive unlabelled player.
    fn next_free(&mut self, k: usize) -> usize {
        self.skip_to(k, true)
    }

    /// v has just become outer: queue it and file it in its bucket as a group of its own.
    fn outer(&mut self, v: usize) {
        self.label[v] = OUTER;
        self.queue.push_back(v);
        if v < self.n {
            let b = self.bucket[v];
            if self.groups[b].is_empty() {
                self.touched_buckets.push(b);
            }
            self.gnext[v] = NONE;
            self.gtail[v] = v;
            self.groups[b].push(v);
        }
    }

    /// Joins two group lists (heads), either may be NONE.
    fn concat(&mut self, h1: usize, h2: usize) -> usize {
        if h1 == NONE {
            return h2;
        }
        if h2 == NONE {
            return h1;
        }
        let t1 = self.gtail[h1];
        self.gnext[t1] = h2;
        self.gtail[h1] = self.gtail[h2];
        h1
    }

    fn lca(&mut self, x: usize, y: usize) -> usize {
        self.stamp += 1;
        let t = self.stamp;
        let (mut x, mut y) = (x, y);
        loop {
            if x != NONE {
                if self.vis[x] == t {
                    return x;
                }
                self.vis[x] = t;
                x = if self.mate[x] == NONE {
                    NONE
                } else {
                    let l = self.link[self.mate[x]];
                    self.find(l)
                };
            }
            std::mem::swap(&mut x, &mut y);
        }
    }

    fn blossom(&mut self, mut x: usize, mut y: usize, l: usize) {
        while self.find(x) != l {
            self.link[x] = y;
            y = self.mate[x];
            if self.label[y] == INNER {
                self.outer(y);
            }
            if self.base[x] == x {
                self.base[x] = l;
            }
            if self.base[y] == y {
                self.base[y] = l;
            }
            x = self.link[y];
        }
    }

    /// The edge between outer players u and v of different blossoms closes a blossom.
    fn contract(&mut self, u: usize, v: usize) {
        let (bu, bv) = (self.find(u), self.find(v));
        let l = self.lca(bu, bv);
        self.blossom(u, v, l);
        self.blossom(v, u, l);
    }

    fn augment(&mut self, mut x: usize) {
        while x != NONE {
            let y = self.link[x];
            let nx = self.mate[y];
            self.mate[x] = y;
            self.mate[y] = x;
            x = nx;
        }
    }

    /// The edge from outer v to u, whatever u's label; true when it augmented.
    fn edge(&mut self, v: usize, u: usize) -> bool {
        match self.label[u] {
            UNLABELLED => {
                self.touch(u);
                self.label[u] = INNER;
                self.link[u] = v;
                if self.mate[u] == NONE {
                    self.augment(u);
                    return true;
                }
                let w = self.mate[u];
                self.touch(w);
                self.outer(w);
                false
            }
            OUTER => {
                if self.find(u) != self.find(v) {
                    self.contract(u, v);
                }
                false
            }
            _ => false,
        }
    }

    /// Scans the neighbours of outer v; true when it augmented.
    fn scan(&mut self, v: usize) -> bool {
        if v == self.n {
            for i in 0..self.receivers.len() {
                let u = self.receivers[i];
                if self.alive[u] && self.edge(v, u) {
                    return true;
                }
            }
            return false;
        }
        if self.receiver[v] && self.alive[self.n] && self.edge(v, self.n) {
            return true;
        }
        let rematches = self.level.rematches;
        let cv = self.cls[v];
        let (plo, phi) = (self.plo[v], self.phi[v]);
        for ci in 0..self.compat[cv].len() {
            let (rel, cb) = self.compat[cv][ci];
            let list_len = self.nonempty[cb].len();
            let start = self.first_ne[cb * (self.npv + 1) + plo];
            for li in start..list_len {
                let (pi, b) = self.nonempty[cb][li];
                if pi > phi {
                    break;
                }
                let (from, to) = (self.bstart[b], self.bstart[b + 1]);
                if rel == 2 {
                    // Colours depend on the TPN order: player by player.
                    for k in from..to {
                        let u = self.ord[k];
                        if u == v || !self.alive[u] || self.label[u] == INNER {
                            continue;
                        }
                        if self.label[u] == OUTER && self.find(u) == self.find(v) {
                            continue;
                        }
                        if self.pair_ok(v, u) && self.edge(v, u) {
                            return true;
                        }
                    }
                    continue;
                }
                // Every pair with this bucket passes points and colours: only a meeting
                // can forbid it. Unlabelled players first.
                let mut k = self.next_free(from);
                while k < to {
                    let u = self.ord[k];
                    if (rematches || self.f.meetings(v, u) == 0) && self.edge(v, u) {
                        return true;
                    }
                    k = self.next_free(k + 1);
                }
                // Outer players of the bucket, group by group.
                match self.groups[b].len() {
                    0 => continue,
                    1 => {
                        let h = self.groups[b][0];
                        if self.find(h) == self.find(v) {
                            continue;
                        }
                    }
                    _ => {}
                }
                let gs = std::mem::take(&mut self.groups[b]);
                let mut keep = Vec::new();
                let mut vhead = NONE;
                for h in gs {
                    if self.find(h) != self.find(v) {
                        let mut w = h;
                        while w != NONE && (w == v || (!rematches && self.f.meetings(v, w) > 0)) {
                            w = self.gnext[w];
                        }
                        if w == NONE {
                            keep.push(h);
                            continue;
                        }
                        self.contract(v, w);
                    }
                    vhead = self.concat(vhead, h);
                }
                // Players that turned outer meanwhile were filed in groups[b] again.
                let mut merged = std::mem::take(&mut self.groups[b]);
                merged.extend(keep);
                if vhead != NONE {
                    merged.push(vhead);
                }
                self.groups[b] = merged;
            }
        }
        false
    }

    /// One Edmonds search from the exposed vertex `root`. Augments and returns true when it
    /// reaches another exposed vertex; otherwise leaves the labels in place (see
    /// [`Implicit::is_outer`]) and returns false. Call [`Implicit::clear`] before the next.
    pub fn search(&mut self, root: usize) -> bool {
        self.reset();
        self.touch(root);
        self.outer(root);
        while let Some(v) = self.queue.pop_front() {
            if self.scan(v) {
                return true;
            }
        }
        false
    }

    /// After a failed search: whether v was reached by an even alternating path.
    pub fn is_outer(&self, v: usize) -> bool {
        self.label[v] == OUTER
    }

    /// Forgets the labels of the last search.
    pub(crate) fn clear(&mut self) {
        self.reset();
    }

    /// Whether the alive vertices have a perfect matching (greedy start, then one search per
    /// exposed vertex; the first failed search proves that none exists).
    pub(crate) fn has_perfect_matching(&mut self) -> bool {
        let verts: Vec<usize> = (0..=self.n).filter(|&v| self.alive[v]).collect();
        if verts.len() % 2 == 1 {
            return false;
        }
        // Greedy start: each exposed player takes the first exposed allowed one in its
        // window, z the first exposed receiver. Skip pointers over exposed players.
        let n = self.n;
        let mut next: Vec<usize> = (0..=n + 1).collect(); // next[i] = first exposed >= i
        fn nxt(next: &mut [usize], mut i: usize) -> usize {
            let mut r = i;
            while next[r] != r {
                r = next[r];
            }
            while next[i] != r {
                let t = next[i];
                next[i] = r;
                i = t;
            }
            r
        }
        for v in 0..n {
            if !self.alive[v] {
                next[v] = v + 1;
            }
        }
        for v in 0..n {
            if !self.alive[v] || self.mate[v] != NONE {
                continue;
            }
            next[v] = v + 1;
            let mut u = nxt(&mut next, v + 1);
            // The score window: field indices up to `end` may be within D points.
            let end = match self.level.max_diff {
                None => n,
                Some(d) => {
                    let p = self.f.points[v];
                    self.f.points.partition_point(|&x| x >= p - d)
                }
            };
            let mut tries = 0;
            while u < end && tries < 64 {
                if self.pair_ok(v, u) {
                    self.mate[v] = u;
                    self.mate[u] = v;
                    next[u] = u + 1;
                    break;
                }
                tries += 1;
                u = nxt(&mut next, u + 1);
            }
        }
        if self.alive[n] {
            for i in 0..self.receivers.len() {
                let r = self.receivers[i];
                if self.alive[r] && self.mate[r] == NONE {
                    self.mate[r] = n;
                    self.mate[n] = r;
                    break;
                }
            }
        }
        for v in verts {
            if self.mate[v] == NONE && !self.search(v) {
                self.clear();
                return false;
            }
        }
        self.clear();
        true
    }
}

/// The colour classes of a field (players with the same colour history): each player's class
/// and one colour state per class.
fn colour_classes(f: &SwissField) -> (Vec<usize>, Vec<ColourState>) {
    let mut ids: HashMap<ColourState, usize> = HashMap::new();
    let mut reps: Vec<ColourState> = Vec::new();
    let cls: Vec<usize> = f
        .colours
        .iter()
        .map(|c| {
            *ids.entry(*c).or_insert_with(|| {
                reps.push(*c);
                reps.len() - 1
            })
        })
        .collect();
    (cls, reps)
}

/// For classes (a, b) and "a has the higher TPN": whether the §8.2 colours pass the level's
/// streak and balance tests (`[(a * ncls + b) * 2 + higher]`). Empty when there are too many
/// classes.
fn colour_table(reps: &[ColourState], level: &Level) -> Vec<bool> {
    let ncls = reps.len();
    let mut table = Vec::new();
    if ncls <= 512 {
        table = vec![false; ncls * ncls * 2];
        for a in 0..ncls {
            for b in 0..ncls {
                for gt in [false, true] {
                    let (ta, tb) = if gt { (2, 1) } else { (1, 2) };
                    let al = super::colours::allocate(&reps[a], ta, &reps[b], tb);
                    table[(a * ncls + b) * 2 + gt as usize] = al.max_streak <= level.streak_limit
                        && (!level.balance || al.max_abs_diff <= 2);
                }
            }
        }
    }
    table
}

/// The colour relation of each class pair (a, b): 1 when their §8.2 colours pass the level's
/// tests in either TPN order, 2 in only one, 0 in none.
fn colour_relation(reps: &[ColourState], level: &Level) -> Vec<u8> {
    let ncls = reps.len();
    let mut rel = vec![1u8; ncls * ncls];
    for a in 0..ncls {
        for b in 0..ncls {
            let ok = |gt: bool| {
                let (ta, tb) = if gt { (2, 1) } else { (1, 2) };
                let al = super::colours::allocate(&reps[a], ta, &reps[b], tb);
                al.max_streak <= level.streak_limit && (!level.balance || al.max_abs_diff <= 2)
            };
            rel[a * ncls + b] = match (ok(false), ok(true)) {
                (true, true) => 1,
                (false, false) => 0,
                _ => 2,
            };
        }
    }
    rel
}

/// The distinct point values (highest first), each player's score index and score window
/// (the score indices within D of its own: `plo..=phi`).
fn score_windows(f: &SwissField, level: &Level) -> (usize, Vec<usize>, Vec<usize>, Vec<usize>) {
    let n = f.len();
    let mut pv: Vec<i32> = f.points.clone();
    pv.sort_unstable_by(|x, y| y.cmp(x));
    pv.dedup();
    let npv = pv.len();
    let pidx: Vec<usize> = f.points.iter().map(|&x| pv.partition_point(|&y| y > x)).collect();
    let (plo, phi): (Vec<usize>, Vec<usize>) = match level.max_diff {
        None => (vec![0; n], vec![npv.saturating_sub(1); n]),
        Some(d) => f
            .points
            .iter()
            .map(|&x| {
                let lo = pv.partition_point(|&y| y > x + d);
                let hi = pv.partition_point(|&y| y >= x - d);
                (lo, hi.saturating_sub(1))
            })
            .unzip(),
    };
    (npv, pidx, plo, phi)
}

/// The players in bucket order: each bucket's start in `ord`, `ord`, and each player's
/// position in it.
fn bucket_order(bucket: &[usize], nb: usize) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let n = bucket.len();
    let mut bstart = vec![0usize; nb + 1];
    for &b in bucket {
        bstart[b + 1] += 1;
    }
    for b in 0..nb {
        bstart[b + 1] += bstart[b];
    }
    let mut fill = bstart.clone();
    let mut ord = vec![0; n];
    let mut at = vec![0; n];
    for v in 0..n {
        let b = bucket[v];
        ord[fill[b]] = v;
        at[v] = fill[b];
        fill[b] += 1;
    }
    (bstart, ord, at)
}

/// Per class: its non-empty buckets as (score index, bucket), the classes whose colours with
/// it may pass with their relation, and the index of its first non-empty bucket at or after
/// each score index.
#[allow(clippy::type_complexity)]
fn bucket_lists(
    bstart: &[usize],
    rel: &[u8],
    ncls: usize,
    npv: usize,
) -> (Vec<Vec<(usize, usize)>>, Vec<Vec<(u8, usize)>>, Vec<usize>) {
    let nonempty: Vec<Vec<(usize, usize)>> = (0..ncls)
        .map(|c| {
            (0..npv)
                .map(|pi| (pi, c * npv + pi))
                .filter(|&(_, b)| bstart[b + 1] > bstart[b])
                .collect()
        })
        .collect();
    let compat: Vec<Vec<(u8, usize)>> = (0..ncls)
        .map(|a| {
            (0..ncls).filter(|&b| rel[a * ncls + b] != 0).map(|b| (rel[a * ncls + b], b)).collect()
        })
        .collect();
    let mut first_ne = vec![0; ncls * (npv + 1)];
    for c in 0..ncls {
        for pi in 0..=npv {
            first_ne[c * (npv + 1) + pi] = nonempty[c].partition_point(|&(x, _)| x < pi);
        }
    }
    (nonempty, compat, first_ne)
}

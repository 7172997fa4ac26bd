//! SPEC §8.4: which pairing at the chosen level. The highest unpaired player takes the first
//! opponent of its preference list that is allowed and leaves a completable rest.
//!
//! The rest is never re-solved from scratch: a perfect matching of the unpaired players is
//! kept, and trying {p, q} only needs one augmenting path between the two players left
//! without partner (their old mates). Before that, the counting filter of
//! [`super::quotient`] rules out, from bucket counts alone, the candidates whose rest cannot
//! be paired for a reason that shows in the counts (the usual reason).

use super::field::SwissField;
use super::level_graph::LevelGraph;
use super::quotient::Quotient;
use crate::matching::Matcher;
use std::collections::BinaryHeap;

/// Fenwick tree over field positions: 1 = unpaired.
struct Fenwick {
    t: Vec<i32>,
}

impl Fenwick {
    fn new(n: usize) -> Self {
        let mut f = Fenwick { t: vec![0; n + 1] };
        for i in 0..n {
            f.add(i, 1);
        }
        f
    }
    fn add(&mut self, i: usize, d: i32) {
        let mut i = i + 1;
        while i < self.t.len() {
            self.t[i] += d;
            i += i & i.wrapping_neg();
        }
    }
    /// Number of unpaired positions < i.
    fn prefix(&self, i: usize) -> usize {
        let (mut i, mut s) = (i, 0);
        while i > 0 {
            s += self.t[i];
            i &= i - 1;
        }
        s as usize
    }
    /// Position of the k-th (0-based) unpaired.
    fn kth(&self, k: usize) -> usize {
        let mut pos = 0;
        let mut rem = k as i32 + 1;
        let mut step = (self.t.len()).next_power_of_two();
        while step > 0 {
            let nx = pos + step;
            if nx < self.t.len() && self.t[nx] < rem {
                pos = nx;
                rem -= self.t[nx];
            }
            step >>= 1;
        }
        pos
    }
}

/// Skip pointers to the next (or previous) unpaired position, path-compressed.
struct Skip {
    next: Vec<u32>,
}

impl Skip {
    fn new(n: usize) -> Self {
        Skip { next: (0..=n as u32 + 1).collect() }
    }
    fn find(&mut self, x: usize) -> usize {
        let mut root = x;
        while self.next[root] as usize != root {
            root = self.next[root] as usize;
        }
        let mut x = x;
        while self.next[x] as usize != root {
            let nx = self.next[x] as usize;
            self.next[x] = root as u32;
            x = nx;
        }
        root
    }
}

/// Positions `0..n` some of which are taken out, with the next live one at or after, and the
/// last live one before, any position.
struct Live {
    fwd: Skip,
    /// Backward skips on shifted positions: position v ↔ v+1, 0 = sentinel.
    back: Skip,
}

impl Live {
    fn new(n: usize) -> Self {
        Live { fwd: Skip::new(n), back: Skip::new(n + 1) }
    }
    fn remove(&mut self, v: usize) {
        self.fwd.next[v] = v as u32 + 1;
        self.back.next[v + 1] = v as u32;
    }
    /// First live position >= x (n when none).
    fn next_from(&mut self, x: usize) -> usize {
        self.fwd.find(x)
    }
    /// Last live position < x.
    fn prev_before(&mut self, x: usize) -> Option<usize> {
        match self.back.find(x) {
            0 => None,
            s => Some(s - 1),
        }
    }
}

/// The unpaired players: counted in Swiss order (for p's score group and the next p), and
/// bucket by bucket (score group × colour class) so that p's preference list can step over
/// whole buckets of players it may not meet.
struct Unpaired {
    fen: Fenwick,
    /// Over the vertices in Swiss order.
    swiss: Live,
    /// Over the positions of the field's flat bucket layout (`SwissField::order`).
    flat: Live,
}

impl Unpaired {
    fn new(n: usize) -> Self {
        Unpaired { fen: Fenwick::new(n), swiss: Live::new(n), flat: Live::new(n) }
    }
    fn remove(&mut self, v: usize, f: &SwissField) {
        self.fen.add(v, -1);
        self.swiss.remove(v);
        self.flat.remove(f.position[v] as usize);
    }
    /// The highest unpaired player in Swiss order, if any.
    fn first(&self, n: usize) -> Option<usize> {
        (self.fen.prefix(n) > 0).then(|| self.fen.kth(0))
    }
    /// First unpaired player of bucket `b` at or after vertex `x` in Swiss order.
    fn first_in_bucket(&mut self, f: &SwissField, b: usize, x: usize) -> Option<usize> {
        let (s, e, _) = f.bucket_range[b];
        let (s, e) = (s as usize, e as usize);
        let pos = s + f.order[s..e].partition_point(|&v| (v as usize) < x);
        let live = self.flat.next_from(pos);
        (live < e).then(|| f.order[live] as usize)
    }
    /// Last unpaired player of bucket `b` before vertex `x` in Swiss order.
    fn last_in_bucket(&mut self, f: &SwissField, b: usize, x: usize) -> Option<usize> {
        let (s, e, _) = f.bucket_range[b];
        let (s, e) = (s as usize, e as usize);
        let pos = s + f.order[s..e].partition_point(|&v| (v as usize) < x);
        match self.flat.prev_before(pos) {
            Some(live) if live >= s => Some(f.order[live] as usize),
            _ => None,
        }
    }
}

/// What the caller of [`walk`] says of a candidate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Take,
    /// Not this player; others of its bucket may do.
    Next,
    /// No player of this bucket will do (for this p).
    SkipBucket,
}

/// Walks p's preference list (§8.4) and returns the first candidate `take` accepts. At a
/// rematch level the candidates p has met are deferred to the end, fewest meetings first,
/// then in list order.
///
/// The list is produced bucket by bucket, merged in Swiss order: buckets whose colour class p
/// may never meet at this level, groups beyond the score limit, and buckets `take` rejects
/// as a whole are never stepped through player by player. (Walking the list player by player
/// was quadratic on rounds where p's first workable partner lies thousands of places down.)
fn walk(
    p: usize,
    g: &LevelGraph,
    u: &mut Unpaired,
    take: &mut dyn FnMut(usize) -> Verdict,
) -> Option<usize> {
    let f = g.f;
    let gi = f.group_of[p] as usize;
    let sg = f.groups[gi];
    let before_p = u.fen.prefix(p);
    let m_size = u.fen.prefix(sg.end) - before_p;
    let k = m_size / 2;
    let rematch_level = g.level.rematches;
    let mut played: Vec<usize> = Vec::new();
    {
        let mut visit = |q: usize| -> Verdict {
            if rematch_level && f.met[p].contains(&(q as u32)) {
                played.push(q);
                return Verdict::Next;
            }
            take(q)
        };
        // 1. Own score group: G[k], G[k+1], …, G[m-1], then G[k-1], …, G[1].
        if m_size >= 2 {
            let gk = u.fen.kth(before_p + k);
            if let Some(q) = merge(p, g, gi, u, gk..sg.end, false, &mut visit) {
                return Some(q);
            }
            if let Some(q) = merge(p, g, gi, u, p + 1..gk, true, &mut visit) {
                return Some(q);
            }
        }
        // 2. Lower score groups, highest first, each in Swiss order (none beyond the score
        //    limit: no pair there is allowed).
        let (_, reach_end) = g.reach_of(gi);
        for h in gi + 1..reach_end {
            let grp = f.groups[h];
            if let Some(q) = merge(p, g, h, u, grp.start..grp.end, false, &mut visit) {
                return Some(q);
            }
        }
    }
    // 3. Rematch level: those already met, fewest meetings first, then in the order above.
    let rank = |q: usize| -> (usize, usize) {
        let pos = if q < sg.end {
            let idx = u.fen.prefix(q) - before_p;
            if idx >= k { idx - k } else { (m_size - k) + (k - 1 - idx) }
        } else {
            m_size + q
        };
        (f.meetings(p, q), pos)
    };
    played.sort_by_key(|&q| rank(q));
    played.into_iter().find(|&q| take(q) == Verdict::Take)
}

/// The unpaired players of score group `h` within the vertex range `range`, in Swiss order
/// (or its reverse with `down`), each bucket p may meet contributing its players in turn, until
/// `visit` takes one.
fn merge(
    p: usize,
    g: &LevelGraph,
    h: usize,
    u: &mut Unpaired,
    range: std::ops::Range<usize>,
    down: bool,
    visit: &mut dyn FnMut(usize) -> Verdict,
) -> Option<usize> {
    let f = g.f;
    // Usually a player near the start of the range is taken: the players one by one, in
    // Swiss order, as the merge below would produce them (buckets p may not meet and
    // buckets `visit` skipped left out), before building the merge's heap.
    const ONE_BY_ONE: usize = 32;
    let mut skipped = [0u32; ONE_BY_ONE];
    let mut n_skipped = 0;
    let mut range = range;
    for _ in 0..ONE_BY_ONE {
        let q = if down {
            match u.swiss.prev_before(range.end) {
                Some(q) if q >= range.start => q,
                _ => return None,
            }
        } else {
            match u.swiss.next_from(range.start) {
                q if q < range.end => q,
                _ => return None,
            }
        };
        if down {
            range.end = q;
        } else {
            range.start = q + 1;
        }
        let b = f.bucket_of[q];
        if !g.may_meet_bucket(p, b as usize) || skipped[..n_skipped].contains(&b) {
            continue;
        }
        match visit(q) {
            Verdict::Take => return Some(q),
            Verdict::Next => {}
            Verdict::SkipBucket => {
                skipped[n_skipped] = b;
                n_skipped += 1;
            }
        }
    }
    let skipped = &skipped[..n_skipped];
    // Next player of bucket b after q (in the walking direction), inside the range.
    let step = |u: &mut Unpaired, b: usize, q: usize| -> Option<usize> {
        if down {
            u.last_in_bucket(f, b, q).filter(|&x| x >= range.start)
        } else {
            u.first_in_bucket(f, b, q).filter(|&x| x < range.end)
        }
    };
    // Max-heap on the key: the Swiss position going down, its reverse going up.
    let key = |q: usize| if down { q } else { usize::MAX - q };
    let mut heap: BinaryHeap<(usize, usize)> = BinaryHeap::new();
    for &b in &f.group_buckets[h] {
        let b = b as usize;
        if g.may_meet_bucket(p, b)
            && !skipped.contains(&(b as u32))
            && let Some(q) = step(u, b, if down { range.end } else { range.start })
        {
            heap.push((key(q), b));
        }
    }
    while let Some((kq, b)) = heap.pop() {
        let q = if down { kq } else { usize::MAX - kq };
        match visit(q) {
            Verdict::Take => return Some(q),
            Verdict::SkipBucket => {}
            Verdict::Next => {
                if let Some(q2) = step(u, b, if down { q } else { q + 1 }) {
                    heap.push((key(q2), b));
                }
            }
        }
    }
    None
}

/// Pairs the active vertices of `g` (all of the field except the bye receiver), given a
/// perfect matching `m` of them. Returns the pairs (higher-ranked first) in the order made.
///
/// For each p: its first allowed candidate q1 that the counting filter accepts is tried with
/// one targeted augmenting path. When that fails, one alternating search from p's partner in
/// the graph less p labels, as outer, exactly the players q for which the rest less p and q
/// still has a complete pairing (Gallai-Edmonds). So every p costs at most two exhaustive
/// searches, however many of its candidates fail, and usually none.
pub(crate) fn pair(g: &mut LevelGraph, m: &mut Matcher) -> Vec<(usize, usize)> {
    let n = g.f.len();
    let mut u = Unpaired::new(n);
    for v in 0..n {
        if !g.active[v] {
            u.remove(v, g.f);
            g.retire(v);
        }
    }
    let nb = g.f.bucket_range.len();
    m.index_pairs(&g.f.bucket_of, nb);
    m.index_bucket_graph((0..nb).map(|b| g.compatible_buckets(b)).collect());
    let mut pairs = Vec::with_capacity(n / 2);
    let mut qf = Quotient::new(g, m);
    let mut rejected: Vec<u32> = Vec::new();
    // Bucket pairs the filter has rejected: rejected for good (see `Quotient::try_remove`),
    // so later players of the same bucket skip them without a flow search.
    let mut rejected_for_good = vec![false; nb * nb];
    let mut rejections = 0u64;
    while let Some(p) = u.first(n) {
        // The first candidate that is allowed and that the counting filter does not rule
        // out (its verdict depends on q's bucket only); the filter's removal stays pending.
        let bp = g.f.bucket_of[p] as usize;
        rejected.clear();
        let q1 = {
            let gr = &*g;
            walk(p, gr, &mut u, &mut |q| {
                let bq = gr.f.bucket_of[q];
                if rejected.contains(&bq) {
                    return Verdict::SkipBucket;
                }
                if rejected_for_good[bp * nb + bq as usize] {
                    // The filter would reject this bucket at its first allowed player.
                    rejected.push(bq);
                    rejections += 1;
                    return Verdict::SkipBucket;
                }
                if !gr.allowed(p, q) {
                    return Verdict::Next;
                }
                if qf.try_remove(bp, bq as usize) {
                    return Verdict::Take;
                }
                qf.rollback();
                rejected.push(bq);
                rejected_for_good[bp * nb + bq as usize] = true;
                rejected_for_good[bq as usize * nb + bp] = true;
                rejections += 1;
                Verdict::SkipBucket
            })
            .expect("§8.4: a perfect matching guarantees a candidate the filter accepts")
        };
        let mp = m.mate[p] as usize;
        // Usually one targeted augmenting path (which ends within a few steps) confirms q1.
        let q = if try_pair(g, m, p, q1) {
            qf.commit();
            q1
        } else {
            // q1 leaves no completable rest after all (a rematch or a parity obstacle the
            // counting cannot see). One search from p's partner in the graph less p labels
            // outer every q that does (Gallai-Edmonds); take the first in p's list.
            qf.rollback();
            m.counters.fallback_searches += 1;
            m.unpair(p);
            g.active[p] = false;
            m.label_outer(&*g, mp);
            let (gr, mr) = (&*g, &*m);
            let q = walk(p, gr, &mut u, &mut |q| {
                if mr.is_outer_now(q) && gr.allowed(p, q) { Verdict::Take } else { Verdict::Next }
            })
            .expect("§8.4: p's partner in the kept matching is always a workable candidate");
            g.active[p] = true;
            m.pair(p, mp);
            let ok = try_pair(g, m, p, q);
            assert!(ok, "§8.4: the chosen candidate leaves a completable rest");
            let ok = qf.try_remove(bp, g.f.bucket_of[q] as usize);
            assert!(ok, "§8.4: a completable rest passes the counting filter");
            qf.commit();
            q
        };
        u.remove(p, g.f);
        u.remove(q, g.f);
        g.retire(p);
        g.retire(q);
        pairs.push((p, q));
    }
    m.counters.filter_nodes += qf.visited;
    m.counters.filter_rejections += rejections;
    pairs
}

/// {p, q} allowed and the rest still completable? On success p and q are taken out of the
/// graph (inactive) and the matching covers the rest.
fn try_pair(g: &mut LevelGraph, m: &mut Matcher, p: usize, q: usize) -> bool {
    if !g.allowed(p, q) {
        return false;
    }
    let (mp, mq) = (m.mate[p] as usize, m.mate[q] as usize);
    if mp == q {
        m.unpair(p);
        g.active[p] = false;
        g.active[q] = false;
        return true;
    }
    m.unpair(p);
    m.unpair(q);
    g.active[p] = false;
    g.active[q] = false;
    if m.augment_pair(&*g, mp, mq) {
        return true;
    }
    g.active[p] = true;
    g.active[q] = true;
    m.pair(p, mp);
    m.pair(q, mq);
    false
}

//! SPEC §8.4: which pairing at the chosen level. The highest unpaired player takes the first
//! opponent of its preference list that is allowed and leaves a completable rest.
//!
//! The rest is never re-solved from scratch: a perfect matching of the unpaired players is
//! kept, and trying {p, q} only needs one augmenting path between the two players left
//! without partner (their old mates). Before that, the counting filter of
//! [`crate::quotient`] rules out, from bucket counts alone, the candidates whose rest cannot
//! be paired for a reason that shows in the counts (the usual reason).

use crate::ladder::LevelGraph;
use crate::matching::Matcher;
use crate::quotient::Quotient;

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

/// The unpaired players in Swiss order, with what p's preference list needs.
struct Unpaired {
    fen: Fenwick,
    fwd: Skip,
    /// Backward skips on shifted positions: position v ↔ v+1, 0 = sentinel.
    back: Skip,
}

impl Unpaired {
    fn new(n: usize) -> Self {
        Unpaired { fen: Fenwick::new(n), fwd: Skip::new(n), back: Skip::new(n + 1) }
    }
    fn remove(&mut self, v: usize) {
        self.fen.add(v, -1);
        self.fwd.next[v] = v as u32 + 1;
        self.back.next[v + 1] = v as u32;
    }
    /// First unpaired position >= x (n when none).
    fn next_from(&mut self, x: usize) -> usize {
        self.fwd.find(x)
    }
    /// Last unpaired position < x.
    fn prev_before(&mut self, x: usize) -> Option<usize> {
        match self.back.find(x) {
            0 => None,
            s => Some(s - 1),
        }
    }
}

/// Walks p's preference list (§8.4) and returns the first candidate for which `take` says
/// yes. At a rematch level the candidates p has met are deferred to the end, fewest
/// meetings first, then in list order.
fn walk(p: usize, g: &LevelGraph, u: &mut Unpaired, take: &mut dyn FnMut(usize) -> bool) -> Option<usize> {
    let n = g.f.len();
    let sg = g.f.groups[g.f.group_of[p] as usize];
    let before_p = u.fen.prefix(p);
    let m_size = u.fen.prefix(sg.end) - before_p;
    let k = m_size / 2;
    let rematch_level = g.level.rematches;
    let mut played: Vec<usize> = Vec::new();
    let mut visit = |q: usize, played: &mut Vec<usize>| -> bool {
        if rematch_level && g.f.met[p].contains(&(q as u32)) {
            played.push(q);
            return false;
        }
        take(q)
    };
    // 1. Own score group: G[k], G[k+1], …, G[m-1], then G[k-1], …, G[1].
    if m_size >= 2 {
        let gk = u.fen.kth(before_p + k);
        let mut q = gk;
        while q < sg.end {
            if visit(q, &mut played) {
                return Some(q);
            }
            q = u.next_from(q + 1);
        }
        let mut q = gk;
        while let Some(pq) = u.prev_before(q) {
            if pq <= p {
                break;
            }
            if visit(pq, &mut played) {
                return Some(pq);
            }
            q = pq;
        }
    }
    // 2. Lower score groups, highest first, each in Swiss order.
    let mut q = u.next_from(sg.end.max(p + 1));
    while q < n {
        if visit(q, &mut played) {
            return Some(q);
        }
        q = u.next_from(q + 1);
    }
    // 3. Rematch level: those already met, fewest meetings first, then in the order above.
    let rank = |q: usize| -> (usize, usize) {
        let pos = if q < sg.end {
            let idx = u.fen.prefix(q) - before_p;
            if idx >= k { idx - k } else { (m_size - k) + (k - 1 - idx) }
        } else {
            m_size + q
        };
        (g.f.meetings(p, q), pos)
    };
    played.sort_by_key(|&q| rank(q));
    played.into_iter().find(|&q| take(q))
}

/// Pairs the active vertices of `g` (all of the field except the bye receiver), given a
/// perfect matching `m` of them. Returns the pairs (higher-ranked first) in the order made.
///
/// For each p: its first allowed candidate q1 that the counting filter accepts is tried with
/// one targeted augmenting path. When that fails, one alternating search from p's partner in
/// the graph less p labels, as outer, exactly the players q for which the rest less p and q
/// still has a complete pairing (Gallai-Edmonds). So every p costs at most two exhaustive
/// searches, however many of its candidates fail, and usually none.
pub fn pair(g: &mut LevelGraph, m: &mut Matcher) -> Vec<(usize, usize)> {
    let n = g.f.len();
    let mut u = Unpaired::new(n);
    for v in 0..n {
        if !g.active[v] {
            u.remove(v);
            g.retire(v);
        }
    }
    let mut pairs = Vec::with_capacity(n / 2);
    let mut qf = Quotient::new(g, m);
    let mut rejected: Vec<u32> = Vec::new();
    loop {
        let p = u.next_from(0);
        if p >= n {
            break;
        }
        // The first candidate that is allowed and that the counting filter does not rule
        // out (its verdict depends on q's bucket only); the filter's removal stays pending.
        let bp = g.f.bucket_of[p] as usize;
        rejected.clear();
        let q1 = {
            let gr = &*g;
            walk(p, gr, &mut u, &mut |q| {
                let bq = gr.f.bucket_of[q];
                if !gr.allowed(p, q) || rejected.contains(&bq) {
                    return false;
                }
                if qf.try_remove(bp, bq as usize) {
                    return true;
                }
                qf.rollback();
                rejected.push(bq);
                false
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
            m.unpair(p);
            g.active[p] = false;
            m.label_outer(&*g, mp);
            let (gr, mr) = (&*g, &*m);
            let q = walk(p, gr, &mut u, &mut |q| mr.is_outer_now(q) && gr.allowed(p, q))
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
        u.remove(p);
        u.remove(q);
        g.retire(p);
        g.retire(q);
        pairs.push((p, q));
    }
    m.counters.filter_nodes += qf.visited;
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
    if m.augment_from(&*g, mp, Some(mq)) {
        return true;
    }
    g.active[p] = true;
    g.active[q] = true;
    m.pair(p, mp);
    m.pair(q, mq);
    false
}

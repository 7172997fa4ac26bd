//! SPEC §8.4: which pairing at the chosen level. The highest unpaired player takes the first
//! opponent of its preference list that is allowed and leaves a completable rest.
//!
//! The rest is never re-solved from scratch: a perfect matching of the unpaired players is
//! kept, and trying {p, q} only needs one augmenting path between the two players left
//! without partner (their old mates).

use crate::ladder::LevelGraph;
use crate::matching::Matcher;

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

/// Pairs the active vertices of `g` (all of the field except the bye receiver), given a
/// perfect matching `m` of them. Returns the pairs (higher-ranked first) in the order made.
pub fn pair(g: &mut LevelGraph, m: &mut Matcher) -> Vec<(usize, usize)> {
    let n = g.f.len();
    let mut fen = Fenwick::new(n);
    // Forward skip over positions 0..=n (n = sentinel); backward skip over 1..=n+1 shifted.
    let mut fwd = Skip::new(n);
    let mut back = Skip::new(n + 1);
    let remove = |v: usize, fen: &mut Fenwick, fwd: &mut Skip, back: &mut Skip| {
        fen.add(v, -1);
        fwd.next[v] = v as u32 + 1;
        // back works on shifted positions: position v ↔ v+1, 0 = sentinel.
        back.next[v + 1] = v as u32;
    };
    for v in 0..n {
        if !g.active[v] {
            remove(v, &mut fen, &mut fwd, &mut back);
        }
    }
    let mut pairs = Vec::with_capacity(n / 2);
    let rematch_level = g.level.rematches;
    loop {
        let p = fwd.find(0);
        if p >= n {
            break;
        }
        let sg = g.f.groups[g.f.group_of[p] as usize];
        let before_p = fen.prefix(p);
        let m_size = fen.prefix(sg.end) - before_p;
        let k = m_size / 2;
        // The preference list, generated lazily.
        let mut played: Vec<usize> = Vec::new();
        let mut chosen = None;
        let consider = |q: usize, g: &mut LevelGraph, m: &mut Matcher, played: &mut Vec<usize>| -> bool {
            if rematch_level && g.f.met[p].contains(&(q as u32)) {
                played.push(q);
                return false;
            }
            try_pair(g, m, p, q)
        };
        // 1. own score group: G[k], G[k+1], …, G[m-1], then G[k-1], …, G[1].
        if m_size >= 2 {
            let mut q = fen.kth(before_p + k);
            while q < sg.end {
                if consider(q, g, m, &mut played) {
                    chosen = Some(q);
                    break;
                }
                q = fwd.find(q + 1);
            }
            if chosen.is_none() {
                let mut q = fen.kth(before_p + k);
                loop {
                    // previous unpaired before q, stopping at p
                    let prev = back.find(q); // shifted: returns position+1 of previous unpaired ≤ q-1
                    if prev == 0 {
                        break;
                    }
                    let pq = prev - 1;
                    if pq <= p {
                        break;
                    }
                    if consider(pq, g, m, &mut played) {
                        chosen = Some(pq);
                        break;
                    }
                    q = pq;
                }
            }
        }
        // 2. lower score groups in Swiss order.
        if chosen.is_none() {
            let mut q = fwd.find(sg.end.max(p + 1));
            while q < n {
                if consider(q, g, m, &mut played) {
                    chosen = Some(q);
                    break;
                }
                q = fwd.find(q + 1);
            }
        }
        // 3. at a rematch level: those already met, fewest meetings first, then list order.
        if chosen.is_none() {
            let rank = |q: usize| -> (usize, usize) {
                let own = q < sg.end;
                let pos = if own {
                    let idx = fen.prefix(q) - before_p;
                    if idx >= k { idx - k } else { (m_size - k) + (k - 1 - idx) }
                } else {
                    m_size + q
                };
                (g.f.meetings(p, q), pos)
            };
            played.sort_by_key(|&q| rank(q));
            for q in played.clone() {
                if try_pair(g, m, p, q) {
                    chosen = Some(q);
                    break;
                }
            }
        }
        let q = chosen.expect("§8.4: the kept perfect matching guarantees a candidate");
        remove(p, &mut fen, &mut fwd, &mut back);
        remove(q, &mut fen, &mut fwd, &mut back);
        pairs.push((p, q));
    }
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

//! Brackets and the choice among candidates (C.04.3 Articles 3-4), decided by matching.
//!
//! Brackets are paired from the top score group down. The bracket is the moved-down players
//! (MDPs) followed by the resident score group; the next score group is looked at too (C8).
//! With the criteria weights of `quality` on every pair among them (and completion-only
//! weights on every other pair, C4), one maximum-weight matching of all unpaired players
//! fixes the best achievable criteria values; the rules' order among equally good
//! candidates is then imposed step by step, each step a small extra weight in the spare low
//! bits followed by a new matching:
//! 1. MDP choice (4.4): MDPs of each score are taken highest first, as far as the optimum
//!    still pairs as many of them;
//! 2. opponents of the chosen MDPs: each, highest first, takes the highest resident that
//!    keeps the optimum;
//! 3. the remainder is split in S1/S2 (the first as many players as it has pairs); exchanges
//!    (4.3) are kept as few as possible, with the smallest BSN difference; the S1 players
//!    that leave are the lowest possible, the S2 players that enter the highest possible;
//! 4. transpositions (4.2): each S1 player, in order, takes the highest S2 player that keeps
//!    the optimum.
//!
//! Players left unpaired become the MDPs of the next bracket; the last one left is the bye.

use super::blossom::Matcher;
use super::order::Field;
use super::pab::{bye_choice_weight, played_ranks};
use super::quality::{self, Layout, Place};
use super::weight::Weight;
use bsw_model::HalfPoints;

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// C1-C3 leave no complete pairing.
    NoPairing,
    /// The weight layout does not fit the fixed width (too many score groups in a bracket).
    TooWide(u32),
}

/// Pairs (higher, lower) and the bye, as field indices.
pub struct Outcome {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
    /// What was decided, bracket by bracket (for `--explain`).
    pub explain: Vec<String>,
}

struct Matrix {
    n: usize,
    w: Vec<Weight>,
}

impl Matrix {
    fn new(n: usize) -> Matrix {
        Matrix { n, w: vec![Weight::ZERO; n * n] }
    }
    fn get(&self, a: usize, b: usize) -> Weight {
        self.w[a * self.n + b]
    }
    fn set(&mut self, a: usize, b: usize, v: Weight) {
        self.w[a * self.n + b] = v;
        self.w[b * self.n + a] = v;
    }
}

struct Solver {
    n: usize,
    /// The incremental matching of the players not yet finalised.
    m: Matcher,
    done: Vec<Option<usize>>,
    /// The last optimum: each player's partner (itself when unpaired).
    stable: Vec<usize>,
}

impl Solver {
    /// Sets the weight of (v, u); `v` is the player whose edges changed.
    fn set(&mut self, v: usize, u: usize, x: Weight) {
        self.m.set_weight(v, u, x);
    }

    /// Re-optimises the matching of the players not yet finalised.
    fn solve(&mut self) {
        self.m.solve();
        for v in 0..self.n {
            self.stable[v] = match self.done[v] {
                Some(u) => u,
                None => self.m.mate(v).unwrap_or(v),
            };
        }
    }

    fn finalize(&mut self, a: usize, b: usize) {
        self.done[a] = Some(b);
        self.done[b] = Some(a);
        self.stable[a] = b;
        self.stable[b] = a;
        self.m.remove(a);
        self.m.remove(b);
    }
}

/// `x * k` for a small `k`.
fn mul_small(x: &Weight, k: u64) -> Weight {
    let mut r = Weight::ZERO;
    let mut bit = 0;
    let mut k = k;
    while k > 0 {
        if k & 1 == 1 {
            r = r.add(&x.shl(bit));
        }
        k >>= 1;
        bit += 1;
    }
    r
}

/// Pairs the field (sorted in pairing order).
pub fn pair(field: &Field, rounds_before: u32, last_round: bool) -> Result<Outcome, Failure> {
    pair_with(field, rounds_before, last_round, false)
}

/// [`pair`]; with `deep`, each bracket's explain lines come from [`super::explain::bracket`]
/// (the chosen candidate's criteria and why earlier candidates lost; slow, for people).
pub fn pair_with(
    field: &Field,
    rounds_before: u32,
    last_round: bool,
    deep: bool,
) -> Result<Outcome, Failure> {
    let n = field.players.len();
    let score = |v: usize| field.players[v].score;
    let mut s = Solver { n, m: Matcher::new(n), done: vec![None; n], stable: (0..n).collect() };
    if n == 0 {
        return Ok(Outcome { pairs: vec![], bye: None, explain: vec![] });
    }
    // Distinct scores, ascending, for the bye choice.
    let mut scores: Vec<HalfPoints> = field.players.iter().map(|p| p.score).collect();
    scores.sort_unstable();
    scores.dedup();
    let rank = |x: HalfPoints| scores.iter().position(|&y| y == x).unwrap_or(0) as u64;
    let mut layout = Layout::new(field, &[], n);
    layout.rounds_before = rounds_before;
    layout.last_round = last_round;
    if n % 2 == 1 {
        for h in 0..n {
            for l in h + 1..n {
                let x =
                    bye_choice_weight(field, h, l, last_round, rounds_before, &rank, scores.len());
                s.set(h, l, x);
            }
        }
    } else {
        for h in 0..n {
            for l in h + 1..n {
                s.set(h, l, layout.weight(field, h, l, Place::Rest));
            }
        }
    }
    s.solve();
    let unmatched: Vec<usize> = (0..n).filter(|&v| s.stable[v] == v).collect();
    if unmatched.len() > 1 || unmatched.iter().any(|&v| !field.players[v].bye_eligible) {
        return Err(Failure::NoPairing);
    }
    let top = score(0);
    if n % 2 == 1 {
        let bye = unmatched[0];
        layout.bye_score = score(bye);
        layout.c9 = layout.bye_score >= top
            && (0..n).take_while(|&v| score(v) >= top).all(|v| score(s.stable[v]) >= top);
        let mut counts: Vec<usize> = field
            .players
            .iter()
            .filter(|p| p.score == layout.bye_score)
            .map(|p| p.played)
            .collect();
        layout.played_rank = played_ranks(&mut counts);
        for h in 0..n {
            for l in h + 1..n {
                s.set(h, l, layout.weight(field, h, l, Place::Rest));
            }
        }
    }
    let mut base = Matrix::new(n);
    let mut matched = vec![false; n];
    // Current bracket: `pbi` = MDPs (first `sgb`) + residents, then the next score group.
    let group_end = |from: usize| -> usize {
        let mut e = from;
        while e < n && score(e) >= score(from) {
            e += 1;
        }
        e
    };
    let mut next_iter = group_end(0);
    let mut pbi: Vec<usize> = (0..next_iter).collect();
    let mut sgb = 0usize;
    let mut resident_start = 0usize;
    let mut c9 = layout.c9;
    let mut guard = 0usize;
    let mut explain = Vec::new();
    let ids = |vs: &[usize]| -> String {
        let v: Vec<String> = vs.iter().map(|&v| field.players[v].id.to_string()).collect();
        format!("[{}]", v.join(" "))
    };
    if n % 2 == 1 {
        explain.push(format!(
            "odd field: the bye goes to a player of score {} (C5, lowest possible)",
            crate::half_points(layout.bye_score)
        ));
    }
    while pbi.len() > 1 || next_iter < n {
        guard += 1;
        if guard > 4 * n + 8 {
            return Err(Failure::NoPairing);
        }
        let ngb = pbi.len();
        let next_start = resident_start + (ngb - sgb);
        let group_start = next_iter;
        if next_iter < n {
            let e = group_end(next_iter);
            pbi.extend(next_iter..e);
            next_iter = e;
        }
        let next_score = (group_start < n).then(|| score(group_start));
        if ngb > sgb {
            explain.push(format!(
                "bracket {}: residents {} MDPs {}",
                crate::half_points(score(pbi[sgb])),
                ids(&pbi[sgb..ngb]),
                ids(&pbi[..sgb])
            ));
        } else {
            explain.push(format!("last players {}", ids(&pbi[..ngb])));
        }
        let mut lay = Layout::new(field, &pbi, n);
        lay.rounds_before = rounds_before;
        lay.last_round = last_round;
        lay.bye_score = layout.bye_score;
        lay.c9 = c9;
        lay.played_rank = layout.played_rank.clone();
        if !lay.fits(n) {
            return Err(Failure::TooWide(lay.total_bits(n)));
        }
        // Every other pair keeps only its completion fields, in this bracket's layout (the
        // field positions must be the same on every edge).
        let active: Vec<usize> = (0..n).filter(|&v| s.done[v].is_none()).collect();
        for (a, &u) in active.iter().enumerate() {
            for &v in &active[a + 1..] {
                s.set(u, v, lay.weight(field, u, v, Place::Rest));
            }
        }
        for j in sgb..pbi.len() {
            for i in 0..j {
                let place = if j < ngb { Place::Bracket } else { Place::Next };
                let x = lay.weight(field, pbi[i], pbi[j], place);
                base.set(pbi[i], pbi[j], x);
                s.set(pbi[i], pbi[j], x);
            }
        }
        s.solve();
        let in_res =
            |s: &Solver, v: usize| s.stable[v] >= resident_start && s.stable[v] < next_start;
        // 1. MDP choice.
        let mut md_score = 0;
        let mut rem = 0usize;
        let mut remm = 0usize;
        for pi in 0..sgb {
            let v = pbi[pi];
            if pi == 0 || score(v) < md_score {
                md_score = score(v);
                rem = 0;
                remm = 0;
                let mut k = pi;
                while k < sgb && score(pbi[k]) >= md_score {
                    rem += 1;
                    if in_res(&s, pbi[k]) {
                        remm += 1;
                    }
                    k += 1;
                }
            }
            if remm == 0 {
                continue;
            }
            if rem <= remm {
                matched[v] = true;
                continue;
            }
            rem -= 1;
            if !in_res(&s, v) {
                for oi in sgb..ngb {
                    let b = base.get(v, pbi[oi]);
                    if !b.is_zero() {
                        s.set(v, pbi[oi], b.add_u64(1));
                    }
                }
                s.solve();
            }
            if in_res(&s, v) {
                matched[v] = true;
                remm -= 1;
                for oi in sgb..ngb {
                    let b = base.get(v, pbi[oi]);
                    if !b.is_zero() {
                        s.set(v, pbi[oi], b.add_u64((ngb - sgb) as u64 + 1));
                    }
                }
            }
        }
        // 2. Opponents of the MDPs.
        for pi in 0..sgb {
            let v = pbi[pi];
            if !matched[v] {
                continue;
            }
            let mut addend = pbi.len() as u64;
            let mut top = None;
            for oi in (sgb..ngb).rev() {
                let o = pbi[oi];
                if matched[o] {
                    continue;
                }
                let b = base.get(v, o);
                if !b.is_zero() {
                    s.set(v, o, b.add_u64(addend));
                    addend += 1;
                    top = Some(o);
                }
            }
            // The matching is optimal for the weights before this step, which were the same
            // on all of v's resident edges: if v already has its most preferred opponent,
            // it still does (strictly) after the step, and no new matching is needed.
            if top != Some(s.stable[v]) {
                s.solve();
            }
            let u = s.stable[v];
            matched[u] = true;
            s.finalize(v, u);
        }
        // 3. Remainder, S1/S2 and exchanges.
        let remainder: Vec<usize> =
            (sgb..ngb).map(|pi| pbi[pi]).filter(|&v| s.stable[v] >= resident_start).collect();
        let rem_pairs = remainder.iter().filter(|&&v| s.stable[v] < v).count();
        let mdp_pairs: Vec<String> = (0..sgb)
            .filter(|&pi| s.done[pbi[pi]].is_some())
            .map(|pi| {
                let v = pbi[pi];
                format!("{}-{}", field.players[v].id, field.players[s.stable[v]].id)
            })
            .collect();
        if sgb > 0 {
            explain.push(format!(
                "  MDPs paired (4.4, highest first; each with the highest resident possible): {}",
                if mdp_pairs.is_empty() { "none".to_string() } else { mdp_pairs.join(" ") }
            ));
        }
        explain.push(format!(
            "  remainder: S1 {} S2 {}",
            ids(&remainder[..rem_pairs.min(remainder.len())]),
            ids(&remainder[rem_pairs.min(remainder.len())..])
        ));
        let c = lay.count;
        let ew = |base: &Matrix, a: usize, b: usize, ri: usize| -> Weight {
            let x = base.get(a, b);
            if x.is_zero() {
                return x;
            }
            let first = if ri < rem_pairs { Weight::bit(2 * c + 1) } else { Weight::ZERO };
            let order = ((1u64 << (2 * c)) - 1 - ri as u64) * 2;
            x.add(&first).add_u64(order)
        };
        for ri in 0..remainder.len() {
            for rj in ri + 1..remainder.len() {
                let x = ew(&base, remainder[ri], remainder[rj], ri);
                s.set(remainder[ri], remainder[rj], x);
            }
        }
        s.solve();
        let upper = |s: &Solver, v: usize| s.stable[v] > v && s.stable[v] < next_start;
        let exchanges = (0..rem_pairs).filter(|&ri| !upper(&s, remainder[ri])).count();
        let mut left = exchanges;
        let mut ri = rem_pairs;
        while ri > 0 && left > 0 {
            ri -= 1;
            let v = remainder[ri];
            if upper(&s, v) {
                for rj in ri + 1..remainder.len() {
                    let x = ew(&base, v, remainder[rj], ri);
                    if !x.is_zero() {
                        s.set(v, remainder[rj], x.sub(&Weight::from_u64(1)));
                    }
                }
                s.solve();
            }
            let exchange = !upper(&s, v);
            if exchange {
                left -= 1;
            }
            for rj in ri + 1..remainder.len() {
                if exchange {
                    base.set(v, remainder[rj], Weight::ZERO);
                }
                let x = ew(&base, v, remainder[rj], ri);
                s.set(v, remainder[rj], x);
            }
        }
        let mut left = exchanges;
        let mut ri = rem_pairs;
        while ri < remainder.len() && left > 1 {
            let v = remainder[ri];
            let already = upper(&s, v);
            if !already {
                for rj in ri + 1..remainder.len() {
                    let x = ew(&base, v, remainder[rj], ri);
                    if !x.is_zero() {
                        s.set(v, remainder[rj], x.add_u64(1));
                    }
                }
                s.solve();
            }
            if upper(&s, v) {
                left -= 1;
                for &o in &remainder[..ri] {
                    base.set(v, o, Weight::ZERO);
                    s.set(v, o, Weight::ZERO);
                }
                for &o in &pbi[ngb..] {
                    base.set(v, o, Weight::ZERO);
                    s.set(v, o, Weight::ZERO);
                }
            }
            if !already {
                for rj in ri + 1..remainder.len() {
                    let x = ew(&base, v, remainder[rj], ri);
                    s.set(v, remainder[rj], x);
                }
            }
            ri += 1;
        }
        for ri in 0..remainder.len() {
            for rj in ri + 1..remainder.len() {
                let (p, o) = (remainder[ri], remainder[rj]);
                if !upper(&s, p) || upper(&s, o) {
                    base.set(p, o, Weight::ZERO);
                }
                s.set(p, o, base.get(p, o));
            }
        }
        {
            let s1_now: Vec<usize> = remainder.iter().copied().filter(|&v| upper(&s, v)).collect();
            let s1_before = &remainder[..rem_pairs.min(remainder.len())];
            let out: Vec<usize> =
                s1_before.iter().copied().filter(|v| !s1_now.contains(v)).collect();
            let into: Vec<usize> =
                s1_now.iter().copied().filter(|v| !s1_before.contains(v)).collect();
            if !out.is_empty() {
                explain.push(format!(
                    "  exchange (4.3): {} from S1 to S2, {} from S2 to S1",
                    ids(&out),
                    ids(&into)
                ));
            }
        }
        // 4. Transpositions: each S1 player, in order, takes the highest S2 player that
        // keeps the optimum. Done for a group of S1 players per matching: S1 player i of
        // the group adds (m - j) * B^(g-1-i) to its edge towards its j-th preferred opponent
        // (B = m + 1 > every digit), so the group's choices form one base-B number and the
        // matching maximises them lexicographically — exactly the one-by-one choice.
        let s1: Vec<usize> = remainder.iter().copied().filter(|&v| upper(&s, v)).collect();
        let m = remainder.len() as u64;
        let digit_bits = quality::bits_for(m as usize + 1);
        let group = ((lay.order_bits() - 1) / digit_bits).max(1) as usize;
        for chunk in s1.chunks(group) {
            // The matching is optimal for the base weights: if every player of the group
            // already holds the opponent it would choose (in order), that is the group's
            // lexicographic optimum and no matching is needed.
            let mut taken: Vec<usize> = Vec::new();
            let holds = chunk.iter().all(|&v| {
                let top = remainder.iter().copied().find(|&o| {
                    o > v && !matched[o] && !taken.contains(&o) && !base.get(v, o).is_zero()
                });
                taken.push(s.stable[v]);
                top == Some(s.stable[v])
            });
            if holds {
                for &v in chunk {
                    let u = s.stable[v];
                    matched[v] = true;
                    matched[u] = true;
                    s.finalize(v, u);
                }
                continue;
            }
            let g = chunk.len();
            for (i, &v) in chunk.iter().enumerate() {
                let scale = Weight::from_u64(1).shl(digit_bits * (g - 1 - i) as u32);
                let mut j = 0u64;
                for &o in &remainder {
                    if o <= v || matched[o] {
                        continue;
                    }
                    let b = base.get(v, o);
                    if !b.is_zero() {
                        s.set(v, o, b.add(&mul_small(&scale, m - j)));
                    }
                    j += 1;
                }
            }
            s.solve();
            for &v in chunk {
                let u = s.stable[v];
                matched[v] = true;
                matched[u] = true;
                s.finalize(v, u);
            }
        }
        // Each S1 player's partner, and why more preferred S2 players were not taken.
        let decided = super::explain::Bracket {
            field,
            layout: &lay,
            players: &pbi,
            mdps: sgb,
            size: ngb,
            active: &active,
            partner: &s.done,
            remainder: &remainder,
            s1_before: rem_pairs,
            s1: &s1,
        };
        explain.extend(if deep {
            super::explain::bracket(&decided)
        } else {
            super::explain::partners(&decided)
        });
        // Next bracket.
        let mut new_pbi = Vec::new();
        let mut new_sgb = 0;
        c9 = n % 2 == 1 && next_score.is_some_and(|ns| layout.bye_score >= ns);
        for (pi, &v) in pbi.iter().enumerate() {
            if pi < ngb && matched[v] {
                continue;
            }
            new_pbi.push(v);
            if pi < ngb {
                new_sgb += 1;
            }
            if c9 && next_score.is_some_and(|ns| score(s.stable[v]) < ns) {
                c9 = false;
            }
        }
        pbi = new_pbi;
        sgb = new_sgb;
        resident_start = group_start;
    }
    let mut pairs = Vec::new();
    for v in 0..n {
        if let Some(u) = s.done[v]
            && v < u
        {
            pairs.push((v, u));
        }
    }
    let bye = pbi.first().copied();
    if pairs.len() * 2 + bye.iter().count() != n {
        return Err(Failure::NoPairing);
    }
    if let Some(b) = bye {
        explain.push(format!("bye: {}", field.players[b].id));
    }
    Ok(Outcome { pairs, bye, explain })
}

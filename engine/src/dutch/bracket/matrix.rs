//! The matrix source: the weights of a bracket's pairs in a k × k matrix ([`Matrix`]) and
//! the matcher on a dense matrix of its own ([`Solver`]). It pairs the whole-field (global)
//! brackets, and any restricted bracket the caller gives it: the reference the class model
//! ([`super::model`]) is held to in the tests. [`Round`] is the state of a round between
//! brackets (`candidates` walks it).

use super::{Bracket, Stop};
use crate::dutch::explain;
use crate::dutch::failure::Failure;
use crate::dutch::matcher::Matcher;
use crate::dutch::order::Field;
use crate::dutch::pab;
use crate::dutch::quality::{self, Layout, Place};
use crate::dutch::rest::{self, NONE_POS, Rest};
use crate::dutch::weight::Weight;
/// The weights of the current bracket's pairs (`pbi` × `pbi`), by field index.
struct Matrix {
    k: usize,
    at: Vec<usize>,
    w: Vec<Weight>,
}

impl Matrix {
    fn new(n: usize, players: &[usize]) -> Matrix {
        let k = players.len();
        let mut at = vec![NONE_POS; n];
        for (i, &v) in players.iter().enumerate() {
            at[v] = i;
        }
        Matrix { k, at, w: vec![Weight::ZERO; k * k] }
    }
    fn get(&self, a: usize, b: usize) -> Weight {
        self.w[self.at[a] * self.k + self.at[b]]
    }
    fn set(&mut self, a: usize, b: usize, v: Weight) {
        let (i, j) = (self.at[a], self.at[b]);
        self.w[i * self.k + j] = v;
        self.w[j * self.k + i] = v;
    }
}

/// A global bracket: its matching is never checked, so it stops only on a failure.
pub(crate) fn global_bracket(r: &mut Round, br: &Bracket) -> Result<(), Failure> {
    match bracket(r, br) {
        Ok(()) => Ok(()),
        Err(Stop::Fail(f)) => Err(f),
        Err(Stop::Unextendable | Stop::Expand) => {
            unreachable!("a global matching is not verified")
        }
    }
}

pub(crate) struct Solver {
    /// The matcher's vertices (field indices): the whole field not yet paired when the
    /// bracket started (global), or the bracket and the next score group (restricted).
    pub(crate) verts: Vec<usize>,
    /// Field index -> vertex ([`NONE_POS`]: not a vertex).
    pub(crate) loc: Vec<usize>,
    /// The incremental matching.
    pub(crate) m: Matcher,
    /// Restricted: every weight loses its completion field (the bits from this one up), and
    /// each optimum is checked to extend (`rest`); `None`: global.
    pub(crate) strip: Option<u32>,
    /// MDPs at the head of `verts` (restricted).
    pub(crate) mdps: usize,
    pub(crate) rest: Option<Rest>,
    pub(crate) done: Vec<Option<usize>>,
    /// The last optimum: each player's partner (itself when unpaired).
    pub(crate) stable: Vec<usize>,
    /// Restricted: the matcher's vertex of the bye dummy (after the players), when the
    /// bracket holds every bye candidate (see the module docs); its partner is the bye.
    pub(crate) dummy: Option<usize>,
    /// The bye dummy's partner in the last optimum (a player), `None` without a dummy.
    pub(crate) bye: Option<usize>,
}

impl Solver {
    pub(crate) fn is_global(&self) -> bool {
        self.strip.is_none()
    }

    pub(crate) fn use_vertices(&mut self, verts: &[usize]) {
        for &v in &self.verts {
            self.loc[v] = NONE_POS;
        }
        self.verts = verts.to_vec();
        for (i, &v) in verts.iter().enumerate() {
            self.loc[v] = i;
        }
        self.m = Matcher::new(verts.len());
        self.dummy = None;
        self.bye = None;
    }

    /// Restricted: a bye dummy joins the matcher (its edges set by [`Solver::set_dummy`]).
    pub(crate) fn add_bye_dummy(&mut self) {
        let d = self.verts.len();
        self.m = Matcher::new(d + 1);
        self.m.set_group(d, u32::MAX);
        self.dummy = Some(d);
    }

    /// The weight of the bye dummy's edge to `v`, as it is (not stripped).
    pub(crate) fn set_dummy(&mut self, v: usize, x: Weight) {
        if let (Some(d), a) = (self.dummy, self.loc[v])
            && a != NONE_POS
        {
            self.m.set_weight(a, d, x);
        }
    }

    /// The matcher's mate of vertex `i` as a player (the bye dummy is no partner).
    pub(crate) fn player_mate(&self, i: usize) -> Option<usize> {
        self.m.mate(i).filter(|&j| Some(j) != self.dummy).map(|j| self.verts[j])
    }

    /// Players of one score group are most often paired with each other: a restart of
    /// the matcher starts from the weights inside each group (`Matcher::set_group`).
    pub(crate) fn group_by_score(&mut self, field: &Field) {
        for (i, &v) in self.verts.iter().enumerate() {
            self.m.set_group(i, field.players[v].score as u32);
        }
    }

    /// From now on the whole field: every player not paired yet.
    pub(crate) fn global(&mut self) -> Result<(), Failure> {
        let n = self.done.len();
        let active: Vec<usize> = (0..n).filter(|&v| self.done[v].is_none()).collect();
        if active.len() > crate::dutch::MAX_PLAYERS {
            return Err(Failure::TooManyPlayers(active.len()));
        }
        self.use_vertices(&active);
        self.strip = None;
        self.rest = None;
        Ok(())
    }

    /// The restricted matching of one bracket (`players`: MDPs, residents, next group).
    pub(crate) fn restricted(
        &mut self,
        players: &[usize],
        mdps: usize,
        completion_shift: u32,
    ) -> Result<(), Failure> {
        if players.len() > crate::dutch::MAX_BRACKET {
            return Err(Failure::TooManyPlayers(players.len()));
        }
        self.use_vertices(players);
        self.strip = Some(completion_shift);
        self.mdps = mdps;
        Ok(())
    }

    /// Sets the weight of (v, u); `v` is the player whose edges changed. Restricted: pairs
    /// outside the bracket are not in the graph, and the completion field is dropped.
    pub(crate) fn set(&mut self, v: usize, u: usize, x: Weight) {
        let (a, b) = (self.loc[v], self.loc[u]);
        if a == NONE_POS || b == NONE_POS {
            debug_assert!(!self.is_global(), "a pair outside the whole field");
            return;
        }
        let x = match self.strip {
            Some(shift) => quality::low_bits(&x, shift),
            None => x,
        };
        self.m.set_weight(a, b, x);
    }

    /// Re-optimises the matching of the players not yet finalised; restricted, checks that
    /// the optimum extends to a complete pairing of the field.
    pub(crate) fn solve(&mut self, field: &Field) -> Result<(), Stop> {
        self.m.solve();
        for (i, &v) in self.verts.iter().enumerate() {
            self.stable[v] = match self.done[v] {
                Some(u) => u,
                None => self.player_mate(i).unwrap_or(v),
            };
        }
        self.bye = self.dummy.and_then(|d| self.m.mate(d)).map(|j| self.verts[j]);
        let Some(rest) = &mut self.rest else { return Ok(()) };
        if self.strip.is_none() {
            return Ok(());
        }
        for (i, &v) in self.verts.iter().enumerate() {
            rest.cover(v, self.done[v].is_some() || self.m.mate(i).is_some());
        }
        rest.bye_taken(self.bye.is_some());
        let b = rest::Bracket { verts: &self.verts, pos: &self.loc, mdps: self.mdps, m: &self.m };
        if rest.repair(field, Some(&b)) { Ok(()) } else { Err(Stop::Unextendable) }
    }

    /// Whether (a, b) is a tight edge now (`Matcher::is_tight`).
    pub(crate) fn tight(&self, a: usize, b: usize) -> bool {
        let (i, j) = (self.loc[a], self.loc[b]);
        i != NONE_POS && j != NONE_POS && self.m.is_tight(i, j)
    }

    /// A primal hint: pair `a` with `b` now if their edge is tight (`Matcher::prefer`).
    pub(crate) fn prefer(&mut self, a: usize, b: usize) -> bool {
        let (i, j) = (self.loc[a], self.loc[b]);
        i != NONE_POS && j != NONE_POS && self.m.prefer(i, j)
    }

    /// A hint for the next matching: `v`'s dual rises by `by` (`Matcher::raise_dual`).
    pub(crate) fn raise(&mut self, v: usize, by: Weight) {
        let a = self.loc[v];
        if a != NONE_POS {
            self.m.raise_dual(a, by);
        }
    }

    /// The matcher's current mate of `v` (hints may have changed it since the last
    /// solve).
    pub(crate) fn mate_now(&self, v: usize) -> Option<usize> {
        let a = self.loc[v];
        if a == NONE_POS { None } else { self.player_mate(a) }
    }

    pub(crate) fn finalize(&mut self, a: usize, b: usize) {
        self.done[a] = Some(b);
        self.done[b] = Some(a);
        self.stable[a] = b;
        self.stable[b] = a;
        self.m.remove(self.loc[a]);
        self.m.remove(self.loc[b]);
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

/// The state of a round between brackets.
pub(crate) struct Round<'a> {
    pub(crate) field: &'a Field,
    pub(crate) n: usize,
    pub(crate) rounds_before: u32,
    pub(crate) last_round: bool,
    pub(crate) deep: bool,
    /// The round's layout: bye score, C9 of the first bracket, played-games ranks.
    pub(crate) layout: Layout,
    pub(crate) s: Solver,
    pub(crate) matched: Vec<bool>,
    pub(crate) explain: Vec<String>,
    /// Transposition groups decided by their guesses alone (`candidates::Stats::guessed`).
    pub(crate) guessed: usize,
}

/// The bye dummy's edges in a restricted bracket holding every bye candidate
/// (`pab::bye_dummy_weight`).
fn bye_dummy_edges(s: &mut Solver, field: &Field, lay: &Layout, pbi: &[usize], c9: bool) {
    for &v in pbi {
        if let Some(x) = pab::bye_dummy_weight(field, lay, v, c9) {
            s.set_dummy(v, x);
        }
    }
}

/// Pairs one bracket (restricted or global, as the solver is).
pub(crate) fn bracket(r: &mut Round, br: &Bracket) -> Result<(), Stop> {
    let (field, n, deep) = (r.field, r.n, r.deep);
    let (rounds_before, last_round) = (r.rounds_before, r.last_round);
    let layout = &r.layout;
    let s = &mut r.s;
    let matched = &mut r.matched;
    let explain = &mut r.explain;
    let Bracket { pbi, sgb, ngb, resident_start, next_start, c9, bye_dummy, .. } = *br;
    explain.push(super::header(field, br));
    let mut lay = Layout::new(field, pbi, n);
    lay.rounds_before = rounds_before;
    lay.last_round = last_round;
    lay.bye_score = layout.bye_score;
    // Restricted, C9 sits on the bye dummy's edges only (below).
    lay.c9 = c9 && s.is_global();
    lay.played_rank = layout.played_rank.clone();
    if !lay.fits(n) {
        return Err(Failure::TooWide(lay.total_bits(n)).into());
    }
    // Every other pair keeps only its completion fields, in this bracket's layout (the
    // field positions must be the same on every edge).
    let active: Vec<usize> = (0..n).filter(|&v| s.done[v].is_none()).collect();
    if s.is_global() {
        for (a, &u) in active.iter().enumerate() {
            for &v in &active[a + 1..] {
                s.set(u, v, lay.weight(field, u, v, Place::Rest));
            }
        }
    } else {
        s.restricted(pbi, sgb, lay.completion_shift())?;
        if bye_dummy {
            s.add_bye_dummy();
        }
    }
    s.group_by_score(field);
    let mut base = Matrix::new(n, pbi);
    for j in sgb..pbi.len() {
        for i in 0..j {
            let place = if j < ngb { Place::Bracket } else { Place::Next };
            let x = lay.weight(field, pbi[i], pbi[j], place);
            base.set(pbi[i], pbi[j], x);
            s.set(pbi[i], pbi[j], x);
        }
    }
    if s.dummy.is_some() {
        bye_dummy_edges(s, field, &lay, pbi, c9);
    }
    lay.c9 = c9;
    s.solve(field)?;
    mdp_steps(s, matched, &base, field, br)?;
    // 3. Remainder, S1/S2 and exchanges.
    let remainder: Vec<usize> =
        (sgb..ngb).map(|pi| pbi[pi]).filter(|&v| s.stable[v] >= resident_start).collect();
    let rem_pairs = remainder.iter().filter(|&&v| s.stable[v] < v).count();
    explain.extend(super::remainder_lines(field, br, &s.done, &remainder, rem_pairs));
    let c = lay.count;
    // The step's bonus of a remainder pair, by the rank of its higher player.
    let bonus = |ri: usize| -> Weight {
        let first = if ri < rem_pairs { Weight::bit(2 * c + 1) } else { Weight::ZERO };
        first.add_u64(((1u64 << (2 * c)) - 1 - ri as u64) * 2)
    };
    let ew = |base: &Matrix, a: usize, b: usize, ri: usize| -> Weight {
        let x = base.get(a, b);
        if x.is_zero() {
            return x;
        }
        x.add(&bonus(ri))
    };
    for ri in 0..remainder.len() {
        for rj in ri + 1..remainder.len() {
            let x = ew(&base, remainder[ri], remainder[rj], ri);
            s.set(remainder[ri], remainder[rj], x);
        }
    }
    let upper = |s: &Solver, v: usize| s.stable[v] > v && s.stable[v] < next_start;
    // The matching is optimal for the weights before this step, which were the base
    // weights on the remainder's pairs; the step adds to each remainder pair a bonus that
    // depends only on its higher player (the first bit when that player is among the first
    // `rem_pairs`, and the order term decreasing with its rank). Every optimum pairs
    // `rem_pairs` times inside the remainder, so no matching earns more bonus than one whose
    // higher players are exactly the first `rem_pairs`: if the current optimum is such a
    // matching (no exchange), it is still optimal and no new matching is needed.
    if !(0..rem_pairs).all(|ri| upper(s, remainder[ri])) {
        // The optimum's duals are foreseeable: with S1 the first `rem_pairs` players, an
        // S1 player's dual rises by its bonus less h and an S2 player's by h, for any h
        // between half the bonus of the first S2 player and half that of the last S1
        // player. Every remainder pair then stays feasible (S1 x S2 pairs exactly as
        // tight as before, the others looser), so the search starts from the pairs of the
        // old optimum inside S1 or inside S2 only (`Matcher::raise_dual`).
        if rem_pairs > 0 && rem_pairs < remainder.len() {
            let h = bonus(rem_pairs).add(&bonus(rem_pairs - 1)).half().half();
            for (ri, &v) in remainder.iter().enumerate() {
                s.raise(v, if ri < rem_pairs { bonus(ri).sub(&h) } else { h });
            }
            // (So the matcher need not look for an uncovered pair.)
            s.m.hints_cover();
        }
        s.solve(field)?;
    }
    let exchanges = (0..rem_pairs).filter(|&ri| !upper(s, remainder[ri])).count();
    let mut left = exchanges;
    let mut ri = rem_pairs;
    while ri > 0 && left > 0 {
        ri -= 1;
        let v = remainder[ri];
        if upper(s, v) {
            for rj in ri + 1..remainder.len() {
                let x = ew(&base, v, remainder[rj], ri);
                if !x.is_zero() {
                    s.set(v, remainder[rj], x.sub(&Weight::from_u64(1)));
                }
            }
            s.solve(field)?;
        }
        let exchange = !upper(s, v);
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
        let already = upper(s, v);
        if !already {
            for rj in ri + 1..remainder.len() {
                let x = ew(&base, v, remainder[rj], ri);
                if !x.is_zero() {
                    s.set(v, remainder[rj], x.add_u64(1));
                }
            }
            s.solve(field)?;
        }
        if upper(s, v) {
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
            if !upper(s, p) || upper(s, o) {
                base.set(p, o, Weight::ZERO);
            }
            // The S1 x S2 pairs keep their bonus: every optimum from now on pairs each
            // S1 player with an S2 player below it, so the bonuses add the same to every
            // optimum (and stay below the criteria), and the matching needs no new search
            // for this step (the pairs taken out are lighter, unmatched edges).
            s.set(p, o, ew(&base, p, o, ri));
        }
    }
    let s1_now: Vec<usize> = remainder.iter().copied().filter(|&v| upper(s, v)).collect();
    explain.extend(super::exchange_line(field, &remainder, rem_pairs, &s1_now));
    // 4. Transpositions: each S1 player, in order, takes the highest S2 player that
    // keeps the optimum. Done for a group of S1 players per matching: S1 player i of
    // the group adds (m - j) * B^(g-1-i) to its edge towards its j-th preferred opponent
    // (B = m + 1 > every digit), so the group's choices form one base-B number and the
    // matching maximises them lexicographically — exactly the one-by-one choice.
    let s1: Vec<usize> = remainder.iter().copied().filter(|&v| upper(s, v)).collect();
    transpositions(s, field, matched, &base, &remainder, &s1, lay.order_bits(), &ew)?;
    // Each S1 player's partner, and why more preferred S2 players were not taken.
    let decided = explain::Bracket {
        field,
        layout: &lay,
        players: pbi,
        mdps: sgb,
        size: ngb,
        active: &active,
        partner: &s.done,
        remainder: &remainder,
        s1_before: rem_pairs,
        s1: &s1,
    };
    explain.extend(if deep { explain::bracket(&decided) } else { explain::partners(&decided) });
    Ok(())
}

/// Steps 1 and 2 (4.4): the MDPs taken, highest first, as far as the optimum still pairs as
/// many of them, then each chosen MDP's opponent, the highest resident that keeps it.
fn mdp_steps(
    s: &mut Solver,
    matched: &mut [bool],
    base: &Matrix,
    field: &Field,
    br: &Bracket,
) -> Result<(), Stop> {
    let Bracket { pbi, sgb, ngb, resident_start, next_start, .. } = *br;
    let score = |v: usize| field.players[v].score;
    let in_res = |s: &Solver, v: usize| s.stable[v] >= resident_start && s.stable[v] < next_start;
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
                if in_res(s, pbi[k]) {
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
        if !in_res(s, v) {
            for oi in sgb..ngb {
                let b = base.get(v, pbi[oi]);
                if !b.is_zero() {
                    s.set(v, pbi[oi], b.add_u64(1));
                }
            }
            s.solve(field)?;
        }
        if in_res(s, v) {
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
            s.solve(field)?;
        }
        let u = s.stable[v];
        matched[u] = true;
        s.finalize(v, u);
    }
    Ok(())
}

/// Step 4 (4.2): each S1 player, in order, takes the highest S2 player that keeps the
/// optimum, a group of S1 players per matching (`ew`: a remainder pair's weight with its
/// step-3 bonus).
#[allow(clippy::too_many_arguments)]
fn transpositions(
    s: &mut Solver,
    field: &Field,
    matched: &mut [bool],
    base: &Matrix,
    remainder: &[usize],
    s1: &[usize],
    order_bits: u32,
    ew: &dyn Fn(&Matrix, usize, usize, usize) -> Weight,
) -> Result<(), Stop> {
    let m = remainder.len() as u64;
    let digit_bits = quality::bits_for(m as usize + 1);
    let group = ((order_bits - 1) / digit_bits).max(1) as usize;
    for chunk in s1.chunks(group) {
        // The matching is optimal for the weights before this group (the base weights
        // and the S1 bonuses, which add the same to every optimum): if every player of
        // the group already holds the opponent it would choose (in order), that is the
        // group's lexicographic optimum and no matching is needed.
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
        // Hints, which leave the result as it is and only shorten the search: every
        // optimum uses only tight edges, so each player of the group, in order, most
        // likely takes its highest opponent over a tight edge that no player before it
        // took; it is matched to it now (`Matcher::prefer`). Then each player raises its
        // dual by the digit of its partner's edge, less what the partner raises to cover
        // the digits of the later players of the group on it (`Matcher::raise_dual`): a
        // player whose guess was right keeps its partner, and the search starts only
        // from the others.
        s.m.flatten();
        let mut claimed: Vec<usize> = Vec::with_capacity(g);
        for &v in chunk {
            let guess = remainder.iter().copied().find(|&o| {
                o > v
                    && !matched[o]
                    && !claimed.contains(&o)
                    && !base.get(v, o).is_zero()
                    && s.tight(v, o)
            });
            if let Some(o) = guess {
                s.prefer(v, o);
            }
            if let Some(u) = s.mate_now(v) {
                claimed.push(u);
            }
        }
        let mut later = vec![Weight::ZERO; remainder.len()];
        for (i, &v) in chunk.iter().enumerate().rev() {
            let scale = Weight::from_u64(1).shl(digit_bits * (g - 1 - i) as u32);
            let mut j = 0u64;
            let rv = remainder.iter().position(|&x| x == v).unwrap_or(0);
            let partner = s.mate_now(v);
            let mut mine = Vec::new();
            for (ro, &o) in remainder.iter().enumerate() {
                if o <= v || matched[o] {
                    continue;
                }
                let b = ew(base, v, o, rv);
                if !b.is_zero() {
                    let digit = mul_small(&scale, m - j);
                    s.set(v, o, b.add(&digit));
                    if partner == Some(o) {
                        s.raise(v, digit.sub(&later[ro]));
                        s.raise(o, later[ro]);
                    }
                    mine.push((ro, digit));
                }
                j += 1;
            }
            for (ro, digit) in mine {
                if digit > later[ro] {
                    later[ro] = digit;
                }
            }
        }
        s.solve(field)?;
        for &v in chunk {
            let u = s.stable[v];
            matched[v] = true;
            matched[u] = true;
            s.finalize(v, u);
        }
    }
    Ok(())
}

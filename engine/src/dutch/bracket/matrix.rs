//! The matrix source: the weights of a bracket's pairs in a k × k matrix ([`Matrix`]) and
//! the round's matcher on a dense matrix of its own ([`FieldMatcher`]), the bracket driver's
//! weight source ([`MatrixSource`]). It pairs the whole-field (global) brackets, and any
//! restricted bracket the caller gives it: the reference the class model
//! ([`super::model`]) is held to in the tests. [`Round`] is the state of a round between
//! brackets (`candidates` walks it).

use super::driver::{self, Source};
use super::{Bracket, Stop};
use crate::dutch::failure::Failure;
use crate::dutch::matcher::Matcher;
use crate::dutch::order::Field;
use crate::dutch::pab;
use crate::dutch::quality::{self, Layout, Place};
use crate::dutch::rest::{self, NONE_POS, Rest};
use crate::dutch::weight::{WORDS, Weight};

/// The weights of the current bracket's pairs (`pbi` × `pbi`), by field index.
struct Matrix<const NW: usize> {
    k: usize,
    at: Vec<usize>,
    w: Vec<Weight<NW>>,
}

impl<const NW: usize> Matrix<NW> {
    fn new(n: usize, players: &[usize]) -> Matrix<NW> {
        let k = players.len();
        let mut at = vec![NONE_POS; n];
        for (i, &v) in players.iter().enumerate() {
            at[v] = i;
        }
        Matrix { k, at, w: vec![Weight::ZERO; k * k] }
    }
    fn get(&self, a: usize, b: usize) -> Weight<NW> {
        self.w[self.at[a] * self.k + self.at[b]]
    }
    fn set(&mut self, a: usize, b: usize, v: Weight<NW>) {
        let (i, j) = (self.at[a], self.at[b]);
        self.w[i * self.k + j] = v;
        self.w[j * self.k + i] = v;
    }
}

/// A global bracket: its matching is never checked, so it stops only on a failure.
pub(crate) fn global_bracket<const NW: usize>(
    r: &mut Round<'_, NW>,
    br: &Bracket,
) -> Result<(), Failure> {
    match bracket(r, br) {
        Ok(()) => Ok(()),
        Err(Stop::Fail(f)) => Err(f),
        Err(Stop::Unextendable | Stop::Expand) => {
            unreachable!("a global matching is not verified")
        }
    }
}

pub(crate) struct FieldMatcher<const NW: usize = WORDS> {
    /// The matcher's vertices (field indices): the whole field not yet paired when the
    /// bracket started (global), or the bracket and the next score group (restricted).
    pub(crate) verts: Vec<usize>,
    /// Field index -> vertex ([`NONE_POS`]: not a vertex).
    pub(crate) loc: Vec<usize>,
    /// The incremental matching.
    pub(crate) m: Matcher<NW>,
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

impl<const NW: usize> FieldMatcher<NW> {
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

    /// Restricted: a bye dummy joins the matcher (its edges set by [`FieldMatcher::set_dummy`]).
    pub(crate) fn add_bye_dummy(&mut self) {
        let d = self.verts.len();
        self.m = Matcher::new(d + 1);
        self.m.set_group(d, u32::MAX);
        self.dummy = Some(d);
    }

    /// The weight of the bye dummy's edge to `v`, as it is (not stripped).
    pub(crate) fn set_dummy(&mut self, v: usize, x: Weight<NW>) {
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
    pub(crate) fn set(&mut self, v: usize, u: usize, x: Weight<NW>) {
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
    pub(crate) fn raise(&mut self, v: usize, by: Weight<NW>) {
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

/// The state of a round between brackets.
pub(crate) struct Round<'a, const NW: usize = WORDS> {
    pub(crate) field: &'a Field,
    pub(crate) n: usize,
    pub(crate) rounds_before: u32,
    pub(crate) last_round: bool,
    pub(crate) deep: bool,
    /// The round's layout: bye score, C9 of the first bracket, played-games ranks.
    pub(crate) layout: Layout<NW>,
    pub(crate) s: FieldMatcher<NW>,
    pub(crate) matched: Vec<bool>,
    pub(crate) explain: Vec<String>,
    /// Transposition groups decided by their guesses alone (`candidates::Stats::guessed`).
    pub(crate) guessed: usize,
}

/// The bye dummy's edges in a restricted bracket holding every bye candidate
/// (`pab::bye_dummy_weight`).
fn bye_dummy_edges<const NW: usize>(
    s: &mut FieldMatcher<NW>,
    field: &Field,
    lay: &Layout<NW>,
    pbi: &[usize],
    c9: bool,
) {
    for &v in pbi {
        if let Some(x) = pab::bye_dummy_weight(field, lay, v, c9) {
            s.set_dummy(v, x);
        }
    }
}

/// Pairs one bracket (restricted or global, as the round's matcher is).
pub(crate) fn bracket<const NW: usize>(r: &mut Round<'_, NW>, br: &Bracket) -> Result<(), Stop> {
    r.explain.push(super::header(r.field, br));
    let source = MatrixSource::begin(r, br)?;
    driver::pair(source, br)
}

/// A bracket on the matrix: the round's matcher, the bracket's layout and its base
/// weights (`pbi` x `pbi`, the pairs the decisions take out set to zero).
struct MatrixSource<'r, 'a, const NW: usize> {
    r: &'r mut Round<'a, NW>,
    lay: Layout<NW>,
    base: Matrix<NW>,
    /// Step 3: the remainder's S1 size before the exchanges.
    rem_pairs: usize,
}

impl<'r, 'a, const NW: usize> MatrixSource<'r, 'a, NW> {
    /// The bracket's starting weights and its first optimum.
    fn begin(r: &'r mut Round<'a, NW>, br: &Bracket) -> Result<Self, Stop> {
        let (field, n) = (r.field, r.n);
        let s = &mut r.s;
        let Bracket { pbi, sgb, ngb, c9, bye_dummy, .. } = *br;
        let mut lay = Layout::new(field, pbi, n);
        lay.rounds_before = r.rounds_before;
        lay.last_round = r.last_round;
        lay.bye_score = r.layout.bye_score;
        // Restricted, C9 sits on the bye dummy's edges only (below).
        lay.c9 = c9 && s.is_global();
        lay.played_rank = r.layout.played_rank.clone();
        if !lay.fits(n) {
            return Err(Failure::TooWide(lay.total_bits(n)).into());
        }
        // Every other pair keeps only its completion fields, in this bracket's layout (the
        // field positions must be the same on every edge).
        if s.is_global() {
            let active: Vec<usize> = (0..n).filter(|&v| s.done[v].is_none()).collect();
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
        Ok(MatrixSource { r, lay, base, rem_pairs: 0 })
    }

    /// A remainder pair's weight with its step-3 bonus (`ri`: the higher player's rank).
    fn ew(&self, a: usize, b: usize, ri: usize) -> Weight<NW> {
        let x = self.base.get(a, b);
        if x.is_zero() {
            return x;
        }
        x.add(&driver::step3_bonus(self.lay.count, self.rem_pairs, ri))
    }

    /// Sets (a, b) in the base and in the matcher.
    fn set_both(&mut self, a: usize, b: usize, x: Weight<NW>) {
        self.base.set(a, b, x);
        self.r.s.set(a, b, x);
    }
}

impl<'a, const NW: usize> Source<'a, NW> for MatrixSource<'_, 'a, NW> {
    const HINT_WITHOUT_EXCHANGE: bool = false;

    fn field(&self) -> &'a Field {
        self.r.field
    }
    fn layout(&self) -> &Layout<NW> {
        &self.lay
    }
    fn deep(&self) -> bool {
        self.r.deep
    }
    fn explain(&mut self) -> &mut Vec<String> {
        &mut self.r.explain
    }
    fn done(&self) -> &[Option<usize>] {
        &self.r.s.done
    }
    fn stable(&self, v: usize) -> usize {
        self.r.s.stable[v]
    }
    fn matched(&self, v: usize) -> bool {
        self.r.matched[v]
    }
    fn set_matched(&mut self, v: usize) {
        self.r.matched[v] = true;
    }
    fn solve(&mut self) -> Result<(), Stop> {
        self.r.s.solve(self.r.field)
    }
    fn finalize(&mut self, a: usize, b: usize) {
        self.r.s.finalize(a, b);
    }
    fn is_edge(&self, a: usize, b: usize) -> bool {
        !self.base.get(a, b).is_zero()
    }
    fn flatten(&mut self) {
        self.r.s.m.flatten();
    }
    fn tight(&self, a: usize, b: usize) -> bool {
        self.r.s.tight(a, b)
    }
    fn prefer(&mut self, a: usize, b: usize) {
        self.r.s.prefer(a, b);
    }
    fn raise(&mut self, v: usize, by: Weight<NW>) {
        self.r.s.raise(v, by);
    }
    fn mate_now(&self, v: usize) -> Option<usize> {
        self.r.s.mate_now(v)
    }

    fn mdp_bonus(&mut self, br: &Bracket, _pi: usize, v: usize, bonus: u64) {
        for &o in &br.pbi[br.sgb..br.ngb] {
            let b = self.base.get(v, o);
            if !b.is_zero() {
                self.r.s.set(v, o, b.add_u64(bonus));
            }
        }
    }

    fn mdp_opponents(&mut self, _pi: usize, pairs: &[(usize, usize)], bonus: Vec<u64>) {
        for &(v, o) in pairs {
            let b = self.base.get(v, o);
            self.r.s.set(v, o, b.add_u64(bonus[self.base.at[o]]));
        }
    }

    fn step3_start(&mut self, remainder: &[usize], rem_pairs: usize) {
        self.rem_pairs = rem_pairs;
        for ri in 0..remainder.len() {
            for rj in ri + 1..remainder.len() {
                let x = self.ew(remainder[ri], remainder[rj], ri);
                self.r.s.set(remainder[ri], remainder[rj], x);
            }
        }
    }

    fn step3_cover(&mut self, _raise: &dyn Fn(usize) -> Weight<NW>, _remainder: &[usize]) {
        // (So the matcher need not look for an uncovered pair.)
        self.r.s.m.hints_cover();
    }

    fn step3_adjust(&mut self, remainder: &[usize], ri: usize, adj: i8, left: bool) {
        let v = remainder[ri];
        for &o in &remainder[ri + 1..] {
            if left {
                self.base.set(v, o, Weight::ZERO);
            }
            let x = self.ew(v, o, ri);
            match adj {
                0 => self.r.s.set(v, o, x),
                _ if x.is_zero() => {}
                1 => self.r.s.set(v, o, x.add_u64(1)),
                _ => self.r.s.set(v, o, x.sub(&Weight::from_u64(1))),
            }
        }
    }

    fn entered_s1(&mut self, br: &Bracket, remainder: &[usize], ri: usize) {
        let v = remainder[ri];
        for &o in remainder[..ri].iter().chain(&br.pbi[br.ngb..]) {
            self.set_both(v, o, Weight::ZERO);
        }
    }

    fn step3_end(&mut self, remainder: &[usize], s1: &[bool]) {
        for ri in 0..remainder.len() {
            for rj in ri + 1..remainder.len() {
                let (p, o) = (remainder[ri], remainder[rj]);
                if !s1[ri] || s1[rj] {
                    self.base.set(p, o, Weight::ZERO);
                }
                // The S1 x S2 pairs keep their bonus: every optimum from now on pairs each
                // S1 player with an S2 player below it, so the bonuses add the same to
                // every optimum (and stay below the criteria), and the matching needs no
                // new search for this step (the pairs taken out are lighter, unmatched
                // edges).
                let x = self.ew(p, o, ri);
                self.r.s.set(p, o, x);
            }
        }
    }

    fn digits(&mut self, remainder: &[usize], v: usize, shift: u32, open: &[u64]) {
        let m = remainder.len() as u64;
        let rv = remainder.binary_search(&v).unwrap_or(0);
        for (ro, &o) in remainder.iter().enumerate().skip(rv + 1) {
            if self.r.matched[o] {
                continue;
            }
            let b = self.ew(v, o, rv);
            if !b.is_zero() {
                let j = open[ro] - open[rv + 1];
                self.r.s.set(v, o, b.add(&Weight::from_u64(m - j).shl(shift)));
            }
        }
    }
}

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
//!
//! ## The restricted matching (how a bracket is paired without the whole field)
//! A weight is the completion field C (C4/C5) on top of the criteria fields, and the criteria
//! fields are non-zero only on the bracket's own pairs: among the bracket and the next score
//! group (bracket × bracket, bracket × next group, and next group × next group for C8; not
//! MDP × MDP; C9 aside). So for a pairing M of the whole field, W(M) = C(M) + R(M ∩ B),
//! with B the bracket's pairs and R their weights without the completion field; C is largest
//! exactly when M is complete (everybody paired, or in an odd field one bye candidate left).
//! Hence, if an optimum M_R of R on the bracket's players alone **extends** to a complete
//! pairing, that pairing is an optimum of the whole field, and the optima M_R that extend
//! are exactly the bracket parts of the whole field's optima. Each bracket is therefore
//! solved on its players and the next score group only (matrices of that size), and after
//! every matching [`rest::Rest`] checks by cardinality matching that the players it leaves
//! and everybody below can still be paired completely (under C1/C3, and the pairs the
//! bracket's decisions have taken out). If that check fails, the bracket and the rest of
//! the round are paired the old way, on the whole field ("global", counted in [`Stats`]).
//!
//! ## The bye and C9 (odd fields)
//! On the whole field, C9 (when it applies to the bracket) weighs every pair by the
//! played-games ranks of its players of the bye score, so a complete pairing M gets
//! K - rank(b(M)), K the sum over the players of the bye score not yet paired and b(M) the
//! bye. When **every bye candidate is a player of the bracket or of the next score group**
//! (an odd field whose next score group scores at most the bye score, or the last bracket:
//! everybody below scores less than the bye score and cannot take the bye, C5), the
//! restricted matching gets one more vertex, the **bye dummy** D, joined to each eligible
//! player of the bye score among its players; the edge weighs the completion field's lowest
//! bit (above every criterion) plus, when C9 applies, one more than the highest rank less
//! the player's (`pab::bye_dummy_weight`); no other pair carries C9. Why it stays exact:
//! every complete pairing M leaves exactly one player unpaired, b(M), an eligible player of
//! the bye score (a lower bye would contradict C5), hence joined to D. With M' = M plus
//! (D, b(M)) and B' = B plus D's edges, W(M) = const + C(M) + R'(M' ∩ B'), R' the criteria
//! weights of B and D's weights: C9 is K - rank(b(M)) = const + the C9 part of D's edge,
//! and the completion bit on D's edge is in every M' once, a constant. So the argument
//! above holds word for word with B' for B: an optimum of R' on the bracket, the next group
//! and D that extends is the bracket part (plus the bye's edge) of a whole-field optimum.
//! "Extends" now means: D's partner is the bye, and the rest is paired completely without
//! one (the check's own dummy leaves the rest, [`rest::Rest::bye_taken`]); when D is
//! unmatched, the rest keeps its dummy as before. The completion bit makes every restricted
//! optimum give D a player: without it an optimum may pair the coming bye into the next
//! group (C8 counts that pair), which no complete pairing can do, and the check fails. A
//! bracket at or below the bye score holds the bye, so it never pairs "alone"; one above it
//! may (its next group then holds the bye), and C9 of the next bracket is then read by
//! cardinality matchings ([`next_c9_alone`]) since the next group's pairs are not matched.
//!
//! C9 of the next bracket ("its only downfloater will be the bye"): the whole field reads it
//! from its optimum, no player of the next bracket paired below the next score group. C6
//! and C8 fix how many of the next bracket's players (this bracket's unpaired players and
//! the next group) every optimum leaves unpaired here, U, the bye (D's partner) among them.
//! In a complete pairing the others are paired below the next group, or two of them with
//! each other by a pair that is no bracket pair — two MDPs of this bracket: any other pair
//! of them weighs in R', and adding it would beat the optimum. So U = 1: C9 applies; U >= 3
//! with at most one MDP of this bracket among those besides the bye: it does not. Otherwise
//! (two such MDPs or more) the whole field's answer is whichever its optimum took; the
//! bracket is then paired on the whole field like a fallback ([`next_c9_open`], counted in
//! [`Stats::c9_open`]; 36 brackets of the 1,448 rounds of 300 small events with zero-point
//! byes in the tests, none in the other random events and samples). When the bye must go
//! to a top scorer, C9 of the first bracket applies when the top group can be paired within
//! itself but for one eligible player and everybody below within themselves: two
//! cardinality matchings ([`first_bracket_c9`]) instead of the whole-field bye-choice
//! matching of `global_start`, which maximises the pairs inside the top group.
//!
//! ## The next score group as one vertex
//! A bracket with one floater does not need the next score group's players in its matching:
//! what the floater adds to C8 is read from the group's maximum matching and its
//! Gallai-Edmonds set D, and the group becomes one vertex ([`super::next_group`], the
//! argument there). When more than one player floats, or its optimum does not extend, the
//! bracket is paired again with the group whole ([`Stats::compressed`], [`Stats::expanded`]).
//!
//! The whole field is thus taken only after a failed check or an open C9; with more than
//! [`super::MAX_PLAYERS`] players left the round is refused
//! ([`Failure::WholeField`], naming the reason).

use super::matcher::Matcher;
use super::next_group::NextGroup;
use super::order::{Field, Float};
use super::pab::{bye_choice_weight, played_ranks};
use super::quality::{self, Layout, Place};
use super::rest::{self, NONE_POS, Rest};
use super::weight::Weight;
use bsw_model::HalfPoints;

pub use super::failure::{Failure, WholeField};

/// How the brackets are matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// Restricted to each bracket when verified, else the whole field (the default).
    Auto,
    /// Always the whole field (the reference the restricted path must agree with; tests).
    Global,
    /// As `Auto`, with the dense matrix (`Matcher<Dense>`) on every restricted bracket of
    /// at most this many players (more than [`super::MAX_BRACKET`] refused) and the
    /// implicit path (`sparse`) above (tests: `ImplicitAbove(usize::MAX)` is the matrix path
    /// everywhere, the reference the implicit path must agree with).
    ImplicitAbove(usize),
}

/// How a round was paired.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Brackets paired by the restricted matching, every optimum verified to extend.
    pub restricted: usize,
    /// Brackets paired on the whole field (fallbacks included).
    pub global: usize,
    /// Restricted brackets whose verification failed, re-paired on the whole field (this
    /// bracket and the rest of the round).
    pub fallbacks: usize,
    /// Restricted brackets paired without the next score group (they pair completely
    /// within themselves).
    pub alone: usize,
    /// Whether the round was paired by the first-round rule (no colours, floats, meetings).
    pub first_round: bool,
    /// Restricted brackets paired on the implicit dense path (`sparse`: no matrix).
    pub implicit: usize,
    /// Restricted brackets holding every bye candidate (an odd field), matched with the
    /// bye dummy, and those of them where C9 applied.
    pub bye_dummy: usize,
    pub c9: usize,
    /// Restricted brackets paired with the next score group as one vertex (`next_group`),
    /// and those that were paired again with the group whole (more than one floater, or
    /// an optimum that did not extend).
    pub compressed: usize,
    pub expanded: usize,
    /// Transposition groups (step 4) on the implicit path decided by their guesses alone,
    /// without a matching (`sparse`: every guess taken cleanly, the optimum kept).
    pub guessed: usize,
    /// Fallbacks because the next bracket's C9 was left open (`next_c9_open`).
    pub c9_open: usize,
    /// Rounds (0 or 1) whose bye must go to a top scorer, and of them those where C9
    /// applies to the first bracket (`first_bracket_c9`).
    pub top_bye: usize,
    pub top_bye_c9: usize,
}

/// Pairs (higher, lower) and the bye, as field indices.
pub struct Outcome {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
    /// What was decided, bracket by bracket (for `--explain`).
    pub explain: Vec<String>,
    pub stats: Stats,
}

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

/// The matching is unextendable: pair this bracket on the whole field (with the next
/// group as one vertex: pair it with the group whole first, as for `Expand`).
enum Stop {
    Unextendable,
    /// The next group as one vertex does not apply (`next_group`: more than one floater).
    Expand,
    Fail(Failure),
}

impl From<Failure> for Stop {
    fn from(f: Failure) -> Stop {
        Stop::Fail(f)
    }
}

/// A global bracket: its matching is never checked, so it stops only on a failure.
fn global_bracket(r: &mut Round, br: &Br) -> Result<(), Failure> {
    match bracket(r, br) {
        Ok(()) => Ok(()),
        Err(Stop::Fail(f)) => Err(f),
        Err(Stop::Unextendable | Stop::Expand) => {
            unreachable!("a global matching is not verified")
        }
    }
}

struct Solver {
    /// The matcher's vertices (field indices): the whole field not yet paired when the
    /// bracket started (global), or the bracket and the next score group (restricted).
    verts: Vec<usize>,
    /// Field index -> vertex ([`NONE_POS`]: not a vertex).
    loc: Vec<usize>,
    /// The incremental matching.
    m: Matcher,
    /// Restricted: every weight loses its completion field (the bits from this one up), and
    /// each optimum is checked to extend (`rest`); `None`: global.
    strip: Option<u32>,
    /// MDPs at the head of `verts` (restricted).
    mdps: usize,
    rest: Option<Rest>,
    done: Vec<Option<usize>>,
    /// The last optimum: each player's partner (itself when unpaired).
    stable: Vec<usize>,
    /// Restricted: the matcher's vertex of the bye dummy (after the players), when the
    /// bracket holds every bye candidate (see the module docs); its partner is the bye.
    dummy: Option<usize>,
    /// The bye dummy's partner in the last optimum (a player), `None` without a dummy.
    bye: Option<usize>,
}

impl Solver {
    fn is_global(&self) -> bool {
        self.strip.is_none()
    }

    fn use_vertices(&mut self, verts: &[usize]) {
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
    fn add_bye_dummy(&mut self) {
        let d = self.verts.len();
        self.m = Matcher::new(d + 1);
        self.m.set_group(d, u32::MAX);
        self.dummy = Some(d);
    }

    /// The weight of the bye dummy's edge to `v`, as it is (not stripped).
    fn set_dummy(&mut self, v: usize, x: Weight) {
        if let (Some(d), a) = (self.dummy, self.loc[v])
            && a != NONE_POS
        {
            self.m.set_weight(a, d, x);
        }
    }

    /// The matcher's mate of vertex `i` as a player (the bye dummy is no partner).
    fn player_mate(&self, i: usize) -> Option<usize> {
        self.m.mate(i).filter(|&j| Some(j) != self.dummy).map(|j| self.verts[j])
    }

    /// Players of one score group are most often paired with each other: a restart of
    /// the matcher starts from the weights inside each group (`Matcher::set_group`).
    fn group_by_score(&mut self, field: &Field) {
        for (i, &v) in self.verts.iter().enumerate() {
            self.m.set_group(i, field.players[v].score as u32);
        }
    }

    /// From now on the whole field: every player not paired yet.
    fn global(&mut self) -> Result<(), Failure> {
        let n = self.done.len();
        let active: Vec<usize> = (0..n).filter(|&v| self.done[v].is_none()).collect();
        if active.len() > super::MAX_PLAYERS {
            return Err(Failure::TooManyPlayers(active.len()));
        }
        self.use_vertices(&active);
        self.strip = None;
        self.rest = None;
        Ok(())
    }

    /// The restricted matching of one bracket (`players`: MDPs, residents, next group).
    fn restricted(
        &mut self,
        players: &[usize],
        mdps: usize,
        completion_shift: u32,
    ) -> Result<(), Failure> {
        if players.len() > super::MAX_BRACKET {
            return Err(Failure::TooManyPlayers(players.len()));
        }
        self.use_vertices(players);
        self.strip = Some(completion_shift);
        self.mdps = mdps;
        Ok(())
    }

    /// Sets the weight of (v, u); `v` is the player whose edges changed. Restricted: pairs
    /// outside the bracket are not in the graph, and the completion field is dropped.
    fn set(&mut self, v: usize, u: usize, x: Weight) {
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
    fn solve(&mut self, field: &Field) -> Result<(), Stop> {
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
    fn tight(&self, a: usize, b: usize) -> bool {
        let (i, j) = (self.loc[a], self.loc[b]);
        i != NONE_POS && j != NONE_POS && self.m.is_tight(i, j)
    }

    /// A primal hint: pair `a` with `b` now if their edge is tight (`Matcher::prefer`).
    fn prefer(&mut self, a: usize, b: usize) -> bool {
        let (i, j) = (self.loc[a], self.loc[b]);
        i != NONE_POS && j != NONE_POS && self.m.prefer(i, j)
    }

    /// A hint for the next matching: `v`'s dual rises by `by` (`Matcher::raise_dual`).
    fn raise(&mut self, v: usize, by: Weight) {
        let a = self.loc[v];
        if a != NONE_POS {
            self.m.raise_dual(a, by);
        }
    }

    /// The matcher's current mate of `v` (hints may have changed it since the last
    /// solve).
    fn mate_now(&self, v: usize) -> Option<usize> {
        let a = self.loc[v];
        if a == NONE_POS { None } else { self.player_mate(a) }
    }

    fn finalize(&mut self, a: usize, b: usize) {
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
    pair_by(field, rounds_before, last_round, deep, Path::Auto)
}

/// The state of a round between brackets.
struct Round<'a> {
    field: &'a Field,
    n: usize,
    rounds_before: u32,
    last_round: bool,
    deep: bool,
    /// The round's layout: bye score, C9 of the first bracket, played-games ranks.
    layout: Layout,
    s: Solver,
    matched: Vec<bool>,
    explain: Vec<String>,
    /// Restricted: every bye candidate is among the bracket's players (and the next score
    /// group), so a bye dummy joins its matching (see the module docs).
    bye_dummy: bool,
    /// Transposition groups decided by their guesses alone ([`Stats::guessed`]).
    guessed: usize,
}

/// One bracket: `pbi` = MDPs (first `sgb`), residents (up to `ngb`), the next score group.
struct Br<'a> {
    pbi: &'a [usize],
    sgb: usize,
    ngb: usize,
    resident_start: usize,
    next_start: usize,
    c9: bool,
}

/// [`pair_with`], the brackets matched as `path` says.
pub fn pair_by(
    field: &Field,
    rounds_before: u32,
    last_round: bool,
    deep: bool,
    path: Path,
) -> Result<Outcome, Failure> {
    let n = field.players.len();
    let score = |v: usize| field.players[v].score;
    let mut stats = Stats::default();
    if n == 0 {
        return Ok(Outcome { pairs: vec![], bye: None, explain: vec![], stats });
    }
    let mut layout = Layout::new(field, &[], n);
    layout.rounds_before = rounds_before;
    layout.last_round = last_round;
    if path != Path::Global && !deep && all_alike(field) {
        stats.first_round = true;
        return Ok(first_candidate(field, layout, stats));
    }
    let s = Solver {
        verts: Vec::new(),
        loc: vec![NONE_POS; n],
        m: Matcher::new(0),
        strip: Some(0),
        mdps: 0,
        rest: None,
        done: vec![None; n],
        stable: (0..n).collect(),
        dummy: None,
        bye: None,
    };
    let mut r = Round {
        field,
        n,
        rounds_before,
        last_round,
        deep,
        layout,
        s,
        matched: vec![false; n],
        explain: Vec::new(),
        bye_dummy: false,
        guessed: 0,
    };
    let top = score(0);
    // The first questions by cardinality matching: a pairing at all, the bye score.
    let dense_start = path == Path::Global;
    if path != Path::Global {
        let mut rest = Rest::new(field, last_round, rounds_before);
        let Some(bye_score) = rest.start(field) else {
            return Err(Failure::NoPairing);
        };
        if n % 2 == 1 && bye_score >= top {
            // The bye goes to a top scorer: C9 applies to the first bracket when its
            // only downfloater can be the bye (`first_bracket_c9`).
            r.layout.c9 = first_bracket_c9(field, last_round, rounds_before);
            stats.top_bye = 1;
            stats.top_bye_c9 = r.layout.c9 as usize;
        }
        r.layout.bye_score = bye_score;
        r.s.rest = Some(rest);
    }
    if dense_start {
        r.s.global()?;
        global_start(&mut r)?;
    } else if n % 2 == 1 {
        let mut counts: Vec<usize> = field
            .players
            .iter()
            .filter(|p| p.score == r.layout.bye_score)
            .map(|p| p.played)
            .collect();
        r.layout.played_rank = played_ranks(&mut counts);
    }
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
    let mut c9 = r.layout.c9;
    let mut guard = 0usize;
    if n % 2 == 1 {
        r.explain.push(format!(
            "odd field: the bye goes to a player of score {} (C5, lowest possible)",
            crate::half_points(r.layout.bye_score)
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
        let bye_score = r.layout.bye_score;
        let br = Br { pbi: &pbi, sgb, ngb, resident_start, next_start, c9 };
        let deep = r.deep;
        // Every bye candidate is a player of this bracket or of the next score group (all
        // players below score less than the bye score): the restricted matching holds a
        // bye dummy (module docs, "The bye and C9").
        let bye_here = n % 2 == 1 && next_score.is_none_or(|ns| bye_score >= ns);
        r.bye_dummy = bye_here;
        let mut alone_c9 = None;
        if r.s.is_global() {
            stats.global += 1;
            global_bracket(&mut r, &br)?;
        } else {
            let done = r.s.done.clone();
            let matched = r.matched.clone();
            let lines = r.explain.len();
            // A bracket that can pair all its players within itself does so in every
            // optimum (C6 first). What is left below it is then the same whatever its choice
            // (the next score group and everybody under it), and so are the best C8 pairs
            // inside the next group and the completion: they add the same to every choice,
            // and the bracket's matching leaves the next group out. (An odd bracket with one
            // floater cannot do that: which player floats changes how many pairs the next
            // group keeps, C8.)
            // With every bye candidate here, only a bracket scoring above the bye score may
            // pair alone (the bye is then the next group's), and C9 of the next bracket is
            // read by cardinality matchings (`next_c9_alone`).
            let alone = !deep
                && (!bye_here || ngb > sgb && score(pbi[sgb]) > bye_score)
                && ngb < pbi.len()
                && rest::bracket_pairs_completely(
                    field,
                    &pbi[..ngb],
                    sgb,
                    last_round,
                    rounds_before,
                );
            r.bye_dummy = bye_here && !alone;
            if alone && bye_here {
                alone_c9 = Some(next_c9_alone(&r, &pbi[ngb..], next_iter));
            }
            let small = Br { pbi: &pbi[..ngb], ..br };
            let chosen = if alone { &small } else { &br };
            // The implicit path (`sparse`) pairs every restricted bracket by default: the
            // same matcher and decisions as the matrix, faster at every size measured and
            // in O(k) memory (docs/dutch.md, Speed, "Sparse brackets").
            let implicit = match path {
                Path::ImplicitAbove(k) => chosen.pbi.len() > k,
                _ => true,
            };
            // The next score group as one vertex (`next_group`) when at most one player of
            // the bracket floats, and with the bye dummy when the group is the bye's score
            // and C9 is not on this bracket; not for the explain of every candidate. Else,
            // or when its optimum does not extend, the group whole.
            let mut done_by = Err(Stop::Expand);
            let with_bye = bye_here && !c9 && next_score == Some(bye_score);
            if implicit && !deep && !alone && (!bye_here || with_bye) && ngb < pbi.len() {
                let bye = with_bye.then_some(bye_score);
                let group = NextGroup::new(field, &pbi[ngb..], bye, last_round, rounds_before);
                if let Some(g) = group {
                    let stable = r.s.stable.clone();
                    done_by = implicit_bracket(&mut r, chosen, Some(&g));
                    if matches!(done_by, Err(Stop::Expand | Stop::Unextendable)) {
                        stats.expanded += 1;
                        r.s.done.clone_from(&done);
                        r.s.stable = stable;
                        r.matched.clone_from(&matched);
                        r.explain.truncate(lines);
                        if let Some(rest) = &mut r.s.rest {
                            rest.resync();
                        }
                    } else {
                        stats.compressed += done_by.is_ok() as usize;
                    }
                }
            }
            if matches!(done_by, Err(Stop::Expand | Stop::Unextendable)) {
                done_by = if implicit {
                    implicit_bracket(&mut r, chosen, None)
                } else {
                    bracket(&mut r, chosen)
                };
            }
            let done_by = done_by.map(|()| stats.implicit += implicit as usize);
            // Where C9 decides whether the next bracket's only downfloater is the bye, the
            // whole field's answer may not be determined (`next_c9_open`): this bracket is
            // paired on the whole field, as the reference path does.
            let c9_open_before = stats.c9_open;
            let done_by = done_by.and_then(|()| {
                if next_c9_open(&r, &pbi, sgb, ngb, next_score) {
                    stats.c9_open += 1;
                    Err(Stop::Unextendable)
                } else {
                    Ok(())
                }
            });
            match done_by {
                Ok(()) => {
                    stats.restricted += 1;
                    stats.alone += alone as usize;
                    stats.bye_dummy += (bye_here && !alone) as usize;
                    stats.c9 += (bye_here && c9) as usize;
                }
                Err(Stop::Fail(f)) => return Err(f),
                Err(Stop::Unextendable | Stop::Expand) => {
                    let why = if stats.c9_open > c9_open_before {
                        WholeField::C9Open
                    } else {
                        WholeField::Unextendable
                    };
                    stats.fallbacks += 1;
                    stats.global += 1;
                    // The bracket is not paired alone after all: C9 of the next bracket is
                    // read from the whole field's optimum, not from the cardinality
                    // matchings made for pairing it alone.
                    alone_c9 = None;
                    r.s.done = done;
                    r.s.stable = (0..n).map(|v| r.s.done[v].unwrap_or(v)).collect();
                    r.matched = matched;
                    r.explain.truncate(lines);
                    r.s.global().map_err(|f| match f {
                        Failure::TooManyPlayers(players) => Failure::WholeField { players, why },
                        f => f,
                    })?;
                    global_bracket(&mut r, &br)?;
                }
            }
        }
        // Next bracket.
        let s = &r.s;
        let mut new_pbi = Vec::new();
        let mut new_sgb = 0;
        c9 = n % 2 == 1 && next_score.is_some_and(|ns| bye_score >= ns);
        // Restricted, the next bracket's players left unpaired by this bracket's optimum
        // (the bye among them) say it (module docs, "The bye and C9"); on the whole field,
        // their partners.
        let restricted = !s.is_global();
        let mut unpaired = 0;
        for (pi, &v) in pbi.iter().enumerate() {
            if pi < ngb && r.matched[v] {
                continue;
            }
            new_pbi.push(v);
            if pi < ngb {
                new_sgb += 1;
            }
            unpaired += (s.stable[v] == v) as usize;
            if c9 && !restricted && next_score.is_some_and(|ns| score(s.stable[v]) < ns) {
                c9 = false;
            }
        }
        if let Some(x) = alone_c9.take() {
            c9 = c9 && x;
        } else if restricted && unpaired != 1 {
            c9 = false;
        }
        pbi = new_pbi;
        sgb = new_sgb;
        resident_start = group_start;
    }
    let mut pairs = Vec::new();
    for v in 0..n {
        if let Some(u) = r.s.done[v]
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
        r.explain.push(format!("bye: {}", field.players[b].id));
    }
    stats.guessed = r.guessed;
    Ok(Outcome { pairs, bye, explain: r.explain, stats })
}

/// C9 of the first bracket when the bye goes to a top scorer: it applies when the top score
/// group's only downfloater can be the bye, i.e. when a complete pairing pairs the top
/// group within itself but for one eligible player and everybody below within themselves
/// (two cardinality matchings). `global_start` reads the same from its bye-choice optimum,
/// which maximises the pairs inside the top group among the complete pairings.
fn first_bracket_c9(field: &Field, last_round: bool, rounds_before: u32) -> bool {
    let n = field.players.len();
    let top = field.players[0].score;
    let t = field.players.iter().take_while(|p| p.score >= top).count();
    let (upper, lower): (Vec<usize>, Vec<usize>) = ((0..t).collect(), (t..n).collect());
    rest::pairs_completely_but_bye(field, &upper, top, last_round, rounds_before)
        && rest::bracket_pairs_completely(field, &lower, 0, last_round, rounds_before)
}

/// Whether, after a restricted bracket whose next score group is at or below the bye score,
/// the whole field could pair the next bracket's players left unpaired by the optimum in
/// more than one way as far as C9 is concerned: besides the bye, at least two of them (so
/// at least three unpaired) of which two or more are MDPs of this bracket, whose pairs with
/// each other carry no criterion (no bracket pair) and so may or may not be taken instead
/// of pairs below the next group. The reference (whole-field) path then reads C9 of the
/// next bracket from its own optimum; such a bracket is paired that way too.
fn next_c9_open(
    r: &Round,
    pbi: &[usize],
    sgb: usize,
    ngb: usize,
    next_score: Option<HalfPoints>,
) -> bool {
    let s = &r.s;
    if r.n.is_multiple_of(2) || next_score.is_none_or(|ns| r.layout.bye_score < ns) {
        return false;
    }
    let bye = s.bye;
    let mut unpaired = 0;
    let mut mdps = 0;
    for (pi, &v) in pbi.iter().enumerate() {
        if pi < ngb && r.matched[v] || s.stable[v] != v {
            continue;
        }
        unpaired += 1;
        if pi < sgb && Some(v) != bye {
            mdps += 1;
        }
    }
    unpaired >= 3 && mdps >= 2
}

/// C9 of the next bracket after a bracket that paired alone while every bye candidate is
/// in the next score group `next` (players below it from `below` on): the next bracket is
/// that group, and the whole field's optimum (C8: as many pairs inside it as a complete
/// pairing allows) leaves only the bye of it unpaired exactly when the group can be paired
/// within itself but for one eligible player of the bye score and everybody below within
/// themselves (two cardinality matchings). Otherwise at least two more of its players are
/// paired below it (it has no MDPs): C9 does not apply.
fn next_c9_alone(r: &Round, next: &[usize], below: usize) -> bool {
    let (field, n) = (r.field, r.n);
    let lower: Vec<usize> = (below..n).collect();
    rest::pairs_completely_but_bye(field, next, r.layout.bye_score, r.last_round, r.rounds_before)
        && rest::bracket_pairs_completely(field, &lower, 0, r.last_round, r.rounds_before)
}

/// Whether every pair of the field is as good as any other (typically the first round): one
/// score group, nobody has met anybody, no colour preference, no float, everybody played as
/// many games, and in an odd field everybody may take the bye.
fn all_alike(field: &Field) -> bool {
    let p0 = &field.players[0];
    let odd = field.players.len() % 2 == 1;
    field.met.is_empty()
        && field.players.iter().all(|p| {
            p.score == p0.score
                && p.played == p0.played
                && p.pref.is_none()
                && !p.absolute
                && !p.strong
                && !p.abs_imbalance
                && p.float1 == Float::None
                && p.float2 == Float::None
                && (p.bye_eligible || !odd)
        })
}

/// The pairing of a field of [`all_alike`] players, by the rules rather than by matching:
/// every pair is allowed (no meeting, C1; no absolute preference, C3), and every pairing of
/// all players but at most one has the same value under every quality criterion — C6 (as
/// many pairs as possible), C7/C8 (one score group), C9 (the same number of played games),
/// C10-C13 (no colour preference, so none is violated), C14-C21 (no floats). The bracket is
/// homogeneous without MDPs, so 4.2 decides: S1 is the first half (rounded down) of the
/// players in pairing order, S2 the rest, and the first candidate of the generation order,
/// S1[i] with S2[i] (no transposition, no exchange), is complete and legal, hence the
/// pairing; in an odd field the last player of S2 is left over and gets the bye (the
/// lowest score, C5, is everybody's score). `candidates` pairs such a field on the whole
/// field with the same result (the engine tests compare both on random first rounds), in
/// O(n) rather than O(n³).
fn first_candidate(field: &Field, mut layout: Layout, stats: Stats) -> Outcome {
    let n = field.players.len();
    let half = n / 2;
    let ids = |vs: std::ops::Range<usize>| -> String {
        let v: Vec<String> = vs.map(|v| field.players[v].id.to_string()).collect();
        format!("[{}]", v.join(" "))
    };
    let mut explain = Vec::new();
    if n % 2 == 1 {
        layout.bye_score = field.players[0].score;
        explain.push(format!(
            "odd field: the bye goes to a player of score {} (C5, lowest possible)",
            crate::half_points(layout.bye_score)
        ));
    }
    let all: Vec<usize> = (0..n).collect();
    if n > 1 {
        explain.push(format!(
            "bracket {}: residents {} MDPs []",
            crate::half_points(field.players[0].score),
            ids(0..n)
        ));
        explain.push(format!("  remainder: S1 {} S2 {}", ids(0..half), ids(half..n)));
    }
    let mut partner = vec![None; n];
    let mut pairs = Vec::with_capacity(half);
    for i in 0..half {
        partner[i] = Some(half + i);
        partner[half + i] = Some(i);
        pairs.push((i, half + i));
    }
    let mut lay = Layout::new(field, &all, n);
    lay.rounds_before = layout.rounds_before;
    lay.last_round = layout.last_round;
    lay.bye_score = layout.bye_score;
    let decided = super::explain::Bracket {
        field,
        layout: &lay,
        players: &all,
        mdps: 0,
        size: n,
        active: &all,
        partner: &partner,
        remainder: &all,
        s1_before: half,
        s1: &all[..half],
    };
    explain.extend(super::explain::partners(&decided));
    let bye = (n % 2 == 1).then_some(n - 1);
    if let Some(b) = bye {
        explain.push(format!("bye: {}", field.players[b].id));
    }
    Outcome { pairs, bye, explain, stats }
}

/// The first matching of the whole field (dense): feasibility, and in an odd field the bye
/// score and whether C9 applies to the first bracket (`pab::bye_choice_weight`).
fn global_start(r: &mut Round) -> Result<(), Failure> {
    let (field, n) = (r.field, r.n);
    let score = |v: usize| field.players[v].score;
    let s = &mut r.s;
    // Distinct scores, ascending, for the bye choice.
    let mut scores: Vec<HalfPoints> = field.players.iter().map(|p| p.score).collect();
    scores.sort_unstable();
    scores.dedup();
    let rank = |x: HalfPoints| scores.iter().position(|&y| y == x).unwrap_or(0) as u64;
    let layout = &mut r.layout;
    if n % 2 == 1 {
        for h in 0..n {
            for l in h + 1..n {
                let x = bye_choice_weight(
                    field,
                    h,
                    l,
                    r.last_round,
                    r.rounds_before,
                    &rank,
                    scores.len(),
                );
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
    if s.solve(field).is_err() {
        unreachable!("the whole field is not verified");
    }
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
    Ok(())
}

/// The bye dummy's edges in a restricted bracket holding every bye candidate
/// (`pab::bye_dummy_weight`).
fn bye_dummy_edges(s: &mut Solver, field: &Field, lay: &Layout, pbi: &[usize], c9: bool) {
    for &v in pbi {
        if let Some(x) = super::pab::bye_dummy_weight(field, lay, v, c9) {
            s.set_dummy(v, x);
        }
    }
}

/// A restricted bracket on the implicit dense path (`sparse`: the dense matcher and its
/// warm steps on weights computed on demand, no matrix), with `next` the next score group
/// as one vertex.
fn implicit_bracket(r: &mut Round, br: &Br, next: Option<&NextGroup>) -> Result<(), Stop> {
    use super::sparse;
    r.s.use_vertices(&[]);
    let round = sparse::Round {
        field: r.field,
        layout: &r.layout,
        rounds_before: r.rounds_before,
        last_round: r.last_round,
        deep: r.deep,
        done: &mut r.s.done,
        stable: &mut r.s.stable,
        matched: &mut r.matched,
        rest: &mut r.s.rest,
        explain: &mut r.explain,
        bye: &mut r.s.bye,
        guessed: &mut r.guessed,
    };
    let Br { pbi, sgb, ngb, resident_start, next_start, c9 } = *br;
    let bye_dummy = r.bye_dummy;
    let b = sparse::Bracket { pbi, sgb, ngb, resident_start, next_start, c9, bye_dummy, next };
    sparse::bracket(round, &b).map_err(|e| match e {
        sparse::Stop::Unextendable => Stop::Unextendable,
        sparse::Stop::Expand => Stop::Expand,
        sparse::Stop::Fail(f) => Stop::Fail(f),
    })
}

/// Pairs one bracket (restricted or global, as the solver is).
fn bracket(r: &mut Round, br: &Br) -> Result<(), Stop> {
    let (field, n, deep) = (r.field, r.n, r.deep);
    let (rounds_before, last_round) = (r.rounds_before, r.last_round);
    let bye_dummy = r.bye_dummy;
    let score = |v: usize| field.players[v].score;
    let layout = &r.layout;
    let s = &mut r.s;
    let matched = &mut r.matched;
    let explain = &mut r.explain;
    let Br { pbi, sgb, ngb, resident_start, next_start, c9 } = *br;
    let ids = |vs: &[usize]| -> String {
        let v: Vec<String> = vs.iter().map(|&v| field.players[v].id.to_string()).collect();
        format!("[{}]", v.join(" "))
    };
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
    {
        let s1_now: Vec<usize> = remainder.iter().copied().filter(|&v| upper(s, v)).collect();
        let s1_before = &remainder[..rem_pairs.min(remainder.len())];
        let out: Vec<usize> = s1_before.iter().copied().filter(|v| !s1_now.contains(v)).collect();
        let into: Vec<usize> = s1_now.iter().copied().filter(|v| !s1_before.contains(v)).collect();
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
    let s1: Vec<usize> = remainder.iter().copied().filter(|&v| upper(s, v)).collect();
    let m = remainder.len() as u64;
    let digit_bits = quality::bits_for(m as usize + 1);
    let group = ((lay.order_bits() - 1) / digit_bits).max(1) as usize;
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
                let b = ew(&base, v, o, rv);
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
    // Each S1 player's partner, and why more preferred S2 players were not taken.
    let decided = super::explain::Bracket {
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
    explain.extend(if deep {
        super::explain::bracket(&decided)
    } else {
        super::explain::partners(&decided)
    });
    Ok(())
}

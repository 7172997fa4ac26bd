//! The class model as the bracket driver's weight source: the bracket's start (its model,
//! matcher and first optimum), then each decision of the driver (`bracket::driver`) as a
//! change of the model's state, reported to the matcher pair by pair.

use super::{Model, ModelSource, Round, Sink};
use crate::dutch::bracket::driver::{self, Source};
use crate::dutch::bracket::{Bracket, Stop};
use crate::dutch::failure::Failure;
use crate::dutch::matcher::Matcher;
use crate::dutch::next_group::Join;
use crate::dutch::order::Field;
use crate::dutch::quality::{self, Layout, Place};
use crate::dutch::rest::{self, NONE_POS};
use crate::dutch::weight::Weight;
/// Pairs one restricted bracket with the incremental matcher on the class model: the
/// bracket driver's decisions, the weights read from the `Model` — O(k) memory beside the
/// model's class-pair cache, no k × k matrix.
pub(crate) fn bracket<const NW: usize>(r: Round<'_, NW>, br: &Bracket) -> Result<(), Stop> {
    r.explain.push(crate::dutch::bracket::header(r.field, br));
    let source = begin(r, br)?;
    driver::pair(source, br)
}

/// The bracket's model and matcher, and its first optimum.
fn begin<'a, const NW: usize>(
    r: Round<'a, NW>,
    br: &Bracket<'a>,
) -> Result<ModelSource<'a, 'a, NW>, Stop> {
    let field = r.field;
    let n = field.players.len();
    let Bracket { pbi, sgb, ngb, c9, bye_dummy, next, .. } = *br;
    let mut lay = Layout::new(field, pbi, n);
    lay.rounds_before = r.rounds_before;
    lay.last_round = r.last_round;
    lay.bye_score = r.layout.bye_score;
    // Restricted, C9 sits on the bye dummy's edges only (`candidates`, "The bye and C9");
    // set again for the explain lines.
    lay.c9 = false;
    lay.played_rank = r.layout.played_rank.clone();
    if !lay.fits(n) {
        return Err(Stop::Fail(Failure::TooWide(lay.total_bits(n))));
    }
    let dummy: Vec<Weight<NW>> = if bye_dummy {
        let w = |&v: &usize| crate::dutch::pab::bye_dummy_weight(field, &lay, v, c9);
        pbi.iter().map(|v| w(v).unwrap_or(Weight::ZERO)).collect()
    } else {
        Vec::new()
    };
    // The next group as one vertex: the bracket's players alone in the matcher, each
    // joined to it by what its floating adds to C8 (`next_group`).
    let joins: Vec<Join> = match next {
        Some(g) => match pbi[..ngb].iter().map(|&d| g.join(field, d)).collect() {
            Some(joins) => joins,
            None => return Err(Stop::Expand),
        },
        None => Vec::new(),
    };
    let (mpbi, dummy) = match next {
        Some(g) => {
            let shift = lay.completion_shift();
            let w = |a: usize, b: usize| {
                quality::low_bits(&lay.weight(field, a, b, Place::Next), shift)
            };
            let own = g.pair.map_or(Weight::ZERO, |(a, b)| w(a.min(b), a.max(b)));
            let sink = pbi[..ngb]
                .iter()
                .zip(&joins)
                .map(|(&d, j)| match *j {
                    Join::Apart => Weight::ZERO,
                    Join::Augments { with } => w(d, with),
                    Join::Displaces { with, .. } => w(d, with).sub(&own),
                })
                .collect();
            (&pbi[..ngb], sink)
        }
        None => (pbi, dummy),
    };
    let k = mpbi.len();
    let mut model = Model::new(field, lay, mpbi, sgb, ngb);
    model.dummy = dummy;
    model.sink = next.is_some();
    let extra = bye_dummy || next.is_some();
    let mut m = Matcher::with_weights(k + extra as usize, model);
    // (Step 4's guesses read the mates they changed, not every vertex.)
    m.log_mates();
    if extra {
        m.set_group(k, u32::MAX);
    }
    // A bracket that pairs alone (no next group but as one vertex): S1 will be about the
    // first half of its residents (exactly so without MDPs or a floater, with an even
    // count), so the restart's greedy matching pairs across the halves first
    // (`Matcher::set_side`): step 3 then has little to change.
    let halves = k == ngb;
    for (i, &v) in mpbi.iter().enumerate() {
        m.set_group(i, field.players[v].score as u32);
        if halves && i >= sgb {
            m.set_side(i, 1 + (2 * (i - sgb) >= k - sgb) as u8);
        }
    }
    // Every player with a pair after it is new (the dense path's first `set` of it), then
    // those with an edge to the bye dummy.
    for i in 0..k {
        if ((i + 1).max(sgb)..k).any(|j| !m.weights().weight(i, j).is_zero()) {
            m.touch(i);
        }
    }
    for i in 0..m.weights().dummy.len() {
        if !m.weights().dummy[i].is_zero() {
            m.touch(i);
        }
    }
    let mut loc = vec![NONE_POS; n];
    for (i, &v) in mpbi.iter().enumerate() {
        loc[v] = i;
    }
    let sink = next.map(|group| Sink { group, joins, told: None, floater: None });
    let mut s = ModelSource { r, m, pbi: mpbi, loc, sink, guess_start: None };
    s.solve()?;
    // C6 fixes how many of the bracket's players float in every optimum; the next group
    // as one vertex weighs one floater only (`next_group`).
    if s.sink.is_some() && (0..ngb).filter(|&i| s.m.mate(i).is_none_or(|j| j == k)).count() > 1 {
        return Err(Stop::Expand);
    }
    Ok(s)
}

impl<'r, 'a, const NW: usize> Source<'r, NW> for ModelSource<'r, 'a, NW> {
    const HINT_WITHOUT_EXCHANGE: bool = true;

    fn field(&self) -> &'r Field {
        self.r.field
    }
    fn layout(&self) -> &Layout<NW> {
        &self.m.weights().lay
    }
    fn deep(&self) -> bool {
        self.r.deep
    }
    fn explain(&mut self) -> &mut Vec<String> {
        self.r.explain
    }
    fn done(&self) -> &[Option<usize>] {
        self.r.done
    }
    fn stable(&self, v: usize) -> usize {
        self.r.stable[v]
    }
    fn matched(&self, v: usize) -> bool {
        self.r.matched[v]
    }
    fn set_matched(&mut self, v: usize) {
        self.r.matched[v] = true;
    }

    /// The matcher's optimum, the players' partners, and the check that it extends (as
    /// `matrix::FieldMatcher::solve`).
    fn solve(&mut self) -> Result<(), Stop> {
        self.m.solve();
        let pbi = self.pbi;
        let k = pbi.len();
        self.stable_from_mates();
        *self.r.bye = match &self.sink {
            // The next group as one vertex holds the bye dummy when it is the bye's.
            Some(sink) => sink.group.bye,
            None if !self.m.weights().dummy.is_empty() => self.m.mate(k).map(|j| pbi[j]),
            None => None,
        };
        let Some(rest) = self.r.rest.as_mut() else { return Ok(()) };
        rest.bye_taken(self.r.bye.is_some());
        for (i, &v) in pbi.iter().enumerate() {
            rest.cover(v, self.r.done[v].is_some() || self.m.mate(i).is_some());
        }
        if let Some(sink) = &mut self.sink {
            // The next group's players as a best N-part for this optimum pairs them: the
            // group's matching, changed by the floater's join (`next_group`).
            let g = sink.group;
            sink.floater = self.m.mate(k);
            let now = sink.floater.map_or(Join::Apart, |i| sink.joins[i]);
            match sink.told {
                None => {
                    for (p, &v) in g.players().iter().enumerate() {
                        rest.cover(v, g.paired(p));
                    }
                }
                // The last join's change undone.
                Some(before) => {
                    if let Some((v, paired)) = g.changes(before) {
                        rest.cover(v, !paired);
                    }
                }
            }
            if let Some((v, paired)) = g.changes(now) {
                rest.cover(v, paired);
            }
            sink.told = Some(now);
        }
        let model = self.m.weights();
        let b = rest::Bracket { verts: pbi, pos: &self.loc, mdps: model.sgb, m: model };
        if rest.repair(self.r.field, Some(&b)) { Ok(()) } else { Err(Stop::Unextendable) }
    }

    fn finalize(&mut self, a: usize, b: usize) {
        self.r.done[a] = Some(b);
        self.r.done[b] = Some(a);
        self.r.stable[a] = b;
        self.r.stable[b] = a;
        self.keep_extra_pair(|_| Weight::ZERO, &[a.min(b), a.max(b)]);
        self.m.remove(self.loc[a]);
        self.m.remove(self.loc[b]);
    }

    fn is_edge(&self, a: usize, b: usize) -> bool {
        !self.base(a, b).is_zero()
    }

    /// An S1 player `o` never has an edge (step 3 took S1 x S1 out): it is told by its
    /// flag, not by weighing the pair — the searches for each S1 player's highest open S2
    /// player pass every later S1 player, O(k²) weights in a big bracket.
    fn s2_edge(&self, v: usize, o: usize) -> bool {
        let s1 = self.m.weights().s1.as_deref().expect("step 4 follows step 3");
        if s1[self.loc[o]] {
            debug_assert!(self.base(v, o).is_zero(), "S1 pair {v}-{o} has an edge");
            return false;
        }
        !self.base(v, o).is_zero()
    }

    fn flatten(&mut self) {
        self.m.flatten();
    }
    fn tight(&self, a: usize, b: usize) -> bool {
        self.m.is_tight(self.loc[a], self.loc[b])
    }
    fn prefer(&mut self, a: usize, b: usize) {
        let (i, j) = (self.loc[a], self.loc[b]);
        self.m.prefer(i, j);
    }
    fn raise(&mut self, v: usize, by: Weight<NW>) {
        let i = self.loc[v];
        self.m.raise_dual(i, by);
    }
    /// `v`'s mate in the matcher now, a player (`None` also for the vertex after the
    /// players: the bye dummy or the next group as one vertex).
    fn mate_now(&self, v: usize) -> Option<usize> {
        self.m.mate(self.loc[v]).and_then(|j| self.pbi.get(j).copied())
    }

    fn mdp_bonus(&mut self, br: &Bracket, pi: usize, v: usize, bonus: u64) {
        let pairs: Vec<(usize, usize)> = br.pbi[br.sgb..br.ngb].iter().map(|&o| (v, o)).collect();
        self.update(&pairs, |m| m.mdp_bonus[pi] = bonus);
    }

    fn before_mdp_solve(&mut self, v: usize) {
        if self.keep_extra_pair(|_| Weight::ZERO, &[v]) {
            self.m.keep_tight();
        }
    }

    fn mdp_opponents(&mut self, pi: usize, pairs: &[(usize, usize)], bonus: Vec<u64>) {
        self.update(pairs, |m| m.step2 = Some((pi, bonus)));
    }

    fn mdp_paired(&mut self) {
        // The MDP has left the graph: its edges are read no more.
        self.model().step2 = None;
    }

    fn step3_start(&mut self, remainder: &[usize], rem_pairs: usize) {
        let locs: Vec<usize> = remainder.iter().map(|&v| self.loc[v]).collect();
        let model = self.model();
        for (ri, &lv) in locs.iter().enumerate() {
            model.rem_of[lv] = ri;
        }
        model.rem_pairs = rem_pairs;
        model.step3 = true;
        // Every remainder pair of non-zero weight got heavier: its higher player is
        // re-optimised.
        for (ri, &v) in remainder.iter().enumerate() {
            if remainder[ri + 1..].iter().any(|&o| !self.base(v, o).is_zero()) {
                self.touch(v);
            }
        }
    }

    /// When the optimum has no exchange it stays optimal, but the matcher is still told
    /// the duals that cover the bonus: a matching with no root, where the next matching
    /// (step 4's) would otherwise start from every remainder player changed and its duals
    /// below the bonus (in an odd bracket of 137 players at 1,000: 752 roots in three
    /// transposition matchings).
    fn step3_cover(&mut self, raise: &dyn Fn(usize) -> Weight<NW>, remainder: &[usize]) {
        // The extra vertex's partner (the floater of an odd bracket, say) keeps its pair.
        // Either way the hints cover the remainder's pairs only: the extra vertex may have
        // changed before this step (its dummy weights follow the bracket's decisions), so
        // its row is read (one row) and its dual raised where an edge at it is uncovered.
        self.keep_extra_pair(raise, remainder);
        let k = self.pbi.len();
        if self.m.vertices() > k { self.m.hints_cover_but(k) } else { self.m.hints_cover() }
    }

    fn step3_adjust(&mut self, remainder: &[usize], ri: usize, adj: i8, left: bool) {
        let v = remainder[ri];
        let lv = self.loc[v];
        let later: Vec<(usize, usize)> = remainder[ri + 1..].iter().map(|&o| (v, o)).collect();
        self.update(&later, |m| {
            if left {
                m.no_higher[lv] = true;
            }
            m.adj3[lv] = adj;
        });
    }

    fn entered_s1(&mut self, br: &Bracket, remainder: &[usize], ri: usize) {
        let (v, k) = (remainder[ri], self.pbi.len());
        let lv = self.loc[v];
        let below = if self.sink.is_some() { &[][..] } else { &br.pbi[br.ngb..] };
        let out: Vec<(usize, usize)> =
            remainder[..ri].iter().chain(below).map(|&o| (v, o)).collect();
        // (Read before the change: with the sink, the edge to it is taken away. A bracket
        // without the sink may have no extra vertex at all: no edge to read.)
        let float = self.sink.is_some().then(|| self.m.weights().dummy_weight(lv));
        self.update(&out, |m| m.no_lower[lv] = true);
        if let Some(float) = float {
            // Nor may it float (its edge to the next group as one vertex).
            self.m.changed(lv, k, &float, &Weight::ZERO);
        }
    }

    /// A lighter edge matters to the matcher only when it is matched or holds a blossom
    /// together, so each remainder player reports its matched edge when that is taken out
    /// and its other edges in bulk (`Matcher::lighter_unmatched`): O(k), not a report per
    /// pair.
    fn step3_end(&mut self, remainder: &[usize], s1: &[bool]) {
        let k = self.pbi.len();
        for (ri, &p) in remainder.iter().enumerate() {
            let i = self.loc[p];
            if let Some(j) = self.m.mate(i).filter(|&j| j < k)
                && let Ok(rj) = remainder.binary_search(&self.pbi[j])
                && rj > ri
                && (!s1[ri] || s1[rj])
            {
                self.m.changed_dir(i, j, true);
            }
            self.m.lighter_unmatched(i);
        }
        let mut flags = vec![false; k];
        // From now on the only remainder pairs are S1 × S2: the scans of a remainder
        // player read the other side and the players outside the remainder.
        let mut parts = vec![0u8; self.m.vertices()];
        for (ri, &v) in remainder.iter().enumerate() {
            flags[self.loc[v]] = s1[ri];
            parts[self.loc[v]] = if s1[ri] { 1 } else { 2 };
        }
        self.m.set_parts(parts);
        self.model().s1 = Some(flags);
    }

    fn step4_start(&mut self, m: u64) {
        self.model().rem_len = m;
    }

    fn guesses_begin(&mut self) {
        self.guess_start = Some(self.m.mate_log_len());
    }

    /// Each guess is the highest S2 player over a tight edge, so when every one of them
    /// was taken with the old mates paired again over a tight edge, the same players
    /// unmatched as before and nothing outside the remainder moved, the matching is still
    /// an optimum (`Matcher::is_optimal_flat`) and each player of the group has the
    /// highest partner an optimum can give it after the players before it: exactly what
    /// the digits would decide, without a matching. The optimum's cover of the bracket's
    /// players is the same, so the rest needs no new check.
    fn guesses_hold(&mut self, clean: bool) -> bool {
        let from = self.guess_start.take().expect("guesses_begin first");
        let holds = clean && self.guesses_kept_outside(from) && self.m.is_optimal_flat();
        if holds {
            self.stable_from_logged_mates();
        }
        holds
    }

    fn guessed(&mut self) {
        *self.r.guessed += 1;
    }

    /// Only `v`'s edges to the open S2 players change (`Matcher::touch_towards`); the
    /// model adds the digits when the group is complete ([`Self::digits_end`]).
    fn digits(&mut self, remainder: &[usize], v: usize, _shift: u32, _open: &[u64]) {
        // (The remainder is in field order: the players below v follow it.)
        let below = &remainder[remainder.partition_point(|&o| o <= v)..];
        if below.iter().any(|&o| !self.r.matched[o] && self.s2_edge(v, o)) {
            self.m.touch_towards(self.loc[v]);
        }
    }

    fn digits_end(
        &mut self,
        remainder: &[usize],
        s1: &[bool],
        group: &[(usize, u32)],
        open: Vec<u64>,
    ) {
        // The open S2 players, the only far ends of the digits' edges.
        let s2_open: Vec<usize> = remainder
            .iter()
            .zip(s1)
            .filter(|&(&o, &in_s1)| !self.r.matched[o] && !in_s1)
            .map(|(&o, _)| self.loc[o])
            .collect();
        self.m.set_towards(s2_open);
        self.model().open_before = open;
        for &(v, shift) in group {
            let lv = self.loc[v];
            self.model().step4[lv] = Some(shift);
        }
    }

    /// The next group's players as the N-part pairs them (`candidates` counts the next
    /// bracket's players left unpaired, for C9): the group's matching, the floater's join
    /// applied; the floater with the player it takes.
    fn finish(&mut self, c9: bool) {
        if let Some(sink) = &self.sink {
            let g = sink.group;
            for (p, &v) in g.players().iter().enumerate() {
                self.r.stable[v] = g.partner(p).unwrap_or(v);
            }
            if let Some(i) = sink.floater {
                let d = self.pbi[i];
                match sink.joins[i] {
                    Join::Apart => {}
                    Join::Augments { with } => {
                        // (The augmenting path's other pairs are not traced: only whether
                        // a player is paired is read.)
                        self.r.stable[d] = with;
                        if let Some((x, _)) = g.changes(sink.joins[i]) {
                            self.r.stable[x] = d;
                        }
                    }
                    Join::Displaces { with, freed } => {
                        self.r.stable[d] = with;
                        self.r.stable[with] = d;
                        self.r.stable[freed] = freed;
                    }
                }
            }
        }
        self.model().lay.c9 = c9;
    }
}

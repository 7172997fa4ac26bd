//! Restricted brackets without a matrix (`docs/dutch.md`, Speed, "Sparse brackets").
//!
//! A restricted bracket (its players and the next score group, `candidates`) of k players
//! used to be paired on two k × k matrices of 512-bit weights (the bracket's base weights
//! and the matcher's doubled ones): O(k²) memory, 1 GB at k = 2,850. Here the same bracket
//! is paired by the same incremental matcher ([`super::matcher::Matcher`], generic over
//! where it reads its weights) with the same decisions (4.4 MDP choice, their opponents,
//! 4.3 S1/S2 and exchanges, 4.2 transpositions) and the same warm steps (grouped restart,
//! dual raises for step 3, step-4 guesses), but the weight of a pair is **computed** when
//! the matcher reads it (`Model`): the layout's weight of the two players' *classes*
//! (score, bye candidacy, colour preference and its strength, colour difference, repeated
//! colour, floats, played games; and the place of the pair), cached per class pair, zero
//! when they met (C1), plus the small per-player state each decision adds (a bonus on one
//! MDP's edges, the step-3 bonus and its ±1, the pairs each decision takes out, the digits
//! of the S1 players choosing in step 4). Each change of that state is reported to the
//! matcher pair by pair in the order `candidates::bracket` writes its matrix
//! ([`Matcher::changed`], `changed_dir`, `touch`), so the matcher does what it does on the
//! matrix, and memory is O(k) beside the class-pair cache. Before any decision (the
//! bracket's first solve) the weights are the classes' alone, met pairs aside: the
//! matcher's restart then tallies the starting duals and counts the uncovered edges class
//! by class (`classwise`, through `Model::by_class`) instead of reading every pair.
//!
//! `candidates` takes this path for every restricted bracket (`candidates::Path::Auto`);
//! `candidates::Path::ImplicitAbove(k)` keeps the matrix path up to k players, the
//! reference the comparison tests (`engine/tests/it/dutch_sparse.rs`) hold this path to.
//! [`bracket`] takes the decisions of `candidates::bracket` step by step, with the model's
//! state in place of writes to the matrix: any change to either decision sequence must be
//! made in both (those tests fail otherwise).

use super::explain;
use super::failure::Failure;
use super::matcher::Matcher;
use super::next_group::{Join, NextGroup};
use super::order::Field;
use super::quality::{self, Layout, Place};
use super::rest::{self, NONE_POS, Rest};
use super::weight::{WORDS, Weight};
use std::cell::Cell;

const NONE: usize = usize::MAX;

/// The weights of the current bracket's pairs, computed on demand (positions in `pbi`, the
/// higher player first): what the dense path would hold in its matrix after the same
/// decisions.
struct Model<'a> {
    field: &'a Field,
    lay: Layout,
    pbi: &'a [usize],
    sgb: usize,
    ngb: usize,
    /// The completion field is dropped (restricted matching): bits from here up.
    shift: u32,
    /// Class of each position (the attributes a weight reads), and the cached weight of
    /// each ordered class pair and place (`None`: not computed yet).
    class: Vec<u32>,
    classes: usize,
    cache: Vec<Cell<Option<Weight>>>,
    /// The same, doubled ([`Model::weight2`]), and whether the bonuses of steps 1-3 fit
    /// in the lowest word of a doubled weight.
    cache2: Vec<Cell<Weight>>,
    /// `cache2` transposed (class of b, class of a, place), for a reader whose row is b.
    cache2t: Vec<Cell<Weight>>,
    narrow: bool,
    /// Positions each position has met (C1), sorted: position a's are
    /// `met[met_at[a]..met_at[a + 1]]`.
    met: Vec<u32>,
    met_at: Vec<u32>,
    /// Step 1: bonus on an MDP's edges to the residents.
    mdp_bonus: Vec<u64>,
    /// Step 2: the MDP choosing its opponent now, and the bonus per resident position.
    step2: Option<(usize, Vec<u64>)>,
    /// Position -> index in the remainder (`NONE`: not in it).
    rem_of: Vec<usize>,
    /// Step 3 (exchanges): the bonus of remainder pairs is on, with `rem_pairs` and the
    /// temporary ±1 on one player's edges to later remainder players.
    step3: bool,
    rem_pairs: usize,
    adj3: Vec<i8>,
    /// Step 3 decisions: may not be the higher player of a remainder pair (left S1) / may
    /// be neither the lower player of a remainder pair nor paired to the next group
    /// (entered S1).
    no_higher: Vec<bool>,
    no_lower: Vec<bool>,
    /// After step 3: the S1 flag of each position; a remainder pair needs its higher
    /// player in S1 and its lower one not.
    s1: Option<Vec<bool>>,
    /// Step 4: the S1 players choosing now (by position: the shift of their digit), the
    /// number of unfinished remainder players before each remainder index, and `m`.
    step4: Vec<Option<u32>>,
    open_before: Vec<u64>,
    rem_len: u64,
    /// The bye dummy's edge weight per position (`candidates`, "The bye and C9"; the dummy
    /// is the vertex after the players), empty without a dummy. With `sink`, the same
    /// vertex is the next score group as one vertex (`next_group`) and these its weights.
    dummy: Vec<Weight>,
    sink: bool,
    /// A bonus on every edge of that vertex, so that its pair stays tight through the
    /// decisions (`Implicit::keep_extra_pair`; every optimum matches the vertex or none
    /// does, so it changes no decision).
    extra: Weight,
}

impl<'a> Model<'a> {
    fn new(field: &'a Field, lay: Layout, pbi: &'a [usize], sgb: usize, ngb: usize) -> Self {
        let k = pbi.len();
        let mut at = std::collections::HashMap::new();
        let mut class = Vec::with_capacity(k);
        for &v in pbi {
            let p = &field.players[v];
            let key = (
                p.score,
                p.bye_eligible,
                p.pref,
                p.abs_imbalance,
                p.absolute,
                p.colour_diff.unsigned_abs(),
                p.repeated,
                p.strong,
                (p.float1 as u8, p.float2 as u8),
                p.played,
            );
            let next = at.len() as u32;
            class.push(*at.entry(key).or_insert(next));
        }
        let classes = at.len();
        let cache = if classes <= 400 {
            (0..classes * classes * 2).map(|_| Cell::new(None)).collect()
        } else {
            Vec::new()
        };
        let mut pos = vec![NONE_POS; field.players.len()];
        for (i, &v) in pbi.iter().enumerate() {
            pos[v] = i;
        }
        let mut met = vec![Vec::new(); k];
        for &(a, b) in &field.met {
            if pos[a] != NONE_POS && pos[b] != NONE_POS {
                met[pos[a]].push(pos[b] as u32);
                met[pos[b]].push(pos[a] as u32);
            }
        }
        for m in &mut met {
            m.sort_unstable();
        }
        let mut met_at = Vec::with_capacity(k + 1);
        met_at.push(0);
        for m in &met {
            met_at.push(met_at[met_at.len() - 1] + m.len() as u32);
        }
        let met: Vec<u32> = met.concat();
        let shift = lay.completion_shift();
        // (The bonuses of steps 1-3 below 2^62: MDP bonuses at most 3k, step 3's
        // below 2^(2·count + 2).)
        let narrow = !cache.is_empty() && 2 * lay.count + 2 < 62 && k < 1 << 58;
        let unknown = Weight([u64::MAX; WORDS]);
        let cache2 = if narrow { vec![Cell::new(unknown); cache.len()] } else { Vec::new() };
        let cache2t = cache2.clone();
        Model {
            cache2,
            cache2t,
            narrow,
            field,
            lay,
            pbi,
            sgb,
            ngb,
            shift,
            class,
            classes,
            cache,
            met,
            met_at,
            mdp_bonus: vec![0; sgb],
            step2: None,
            rem_of: vec![NONE; k],
            step3: false,
            rem_pairs: 0,
            adj3: vec![0; k],
            no_higher: vec![false; k],
            no_lower: vec![false; k],
            s1: None,
            step4: vec![None; k],
            open_before: Vec::new(),
            rem_len: 0,
            dummy: Vec::new(),
            sink: false,
            extra: Weight::ZERO,
        }
    }

    /// The positions `a` has met.
    fn met_of(&self, a: usize) -> &[u32] {
        &self.met[self.met_at[a] as usize..self.met_at[a + 1] as usize]
    }

    fn place(&self, b: usize) -> Option<Place> {
        if b < self.sgb {
            None
        } else if b < self.ngb {
            Some(Place::Bracket)
        } else {
            Some(Place::Next)
        }
    }

    /// The layout's weight of the pair (positions a < b), completion field dropped; zero
    /// when C1/C3 forbid it or both are MDPs.
    fn plain(&self, a: usize, b: usize) -> Weight {
        let Some(place) = self.place(b) else { return Weight::ZERO };
        if self.met_of(a).contains(&(b as u32)) {
            return Weight::ZERO;
        }
        if self.cache.is_empty() {
            let x = self.lay.weight(self.field, self.pbi[a], self.pbi[b], place);
            return quality::low_bits(&x, self.shift);
        }
        let i = (self.class[a] as usize * self.classes + self.class[b] as usize) * 2
            + (place == Place::Next) as usize;
        if let Some(x) = self.cache[i].get() {
            return x;
        }
        // They have not met: the weight is their classes' (C3 included).
        let x = self.lay.weight(self.field, self.pbi[a], self.pbi[b], place);
        let x = quality::low_bits(&x, self.shift);
        self.cache[i].set(Some(x));
        x
    }

    /// The base weight of (a, b), a < b: [`Model::plain`] less the pairs the decisions
    /// of step 3 have taken out (the dense path's `base` matrix).
    fn base(&self, a: usize, b: usize) -> Weight {
        let x = self.plain(a, b);
        if x.is_zero() || self.taken_out(a, b) {
            return Weight::ZERO;
        }
        x
    }

    /// The weight of (a, dummy): an S2 player that entered S1 may not float (as it may not
    /// pair with the next group, [`Model::taken_out`]).
    #[inline(always)]
    fn dummy_weight(&self, a: usize) -> Weight {
        let x = if self.sink && self.no_lower[a] { Weight::ZERO } else { self.dummy[a] };
        if x.is_zero() { x } else { x.add(&self.extra) }
    }

    /// Whether the decisions of step 3 have taken the pair (a, b), a < b, out: left S1
    /// (no longer the higher player of a remainder pair), entered S1 (neither the lower
    /// one nor paired to the next group), after step 3 every remainder pair but S1 × S2.
    #[inline(always)]
    fn taken_out(&self, a: usize, b: usize) -> bool {
        if self.rem_of[a] != NONE && self.rem_of[b] != NONE {
            if let Some(s1) = &self.s1
                && (!s1[a] || s1[b])
            {
                return true;
            }
            if self.no_higher[a] || self.no_lower[b] {
                return true;
            }
        }
        self.no_lower[a] && b >= self.ngb
    }

    /// The current weight of (a, b), a < b: the base and the bonuses of the decision in
    /// progress.
    fn weight(&self, a: usize, b: usize) -> Weight {
        if b == self.pbi.len() {
            return self.dummy_weight(a);
        }
        let x = self.base(a, b);
        if x.is_zero() {
            return x;
        }
        let mut x = x;
        if a < self.sgb && b < self.ngb {
            let bonus = match &self.step2 {
                Some((v, addend)) if *v == a => addend[b],
                _ => self.mdp_bonus[a],
            };
            x = x.add_u64(bonus);
        }
        let (ra, rb) = (self.rem_of[a], self.rem_of[b]);
        if self.step3 && ra != NONE && rb != NONE {
            let c = self.lay.count;
            if ra < self.rem_pairs {
                x = x.add(&Weight::bit(2 * c + 1));
            }
            x = x.add_u64(((1u64 << (2 * c)) - 1 - ra as u64) * 2);
            match self.adj3[a] {
                1 => x = x.add_u64(1),
                -1 => x = x.sub(&Weight::from_u64(1)),
                _ => {}
            }
        }
        if rb != NONE
            && let Some(shift) = self.step4[a]
        {
            let j = self.open_before[rb] - self.open_before[ra + 1];
            x = x.add(&Weight::from_u64(self.rem_len - j).shl(shift));
        }
        x
    }
}

/// What the sparse bracket needs from the round (`candidates` keeps the round's state).
pub struct Round<'a> {
    pub field: &'a Field,
    /// The round's layout (bye score, played-games ranks).
    pub layout: &'a Layout,
    pub rounds_before: u32,
    pub last_round: bool,
    pub deep: bool,
    pub done: &'a mut Vec<Option<usize>>,
    pub stable: &'a mut Vec<usize>,
    pub matched: &'a mut Vec<bool>,
    pub rest: &'a mut Option<Rest>,
    pub explain: &'a mut Vec<String>,
    /// The bye dummy's partner in the last optimum (a field index), `None` without one.
    pub bye: &'a mut Option<usize>,
    /// Transposition groups decided by their guesses alone (`candidates::Stats::guessed`).
    pub guessed: &'a mut usize,
}

/// One bracket, as `candidates::Br`: `pbi` = MDPs (first `sgb`), residents (up to `ngb`),
/// the next score group.
pub struct Bracket<'a> {
    pub pbi: &'a [usize],
    pub sgb: usize,
    pub ngb: usize,
    pub resident_start: usize,
    pub next_start: usize,
    pub c9: bool,
    /// Every bye candidate is in `pbi`: a bye dummy joins the matching (`candidates`).
    pub bye_dummy: bool,
    /// The next score group as one vertex (`next_group`; when the group holds every bye
    /// candidate, the bye dummy is inside it): the matcher holds the bracket's players only.
    pub next: Option<&'a NextGroup>,
}

/// Why a sparse bracket stopped.
pub enum Stop {
    /// An optimum does not extend to a complete pairing: pair on the whole field (or, with
    /// the next group as one vertex, with the group whole first).
    Unextendable,
    /// With the next group as one vertex: more than one player of the bracket floats, which
    /// the one vertex does not weigh (`next_group`); pair with the group whole.
    Expand,
    Fail(Failure),
}

impl Model<'_> {
    /// Twice `Model::weight` (a < b), with little 512-bit arithmetic: the layout's weight
    /// has its spare low field (at least 76 bits) zero, and every bonus of the decisions
    /// lives in that field (below the lowest criterion). So the doubled weight is the
    /// doubled class-pair weight (cached), its lowest word the doubled bonus of steps 1-3
    /// (below 2^63 when `narrow`), plus the doubled step-4 digit at its shift.
    #[inline(always)]
    fn weight2(&self, a: usize, b: usize, a_row: bool) -> Weight {
        if !self.narrow {
            let x = self.weight(a, b);
            return x.add(&x);
        }
        let Some(place) = self.place(b) else { return Weight::ZERO };
        let (from, to) = (self.met_at[a] as usize, self.met_at[a + 1] as usize);
        if from < to && self.met[from..to].contains(&(b as u32)) {
            return Weight::ZERO;
        }
        let mut x = self.class_w2(a, b, place, a_row);
        if x.is_zero() || self.taken_out(a, b) {
            return Weight::ZERO;
        }
        let (ra, rb) = (self.rem_of[a], self.rem_of[b]);
        let both = ra != NONE && rb != NONE;
        let mut lo: u64 = 0;
        if a < self.sgb && b < self.ngb {
            lo = match &self.step2 {
                Some((v, addend)) if *v == a => addend[b],
                _ => self.mdp_bonus[a],
            };
        }
        if both {
            if self.step3 {
                let c = self.lay.count;
                if ra < self.rem_pairs {
                    lo += 1u64 << (2 * c + 1);
                }
                lo += ((1u64 << (2 * c)) - 1 - ra as u64) * 2;
                match self.adj3[a] {
                    1 => lo += 1,
                    -1 => lo -= 1,
                    _ => {}
                }
            }
            x.0[0] = lo << 1;
            if let Some(shift) = self.step4[a] {
                let j = self.open_before[rb] - self.open_before[ra + 1];
                x = x.add_shifted((self.rem_len - j) << 1, shift);
            }
        } else {
            x.0[0] = lo << 1;
        }
        x
    }
}

impl Model<'_> {
    /// Twice the layout's weight of the classes of (a, b), a < b, at `place` (b's), met or
    /// not (`cache2`, computed on first use; `narrow` only). The cache is read in the
    /// reader's order (its row: the first index the same along a scan).
    #[inline(always)]
    fn class_w2(&self, a: usize, b: usize, place: Place, a_row: bool) -> Weight {
        let (ca, cb) = (self.class[a] as usize, self.class[b] as usize);
        let next = (place == Place::Next) as usize;
        let (i, t) = ((ca * self.classes + cb) * 2 + next, (cb * self.classes + ca) * 2 + next);
        let mut x = if a_row { self.cache2[i].get() } else { self.cache2t[t].get() };
        if x.0[WORDS - 1] == u64::MAX {
            // Not computed yet (a doubled weight keeps its top bits clear).
            let y = self.lay.weight(self.field, self.pbi[a], self.pbi[b], place);
            let y = quality::low_bits(&y, self.shift);
            x = y.add(&y);
            debug_assert!(x.0[0] == 0 && x.0[WORDS - 1] != u64::MAX, "spare field not empty");
            self.cache2[i].set(x);
            self.cache2t[t].set(x);
        }
        x
    }

    /// Whether the weights are still the classes' (`classwise`): no decision has added a
    /// bonus or taken a pair out (the bracket's first solve), the cache holds doubled
    /// weights, and the matcher's vertices are the players and the extra vertex (bye
    /// dummy or next group) if any.
    fn by_class(&self, n: usize) -> bool {
        let k = self.pbi.len();
        self.narrow
            && n == k + (!self.dummy.is_empty()) as usize
            && (self.dummy.is_empty() || self.dummy.len() == k)
            && self.step2.is_none()
            && !self.step3
            && self.s1.is_none()
            && self.mdp_bonus.iter().all(|&b| b == 0)
            && self.rem_of.iter().all(|&r| r == NONE)
            && !self.no_higher.iter().any(|&x| x)
            && !self.no_lower.iter().any(|&x| x)
            && self.step4.iter().all(|s| s.is_none())
    }
}

impl super::classwise::ClassView for Model<'_> {
    fn players(&self) -> usize {
        self.pbi.len()
    }

    fn class_of(&self, a: usize) -> u32 {
        self.class[a]
    }

    fn bounds(&self) -> (usize, usize) {
        (self.sgb, self.ngb)
    }

    fn unmet_w2(&self, a: usize, b: usize) -> Weight {
        match self.place(b) {
            Some(place) => self.class_w2(a, b, place, true),
            None => Weight::ZERO,
        }
    }

    fn met_of(&self, a: usize) -> &[u32] {
        Model::met_of(self, a)
    }

    fn extra_w2(&self, a: usize) -> Weight {
        let x = self.dummy_weight(a);
        x.add(&x)
    }
}

impl super::matcher::Weights for Model<'_> {
    /// Before any decision, by class (`classwise`).
    fn restart_tally(
        &self,
        alive: &[bool],
        group: &[u32],
        f: &mut dyn FnMut(usize, &Weight, u32),
    ) -> bool {
        if !self.by_class(alive.len()) {
            return false;
        }
        super::classwise::tally(self, alive, group, f);
        true
    }

    /// Before any decision, by class (`classwise`).
    fn restart_uncovered(&self, alive: &[bool], dual: &[Weight], count: &mut [u32]) -> bool {
        if !self.by_class(alive.len()) {
            return false;
        }
        super::classwise::uncovered(self, alive, dual, count);
        true
    }

    /// Before any decision, by class (`classwise::step`).
    fn restart_step(&self, alive: &[bool], dual: &mut [Weight], mate: &[usize]) -> bool {
        self.by_class(alive.len()) && super::classwise::step(self, alive, dual, mate)
    }

    #[inline(always)]
    fn w2(&self, a: usize, b: usize) -> Weight {
        let k = self.pbi.len();
        if a == k || b == k {
            // The bye dummy's edges (a scan may read the dummy's own diagonal: no edge).
            let x = if a == b { Weight::ZERO } else { self.dummy_weight(a.min(b)) };
            return x.add(&x);
        }
        let x = if a < b { self.weight2(a, b, true) } else { self.weight2(b, a, false) };
        let (a, b) = (a.min(b), a.max(b));
        debug_assert!(x == self.weight(a, b).add(&self.weight(a, b)), "pair {a}-{b}");
        x
    }
}

impl rest::Edges for Model<'_> {
    fn has_edge(&self, i: usize, j: usize) -> bool {
        !self.base(i.min(j), i.max(j)).is_zero()
    }
}

/// A bracket on the implicit dense path: the dense matcher reading its weights from the
/// `Model` (no matrix), with the warm steps of `candidates::bracket`.
struct Implicit<'r, 'a> {
    r: Round<'r>,
    m: Matcher<Model<'a>>,
    /// The matcher's players (the bracket and the next group, or the bracket alone when
    /// the next group is one vertex).
    pbi: &'a [usize],
    loc: Vec<usize>,
    sink: Option<Sink<'a>>,
}

/// The next score group as one vertex (`next_group`), after the bracket's players.
struct Sink<'a> {
    group: &'a NextGroup,
    /// How each player of the bracket joins the group (by position).
    joins: Vec<Join>,
    /// The join the rest was told of last (`None`: not yet told of the group).
    told: Option<Join>,
    /// The floater (a position) in the last optimum: the next group's vertex's mate
    /// (removals after it may unpair it in the matcher).
    floater: Option<usize>,
}

impl<'a> Implicit<'_, 'a> {
    fn model(&mut self) -> &mut Model<'a> {
        self.m.weights_mut()
    }

    /// The matcher's optimum, the players' partners, and the check that it extends (as
    /// [`State::solve`]).
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

    /// Each player's partner in the matcher's matching now (itself when unpaired or
    /// paired to the extra vertex; the decided pairs as they are).
    fn stable_from_mates(&mut self) {
        let (pbi, k) = (self.pbi, self.pbi.len());
        for (i, &v) in pbi.iter().enumerate() {
            self.r.stable[v] = match self.r.done[v] {
                Some(u) => u,
                None => self.m.mate(i).filter(|&j| j < k).map_or(v, |j| pbi[j]),
            };
        }
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

    /// The current weight of (a, b), field indices.
    fn weight(&self, a: usize, b: usize) -> Weight {
        let (i, j) = (self.loc[a], self.loc[b]);
        self.m.weights().weight(i.min(j), i.max(j))
    }

    /// Before a solve after a change: keeps the pair of the extra vertex (the bye dummy,
    /// the next group as one vertex) and its partner p tight, where the solve would
    /// unmatch it and search from p again — over the whole bracket when p is the base of
    /// a blossom that holds it (a full scan of 4,225 players in one step-3 matching of
    /// round 2 of `--seed 3` at 10,000 players, only to find the same pair). The extra
    /// vertex gets no bonus of the decisions, so the pair loses its tightness when p's
    /// dual is raised (`raise`, by p's index in `changed`: step 3's hints) or gains the
    /// duals of blossoms dissolved by the change (the `changed` players, field indices,
    /// sorted).
    /// Every optimum pairs the extra vertex or none does (the bye dummy's edges carry the
    /// completion bit; the next group's carry C8, which no pair of the bracket does), so
    /// a bonus on all its edges changes no optimum: they get what the pair lost, reported
    /// as a change at the extra vertex (the next solve keeps the pair only if told to:
    /// hints, or `Matcher::keep_tight`). Returns whether they did (its row then needs
    /// the check of `Matcher::hints_cover_but`).
    fn keep_extra_pair(&mut self, raise: impl Fn(usize) -> Weight, changed: &[usize]) -> bool {
        let k = self.pbi.len();
        let Some(p) = (self.m.vertices() > k).then(|| self.m.mate(k)).flatten() else {
            return false;
        };
        let by = match changed.binary_search(&self.pbi[p]) {
            Ok(i) => raise(i),
            Err(_) => Weight::ZERO,
        };
        if by.is_zero() && changed.contains(&self.pbi[p]) {
            // A changed player without a hint is unmatched by the solve anyway.
            return false;
        }
        let mut opened: Vec<usize> = changed.iter().map(|&v| self.loc[v]).collect();
        opened.push(k);
        let slack = self.m.flat_slack(p, k, &opened);
        if slack.0[0] & 1 == 1 || (by.is_zero() && slack.is_zero()) {
            return false;
        }
        let old: Vec<Weight> = (0..k).map(|i| self.m.weights().dummy_weight(i)).collect();
        let extra = self.m.weights().extra.add(&by).add(&slack.half());
        self.model().extra = extra;
        for (i, old) in old.iter().enumerate() {
            let new = self.m.weights().dummy_weight(i);
            self.m.changed(k, i, old, &new);
        }
        true
    }

    fn base(&self, a: usize, b: usize) -> Weight {
        let (i, j) = (self.loc[a], self.loc[b]);
        self.m.weights().base(i.min(j), i.max(j))
    }

    /// Step 4: whether the remainder pair of the S1 player `v` and `o` below it has an
    /// edge. An S1 player `o` never has one (step 3 took S1 x S1 out): it is told by its
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

    /// Changes the model by `f` and reports every pair of `pairs` (field indices, the
    /// first the vertex re-optimised, as `Matrix::set` in `candidates`) whose weight
    /// changed, in order.
    fn update(&mut self, pairs: &[(usize, usize)], f: impl FnOnce(&mut Model<'a>)) {
        let old: Vec<Weight> = pairs.iter().map(|&(a, b)| self.weight(a, b)).collect();
        f(self.model());
        for (&(a, b), o) in pairs.iter().zip(old) {
            let w = self.weight(a, b);
            let (i, j) = (self.loc[a], self.loc[b]);
            self.m.changed(i, j, &o, &w);
        }
    }

    /// `v`'s edges got heavier (or stayed): re-optimise it (as the first heavier `set` of
    /// the dense path does).
    fn touch(&mut self, v: usize) {
        let i = self.loc[v];
        self.m.touch(i);
    }

    fn tight(&self, a: usize, b: usize) -> bool {
        self.m.is_tight(self.loc[a], self.loc[b])
    }

    fn prefer(&mut self, a: usize, b: usize) -> bool {
        let (i, j) = (self.loc[a], self.loc[b]);
        self.m.prefer(i, j)
    }

    fn raise(&mut self, v: usize, by: Weight) {
        let i = self.loc[v];
        self.m.raise_dual(i, by);
    }

    /// `v`'s mate in the matcher now, a player (`None` also for the vertex after the
    /// players: the bye dummy or the next group as one vertex).
    fn mate_now(&self, v: usize) -> Option<usize> {
        self.m.mate(self.loc[v]).and_then(|j| self.pbi.get(j).copied())
    }
}

/// Pairs one restricted bracket with the dense matcher on implicit weights: the decisions
/// and the warm steps (dual raises, grouped restart, step-4 guesses) of
/// `candidates::bracket`, each weight change of its matrix reported to the matcher in the
/// same order, the weights read from the `Model` — O(k) memory beside the model's
/// class-pair cache, no k × k matrix.
pub fn bracket(r: Round, br: &Bracket) -> Result<(), Stop> {
    let field = r.field;
    let n = field.players.len();
    let score = |v: usize| field.players[v].score;
    let Bracket { pbi, sgb, ngb, resident_start, next_start, c9, bye_dummy, next } = *br;
    let ids = |vs: &[usize]| -> String {
        let v: Vec<String> = vs.iter().map(|&v| field.players[v].id.to_string()).collect();
        format!("[{}]", v.join(" "))
    };
    if ngb > sgb {
        r.explain.push(format!(
            "bracket {}: residents {} MDPs {}",
            crate::half_points(score(pbi[sgb])),
            ids(&pbi[sgb..ngb]),
            ids(&pbi[..sgb])
        ));
    } else {
        r.explain.push(format!("last players {}", ids(&pbi[..ngb])));
    }
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
    let dummy: Vec<Weight> = if bye_dummy {
        let w = |&v: &usize| super::pab::bye_dummy_weight(field, &lay, v, c9);
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
    let active: Vec<usize> = (0..n).filter(|&v| r.done[v].is_none()).collect();
    let c = lay.count;
    let order_bits = lay.order_bits();
    let k = mpbi.len();
    let mut model = Model::new(field, lay, mpbi, sgb, ngb);
    model.dummy = dummy;
    model.sink = next.is_some();
    let extra = bye_dummy || next.is_some();
    let mut m = Matcher::with_weights(k + extra as usize, model);
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
    let mut s = Implicit { r, m, pbi: mpbi, loc, sink };
    s.solve()?;
    // C6 fixes how many of the bracket's players float in every optimum; the next group
    // as one vertex weighs one floater only (`next_group`).
    if s.sink.is_some() && (0..ngb).filter(|&i| s.m.mate(i).is_none_or(|j| j == k)).count() > 1 {
        return Err(Stop::Expand);
    }
    let in_res =
        |s: &Implicit, v: usize| s.r.stable[v] >= resident_start && s.r.stable[v] < next_start;
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
            s.r.matched[v] = true;
            continue;
        }
        rem -= 1;
        let pairs: Vec<(usize, usize)> = (sgb..ngb).map(|oi| (v, pbi[oi])).collect();
        if !in_res(&s, v) {
            s.update(&pairs, |m| m.mdp_bonus[pi] = 1);
            if s.keep_extra_pair(|_| Weight::ZERO, &[v]) {
                s.m.keep_tight();
            }
            s.solve()?;
        }
        if in_res(&s, v) {
            s.r.matched[v] = true;
            remm -= 1;
            s.update(&pairs, |m| m.mdp_bonus[pi] = (ngb - sgb) as u64 + 1);
        }
    }
    // 2. Opponents of the MDPs.
    for pi in 0..sgb {
        let v = pbi[pi];
        if !s.r.matched[v] {
            continue;
        }
        let mut addend = pbi.len() as u64;
        let mut top = None;
        let mut bonus = vec![0u64; pbi.len()];
        let mut pairs = Vec::new();
        for oi in (sgb..ngb).rev() {
            let o = pbi[oi];
            if s.r.matched[o] {
                continue;
            }
            if !s.base(v, o).is_zero() {
                bonus[oi] = addend;
                addend += 1;
                top = Some(o);
                pairs.push((v, o));
            }
        }
        s.update(&pairs, |m| m.step2 = Some((pi, bonus)));
        if top != Some(s.r.stable[v]) {
            if s.keep_extra_pair(|_| Weight::ZERO, &[v]) {
                s.m.keep_tight();
            }
            s.solve()?;
        }
        let u = s.r.stable[v];
        s.r.matched[u] = true;
        s.finalize(v, u);
        // v has left the graph: its edges are read no more.
        s.model().step2 = None;
    }
    // 3. Remainder, S1/S2 and exchanges.
    let remainder: Vec<usize> =
        (sgb..ngb).map(|pi| pbi[pi]).filter(|&v| s.r.stable[v] >= resident_start).collect();
    let rem_pairs = remainder.iter().filter(|&&v| s.r.stable[v] < v).count();
    let mdp_pairs: Vec<String> = (0..sgb)
        .filter(|&pi| s.r.done[pbi[pi]].is_some())
        .map(|pi| {
            let v = pbi[pi];
            format!("{}-{}", field.players[v].id, field.players[s.r.stable[v]].id)
        })
        .collect();
    if sgb > 0 {
        s.r.explain.push(format!(
            "  MDPs paired (4.4, highest first; each with the highest resident possible): {}",
            if mdp_pairs.is_empty() { "none".to_string() } else { mdp_pairs.join(" ") }
        ));
    }
    s.r.explain.push(format!(
        "  remainder: S1 {} S2 {}",
        ids(&remainder[..rem_pairs.min(remainder.len())]),
        ids(&remainder[rem_pairs.min(remainder.len())..])
    ));
    // The step's bonus of a remainder pair, by the rank of its higher player (the model's
    // step-3 term, as `candidates::bracket` writes it).
    let bonus = |ri: usize| -> Weight {
        let first = if ri < rem_pairs { Weight::bit(2 * c + 1) } else { Weight::ZERO };
        first.add_u64(((1u64 << (2 * c)) - 1 - ri as u64) * 2)
    };
    {
        let locs: Vec<usize> = remainder.iter().map(|&v| s.loc[v]).collect();
        let model = s.model();
        for (ri, &lv) in locs.iter().enumerate() {
            model.rem_of[lv] = ri;
        }
        model.rem_pairs = rem_pairs;
        model.step3 = true;
    }
    // Every remainder pair of non-zero weight got heavier: its higher player is
    // re-optimised.
    for (ri, &v) in remainder.iter().enumerate() {
        if remainder[ri + 1..].iter().any(|&o| !s.base(v, o).is_zero()) {
            s.touch(v);
        }
    }
    let upper = |s: &Implicit, v: usize| s.r.stable[v] > v && s.r.stable[v] < next_start;
    // The optimum's duals are foreseeable (`candidates::bracket`). When the optimum has no
    // exchange it stays optimal (`candidates::bracket`), but the matcher is still told
    // the duals that cover the bonus: a matching with no root, where the next matching
    // (step 4's) would otherwise start from every remainder player changed and its duals
    // below the bonus (in an odd bracket of 137 players at 1,000: 752 roots in three
    // transposition matchings).
    let exchange = !(0..rem_pairs).all(|ri| upper(&s, remainder[ri]));
    if rem_pairs > 0 && rem_pairs < remainder.len() {
        let h = bonus(rem_pairs).add(&bonus(rem_pairs - 1)).half().half();
        let raise = |ri: usize| if ri < rem_pairs { bonus(ri).sub(&h) } else { h };
        for (ri, &v) in remainder.iter().enumerate() {
            s.raise(v, raise(ri));
        }
        // The extra vertex's partner (the floater of an odd bracket, say) keeps its pair.
        // Either way the hints cover the remainder's pairs only: the extra vertex may have
        // changed before this step (its dummy weights follow the bracket's decisions), so
        // its row is read (one row) and its dual raised where an edge at it is uncovered.
        s.keep_extra_pair(raise, &remainder);
        if s.m.vertices() > k {
            s.m.hints_cover_but(k)
        } else {
            s.m.hints_cover()
        }
        s.solve()?;
    } else if exchange {
        s.solve()?;
    }
    let exchanges = (0..rem_pairs).filter(|&ri| !upper(&s, remainder[ri])).count();
    let mut left = exchanges;
    let mut ri = rem_pairs;
    while ri > 0 && left > 0 {
        ri -= 1;
        let v = remainder[ri];
        let lv = s.loc[v];
        let later: Vec<(usize, usize)> = remainder[ri + 1..].iter().map(|&o| (v, o)).collect();
        if upper(&s, v) {
            s.update(&later, |m| m.adj3[lv] = -1);
            s.solve()?;
        }
        let exchange = !upper(&s, v);
        if exchange {
            left -= 1;
        }
        s.update(&later, |m| {
            if exchange {
                m.no_higher[lv] = true;
            }
            m.adj3[lv] = 0;
        });
    }
    let mut left = exchanges;
    let mut ri = rem_pairs;
    while ri < remainder.len() && left > 1 {
        let v = remainder[ri];
        let lv = s.loc[v];
        let later: Vec<(usize, usize)> = remainder[ri + 1..].iter().map(|&o| (v, o)).collect();
        let already = upper(&s, v);
        if !already {
            s.update(&later, |m| m.adj3[lv] = 1);
            s.solve()?;
        }
        if upper(&s, v) {
            left -= 1;
            let below = if s.sink.is_some() { &[][..] } else { &pbi[ngb..] };
            let out: Vec<(usize, usize)> =
                remainder[..ri].iter().chain(below).map(|&o| (v, o)).collect();
            // (Read before the change: with the sink, the edge to it is taken away. A
            // bracket without the sink may have no extra vertex at all: no edge to read.)
            let float = s.sink.is_some().then(|| s.m.weights().dummy_weight(lv));
            s.update(&out, |m| m.no_lower[lv] = true);
            if let Some(float) = float {
                // Nor may it float (its edge to the next group as one vertex).
                s.m.changed(lv, k, &float, &Weight::ZERO);
            }
        }
        if !already {
            s.update(&later, |m| m.adj3[lv] = 0);
        }
        ri += 1;
    }
    // S1 x S2 pairs keep their bonus (every optimum from now on pairs each S1 player with
    // an S2 player below it); the other remainder pairs are taken out (lighter).
    // A lighter edge matters to the matcher only when it is matched or holds a blossom
    // together, so each remainder player reports its matched edge when that is taken out
    // and its other edges in bulk (`Matcher::lighter_unmatched`): O(k), not a report per
    // pair.
    let s1_flags: Vec<bool> = remainder.iter().map(|&v| upper(&s, v)).collect();
    for (ri, &p) in remainder.iter().enumerate() {
        let i = s.loc[p];
        if let Some(j) = s.m.mate(i).filter(|&j| j < k)
            && let Ok(rj) = remainder.binary_search(&s.pbi[j])
            && rj > ri
            && (!s1_flags[ri] || s1_flags[rj])
        {
            s.m.changed_dir(i, j, true);
        }
        s.m.lighter_unmatched(i);
    }
    {
        let mut flags = vec![false; pbi.len()];
        for (ri, &v) in remainder.iter().enumerate() {
            flags[s.loc[v]] = s1_flags[ri];
        }
        s.model().s1 = Some(flags);
    }
    {
        let s1_now: Vec<usize> = remainder.iter().copied().filter(|&v| upper(&s, v)).collect();
        let s1_before = &remainder[..rem_pairs.min(remainder.len())];
        let out: Vec<usize> = s1_before.iter().copied().filter(|v| !s1_now.contains(v)).collect();
        let into: Vec<usize> = s1_now.iter().copied().filter(|v| !s1_before.contains(v)).collect();
        if !out.is_empty() {
            s.r.explain.push(format!(
                "  exchange (4.3): {} from S1 to S2, {} from S2 to S1",
                ids(&out),
                ids(&into)
            ));
        }
    }
    // 4. Transpositions, a group of S1 players per matching, with the step-4 guesses
    // (`candidates::bracket`).
    let s1: Vec<usize> = remainder.iter().copied().filter(|&v| upper(&s, v)).collect();
    let m = remainder.len() as u64;
    let digit_bits = quality::bits_for(m as usize + 1);
    let group = ((order_bits - 1) / digit_bits).max(1) as usize;
    s.model().rem_len = m;
    let rpos = |v: usize| remainder.binary_search(&v).unwrap_or(0);
    for chunk in s1.chunks(group) {
        let mut taken: Vec<usize> = Vec::new();
        let mut holds = true;
        for &v in chunk {
            let top = remainder[rpos(v) + 1..]
                .iter()
                .copied()
                .find(|&o| !s.r.matched[o] && s.s2_edge(v, o) && !taken.contains(&o));
            taken.push(s.r.stable[v]);
            if top != Some(s.r.stable[v]) {
                holds = false;
                break;
            }
        }
        if !holds {
            let g = chunk.len();
            // The mates of the players outside the remainder (the next group, the one
            // vertex, MDPs left): a clean run of guesses below leaves them as they are.
            let outside = |s: &Implicit| -> Vec<Option<usize>> {
                let model = s.m.weights();
                (0..s.m.vertices())
                    .filter(|&i| i >= k || model.rem_of[i] == NONE)
                    .map(|i| s.m.mate(i))
                    .collect()
            };
            let before = outside(&s);
            // Which vertices are unmatched, not only how many: a guess that pairs a free
            // player and frees its partner's old mate keeps the count but changes who
            // floats, and the rest (C4/C5) was checked for the old floater only.
            let free = |s: &Implicit| -> Vec<usize> {
                (0..s.m.vertices()).filter(|&i| s.m.mate(i).is_none()).collect()
            };
            let free_before = free(&s);
            s.m.flatten();
            let mut claimed: Vec<usize> = Vec::with_capacity(g);
            let mut clean = true;
            for &v in chunk {
                let guess = remainder[rpos(v) + 1..].iter().copied().find(|&o| {
                    !s.r.matched[o] && s.s2_edge(v, o) && !claimed.contains(&o) && s.tight(v, o)
                });
                if let Some(o) = guess {
                    // (A guess is over a tight edge: it is always taken.)
                    s.prefer(v, o);
                    debug_assert_eq!(s.mate_now(v), Some(o));
                }
                clean &= guess.is_some();
                if let Some(u) = s.mate_now(v) {
                    claimed.push(u);
                }
            }
            // Each guess is the highest S2 player over a tight edge, so when every one of
            // them was taken with the old mates paired again over a tight edge, the same
            // players unmatched as before and nothing outside the remainder moved, the
            // matching is still an optimum (`Matcher::is_optimal_flat`) and each player of
            // the group has the highest partner an optimum can give it after the players
            // before it: exactly what the digits would decide, without a matching. The
            // optimum's cover of the bracket's players is the same, so the rest needs no
            // new check.
            if clean && free(&s) == free_before && s.m.is_optimal_flat() && outside(&s) == before {
                s.stable_from_mates();
                *s.r.guessed += 1;
            } else {
                // The digits: S1 player i of the group adds (m - j) * B^(g-1-i) on its edge
                // to its j-th unmatched S2 player below it.
                let mut open = Vec::with_capacity(remainder.len() + 1);
                let mut count = 0u64;
                for &o in &remainder {
                    open.push(count);
                    count += !s.r.matched[o] as u64;
                }
                open.push(count);
                let digit = |v: usize, o: usize, i: usize| -> Weight {
                    let (rv, ro) = (rpos(v), rpos(o));
                    let j = open[ro] - open[rv + 1];
                    Weight::from_u64(m - j).shl(digit_bits * (g - 1 - i) as u32)
                };
                let partners: Vec<Option<usize>> = chunk.iter().map(|&v| s.mate_now(v)).collect();
                // For each partner of the group, the largest digit a later player of the group
                // puts on its edges (the part of the partner's dual raise).
                let mut later = vec![Weight::ZERO; g];
                for (i, &v) in chunk.iter().enumerate().rev() {
                    if let Some(o) = partners[i]
                        && o > v
                        && !s.r.matched[o]
                        && s.s2_edge(v, o)
                    {
                        let d = digit(v, o, i);
                        s.raise(v, d.sub(&later[i]));
                        s.raise(o, later[i]);
                    }
                    for (pi, p) in partners.iter().enumerate().take(i) {
                        if let Some(o) = *p
                            && o > v
                            && !s.r.matched[o]
                            && s.s2_edge(v, o)
                        {
                            let d = digit(v, o, i);
                            if d > later[pi] {
                                later[pi] = d;
                            }
                        }
                    }
                    // v's edges below it got heavier: v is re-optimised (only its edges to
                    // the open S2 players changed: `Matcher::touch_towards`).
                    if remainder.iter().any(|&o| o > v && !s.r.matched[o] && s.s2_edge(v, o)) {
                        s.m.touch_towards(s.loc[v]);
                    }
                }
                // The open S2 players, the only far ends of the digits' edges.
                let s2_open: Vec<usize> = remainder
                    .iter()
                    .filter(|&&o| !s.r.matched[o] && !s1_flags[rpos(o)])
                    .map(|&o| s.loc[o])
                    .collect();
                s.m.set_towards(s2_open);
                s.model().open_before = open;
                for (i, &v) in chunk.iter().enumerate() {
                    let lv = s.loc[v];
                    s.model().step4[lv] = Some(digit_bits * (g - 1 - i) as u32);
                }
                s.solve()?;
            }
        }
        for &v in chunk {
            let u = s.r.stable[v];
            s.r.matched[v] = true;
            s.r.matched[u] = true;
            s.finalize(v, u);
        }
    }
    if let Some(sink) = &s.sink {
        // The next group's players as the N-part pairs them (`candidates` counts the next
        // bracket's players left unpaired, for C9): the group's matching, the floater's
        // join applied; the floater with the player it takes.
        let g = sink.group;
        for (p, &v) in g.players().iter().enumerate() {
            s.r.stable[v] = g.partner(p).unwrap_or(v);
        }
        if let Some(i) = sink.floater {
            let d = mpbi[i];
            match sink.joins[i] {
                Join::Apart => {}
                Join::Augments { with } => {
                    // (The augmenting path's other pairs are not traced: only whether a
                    // player is paired is read.)
                    s.r.stable[d] = with;
                    if let Some((x, _)) = g.changes(sink.joins[i]) {
                        s.r.stable[x] = d;
                    }
                }
                Join::Displaces { with, freed } => {
                    s.r.stable[d] = with;
                    s.r.stable[with] = d;
                    s.r.stable[freed] = freed;
                }
            }
        }
    }
    s.model().lay.c9 = c9;
    let decided = explain::Bracket {
        field,
        layout: &s.m.weights().lay,
        players: pbi,
        mdps: sgb,
        size: ngb,
        active: &active,
        partner: s.r.done,
        remainder: &remainder,
        s1_before: rem_pairs,
        s1: &s1,
    };
    let lines = if s.r.deep { explain::bracket(&decided) } else { explain::partners(&decided) };
    s.r.explain.extend(lines);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (LCG).
    struct Lcg(u64);
    impl Lcg {
        fn below(&mut self, m: u64) -> u64 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (self.0 >> 33) % m
        }
    }

    /// Tied weights computed on demand, as the model's: a pair's weight is a function of
    /// the pair (3 in 4 pairs are edges, 1 in 20 a little heavier) plus a bonus per vertex.
    struct Computed {
        seed: u64,
        bonus: Vec<u64>,
    }

    impl Computed {
        fn weight(&self, a: usize, b: usize) -> Weight {
            let (a, b) = (a.min(b), a.max(b));
            let h =
                (a as u64 * 1_000_003 + b as u64 + self.seed).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let h = (h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9) >> 33;
            if h.is_multiple_of(4) {
                return Weight::ZERO;
            }
            Weight::from_u64(1).shl(200).add_u64((h / 4) % 20 / 19 + self.bonus[a] + self.bonus[b])
        }
    }

    impl super::super::matcher::Weights for Computed {
        fn w2(&self, a: usize, b: usize) -> Weight {
            let x = self.weight(a, b);
            x.add(&x)
        }
    }

    /// The total weight of a maximum-weight matching of the vertices in `alive`, by the
    /// dense matcher.
    fn dense_optimum(c: &Computed, alive: &[bool]) -> Weight {
        let n = alive.len();
        let mut m = Matcher::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if alive[a] && alive[b] {
                    m.set_weight(a, b, c.weight(a, b));
                }
            }
        }
        m.solve();
        matched_total(&(0..n).map(|v| m.mate(v)).collect::<Vec<_>>(), c)
    }

    fn matched_total(mate: &[Option<usize>], c: &Computed) -> Weight {
        let mut t = Weight::ZERO;
        for (v, m) in mate.iter().enumerate() {
            if let Some(u) = *m
                && v < u
            {
                t = t.add(&c.weight(v, u));
            }
        }
        t
    }

    /// The matcher on computed weights keeps its optimality certificate (duals, blossoms)
    /// and the dense matcher's optimum through per-vertex bonus changes reported pair by
    /// pair and through removals.
    #[test]
    fn tied_graphs_keep_a_certificate_through_changes() {
        let mut r = Lcg(3);
        for n in [9usize, 40, 121] {
            let c = Computed { seed: n as u64, bonus: vec![0; n] };
            let mut m = Matcher::with_weights(n, c);
            for v in 0..n {
                m.touch(v);
            }
            m.solve();
            m.check_certificate();
            let matched = (0..n).filter(|&v| m.mate(v).is_some()).count();
            assert_eq!(matched, n - n % 2, "{n} vertices: not perfect");
            let mut alive = vec![true; n];
            // A few vertices change, a matched pair leaves: still a certificate and the
            // optimum.
            for step in 0..6 {
                let v = r.below(n as u64) as usize;
                if !alive[v] {
                    continue;
                }
                let old: Vec<Weight> = (0..n).map(|u| m.weights().weight(v, u)).collect();
                m.weights_mut().bonus[v] = r.below(3);
                for u in 0..n {
                    if u != v && alive[u] {
                        let new = m.weights().weight(v, u);
                        m.changed(v, u, &old[u], &new);
                    }
                }
                if let Some(u) = m.mate(v).filter(|_| step % 2 == 1) {
                    m.remove(v);
                    m.remove(u);
                    alive[v] = false;
                    alive[u] = false;
                }
                m.solve();
                m.check_certificate();
                let mate: Vec<Option<usize>> = (0..n).map(|v| m.mate(v)).collect();
                let want = dense_optimum(m.weights(), &alive);
                assert_eq!(matched_total(&mate, m.weights()), want, "{n} vertices, step {step}");
            }
        }
    }
}

//! The class model: restricted brackets without a matrix (`docs/dutch.md`, Speed, "The
//! class model").
//!
//! A restricted bracket (its players and the next score group, `candidates`) of k players
//! on the matrix source ([`super::matrix`]) takes two k × k matrices of 512-bit weights
//! (the bracket's base weights and the matcher's doubled ones): O(k²) memory, 1 GB at
//! k = 2,850. Here the same bracket is paired by the same incremental matcher ([`crate::dutch::matcher::Matcher`], generic over
//! where it reads its weights) with the same decisions (4.4 MDP choice, their opponents,
//! 4.3 S1/S2 and exchanges, 4.2 transpositions) and the same warm steps (grouped restart,
//! dual raises for step 3, step-4 guesses), but the weight of a pair is **computed** when
//! the matcher reads it (`Model`): the layout's weight of the two players' *classes*
//! (score, bye candidacy, colour preference and its strength, colour difference, repeated
//! colour, floats, played games; and the place of the pair), cached per class pair, zero
//! when they met (C1), plus the small per-player state each decision adds (a bonus on one
//! MDP's edges, the step-3 bonus and its ±1, the pairs each decision takes out, the digits
//! of the S1 players choosing in step 4). Each change of that state is reported to the
//! matcher pair by pair in the order the matrix source writes its matrix
//! ([`Matcher::changed`], `changed_dir`, `touch`), so the matcher does what it does on the
//! matrix, and memory is O(k) beside the class-pair cache. Before any decision (the
//! bracket's first solve) the weights are the classes' alone, met pairs aside: the
//! matcher's restart then tallies the starting duals and counts the uncovered edges class
//! by class (`classwise`, through `Model::by_class`) instead of reading every pair.
//!
//! `candidates` takes this path for every restricted bracket (`candidates::Path::Auto`);
//! `candidates::Path::ClassModelAbove(k)` keeps the matrix path up to k players, the
//! reference the comparison tests (`tests/paths.rs`) hold this path to.
//! The decisions are the bracket driver's (`bracket::driver`, one for both sources): the
//! model is its weight source (`source`), each decision a change of the model's state in
//! place of writes to the matrix.

use crate::dutch::matcher::Matcher;
use crate::dutch::next_group::{Join, NextGroup};
use crate::dutch::order::Field;
use crate::dutch::quality::{self, Layout, Place};
use crate::dutch::rest::{self, NONE_POS, Rest};
use crate::dutch::weight::{WORDS, Weight};
use std::cell::Cell;

const NONE: usize = usize::MAX;

/// The weights of the current bracket's pairs, computed on demand (positions in `pbi`, the
/// higher player first): what the dense path would hold in its matrix after the same
/// decisions.
struct Model<'a, const NW: usize> {
    field: &'a Field,
    lay: Layout<NW>,
    pbi: &'a [usize],
    sgb: usize,
    ngb: usize,
    /// The completion field is dropped (restricted matching): bits from here up.
    shift: u32,
    /// Class of each position (the attributes a weight reads), and the cached weight of
    /// each ordered class pair and place (`None`: not computed yet).
    class: Vec<u32>,
    classes: usize,
    cache: Vec<Cell<Option<Weight<NW>>>>,
    /// The same, doubled ([`Model::weight2`]), and whether the bonuses of steps 1-3 fit
    /// in the lowest word of a doubled weight.
    cache2: Vec<Cell<Weight<NW>>>,
    /// `cache2` transposed (class of b, class of a, place), for a reader whose row is b.
    cache2t: Vec<Cell<Weight<NW>>>,
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
    dummy: Vec<Weight<NW>>,
    sink: bool,
    /// A bonus on every edge of that vertex, so that its pair stays tight through the
    /// decisions (`ModelSource::keep_extra_pair`; every optimum matches the vertex or none
    /// does, so it changes no decision).
    extra: Weight<NW>,
}

impl<'a, const NW: usize> Model<'a, NW> {
    fn new(field: &'a Field, lay: Layout<NW>, pbi: &'a [usize], sgb: usize, ngb: usize) -> Self {
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
        let unknown = Weight([u64::MAX; NW]);
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
    fn plain(&self, a: usize, b: usize) -> Weight<NW> {
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
    fn base(&self, a: usize, b: usize) -> Weight<NW> {
        let x = self.plain(a, b);
        if x.is_zero() || self.taken_out(a, b) {
            return Weight::ZERO;
        }
        x
    }

    /// The weight of (a, dummy): an S2 player that entered S1 may not float (as it may not
    /// pair with the next group, [`Model::taken_out`]).
    #[inline(always)]
    fn dummy_weight(&self, a: usize) -> Weight<NW> {
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
    fn weight(&self, a: usize, b: usize) -> Weight<NW> {
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

/// What the class model needs from the round (`candidates` keeps the round's state).
pub(crate) struct Round<'a, const NW: usize = WORDS> {
    pub field: &'a Field,
    /// The round's layout (bye score, played-games ranks).
    pub layout: &'a Layout<NW>,
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
impl<const NW: usize> Model<'_, NW> {
    /// Twice `Model::weight` (a < b), with little 512-bit arithmetic: the layout's weight
    /// has its spare low field (at least 76 bits) zero, and every bonus of the decisions
    /// lives in that field (below the lowest criterion). So the doubled weight is the
    /// doubled class-pair weight (cached), its lowest word the doubled bonus of steps 1-3
    /// (below 2^63 when `narrow`), plus the doubled step-4 digit at its shift.
    #[inline(always)]
    fn weight2(&self, a: usize, b: usize, a_row: bool) -> Weight<NW> {
        if !self.narrow {
            let x = self.weight(a, b);
            return x.add(&x);
        }
        let Some(place) = self.place(b) else { return Weight::ZERO };
        let (from, to) = (self.met_at[a] as usize, self.met_at[a + 1] as usize);
        if from < to && self.met[from..to].contains(&(b as u32)) {
            return Weight::ZERO;
        }
        let x = self.class_w2(a, b, place, a_row);
        if x.is_zero() || self.taken_out(a, b) {
            return Weight::ZERO;
        }
        self.with_bonuses(a, b, x)
    }

    /// The doubled class-pair weight `x` of (a, b), a < b, with the doubled bonuses of the
    /// decisions (`narrow` only).
    #[inline(always)]
    fn with_bonuses(&self, a: usize, b: usize, mut x: Weight<NW>) -> Weight<NW> {
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

impl<const NW: usize> Model<'_, NW> {
    /// Twice the layout's weight of the classes of (a, b), a < b, at `place` (b's), met or
    /// not (`cache2`, computed on first use; `narrow` only). The cache is read in the
    /// reader's order (its row: the first index the same along a scan).
    #[inline(always)]
    fn class_w2(&self, a: usize, b: usize, place: Place, a_row: bool) -> Weight<NW> {
        let (ca, cb) = (self.class[a] as usize, self.class[b] as usize);
        let next = (place == Place::Next) as usize;
        let (i, t) = ((ca * self.classes + cb) * 2 + next, (cb * self.classes + ca) * 2 + next);
        let mut x = if a_row { self.cache2[i].get() } else { self.cache2t[t].get() };
        if x.0[NW - 1] == u64::MAX {
            // Not computed yet (a doubled weight keeps its top bits clear).
            let y = self.lay.weight(self.field, self.pbi[a], self.pbi[b], place);
            let y = quality::low_bits(&y, self.shift);
            x = y.add(&y);
            debug_assert!(x.0[0] == 0 && x.0[NW - 1] != u64::MAX, "spare field not empty");
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

impl<const NW: usize> crate::dutch::classwise::ClassView<NW> for Model<'_, NW> {
    fn players(&self) -> usize {
        self.pbi.len()
    }

    fn class_of(&self, a: usize) -> u32 {
        self.class[a]
    }

    fn bounds(&self) -> (usize, usize) {
        (self.sgb, self.ngb)
    }

    fn unmet_w2(&self, a: usize, b: usize) -> Weight<NW> {
        match self.place(b) {
            Some(place) => self.class_w2(a, b, place, true),
            None => Weight::ZERO,
        }
    }

    fn met_of(&self, a: usize) -> &[u32] {
        Model::met_of(self, a)
    }

    fn extra_w2(&self, a: usize) -> Weight<NW> {
        let x = self.dummy_weight(a);
        x.add(&x)
    }
}

impl<const NW: usize> crate::dutch::matcher::Weights<NW> for Model<'_, NW> {
    /// Before any decision, by class (`classwise`).
    fn restart_tally(
        &self,
        alive: &[bool],
        group: &[u32],
        f: &mut dyn FnMut(usize, &Weight<NW>, u32),
    ) -> bool {
        if !self.by_class(alive.len()) {
            return false;
        }
        crate::dutch::classwise::tally(self, alive, group, f);
        true
    }

    /// Before any decision, by class (`classwise`).
    fn restart_uncovered(&self, alive: &[bool], dual: &[Weight<NW>], count: &mut [u32]) -> bool {
        if !self.by_class(alive.len()) {
            return false;
        }
        crate::dutch::classwise::uncovered(self, alive, dual, count);
        true
    }

    /// Before any decision, by class (`classwise::step`).
    fn restart_step(&self, alive: &[bool], dual: &mut [Weight<NW>], mate: &[usize]) -> bool {
        self.by_class(alive.len()) && crate::dutch::classwise::step(self, alive, dual, mate)
    }

    /// Before any decision, by class (`classwise::reach`).
    fn restart_rows(
        &self,
        alive: &[bool],
        dual: &[Weight<NW>],
    ) -> Option<crate::dutch::classwise::Rows<NW>> {
        self.by_class(alive.len()).then(|| crate::dutch::classwise::rows(self, alive, dual))
    }

    fn restart_reach(
        &self,
        rows: &crate::dutch::classwise::Rows<NW>,
        v: usize,
        alive: &[bool],
        dual: &[Weight<NW>],
        y0: &Weight<NW>,
        f: Option<&mut dyn FnMut(usize)>,
    ) -> Option<Weight<NW>> {
        crate::dutch::classwise::reach(self, rows, v, alive, dual, y0, f)
    }

    /// Step 4's buckets: the open S2 players of one class, place and remainder
    /// membership. For a lower player of the same bucket the weight from an S1 player
    /// differs only by the digit, which falls as the player is further down, and by the
    /// decisions that zero it (C1, taken out); not with the weights computed per pair
    /// or during step 2 (its bonus is per opponent).
    fn towards_key(&self, u: usize) -> Option<u32> {
        if !self.narrow || self.step2.is_some() || u >= self.pbi.len() {
            return None;
        }
        let next = self.place(u)? == Place::Next;
        Some(self.class[u] * 4 + (next as u32) * 2 + (self.rem_of[u] != NONE) as u32)
    }

    /// `weight2` of (v, u0) without the decisions that zero a weight.
    fn towards_bound(&self, v: usize, u0: usize) -> Weight<NW> {
        let Some(place) = self.place(u0) else { return Weight::ZERO };
        let x = self.class_w2(v, u0, place, true);
        if x.is_zero() { x } else { self.with_bonuses(v, u0, x) }
    }

    #[inline(always)]
    fn w2(&self, a: usize, b: usize) -> Weight<NW> {
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

impl<const NW: usize> rest::Edges for Model<'_, NW> {
    fn has_edge(&self, i: usize, j: usize) -> bool {
        !self.base(i.min(j), i.max(j)).is_zero()
    }
}

/// A bracket on the class model: the incremental matcher reading its weights from the
/// `Model` (no matrix), the bracket driver's weight source (`source`).
struct ModelSource<'r, 'a, const NW: usize> {
    r: Round<'r, NW>,
    m: Matcher<NW, Model<'a, NW>>,
    /// The matcher's players (the bracket and the next group, or the bracket alone when
    /// the next group is one vertex).
    pbi: &'a [usize],
    loc: Vec<usize>,
    sink: Option<Sink<'a>>,
    /// Step 4, before a group's guesses: where the matcher's log of changed mates stood
    /// (`Source::guesses_hold`). The players' partners (`r.stable`) are those of the
    /// matcher's mates but at the vertices of its log (cleared after each solve).
    guess_start: Option<usize>,
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

impl<'a, const NW: usize> ModelSource<'_, 'a, NW> {
    fn model(&mut self) -> &mut Model<'a, NW> {
        self.m.weights_mut()
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

    /// The current weight of (a, b), field indices.
    fn weight(&self, a: usize, b: usize) -> Weight<NW> {
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
    fn keep_extra_pair(&mut self, raise: impl Fn(usize) -> Weight<NW>, changed: &[usize]) -> bool {
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
        let old: Vec<Weight<NW>> = (0..k).map(|i| self.m.weights().dummy_weight(i)).collect();
        let extra = self.m.weights().extra.add(&by).add(&slack.half());
        self.model().extra = extra;
        for (i, old) in old.iter().enumerate() {
            let new = self.m.weights().dummy_weight(i);
            self.m.changed(k, i, old, &new);
        }
        true
    }

    fn base(&self, a: usize, b: usize) -> Weight<NW> {
        let (i, j) = (self.loc[a], self.loc[b]);
        self.m.weights().base(i.min(j), i.max(j))
    }

    /// Changes the model by `f` and reports every pair of `pairs` (field indices, the
    /// first the vertex re-optimised, as `Matrix::set` in `candidates`) whose weight
    /// changed, in order.
    fn update(&mut self, pairs: &[(usize, usize)], f: impl FnOnce(&mut Model<'a, NW>)) {
        let old: Vec<Weight<NW>> = pairs.iter().map(|&(a, b)| self.weight(a, b)).collect();
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

    /// Whether the mates changed since the log stood at `from` (step 4's guesses) leave
    /// every vertex outside the remainder (the next group, the one vertex, MDPs left) with
    /// its mate, and the same vertices unmatched — which ones, not only how many: a guess
    /// that pairs a free player and frees its partner's old mate keeps the count but
    /// changes who floats, and the rest (C4/C5) was checked for the old floater only.
    /// Only the logged vertices are read, not the bracket.
    fn guesses_kept_outside(&self, from: usize) -> bool {
        let (model, k) = (self.m.weights(), self.pbi.len());
        self.m.mates_changed(from).into_iter().all(|(i, before)| {
            let now = self.m.mate(i);
            before.is_none() == now.is_none()
                && (now == before || (i < k && model.rem_of[i] != NONE))
        })
    }

    /// `stable_from_mates` at the vertices whose mates changed since the last solve (the
    /// matcher's log), the others' partners being as the solve left them.
    fn stable_from_logged_mates(&mut self) {
        let (pbi, k) = (self.pbi, self.pbi.len());
        for (i, _) in self.m.mates_changed(0) {
            let Some(&v) = pbi.get(i) else { continue };
            self.r.stable[v] = match self.r.done[v] {
                Some(u) => u,
                None => self.m.mate(i).filter(|&j| j < k).map_or(v, |j| pbi[j]),
            };
        }
        self.m.clear_mate_log();
    }
}

mod source;
pub(crate) use source::bracket;

#[cfg(test)]
mod tests;

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

use super::bracket::matrix::{self, FieldMatcher, Round, global_bracket};
use super::bracket::{Bracket, Stop, model};
use super::matcher::Matcher;
use super::next_group::NextGroup;
use super::order::{Field, Float};
use super::pab::{bye_choice_weight, played_ranks};
use super::quality::Layout;
use super::quality::Place;
use super::rest::{self, NONE_POS, Rest};
use super::weight::{WIDE, WORDS};
use bsw_model::HalfPoints;

pub(crate) use super::failure::{Failure, WholeField};

/// How the brackets are matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Path {
    /// Restricted to each bracket when verified, else the whole field (the default).
    Auto,
    /// Always the whole field (the reference the restricted path must agree with; tests).
    Global,
    /// As `Auto`, with the matrix source (`bracket::matrix`) on every restricted bracket of
    /// at most this many players (more than [`super::MAX_BRACKET`] refused) and the class
    /// model (`bracket::model`) above (tests: `ClassModelAbove(usize::MAX)` is the matrix
    /// everywhere, the reference the class model must agree with).
    #[cfg(test)]
    ClassModelAbove(usize),
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
    /// Restricted brackets paired on the class model (`bracket::model`: no matrix).
    pub class_model: usize,
    /// Restricted brackets holding every bye candidate (an odd field), matched with the
    /// bye dummy, and those of them where C9 applied.
    pub bye_dummy: usize,
    pub c9: usize,
    /// Restricted brackets paired with the next score group as one vertex (`next_group`),
    /// and those that were paired again with the group whole (more than one floater, or
    /// an optimum that did not extend).
    pub compressed: usize,
    pub expanded: usize,
    /// Transposition groups (step 4) on the class model decided by their guesses alone,
    /// without a matching (`bracket::model`: every guess taken cleanly, the optimum kept).
    pub guessed: usize,
    /// Fallbacks because the next bracket's C9 was left open (`next_c9_open`).
    pub c9_open: usize,
    /// Rounds (0 or 1) whose bye must go to a top scorer, and of them those where C9
    /// applies to the first bracket (`first_bracket_c9`).
    pub top_bye: usize,
    pub top_bye_c9: usize,
}

/// Pairs (higher, lower) and the bye, as field indices.
pub(crate) struct Outcome {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
    /// What was decided, bracket by bracket (for `--explain`).
    pub explain: Vec<String>,
    pub stats: Stats,
}

/// What a round is paired with besides its field: the rounds already played, whether it is
/// the last round, `deep` explain lines and the bracket `path`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Request {
    pub rounds_before: u32,
    pub last_round: bool,
    /// Each bracket's explain lines come from [`super::explain::bracket`] (the chosen
    /// candidate's criteria and why earlier candidates lost; slow, for people).
    pub deep: bool,
    pub path: Path,
}

/// Pairs the field (sorted in pairing order), the brackets matched as `req.path` says.
///
/// The weights are [`WORDS`] words wide; a round with a bracket whose layout needs more
/// bits ([`Failure::TooWide`]) is paired again, from its start, at [`WIDE`] words (the
/// same code, instantiated twice: the narrow rounds pay nothing for the wide ones).
pub(crate) fn pair_by(field: &Field, req: Request) -> Result<Outcome, Failure> {
    pair_widths::<WORDS, WIDE>(field, req)
}

/// [`pair_by`] at `NARROW` words, or at `WIDE_NW` when a layout does not fit.
pub(crate) fn pair_widths<const NARROW: usize, const WIDE_NW: usize>(
    field: &Field,
    req: Request,
) -> Result<Outcome, Failure> {
    match pair_at::<NARROW>(field, req) {
        Err(Failure::TooWide(_)) => pair_at::<WIDE_NW>(field, req),
        out => out,
    }
}

/// [`pair_by`] with weights of `NW` words.
pub(crate) fn pair_at<const NW: usize>(field: &Field, req: Request) -> Result<Outcome, Failure> {
    let Request { deep, path, .. } = req;
    let n = field.players.len();
    let score = |v: usize| field.players[v].score;
    let mut stats = Stats::default();
    if n == 0 {
        return Ok(Outcome { pairs: vec![], bye: None, explain: vec![], stats });
    }
    if path != Path::Global && !deep && all_alike(field) {
        stats.first_round = true;
        let mut layout = Layout::<NW>::new(field, &[], n);
        layout.rounds_before = req.rounds_before;
        layout.last_round = req.last_round;
        return Ok(first_candidate(field, layout, stats));
    }
    let mut r = start_round::<NW>(field, req, &mut stats)?;
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
        let br = Bracket {
            pbi: &pbi,
            sgb,
            ngb,
            resident_start,
            next_start,
            c9,
            bye_dummy: false,
            next: None,
        };
        // Every bye candidate is a player of this bracket or of the next score group (all
        // players below score less than the bye score): the restricted matching holds a
        // bye dummy (module docs, "The bye and C9").
        let bye_here = n % 2 == 1 && next_score.is_none_or(|ns| bye_score >= ns);
        let mut alone_c9 = None;
        if r.s.is_global() {
            stats.global += 1;
            global_bracket(&mut r, &br)?;
        } else {
            alone_c9 =
                restricted_bracket(&mut r, &br, bye_here, next_iter, next_score, path, &mut stats)?;
        }
        // Next bracket.
        let (new_pbi, new_sgb, next_c9) = next_bracket(&r, &pbi, ngb, next_score, alone_c9);
        c9 = next_c9;
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

/// The round before its first bracket: the first questions by cardinality matching (a
/// pairing at all, the bye score, C9 of the first bracket when the bye goes to a top scorer)
/// or, on the whole field, by its first matching (`global_start`).
fn start_round<'a, const NW: usize>(
    field: &'a Field,
    req: Request,
    stats: &mut Stats,
) -> Result<Round<'a, NW>, Failure> {
    let Request { rounds_before, last_round, deep, path } = req;
    let n = field.players.len();
    let score = |v: usize| field.players[v].score;
    let mut layout = Layout::new(field, &[], n);
    layout.rounds_before = rounds_before;
    layout.last_round = last_round;
    let s = FieldMatcher {
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
    Ok(r)
}

/// A restricted bracket (module docs, "The restricted matching"): alone, with the next score
/// group as one vertex, or with it whole; on the whole field after a failed check or an open
/// C9. Returns C9 of the next bracket when this one paired alone while every bye candidate
/// is in the next group (`next_c9_alone`).
fn restricted_bracket<const NW: usize>(
    r: &mut Round<'_, NW>,
    br: &Bracket,
    bye_here: bool,
    next_iter: usize,
    next_score: Option<HalfPoints>,
    path: Path,
    stats: &mut Stats,
) -> Result<Option<bool>, Failure> {
    let (field, n, deep) = (r.field, r.n, r.deep);
    let (last_round, rounds_before) = (r.last_round, r.rounds_before);
    let score = |v: usize| field.players[v].score;
    let Bracket { pbi, sgb, ngb, c9, .. } = *br;
    let bye_score = r.layout.bye_score;
    let mut alone_c9 = None;
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
        && rest::bracket_pairs_completely(field, &pbi[..ngb], sgb, last_round, rounds_before);
    if alone && bye_here {
        alone_c9 = Some(next_c9_alone(r, &pbi[ngb..], next_iter));
    }
    let bye_dummy = bye_here && !alone;
    let small = Bracket { pbi: &pbi[..ngb], bye_dummy, ..*br };
    let whole = Bracket { bye_dummy, ..*br };
    let chosen = if alone { &small } else { &whole };
    // The class model (`bracket::model`) pairs every restricted bracket by default: the
    // same matcher and decisions as the matrix, faster at every size measured and
    // in O(k) memory (docs/dutch.md, Speed, "The class model").
    let class_model = match path {
        #[cfg(test)]
        Path::ClassModelAbove(k) => chosen.pbi.len() > k,
        _ => true,
    };
    // The next score group as one vertex (`next_group`) when at most one player of
    // the bracket floats, and with the bye dummy when the group is the bye's score
    // and C9 is not on this bracket; not for the explain of every candidate. Else,
    // or when its optimum does not extend, the group whole.
    let mut done_by = Err(Stop::Expand);
    let with_bye = bye_here && !c9 && next_score == Some(bye_score);
    if class_model && !deep && !alone && (!bye_here || with_bye) && ngb < pbi.len() {
        let bye = with_bye.then_some(bye_score);
        let group = NextGroup::new(field, &pbi[ngb..], bye, last_round, rounds_before);
        if let Some(g) = group {
            let stable = r.s.stable.clone();
            done_by = class_model_bracket(r, &Bracket { next: Some(&g), ..*chosen });
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
        done_by =
            if class_model { class_model_bracket(r, chosen) } else { matrix::bracket(r, chosen) };
    }
    let done_by = done_by.map(|()| stats.class_model += class_model as usize);
    // Where C9 decides whether the next bracket's only downfloater is the bye, the
    // whole field's answer may not be determined (`next_c9_open`): this bracket is
    // paired on the whole field, as the reference path does.
    let c9_open_before = stats.c9_open;
    let done_by = done_by.and_then(|()| {
        if next_c9_open(r, pbi, sgb, ngb, next_score) {
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
            global_bracket(r, br)?;
        }
    }
    Ok(alone_c9)
}

/// The next bracket after this one: its players (this bracket's unpaired players, then the
/// next score group), how many of them are MDPs, and whether C9 applies to it.
fn next_bracket<const NW: usize>(
    r: &Round<'_, NW>,
    pbi: &[usize],
    ngb: usize,
    next_score: Option<HalfPoints>,
    alone_c9: Option<bool>,
) -> (Vec<usize>, usize, bool) {
    let (field, n) = (r.field, r.n);
    let score = |v: usize| field.players[v].score;
    let bye_score = r.layout.bye_score;
    let s = &r.s;
    let mut new_pbi = Vec::new();
    let mut new_sgb = 0;
    let mut c9 = n % 2 == 1 && next_score.is_some_and(|ns| bye_score >= ns);
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
    if let Some(x) = alone_c9 {
        c9 = c9 && x;
    } else if restricted && unpaired != 1 {
        c9 = false;
    }
    (new_pbi, new_sgb, c9)
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
fn next_c9_open<const NW: usize>(
    r: &Round<'_, NW>,
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
fn next_c9_alone<const NW: usize>(r: &Round<'_, NW>, next: &[usize], below: usize) -> bool {
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
fn first_candidate<const NW: usize>(
    field: &Field,
    mut layout: Layout<NW>,
    stats: Stats,
) -> Outcome {
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
    let mut lay = Layout::<NW>::new(field, &all, n);
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
fn global_start<const NW: usize>(r: &mut Round<'_, NW>) -> Result<(), Failure> {
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

/// A restricted bracket on the class model ([`model`]: the matcher and its warm steps on
/// weights computed on demand, no matrix).
fn class_model_bracket<const NW: usize>(r: &mut Round<'_, NW>, br: &Bracket) -> Result<(), Stop> {
    r.s.use_vertices(&[]);
    let round = model::Round {
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
    model::bracket(round, br)
}

#[cfg(test)]
mod tests;

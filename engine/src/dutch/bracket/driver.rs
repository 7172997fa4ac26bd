//! The bracket driver: steps 1-4 of a bracket (C.04.3 4.4 MDP choice and their opponents,
//! 4.3 S1/S2 and exchanges, 4.2 transpositions), written once over a weight [`Source`]
//! (`matrix`, `model`), which turns each decision into weight changes reported to its
//! matcher. Monomorphised per source.

use super::{Bracket, Stop};
use crate::dutch::explain;
use crate::dutch::order::Field;
use crate::dutch::quality::{self, Layout};
use crate::dutch::weight::Weight;

/// Where a bracket's weights live and how each decision changes them: the matrix
/// (`matrix::MatrixSource`) or the class model (`model::ModelSource`). A source is made
/// with the bracket's starting weights and its first optimum; the driver then takes the
/// decisions, each one a call here in the order the matcher must see the changes.
pub(crate) trait Source<'f, const NW: usize> {
    /// Step 3 hints the matcher with the foreseeable duals even when the optimum needs no
    /// exchange (a matching with no root, cheaper for step 4's on the class model; the
    /// matrix skips the solve).
    const HINT_WITHOUT_EXCHANGE: bool;

    fn field(&self) -> &'f Field;
    fn layout(&self) -> &Layout<NW>;
    fn deep(&self) -> bool;
    fn explain(&mut self) -> &mut Vec<String>;
    /// Each player's decided partner (`None`: not yet).
    fn done(&self) -> &[Option<usize>];
    /// Each player's partner in the last optimum (itself when unpaired).
    fn stable(&self, v: usize) -> usize;
    /// The players this bracket's decisions have taken (chosen MDPs, paired players).
    fn matched(&self, v: usize) -> bool;
    fn set_matched(&mut self, v: usize);

    /// A new optimum after the changes reported (restricted: checked to extend).
    fn solve(&mut self) -> Result<(), Stop>;
    /// The pair (a, b) is decided: both leave the matching.
    fn finalize(&mut self, a: usize, b: usize);
    /// Whether the pair (a, b), a < b, has an edge (the base weight, bonuses aside).
    fn is_edge(&self, a: usize, b: usize) -> bool;
    /// Step 4: whether the S1 player `v` and the remainder player `o` below it have an
    /// edge (S1 x S1 pairs never do after step 3).
    fn s2_edge(&self, v: usize, o: usize) -> bool {
        self.is_edge(v, o)
    }
    /// Matcher hints (`Matcher::flatten`, `is_tight`, `prefer`, `raise_dual`, its mate
    /// now), by field index.
    fn flatten(&mut self);
    fn tight(&self, a: usize, b: usize) -> bool;
    fn prefer(&mut self, a: usize, b: usize);
    fn raise(&mut self, v: usize, by: Weight<NW>);
    fn mate_now(&self, v: usize) -> Option<usize>;

    /// Step 1: `bonus` on the edges of the MDP `v` (position `pi`) to the residents.
    fn mdp_bonus(&mut self, br: &Bracket, pi: usize, v: usize, bonus: u64);
    /// Steps 1-2: before a solve that re-optimises the MDP `v`.
    fn before_mdp_solve(&mut self, _v: usize) {}
    /// Step 2: the MDP at `pi` chooses its opponent: `pairs` (v, o) get `bonus[oi]` (by
    /// position `oi` in the bracket), in that order.
    fn mdp_opponents(&mut self, pi: usize, pairs: &[(usize, usize)], bonus: Vec<u64>);
    /// Step 2: the MDP is paired (its edges are read no more).
    fn mdp_paired(&mut self) {}

    /// Step 3 starts: the remainder (field order) and its S1 size; every remainder pair
    /// gets its bonus ([`step3_bonus`]).
    fn step3_start(&mut self, remainder: &[usize], rem_pairs: usize);
    /// Step 3's dual hints are in (`raise(ri)` each remainder player's): the matcher is
    /// told they cover the remainder's pairs.
    fn step3_cover(&mut self, raise: &dyn Fn(usize) -> Weight<NW>, remainder: &[usize]);
    /// Step 3, remainder player `ri`: `adj` (±1, 0) on its edges to the later remainder
    /// players; `left` also takes those pairs out (it left S1).
    fn step3_adjust(&mut self, remainder: &[usize], ri: usize, adj: i8, left: bool);
    /// Step 3, remainder player `ri` entered S1: its pairs with the earlier remainder
    /// players and with the next group are taken out (nor may it float).
    fn entered_s1(&mut self, br: &Bracket, remainder: &[usize], ri: usize);
    /// Step 3 is decided (`s1`: the S1 flag of each remainder player): every remainder
    /// pair but S1 x S2 is taken out.
    fn step3_end(&mut self, remainder: &[usize], s1: &[bool]);

    /// Step 4 starts, with `m` remainder players.
    fn step4_start(&mut self, _m: u64) {}
    /// Step 4, before a group's guesses (the matching as it is).
    fn guesses_begin(&mut self) {}
    /// Step 4, after a group's guesses (`clean`: every player got one): whether the
    /// matching is an optimum that decides the group as the digits would (the stable
    /// partners then read from it); `false`: the digits decide.
    fn guesses_hold(&mut self, _clean: bool) -> bool {
        false
    }
    /// Step 4: the S1 player `v`'s digits, at `shift`, on its edges to the open remainder
    /// players below it (`open[ri]`: the open remainder players before index `ri`).
    fn digits(&mut self, remainder: &[usize], v: usize, shift: u32, open: &[u64]);
    /// Step 4: every digit of the group is in (`group`: each player and its digits'
    /// shift; `s1`: the S1 flag of each remainder player).
    fn digits_end(
        &mut self,
        _remainder: &[usize],
        _s1: &[bool],
        _group: &[(usize, u32)],
        _open: Vec<u64>,
    ) {
    }
    /// After step 4: the pairs as the source finally knows them, and the layout for the
    /// explain lines.
    fn finish(&mut self, _c9: bool) {}
    /// A transposition group decided by its guesses alone.
    fn guessed(&mut self) {}
}

/// Step 3's bonus of a remainder pair, by the rank `ri` of its higher player: the first
/// bit when that player is among the first `rem_pairs`, and the order term decreasing
/// with its rank (`count`: the layout's criteria count).
pub(crate) fn step3_bonus<const NW: usize>(count: u32, rem_pairs: usize, ri: usize) -> Weight<NW> {
    let first = if ri < rem_pairs { Weight::bit(2 * count + 1) } else { Weight::ZERO };
    first.add_u64(((1u64 << (2 * count)) - 1 - ri as u64) * 2)
}

/// Steps 1-4 of one bracket on a source holding its first optimum.
pub(crate) fn pair<'f, const NW: usize, S: Source<'f, NW>>(
    mut s: S,
    br: &Bracket,
) -> Result<(), Stop> {
    let field = s.field();
    let n = field.players.len();
    let active: Vec<usize> = (0..n).filter(|&v| s.done()[v].is_none()).collect();
    mdp_steps(&mut s, br)?;
    let (remainder, rem_pairs) = exchanges(&mut s, br)?;
    let upper = |s: &S, v: usize| s.stable(v) > v && s.stable(v) < br.next_start;
    let s1_flags: Vec<bool> = remainder.iter().map(|&v| upper(&s, v)).collect();
    let s1: Vec<usize> = remainder.iter().copied().filter(|&v| upper(&s, v)).collect();
    transpositions(&mut s, &remainder, &s1, &s1_flags)?;
    s.finish(br.c9);
    // Each S1 player's partner, and why more preferred S2 players were not taken.
    let decided = explain::Bracket {
        field,
        layout: s.layout(),
        players: br.pbi,
        mdps: br.sgb,
        size: br.ngb,
        active: &active,
        partner: s.done(),
        remainder: &remainder,
        s1_before: rem_pairs,
        s1: &s1,
    };
    let lines = if s.deep() { explain::bracket(&decided) } else { explain::partners(&decided) };
    s.explain().extend(lines);
    Ok(())
}

/// Steps 1 and 2 (4.4): the MDPs taken, highest first, as far as the optimum still pairs as
/// many of them, then each chosen MDP's opponent, the highest resident that keeps it.
fn mdp_steps<'f, const NW: usize, S: Source<'f, NW>>(s: &mut S, br: &Bracket) -> Result<(), Stop> {
    let Bracket { pbi, sgb, ngb, resident_start, next_start, .. } = *br;
    let field = s.field();
    let score = |v: usize| field.players[v].score;
    let in_res = |s: &S, v: usize| s.stable(v) >= resident_start && s.stable(v) < next_start;
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
            s.set_matched(v);
            continue;
        }
        rem -= 1;
        if !in_res(s, v) {
            s.mdp_bonus(br, pi, v, 1);
            s.before_mdp_solve(v);
            s.solve()?;
        }
        if in_res(s, v) {
            s.set_matched(v);
            remm -= 1;
            s.mdp_bonus(br, pi, v, (ngb - sgb) as u64 + 1);
        }
    }
    // 2. Opponents of the MDPs.
    for pi in 0..sgb {
        let v = pbi[pi];
        if !s.matched(v) {
            continue;
        }
        let mut addend = pbi.len() as u64;
        let mut top = None;
        let mut bonus = vec![0u64; pbi.len()];
        let mut pairs = Vec::new();
        for oi in (sgb..ngb).rev() {
            let o = pbi[oi];
            if !s.matched(o) && s.is_edge(v, o) {
                bonus[oi] = addend;
                addend += 1;
                top = Some(o);
                pairs.push((v, o));
            }
        }
        s.mdp_opponents(pi, &pairs, bonus);
        // The matching is optimal for the weights before this step, which were the same
        // on all of v's resident edges: if v already has its most preferred opponent,
        // it still does (strictly) after the step, and no new matching is needed.
        if top != Some(s.stable(v)) {
            s.before_mdp_solve(v);
            s.solve()?;
        }
        let u = s.stable(v);
        s.set_matched(u);
        s.finalize(v, u);
        s.mdp_paired();
    }
    Ok(())
}

/// Step 3 (4.3): the remainder, its S1/S2 and the exchanges. Returns the remainder and
/// its S1 size before the exchanges.
fn exchanges<'f, const NW: usize, S: Source<'f, NW>>(
    s: &mut S,
    br: &Bracket,
) -> Result<(Vec<usize>, usize), Stop> {
    let Bracket { pbi, sgb, ngb, resident_start, next_start, .. } = *br;
    let field = s.field();
    let remainder: Vec<usize> =
        (sgb..ngb).map(|pi| pbi[pi]).filter(|&v| s.stable(v) >= resident_start).collect();
    let rem_pairs = remainder.iter().filter(|&&v| s.stable(v) < v).count();
    let lines = super::remainder_lines(field, br, s.done(), &remainder, rem_pairs);
    s.explain().extend(lines);
    s.step3_start(&remainder, rem_pairs);
    let count = s.layout().count;
    let bonus = |ri: usize| step3_bonus(count, rem_pairs, ri);
    let upper = |s: &S, v: usize| s.stable(v) > v && s.stable(v) < next_start;
    // The matching is optimal for the weights before this step, which were the base
    // weights on the remainder's pairs; the step adds to each remainder pair a bonus that
    // depends only on its higher player. Every optimum pairs `rem_pairs` times inside the
    // remainder, so no matching earns more bonus than one whose higher players are
    // exactly the first `rem_pairs`: if the current optimum is such a matching (no
    // exchange), it is still optimal and no new matching is needed.
    let exchange = !(0..rem_pairs).all(|ri| upper(s, remainder[ri]));
    if rem_pairs > 0 && rem_pairs < remainder.len() && (exchange || S::HINT_WITHOUT_EXCHANGE) {
        // The optimum's duals are foreseeable: with S1 the first `rem_pairs` players, an
        // S1 player's dual rises by its bonus less h and an S2 player's by h, for any h
        // between half the bonus of the first S2 player and half that of the last S1
        // player. Every remainder pair then stays feasible (S1 x S2 pairs exactly as
        // tight as before, the others looser), so the search starts from the pairs of the
        // old optimum inside S1 or inside S2 only (`Matcher::raise_dual`).
        let h = bonus(rem_pairs).add(&bonus(rem_pairs - 1)).half().half();
        let raise = |ri: usize| if ri < rem_pairs { bonus(ri).sub(&h) } else { h };
        for (ri, &v) in remainder.iter().enumerate() {
            s.raise(v, raise(ri));
        }
        s.step3_cover(&raise, &remainder);
        s.solve()?;
    } else if exchange {
        s.solve()?;
    }
    let exchanges = (0..rem_pairs).filter(|&ri| !upper(s, remainder[ri])).count();
    // From the last S1 player up: does it leave S1 (every optimum then has it in S2)?
    let mut left = exchanges;
    let mut ri = rem_pairs;
    while ri > 0 && left > 0 {
        ri -= 1;
        if upper(s, remainder[ri]) {
            s.step3_adjust(&remainder, ri, -1, false);
            s.solve()?;
        }
        let out = !upper(s, remainder[ri]);
        if out {
            left -= 1;
        }
        s.step3_adjust(&remainder, ri, 0, out);
    }
    // From the first S2 player down: does it enter S1?
    let mut left = exchanges;
    let mut ri = rem_pairs;
    while ri < remainder.len() && left > 1 {
        let already = upper(s, remainder[ri]);
        if !already {
            s.step3_adjust(&remainder, ri, 1, false);
            s.solve()?;
        }
        if upper(s, remainder[ri]) {
            left -= 1;
            s.entered_s1(br, &remainder, ri);
        }
        if !already {
            s.step3_adjust(&remainder, ri, 0, false);
        }
        ri += 1;
    }
    let s1_flags: Vec<bool> = remainder.iter().map(|&v| upper(s, v)).collect();
    s.step3_end(&remainder, &s1_flags);
    let s1_now: Vec<usize> = remainder.iter().copied().filter(|&v| upper(s, v)).collect();
    let line = super::exchange_line(field, &remainder, rem_pairs, &s1_now);
    s.explain().extend(line);
    Ok((remainder, rem_pairs))
}

/// Step 4 (4.2): each S1 player, in order, takes the highest S2 player that keeps the
/// optimum. Done for a group of S1 players per matching: S1 player i of the group adds
/// (m - j) * B^(g-1-i) to its edge towards its j-th preferred opponent (B = m + 1 > every
/// digit), so the group's choices form one base-B number and the matching maximises them
/// lexicographically — exactly the one-by-one choice.
fn transpositions<'f, const NW: usize, S: Source<'f, NW>>(
    s: &mut S,
    remainder: &[usize],
    s1: &[usize],
    s1_flags: &[bool],
) -> Result<(), Stop> {
    let m = remainder.len() as u64;
    let digit_bits = quality::bits_for(m as usize + 1);
    let group = ((s.layout().order_bits() - 1) / digit_bits).max(1) as usize;
    s.step4_start(m);
    let rpos = |v: usize| remainder.binary_search(&v).unwrap_or(0);
    let mut open = OpenS2::new(remainder.iter().zip(s1_flags).map(|(&o, &f)| !f && !s.matched(o)));
    for chunk in s1.chunks(group) {
        // The matching is optimal for the weights before this group (the base weights
        // and the S1 bonuses, which add the same to every optimum): if every player of
        // the group already holds the opponent it would choose (in order), that is the
        // group's lexicographic optimum and no matching is needed.
        let mut taken: Vec<usize> = Vec::new();
        let holds = chunk.iter().all(|&v| {
            let top =
                open.first(rpos(v) + 1, remainder, |o| s.s2_edge(v, o) && !taken.contains(&o));
            taken.push(s.stable(v));
            top == Some(s.stable(v))
        });
        if !holds {
            s.guesses_begin();
            let clean = guesses(s, remainder, chunk, &mut open);
            if s.guesses_hold(clean) {
                s.guessed();
            } else {
                digits(s, remainder, chunk, s1_flags, digit_bits)?;
            }
        }
        for &v in chunk {
            let u = s.stable(v);
            s.set_matched(v);
            s.set_matched(u);
            s.finalize(v, u);
            for x in [v, u] {
                if let Ok(ri) = remainder.binary_search(&x) {
                    open.close(ri);
                }
            }
        }
    }
    Ok(())
}

/// Step 4's open S2 players by remainder position: from each position, the next one that
/// is neither in S1 nor taken (a "next" list with path halving; positions are closed as
/// their players are taken). The searches for an S1 player's highest open S2 player then
/// pass no S1 player and no player taken (they never have an edge to it): a pass over
/// them was O(k) per S1 player, quadratic in a big bracket.
struct OpenS2 {
    next: Vec<usize>,
}

impl OpenS2 {
    fn new(open: impl Iterator<Item = bool>) -> OpenS2 {
        let mut next: Vec<usize> =
            open.enumerate().map(|(i, o)| if o { i } else { i + 1 }).collect();
        next.push(next.len());
        OpenS2 { next }
    }

    /// The first open position at or after `i` (the remainder's length: none).
    fn find(&mut self, mut i: usize) -> usize {
        while self.next[i] != i {
            let up = self.next[self.next[i]];
            self.next[i] = up;
            i = up;
        }
        i
    }

    fn close(&mut self, i: usize) {
        if self.next[i] == i {
            self.next[i] = i + 1;
        }
    }

    /// The first open S2 player at or after position `i` that `keep` accepts.
    fn first(
        &mut self,
        i: usize,
        remainder: &[usize],
        mut keep: impl FnMut(usize) -> bool,
    ) -> Option<usize> {
        let mut ri = self.find(i);
        while ri < remainder.len() {
            if keep(remainder[ri]) {
                return Some(remainder[ri]);
            }
            ri = self.find(ri + 1);
        }
        None
    }
}

/// Step 4's hints, which leave the result as it is and only shorten the search: every
/// optimum uses only tight edges, so each player of the group, in order, most likely takes
/// its highest opponent over a tight edge that no player before it took; it is matched to
/// it now (`Matcher::prefer`). Returns whether every player of the group got a guess.
fn guesses<'f, const NW: usize, S: Source<'f, NW>>(
    s: &mut S,
    remainder: &[usize],
    chunk: &[usize],
    open: &mut OpenS2,
) -> bool {
    let rpos = |v: usize| remainder.binary_search(&v).unwrap_or(0);
    s.flatten();
    let mut claimed: Vec<usize> = Vec::with_capacity(chunk.len());
    let mut clean = true;
    for &v in chunk {
        let guess = open.first(rpos(v) + 1, remainder, |o| {
            s.s2_edge(v, o) && !claimed.contains(&o) && s.tight(v, o)
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
    clean
}

/// Step 4's digits for one group, and the matching that decides it: S1 player i of the
/// group adds (m - j) * B^(g-1-i) on its edge to its j-th open S2 player below it. Each
/// player raises its dual by the digit of its partner's edge, less what the partner raises
/// to cover the digits of the later players of the group on it (`Matcher::raise_dual`): a
/// player whose guess was right keeps its partner, and the search starts only from the
/// others.
fn digits<'f, const NW: usize, S: Source<'f, NW>>(
    s: &mut S,
    remainder: &[usize],
    chunk: &[usize],
    s1_flags: &[bool],
    digit_bits: u32,
) -> Result<(), Stop> {
    let rpos = |v: usize| remainder.binary_search(&v).unwrap_or(0);
    let (m, g) = (remainder.len() as u64, chunk.len());
    let mut open = Vec::with_capacity(remainder.len() + 1);
    let mut count = 0u64;
    for &o in remainder {
        open.push(count);
        count += !s.matched(o) as u64;
    }
    open.push(count);
    let shift = |i: usize| digit_bits * (g - 1 - i) as u32;
    let digit = |v: usize, o: usize, i: usize| -> Weight<NW> {
        let j = open[rpos(o)] - open[rpos(v) + 1];
        Weight::from_u64(m - j).shl(shift(i))
    };
    let partners: Vec<Option<usize>> = chunk.iter().map(|&v| s.mate_now(v)).collect();
    // For each partner of the group, the largest digit a later player of the group puts
    // on its edges (the part of the partner's dual raise).
    let mut later = vec![Weight::ZERO; g];
    for (i, &v) in chunk.iter().enumerate().rev() {
        if let Some(o) = partners[i]
            && o > v
            && !s.matched(o)
            && s.s2_edge(v, o)
        {
            let d = digit(v, o, i);
            s.raise(v, d.sub(&later[i]));
            s.raise(o, later[i]);
        }
        for (pi, p) in partners.iter().enumerate().take(i) {
            if let Some(o) = *p
                && o > v
                && !s.matched(o)
                && s.s2_edge(v, o)
            {
                let d = digit(v, o, i);
                if d > later[pi] {
                    later[pi] = d;
                }
            }
        }
        s.digits(remainder, v, shift(i), &open);
    }
    let group: Vec<(usize, u32)> = chunk.iter().enumerate().map(|(i, &v)| (v, shift(i))).collect();
    s.digits_end(remainder, s1_flags, &group, open);
    s.solve()
}

//! The class model's bracket driver: the decisions of [`super::super::matrix::bracket`],
//! each weight change reported to the matcher as the model's state changes.

use super::{Model, NONE, Round, Sink, Solver};
use crate::dutch::bracket::{Bracket, Stop};
use crate::dutch::explain;
use crate::dutch::failure::Failure;
use crate::dutch::matcher::Matcher;
use crate::dutch::next_group::Join;
use crate::dutch::quality::{self, Layout, Place};
use crate::dutch::rest::NONE_POS;
use crate::dutch::weight::Weight;
/// Pairs one restricted bracket with the incremental matcher on the class model: the decisions
/// and the warm steps (dual raises, grouped restart, step-4 guesses) of
/// `matrix::bracket`, each weight change of its matrix reported to the matcher in the
/// same order, the weights read from the `Model` — O(k) memory beside the model's
/// class-pair cache, no k × k matrix.
pub(crate) fn bracket(r: Round, br: &Bracket) -> Result<(), Stop> {
    let field = r.field;
    let n = field.players.len();
    let Bracket { pbi, sgb, ngb, resident_start, next_start, c9, bye_dummy, next } = *br;
    r.explain.push(crate::dutch::bracket::header(field, br));
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
    let mut s = Solver { r, m, pbi: mpbi, loc, sink };
    s.solve()?;
    // C6 fixes how many of the bracket's players float in every optimum; the next group
    // as one vertex weighs one floater only (`next_group`).
    if s.sink.is_some() && (0..ngb).filter(|&i| s.m.mate(i).is_none_or(|j| j == k)).count() > 1 {
        return Err(Stop::Expand);
    }
    mdp_steps(&mut s, br)?;
    // 3. Remainder, S1/S2 and exchanges.
    let remainder: Vec<usize> =
        (sgb..ngb).map(|pi| pbi[pi]).filter(|&v| s.r.stable[v] >= resident_start).collect();
    let rem_pairs = remainder.iter().filter(|&&v| s.r.stable[v] < v).count();
    let lines = crate::dutch::bracket::remainder_lines(field, br, s.r.done, &remainder, rem_pairs);
    s.r.explain.extend(lines);
    // The step's bonus of a remainder pair, by the rank of its higher player (the model's
    // step-3 term, as `matrix::bracket` writes it).
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
    let upper = |s: &Solver, v: usize| s.r.stable[v] > v && s.r.stable[v] < next_start;
    // The optimum's duals are foreseeable (`matrix::bracket`). When the optimum has no
    // exchange it stays optimal (`matrix::bracket`), but the matcher is still told
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
    let s1_now: Vec<usize> = remainder.iter().copied().filter(|&v| upper(&s, v)).collect();
    s.r.explain.extend(crate::dutch::bracket::exchange_line(field, &remainder, rem_pairs, &s1_now));
    // 4. Transpositions, a group of S1 players per matching, with the step-4 guesses
    // (`matrix::bracket`).
    let s1: Vec<usize> = remainder.iter().copied().filter(|&v| upper(&s, v)).collect();
    transpositions(&mut s, &remainder, &s1, &s1_flags, order_bits)?;
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

/// Steps 1 and 2 (4.4), as `matrix::bracket` takes them, each change reported as the
/// model's state changes.
fn mdp_steps(s: &mut Solver, br: &Bracket) -> Result<(), Stop> {
    let Bracket { pbi, sgb, ngb, resident_start, next_start, .. } = *br;
    let field = s.r.field;
    let score = |v: usize| field.players[v].score;
    let in_res =
        |s: &Solver, v: usize| s.r.stable[v] >= resident_start && s.r.stable[v] < next_start;
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
            s.r.matched[v] = true;
            continue;
        }
        rem -= 1;
        let pairs: Vec<(usize, usize)> = (sgb..ngb).map(|oi| (v, pbi[oi])).collect();
        if !in_res(s, v) {
            s.update(&pairs, |m| m.mdp_bonus[pi] = 1);
            if s.keep_extra_pair(|_| Weight::ZERO, &[v]) {
                s.m.keep_tight();
            }
            s.solve()?;
        }
        if in_res(s, v) {
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
    Ok(())
}

/// Step 4 (4.2), as `matrix::bracket` takes it, with the step-4 guesses: a group of S1
/// players decided by their guesses alone when every guess holds, else by the digits.
fn transpositions(
    s: &mut Solver,
    remainder: &[usize],
    s1: &[usize],
    s1_flags: &[bool],
    order_bits: u32,
) -> Result<(), Stop> {
    let k = s.pbi.len();
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
            let outside = |s: &Solver| -> Vec<Option<usize>> {
                let model = s.m.weights();
                (0..s.m.vertices())
                    .filter(|&i| i >= k || model.rem_of[i] == NONE)
                    .map(|i| s.m.mate(i))
                    .collect()
            };
            let before = outside(s);
            // Which vertices are unmatched, not only how many: a guess that pairs a free
            // player and frees its partner's old mate keeps the count but changes who
            // floats, and the rest (C4/C5) was checked for the old floater only.
            let free = |s: &Solver| -> Vec<usize> {
                (0..s.m.vertices()).filter(|&i| s.m.mate(i).is_none()).collect()
            };
            let free_before = free(s);
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
            if clean && free(s) == free_before && s.m.is_optimal_flat() && outside(s) == before {
                s.stable_from_mates();
                *s.r.guessed += 1;
            } else {
                // The digits: S1 player i of the group adds (m - j) * B^(g-1-i) on its edge
                // to its j-th unmatched S2 player below it.
                let mut open = Vec::with_capacity(remainder.len() + 1);
                let mut count = 0u64;
                for &o in remainder {
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
    Ok(())
}

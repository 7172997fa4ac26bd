//! `bsw pair --explain` for the Dutch system: why the engine's candidate won its bracket.
//!
//! Works **post hoc** on the bracket the engine has just decided (`candidates` calls it with
//! a [`Bracket`] when explain mode is on; normal pairing only gets the cheap
//! [`partners`] lines). It
//!
//! - decodes the chosen candidate's criteria vector: the bracket pairs forced, the rest of
//!   the field completed by one maximum-weight matching with the bracket's weights of
//!   `quality` (the bracket's other players float), the sum of the weights read field by
//!   field with [`Layout::fields`];
//! - lists the candidates that come earlier in the rules' order, grouped by their first
//!   difference with the chosen one (at most [`MAX_SHOWN`] per bracket, then a count):
//!   1. MDP choice (4.4): an MDP left unpaired, paired with a resident (the MDPs above it
//!      keeping their choice);
//!   2. the opponents of the paired MDPs (4.2 in the MDP-pairing): a higher resident than
//!      the one taken, the earlier MDPs keeping theirs;
//!   3. when an exchange was made: the first candidate (S1\[i\]-S2\[i\] of the split
//!      before any exchange), then the best candidate of that split, then the best
//!      candidate of each exchange before the chosen one in the 4.3 order (`Exchange`;
//!      only as many as can be shown are analysed, the others counted);
//!   4. transpositions (4.2): an S1 player with an S2 player ranked above its partner (one
//!      not taken by a higher S1 player), the higher S1 players keeping theirs;
//! - for each, forces its pairs, computes the best criteria vector the group can reach (one
//!   matching, the same weights, the split of S1/S2 and the unpaired MDPs kept) and names
//!   the first criterion, most significant first, where it is worse than the chosen one —
//!   C1 or C3 at once when the forced pair itself is forbidden; the generation order
//!   (4.2/4.3/4.4) when every criterion ties.
//!
//! Each listed candidate costs one O(n³) matching of the players still unpaired (an MDP
//! choice that the best completion leaves unpaired: one per resident): explain mode is for
//! people reading small and medium brackets, not for the bench.

use super::absolute::compatible;
use super::matcher::max_weight_matching;
use super::order::{Field, Float};
use super::quality::{Layout, Place};
use super::weight::{WORDS, Weight};
use crate::half_points;
use bsw_model::Id;

/// At most this many earlier candidates are analysed and printed per bracket.
pub const MAX_SHOWN: usize = 10;

/// A bracket as the engine decided it (indices are field indices, in pairing order).
pub(crate) struct Bracket<'a, const NW: usize = WORDS> {
    pub field: &'a Field,
    /// The bracket's weight layout (C9, the bye score and the round are in it).
    pub layout: &'a Layout<NW>,
    /// MDPs, then residents, then the next score group.
    pub players: &'a [usize],
    /// Number of MDPs at the head of `players`.
    pub mdps: usize,
    /// MDPs + residents: `players[..size]` is the bracket.
    pub size: usize,
    /// Players not paired before this bracket.
    pub active: &'a [usize],
    /// Partners after the bracket was paired (`None`: not paired yet).
    pub partner: &'a [Option<usize>],
    /// The residents not paired to an MDP, in pairing order.
    pub remainder: &'a [usize],
    /// Size of S1 before any exchange (`remainder[..s1_before]`).
    pub s1_before: usize,
    /// S1 after the exchanges (the higher player of each remainder pair).
    pub s1: &'a [usize],
}

/// The cheap per-S1-player lines (normal mode): each S1 player's partner and the more
/// preferred S2 players it did not get, with the evident reason (C1, C3, taken).
pub(crate) fn partners<const NW: usize>(b: &Bracket<'_, NW>) -> Vec<String> {
    let (field, lay) = (b.field, b.layout);
    let mut out = Vec::new();
    // The remainder is in pairing order (ascending field index): the players an S1 player
    // passed over are then the non-S1 players between it and its partner, found by binary
    // search in their list, so the lines cost O(n log n) rather than a walk of the
    // remainder per S1 player (a first round of 100,000 players). Any other order keeps
    // the walk.
    let sorted = b.remainder.windows(2).all(|w| w[0] < w[1]);
    let not_s1: Vec<usize> = if sorted {
        b.remainder.iter().copied().filter(|&o| b.partner[o].is_none_or(|x| x <= o)).collect()
    } else {
        b.remainder.to_vec()
    };
    for &v in b.remainder {
        let Some(u) = b.partner[v] else { continue };
        if u < v {
            continue;
        }
        let mut skipped = Vec::new();
        let from = if sorted { not_s1.partition_point(|&o| o <= v) } else { 0 };
        for &o in &not_s1[from..] {
            if o <= v || o == u {
                continue;
            }
            if o > u || skipped.len() >= MAX_SHOWN {
                break;
            }
            if b.partner[o].is_some_and(|x| x > o) {
                // Another S1 player: never an opponent in the remainder.
                continue;
            }
            let why = if field.met(v, o) {
                "C1"
            } else if !compatible(field, v, o, lay.last_round, lay.rounds_before) {
                "C3"
            } else if b.partner[o].is_some_and(|x| x < v) {
                "taken by a higher S1 player"
            } else {
                "a criterion C4-C21"
            };
            skipped.push(format!("{} ({why})", field.players[o].id));
        }
        out.push(format!(
            "  {}-{}{}",
            field.players[v].id,
            field.players[u].id,
            if skipped.is_empty() {
                String::new()
            } else {
                format!("; not taken before: {}", skipped.join(", "))
            }
        ));
    }
    out
}

/// What the completion matching may use, besides the forced pairs.
#[derive(Default)]
struct Restrict {
    /// The bracket's players not forced float: their pairs among themselves weigh as
    /// completion only (the chosen candidate).
    float_rest: bool,
    /// Players that do not pair with a resident in this bracket (MDPs that float in the
    /// candidate).
    no_resident: Vec<usize>,
    /// A player that pairs only with a resident (or not at all).
    only_resident: Option<usize>,
    /// The S1 of the candidate: inside the remainder only S1 (higher) – S2 (lower) pairs
    /// are pairs of this bracket (a player left without one floats, which C6 counts).
    s1: Option<Vec<usize>>,
}

/// A sum of edge weights and the number of pairs it counts.
struct Vector<const NW: usize> {
    sum: Weight<NW>,
    pairs: usize,
    /// The players the completion matching paired (not the forced ones).
    matched: Vec<usize>,
}

/// How an earlier candidate is evaluated.
enum Test {
    /// These pairs forced (the last one is the alternative's own).
    Forced(Vec<(usize, usize)>, Restrict),
    /// An MDP paired with some resident (the best over the residents), the paired MDPs
    /// above it keeping their pairs.
    MdpPaired(usize, Vec<(usize, usize)>, Restrict),
    /// Another S1/S2 split (the MDP pairs forced).
    Split(Vec<(usize, usize)>, Restrict),
    /// Every pair of one whole candidate forced.
    Whole(Vec<(usize, usize)>, Restrict),
}

struct Alternative {
    label: String,
    /// The generation rule that orders it before the chosen one.
    rule: &'static str,
    test: Test,
}

struct Ctx<'a, 'b, const NW: usize> {
    b: &'a Bracket<'b, NW>,
    pos: Vec<Option<usize>>,
    fields: Vec<(&'static str, u32, bool)>,
}

fn bits<const NW: usize>(w: &Weight<NW>, lo: u32, width: u32) -> Weight<NW> {
    let mut r = Weight::ZERO;
    for k in 0..width {
        let at = lo + k;
        if (w.0[(at / 64) as usize] >> (at % 64)) & 1 == 1 {
            r = r.add(&Weight::bit(k));
        }
    }
    r
}

fn small<const NW: usize>(w: &Weight<NW>) -> u64 {
    w.0[0]
}

impl<const NW: usize> Ctx<'_, '_, NW> {
    fn place(&self, u: usize, v: usize) -> Place {
        match (self.pos[u], self.pos[v]) {
            (Some(i), Some(j)) => {
                let j = i.max(j);
                if j < self.b.mdps {
                    Place::Rest
                } else if j < self.b.size {
                    Place::Bracket
                } else {
                    Place::Next
                }
            }
            _ => Place::Rest,
        }
    }

    fn in_bracket(&self, v: usize) -> bool {
        self.pos[v].is_some_and(|i| i < self.b.size)
    }

    fn resident(&self, v: usize) -> bool {
        self.pos[v].is_some_and(|i| i >= self.b.mdps && i < self.b.size)
    }

    /// The weight of (u, v) in the completion: as in the engine's bracket, except that a
    /// pair the candidate cannot have in this bracket weighs as a later pair (its players
    /// float; completion only).
    fn weight(&self, u: usize, v: usize, r: &Restrict) -> Weight<NW> {
        let (h, l) = (u.min(v), u.max(v));
        let in_rem = |x: usize| self.b.remainder.contains(&x);
        let elsewhere = (r.float_rest && self.in_bracket(h) && self.in_bracket(l))
            || (r.no_resident.contains(&h) && self.resident(l))
            || (r.no_resident.contains(&l) && self.resident(h))
            || r.s1
                .as_ref()
                .is_some_and(|s1| in_rem(h) && in_rem(l) && (!s1.contains(&h) || s1.contains(&l)));
        if r.only_resident
            .is_some_and(|m| (m == h && !self.resident(l)) || (m == l && !self.resident(h)))
        {
            return Weight::ZERO;
        }
        let place = if elsewhere { Place::Rest } else { self.place(h, l) };
        self.b.layout.weight(self.b.field, h, l, place)
    }

    /// The best criteria vector with `forced` fixed (None when a forced pair is forbidden).
    fn best(&self, forced: &[(usize, usize)], r: &Restrict) -> Option<Vector<NW>> {
        let mut sum = Weight::ZERO;
        let mut fixed = Vec::new();
        for &(a, c) in forced {
            let (h, l) = (a.min(c), a.max(c));
            let w = self.b.layout.weight(self.b.field, h, l, self.place(h, l));
            if w.is_zero() {
                return None;
            }
            sum = sum.add(&w);
            fixed.extend([a, c]);
        }
        let free: Vec<usize> =
            self.b.active.iter().copied().filter(|v| !fixed.contains(v)).collect();
        let mut edges = Vec::new();
        for (i, &u) in free.iter().enumerate() {
            for (j, &v) in free.iter().enumerate().skip(i + 1) {
                let w = self.weight(u, v, r);
                if !w.is_zero() {
                    edges.push((i, j, w));
                }
            }
        }
        let m = max_weight_matching(free.len(), &edges);
        let mut pairs = forced.len();
        let mut matched = Vec::new();
        for &(i, j, w) in &edges {
            if m[i] == Some(j) {
                sum = sum.add(&w);
                pairs += 1;
                matched.extend([free[i], free[j]]);
            }
        }
        Some(Vector { sum, pairs, matched })
    }

    /// The fields of `v`: (name, value, is score field), most significant first.
    fn decode(&self, v: &Vector<NW>) -> Vec<(&'static str, Weight<NW>, bool)> {
        // The completion field sits at the top of the weight, the others right below the
        // unused bits (if any) under it, from the order field at bit 0 up.
        let mut lo: u32 = self.fields.iter().skip(1).map(|f| f.1).sum();
        let mut out = Vec::with_capacity(self.fields.len());
        for (k, &(name, width, score)) in self.fields.iter().enumerate() {
            let at = if k == 0 {
                self.b.layout.completion_shift()
            } else {
                lo -= width;
                lo
            };
            out.push((name, bits(&v.sum, at, width), score));
        }
        out
    }

    /// A score field as "count×score" per score group, highest first.
    fn scores(&self, w: &Weight<NW>) -> String {
        let lay = self.b.layout;
        let mut groups: Vec<(bsw_model::HalfPoints, u32)> =
            lay.shift.iter().map(|(&s, &at)| (s, at)).collect();
        groups.sort_by_key(|g| g.1);
        let mut parts = Vec::new();
        for (k, &(s, at)) in groups.iter().enumerate() {
            let end = groups.get(k + 1).map_or(lay.scores, |g| g.1);
            let c = small(&bits(w, at, end - at));
            if c > 0 {
                parts.push((s, format!("{c}×{}", half_points(s))));
            }
        }
        parts.sort_by_key(|p| std::cmp::Reverse(p.0));
        if parts.is_empty() {
            "none".to_string()
        } else {
            parts.into_iter().map(|p| p.1).collect::<Vec<_>>().join(" ")
        }
    }

    /// Residents that floated down `back` rounds ago (C14/C16 count the ones paired).
    fn downfloated(&self, back: u32) -> u64 {
        let b = self.b;
        b.players[b.mdps..b.size]
            .iter()
            .filter(|&&v| {
                let p = &b.field.players[v];
                (if back == 1 { p.float1 } else { p.float2 }) == Float::Down
            })
            .count() as u64
    }

    /// One field of a decoded vector, as people read it: (what it counts, the value).
    /// C10-C17 are written as violations (pairs or players the criterion would avoid),
    /// C18-C21 as the score-weighted pairs without the repeated float (count×score).
    fn show(&self, d: &[(&'static str, Weight<NW>, bool)], k: usize) -> (String, String) {
        let (name, w, score) = d[k];
        let pairs = small(&d[1].1);
        let n = small(&w);
        let miss = |what: &str| (format!("{name} {what}"), pairs.saturating_sub(n).to_string());
        let again = |what: &str, back: u32| {
            (format!("{name} {what}"), self.downfloated(back).saturating_sub(n).to_string())
        };
        match (k, name) {
            (_, "C6") => ("C6 pairs".into(), n.to_string()),
            (2, _) => ("C7 paired scores".into(), self.scores(&w)),
            (3, _) => ("C8 next-bracket pairs".into(), n.to_string()),
            (4, _) => ("C8 next-bracket scores".into(), self.scores(&w)),
            (_, "C9") => ("C9 bye candidates' played-games rank".into(), n.to_string()),
            (_, "C10") => miss("|CD| > 2"),
            (_, "C11") => miss("same colour thrice"),
            (_, "C12") => miss("colour preferences not met"),
            (_, "C13") => miss("strong preferences not met"),
            (_, "C14") => again("downfloaters again", 1),
            (_, "C15") => miss("upfloaters again"),
            (_, "C16") => again("downfloaters again (two rounds)", 2),
            (_, "C17") => miss("upfloaters again (two rounds)"),
            (_, name) if score => (format!("{name} kept, by score"), self.scores(&w)),
            (_, name) => (name.to_string(), n.to_string()),
        }
    }

    /// The chosen candidate's values, a few lines.
    fn summary(&self, d: &[(&'static str, Weight<NW>, bool)]) -> Vec<String> {
        let lay = self.b.layout;
        let mut lines = vec![String::from("  chosen:"), String::from("    colours:")];
        let mut floats = String::from("    floats:");
        for (k, f) in d.iter().enumerate() {
            let (line, shown) = match f.0 {
                "C4/C5" | "order" => (&mut lines[0], false),
                "C9" => (&mut lines[0], lay.c9),
                "C10" | "C11" | "C12" | "C13" => (&mut lines[1], true),
                "C14" | "C15" | "C18" | "C19" => (&mut floats, lay.rounds_before >= 1),
                "C16" | "C17" | "C20" | "C21" => (&mut floats, lay.rounds_before >= 2),
                _ => (&mut lines[0], true),
            };
            if shown && matches!(f.0, "C18" | "C19" | "C20" | "C21") {
                // One item for the four score-weighted float criteria.
                let value = self.show(d, k).1;
                if f.0 == "C18" {
                    line.push_str(&format!(", C18-C21 kept by score {value}"));
                } else {
                    line.push_str(&format!(" | {value}"));
                }
            } else if shown {
                let (what, value) = self.show(d, k);
                if !line.ends_with(':') {
                    line.push(',');
                }
                line.push_str(&format!(" {what} {value}"));
            }
        }
        if !floats.ends_with(':') {
            lines.push(floats);
        }
        lines
    }

    /// The criterion that rejects `alt` against `chosen`.
    fn reject(&self, alt: &Vector<NW>, chosen: &Vector<NW>, rule: &'static str) -> String {
        let (a, c) = (self.decode(alt), self.decode(chosen));
        for k in 0..a.len() {
            if a[k].0 == "order" {
                break;
            }
            let ((what, av), (_, cv)) = (self.show(&a, k), self.show(&c, k));
            match a[k].1.cmp(&c[k].1) {
                std::cmp::Ordering::Equal => continue,
                std::cmp::Ordering::Greater => {
                    return format!(
                        "none: it does better on {what} ({av} instead of {cv}); please report this pairing"
                    );
                }
                std::cmp::Ordering::Less => {}
            }
            if k == 0 {
                return if alt.pairs < chosen.pairs {
                    format!(
                        "C4 (the other players could not all be paired: {} of {} pairs)",
                        alt.pairs, chosen.pairs
                    )
                } else {
                    "C5 (the bye would go to a higher score)".to_string()
                };
            }
            return format!("{what}: {av} instead of {cv}");
        }
        format!("{rule} (every criterion ties; the chosen candidate comes first)")
    }

    fn absolute(&self, u: usize, v: usize) -> Option<&'static str> {
        let (f, lay) = (self.b.field, self.b.layout);
        if f.met(u, v) {
            Some("C1 (they have met)")
        } else if !compatible(f, u, v, lay.last_round, lay.rounds_before) {
            Some("C3 (same absolute colour preference)")
        } else {
            None
        }
    }

    fn evaluate(&self, alt: &Alternative, chosen: &Vector<NW>) -> String {
        match &alt.test {
            Test::Forced(forced, r) => {
                // The alternative's own pair is the last one forced.
                if let Some(why) = forced.last().and_then(|&(u, v)| self.absolute(u, v)) {
                    return why.to_string();
                }
                match self.best(forced, r) {
                    Some(x) => self.reject(&x, chosen, alt.rule),
                    None => "C1/C3 (a forced pair is forbidden)".to_string(),
                }
            }
            Test::Whole(forced, r) => {
                let id = |v: usize| self.b.field.players[v].id;
                for &(u, v) in forced {
                    if let Some(why) = self.absolute(u, v) {
                        // "C1 (they have met)" → "C1 (3-6: they have met)".
                        let (code, reason) = why.split_once(" (").unwrap_or((why, ")"));
                        return format!("{code} ({}-{}: {reason}", id(u), id(v));
                    }
                }
                match self.best(forced, r) {
                    Some(x) => self.reject(&x, chosen, alt.rule),
                    None => "C1/C3 (a forced pair is forbidden)".to_string(),
                }
            }
            Test::Split(forced, r) => match self.best(forced, r) {
                Some(x) => self.reject(&x, chosen, alt.rule),
                None => "C1/C3 (a forced pair is forbidden)".to_string(),
            },
            Test::MdpPaired(m, above, r) => {
                // One matching with m's edges to residents only: when it pairs m, it is
                // the best of the group; else try each resident in turn.
                let only = Restrict {
                    only_resident: Some(*m),
                    no_resident: r.no_resident.clone(),
                    ..Restrict::default()
                };
                if let Some(x) = self.best(above, &only)
                    && x.matched.contains(m)
                {
                    return self.reject(&x, chosen, alt.rule);
                }
                let b = self.b;
                let residents = &b.players[b.mdps..b.size];
                let mut best: Option<Vector<NW>> = None;
                for &o in residents {
                    if above.iter().any(|p| p.1 == o) || self.absolute(*m, o).is_some() {
                        continue;
                    }
                    let mut forced = above.clone();
                    forced.push((*m, o));
                    if let Some(x) = self.best(&forced, r)
                        && best.as_ref().is_none_or(|y| x.sum > y.sum)
                    {
                        best = Some(x);
                    }
                }
                match best {
                    Some(x) => self.reject(&x, chosen, alt.rule),
                    None => "C1/C3 (no resident left that it may meet)".to_string(),
                }
            }
        }
    }
}

/// The explain lines of a decided bracket (explain mode): the chosen candidate's criteria
/// values and, for the first [`MAX_SHOWN`] earlier candidates, the criterion rejecting each.
pub(crate) fn bracket<const NW: usize>(b: &Bracket<'_, NW>) -> Vec<String> {
    let field = b.field;
    let id = |v: usize| field.players[v].id;
    let mut pos = vec![None; field.players.len()];
    for (i, &v) in b.players.iter().enumerate() {
        pos[v] = Some(i);
    }
    let ctx = Ctx { b, pos, fields: b.layout.fields(field.players.len()) };
    let bracket_pairs: Vec<(usize, usize)> = b.players[..b.size]
        .iter()
        .filter_map(|&v| b.partner[v].filter(|&u| u > v && b.active.contains(&v)).map(|u| (v, u)))
        .collect();
    let mut out = Vec::new();
    for &(v, u) in &bracket_pairs {
        out.push(format!("  {}-{}", id(v), id(u)));
    }
    if bracket_pairs.is_empty() && b.remainder.is_empty() {
        return out;
    }
    let chosen_r = Restrict { float_rest: true, ..Restrict::default() };
    let Some(chosen) = ctx.best(&bracket_pairs, &chosen_r) else {
        return out;
    };
    out.extend(ctx.summary(&ctx.decode(&chosen)));

    // The earlier candidates, in the rules' order.
    let earlier = Earlier::new(b, &ctx);
    let mut alts = earlier.mdp_alternatives();
    // Earlier exchanges not in `alts` (too many to analyse): (count, exact).
    let more = earlier.split_alternatives(&mut alts);
    alts.extend(earlier.s1_alternatives());
    if alts.is_empty() {
        out.push("  no earlier candidate: the first one in the rules' order was taken".into());
        return out;
    }
    out.push("  earlier candidates, rejected by:".into());
    for alt in alts.iter().take(MAX_SHOWN) {
        out.push(format!("    {}: {}", alt.label, ctx.evaluate(alt, &chosen)));
    }
    let rest = (alts.len().saturating_sub(MAX_SHOWN) as u128).saturating_add(more.0);
    if rest > 0 {
        out.push(format!("    and {}{rest} more", if more.1 { "" } else { "at least " }));
    }
    out
}

/// What the earlier candidates of a decided bracket are built from: its MDPs that float and
/// those paired (with their partners), in the rules' order 4.4, 4.3, 4.2.
struct Earlier<'a, 'b, const NW: usize> {
    b: &'a Bracket<'b, NW>,
    /// The MDPs the chosen candidate leaves unpaired (they float).
    floating: Vec<usize>,
    /// The MDPs paired with a resident, with that resident.
    mdp_pairs: Vec<(usize, usize)>,
}

impl<'a, 'b, const NW: usize> Earlier<'a, 'b, NW> {
    fn new(b: &'a Bracket<'b, NW>, ctx: &Ctx<'_, '_, NW>) -> Self {
        let mdps = &b.players[..b.mdps];
        let paired_mdp = |v: usize| b.partner[v].is_some_and(|u| ctx.resident(u));
        let floating = mdps.iter().copied().filter(|&v| !paired_mdp(v)).collect();
        let mdp_pairs = mdps
            .iter()
            .copied()
            .filter(|&v| paired_mdp(v))
            .map(|v| (v, b.partner[v].unwrap_or(v)))
            .collect();
        Earlier { b, floating, mdp_pairs }
    }

    fn id(&self, v: usize) -> Id {
        self.b.field.players[v].id
    }

    /// The unpaired MDPs stay unpaired; `s1`: the S1/S2 split kept.
    fn keep(&self, s1: Option<&[usize]>) -> Restrict {
        Restrict {
            no_resident: self.floating.clone(),
            s1: s1.map(<[usize]>::to_vec),
            ..Restrict::default()
        }
    }

    /// 4.4: each floating MDP paired instead; 4.2: each paired MDP with an earlier resident.
    fn mdp_alternatives(&self) -> Vec<Alternative> {
        let b = self.b;
        let mut alts = Vec::new();
        for &m in &self.floating {
            let above: Vec<usize> = self.floating.iter().copied().filter(|&x| x < m).collect();
            let pairs_above: Vec<(usize, usize)> =
                self.mdp_pairs.iter().copied().filter(|p| p.0 < m).collect();
            alts.push(Alternative {
                label: format!("MDP {} paired", self.id(m)),
                rule: "4.4",
                test: Test::MdpPaired(
                    m,
                    pairs_above,
                    Restrict { no_resident: above, ..Restrict::default() },
                ),
            });
        }
        for (k, &(v, u)) in self.mdp_pairs.iter().enumerate() {
            let earlier = &self.mdp_pairs[..k];
            for &o in &b.players[b.mdps..b.size] {
                if o >= u {
                    break;
                }
                if earlier.iter().any(|p| p.1 == o) {
                    continue;
                }
                let mut forced = earlier.to_vec();
                forced.push((v, o));
                let (iv, io, iu) = (self.id(v), self.id(o), self.id(u));
                alts.push(Alternative {
                    label: format!("{iv}-{io} instead of {iv}-{iu}"),
                    rule: "4.2",
                    test: Test::Forced(forced, self.keep(None)),
                });
            }
        }
        alts
    }

    /// 4.2 and 4.3 when the chosen candidate exchanged residents: the first candidate of the
    /// original split, that split without exchange, and the exchanges before the chosen one
    /// (as many as `alts` leaves room for). Returns the exchanges left out: (count, exact).
    fn split_alternatives(&self, alts: &mut Vec<Alternative>) -> (u128, bool) {
        let b = self.b;
        let id = |v: usize| self.id(v);
        let s1_before = &b.remainder[..b.s1_before.min(b.remainder.len())];
        if s1_before == b.s1 {
            return (0, true);
        }
        let s2: Vec<usize> =
            b.remainder.iter().copied().filter(|v| !s1_before.contains(v)).collect();
        // The very first candidate of the rules' order, S1[i]-S2[i], then the best one of
        // the split without exchange.
        let first: Vec<(usize, usize)> =
            s1_before.iter().copied().zip(s2.iter().copied()).collect();
        let mut forced = self.mdp_pairs.clone();
        forced.extend_from_slice(&first);
        let first_names: Vec<String> =
            first.iter().map(|&(u, v)| format!("{}-{}", id(u), id(v))).collect();
        alts.push(Alternative {
            label: format!("first candidate {}", first_names.join(" ")),
            rule: "4.2",
            test: Test::Whole(forced, self.keep(Some(s1_before))),
        });
        let names = |v: &[usize]| v.iter().map(|&p| id(p).to_string()).collect::<Vec<_>>();
        alts.push(Alternative {
            label: format!(
                "S1 [{}] S2 [{}] without exchange",
                names(s1_before).join(" "),
                names(&s2).join(" ")
            ),
            rule: "4.3",
            test: Test::Split(self.mdp_pairs.clone(), self.keep(Some(s1_before))),
        });
        // The exchanges that come before the chosen one in the 4.3 order, each as the best
        // candidate of its split (only as many as can be shown; the rest are counted).
        let bsn = |v: usize| b.remainder.iter().position(|&x| x == v).map_or(0, |i| i + 1);
        let chosen_exchange = Exchange {
            out: s1_before.iter().copied().filter(|v| !b.s1.contains(v)).map(bsn).collect(),
            into: b.s1.iter().copied().filter(|v| !s1_before.contains(v)).map(bsn).collect(),
        };
        let room = MAX_SHOWN.saturating_sub(alts.len());
        let (earlier, more) =
            earlier_exchanges(s1_before.len(), b.remainder.len(), &chosen_exchange, room);
        for x in earlier {
            let at = |n: usize| b.remainder[n - 1];
            let mut s1: Vec<usize> = s1_before
                .iter()
                .copied()
                .filter(|&v| !x.out.contains(&bsn(v)))
                .chain(x.into.iter().map(|&n| at(n)))
                .collect();
            s1.sort_by_key(|&v| bsn(v));
            let s2: Vec<usize> = b.remainder.iter().copied().filter(|v| !s1.contains(v)).collect();
            let label = format!(
                "exchange {} for {}: S1 [{}] S2 [{}]",
                names(&x.out.iter().map(|&n| at(n)).collect::<Vec<_>>()).join(" "),
                names(&x.into.iter().map(|&n| at(n)).collect::<Vec<_>>()).join(" "),
                names(&s1).join(" "),
                names(&s2).join(" ")
            );
            alts.push(Alternative {
                label,
                rule: "4.3",
                test: Test::Split(self.mdp_pairs.clone(), self.keep(Some(&s1))),
            });
        }
        more
    }

    /// 4.2 in the remainder: each S1 player with an S2 player that comes before its partner.
    fn s1_alternatives(&self) -> Vec<Alternative> {
        let b = self.b;
        let s1_pairs: Vec<(usize, usize)> =
            b.s1.iter().filter_map(|&p| b.partner[p].map(|u| (p, u))).collect();
        let mut alts = Vec::new();
        for (k, &(p, u)) in s1_pairs.iter().enumerate() {
            let earlier = &s1_pairs[..k];
            for &o in b.remainder {
                if o <= p || b.s1.contains(&o) {
                    continue;
                }
                if o >= u {
                    break;
                }
                if earlier.iter().any(|e| e.1 == o) {
                    continue;
                }
                let mut forced = self.mdp_pairs.clone();
                forced.extend_from_slice(earlier);
                forced.push((p, o));
                let (ip, io, iu) = (self.id(p), self.id(o), self.id(u));
                alts.push(Alternative {
                    label: format!("{ip}-{io} instead of {ip}-{iu}"),
                    rule: "4.2",
                    test: Test::Forced(forced, self.keep(Some(b.s1))),
                });
            }
        }
        alts
    }
}

/// A resident exchange of 4.3 as bracket sequence numbers (1-based places in the
/// remainder): `out` moved from the original S1 to S2, `into` from S2 to S1, both ascending.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Exchange {
    out: Vec<usize>,
    into: Vec<usize>,
}

impl Exchange {
    /// 4.3.2 b: the sum of the BSNs moved to S1 less the sum of those moved to S2.
    fn difference(&self) -> i64 {
        self.into.iter().sum::<usize>() as i64 - self.out.iter().sum::<usize>() as i64
    }

    /// The order of 4.3.2: fewer BSNs exchanged; a smaller difference of their sums; the
    /// exchange holding the highest BSN in which the two differ among those moved to S2;
    /// the one holding the lowest BSN in which they differ among those moved to S1.
    fn order(&self, other: &Exchange) -> std::cmp::Ordering {
        use std::cmp::Ordering::{Equal, Greater, Less};
        let first_holding = |mine: &[usize], theirs: &[usize], highest: bool| {
            let differ = mine
                .iter()
                .filter(|x| !theirs.contains(x))
                .chain(theirs.iter().filter(|x| !mine.contains(x)));
            let pick = if highest { differ.max() } else { differ.min() };
            match pick {
                None => Equal,
                Some(x) if mine.contains(x) => Less,
                Some(_) => Greater,
            }
        };
        self.out
            .len()
            .cmp(&other.out.len())
            .then(self.difference().cmp(&other.difference()))
            .then_with(|| first_holding(&self.out, &other.out, true))
            .then_with(|| first_holding(&self.into, &other.into, false))
    }
}

/// The k-element subsets of `from` (ascending), in lexicographic order, at most `limit`
/// (`None` when there are more).
fn subsets(from: &[usize], k: usize, limit: usize) -> Option<Vec<Vec<usize>>> {
    let mut out = Vec::new();
    let mut idx: Vec<usize> = (0..k).collect();
    if k > from.len() {
        return Some(out);
    }
    loop {
        if out.len() == limit {
            return None;
        }
        out.push(idx.iter().map(|&i| from[i]).collect());
        let Some(i) = (0..k).rev().find(|&i| idx[i] < from.len() - k + i) else {
            return Some(out);
        };
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    let mut r: u128 = 1;
    for i in 0..k.min(n - k) {
        r = r.saturating_mul((n - i) as u128) / (i as u128 + 1);
    }
    r
}

/// The exchanges of a remainder of `n` players whose original S1 is its first `s1` BSNs that
/// come before `chosen` in the 4.3 order (the split without exchange aside): the first
/// `want` of them in that order, and how many more there are (exact, or a lower bound
/// `false` when a level was too large to go through; explain mode is for people).
fn earlier_exchanges(
    s1: usize,
    n: usize,
    chosen: &Exchange,
    want: usize,
) -> (Vec<Exchange>, (u128, bool)) {
    /// Exchanges of one size gone through one by one, at most.
    const LEVEL_LIMIT: usize = 200_000;
    let s1_bsn: Vec<usize> = (1..=s1).collect();
    let s2_bsn: Vec<usize> = (s1 + 1..=n).collect();
    let mut shown = Vec::new();
    let (mut rest, mut exact) = (0u128, true);
    for k in 1..=chosen.out.len() {
        let size = binomial(s1, k).saturating_mul(binomial(n - s1, k));
        if shown.len() >= want && k < chosen.out.len() {
            rest = rest.saturating_add(size);
            continue;
        }
        let per_side = (LEVEL_LIMIT as f64).sqrt() as usize;
        let (Some(outs), Some(intos)) =
            (subsets(&s1_bsn, k, per_side), subsets(&s2_bsn, k, per_side))
        else {
            // Too many to go through: all of them come earlier below the chosen size; at
            // the chosen size they are not counted.
            if k < chosen.out.len() {
                rest = rest.saturating_add(size);
            } else {
                exact = false;
            }
            continue;
        };
        let mut level: Vec<Exchange> = outs
            .iter()
            .flat_map(|o| intos.iter().map(move |i| Exchange { out: o.clone(), into: i.clone() }))
            .filter(|x| x.order(chosen) == std::cmp::Ordering::Less)
            .collect();
        level.sort_by(|a, b| a.order(b));
        let take = want.saturating_sub(shown.len()).min(level.len());
        rest = rest.saturating_add((level.len() - take) as u128);
        shown.extend(level.into_iter().take(take));
    }
    (shown, (rest, exact))
}

#[cfg(test)]
mod tests {
    use super::super::order::Field;
    use super::super::quality::Layout;

    #[test]
    fn the_fields_cover_the_whole_weight() {
        let field = Field { players: vec![], met: Default::default() };
        for n in [2, 9, 100, 1000] {
            let lay = Layout::<{ super::super::weight::WORDS }>::new(&field, &[], n);
            let sum: u32 = lay.fields(n).iter().map(|f| f.1).sum();
            assert_eq!(sum, lay.total_bits(n), "n = {n}");
        }
    }
}

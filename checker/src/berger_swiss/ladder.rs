//! SPEC §8.3: the relaxation ladder.
//!
//! A level is (rematches allowed, streak limit L, colour balance required, max score
//! difference D). A pair is allowed at a level iff (rematches or no over-the-board meeting),
//! both streaks after the game with the §8.2 colours are <= L, (if balance) both |colour
//! difference| after the game are <= 2, and |points difference| <= D. The search walks
//!
//! ```text
//! for rematches in [no, yes]:
//!   for L in 2 ..= max(2, S + 1):
//!     for v in eligible bye receivers, bottom first (odd field only):
//!       for balance in [yes, no]:
//!         for D in [0, ½, 1, unlimited]:
//! ```
//! and takes the first level with a complete pairing.
//!
//! How the checker certifies it without walking every level: the level used by the published
//! round is the strictest one at which every published pair is allowed (its components are
//! read off the published pairs). Every earlier level must be infeasible. Earlier levels come
//! in blocks whose union graph is a supergraph of each member's graph, so one matching per
//! block suffices; for a block with several bye receivers an extra vertex z adjacent to all of
//! them turns "some receiver v leaves a perfect matching of field − v" into "field + z has a
//! perfect matching". Feasibility is decided by the blossom search of [`super::blossom`]
//! (implicit graph); only when a block is feasible is it redone with the oracle, and the exact
//! first feasible level searched for the witness, as always.

use super::blossom::Implicit;
use super::counting::counts_admit_pairing;
use super::field::SwissField;
use super::level::Level;
use crate::oracle;
use crate::report::{Evidence, Rule, Violation};
use bsw_model::HalfPoints;

/// The D values of the ladder, strictest first (half-points).
pub const DIFFS: [Option<HalfPoints>; 4] = [Some(0), Some(1), Some(2), None];

impl Level {
    /// (balance, D) position inside a (rematches, L, v) block: 0..8.
    fn inner_rank(&self) -> usize {
        let d = DIFFS.iter().position(|&x| x == self.max_diff).unwrap_or(3);
        (!self.balance) as usize * 4 + d
    }
}

/// Whether field players i and j may be paired at `level`.
pub fn allowed(f: &SwissField, i: usize, j: usize, level: &Level) -> bool {
    if let Some(d) = level.max_diff
        && (f.points[i] - f.points[j]).abs() > d
    {
        return false;
    }
    if !level.rematches && f.meetings(i, j) > 0 {
        return false;
    }
    let a = f.alloc(i, j);
    a.max_streak <= level.streak_limit && (!level.balance || a.max_abs_diff <= 2)
}

/// Edges (as positions in `vertices`) among `vertices` (field indices in ascending order, i.e.
/// Swiss order, so points are non-increasing) allowed at `level`.
pub fn edges(f: &SwissField, vertices: &[usize], level: &Level) -> Vec<(usize, usize)> {
    let mut e = Vec::new();
    for (a, &i) in vertices.iter().enumerate() {
        for (b, &j) in vertices.iter().enumerate().skip(a + 1) {
            if let Some(d) = level.max_diff
                && f.points[i] - f.points[j] > d
            {
                break;
            }
            if allowed(f, i, j, level) {
                e.push((a, b));
            }
        }
    }
    e
}

/// Splits `vertices` (Swiss order, so points are non-increasing) where neighbouring points
/// differ by more than D: no allowed pair crosses such a gap, so each segment is matched on
/// its own (and a segment of odd size cannot be completed).
pub(crate) fn segments<'v>(
    f: &SwissField,
    vertices: &'v [usize],
    level: &Level,
) -> Vec<&'v [usize]> {
    let Some(d) = level.max_diff else {
        return vec![vertices];
    };
    let mut out = Vec::new();
    let mut start = 0;
    for k in 1..=vertices.len() {
        if k == vertices.len() || f.points[vertices[k - 1]] - f.points[vertices[k]] > d {
            out.push(&vertices[start..k]);
            start = k;
        }
    }
    out
}

/// A complete pairing of `vertices` at `level` (field-index pairs), if one exists.
pub fn complete_pairing(
    f: &SwissField,
    vertices: &[usize],
    level: &Level,
) -> Option<Vec<(usize, usize)>> {
    let segs = segments(f, vertices, level);
    if segs.iter().any(|s| s.len() % 2 == 1) {
        return None;
    }
    let mut pairs = Vec::with_capacity(vertices.len() / 2);
    for seg in segs {
        let e = edges(f, seg, level);
        let m = oracle::perfect_matching(seg.len(), &e)?;
        pairs.extend(m.into_iter().map(|(a, b)| (seg[a], seg[b])));
    }
    Some(pairs)
}

/// A bye receiver v among `receivers` and a complete pairing of `vertices` − v at `level`, if
/// any (one matching: `vertices` plus a vertex z adjacent to every receiver; per segment, only
/// the one odd segment can hold the receiver).
pub fn complete_pairing_some_bye(
    f: &SwissField,
    vertices: &[usize],
    receivers: &[usize],
    level: &Level,
) -> Option<(usize, Vec<(usize, usize)>)> {
    let mut is_receiver = vec![false; f.len()];
    for &r in receivers {
        is_receiver[r] = true;
    }
    let segs = segments(f, vertices, level);
    if segs.iter().filter(|s| s.len() % 2 == 1).count() != 1 {
        return None;
    }
    let mut bye = None;
    let mut pairs = Vec::with_capacity(vertices.len() / 2);
    for seg in segs {
        if seg.len() % 2 == 0 {
            pairs.extend(complete_pairing(f, seg, level)?);
            continue;
        }
        let mut e = edges(f, seg, level);
        let z = seg.len();
        e.extend(seg.iter().enumerate().filter(|(_, i)| is_receiver[**i]).map(|(a, _)| (a, z)));
        for (a, b) in oracle::perfect_matching(z + 1, &e)? {
            if b == z {
                bye = Some(seg[a]);
            } else {
                pairs.push((seg[a], seg[b]));
            }
        }
    }
    Some((bye?, pairs))
}

/// Whether `vertices` have a complete pairing at `level` (same answer as
/// `complete_pairing(..).is_some()`), by the fast search: an odd segment settles it, then the
/// counts ([`super::counting`]), then the blossom search ([`super::blossom`]).
pub fn feasible(f: &SwissField, vertices: &[usize], level: &Level) -> bool {
    // No pair crosses a score gap larger than D: an odd segment settles it.
    if segments(f, vertices, level).iter().any(|s| s.len() % 2 == 1) {
        return false;
    }
    let mut alive = vec![false; f.len()];
    for &v in vertices {
        alive[v] = true;
    }
    let mut g = Implicit::new(f, level, alive, None);
    // Counts that no pairing can meet settle it without a search.
    counts_admit_pairing(&g) && g.has_perfect_matching()
}

/// Whether some receiver v leaves a complete pairing of `vertices` − v (same answer as
/// `complete_pairing_some_bye(..).is_some()`), by the fast search as [`feasible`].
pub fn feasible_some_bye(
    f: &SwissField,
    vertices: &[usize],
    receivers: &[usize],
    level: &Level,
) -> bool {
    let odd = segments(f, vertices, level).iter().filter(|s| s.len() % 2 == 1).count();
    if odd != 1 {
        return false;
    }
    let mut alive = vec![false; f.len()];
    for &v in vertices {
        alive[v] = true;
    }
    let rs: Vec<usize> = receivers.iter().copied().filter(|&r| alive[r]).collect();
    let mut g = Implicit::new(f, level, alive, Some(&rs));
    counts_admit_pairing(&g) && g.has_perfect_matching()
}

/// The strictest level at which every pair of `pairs` is allowed.
pub fn published_level(f: &SwissField, pairs: &[(usize, usize)]) -> Level {
    let mut level = Level { rematches: false, streak_limit: 2, balance: true, max_diff: Some(0) };
    let mut diff = 0;
    for &(i, j) in pairs {
        if f.meetings(i, j) > 0 {
            level.rematches = true;
        }
        let a = f.alloc(i, j);
        level.streak_limit = level.streak_limit.max(a.max_streak);
        if a.max_abs_diff > 2 {
            level.balance = false;
        }
        diff = diff.max((f.points[i] - f.points[j]).abs());
    }
    level.max_diff = DIFFS.into_iter().find(|d| d.is_none_or(|d| diff <= d)).flatten();
    level
}

/// Whether the published pair {i, j} is allowed at `level` (SPEC §8.3): no rematch unless
/// it allows them, both streaks after the game within L, both colour differences within 2
/// when balance is required, the score gap within D.
fn allowed_at(f: &SwissField, i: usize, j: usize, level: &Level) -> bool {
    let a = f.alloc(i, j);
    (level.rematches || f.meetings(i, j) == 0)
        && a.max_streak <= level.streak_limit
        && (!level.balance || a.max_abs_diff <= 2)
        && level.max_diff.is_none_or(|d| (f.points[i] - f.points[j]).abs() <= d)
}

/// An earlier level of the ladder at which a complete pairing exists.
#[derive(Clone, Debug)]
pub(crate) struct EarlierLevel {
    pub(crate) level: Level,
    pub(crate) bye: Option<usize>,
    pub(crate) pairing: Vec<(usize, usize)>,
    /// True when this is the first feasible level of the ladder; false when the search for
    /// the exact first one was cut short (the level is then only known to come earlier).
    pub(crate) exact: bool,
}

/// Budget of matchings spent to locate the exact first feasible level for a witness.
const REFINE_BUDGET: usize = 400;

/// Checks that no level before `used` (with bye receiver `bye`) has a complete pairing.
/// `eligible` = eligible bye receivers, bottom first (empty for an even field).
pub(crate) fn earlier_feasible(
    f: &SwissField,
    used: &Level,
    bye: Option<usize>,
    eligible: &[usize],
) -> Option<EarlierLevel> {
    let all: Vec<usize> = (0..f.len()).filter(|&i| Some(i) != bye).collect();
    let whole: Vec<usize> = (0..f.len()).collect();
    let odd = f.len() % 2 == 1;
    let lmax = 2.max(f.max_streak() + 1);
    // Blocks of (rematches, L range, receivers) wholly before `used`, in ladder order.
    let mut blocks: Vec<(bool, u32, u32, Vec<usize>)> = Vec::new();
    if used.rematches {
        blocks.push((false, 2, lmax, eligible.to_vec()));
    }
    if used.streak_limit > 2 {
        blocks.push((used.rematches, 2, used.streak_limit - 1, eligible.to_vec()));
    }
    if odd && let Some(v) = bye {
        let before: Vec<usize> = eligible.iter().copied().take_while(|&u| u != v).collect();
        if !before.is_empty() {
            blocks.push((used.rematches, used.streak_limit, used.streak_limit, before));
        }
    }
    for (rem, lo, hi, receivers) in blocks {
        let loose = Level { rematches: rem, streak_limit: hi, balance: false, max_diff: None };
        // Decide with the fast search; only a feasible block is redone with the oracle
        // (which gives the witness).
        let feasible = if odd {
            feasible_some_bye(f, &whole, &receivers, &loose)
        } else {
            feasible(f, &whole, &loose)
        };
        if !feasible {
            continue;
        }
        let found = if odd {
            complete_pairing_some_bye(f, &whole, &receivers, &loose).map(|(v, p)| (Some(v), p))
        } else {
            complete_pairing(f, &whole, &loose).map(|p| (None, p))
        };
        if let Some((v, pairing)) = found {
            // Locate the first feasible level inside the block.
            let mut budget = REFINE_BUDGET;
            for l in lo..=hi {
                let rs: Vec<Option<usize>> =
                    if odd { receivers.iter().map(|&r| Some(r)).collect() } else { vec![None] };
                for r in rs {
                    let verts: Vec<usize> = (0..f.len()).filter(|&i| Some(i) != r).collect();
                    for balance in [true, false] {
                        for d in DIFFS {
                            if budget == 0 {
                                return Some(EarlierLevel {
                                    level: loose,
                                    bye: v,
                                    pairing,
                                    exact: false,
                                });
                            }
                            budget -= 1;
                            let level =
                                Level { rematches: rem, streak_limit: l, balance, max_diff: d };
                            if let Some(p) = complete_pairing(f, &verts, &level) {
                                return Some(EarlierLevel {
                                    level,
                                    bye: r,
                                    pairing: p,
                                    exact: true,
                                });
                            }
                        }
                    }
                }
            }
            return Some(EarlierLevel { level: loose, bye: v, pairing, exact: false });
        }
    }
    // Inside the block of `used` (same rematches, L and receiver): earlier (balance, D).
    let rank = used.inner_rank();
    for k in 0..rank {
        let level = Level {
            rematches: used.rematches,
            streak_limit: used.streak_limit,
            balance: k < 4,
            max_diff: DIFFS[k % 4],
        };
        // Only the maximal earlier levels need a matching: (yes, D_used - 1) and (yes, ∞)
        // when balance is dropped; skipping the others is safe because their graphs are
        // subgraphs, but for an exact witness each is tried in order only when a maximal
        // one is feasible.
        let maximal = if used.balance { k + 1 == rank } else { k == 3 || k + 1 == rank };
        if !maximal {
            continue;
        }
        if feasible(f, &all, &level) {
            for k2 in 0..=k {
                let l2 = Level { balance: k2 < 4, max_diff: DIFFS[k2 % 4], ..level };
                if let Some(p) = complete_pairing(f, &all, &l2) {
                    return Some(EarlierLevel { level: l2, bye, pairing: p, exact: true });
                }
            }
        }
    }
    None
}

/// Rule 8.3: no level before `used` (the level of the published pairs, with bye receiver
/// `bye`) has a complete pairing; otherwise the violation, with a witness pairing.
pub(crate) fn check(
    sf: &SwissField,
    used: &Level,
    bye: Option<usize>,
    eligible: &[usize],
    pairs: &[(usize, usize)],
) -> Option<Violation> {
    let e = earlier_feasible(sf, used, bye, eligible)?;
    // The published pairs the earlier level does not allow (a rematch, a longer streak, a
    // colour difference beyond 2, a wider score gap): the players the violation is about,
    // then the bye receivers.
    let beyond: Vec<(usize, usize)> =
        pairs.iter().copied().filter(|&(i, j)| !allowed_at(sf, i, j, &e.level)).collect();
    let mut players: Vec<bsw_model::Id> = Vec::new();
    for id in beyond
        .iter()
        .flat_map(|&(i, j)| [sf.ids[i], sf.ids[j]])
        .chain(bye.into_iter().chain(e.bye).map(|b| sf.ids[b]))
    {
        if !players.contains(&id) {
            players.push(id);
        }
    }
    let with_bye =
        |b: Option<usize>| b.map_or(String::new(), |b| format!(" with bye {}", sf.ids[b]));
    let shown: Vec<String> = beyond
        .iter()
        .map(|&(i, j)| {
            let why = if sf.meetings(i, j) > 0 { " (they met before)" } else { "" };
            format!("{}-{}{why}", sf.ids[i], sf.ids[j])
        })
        .collect();
    let needing = if shown.is_empty() {
        String::new()
    } else {
        format!("; published pairs beyond it: {}", shown.join(", "))
    };
    Some(Violation::new(
        Rule::Ladder,
        players,
        format!(
            "the published round uses level {used}{}, but a complete pairing exists at the earlier level {}{}{}{needing}",
            with_bye(bye),
            e.level,
            with_bye(e.bye),
            if e.exact { "" } else { " (or an even earlier one)" }
        ),
        Evidence::EarlierLevel {
            level_used: *used,
            bye_used: bye.map(|b| sf.ids[b]),
            earlier_level: e.level,
            earlier_bye: e.bye.map(|b| sf.ids[b]),
            first_feasible: e.exact,
            witness: sf.pairs_by_colour(&e.pairing),
        },
    ))
}

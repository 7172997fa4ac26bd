//! SPEC §8.4: which pairing at the chosen level.
//!
//! With the bye receiver set aside, repeat: p = the highest unpaired player in Swiss order;
//! give it the first opponent q of its preference list such that {p, q} is allowed at the
//! level and the players left over still have a complete pairing at the level.
//!
//! Preference list of p: its own score group G (unpaired players with p's points, Swiss
//! order, p at index 0, m = |G|, k = floor(m/2)): `G[k], …, G[m-1]`, then `G[k-1], …, G[1]`;
//! then the lower score groups, highest first, each in Swiss order. At a level allowing
//! rematches the candidates p has not played come first, then those it has played, fewest
//! meetings first (a stable sort by meetings).
//!
//! The checker replays the published pairing: for each step, every allowed candidate before
//! the published partner must leave no complete pairing of the rest (asked to the oracle).

use crate::field::SwissField;
use crate::ladder::{self, Level};

/// p's preference list among `unpaired` (field indices in Swiss order, p first).
pub fn preference_list(f: &SwissField, unpaired: &[usize], level: &Level) -> Vec<usize> {
    let p = unpaired[0];
    let g: Vec<usize> = unpaired
        .iter()
        .copied()
        .take_while(|&i| f.points[i] == f.points[p])
        .collect();
    let m = g.len();
    let k = m / 2;
    let mut list: Vec<usize> = Vec::with_capacity(unpaired.len());
    if m >= 2 {
        list.extend_from_slice(&g[k..]);
        list.extend(g[1..k].iter().rev());
    }
    list.extend(
        unpaired
            .iter()
            .copied()
            .skip(m)
            .filter(|&i| f.points[i] < f.points[p]),
    );
    if level.rematches {
        list.sort_by_key(|&q| f.meetings(p, q));
    }
    list
}

/// The players of `unpaired` (Swiss order) in p's segment: the maximal run of consecutive
/// players whose neighbouring point values differ by at most D (everyone when D is unlimited).
fn segment(f: &SwissField, unpaired: &[usize], p: usize, level: &Level) -> Vec<usize> {
    let Some(d) = level.max_diff else {
        return unpaired.to_vec();
    };
    let at = unpaired.iter().position(|&i| i == p).unwrap_or(0);
    let mut lo = at;
    while lo > 0 && f.points[unpaired[lo - 1]] - f.points[unpaired[lo]] <= d {
        lo -= 1;
    }
    let mut hi = at;
    while hi + 1 < unpaired.len() && f.points[unpaired[hi]] - f.points[unpaired[hi + 1]] <= d {
        hi += 1;
    }
    unpaired[lo..=hi].to_vec()
}

/// A step of the greedy where the published partner was not the first workable candidate.
#[derive(Clone, Debug)]
pub struct BetterCandidate {
    pub player: usize,
    pub partner: usize,
    pub candidate: usize,
    /// A complete pairing of the players left after pairing player with candidate.
    pub completion: Vec<(usize, usize)>,
}

/// Replays the greedy over the published pairing (`partner[i]` for every field player except
/// the bye receiver). Returns the first step where a better candidate existed.
pub fn replay(
    f: &SwissField,
    level: &Level,
    bye: Option<usize>,
    partner: &[Option<usize>],
) -> Option<BetterCandidate> {
    let n = f.len();
    let mut paired = vec![false; n];
    if let Some(b) = bye {
        paired[b] = true;
    }
    for p in 0..n {
        if paired[p] {
            continue;
        }
        let q_star = partner[p]?;
        let unpaired: Vec<usize> = (p..n).filter(|&i| !paired[i]).collect();
        for q in preference_list(f, &unpaired, level) {
            if q == q_star {
                break;
            }
            if !ladder::allowed(f, p, q, level) {
                continue;
            }
            // Only p's segment needs a matching: with a finite D, players whose points are
            // separated by a gap larger than D (in Swiss order) share no edge, and outside
            // p's segment the published pairing already pairs everyone (none of its pairs
            // crosses such a gap).
            let seg = segment(f, &unpaired, p, level);
            let rest: Vec<usize> = seg.iter().copied().filter(|&i| i != p && i != q).collect();
            if let Some(mut completion) = ladder::complete_pairing(f, &rest, level) {
                for &i in &unpaired {
                    match partner[i] {
                        Some(j) if i < j && !seg.contains(&i) => completion.push((i, j)),
                        _ => {}
                    }
                }
                return Some(BetterCandidate {
                    player: p,
                    partner: q_star,
                    candidate: q,
                    completion,
                });
            }
        }
        paired[p] = true;
        paired[q_star] = true;
    }
    None
}

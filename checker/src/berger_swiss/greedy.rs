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
//! the published partner must leave no complete pairing of the rest.
//!
//! How that is decided fast: at p's step the published pairs among the unpaired players form
//! a perfect matching M of the allowed graph, so in that graph less p, the published partner
//! q* is the only exposed player, and "less p and q, the rest has a complete pairing" holds
//! iff q is reachable from q* by an even M-alternating path (Gallai-Edmonds), i.e. q is outer
//! after one failed blossom search from q* ([`super::blossom`]). A step whose allowed
//! candidates all come after q* needs no search. A step where some earlier candidate is outer
//! is redone with the oracle, which builds the report's evidence.

use super::blossom::Implicit;
use super::counting::Counting;
use super::field::SwissField;
use super::ladder;
use super::level::Level;
use crate::HashMap;
use crate::HashMapExt as _;
use crate::report::{Evidence, Rule, Violation};

/// p's preference list among `unpaired` (field indices in Swiss order, p first).
pub fn preference_list(f: &SwissField, unpaired: &[usize], level: &Level) -> Vec<usize> {
    let p = unpaired[0];
    let g: Vec<usize> =
        unpaired.iter().copied().take_while(|&i| f.points[i] == f.points[p]).collect();
    let m = g.len();
    let k = m / 2;
    let mut list: Vec<usize> = Vec::with_capacity(unpaired.len());
    if m >= 2 {
        list.extend_from_slice(&g[k..]);
        list.extend(g[1..k].iter().rev());
    }
    list.extend(unpaired.iter().copied().skip(m).filter(|&i| f.points[i] < f.points[p]));
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

/// The unpaired players by field index, for ranks and the r-th unpaired one: one bit per
/// player in 64-bit words, and per run of 64 words the number of bits set (ranks by
/// population counts, not a prefix-sum tree).
struct Unpaired {
    words: Vec<u64>,
    /// `ones[g]`: bits set in `words[64 g .. 64 g + 64]`.
    ones: Vec<usize>,
}

/// Words per counted run.
const RUN_WORDS: usize = 64;

impl Unpaired {
    fn new(flags: &[bool]) -> Unpaired {
        let mut words = vec![0u64; flags.len().div_ceil(64)];
        for (i, _) in flags.iter().enumerate().filter(|(_, f)| **f) {
            words[i / 64] |= 1 << (i % 64);
        }
        let ones = words
            .chunks(RUN_WORDS)
            .map(|c| c.iter().map(|w| w.count_ones() as usize).sum())
            .collect();
        Unpaired { words, ones }
    }

    fn remove(&mut self, i: usize) {
        let bit = 1u64 << (i % 64);
        if self.words[i / 64] & bit != 0 {
            self.words[i / 64] &= !bit;
            self.ones[i / 64 / RUN_WORDS] -= 1;
        }
    }

    /// Unpaired players with index < i.
    fn before(&self, i: usize) -> usize {
        let (word, run) = (i / 64, i / 64 / RUN_WORDS);
        let whole_runs: usize = self.ones[..run].iter().sum();
        let whole_words: usize =
            self.words[run * RUN_WORDS..word].iter().map(|w| w.count_ones() as usize).sum();
        let partial = match self.words.get(word) {
            Some(w) if !i.is_multiple_of(64) => {
                (w & (u64::MAX >> (64 - i % 64))).count_ones() as usize
            }
            _ => 0,
        };
        whole_runs + whole_words + partial
    }

    /// The field index of the r-th unpaired player (0-based), if any.
    fn kth(&self, r: usize) -> Option<usize> {
        let mut left = r;
        let run = self.ones.iter().position(|&c| {
            let here = left < c;
            if !here {
                left -= c;
            }
            here
        })?;
        for (k, &w) in self.words[run * RUN_WORDS..].iter().enumerate() {
            let c = w.count_ones() as usize;
            if left < c {
                // Drop the `left` lowest bits set: the next one is the player.
                let mut rest = w;
                for _ in 0..left {
                    rest &= rest - 1;
                }
                return Some((run * RUN_WORDS + k) * 64 + rest.trailing_zeros() as usize);
            }
            left -= c;
        }
        None
    }
}

/// Skip pointers to the next unpaired player (paths compressed for good: players only ever
/// get paired).
struct NextUnpaired {
    nxt: Vec<usize>,
}

impl NextUnpaired {
    fn new(unpaired: &[bool]) -> NextUnpaired {
        let n = unpaired.len();
        let nxt = (0..=n).map(|i| if i < n && !unpaired[i] { i + 1 } else { i }).collect();
        NextUnpaired { nxt }
    }

    fn remove(&mut self, i: usize) {
        self.nxt[i] = i + 1;
    }

    /// The first unpaired player >= i (n = none).
    fn next(&mut self, i: usize) -> usize {
        skip_chain_end(&mut self.nxt, i, |_, _| {})
    }
}

/// The end r of the skip-pointer chain from `k` in `nxt` (`nxt[r] == r`), with the path
/// compressed: every pointer on it is set to r, `changed(i, old)` told of each before.
pub(crate) fn skip_chain_end(
    nxt: &mut [usize],
    k: usize,
    mut changed: impl FnMut(usize, usize),
) -> usize {
    let mut r = k;
    while nxt[r] != r {
        r = nxt[r];
    }
    let mut i = k;
    while nxt[i] != r {
        let t = nxt[i];
        changed(i, t);
        nxt[i] = r;
        i = t;
    }
    r
}

/// The allowed candidates that come before q* in p's preference list (p = the highest
/// unpaired player), in list order, among those that `keep` accepts.
#[allow(clippy::too_many_arguments)]
fn allowed_before(
    f: &SwissField,
    level: &Level,
    g: &Implicit,
    un: &Unpaired,
    skip: &mut NextUnpaired,
    paired: &[bool],
    p: usize,
    q_star: usize,
    keep: impl Fn(usize) -> bool,
) -> Vec<usize> {
    let n = f.len();
    if level.rematches && f.meetings(p, q_star) > 0 {
        // Rare: build the whole list as the SPEC states it.
        let unpaired: Vec<usize> = (p..n).filter(|&i| !paired[i]).collect();
        return preference_list(f, &unpaired, level)
            .into_iter()
            .take_while(|&q| q != q_star)
            .filter(|&q| keep(q) && ladder::allowed(f, p, q, level))
            .collect();
    }
    // Here the candidates before q* are, in the unsorted list order, those before q* (when
    // rematches are allowed, only the ones p has not met: q* itself is unmet).
    let pts = f.points[p];
    let gend = f.points.partition_point(|&x| x >= pts);
    let r0 = un.before(p);
    let m = un.before(gend) - r0;
    let k = m / 2;
    let mut out = Vec::new();
    // Whether the list goes on after q.
    let take = |q: usize, out: &mut Vec<usize>| -> bool {
        if q == q_star {
            return false;
        }
        if !(level.rematches && f.meetings(p, q) > 0) && keep(q) && g.pair_ok(p, q) {
            out.push(q);
        }
        true
    };
    if m >= 2 {
        // G[k], …, G[m-1]: the unpaired players from G[k] to the end of the group.
        let mut q = un.kth(r0 + k).unwrap_or(n);
        while q < gend {
            if !take(q, &mut out) {
                return out;
            }
            q = skip.next(q + 1);
        }
        // G[k-1], …, G[1].
        for j in (1..k).rev() {
            let q = un.kth(r0 + j).unwrap_or(n);
            if !take(q, &mut out) {
                return out;
            }
        }
    }
    // The lower groups, in Swiss order.
    let mut q = skip.next(gend);
    while q < n {
        if !take(q, &mut out) {
            return out;
        }
        q = skip.next(q + 1);
    }
    out
}

/// The candidates that come before q* in the preference list of p (the highest unpaired
/// player; rematches aside): the unpaired players with field index in `lo..hi` (p excluded).
/// With G = p's score group among the unpaired (m players, G\[0\] = p, k = m/2) and the list
/// G[k..m-1], G[k-1..1], then the lower groups: q* outside G leaves everyone between p and
/// q*; q* = G\[j\] with j >= k leaves G[k..j-1]; with j < k, G[k..m-1] and G[j+1..k-1], i.e.
/// G[j+1..m-1].
fn candidates_before(f: &SwissField, un: &Unpaired, p: usize, q_star: usize) -> (usize, usize) {
    let n = f.len();
    let gend = f.points.partition_point(|&x| x >= f.points[p]);
    if q_star >= gend {
        return (p + 1, q_star);
    }
    let r0 = un.before(p);
    let m = un.before(gend) - r0;
    let k = m / 2;
    let j = un.before(q_star) - r0;
    if j >= k {
        (un.kth(r0 + k).unwrap_or(n), q_star)
    } else {
        (un.kth(r0 + j + 1).unwrap_or(n), gend)
    }
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
    let mut paired = only_the_bye(n, bye);
    // The fast path needs the published pairs among the field to be a perfect matching of
    // allowed pairs (a sound round); anything else is replayed with the oracle throughout.
    if !perfect_matching_of_allowed_pairs(f, level, &paired, partner) {
        return replay_oracle(f, level, partner, paired);
    }
    let alive: Vec<bool> = paired.iter().map(|&x| !x).collect();
    let mut un = Unpaired::new(&alive);
    let mut skip = NextUnpaired::new(&alive);
    let mut g = Implicit::new(f, level, alive.clone(), None);
    for i in 0..n {
        if !paired[i]
            && let Some(j) = partner[i]
        {
            g.mate[i] = j;
        }
    }
    // The counting filter ([`super::counting`]): a step whose every earlier candidate it
    // rules out needs no search. Verdicts per candidate bucket, stamped by step.
    let mut counting = Counting::new(&g, &alive);
    let mut verdicts = BucketVerdicts::new(g.bucket_count());
    // An earlier search, for reuse: (its player s, the clock then, its outer set). Let G be
    // the graph of s's step. If every neighbour of s in G (p aside) is a neighbour of p, then
    // for q adjacent to both, a complete pairing of G with {p, q} and {s, r} gives one with
    // {s, q} and {p, r}: {p, q} usable in G implies q was outer for s. Complete pairings of
    // later graphs extend (by published pairs) to complete pairings of G, so a candidate q
    // adjacent to s in G and not outer for s cannot work for p now. (Exact twins are the
    // common case.)
    // One such reference per bucket (colour class, points): the last search made there.
    let mut last: HashMap<usize, (usize, usize, Vec<usize>)> = HashMap::new();
    let mut killed_at = vec![usize::MAX; n];
    if let Some(b) = bye {
        killed_at[b] = 0; // never in the graph
    }
    let mut clock = 0usize;
    for p in 0..n {
        if paired[p] {
            continue;
        }
        let q_star = partner[p]?;
        let reference = last
            .get(&g.bucket_of(p))
            .filter(|(s, at, _)| covers(f, level, &g, &killed_at, *s, p, *at))
            .map(|(s, _, outer)| (*s, outer));
        // Same colours and scores: q (allowed with p) is adjacent to s unless they met.
        let keep = |q: usize| {
            reference.is_none_or(|(s, o)| {
                o.binary_search(&q).is_ok() || (!level.rematches && f.meetings(s, q) > 0)
            })
        };
        let before = earlier_candidates(
            f,
            level,
            &mut g,
            (&un, &mut skip, &paired),
            (&mut counting, &mut verdicts),
            (p, q_star),
            keep,
        );
        if !before.is_empty() {
            g.kill(p);
            let saved = g.mate[q_star];
            g.mate[q_star] = usize::MAX;
            let augmented = g.search(q_star);
            let hit = augmented || before.iter().any(|&q| g.is_outer(q));
            if !hit {
                clock += 1;
                let mut outer = g.outer_players();
                outer.sort_unstable();
                last.insert(g.bucket_of(p), (p, clock, outer));
            }
            g.clear();
            if hit {
                // Redo the step with the oracle for the report (as the checker always did).
                let unpaired: Vec<usize> = (p..n).filter(|&i| !paired[i]).collect();
                if let Some(bc) = oracle_step(f, level, &unpaired, partner, q_star) {
                    return Some(bc);
                }
                if augmented {
                    // The published pairing was not a perfect matching of the rest (cannot
                    // happen for a sound round): fall back to the oracle for every step.
                    return replay_oracle(f, level, partner, only_the_bye(n, bye));
                }
            }
            g.mate[q_star] = saved;
        }
        paired[p] = true;
        paired[q_star] = true;
        if let Some(c) = &mut counting {
            c.pair(g.bucket_of(p), g.bucket_of(q_star));
        }
        g.kill(p);
        killed_at[p] = clock;
        if q_star < n {
            g.kill(q_star);
            killed_at[q_star] = clock;
        }
        un.remove(p);
        skip.remove(p);
        if q_star != p && q_star < n {
            un.remove(q_star);
            skip.remove(q_star);
        }
    }
    None
}

/// Whether the published pairs among the unpaired players (`partner`) are a perfect
/// matching of pairs allowed at `level`.
fn perfect_matching_of_allowed_pairs(
    f: &SwissField,
    level: &Level,
    paired: &[bool],
    partner: &[Option<usize>],
) -> bool {
    let n = f.len();
    (0..n).filter(|&i| !paired[i]).all(|i| match partner[i] {
        Some(j) => {
            j < n
                && j != i
                && !paired[j]
                && partner[j] == Some(i)
                && ladder::allowed(f, i, j, level)
        }
        None => false,
    })
}

/// The counting filter's verdict per candidate bucket for the player of the current step:
/// asked once per step and bucket (stamped by the player).
struct BucketVerdicts {
    at: Vec<usize>,
    ok: Vec<bool>,
}

impl BucketVerdicts {
    fn new(buckets: usize) -> BucketVerdicts {
        BucketVerdicts { at: vec![usize::MAX; buckets], ok: vec![false; buckets] }
    }

    /// Whether the counts let player p (of bucket `bp`) be paired with one of bucket `b`.
    fn may_pair(&mut self, c: &mut Counting, p: usize, bp: usize, b: usize) -> bool {
        if self.at[b] != p {
            self.at[b] = p;
            self.ok[b] = c.may_pair(bp, b);
        }
        self.ok[b]
    }
}

/// The allowed candidates before q* in p's preference list (`keep`: not ruled out by an
/// earlier search) that the counting filter, when there is one, does not rule out: the
/// candidates the step's search must look at.
fn earlier_candidates(
    f: &SwissField,
    level: &Level,
    g: &mut Implicit,
    (un, skip, paired): (&Unpaired, &mut NextUnpaired, &[bool]),
    (counting, verdicts): (&mut Option<Counting>, &mut BucketVerdicts),
    (p, q_star): (usize, usize),
    keep: impl Fn(usize) -> bool,
) -> Vec<usize> {
    // First, bucket by bucket: is there an allowed candidate before q* that the counting
    // filter does not rule out? If not, the step needs nothing more.
    let ruled_out = match counting {
        Some(c) if !(level.rematches && f.meetings(p, q_star) > 0) => {
            let (lo, hi) = candidates_before(f, un, p, q_star);
            let bp = g.bucket_of(p);
            !g.any_candidate_bucket(p, lo, hi, |b| verdicts.may_pair(c, p, bp, b))
        }
        _ => false,
    };
    if ruled_out {
        Vec::new()
    } else if let Some(c) =
        counting.as_mut().filter(|_| !(level.rematches && f.meetings(p, q_star) > 0))
    {
        // The allowed candidates before q*, bucket by bucket, leaving out the buckets the
        // counting filter rules out: a candidate there cannot leave a complete pairing,
        // so it cannot be outer below, and the answer is the same. (q* unmet by p: the
        // list before q* is the index range of `candidates_before`, less, at a rematch
        // level, the players p has met.)
        let (lo, hi) = candidates_before(f, un, p, q_star);
        let bp = g.bucket_of(p);
        g.candidates_in(
            p,
            lo,
            hi,
            |b| verdicts.may_pair(c, p, bp, b),
            |q| !(level.rematches && f.meetings(p, q) > 0) && keep(q),
        )
    } else {
        allowed_before(f, level, g, un, skip, paired, p, q_star, keep)
    }
}

/// Whether, in the graph of the search stamped `at` (s's step, where s was the player to
/// pair, p still unpaired), every neighbour of s but p was a neighbour of p: same colours and
/// scores, and every player p met was already paired then, or met by s too, or ruled out for
/// both by colours or scores.
fn covers(
    f: &SwissField,
    level: &Level,
    g: &Implicit,
    killed_at: &[usize],
    s: usize,
    p: usize,
    at: usize,
) -> bool {
    if !g.same_colours_and_scores(s, p) {
        return false;
    }
    if level.rematches {
        return true;
    }
    f.met[p].iter().all(|&(w, _)| {
        // killed_at < at: paired before s's search (s itself was killed at `at`).
        w == s || killed_at[w] < at || f.meetings(s, w) > 0 || !g.colours_and_scores_ok(s, w)
    })
}

/// The step of p = `unpaired[0]` decided with the oracle: the first allowed candidate before
/// q* whose removal leaves a complete pairing of the rest.
fn oracle_step(
    f: &SwissField,
    level: &Level,
    unpaired: &[usize],
    partner: &[Option<usize>],
    q_star: usize,
) -> Option<BetterCandidate> {
    let p = unpaired[0];
    for q in preference_list(f, unpaired, level) {
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
        let seg = segment(f, unpaired, p, level);
        let rest: Vec<usize> = seg.iter().copied().filter(|&i| i != p && i != q).collect();
        if let Some(mut completion) = ladder::complete_pairing(f, &rest, level) {
            for &i in unpaired {
                match partner[i] {
                    Some(j) if i < j && !seg.contains(&i) => completion.push((i, j)),
                    _ => {}
                }
            }
            return Some(BetterCandidate { player: p, partner: q_star, candidate: q, completion });
        }
    }
    None
}

/// The players out of the greedy's steps from the start: the bye receiver.
pub fn only_the_bye(n: usize, bye: Option<usize>) -> Vec<bool> {
    let mut out = vec![false; n];
    if let Some(b) = bye {
        out[b] = true;
    }
    out
}

/// The replay with the oracle at every step (the reference for tests; slow on big fields),
/// from `paired`, the players out of the greedy from the start ([`only_the_bye`]).
pub fn replay_oracle(
    f: &SwissField,
    level: &Level,
    partner: &[Option<usize>],
    mut paired: Vec<bool>,
) -> Option<BetterCandidate> {
    let n = f.len();
    for p in 0..n {
        if paired[p] {
            continue;
        }
        let q_star = partner[p]?;
        let unpaired: Vec<usize> = (p..n).filter(|&i| !paired[i]).collect();
        if let Some(bc) = oracle_step(f, level, &unpaired, partner, q_star) {
            return Some(bc);
        }
        paired[p] = true;
        paired[q_star] = true;
    }
    None
}

/// Rule 8.4: every greedy step at `level` took the first workable candidate of its player's
/// preference list (`partner`: the published partners, field indices).
pub(crate) fn check(
    sf: &SwissField,
    level: &Level,
    bye: Option<usize>,
    partner: &[Option<usize>],
) -> Option<Violation> {
    let bc = replay(sf, level, bye, partner)?;
    let (p, q, c) = (sf.ids[bc.player], sf.ids[bc.partner], sf.ids[bc.candidate]);
    Some(Violation::new(
        Rule::Greedy,
        vec![p, q, c],
        format!(
            "at level {level}, {p} was paired with {q}, but the earlier candidate {c} in its preference list is allowed and leaves a complete pairing of the rest"
        ),
        Evidence::BetterCandidate {
            level: *level,
            player: p,
            published_partner: q,
            better_candidate: c,
            better_pair: sf.pairs_by_colour(&[(bc.player, bc.candidate)])[0],
            completion: sf.pairs_by_colour(&bc.completion),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::Unpaired;

    /// Ranks and r-th players against a plain count, over sizes around the word and run
    /// boundaries, while players are removed.
    #[test]
    fn unpaired_ranks_match_a_plain_count() {
        for n in [0, 1, 63, 64, 65, 200, 4096, 4097, 9000] {
            let mut flags: Vec<bool> = (0..n).map(|i| (i * 7 + 3) % 5 != 0).collect();
            let mut un = Unpaired::new(&flags);
            for step in 0..4 {
                for i in (0..=n).step_by(13) {
                    assert_eq!(un.before(i), flags[..i].iter().filter(|&&f| f).count(), "n {n}");
                }
                let set: Vec<usize> = (0..n).filter(|&i| flags[i]).collect();
                for r in (0..set.len() + 2).step_by(11) {
                    assert_eq!(un.kth(r), set.get(r).copied(), "n {n} r {r}");
                }
                for i in (step..n).step_by(3) {
                    un.remove(i);
                    flags[i] = false;
                }
            }
        }
    }
}

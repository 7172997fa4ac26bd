//! 4.2 without a matching: whether any bracket pairing as good as the published one has an
//! earlier transposition, decided by alternating cycles when the remainder is paired
//! completely, without exchange ([`none_earlier`]); the stages ([`super::stages`]) decide
//! every other case, and this one whenever a cycle is found.
//!
//! The remainder holds `2 N1` players, S1 its first `N1` by BSN, each paired with an S2
//! player. A pairing as good as the published one uses only tight edges of the relaxation
//! (`solve::tight_window`), and one that is not later on the exchanges pairs every S1 player
//! with an S2 player too (N1 pairs none inside S2, over `2 N1` players), inside the
//! remainder: its remainder pairs are a perfect matching of the bipartite graph H of tight
//! S1-S2 edges. (Not every such matching is as good: the relaxation's blossoms and the
//! rest of the field may forbid some. H is a superset, so "none earlier in H" is a proof.)
//!
//! Two perfect matchings of H differ by alternating cycles. One (`M'`) is earlier than the
//! published one (`M`) when, at the first slot `t` where they differ, `M'` gives `t` an S2
//! player of smaller BSN. The cycle of `M ⊕ M'` through `t` holds only slots `≥ t` (the
//! slots before keep their partners), and `M` with that cycle exchanged is earlier too. In
//! the digraph D on slots with an arc `a → b` when `a` may take `b`'s published partner
//! (`a` and `p(b)` joined in H), such a cycle is a directed cycle through `t` whose slots
//! are all `≥ t`, leaving `t` by an *improving* arc (`p(b) < p(t)`). So `M` is the earliest
//! perfect matching of H exactly when, for every slot `t`, no improving successor of `t`
//! reaches `t` in D restricted to the slots `> t` and `t`: one search per slot that has an
//! improving arc, on bit sets of slots.

/// The most slots decided here (D is held as an `N1 × N1` bit matrix: 50 MB at 20,000).
const MAX_SLOTS: usize = 20_000;

/// The most words of bit sets the searches may visit before leaving the case to the
/// stages (about a second's work).
const MAX_WORDS: u64 = 2_000_000_000;

/// Whether no perfect matching of H (see the module doc) is earlier than the published one:
/// `true` is a proof that the remainder's pairing is the earliest of the equally good ones,
/// `false` means an earlier perfect matching of H exists (or the case is too large to
/// decide here). Slots are `0..n1` (S1 by BSN), S2 players BSNs `n1..2 n1`; `partner[t]`
/// is slot `t`'s published partner; `tight[t]` lists the S2 players joined to slot `t` in
/// H; `improving[t]` the S2 players of H joined to `t`, before `p(t)`, that no slot before
/// `t` takes (ascending; empty: `t` cannot be earlier).
pub(super) fn none_earlier(
    n1: usize,
    partner: &[usize],
    tight: &[Vec<usize>],
    improving: &[Vec<usize>],
) -> bool {
    if n1 > MAX_SLOTS || partner.len() != n1 || tight.len() < n1 || improving.len() < n1 {
        return false;
    }
    // The slot whose published partner each S2 player is.
    let mut slot_of = vec![usize::MAX; 2 * n1];
    for (t, &j) in partner.iter().enumerate() {
        if j < 2 * n1 {
            slot_of[j] = t;
        }
    }
    let words = n1.div_ceil(64);
    // D: row `a` holds bit `b` for each arc `a → b`.
    let mut arcs = vec![0u64; n1 * words];
    for a in 0..n1 {
        for &j in &tight[a] {
            let b = slot_of.get(j).copied().unwrap_or(usize::MAX);
            if b == usize::MAX {
                // H holds an S2 player that no slot has: not a complete remainder.
                return false;
            }
            if b != a {
                arcs[a * words + b / 64] |= 1 << (b % 64);
            }
        }
    }
    let row = |a: usize| &arcs[a * words..(a + 1) * words];
    let mut budget = MAX_WORDS;
    let mut seen = vec![0u64; words];
    let mut stack: Vec<usize> = Vec::new();
    for t in 0..n1 {
        if improving[t].is_empty() {
            continue;
        }
        // From the improving successors of `t`, through slots `> t`: is `t` reached?
        seen.iter_mut().for_each(|w| *w = 0);
        stack.clear();
        for &j in &improving[t] {
            let b = slot_of[j];
            if b <= t {
                return false; // not a slot after `t`: the lists do not describe H
            }
            if seen[b / 64] & (1 << (b % 64)) == 0 {
                seen[b / 64] |= 1 << (b % 64);
                stack.push(b);
            }
        }
        let first = t / 64;
        while let Some(v) = stack.pop() {
            let out = row(v);
            if out[t / 64] & (1 << (t % 64)) != 0 {
                return false;
            }
            budget = budget.saturating_sub((words - first) as u64);
            if budget == 0 {
                return false;
            }
            for w in first..words {
                let mut new = out[w] & !seen[w];
                if w == first {
                    // Only slots after `t`.
                    new &= u64::MAX.checked_shl((t % 64) as u32 + 1).unwrap_or(0);
                }
                seen[w] |= new;
                while new != 0 {
                    let bit = new.trailing_zeros() as usize;
                    new &= new - 1;
                    stack.push(w * 64 + bit);
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift64*).
    fn next(state: &mut u64) -> u64 {
        *state ^= *state >> 12;
        *state ^= *state << 25;
        *state ^= *state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// The improving lists of the published matching `partner` in H (`tight`), as the
    /// remainder check builds them: per slot the S2 players of H before its partner that no
    /// slot before takes.
    fn improving(partner: &[usize], tight: &[Vec<usize>]) -> Vec<Vec<usize>> {
        let mut taken = vec![false; 2 * partner.len()];
        let mut out = Vec::new();
        for (t, &p) in partner.iter().enumerate() {
            let mut list: Vec<usize> =
                tight[t].iter().copied().filter(|&c| c < p && !taken[c]).collect();
            list.sort_unstable();
            out.push(list);
            taken[p] = true;
        }
        out
    }

    /// Whether some perfect matching of H is earlier than `partner`, by enumerating every
    /// perfect matching (slots in order, each partner of H not yet taken).
    fn earlier_exists(partner: &[usize], tight: &[Vec<usize>]) -> bool {
        fn go(
            t: usize,
            partner: &[usize],
            tight: &[Vec<usize>],
            taken: &mut Vec<bool>,
            mine: &mut Vec<usize>,
        ) -> bool {
            if t == partner.len() {
                return mine.as_slice() < partner;
            }
            for &c in &tight[t] {
                if !taken[c] {
                    taken[c] = true;
                    mine.push(c);
                    let found = go(t + 1, partner, tight, taken, mine);
                    mine.pop();
                    taken[c] = false;
                    if found {
                        return true;
                    }
                }
            }
            false
        }
        let n1 = partner.len();
        go(0, partner, tight, &mut vec![false; 2 * n1], &mut Vec::new())
    }

    /// Four slots whose published partners are each slot's latest choice: slot 0 may take
    /// 4 (slot 1's), and slot 1 then 5 (slot 2's) ... The cycle 0 → 1 → 2 → 0 is earlier
    /// (0 takes 4, 1 takes 5, 2 takes 6); without the arc 2 → 0 (2 and 6 not joined),
    /// no earlier perfect matching exists, though slot 0 has an earlier partner in H.
    #[test]
    fn a_cycle_through_later_slots_is_an_earlier_transposition() {
        let partner = vec![6, 4, 5, 7];
        let with_cycle = vec![vec![4, 6], vec![4, 5], vec![5, 6], vec![7]];
        assert!(!none_earlier(4, &partner, &with_cycle, &improving(&partner, &with_cycle)));
        let without = vec![vec![4, 6], vec![4, 5], vec![5], vec![7]];
        let imp = improving(&partner, &without);
        assert_eq!(imp[0], vec![4], "slot 0 has an earlier partner in H");
        assert!(none_earlier(4, &partner, &without, &imp));
    }

    /// A cycle through a slot before `t` does not make `t` earlier: slot 1 may take 2 (slot
    /// 0's) and slot 0 may take 3 (slot 1's), but that exchange gives slot 0 a later partner.
    #[test]
    fn a_cycle_through_an_earlier_slot_does_not_count() {
        let partner = vec![2, 3];
        let tight = vec![vec![2, 3], vec![2, 3]];
        let imp = improving(&partner, &tight);
        assert!(imp.iter().all(Vec::is_empty), "2 is taken by slot 0 before slot 1");
        assert!(none_earlier(2, &partner, &tight, &imp));
        // The published pairing 0-3, 1-2 is later: 0-2, 1-3 comes first.
        let later = vec![3, 2];
        assert!(!none_earlier(2, &later, &tight, &improving(&later, &tight)));
    }

    /// The decision agrees with enumerating every perfect matching, on 3,000 random
    /// bipartite graphs of 1-7 slots holding the published matching.
    #[test]
    fn agrees_with_enumeration_on_random_graphs() {
        let mut state = 11u64;
        let (mut proved, mut refuted) = (0, 0);
        for case in 0..3000 {
            let n1 = 1 + (next(&mut state) % 7) as usize;
            // A random published matching of slots to S2 players n1..2 n1.
            let mut partner: Vec<usize> = (n1..2 * n1).collect();
            for k in (1..n1).rev() {
                partner.swap(k, (next(&mut state) % (k as u64 + 1)) as usize);
            }
            let density = 20 + next(&mut state) % 70;
            let tight: Vec<Vec<usize>> = (0..n1)
                .map(|t| {
                    (n1..2 * n1)
                        .filter(|&j| j == partner[t] || next(&mut state) % 100 < density)
                        .collect()
                })
                .collect();
            let decided = none_earlier(n1, &partner, &tight, &improving(&partner, &tight));
            assert_eq!(
                decided,
                !earlier_exists(&partner, &tight),
                "case {case}: {partner:?} {tight:?}"
            );
            if decided {
                proved += 1;
            } else {
                refuted += 1;
            }
        }
        assert!(proved > 500 && refuted > 500, "{proved} proved, {refuted} refuted");
    }
}

//! 4.2 without a matching: whether any bracket pairing as good as the published one has an
//! earlier transposition, decided by alternating cycles when the remainder is published
//! without exchange ([`none_earlier`]); the stages ([`super::stages`]) decide every other
//! case, and this one whenever a cycle is found.
//!
//! The remainder's S1 (slots `0..N1`, by BSN) is paired with S2 players; the S2 players
//! left over (`n - 2 N1`, often one) float. A pairing as good as the published one uses
//! only tight edges of the relaxation (`solve::tight_window`), and one that is not later on
//! the exchanges pairs every S1 player with an S2 player too (N1 pairs none inside S2) inside
//! the remainder: a matching of the bipartite graph H of tight S1-S2 edges covering S1. An
//! S2 player left over that the published pairing pairs must then leave the remainder:
//! through a tight edge to a player outside it (or the PAB vertex), or unpaired, which the
//! window's certificate allows only for some players ("may leave"). Pairings of H covering
//! S1 that leave over only floaters and players that may leave are a superset of the
//! equally good ones (the blossoms of the certificate and the rest of the field may forbid
//! some), so "none earlier among them" is a proof.
//!
//! Such a pairing `M'` is earlier than the published one `M` when, at the first slot `t`
//! where they differ, `M'` gives `t` an S2 player of smaller BSN. `M ⊕ M'` is made of
//! alternating cycles and of paths from a floater (taken by a slot) to a published partner
//! that `M'` leaves over; none holds a slot before `t`. In the digraph D on the slots and
//! one node `X` for the floaters, with arcs `a → b` when slot `a` may take `b`'s published
//! partner `p(b)` (joined in H), `a → X` when `a` is joined to a floater, and `X → c` when
//! `p(c)` may leave, each cycle and each path closed through `X` is a directed cycle. So
//! when no slot `t` has an *improving* successor (`b` with `p(b) < p(t)`, or `X` through a
//! floater before `p(t)`) that reaches `t` through slots after `t` and `X`, no pairing of
//! the superset is earlier. Without floaters the converse holds too (a cycle through slots
//! `≥ t` exchanged gives an earlier perfect matching of H): then the search is exact on H.
//! One search per slot that has an improving arc, on bit sets of slots.

/// The most slots decided here (D is held as an `N1 × N1` bit matrix: 50 MB at 20,000).
const MAX_SLOTS: usize = 20_000;

/// The most words of bit sets the searches may visit before leaving the case to the
/// stages (about a second's work).
const MAX_WORDS: u64 = 2_000_000_000;

/// No slot: the S2 player floats in the published pairing.
const FLOATS: usize = usize::MAX;

/// Whether no pairing of the superset (see the module doc) is earlier than the published
/// one: `true` is a proof that the remainder's pairing comes first among the equally good
/// ones; `false` means that a cycle was found (or the case is too large to decide here).
/// Slots are `0..n1` (S1 by BSN), S2 players the BSNs `n1..n`, `n = leave.len()`;
/// `partner[t]` is slot `t`'s published partner; `tight[t]` lists the S2 players joined to
/// slot `t` in H; `improving[t]` the S2 players of H joined to `t`, before `p(t)`, that no
/// slot before `t` takes (ascending; empty: `t` cannot be earlier); `leave[j]`: player `j`
/// may leave the remainder.
pub(super) fn none_earlier(
    n1: usize,
    partner: &[usize],
    tight: &[Vec<usize>],
    improving: &[Vec<usize>],
    leave: &[bool],
) -> bool {
    let n = leave.len();
    if n1 > MAX_SLOTS
        || n < 2 * n1
        || partner.len() != n1
        || tight.len() < n1
        || improving.len() < n1
    {
        return false;
    }
    // The slot whose published partner each S2 player is (`FLOATS`: none, it floats).
    let mut slot_of = vec![FLOATS; n];
    for (t, &j) in partner.iter().enumerate() {
        if j < n1 || j >= n {
            return false;
        }
        slot_of[j] = t;
    }
    // Bit `n1` stands for every floater (see the module doc).
    let floater = n1;
    let words = (n1 + 1).div_ceil(64);
    // D: row `a` holds bit `b` for each arc `a → b`; row `n1`, the floaters' excursions.
    let mut arcs = vec![0u64; (n1 + 1) * words];
    let mut arc = |a: usize, b: usize| arcs[a * words + b / 64] |= 1 << (b % 64);
    for a in 0..n1 {
        for &j in &tight[a] {
            match slot_of.get(j) {
                Some(&FLOATS) if j >= n1 => arc(a, floater),
                Some(&b) if b != FLOATS => {
                    if b != a {
                        arc(a, b);
                    }
                }
                // Not an S2 player: the lists do not describe H.
                _ => return false,
            }
        }
    }
    for (c, &j) in partner.iter().enumerate() {
        if leave[j] {
            arc(floater, c);
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
            let b = match slot_of.get(j) {
                Some(&FLOATS) if j >= n1 => floater,
                Some(&b) if b > t => b,
                // Not a slot after `t`: the lists do not describe H.
                _ => return false,
            };
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
    /// slot before takes (`n` players in the remainder).
    fn improving(partner: &[usize], tight: &[Vec<usize>], n: usize) -> Vec<Vec<usize>> {
        let mut taken = vec![false; n];
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

    /// Whether some pairing of every slot with an S2 player of H is earlier than `partner`
    /// and leaves unpaired only published floaters or players that may leave (`leave`), by
    /// enumerating every such pairing (slots in order, each partner of H not yet taken).
    fn earlier_exists(partner: &[usize], tight: &[Vec<usize>], leave: &[bool]) -> bool {
        let n1 = partner.len();
        let published: Vec<bool> = (0..leave.len()).map(|j| partner.contains(&j)).collect();
        let mut taken = vec![false; leave.len()];
        let mut mine = Vec::new();
        let mut stack = vec![0usize];
        // Depth-first over the slots: `stack[t]` is the next choice of slot `t` to try.
        while let Some(&at) = stack.last() {
            let t = stack.len() - 1;
            if t == n1 {
                let left_ok = (n1..leave.len()).all(|j| taken[j] || !published[j] || leave[j]);
                if left_ok && mine.as_slice() < partner {
                    return true;
                }
                stack.pop();
                if let Some(c) = mine.pop() {
                    taken[c] = false;
                }
                continue;
            }
            match tight[t].iter().skip(at).position(|&c| !taken[c]) {
                Some(k) => {
                    let c = tight[t][at + k];
                    *stack.last_mut().unwrap() = at + k + 1;
                    taken[c] = true;
                    mine.push(c);
                    stack.push(0);
                }
                None => {
                    stack.pop();
                    if let Some(c) = mine.pop() {
                        taken[c] = false;
                    }
                }
            }
        }
        false
    }

    /// Four slots whose published partners are each slot's latest choice: slot 0 may take
    /// 4 (slot 1's), and slot 1 then 5 (slot 2's) ... The cycle 0 → 1 → 2 → 0 is earlier
    /// (0 takes 4, 1 takes 5, 2 takes 6); without the arc 2 → 0 (2 and 6 not joined),
    /// no earlier perfect matching exists, though slot 0 has an earlier partner in H.
    #[test]
    fn a_cycle_through_later_slots_is_an_earlier_transposition() {
        let partner = vec![6, 4, 5, 7];
        let with_cycle = vec![vec![4, 6], vec![4, 5], vec![5, 6], vec![7]];
        assert!(!none_earlier(
            4,
            &partner,
            &with_cycle,
            &improving(&partner, &with_cycle, 8),
            &[false; 8]
        ));
        let without = vec![vec![4, 6], vec![4, 5], vec![5], vec![7]];
        let imp = improving(&partner, &without, 8);
        assert_eq!(imp[0], vec![4], "slot 0 has an earlier partner in H");
        assert!(none_earlier(4, &partner, &without, &imp, &[false; 8]));
    }

    /// A cycle through a slot before `t` does not make `t` earlier: slot 1 may take 2 (slot
    /// 0's) and slot 0 may take 3 (slot 1's), but that exchange gives slot 0 a later partner.
    #[test]
    fn a_cycle_through_an_earlier_slot_does_not_count() {
        let partner = vec![2, 3];
        let tight = vec![vec![2, 3], vec![2, 3]];
        let imp = improving(&partner, &tight, 4);
        assert!(imp.iter().all(Vec::is_empty), "2 is taken by slot 0 before slot 1");
        assert!(none_earlier(2, &partner, &tight, &imp, &[false; 4]));
        // The published pairing 0-3, 1-2 is later: 0-2, 1-3 comes first.
        let later = vec![3, 2];
        assert!(!none_earlier(2, &later, &tight, &improving(&later, &tight, 4), &[false; 4]));
    }

    /// Slot 0 (partner 3) may take 2, slot 1's partner, when slot 1 then takes the floater
    /// 4: that gives up 3, which must float in 4's place. Earlier exactly when 3 may leave.
    #[test]
    fn a_floater_closes_a_cycle_only_when_the_new_floater_may_leave() {
        let partner = vec![3, 2];
        let tight = vec![vec![2, 3], vec![2, 4]];
        let imp = improving(&partner, &tight, 5);
        assert_eq!(imp[0], vec![2]);
        let stays = [false, false, false, false, false];
        assert!(none_earlier(2, &partner, &tight, &imp, &stays));
        assert!(!earlier_exists(&partner, &tight, &stays));
        let leaves = [false, false, false, true, false];
        assert!(!none_earlier(2, &partner, &tight, &imp, &leaves));
        assert!(earlier_exists(&partner, &tight, &leaves));
    }

    /// The decision agrees with enumerating every pairing of the slots on 3,000 random
    /// bipartite graphs of 1-7 slots holding the published matching and no floater, and
    /// is never refuted by it (a proof is a proof) on 3,000 more with 1-2 floaters and
    /// random players that may leave.
    #[test]
    fn agrees_with_enumeration_on_random_graphs() {
        let mut state = 11u64;
        let (mut proved, mut refuted, mut proved_floating) = (0, 0, 0);
        for case in 0..6000 {
            let n1 = 1 + (next(&mut state) % 7) as usize;
            let floaters = if case < 3000 { 0 } else { 1 + (next(&mut state) % 2) as usize };
            let n = 2 * n1 + floaters;
            // A random published matching of the slots to S2 players, the rest floating.
            let mut s2: Vec<usize> = (n1..n).collect();
            for k in (1..s2.len()).rev() {
                s2.swap(k, (next(&mut state) % (k as u64 + 1)) as usize);
            }
            let partner: Vec<usize> = s2[..n1].to_vec();
            let density = 20 + next(&mut state) % 70;
            let tight: Vec<Vec<usize>> = (0..n1)
                .map(|t| {
                    (n1..n)
                        .filter(|&j| j == partner[t] || next(&mut state) % 100 < density)
                        .collect()
                })
                .collect();
            let leave: Vec<bool> = (0..n)
                .map(|j| j >= n1 && floaters > 0 && next(&mut state).is_multiple_of(3))
                .collect();
            let decided =
                none_earlier(n1, &partner, &tight, &improving(&partner, &tight, n), &leave);
            let exists = earlier_exists(&partner, &tight, &leave);
            if floaters == 0 {
                assert_eq!(decided, !exists, "case {case}: {partner:?} {tight:?}");
            } else if decided {
                assert!(!exists, "case {case}: {partner:?} {tight:?} {leave:?}");
                proved_floating += 1;
            }
            match (floaters, decided) {
                (0, true) => proved += 1,
                (0, false) => refuted += 1,
                _ => {}
            }
        }
        assert!(proved > 500 && refuted > 500, "{proved} proved, {refuted} refuted");
        assert!(proved_floating > 500, "{proved_floating} proved with floaters");
    }
}

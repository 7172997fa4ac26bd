//! Property tests of rule pieces: Berger schedules for 2..40 players and the Swiss order.
use crate::berger_swiss::{berger, order, state::PlayerState};
use proptest::prelude::*;
use std::collections::HashSet;

#[test]
fn berger_schedules_for_2_to_40_players_pair_everyone_once_with_parity_colours() {
    for k in 2..=40usize {
        let n = k + k % 2;
        let m = n - 1;
        assert_eq!(berger::schedule_length(k), m);
        let mut met = HashSet::new();
        for r in 1..=m {
            let mut seen = HashSet::new();
            for (w, b) in berger::round(k, r) {
                // One game per player per round.
                assert!(seen.insert(w) && seen.insert(b), "{k} players, round {r}: player twice");
                assert!(met.insert((w.min(b), w.max(b))), "{k} players: pair {w}-{b} twice");
                // FIDE-REFERENCE §2 colour rule: for i < j < n, White = i if j - i is odd,
                // else j; player n is Black in odd rounds.
                if w == n || b == n {
                    assert_eq!(b == n, r % 2 == 1, "{k} players, round {r}: colour of n");
                } else {
                    let (i, j) = (w.min(b), w.max(b));
                    assert_eq!(w, if (j - i) % 2 == 1 { i } else { j }, "{k} players, round {r}");
                }
            }
            assert_eq!(seen.len(), n);
        }
        // Each pair exactly once over the schedule.
        assert_eq!(met.len(), n * (n - 1) / 2, "{k} players");
    }
}

proptest! {
    #[test]
    fn swiss_order_is_a_strict_total_order(players in proptest::collection::vec((0i32..12, 0u32..6), 1..40)) {
        // Random points and WNT; TPN = position + 1 (distinct).
        let st: Vec<PlayerState> = players.iter().map(|&(points, wnt)| PlayerState { points, wnt, ..Default::default() }).collect();
        let tpn: Vec<u32> = (1..=st.len() as u32).collect();
        let n = st.len();
        for a in 0..n {
            // Irreflexive.
            prop_assert_eq!(order::compare(a, a, &st, &tpn), std::cmp::Ordering::Equal);
            for b in 0..n {
                if a != b {
                    // Total and antisymmetric: distinct players are never tied.
                    let ab = order::compare(a, b, &st, &tpn);
                    prop_assert_ne!(ab, std::cmp::Ordering::Equal);
                    prop_assert_eq!(ab, order::compare(b, a, &st, &tpn).reverse());
                    // Points first, then WNT, then TPN.
                    if st[a].points != st[b].points {
                        prop_assert_eq!(ab == std::cmp::Ordering::Less, st[a].points > st[b].points);
                    } else if st[a].wnt != st[b].wnt {
                        prop_assert_eq!(ab == std::cmp::Ordering::Less, st[a].wnt > st[b].wnt);
                    } else {
                        prop_assert_eq!(ab == std::cmp::Ordering::Less, tpn[a] < tpn[b]);
                    }
                    for c in 0..n {
                        // Transitive.
                        if ab == std::cmp::Ordering::Less && order::compare(b, c, &st, &tpn) == std::cmp::Ordering::Less {
                            prop_assert_eq!(order::compare(a, c, &st, &tpn), std::cmp::Ordering::Less);
                        }
                    }
                }
            }
        }
    }
}

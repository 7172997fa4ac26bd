//! The counting filter of the greedy (`crate::berger_swiss::quotient`) may only reject candidates
//! whose rest cannot be paired: checked against exhaustive search on small random fields,
//! through whole greedy-like sequences of removals (so that committed state stays right).

use crate::Level;
use crate::berger_swiss::field::SwissField;
use crate::berger_swiss::level_graph::{LevelGraph, Tally, perfect_matching};
use crate::berger_swiss::quotient::Quotient;
use crate::berger_swiss::state::{Colour, PlayerState};
use proptest::prelude::*;

/// Whether the vertices not in `used` can all be paired with allowed pairs.
fn completable(g: &LevelGraph, used: &mut [bool]) -> bool {
    let Some(a) = (0..used.len()).find(|&v| !used[v]) else {
        return true;
    };
    used[a] = true;
    for b in a + 1..used.len() {
        if !used[b] && g.allowed(a, b) {
            used[b] = true;
            let ok = completable(g, used);
            used[b] = false;
            if ok {
                used[a] = false;
                return true;
            }
        }
    }
    used[a] = false;
    false
}

/// A field from (points, colours, opponents met) per player, in Swiss order by points.
fn field(players: &[(i32, Vec<bool>)], met: &[(usize, usize)]) -> SwissField {
    let n = players.len();
    let mut st: Vec<PlayerState> = players
        .iter()
        .map(|(pts, cols)| PlayerState {
            points: *pts,
            colours: cols.iter().map(|&w| if w { Colour::White } else { Colour::Black }).collect(),
            ..Default::default()
        })
        .collect();
    for &(a, b) in met {
        if a != b {
            st[a].met.push(b);
            st[b].met.push(a);
        }
    }
    let mut members: Vec<usize> = (0..n).collect();
    members.sort_by_key(|&i| (-st[i].points, i));
    let tpn: Vec<u32> = (1..=n as u32).collect();
    SwissField::new(members, &st, &tpn, &tpn)
}

fn level() -> impl Strategy<Value = Level> {
    (
        any::<bool>(),
        2u32..4,
        any::<bool>(),
        prop_oneof![Just(Some(0)), Just(Some(1)), Just(Some(2)), Just(None)],
    )
        .prop_map(|(rematches, streak_limit, balance, max_diff)| Level {
            rematches,
            streak_limit,
            balance,
            max_diff,
        })
}

fn players() -> impl Strategy<Value = Vec<(i32, Vec<bool>)>> {
    (2usize..6).prop_flat_map(|half| {
        proptest::collection::vec(
            (0i32..4, proptest::collection::vec(any::<bool>(), 0..4)),
            2 * half,
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, max_global_rejects: 100_000, ..ProptestConfig::default() })]

    #[test]
    fn the_filter_never_rejects_a_completable_pair(
        ps in players(),
        met in proptest::collection::vec((0usize..10, 0usize..10), 0..8),
        level in level(),
        picks in proptest::collection::vec(any::<u16>(), 6),
    ) {
        let n = ps.len();
        let met: Vec<(usize, usize)> = met.into_iter().filter(|&(a, b)| a < n && b < n).collect();
        let f = field(&ps, &met);
        let g = LevelGraph::new(&f, level, vec![true; n]);
        let m = perfect_matching(&g, &mut Tally::default());
        prop_assume!(m.is_ok());
        let mut qf = Quotient::new(&g, &m.unwrap());
        let mut used = vec![false; n];
        // Remove pairs one by one as the greedy would: every pair whose rest is completable
        // must pass the filter; then one of them (picked at random) is committed.
        for pick in picks {
            let Some(p) = (0..n).find(|&v| !used[v]) else { break };
            let mut good = Vec::new();
            for q in p + 1..n {
                if used[q] || !g.allowed(p, q) {
                    continue;
                }
                used[p] = true;
                used[q] = true;
                let ok = completable(&g, &mut used);
                used[p] = false;
                used[q] = false;
                let accepted = qf.try_remove(f.bucket_of[p] as usize, f.bucket_of[q] as usize);
                qf.rollback();
                if ok {
                    prop_assert!(accepted, "filter rejected completable pair ({p}, {q})");
                    good.push(q);
                }
            }
            prop_assert!(!good.is_empty(), "a perfect matching leaves p a completable partner");
            let q = good[pick as usize % good.len()];
            prop_assert!(qf.try_remove(f.bucket_of[p] as usize, f.bucket_of[q] as usize));
            qf.commit();
            used[p] = true;
            used[q] = true;
        }
    }
}

/// Two players who must get Black (White, White) and two who may take either colour, all on
/// the same points, streak limit 2: pairing the two flexible players together leaves the
/// other two unpairable, and the filter sees it from the counts alone.
#[test]
fn the_filter_rejects_a_pair_that_strands_players_needing_black() {
    let ww = (2, vec![true, true]);
    let wb = (2, vec![true, false]);
    let f = field(&[wb.clone(), wb, ww.clone(), ww], &[]);
    let level = Level { rematches: false, streak_limit: 2, balance: true, max_diff: Some(0) };
    let g = LevelGraph::new(&f, level, vec![true; 4]);
    let m = perfect_matching(&g, &mut Tally::default()).expect("WW-WB twice");
    let mut qf = Quotient::new(&g, &m);
    let (flex, need_black) = (f.bucket_of[0] as usize, f.bucket_of[2] as usize);
    assert_ne!(flex, need_black);
    assert!(!qf.try_remove(flex, flex), "two flexible players together strand the WW players");
    qf.rollback();
    assert!(qf.try_remove(flex, need_black));
    qf.commit();
    assert!(qf.try_remove(need_black, flex));
    qf.commit();
}

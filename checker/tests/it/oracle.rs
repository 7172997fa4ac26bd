//! The matching oracle agrees with exhaustive search on small random graphs.
use bsw_checker::oracle::{
    matching_size, matching_size_exhaustive, maximum_matching, perfect_matching,
};
use proptest::prelude::*;

fn graph() -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
    (1usize..=10).prop_flat_map(|n| {
        let pairs: Vec<(usize, usize)> =
            (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect();
        let m = pairs.len();
        (Just(n), proptest::collection::vec(any::<bool>(), m)).prop_map(move |(n, keep)| {
            let e = pairs.iter().zip(keep).filter(|(_, k)| *k).map(|(p, _)| *p).collect();
            (n, e)
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn petgraph_matching_is_maximum_and_valid((n, edges) in graph()) {
        let mate = maximum_matching(n, &edges);
        // A valid matching: symmetric, along edges.
        for (v, m) in mate.iter().enumerate() {
            if let Some(u) = *m {
                prop_assert_eq!(mate[u], Some(v));
                prop_assert!(edges.contains(&(v.min(u), v.max(u))));
            }
        }
        prop_assert_eq!(matching_size(n, &edges), matching_size_exhaustive(n, &edges));
        prop_assert_eq!(perfect_matching(n, &edges).is_some(), 2 * matching_size_exhaustive(n, &edges) == n);
    }
}

#[test]
fn exhaustive_reference_on_known_graphs() {
    // Triangle: 1. Path of 4: 2. Two triangles joined by one edge: 3 (perfect).
    assert_eq!(matching_size_exhaustive(3, &[(0, 1), (1, 2), (0, 2)]), 1);
    assert_eq!(matching_size_exhaustive(4, &[(0, 1), (1, 2), (2, 3)]), 2);
    let e = [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5), (2, 3)];
    assert_eq!(matching_size_exhaustive(6, &e), 3);
    assert!(perfect_matching(6, &e).is_some());
    // A blossom that a bipartite method would miss: 5-cycle plus a pendant → 3.
    let c = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 5)];
    assert_eq!(matching_size(6, &c), 3);
}

//! Arbitrary (even invalid) tournaments never make the checker panic: duplicate and unknown
//! ids, withdrawn players with rows, broken configurations, boards out of order.
use bsw_checker::{Profile, check};
use bsw_model::{Config, Entry, Outcome, Player, Row, Tournament};
use proptest::prelude::*;

fn entry() -> impl Strategy<Value = Entry> {
    prop_oneof![
        (0u32..14, 0u32..14, proptest::option::of(0usize..6)).prop_map(|(w, b, r)| Entry::Game {
            white: w,
            black: b,
            result: r.map(|i| Outcome::ALL[i])
        }),
        (0u32..14).prop_map(Entry::Bye),
        (0u32..14).prop_map(Entry::HalfBye),
        (0u32..14).prop_map(Entry::ZeroBye),
    ]
}

fn tournament() -> impl Strategy<Value = Tournament> {
    let players = proptest::collection::vec(
        (
            1u32..13,
            0u32..4,
            proptest::option::of(1u32..6),
            proptest::collection::vec(1u32..6, 0..2),
            proptest::collection::vec(1u32..6, 0..2),
        ),
        0..12,
    )
    .prop_map(|v| {
        v.into_iter()
            .map(|(id, rating, w, h, z)| Player {
                id,
                name: format!("P{id}"),
                rating: rating * 100,
                withdrawn_from: w,
                half_byes: h,
                zero_byes: z,
                ..Default::default()
            })
            .collect::<Vec<_>>()
    });
    let groups = prop_oneof![
        Just(vec![]),
        Just(vec![4]),
        Just(vec![3]),
        Just(vec![4, 3]),
        Just(vec![2]),
        Just(vec![5, 4]),
        Just(vec![6])
    ];
    let rows = proptest::collection::vec((1u32..6, 0u32..8, entry()), 0..30).prop_map(|v| {
        v.into_iter().map(|(round, board, entry)| Row { round, board, entry }).collect::<Vec<_>>()
    });
    (
        players,
        groups,
        rows,
        proptest::option::of(1u32..7),
        any::<u64>(),
        proptest::collection::vec((0u32..14, 0u32..14), 0..2),
    )
        .prop_map(|(players, groups, rows, rounds, seed, swaps)| Tournament {
            config: Config { rounds, seed: seed >> 1, groups, swaps, ..Default::default() },
            players,
            rows,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]
    #[test]
    fn checker_never_panics(t in tournament()) {
        let a = check(&t, Profile::BergerSwiss);
        let b = check(&t, Profile::Generic);
        prop_assert_eq!(a.rounds.len() as u32, t.last_round());
        prop_assert_eq!(b.rounds.len() as u32, t.last_round());
        prop_assert!(serde_json::to_value(&a).is_ok());
    }
}

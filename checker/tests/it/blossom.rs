//! The fast blossom search (`bsw_checker::berger_swiss::blossom`) against references that
//! share no code with it: exhaustive search over all matchings
//! (`oracle::matching_size_exhaustive`) and
//! petgraph's maximum matching, on small random Swiss fields (random points, colour
//! histories, TPNs and meetings, so the implicit allowed graph takes many shapes).
//! Expected values: a complete pairing of a vertex set exists iff a maximum matching of its
//! allowed graph covers it (exhaustive); q is "outer" after the search from q* iff the field
//! less p and q has a complete pairing (Gallai-Edmonds, checked exhaustively); the fast greedy
//! replay reports exactly what the oracle replay (one matching per candidate) reports.
use bsw_checker::berger_swiss::blossom::Implicit;
use bsw_checker::berger_swiss::counting::Counting;
use bsw_checker::berger_swiss::field::SwissField;
use bsw_checker::berger_swiss::greedy;
use bsw_checker::berger_swiss::ladder::{self, DIFFS, feasible, feasible_some_bye};
use bsw_checker::berger_swiss::level::Level;
use bsw_checker::oracle::{matching_size_exhaustive, perfect_matching};
use bsw_checker::results::{Colour, ColourState};
use proptest::prelude::*;
use std::collections::HashMap;

fn colour_state() -> impl Strategy<Value = ColourState> {
    (0u32..4, 0u32..4, 0u8..3, 1u32..4).prop_map(|(whites, blacks, last, streak)| {
        let last = match last {
            0 => None,
            1 => Some(Colour::White),
            _ => Some(Colour::Black),
        };
        ColourState { whites, blacks, last, streak: if last.is_none() { 0 } else { streak } }
    })
}

/// The field of players 1..=n (index i is id i + 1, no byes) in Swiss order: the points are
/// sorted so that they never increase along the indices.
fn swiss_field(
    mut points: Vec<i32>,
    tpn: Vec<u32>,
    colours: Vec<ColourState>,
    met: Vec<Vec<(usize, u32)>>,
) -> SwissField {
    points.sort_by(|a, b| b.cmp(a));
    let n = points.len();
    let ids: Vec<u32> = (1..=n as u32).collect();
    SwissField {
        pos: ids.iter().enumerate().map(|(i, &id)| (id, i)).collect(),
        ids,
        points,
        tpn,
        byes: vec![0; n],
        colours,
        met: met.into(),
    }
}

/// Colours after one game: kind 0 played White, kind 1 played Black.
fn one_game_colours(kinds: &[usize]) -> Vec<ColourState> {
    let states = [
        ColourState { whites: 1, blacks: 0, last: Some(Colour::White), streak: 1 },
        ColourState { whites: 0, blacks: 1, last: Some(Colour::Black), streak: 1 },
    ];
    kinds.iter().map(|&k| states[k]).collect()
}

fn field(max_n: usize) -> impl Strategy<Value = SwissField> {
    (1usize..=max_n).prop_flat_map(|n| {
        (
            proptest::collection::vec(0i32..5, n),
            proptest::collection::vec(colour_state(), n),
            Just((1..=n as u32).collect::<Vec<u32>>()).prop_shuffle(),
            proptest::collection::vec((0..n, 0..n, 1u32..3), 0..2 * n),
        )
            .prop_map(move |(points, colours, tpn, meets)| {
                let mut met = vec![Vec::new(); n];
                let mut seen = HashMap::new();
                for (a, b, c) in meets {
                    if a != b && seen.insert((a.min(b), a.max(b)), c).is_none() {
                        met[a].push((b, c));
                        met[b].push((a, c));
                    }
                }
                swiss_field(points, tpn, colours, met)
            })
    })
}

/// Fields with few distinct (points, colours) and few meetings: many twins, which the fast
/// replay reuses searches for.
fn twinny_field(max_n: usize) -> impl Strategy<Value = SwissField> {
    (2usize..=max_n).prop_flat_map(|n| {
        (
            proptest::collection::vec(0i32..2, n),
            proptest::collection::vec(0usize..2, n),
            Just((1..=n as u32).collect::<Vec<u32>>()).prop_shuffle(),
            proptest::collection::vec((0..n, 0..n), 0..n / 2 + 1),
        )
            .prop_map(move |(points, kinds, tpn, meets)| {
                let mut met = vec![Vec::new(); n];
                for (a, b) in meets {
                    if a != b && !met[a].iter().any(|&(x, _)| x == b) {
                        met[a].push((b, 1));
                        met[b].push((a, 1));
                    }
                }
                swiss_field(points, tpn, one_game_colours(&kinds), met)
            })
    })
}

/// Fields of exact twins: each player has a type, two players met iff their types are
/// related (a random symmetric relation), so players of one type, points and colours have
/// the same neighbours.
fn typed_field(max_n: usize) -> impl Strategy<Value = SwissField> {
    (4usize..=max_n).prop_flat_map(|n| {
        (
            proptest::collection::vec(0i32..2, n),
            proptest::collection::vec(0usize..2, n),
            proptest::collection::vec(0usize..4, n),
            proptest::collection::vec(any::<bool>(), 16),
        )
            .prop_map(move |(points, kinds, types, rel)| {
                let related = |a: usize, b: usize| rel[a.min(b) * 4 + a.max(b)];
                let mut met = vec![Vec::new(); n];
                for a in 0..n {
                    for b in 0..n {
                        if a != b && related(types[a], types[b]) {
                            met[a].push((b, 1));
                        }
                    }
                }
                swiss_field(points, (1..=n as u32).collect(), one_game_colours(&kinds), met)
            })
    })
}

fn level() -> impl Strategy<Value = Level> {
    (any::<bool>(), 2u32..5, any::<bool>(), 0usize..4).prop_map(|(r, l, b, d)| Level {
        rematches: r,
        streak_limit: l,
        balance: b,
        max_diff: DIFFS[d],
    })
}

/// Whether `vertices` have a complete pairing at `level`, by exhaustive search.
fn exhaustive(f: &SwissField, vertices: &[usize], level: &Level) -> bool {
    let e = ladder::edges(f, vertices, level);
    2 * matching_size_exhaustive(vertices.len(), &e) == vertices.len()
}

/// The search structure over the whole field with the complete pairing `m` as its matching.
fn matched<'a>(f: &'a SwissField, l: &Level, m: &[(usize, usize)]) -> Implicit<'a> {
    let mut g = Implicit::new(f, l, vec![true; f.len()], None);
    for &(a, b) in m {
        g.mate[a] = b;
        g.mate[b] = a;
    }
    g
}

/// The §8.4 greedy at `level`, run with the oracle (preference list, then a complete
/// pairing of the rest): a published pairing that the replays must accept.
fn greedy_pairing(
    f: &SwissField,
    level: &Level,
    bye: Option<usize>,
) -> Option<Vec<(usize, usize)>> {
    let n = f.len();
    let mut unpaired: Vec<usize> = (0..n).filter(|&i| Some(i) != bye).collect();
    ladder::complete_pairing(f, &unpaired, level)?;
    let mut pairs = Vec::new();
    while !unpaired.is_empty() {
        let p = unpaired[0];
        let q = greedy::preference_list(f, &unpaired, level).into_iter().find(|&q| {
            let rest: Vec<usize> = unpaired.iter().copied().filter(|&i| i != p && i != q).collect();
            ladder::allowed(f, p, q, level) && ladder::complete_pairing(f, &rest, level).is_some()
        })?;
        pairs.push((p, q));
        unpaired.retain(|&i| i != p && i != q);
    }
    Some(pairs)
}

/// What a greedy replay reports: the better candidate (player, partner, candidate, completion).
type Replayed = Option<(usize, usize, usize, Vec<(usize, usize)>)>;

/// The fast greedy replay and the oracle replay (one matching per candidate) of the published
/// `pairs` with `bye`.
fn fast_and_oracle_replays(
    f: &SwissField,
    pairs: &[(usize, usize)],
    bye: Option<usize>,
) -> (Replayed, Replayed) {
    let mut partner = vec![None; f.len()];
    for &(a, c) in pairs {
        partner[a] = Some(c);
        partner[c] = Some(a);
    }
    let level = ladder::published_level(f, pairs);
    let key = |x: Option<greedy::BetterCandidate>| {
        x.map(|c| (c.player, c.partner, c.candidate, c.completion))
    };
    (
        key(greedy::replay(f, &level, bye, &partner)),
        key(greedy::replay_oracle(f, &level, &partner, greedy::only_the_bye(f.len(), bye))),
    )
}

/// Publishes a random pairing (the players other than the bye, if `n` is odd, in `order`,
/// two by two) and checks that both replays report the same.
fn fast_and_oracle_replay_agree(
    f: &SwissField,
    order: Vec<usize>,
    b: usize,
) -> Result<(), TestCaseError> {
    let n = f.len();
    let bye = (n % 2 == 1).then_some(b % n);
    let rest: Vec<usize> = order.into_iter().filter(|&i| i < n && Some(i) != bye).collect();
    let pairs: Vec<(usize, usize)> = rest.chunks(2).map(|c| (c[0], c[1])).collect();
    let (fast, slow) = fast_and_oracle_replays(f, &pairs, bye);
    prop_assert_eq!(fast, slow);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn fast_feasibility_agrees_with_exhaustive_search_and_oracle(
        f in field(12), l in level(), mask in any::<u16>()
    ) {
        let verts: Vec<usize> = (0..f.len()).filter(|&i| mask >> i & 1 == 1).collect();
        let want = exhaustive(&f, &verts, &l);
        prop_assert_eq!(feasible(&f, &verts, &l), want);
        prop_assert_eq!(ladder::complete_pairing(&f, &verts, &l).is_some(), want);
    }

    #[test]
    fn fast_feasibility_with_some_bye_agrees_with_exhaustive_search(
        f in field(11), l in level(), rmask in any::<u16>()
    ) {
        let verts: Vec<usize> = (0..f.len()).collect();
        let receivers: Vec<usize> = (0..f.len()).filter(|&i| rmask >> i & 1 == 1).collect();
        let want = receivers.iter().any(|&r| {
            let rest: Vec<usize> = verts.iter().copied().filter(|&i| i != r).collect();
            exhaustive(&f, &rest, &l)
        });
        prop_assert_eq!(feasible_some_bye(&f, &verts, &receivers, &l), want);
        prop_assert_eq!(ladder::complete_pairing_some_bye(&f, &verts, &receivers, &l).is_some(), want);
    }

    #[test]
    fn outer_set_after_search_from_partner_is_gallai_edmonds_set(
        f in field(12), l in level()
    ) {
        let n = f.len();
        let all: Vec<usize> = (0..n).collect();
        let e = ladder::edges(&f, &all, &l);
        // Needs a complete pairing M of the field: p = 0, q* = M(0).
        if let Some(m) = perfect_matching(n, &e) {
            let mut g = matched(&f, &l, &m);
            let q_star = g.mate[0];
            g.kill(0);
            g.mate[q_star] = usize::MAX;
            prop_assert!(!g.search(q_star), "no other exposed player, so no augmenting path");
            for q in 1..n {
                let rest: Vec<usize> = (1..n).filter(|&i| i != q).collect();
                prop_assert_eq!(g.is_outer(q), exhaustive(&f, &rest, &l), "player {}", q);
            }
        }
    }

    #[test]
    fn fast_greedy_replay_with_many_twins_reports_what_the_oracle_replay_reports(
        f in twinny_field(14), order in Just((0..14usize).collect::<Vec<_>>()).prop_shuffle(), b in 0usize..14
    ) {
        fast_and_oracle_replay_agree(&f, order, b)?;
    }

    #[test]
    fn fast_greedy_replay_reports_what_the_oracle_replay_reports(
        f in field(12), order in Just((0..12usize).collect::<Vec<_>>()).prop_shuffle(), b in 0usize..12
    ) {
        fast_and_oracle_replay_agree(&f, order, b)?;
    }
}

proptest! {
    // Many cases: a step reusing an earlier search (twins) is rare in random fields.
    #![proptest_config(ProptestConfig::with_cases(12000))]

    #[test]
    fn fast_greedy_replay_accepts_greedy_pairings_and_agrees_on_perturbed_ones(
        f in prop_oneof![twinny_field(14), typed_field(16)], l in level(), b in 0usize..16, x in 0usize..8, y in 0usize..8
    ) {
        let n = f.len();
        let bye = (n % 2 == 1).then_some(b % n);
        if let Some(pairs) = greedy_pairing(&f, &l, bye) {
            let run = |pairs: &[(usize, usize)]| fast_and_oracle_replays(&f, pairs, bye);
            let (fast, slow) = run(&pairs);
            prop_assert_eq!(&fast, &slow);
            // Perturbed: exchange the second players of two pairs.
            if pairs.len() >= 2 {
                let (i, j) = (x % pairs.len(), y % pairs.len());
                let mut p2 = pairs;
                if i != j {
                    let t = p2[i].1;
                    p2[i].1 = p2[j].1;
                    p2[j].1 = t;
                }
                let (fast, slow) = run(&p2);
                prop_assert_eq!(fast, slow);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// The counting filter only ever rules out what is impossible: whenever it says that
    /// pairing a player of bucket(p) with one of bucket(q) leaves counts no pairing can meet,
    /// the rest less p and q has no complete pairing. Checked at every stage while the
    /// pairs of a complete pairing are taken out one by one.
    #[test]
    fn counting_filter_rules_out_only_impossible_pairs(
        f in prop_oneof![field(12), typed_field(14)], l in level()
    ) {
        let n = f.len();
        let all: Vec<usize> = (0..n).collect();
        let e = ladder::edges(&f, &all, &l);
        if let Some(m) = perfect_matching(n, &e) {
            let g = matched(&f, &l, &m);
            let Some(mut c) = Counting::new(&g, &vec![true; n]) else {
                return Err(TestCaseError::fail("the filter is built for small fields"));
            };
            let mut alive = vec![true; n];
            for &(a, b) in &m {
                let verts: Vec<usize> = (0..n).filter(|&i| alive[i]).collect();
                for &p in &verts {
                    for &q in &verts {
                        if p != q && !c.may_pair(g.bucket_of(p), g.bucket_of(q)) {
                            let rest: Vec<usize> =
                                verts.iter().copied().filter(|&i| i != p && i != q).collect();
                            prop_assert!(!exhaustive(&f, &rest, &l), "ruled out {} {}", p, q);
                        }
                    }
                }
                c.pair(g.bucket_of(a), g.bucket_of(b));
                alive[a] = false;
                alive[b] = false;
            }
        }
    }
}

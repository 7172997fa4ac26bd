//! Property tests over random (not necessarily legal) Swiss tournaments with every kind of
//! result: cuts never increase a value, SB <= BH (win = 1 point), the 2026 caps never
//! increase BH/SB, WON <= WIN, BWG <= BPG, ranking is a permutation sorted by points.

use crate::common;
use bsw_model::{Entry, Outcome, Player, Tournament};
use bsw_standings::{Options, RuleVersion, standings};
use proptest::prelude::*;

struct Mix(u64);
impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E3779B97F4A7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_tournament(seed: u64, n: u32, rounds: u32) -> Tournament {
    let mut rng = Mix(seed);
    let players: Vec<Player> = (1..=n)
        .map(|id| Player {
            id,
            name: format!("P{id}"),
            rating: 1000 + rng.below(1800) as u32,
            withdrawn_from: if rng.below(6) == 0 {
                Some(2 + rng.below(rounds as u64) as u32)
            } else {
                None
            },
            ..Player::default()
        })
        .collect();
    let mut rows = Vec::new();
    for r in 1..=rounds {
        let mut field: Vec<u32> =
            players.iter().filter(|p| !p.withdrawn_by(r)).map(|p| p.id).collect();
        for i in (1..field.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            field.swap(i, j);
        }
        // Some requested absences.
        let mut board = 0;
        let mut push = |e: Entry| {
            board += 1;
            rows.push(bsw_model::Row { round: r, board, entry: e });
        };
        let mut rest = Vec::new();
        for id in field {
            match rng.below(12) {
                0 => push(Entry::HalfBye(id)),
                1 => push(Entry::ZeroBye(id)),
                _ => rest.push(id),
            }
        }
        if rest.len() % 2 == 1 {
            push(Entry::Bye(rest.pop().unwrap()));
        }
        for pair in rest.chunks(2) {
            let o = match rng.below(10) {
                0 => Outcome::WhiteForfeitWin,
                1 => Outcome::BlackForfeitWin,
                2 => Outcome::DoubleForfeit,
                3 | 4 => Outcome::Draw,
                5..=7 => Outcome::WhiteWin,
                _ => Outcome::BlackWin,
            };
            push(Entry::Game { white: pair[0], black: pair[1], result: Some(o) });
        }
    }
    Tournament {
        config: bsw_model::Config { rounds: Some(rounds), ..Default::default() },
        players,
        rows,
    }
}

const ALL: &str = "BH, BH-C1, BH-C2, BH-M1, SB, SB-C1, DE, WIN, WON, BPG, BWG, ARO, ARO-C1, TPR, PTP, KS, PS, PS-C1, TPN, RTNG";

fn v(st: &bsw_standings::Standings, id: u32, code: &str) -> Option<bsw_standings::Ratio> {
    st.value(id, code).unwrap().as_ratio()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn tiebreak_invariants(seed in any::<u64>(), n in 2u32..14, rounds in 1u32..8) {
        let t = random_tournament(seed, n, rounds);
        let o = common::opts(ALL);
        let st = standings(&t, &o).unwrap();
        let old = standings(&t, &Options { rules: RuleVersion::Fide2024, ..o }).unwrap();
        // Ranking: a permutation of the players, ranks 1..n, points non-increasing.
        let mut ids: Vec<u32> = st.rows.iter().map(|r| r.id).collect();
        ids.sort();
        prop_assert_eq!(ids, (1..=n).collect::<Vec<_>>());
        for (k, w) in st.rows.windows(2).enumerate() {
            prop_assert!(w[0].points >= w[1].points);
            prop_assert_eq!(w[0].rank, k as u32 + 1);
        }
        for p in &t.players {
            let id = p.id;
            let bh = v(&st, id, "BH").unwrap();
            let c1 = v(&st, id, "BH-C1").unwrap();
            let c2 = v(&st, id, "BH-C2").unwrap();
            let m1 = v(&st, id, "BH-M1").unwrap();
            prop_assert!(c1 <= bh, "BH-C1 {:?} > BH {:?}", c1, bh);
            prop_assert!(c2 <= c1);
            prop_assert!(m1 <= c1);
            let sb = v(&st, id, "SB").unwrap();
            prop_assert!(v(&st, id, "SB-C1").unwrap() <= sb);
            // SB = Σ v × pts <= Σ v × 1 = BH (in points; win = 1).
            prop_assert!(sb <= bh);
            // The 2026 caps only lower the dummy.
            prop_assert!(bh <= v(&old, id, "BH").unwrap());
            prop_assert!(sb <= v(&old, id, "SB").unwrap());
            prop_assert!(v(&st, id, "PS-C1").unwrap() <= v(&st, id, "PS").unwrap());
            let won = v(&st, id, "WON").unwrap();
            prop_assert!(won <= v(&st, id, "WIN").unwrap());
            prop_assert!(v(&st, id, "BWG").unwrap() <= v(&st, id, "BPG").unwrap());
            prop_assert!(v(&st, id, "BWG").unwrap() <= won);
            let row = st.row(id).unwrap();
            prop_assert_eq!(won.num(), row.wnt as i64);
            let de = v(&st, id, "DE").unwrap();
            prop_assert!(de.num() >= 1 && de.num() <= n as i64);
            // Dropping the lowest rating never lowers the (rounded) average.
            if let (Some(a), Some(a1)) = (v(&st, id, "ARO"), v(&st, id, "ARO-C1")) {
                prop_assert!(a1 >= a);
            }
            // TPR stays within ARO ± 800; PTP is defined exactly when ARO is.
            if let Some(a) = v(&st, id, "ARO") {
                let tpr = v(&st, id, "TPR").unwrap().num();
                prop_assert!((tpr - a.num()).abs() <= 800);
                prop_assert!(v(&st, id, "PTP").is_some());
            } else {
                prop_assert!(v(&st, id, "TPR").is_none() && v(&st, id, "PTP").is_none());
            }
        }
    }

    #[test]
    fn players_tied_on_everything_are_ordered_by_tpn(seed in any::<u64>(), n in 2u32..12, rounds in 1u32..6) {
        let t = random_tournament(seed, n, rounds);
        let st = standings(&t, &common::opts("BH, SB")).unwrap();
        for w in st.rows.windows(2) {
            let same = w[0].points == w[1].points && w[0].tiebreaks == w[1].tiebreaks;
            if same {
                prop_assert!(w[0].tpn < w[1].tpn);
            }
        }
    }
}

/// Scale check (run with `cargo test --release -p bsw-standings --test properties -- --ignored`):
/// 20,000 players, 9 rounds, every code.
#[test]
#[ignore]
fn large_field_every_code() {
    let t = random_tournament(7, 20_000, 9);
    let start = std::time::Instant::now();
    let st = standings(&t, &common::opts(ALL)).unwrap();
    eprintln!("20000 players x 9 rounds, {} codes: {:?}", st.codes.len(), start.elapsed());
    assert_eq!(st.rows.len(), 20_000);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Garbage rows (unknown ids, a player twice in a round, games without result, rounds 0,
    /// odd configurations) give an error or standings, never a panic.
    #[test]
    fn bad_input_never_panics(
        rows in proptest::collection::vec((0u32..5, 0u32..8, 0u32..8, 0u8..10), 0..30),
        groups in proptest::collection::vec(0u32..6, 0..3),
        swaps in proptest::collection::vec((0u32..8, 0u32..8), 0..3),
        rounds in proptest::option::of(0u32..6),
        round in proptest::option::of(0u32..6),
        codes in "(BH|SB-C1|DE|ARO|PTP|KS|PS-C1|TPN)(,(BH-M1|TPR|WIN|BWG|RTNG|ARO-C1)){0,3}",
    ) {
        let players: Vec<Player> = (1..=6)
            .map(|id| Player { id, name: format!("P{id}"), rating: id * 300, withdrawn_from: (id == 6).then_some(2), ..Player::default() })
            .collect();
        let rows = rows
            .into_iter()
            .enumerate()
            .map(|(k, (round, a, b, kind))| {
                let entry = match kind {
                    0 => Entry::Bye(a),
                    1 => Entry::HalfBye(a),
                    2 => Entry::ZeroBye(a),
                    3 => Entry::Game { white: a, black: b, result: None },
                    k => Entry::Game { white: a, black: b, result: Some(Outcome::ALL[(k as usize - 4) % 6]) },
                };
                bsw_model::Row { round, board: k as u32 + 1, entry }
            })
            .collect();
        let t = Tournament {
            config: bsw_model::Config { rounds, groups, swaps, ..Default::default() },
            players,
            rows,
        };
        let mut o = common::opts(&codes);
        o.round = round;
        let _ = bsw_standings::report(&t, &o);
        o.unrated_rating = Some(1500);
        o.rules = RuleVersion::Fide2024;
        let _ = bsw_standings::report(&t, &o);
    }
}

//! TRF round trip on generated plain-Swiss tournaments.
//! - Standard records only (our `BS?` extension records removed, as a program that ignores
//!   them reads the file): same players, every (round, row) and every player's points. The
//!   generator avoids the cases the TRF module documents as lossy there (a zero-bye in the last
//!   paired round reads as a withdrawal).
//! - Whole file: `import(export(t)) == t`, also with shuffled boards, withdrawals, requests for
//!   later rounds, names longer than the 33-character field, a seed and tiebreaks.

use bsw_model::trf::{export, import};
use bsw_model::{Config, Entry, Outcome, Player, Row, Tournament};
use proptest::prelude::*;

use crate::common::{game, row};

/// Tiny deterministic generator (SplitMix64) driven by the proptest seed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn generate(seed: u64, n: u32, k: u32) -> Tournament {
    let mut rng = Rng(seed);
    let players: Vec<Player> = (1..=n)
        .map(|id| Player {
            id,
            name: format!("Player {id}"),
            rating: 1000 + rng.below(1500) as u32,
            ..Player::default()
        })
        .collect();
    let mut t = Tournament {
        config: Config { name: Some("gen".into()), rounds: Some(k), ..Config::default() },
        players,
        rows: vec![],
    };
    for r in 1..=k {
        let mut ids: Vec<u32> = (1..=n).collect();
        for i in (1..ids.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            ids.swap(i, j);
        }
        let mut absent = Vec::new();
        if r < k && ids.len() > 3 && rng.below(3) == 0 {
            let p = ids.pop().unwrap();
            let e = if rng.below(2) == 0 { Entry::HalfBye(p) } else { Entry::ZeroBye(p) };
            if let Entry::HalfBye(_) = e {
                t.players[p as usize - 1].half_byes.push(r);
            } else {
                t.players[p as usize - 1].zero_byes.push(r);
            }
            absent.push(e);
        }
        let bye = if ids.len() % 2 == 1 { ids.pop() } else { None };
        let mut board = 1;
        for pair in ids.chunks(2) {
            let result = if r == k && rng.below(4) == 0 {
                None
            } else {
                Some(Outcome::ALL[rng.below(6) as usize])
            };
            t.rows.push(game(r, board, pair[0], pair[1], result));
            board += 1;
        }
        if let Some(p) = bye {
            t.rows.push(row(r, board, Entry::Bye(p)));
            board += 1;
        }
        for e in absent {
            t.rows.push(row(r, board, e));
            board += 1;
        }
    }
    // Pending games only in the last round: keep the "no result after a pending round" rule.
    t
}

fn points(t: &Tournament, id: u32) -> i32 {
    t.rows.iter().filter_map(|r| r.entry.points_of(id)).sum()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]
    #[test]
    fn export_import_keeps_players_rows_and_points(seed in any::<u64>(), n in 2u32..16, k in 1u32..6) {
        let t = generate(seed, n, k);
        let standard: String = export(&t)
            .lines()
            .filter(|l| !l.starts_with("BS"))
            .map(|l| format!("{l}\n"))
            .collect();
        let back = import(&standard, "gen.trf").map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&back.players, &t.players);
        let key = |rows: &[Row]| {
            let mut v: Vec<String> = rows.iter().map(|r| format!("{} {:?}", r.round, r.entry)).collect();
            v.sort();
            v
        };
        prop_assert_eq!(key(&back.rows), key(&t.rows));
        for p in &t.players {
            prop_assert_eq!(points(&back, p.id), points(&t, p.id));
        }
        prop_assert_eq!(back.config.rounds, Some(k));
    }
}

/// `t` with what only the extension records can carry: boards in a shuffled order, a
/// withdrawal (rows stop), requests for rounds after the next one, long and odd names.
fn enrich(mut t: Tournament, seed: u64) -> Tournament {
    let mut rng = Rng(seed ^ 0x5DEE_CE66);
    let last = t.last_round();
    t.config.rounds = Some(last + 3);
    t.config.seed = seed >> 1;
    t.config.tiebreaks = Some(vec!["BH-C1".into(), "SB".into()]);
    t.config.name = Some(" Open, \"2026\"\n2nd line ".into());
    for r in 1..=last {
        let idx: Vec<usize> = (0..t.rows.len()).filter(|&i| t.rows[i].round == r).collect();
        let mut boards: Vec<u32> = (1..=idx.len() as u32).map(|b| b * 2).collect();
        for i in (1..boards.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            boards.swap(i, j);
        }
        for (k, &i) in idx.iter().enumerate() {
            t.rows[i].board = boards[k];
        }
    }
    t.rows.sort_by_key(|r| (r.round, r.board));
    for p in &mut t.players {
        match rng.below(5) {
            0 => p.name = format!("{} Łukasz Żółć-Brzęczyszczykiewicz von Hohenstein", p.name),
            1 => p.half_byes.push(last + 2),
            2 => p.zero_byes.push(last + 3),
            3 => p.withdrawn_from = Some(last + 2),
            _ => {}
        }
        if rng.below(7) == 0 {
            p.title = "WGM".into();
            p.federation = "FRA".into();
            p.fide_id = "123456789012".into(); // longer than the 11-character field
        }
    }
    t
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]
    #[test]
    fn import_of_export_is_the_same_tournament(seed in any::<u64>(), n in 2u32..16, k in 1u32..6) {
        let t = enrich(generate(seed, n, k), seed);
        let text = export(&t);
        let back = import(&text, "gen.trf").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &t, "{}", text);
        // The directory files are byte-identical too.
        prop_assert_eq!(bsw_model::io::rounds_csv(&back), bsw_model::io::rounds_csv(&t));
        prop_assert_eq!(bsw_model::io::players_csv(&back), bsw_model::io::players_csv(&t));
        prop_assert_eq!(bsw_model::io::tournament_toml(&back), bsw_model::io::tournament_toml(&t));
    }
}

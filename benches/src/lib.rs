//! Shared inputs of the criterion benches in `benches/` (issues 3, 4 and 8). Every input is
//! built from a fixed seed by [`bsw_harness::bench`], so two runs measure the same work.
//!
//! Benches (run one at a time: `cargo bench -p bsw-benches --bench NAME`):
//! - `pair`: pair round 6 of a plain Swiss whose rounds 1-5 have random results (the issue's
//!   target), and round 3, the hardest of the early rounds (at D = ½ most players' first
//!   candidates leave no pairable rest);
//! - `check`: certify that round 6 with the checker (profile berger-swiss);
//! - `simulate`: the whole loop of `bsw simulate` (generate, pair, certify, fill results) on
//!   a few 100-player tournaments;
//! - `parse`: reading a 1,000-player tournament directory from memory and importing the
//!   501-player TRF sample;
//! - `callgrind`: instruction counts (gungraun + valgrind) of pairing and certifying a
//!   10,000-player round and of a 100-tournament simulation, for the CI gate
//!   `.ci/callgrind-gate.sh` (baseline in `benches/callgrind/baseline.tsv`).
//!
//! Sizes can be changed with environment variables (comma-separated numbers of players):
//! `BSW_BENCH_ELO_SIZES` (default `100,1000,10000,100000`), `BSW_BENCH_COIN_SIZES` (default
//! `100,1000,10000`), `BSW_BENCH_ROUND3_ELO_SIZES` (default `1000,10000,100000`) and
//! `BSW_BENCH_ROUND3_COIN_SIZES` (default `10000,100000`). The 100,000-player inputs take a
//! few seconds each to prepare (pairing and playing the earlier rounds).
//!
//! Deliberately absent: measuring anything (criterion does that) and peak memory (`bsw bench`).

use bsw_harness::bench::{ResultModel, fill_results, prepared};
use bsw_model::Tournament;

/// Seed of every benchmark input.
pub const SEED: u64 = 2026;

/// Rounds of the benchmark tournaments (round 6 is paired after rounds 1-5).
pub const ROUNDS: u32 = 9;

/// Sizes from the environment variable `var` (comma-separated), else `default`.
pub fn sizes(var: &str, default: &[u32]) -> Vec<u32> {
    match std::env::var(var) {
        Ok(s) if !s.trim().is_empty() => s
            .split(',')
            .map(|x| {
                x.trim()
                    .parse()
                    .unwrap_or_else(|_| panic!("{var}: `{x}` is not a number of players"))
            })
            .collect(),
        _ => default.to_vec(),
    }
}

/// A plain Swiss of `n` players with rounds 1-5 paired and played: the input of "pair
/// round 6".
pub fn before_round6(n: u32, model: ResultModel) -> Tournament {
    before_round(n, 6, model)
}

/// A plain Swiss of `n` players with rounds `1..r` paired and played.
pub fn before_round(n: u32, r: u32, model: ResultModel) -> Tournament {
    prepared(n, ROUNDS, r - 1, SEED, model).expect("the engine pairs the earlier rounds")
}

/// The same tournament with round 6 paired (no results yet): the input of "certify round 6".
pub fn with_round6(n: u32, model: ResultModel) -> Tournament {
    let mut t = before_round6(n, model);
    let paired = bsw_engine::berger_swiss::pair_next_round(&t).expect("the engine pairs round 6");
    t.rows.extend(paired.rows);
    t
}

/// A FIDE (Dutch) event of `n` players ([`bsw_harness::bench::dutch_swiss`]) with rounds
/// `1..r` paired by the engine and played (Elo model): the input of "pair round r".
pub fn dutch_before_round(n: u32, r: u32) -> Tournament {
    let mut t = bsw_harness::bench::dutch_swiss(n, ROUNDS, SEED);
    for round in 1..r {
        let paired = bsw_engine::pair(&t).expect("the Dutch engine pairs the earlier rounds");
        t.rows.extend(paired.rows);
        fill_results(&mut t, round, SEED, ResultModel::Elo);
    }
    t
}

/// The same event with round `r` paired (no results yet): the input of "certify round r".
pub fn dutch_with_round(n: u32, r: u32) -> Tournament {
    let mut t = dutch_before_round(n, r);
    let paired = bsw_engine::pair(&t).expect("the Dutch engine pairs the round");
    t.rows.extend(paired.rows);
    t
}

/// The three files of a tournament directory of `n` players with all 9 rounds played
/// (`tournament.toml`, `players.csv`, `rounds.csv`), as the model writes them. Coin results:
/// the parser does not care who wins, and the setup stays fast.
pub fn dir_texts(n: u32) -> (String, String, String) {
    let t = prepared(n, ROUNDS, ROUNDS, SEED, ResultModel::Coin).expect("the engine pairs");
    (
        bsw_model::io::tournament_toml(&t),
        bsw_model::io::players_csv(&t),
        bsw_model::io::rounds_csv(&t),
    )
}

/// Text of the 501-player, 9-round TRF sample (path in `BSW_TRF_SAMPLE`, default
/// `corpus/samples/dutch-501-players-9-rounds.trf` of the repository).
pub fn trf_sample() -> (String, String) {
    let path = std::env::var("BSW_TRF_SAMPLE").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/samples/dutch-501-players-9-rounds.trf")
            .to_string()
    });
    let bytes =
        std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: cannot read the TRF sample: {e}"));
    (bsw_model::trf::decode(&bytes), path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_are_what_the_benches_claim() {
        let t = before_round6(40, ResultModel::Elo);
        assert_eq!(t.last_round(), 5);
        assert!(t.missing_results(5).is_empty());
        let u = with_round6(40, ResultModel::Elo);
        assert_eq!(u.last_round(), 6);
        // 40 players, all in the Swiss field: 20 games in round 6, none played yet.
        assert_eq!(u.round_rows(6).count(), 20);
        assert_eq!(u.missing_results(6).len(), 20);
        let (toml, players, rounds) = dir_texts(30);
        let back = bsw_model::io::parse_dir_texts(&toml, &players, Some(&rounds)).unwrap();
        assert_eq!(back.players.len(), 30);
        assert_eq!(back.last_round(), ROUNDS);
    }

    #[test]
    fn sizes_default_and_override() {
        assert_eq!(sizes("BSW_BENCH_UNSET_FOR_TEST", &[1, 2]), vec![1, 2]);
    }
}

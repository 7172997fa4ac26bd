//! Simulation campaigns: N random tournaments, each generated from its own seed
//! ([`crate::rng::tournament_seed`] of the campaign seed and its index), played with the
//! engine and certified round by round with the checker, in parallel on a rayon pool.
//!
//! The result is a [`Summary`]. It is folded from per-tournament records with operations that
//! are commutative and associative (sums, histogram sums, a failure list sorted by index), so
//! the summary does not depend on the number of threads or on the order in which they finish.

use rayon::prelude::*;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::generator::{GenParams, PlayOptions, Played, Scenario, generate, play};
use crate::rng::tournament_seed;
use crate::summary::{CampaignInfo, FailureRecord, Interrupted, Summary};

/// What to run.
#[derive(Clone)]
pub struct CampaignSpec {
    pub seed: u64,
    /// Tournaments in the whole campaign.
    pub tournaments: u64,
    /// `(i, n)`: run the i-th (1-based) of n disjoint slices of the indices.
    pub shard: Option<(u64, u64)>,
    pub params: GenParams,
    pub play: PlayOptions,
    /// Worker threads (0 = rayon's default: one per core).
    pub jobs: usize,
}

pub use crate::shard::{parse_shard, shard_range};

impl CampaignSpec {
    pub fn info(&self) -> CampaignInfo {
        CampaignInfo {
            seed: self.seed,
            tournaments: self.tournaments,
            params: self.params.clone(),
            corrupt: self.play.corrupt,
            shards: self.shard.map(|(i, n)| vec![format!("{i}/{n}")]).unwrap_or_default(),
            engine: None,
        }
    }

    pub fn indices(&self) -> Range<u64> {
        match self.shard {
            Some(s) => shard_range(self.tournaments, s),
            None => 0..self.tournaments,
        }
    }

    /// The scenario of tournament `index`.
    pub fn scenario(&self, index: u64) -> Scenario {
        generate(tournament_seed(self.seed, index), &self.params)
    }

    /// Regenerates and replays tournament `index` (same result as during the campaign).
    pub fn replay(&self, index: u64) -> (Scenario, Played) {
        let sc = self.scenario(index);
        let played = play(&sc, &self.play);
        (sc, played)
    }
}

/// Runs the campaign. `progress` is called once per finished tournament (from any thread).
pub fn simulate(spec: &CampaignSpec, progress: &(dyn Fn() + Sync)) -> Result<Summary, String> {
    simulate_until(spec, progress, &AtomicBool::new(false))
}

/// [`simulate`] that starts no new tournament once `stop` is set (Ctrl-C): the summary then
/// holds the tournaments that finished and says it was interrupted ([`Summary::interrupted`]).
pub fn simulate_until(
    spec: &CampaignSpec,
    progress: &(dyn Fn() + Sync),
    stop: &AtomicBool,
) -> Result<Summary, String> {
    simulate_with(spec, spec.info(), progress, stop, &|_, sc| play(sc, &spec.play))
}

/// Runs the campaign with `play_one(index, scenario)` playing each tournament (the built-in
/// engine in [`simulate`], an external program in [`crate::external`]), until `stop` is set.
pub fn simulate_with(
    spec: &CampaignSpec,
    info: CampaignInfo,
    progress: &(dyn Fn() + Sync),
    stop: &AtomicBool,
    play_one: &(dyn Fn(u64, &Scenario) -> Played + Sync),
) -> Result<Summary, String> {
    spec.params.validate()?;
    let start = Instant::now();
    let run = || {
        spec.indices()
            .into_par_iter()
            .fold(
                || Summary::new(info.clone()),
                |mut acc, index| {
                    if stop.load(Ordering::Relaxed) {
                        return acc;
                    }
                    let tseed = tournament_seed(spec.seed, index);
                    let sc = generate(tseed, &spec.params);
                    let played = play_one(index, &sc);
                    acc.add(index, tseed, &played);
                    progress();
                    acc
                },
            )
            .reduce(|| Summary::new(info.clone()), Summary::absorb)
    };
    let mut summary = on_pool(spec.jobs, run)?;
    if stop.load(Ordering::Relaxed) {
        let planned = spec.indices().end - spec.indices().start;
        summary.interrupted = Some(Interrupted { finished: summary.tournaments, planned });
    }
    summary.timing.wall_s = start.elapsed().as_secs_f64();
    summary.timing.clock = crate::generator::clock_name().into();
    Ok(summary)
}

/// Runs `work` on a rayon pool of `jobs` threads (0: rayon's global pool, one thread per
/// core). Every parallel loop of the harness goes through here, so `--jobs` means the same
/// everywhere.
pub fn on_pool<T: Send>(jobs: usize, work: impl FnOnce() -> T + Send) -> Result<T, String> {
    if jobs == 0 {
        return Ok(work());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .map_err(|e| format!("thread pool: {e}"))?;
    Ok(pool.install(work))
}

/// Runs `work` on every listed failure of `summary` with its position in the list, in
/// parallel on a pool of `jobs` threads (see [`on_pool`]); the results in list order.
pub fn on_failures<W>(jobs: usize, summary: &Summary, work: W) -> Result<Vec<String>, String>
where
    W: Fn((usize, &FailureRecord)) -> Result<String, String> + Sync + Send,
{
    on_pool(jobs, || {
        summary.failures.par_iter().enumerate().map(work).collect::<Result<Vec<_>, _>>()
    })?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_indices() {
        // Any n: the slices are disjoint, contiguous and cover 0..total exactly.
        for total in [0u64, 1, 7, 100, 1001] {
            for n in 1..=9u64 {
                let mut next = 0;
                for i in 1..=n {
                    let r = shard_range(total, (i, n));
                    assert_eq!(r.start, next);
                    next = r.end;
                }
                assert_eq!(next, total);
            }
        }
    }

    #[test]
    fn shard_syntax_is_one_based() {
        assert_eq!(parse_shard("1/4"), Ok((1, 4)));
        assert_eq!(parse_shard("4/4"), Ok((4, 4)));
        assert!(parse_shard("0/4").is_err());
        assert!(parse_shard("5/4").is_err());
        assert!(parse_shard("x").is_err());
    }
}

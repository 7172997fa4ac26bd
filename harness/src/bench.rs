//! Scaling benchmarks on large plain-Swiss fields (issue 8): a deterministic generator of
//! big tournaments with random results, and a runner that pairs every round with the engine,
//! optionally certifies it with the checker, and records per round the level chosen, the
//! times and the engine's search statistics.
//!
//! Everything random comes from the seed: the ratings from one SplitMix64 stream, each result
//! from [`crate::generator::draw_result`] (a pure function of the seed, the round and the two
//! players; Elo expectation, 15% draws, 1% forfeits). Two runs with the same seed pair the
//! same rounds; only the times differ.
//!
//! Deliberately absent: memory measurement, files and terminals. Peak memory is an OS matter
//! (`VmHWM` of `/proc/self/status`), read by the `bsw bench` command through the per-round
//! callback of [`run`]; the figures here (times, medians, the fitted exponent) are floats
//! because this is the measurement edge, not rule logic.

use bsw_checker::Profile;
use bsw_engine::dutch::DutchStats;
use bsw_engine::{Level, PairError, SearchStats};
use bsw_model::{Config, DutchConfig, Entry, Id, Outcome, Player, Row, System, Tournament};
use serde::Serialize;
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::generator::{ResultRates, Stopwatch, SystemKind, draw_result};
use crate::rng::{SplitMix64, hash_words};

/// Result rates of benchmark tournaments: 15% draws, 1% forfeits ("a few"), no double losses.
pub const BENCH_RATES: ResultRates = ResultRates { draw: 0.15, forfeit: 0.01, double_loss: 0.0 };

/// How the results of a benchmark tournament are drawn (`bsw bench --results`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum ResultModel {
    /// The winner from the Elo expectation of the two ratings; 15% draws, 1% forfeits.
    // BENCH_RATES and crate::generator::draw_result.
    #[default]
    Elo,
    /// Ratings ignored: 15% draws, 1% forfeits, else a fair coin.
    // Score groups then mix strong and weak players, which is much easier for the pairing
    // search than the Elo model.
    Coin,
}

impl ResultModel {
    pub fn name(&self) -> &'static str {
        match self {
            ResultModel::Elo => "elo",
            ResultModel::Coin => "coin",
        }
    }
}

/// The players and configuration of a plain Swiss of `size` players and `rounds` rounds, no
/// round paired yet. Ratings are spread around 1800 (sum of four uniforms on 1000..2600, so
/// roughly bell-shaped, with ties), player ids are 1..=size in entry order.
pub fn plain_swiss(size: u32, rounds: u32, seed: u64) -> Tournament {
    let mut rng = SplitMix64::new(hash_words(&[seed, 0xB0B5, size as u64]));
    let players = (1..=size)
        .map(|id| {
            let rating = 1000 + (0..4).map(|_| rng.below(401) as u32).sum::<u32>();
            Player { id, name: format!("Player {id}"), rating, ..Default::default() }
        })
        .collect();
    Tournament {
        config: Config {
            name: Some(format!("bench {size} players seed {seed}")),
            rounds: Some(rounds),
            seed,
            ..Default::default()
        },
        players,
        rows: Vec::new(),
    }
}

/// Fills every missing result of round `round` of `t` by `model`, as a pure function of
/// `seed`, the round and the two players.
pub fn fill_results(t: &mut Tournament, round: u32, seed: u64, model: ResultModel) {
    let index = t.index_by_id();
    for row in t.rows.iter_mut().filter(|r| r.round == round) {
        if let Entry::Game { white, black, result: None } = row.entry {
            let (Some(&w), Some(&b)) = (index.get(&white), index.get(&black)) else {
                continue;
            };
            let o = match model {
                ResultModel::Elo => {
                    draw_result(seed, round, &t.players[w], &t.players[b], &BENCH_RATES)
                }
                ResultModel::Coin => coin_result(seed, round, white, black),
            };
            row.entry = Entry::Game { white, black, result: Some(o) };
        }
    }
}

/// [`ResultModel::Coin`]: 1% forfeits (either side), 15% draws, else a fair coin.
fn coin_result(seed: u64, round: u32, white: Id, black: Id) -> Outcome {
    let x = hash_words(&[seed, 0xC014, round as u64, white as u64, black as u64]) % 200;
    match x {
        0 => Outcome::WhiteForfeitWin,
        1 => Outcome::BlackForfeitWin,
        2..32 => Outcome::Draw,
        32..116 => Outcome::WhiteWin,
        _ => Outcome::BlackWin,
    }
}

/// Pairs the next `k` rounds of `t` with the engine and fills in their results.
pub fn play_rounds(
    t: &mut Tournament,
    k: u32,
    seed: u64,
    model: ResultModel,
) -> Result<(), PairError> {
    for _ in 0..k {
        let paired = bsw_engine::pair(t)?;
        t.rows.extend(paired.rows);
        fill_results(t, paired.round, seed, model);
    }
    Ok(())
}

/// A plain Swiss of `size` players and `rounds` rounds whose first `played` rounds are paired
/// and have results: the input of "pair round `played + 1`" benchmarks (issue 3 uses
/// `prepared(n, 9, 5, seed, ResultModel::Elo)` for round 6).
pub fn prepared(
    size: u32,
    rounds: u32,
    played: u32,
    seed: u64,
    model: ResultModel,
) -> Result<Tournament, PairError> {
    let mut t = plain_swiss(size, rounds, seed);
    play_rounds(&mut t, played, seed, model)?;
    Ok(t)
}

/// What to run: one tournament of `size` players, every round paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchSpec {
    pub size: u32,
    pub rounds: u32,
    pub seed: u64,
    /// Also certify every round with the checker (profile berger-swiss; dutch for the
    /// Dutch system).
    pub check: bool,
    pub results: ResultModel,
    /// The pairing system: Berger-Swiss, or the FIDE Dutch system on [`dutch_swiss`] (both
    /// paired by `bsw_engine::pair`).
    pub system: SystemKind,
}

/// [`plain_swiss`] as a FIDE (Dutch) System event: the players renumbered 1..=size in the
/// SPEC §1 order (rating descending, entry order on ties), so that ids are the Dutch pairing
/// numbers; the initial colour drawn from the seed.
pub fn dutch_swiss(size: u32, rounds: u32, seed: u64) -> Tournament {
    let mut t = plain_swiss(size, rounds, seed);
    t.players.sort_by_key(|p| std::cmp::Reverse(p.rating)); // stable: entry order on ties
    for (k, p) in t.players.iter_mut().enumerate() {
        p.id = k as u32 + 1;
        p.name = format!("Player {}", k + 1);
    }
    t.config.system = System::Dutch(DutchConfig::default());
    t
}

/// A paired round as the benchmark sees it: round, rows, Swiss field size, level (Berger-Swiss
/// only), search statistics and the Dutch statistics (Dutch only).
type Paired = (u32, Vec<Row>, usize, Option<Level>, SearchStats, Option<DutchStats>);

/// The columns a Dutch round shares with Berger-Swiss: its matchers' solves as the matching
/// calls, their augmentations as the augmenting paths, the outer vertices they scanned (each
/// reads a row of weights) as the nodes visited; no level, no filter.
pub fn dutch_search_stats(d: &DutchStats) -> SearchStats {
    SearchStats {
        matching_calls: d.work.solves,
        augmenting_paths: d.work.augmentations,
        nodes_visited: d.work.scans,
        ..SearchStats::default()
    }
}

/// Pairs the next round of `t` with the engine (the system `t` declares). The Swiss field
/// is the players in games and the bye (for a Dutch round, every player paired).
fn pair_round(t: &Tournament) -> Result<Paired, String> {
    let paired = bsw_engine::pair(t).map_err(|e| e.to_string())?;
    let (field_size, level, stats) = match (&paired.swiss, &paired.dutch) {
        (Some(s), _) => (s.field_size, Some(s.level), s.stats),
        (None, Some(d)) => {
            let field = paired
                .rows
                .iter()
                .filter(|r| matches!(r.entry, Entry::Game { .. } | Entry::Bye(_)));
            (field.map(|r| r.entry.players().count()).sum(), None, dutch_search_stats(d))
        }
        (None, None) => (0, None, SearchStats::default()),
    };
    Ok((paired.round, paired.rows, field_size, level, stats, paired.dutch))
}

/// The checker's verdict on one round, as far as the benchmark cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckVerdict {
    /// Not asked for.
    NotRun,
    Conforming,
    /// No violation, but the Dutch profile left this many notes, each a check it skipped
    /// (e.g. a matching over its size limit): not fully certified.
    ConformingWithNotes(usize),
    /// This many violations.
    Violations(usize),
    /// The checker panicked (a bug, caught so that the benchmark goes on): no figure.
    Unavailable,
}

impl CheckVerdict {
    pub fn label(&self) -> String {
        match self {
            CheckVerdict::NotRun => "-".into(),
            CheckVerdict::Conforming => "conforming".into(),
            CheckVerdict::ConformingWithNotes(n) => format!("conforming ({n} notes)"),
            CheckVerdict::Violations(n) => format!("{n} violations"),
            CheckVerdict::Unavailable => "n/a".into(),
        }
    }
}

/// One round as measured.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundMeasure {
    pub size: u32,
    pub round: u32,
    /// Players in the Swiss field.
    pub field_size: usize,
    /// The level chosen (`None` when the round had no Swiss field).
    pub level: Option<Level>,
    /// Berger-Swiss: the search; Dutch: [`dutch_search_stats`].
    pub stats: SearchStats,
    /// Dutch only: the brackets and the matchers' work.
    pub dutch: Option<DutchStats>,
    /// Time of `pair_next_round`: CPU time of the calling thread where the platform has a
    /// per-thread clock (see [`crate::generator::Stopwatch`]; a shared machine's load does
    /// not inflate it), wall-clock time elsewhere.
    pub pairing_ns: u64,
    /// Time of `check_round` (same clock), when it ran to completion.
    pub checking_ns: Option<u64>,
    pub verdict: CheckVerdict,
    /// Peak resident memory of the process so far, in bytes; filled in by the caller's
    /// callback (the harness does no I/O).
    pub peak_rss_bytes: Option<u64>,
}

impl RoundMeasure {
    pub fn pairing_ms(&self) -> f64 {
        self.pairing_ns as f64 / 1e6
    }
    pub fn checking_ms(&self) -> Option<f64> {
        self.checking_ns.map(|ns| ns as f64 / 1e6)
    }
}

/// A level written compactly, ASCII only, no commas (it goes into CSV):
/// `rematches/L/balance/D`, e.g. `no/2/yes/0.5`, `yes/3/no/inf` (D in points).
pub fn level_label(level: Option<&Level>) -> String {
    let Some(l) = level else { return "-".into() };
    let yn = |b: bool| if b { "yes" } else { "no" };
    let d = match l.max_diff {
        None => "inf".to_string(),
        Some(h) if h % 2 == 0 => format!("{}", h / 2),
        Some(h) => format!("{}.5", h / 2),
    };
    format!("{}/{}/{}/{}", yn(l.rematches), l.streak_limit, yn(l.balance), d)
}

/// Plays the whole tournament of `spec`: each round is paired (timed), certified when asked
/// (timed, panics caught: [`CheckVerdict::Unavailable`]), then given results. `on_round` sees
/// each measure before it is stored (to fill in the peak memory, draw progress, …).
pub fn run(
    spec: &BenchSpec,
    on_round: &mut dyn FnMut(&mut RoundMeasure),
) -> Result<Vec<RoundMeasure>, String> {
    let (mut t, profile) = match spec.system {
        SystemKind::BergerSwiss => {
            (plain_swiss(spec.size, spec.rounds, spec.seed), Profile::BergerSwiss)
        }
        SystemKind::Dutch => (dutch_swiss(spec.size, spec.rounds, spec.seed), Profile::Dutch),
    };
    let mut out = Vec::with_capacity(spec.rounds as usize);
    for _ in 0..spec.rounds {
        let start = Stopwatch::start();
        let (round, rows, field_size, level, stats, dutch) = pair_round(&t)
            .map_err(|e| format!("{} players, round {}: {e}", spec.size, t.last_round() + 1))?;
        let pairing_ns = start.ns();
        t.rows.extend(rows);
        let (checking_ns, verdict) = if spec.check {
            let start = Stopwatch::start();
            let report =
                catch_unwind(AssertUnwindSafe(|| bsw_checker::check_round(&t, round, profile)));
            let ns = start.ns();
            match report {
                // The Dutch profile's notes each say a check was skipped; the other profiles'
                // are informative.
                Ok(r)
                    if r.violations.is_empty()
                        && (r.notes.is_empty() || profile != Profile::Dutch) =>
                {
                    (Some(ns), CheckVerdict::Conforming)
                }
                Ok(r) if r.violations.is_empty() => {
                    (Some(ns), CheckVerdict::ConformingWithNotes(r.notes.len()))
                }
                Ok(r) => (Some(ns), CheckVerdict::Violations(r.violations.len())),
                Err(_) => (None, CheckVerdict::Unavailable),
            }
        } else {
            (None, CheckVerdict::NotRun)
        };
        fill_results(&mut t, round, spec.seed, spec.results);
        let mut m = RoundMeasure {
            size: spec.size,
            round,
            field_size,
            level,
            stats,
            dutch,
            pairing_ns,
            checking_ns,
            verdict,
            peak_rss_bytes: None,
        };
        on_round(&mut m);
        out.push(m);
    }
    Ok(out)
}

/// Median of `xs` (mean of the two middle values for an even count); `None` when empty.
pub fn median(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    let mut v = xs.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 { v[m] } else { (v[m - 1] + v[m]) / 2.0 })
}

/// Least-squares line through `(ln x, ln y)`: returns `(exponent, factor)` with
/// `y ≈ factor · x^exponent`. Points with a non-positive coordinate are skipped; `None` with
/// fewer than two distinct x.
pub fn fit_power(points: &[(f64, f64)]) -> Option<(f64, f64)> {
    let logs: Vec<(f64, f64)> = points
        .iter()
        .filter(|(x, y)| *x > 0.0 && *y > 0.0)
        .map(|(x, y)| (x.ln(), y.ln()))
        .collect();
    let n = logs.len() as f64;
    if logs.len() < 2 {
        return None;
    }
    let mx = logs.iter().map(|p| p.0).sum::<f64>() / n;
    let my = logs.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = logs.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    if sxx <= 0.0 {
        return None;
    }
    let sxy: f64 = logs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let slope = sxy / sxx;
    Some((slope, (my - slope * mx).exp()))
}

/// Per size: the median pairing time over its rounds (ms), the median checking time (ms,
/// when any round was certified) and the peak memory (bytes, the largest reading).
#[derive(Clone, Debug, PartialEq)]
pub struct SizeSummary {
    pub size: u32,
    pub rounds: usize,
    pub median_pairing_ms: f64,
    pub max_pairing_ms: f64,
    pub median_checking_ms: Option<f64>,
    pub peak_rss_bytes: Option<u64>,
}

/// Groups measures by size (ascending) and summarises each.
pub fn summarise(measures: &[RoundMeasure]) -> Vec<SizeSummary> {
    let mut sizes: Vec<u32> = measures.iter().map(|m| m.size).collect();
    sizes.sort_unstable();
    sizes.dedup();
    sizes
        .into_iter()
        .map(|size| {
            let ms: Vec<&RoundMeasure> = measures.iter().filter(|m| m.size == size).collect();
            let pairing: Vec<f64> = ms.iter().map(|m| m.pairing_ms()).collect();
            let checking: Vec<f64> = ms.iter().filter_map(|m| m.checking_ms()).collect();
            SizeSummary {
                size,
                rounds: ms.len(),
                median_pairing_ms: median(&pairing).unwrap_or(0.0),
                max_pairing_ms: pairing.iter().copied().fold(0.0, f64::max),
                median_checking_ms: median(&checking),
                peak_rss_bytes: ms.iter().filter_map(|m| m.peak_rss_bytes).max(),
            }
        })
        .collect()
}

/// One line of `bench.csv`, its columns in this order: the first eleven are those issue 8
/// names, then the extras. Times in milliseconds with 3 decimals, memory in MB with 1;
/// `checking_ms` and `peak_rss_mb` are empty when not measured, the Dutch columns (from
/// `brackets` on) in a Berger-Swiss round. In a Dutch round `matching_calls`,
/// `augmenting_paths` and `nodes_visited` are its matchers' ([`dutch_search_stats`]).
#[derive(Serialize)]
struct CsvRow {
    size: u32,
    round: u32,
    /// [`level_label`]: `rematches/L/balance/D` (D in points, `inf` = no limit).
    level: String,
    pairing_ms: String,
    checking_ms: Option<String>,
    matching_calls: u64,
    augmenting_paths: u64,
    nodes_visited: u64,
    peak_rss_mb: Option<String>,
    levels_tried: u64,
    field_size: usize,
    /// [`CheckVerdict::label`].
    check: String,
    filter_rejections: u64,
    fallback_searches: u64,
    // Dutch rounds only (empty for Berger-Swiss): `DutchStats`.
    brackets: Option<usize>,
    global_brackets: Option<usize>,
    fallbacks: Option<usize>,
    class_model: Option<usize>,
    compressed: Option<usize>,
    expanded: Option<usize>,
    guessed: Option<usize>,
    restarts: Option<u64>,
    dual_steps: Option<u64>,
}

impl CsvRow {
    fn of(m: &RoundMeasure) -> Self {
        CsvRow {
            size: m.size,
            round: m.round,
            level: level_label(m.level.as_ref()),
            pairing_ms: format!("{:.3}", m.pairing_ms()),
            checking_ms: m.checking_ms().map(|c| format!("{c:.3}")),
            matching_calls: m.stats.matching_calls,
            augmenting_paths: m.stats.augmenting_paths,
            nodes_visited: m.stats.nodes_visited,
            peak_rss_mb: m.peak_rss_bytes.map(|b| format!("{:.1}", b as f64 / (1024.0 * 1024.0))),
            levels_tried: m.stats.levels_tried,
            field_size: m.field_size,
            check: m.verdict.label(),
            filter_rejections: m.stats.filter_rejections,
            fallback_searches: m.stats.fallback_searches,
            brackets: m.dutch.map(|d| d.brackets.restricted + d.brackets.global),
            global_brackets: m.dutch.map(|d| d.brackets.global),
            fallbacks: m.dutch.map(|d| d.brackets.fallbacks),
            class_model: m.dutch.map(|d| d.brackets.class_model),
            compressed: m.dutch.map(|d| d.brackets.compressed),
            expanded: m.dutch.map(|d| d.brackets.expanded),
            guessed: m.dutch.map(|d| d.brackets.guessed),
            restarts: m.dutch.map(|d| d.work.restarts),
            dual_steps: m.dutch.map(|d| d.work.dual_steps),
        }
    }
}

/// The text of `bench.csv`: a header line, then one line per measured round (empty without
/// measures: the header comes with the first row).
pub fn csv_text(measures: &[RoundMeasure]) -> Result<String, String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    for m in measures {
        w.serialize(CsvRow::of(m)).map_err(|e| e.to_string())?;
    }
    let bytes = w.into_inner().map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_csv_keeps_its_columns_and_number_formats() {
        let first = RoundMeasure {
            size: 1000,
            round: 1,
            field_size: 1000,
            level: Some(Level {
                rematches: false,
                streak_limit: 2,
                balance: true,
                max_diff: Some(1),
            }),
            stats: SearchStats {
                levels_tried: 2,
                matching_calls: 3,
                augmenting_paths: 4,
                nodes_visited: 5,
                filter_rejections: 6,
                filter_nodes: 7,
                fallback_searches: 8,
            },
            dutch: None,
            pairing_ns: 1_234_567,
            checking_ns: Some(2_500_000),
            verdict: CheckVerdict::Violations(2),
            peak_rss_bytes: Some(3 * 1024 * 1024 + 512 * 1024),
        };
        let second = RoundMeasure {
            round: 2,
            level: None,
            checking_ns: None,
            verdict: CheckVerdict::NotRun,
            peak_rss_bytes: None,
            ..first
        };
        let brackets = bsw_engine::dutch::BracketStats {
            restricted: 11,
            global: 1,
            fallbacks: 1,
            class_model: 10,
            compressed: 4,
            expanded: 2,
            guessed: 7,
            ..Default::default()
        };
        let work = bsw_engine::dutch::Work {
            solves: 30,
            restarts: 5,
            augmentations: 40,
            scans: 50,
            dual_steps: 60,
        };
        let dutch = DutchStats { brackets, work };
        let third = RoundMeasure {
            round: 3,
            level: None,
            stats: dutch_search_stats(&dutch),
            dutch: Some(dutch),
            checking_ns: None,
            verdict: CheckVerdict::NotRun,
            peak_rss_bytes: None,
            ..first
        };
        assert_eq!(
            csv_text(&[first, second, third]).unwrap(),
            "size,round,level,pairing_ms,checking_ms,matching_calls,augmenting_paths,nodes_visited,peak_rss_mb,levels_tried,field_size,check,filter_rejections,fallback_searches,brackets,global_brackets,fallbacks,class_model,compressed,expanded,guessed,restarts,dual_steps\n\
             1000,1,no/2/yes/0.5,1.235,2.500,3,4,5,3.5,2,1000,2 violations,6,8,,,,,,,,,\n\
             1000,2,-,1.235,,3,4,5,,2,1000,-,6,8,,,,,,,,,\n\
             1000,3,-,1.235,,30,40,50,,0,1000,-,0,0,12,1,1,10,4,2,7,5,60\n"
        );
        assert_eq!(csv_text(&[]).unwrap(), "");
    }

    #[test]
    fn dutch_rounds_report_their_brackets_and_matcher_work() {
        let spec = BenchSpec {
            size: 40,
            rounds: 3,
            seed: 5,
            check: false,
            results: ResultModel::Elo,
            system: SystemKind::Dutch,
        };
        let ms = run(&spec, &mut |_| {}).unwrap();
        assert_eq!(ms.len(), 3);
        assert!(ms.iter().all(|m| m.level.is_none() && m.dutch.is_some()));
        // Round 1 is paired by the first-round rule, without a matching.
        let d1 = ms[0].dutch.unwrap();
        assert!(d1.brackets.first_round);
        assert_eq!(d1.work.solves, 0);
        // Later rounds: at least one bracket, each matched at least once.
        for m in &ms[1..] {
            let d = m.dutch.unwrap();
            assert!(!d.brackets.first_round);
            assert!(d.brackets.restricted + d.brackets.global >= 1, "{d:?}");
            assert!(d.work.solves >= 1 && d.work.scans + d.work.augmentations >= 1, "{d:?}");
            assert_eq!(m.stats.matching_calls, d.work.solves);
            assert_eq!(m.stats.nodes_visited, d.work.scans);
        }
        // Berger-Swiss rounds have none.
        let bs = run(&BenchSpec { system: SystemKind::BergerSwiss, ..spec }, &mut |_| {}).unwrap();
        assert!(bs.iter().all(|m| m.dutch.is_none()));
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        // By hand: sorted [1, 2, 9] -> 2; sorted [1, 2, 4, 9] -> (2 + 4) / 2 = 3.
        assert_eq!(median(&[9.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 9.0, 1.0, 2.0]), Some(3.0));
        assert_eq!(median(&[]), None);
    }

    #[test]
    fn fit_power_recovers_an_exact_power_law() {
        // y = 3 x^1.5 at x = 10, 100, 1000: the log-log line has slope 1.5, intercept ln 3.
        let pts: Vec<(f64, f64)> =
            [10.0f64, 100.0, 1000.0].iter().map(|&x| (x, 3.0 * x.powf(1.5))).collect();
        let (e, c) = fit_power(&pts).unwrap();
        assert!((e - 1.5).abs() < 1e-9, "{e}");
        assert!((c - 3.0).abs() < 1e-9, "{c}");
        assert_eq!(fit_power(&[(10.0, 1.0)]), None);
        assert_eq!(fit_power(&[(10.0, 1.0), (10.0, 2.0)]), None);
    }

    #[test]
    fn check_labels_say_when_the_dutch_check_was_partial_and_stay_csv_safe() {
        assert_eq!(CheckVerdict::Conforming.label(), "conforming");
        assert_eq!(CheckVerdict::ConformingWithNotes(2).label(), "conforming (2 notes)");
        assert_eq!(CheckVerdict::Violations(3).label(), "3 violations");
        assert!(!CheckVerdict::ConformingWithNotes(12).label().contains(','));
    }

    #[test]
    fn level_label_is_ascii_without_commas() {
        let l = Level { rematches: false, streak_limit: 2, balance: true, max_diff: Some(1) };
        assert_eq!(level_label(Some(&l)), "no/2/yes/0.5");
        let l = Level { rematches: true, streak_limit: 3, balance: false, max_diff: None };
        assert_eq!(level_label(Some(&l)), "yes/3/no/inf");
        let l = Level { rematches: false, streak_limit: 2, balance: true, max_diff: Some(2) };
        assert_eq!(level_label(Some(&l)), "no/2/yes/1");
        assert_eq!(level_label(None), "-");
    }

    #[test]
    fn generated_tournament_is_deterministic_and_plain() {
        let a = plain_swiss(50, 9, 7);
        let b = plain_swiss(50, 9, 7);
        assert_eq!(a, b);
        assert!(a.config.groups.is_empty());
        assert_eq!(a.config.rounds, Some(9));
        assert_eq!(a.players.len(), 50);
        // Ratings are sums of four draws from 0..=400 on top of 1000.
        assert!(a.players.iter().all(|p| (1000..=2600).contains(&p.rating)));
        assert_ne!(plain_swiss(50, 9, 8).players, a.players);
    }

    #[test]
    fn run_pairs_every_round_and_fills_every_result() {
        let spec = BenchSpec {
            size: 31,
            rounds: 5,
            seed: 3,
            check: false,
            results: ResultModel::Elo,
            system: SystemKind::BergerSwiss,
        };
        let mut seen = 0;
        let ms = run(&spec, &mut |m| {
            seen += 1;
            m.peak_rss_bytes = Some(42);
        })
        .unwrap();
        assert_eq!(seen, 5);
        assert_eq!(ms.iter().map(|m| m.round).collect::<Vec<_>>(), vec![1, 2, 3, 4, 5]);
        // 31 players: the whole field is Swiss and odd, so 15 games and one bye a round.
        assert!(ms.iter().all(|m| m.field_size == 31 && m.level.is_some()));
        assert!(
            ms.iter().all(|m| m.peak_rss_bytes == Some(42) && m.verdict == CheckVerdict::NotRun)
        );
        // Same seed, same pairings.
        let t1 = prepared(31, 5, 5, 3, ResultModel::Elo).unwrap();
        let t2 = prepared(31, 5, 5, 3, ResultModel::Elo).unwrap();
        assert_eq!(t1, t2);
        assert!(t1.missing_results(5).is_empty());
        assert_eq!(t1.rows.len(), 5 * 16);
    }

    #[test]
    fn coin_model_ignores_ratings_and_elo_model_follows_them() {
        // A 2600 against a 1000: Elo expectation 1/(1+10^(-4)) ~ 0.9999, so with 15% draws and
        // 1% forfeits the weaker side wins over the board almost never; with the coin model it
        // wins about 42% of the games (84 of 200 codes).
        let mut t = plain_swiss(2, 1, 0);
        t.players[0].rating = 2600;
        t.players[1].rating = 1000;
        let (mut elo_upsets, mut coin_upsets) = (0, 0);
        for seed in 0..1000u64 {
            for (model, upsets) in
                [(ResultModel::Elo, &mut elo_upsets), (ResultModel::Coin, &mut coin_upsets)]
            {
                let mut u = t.clone();
                u.rows.push(Row {
                    round: 1,
                    board: 1,
                    entry: Entry::Game { white: 1, black: 2, result: None },
                });
                fill_results(&mut u, 1, seed, model);
                if u.rows[0].entry
                    == (Entry::Game { white: 1, black: 2, result: Some(Outcome::BlackWin) })
                {
                    *upsets += 1;
                }
            }
        }
        assert!(elo_upsets <= 5, "{elo_upsets}");
        assert!((300..=540).contains(&coin_upsets), "{coin_upsets}");
    }
}

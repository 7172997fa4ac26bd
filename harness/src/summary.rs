//! The summary of a simulation campaign: counts, the ladder histogram of SPEC §8.3, bye
//! statistics, timing histograms and failures. Summaries of disjoint shards of one campaign
//! merge exactly ([`Summary::merge`]): counts and histograms add, timing percentiles come from
//! fixed-bucket histograms, so merging never needs the raw times.
//!
//! Everything that depends on the clock lives under `timing`; the rest is a pure function of
//! the campaign (seed, tournaments, parameters), whatever the number of threads or shards.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use crate::generator::{Corruption, GenParams, Played};

/// How many failures a summary lists (the ones with the smallest tournament index).
pub const MAX_LISTED_FAILURES: usize = 1000;

/// Timing histogram with fixed log-scale buckets (8 per power of two, so a reported value is
/// within 12.5% of the true one). Buckets are keyed by index so that the JSON stays small.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Histogram {
    pub count: u64,
    pub sum_ns: u64,
    pub max_ns: u64,
    /// bucket index -> count (see [`Histogram::bucket`]).
    pub buckets: BTreeMap<u32, u64>,
}

impl Histogram {
    /// Bucket of a value: values below 8 have their own bucket; above, 8 buckets per octave.
    pub fn bucket(v: u64) -> u32 {
        if v < 8 {
            return v as u32;
        }
        let e = 63 - v.leading_zeros(); // >= 3
        let frac = ((v >> (e - 3)) & 7) as u32;
        8 + (e - 3) * 8 + frac
    }

    /// Largest value that falls in bucket `b`.
    pub fn bucket_high(b: u32) -> u64 {
        if b < 8 {
            return b as u64;
        }
        let e = (b - 8) / 8 + 3;
        let frac = ((b - 8) % 8) as u64;
        ((9 + frac) << (e - 3)) - 1
    }

    pub fn record(&mut self, v: u64) {
        self.count += 1;
        self.sum_ns = self.sum_ns.saturating_add(v);
        self.max_ns = self.max_ns.max(v);
        *self.buckets.entry(Self::bucket(v)).or_insert(0) += 1;
    }

    pub fn merge(&mut self, o: &Histogram) {
        self.count += o.count;
        self.sum_ns = self.sum_ns.saturating_add(o.sum_ns);
        self.max_ns = self.max_ns.max(o.max_ns);
        for (&b, &c) in &o.buckets {
            *self.buckets.entry(b).or_insert(0) += c;
        }
    }

    /// The value at quantile `q` (0..=1): the top of the bucket holding it, never above the
    /// true maximum. 0 when empty.
    pub fn quantile(&self, q: f64) -> u64 {
        if self.count == 0 {
            return 0;
        }
        let rank = ((q * self.count as f64).ceil() as u64).clamp(1, self.count);
        let mut seen = 0;
        for (&b, &c) in &self.buckets {
            seen += c;
            if seen >= rank {
                return Self::bucket_high(b).min(self.max_ns);
            }
        }
        self.max_ns
    }
}

/// The slowest round of the campaign (engine + checker time).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Slowest {
    pub index: u64,
    pub tournament_seed: u64,
    pub round: u32,
    pub players: usize,
    pub engine_ns: u64,
    pub checker_ns: u64,
}

/// Everything that depends on the clock.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// The clock of the per-round times: `thread-cpu` (CPU time of the worker thread, immune
    /// to preemption on a busy machine) or `wall`.
    #[serde(default)]
    pub clock: String,
    /// Engine time per round (absence retries included).
    pub engine: Histogram,
    /// Checker time per round.
    pub checker: Histogram,
    pub slowest: Option<Slowest>,
    /// Wall-clock seconds of the run (the longest shard's, after a merge).
    pub wall_s: f64,
}

/// How often each level of the relaxation ladder (SPEC §8.3) was the one chosen.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Ladder {
    /// Rounds with a non-empty Swiss field.
    pub swiss_rounds: u64,
    /// Exact level, keyed like `rematches=no L=2 balance=yes D=0`.
    pub levels: BTreeMap<String, u64>,
    /// Rounds that needed rematches.
    pub rematches: u64,
    /// Rounds that needed a streak limit above 2.
    pub streak_over_2: u64,
    /// Rounds that could not keep colour balance.
    pub no_balance: u64,
    /// Rounds by the score difference D allowed: "0", "1/2", "1", "unlimited".
    pub max_diff: BTreeMap<String, u64>,
}

/// Where Swiss byes went.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Byes {
    pub swiss_byes: u64,
    /// To the bottom player of the field (SPEC §5 order).
    pub to_bottom: u64,
    /// To the lowest player among those with the fewest byes (SPEC §8.1 eligibility).
    pub to_lowest_eligible: u64,
    /// Higher up than the lowest eligible player (a longer streak or a rematch was avoided).
    pub above_lowest_eligible: u64,
    /// Field not identifiable from the rows.
    pub unknown: u64,
}

/// What the campaign exercised: tournaments by configuration, rows by kind.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Features {
    pub plain_swiss: u64,
    pub with_groups: u64,
    /// With groups and a lower Swiss group.
    pub lower_swiss: u64,
    /// With groups and rounds beyond the schedule length P.
    pub later_phase: u64,
    pub even_group: u64,
    pub odd_group: u64,
    pub several_groups: u64,
    pub swaps: u64,
    /// Tournaments with at least one withdrawal / requested absence recorded.
    pub withdrawals: u64,
    pub absences: u64,
    /// Tournaments with at least one late entrant (FIDE C.04.2, players.csv `enters`).
    #[serde(default)]
    pub late_entries: u64,
    /// Late entrants, over all tournaments.
    #[serde(default)]
    pub late_entrants: u64,
    /// Rows by result.
    pub decisive: u64,
    pub draws: u64,
    pub forfeits: u64,
    pub double_losses: u64,
    /// `bye` rows of every kind (Swiss, scheduled Berger, withdrawn opponent).
    pub byes: u64,
    pub half_byes: u64,
    pub zero_byes: u64,
    /// `full-bye` rows (the arbiter's full-point byes).
    #[serde(default)]
    pub full_byes: u64,
}

impl Features {
    fn add(&mut self, t: &bsw_model::Tournament) {
        use bsw_model::{Entry, Outcome};
        let c = &t.config;
        if c.groups.is_empty() {
            self.plain_swiss += 1;
        } else {
            self.with_groups += 1;
            let p = crate::generator::schedule_len(c.groups[0]);
            self.lower_swiss += (c.groups.iter().sum::<u32>() < t.players.len() as u32) as u64;
            self.later_phase += (c.rounds.unwrap_or(p) > p) as u64;
            self.even_group += c.groups.iter().any(|k| k % 2 == 0) as u64;
            self.odd_group += c.groups.iter().any(|k| k % 2 == 1) as u64;
            self.several_groups += (c.groups.len() > 1) as u64;
        }
        self.swaps += !c.swaps.is_empty() as u64;
        self.withdrawals += t.players.iter().any(|p| p.withdrawn_from.is_some()) as u64;
        self.absences +=
            t.players.iter().any(|p| !p.half_byes.is_empty() || !p.zero_byes.is_empty()) as u64;
        let late = t.players.iter().filter(|p| p.enters.is_some()).count() as u64;
        self.late_entries += (late > 0) as u64;
        self.late_entrants += late;
        for row in &t.rows {
            match row.entry {
                Entry::Game { result: Some(o), .. } => match o {
                    Outcome::WhiteWin | Outcome::BlackWin => self.decisive += 1,
                    Outcome::Draw => self.draws += 1,
                    Outcome::WhiteForfeitWin | Outcome::BlackForfeitWin => self.forfeits += 1,
                    Outcome::DoubleForfeit => self.double_losses += 1,
                },
                Entry::Game { result: None, .. } => {}
                Entry::Bye(_) => self.byes += 1,
                Entry::HalfBye(_) => self.half_byes += 1,
                Entry::ZeroBye(_) => self.zero_byes += 1,
                Entry::FullBye(_) => self.full_byes += 1,
            }
        }
    }

    fn merge(&mut self, o: &Features) {
        let pairs: [(&mut u64, u64); 20] = [
            (&mut self.plain_swiss, o.plain_swiss),
            (&mut self.with_groups, o.with_groups),
            (&mut self.lower_swiss, o.lower_swiss),
            (&mut self.later_phase, o.later_phase),
            (&mut self.even_group, o.even_group),
            (&mut self.odd_group, o.odd_group),
            (&mut self.several_groups, o.several_groups),
            (&mut self.swaps, o.swaps),
            (&mut self.withdrawals, o.withdrawals),
            (&mut self.absences, o.absences),
            (&mut self.late_entries, o.late_entries),
            (&mut self.late_entrants, o.late_entrants),
            (&mut self.decisive, o.decisive),
            (&mut self.draws, o.draws),
            (&mut self.forfeits, o.forfeits),
            (&mut self.double_losses, o.double_losses),
            (&mut self.byes, o.byes),
            (&mut self.half_byes, o.half_byes),
            (&mut self.zero_byes, o.zero_byes),
            (&mut self.full_byes, o.full_byes),
        ];
        for (a, b) in pairs {
            *a += b;
        }
    }
}

/// One failing tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FailureRecord {
    pub index: u64,
    pub tournament_seed: u64,
    pub round: u32,
    pub kind: String,
    /// First lines of the error or of the violations.
    pub details: Vec<String>,
}

/// Identity of a campaign: summaries merge only when these agree.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CampaignInfo {
    pub seed: u64,
    /// Tournaments of the whole campaign (all shards).
    pub tournaments: u64,
    pub params: GenParams,
    pub corrupt: Option<Corruption>,
    /// Shards covered, as `I/N` (empty: the whole campaign in one run).
    pub shards: Vec<String>,
    /// The external engine and profile (`bsw simulate --engine`); absent for the built-in one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<crate::external::profile::EngineInfo>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub campaign: CampaignInfo,
    /// Tournaments run (this shard, or all merged shards).
    pub tournaments: u64,
    pub rounds: u64,
    pub games: u64,
    /// Checker violations (must be 0).
    pub violations: u64,
    /// Engine errors and engine panics (must be 0).
    pub engine_errors: u64,
    pub engine_panics: u64,
    pub checker_panics: u64,
    pub failing_tournaments: u64,
    /// Requested absences that the engine refused (player on a Berger schedule); the
    /// generator makes a few on purpose, they are dropped and the round re-paired.
    pub dropped_absences: u64,
    pub features: Features,
    pub ladder: Ladder,
    pub byes: Byes,
    /// Failing tournaments by kind (the failure's label: rule broken, engine exit code,
    /// time-out, bad output, …).
    #[serde(default)]
    pub failure_kinds: BTreeMap<String, u64>,
    /// At most [`MAX_LISTED_FAILURES`], smallest index first.
    pub failures: Vec<FailureRecord>,
    /// Rounds certified conforming, by checker profile (`berger-swiss`; `generic` and `dutch`
    /// for FIDE Dutch tournaments, each round by both).
    #[serde(default)]
    pub certified: BTreeMap<String, u64>,
    /// Dutch tournaments that ended early because the engine found no pairing satisfying
    /// C1-C3 and the checker confirmed that none exists (no failure: an arbiter decides).
    #[serde(default)]
    pub no_valid_pairing: u64,
    /// Set when the run was stopped (Ctrl-C) before every tournament of it had run: the
    /// figures are those of the tournaments that finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<Interrupted>,
    pub timing: Timing,
}

/// How far an interrupted run got.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Interrupted {
    /// Tournaments that finished (and are counted in the summary).
    pub finished: u64,
    /// Tournaments the run (this shard) was to play.
    pub planned: u64,
}

/// The tournament indices of shard `I/N` of a campaign of `total` tournaments.
fn shard_indices(total: u64, shard: &str) -> Result<std::ops::Range<u64>, String> {
    let s = crate::shard::parse_shard(shard)?;
    Ok(crate::shard::shard_range(total, s))
}

fn level_key(l: &bsw_engine::Level) -> (String, String) {
    let d = match l.max_diff {
        None => "unlimited".to_string(),
        Some(d) if d % 2 == 0 => format!("{}", d / 2),
        Some(1) => "1/2".to_string(),
        Some(d) => format!("{d}/2"),
    };
    (
        format!(
            "rematches={} L={} balance={} D={}",
            if l.rematches { "yes" } else { "no" },
            l.streak_limit,
            if l.balance { "yes" } else { "no" },
            d
        ),
        d,
    )
}

impl Summary {
    pub fn new(campaign: CampaignInfo) -> Self {
        Summary {
            campaign,
            tournaments: 0,
            rounds: 0,
            games: 0,
            violations: 0,
            engine_errors: 0,
            engine_panics: 0,
            checker_panics: 0,
            failing_tournaments: 0,
            dropped_absences: 0,
            features: Features::default(),
            ladder: Ladder::default(),
            byes: Byes::default(),
            failure_kinds: BTreeMap::new(),
            failures: Vec::new(),
            certified: BTreeMap::new(),
            no_valid_pairing: 0,
            interrupted: None,
            timing: Timing::default(),
        }
    }

    /// Adds one tournament.
    pub fn add(&mut self, index: u64, tournament_seed: u64, played: &Played) {
        self.tournaments += 1;
        self.dropped_absences += played.dropped_absences as u64;
        let players = played.tournament.players.len();
        self.features.add(&played.tournament);
        self.no_valid_pairing += played.no_pairing.is_some() as u64;
        for r in &played.rounds {
            self.rounds += 1;
            self.games += r.games as u64;
            for profile in r.certified {
                *self.certified.entry(profile.to_string()).or_insert(0) += 1;
            }
            self.timing.engine.record(r.engine_ns);
            self.timing.checker.record(r.checker_ns);
            let slow = Slowest {
                index,
                tournament_seed,
                round: r.round,
                players,
                engine_ns: r.engine_ns,
                checker_ns: r.checker_ns,
            };
            self.offer_slowest(slow);
            if let Some(s) = &r.swiss {
                self.ladder.swiss_rounds += 1;
                let (key, d) = level_key(&s.level);
                *self.ladder.levels.entry(key).or_insert(0) += 1;
                *self.ladder.max_diff.entry(d).or_insert(0) += 1;
                self.ladder.rematches += s.level.rematches as u64;
                self.ladder.streak_over_2 += (s.level.streak_limit > 2) as u64;
                self.ladder.no_balance += (!s.level.balance) as u64;
                if let Some(b) = &s.bye {
                    self.byes.swiss_byes += 1;
                    match (b.bottom, b.eligible_bottom) {
                        (Some(bottom), Some(eb)) => {
                            self.byes.to_bottom += bottom as u64;
                            if eb {
                                self.byes.to_lowest_eligible += 1;
                            } else {
                                self.byes.above_lowest_eligible += 1;
                            }
                        }
                        _ => self.byes.unknown += 1,
                    }
                }
            }
        }
        if let Some(f) = &played.failure {
            self.failing_tournaments += 1;
            match &f.kind {
                crate::generator::FailureKind::Violation(_) => {
                    self.violations += played.violations as u64
                }
                crate::generator::FailureKind::EngineError(_) => self.engine_errors += 1,
                crate::generator::FailureKind::EnginePanic => {
                    self.engine_errors += 1;
                    self.engine_panics += 1
                }
                crate::generator::FailureKind::CheckerPanic => self.checker_panics += 1,
            }
            *self.failure_kinds.entry(f.kind.label()).or_insert(0) += 1;
            self.failures.push(FailureRecord {
                index,
                tournament_seed,
                round: f.round,
                kind: f.kind.label(),
                details: f.details.iter().take(5).cloned().collect(),
            });
            self.trim_failures();
        }
    }

    fn offer_slowest(&mut self, s: Slowest) {
        let total = |x: &Slowest| {
            (x.engine_ns + x.checker_ns, std::cmp::Reverse(x.index), std::cmp::Reverse(x.round))
        };
        if self.timing.slowest.as_ref().is_none_or(|cur| total(&s) > total(cur)) {
            self.timing.slowest = Some(s);
        }
    }

    fn trim_failures(&mut self) {
        self.failures.sort_by_key(|f| f.index);
        self.failures.dedup_by_key(|f| f.index);
        self.failures.truncate(MAX_LISTED_FAILURES);
    }

    /// Adds the counts of a summary of the same campaign (a disjoint set of tournaments).
    /// The campaign identity (`campaign` minus `shards`) must agree.
    pub fn merge(&mut self, o: &Summary) -> Result<(), String> {
        let (a, b) = (&self.campaign, &o.campaign);
        if a.seed != b.seed
            || a.tournaments != b.tournaments
            || a.params != b.params
            || a.corrupt != b.corrupt
            || a.engine != b.engine
        {
            return Err(format!(
                "summaries of different campaigns (seed {} with {} tournaments vs seed {} with {}, or other parameters differ)",
                a.seed, a.tournaments, b.seed, b.tournaments
            ));
        }
        if a.shards.is_empty() || b.shards.is_empty() {
            return Err("a summary of a whole campaign cannot be merged with another".into());
        }
        let total = a.tournaments;
        for x in &b.shards {
            let rx = shard_indices(total, x)?;
            for y in &a.shards {
                let ry = shard_indices(total, y)?;
                if rx.start < ry.end && ry.start < rx.end {
                    return Err(if x == y {
                        format!("shard {x} appears twice")
                    } else {
                        format!(
                            "shards {y} and {x} overlap (tournaments {}..{} are in both)",
                            rx.start.max(ry.start),
                            rx.end.min(ry.end)
                        )
                    });
                }
            }
        }
        self.campaign.shards.extend(b.shards.iter().cloned());
        self.campaign.shards.sort_by_key(|s| {
            let mut it = s.split('/').map(|x| x.parse::<u64>().unwrap_or(0));
            (it.next(), it.next())
        });
        self.merge_counts(o);
        Ok(())
    }

    /// What the summary does not cover of its campaign: `Ok(None)` when it covers every
    /// tournament, else a description for people (the missing shards `I/N` when the shards
    /// share one N, else the missing index ranges).
    pub fn missing(&self) -> Result<Option<String>, String> {
        let c = &self.campaign;
        if c.shards.is_empty() {
            return Ok(None);
        }
        let mut covered = c
            .shards
            .iter()
            .map(|x| shard_indices(c.tournaments, x))
            .collect::<Result<Vec<_>, _>>()?;
        covered.sort_by_key(|r| r.start);
        let mut gaps = Vec::new();
        let mut next = 0;
        for r in covered.iter().chain(std::iter::once(&(c.tournaments..c.tournaments))) {
            if r.start > next {
                gaps.push(next..r.start);
            }
            next = next.max(r.end);
        }
        if gaps.is_empty() {
            return Ok(None);
        }
        let ns: Vec<u64> = c
            .shards
            .iter()
            .map(|x| crate::shard::parse_shard(x).map(|(_, n)| n))
            .collect::<Result<_, _>>()?;
        if ns.iter().all(|&n| n == ns[0]) {
            let n = ns[0];
            let absent: Vec<String> =
                (1..=n).map(|i| format!("{i}/{n}")).filter(|x| !c.shards.contains(x)).collect();
            let (word, verb) = if absent.len() == 1 { ("shard", "is") } else { ("shards", "are") };
            return Ok(Some(format!(
                "{word} {} {verb} missing ({} of the campaign's {} tournaments covered)",
                absent.join(", "),
                self.tournaments,
                c.tournaments
            )));
        }
        let ranges: Vec<String> = gaps.iter().map(|g| format!("{}..{}", g.start, g.end)).collect();
        Ok(Some(format!(
            "tournaments {} are not covered by any shard ({} of the campaign's {} covered)",
            ranges.join(", "),
            self.tournaments,
            c.tournaments
        )))
    }

    /// Adds everything but the campaign identity.
    fn merge_counts(&mut self, o: &Summary) {
        self.tournaments += o.tournaments;
        self.rounds += o.rounds;
        self.games += o.games;
        self.violations += o.violations;
        self.engine_errors += o.engine_errors;
        self.engine_panics += o.engine_panics;
        self.checker_panics += o.checker_panics;
        self.failing_tournaments += o.failing_tournaments;
        self.dropped_absences += o.dropped_absences;
        self.features.merge(&o.features);
        let l = &mut self.ladder;
        l.swiss_rounds += o.ladder.swiss_rounds;
        for (k, v) in &o.ladder.levels {
            *l.levels.entry(k.clone()).or_insert(0) += v;
        }
        for (k, v) in &o.ladder.max_diff {
            *l.max_diff.entry(k.clone()).or_insert(0) += v;
        }
        l.rematches += o.ladder.rematches;
        l.streak_over_2 += o.ladder.streak_over_2;
        l.no_balance += o.ladder.no_balance;
        let y = &mut self.byes;
        y.swiss_byes += o.byes.swiss_byes;
        y.to_bottom += o.byes.to_bottom;
        y.to_lowest_eligible += o.byes.to_lowest_eligible;
        y.above_lowest_eligible += o.byes.above_lowest_eligible;
        y.unknown += o.byes.unknown;
        for (k, v) in &o.failure_kinds {
            *self.failure_kinds.entry(k.clone()).or_insert(0) += v;
        }
        for (k, v) in &o.certified {
            *self.certified.entry(k.clone()).or_insert(0) += v;
        }
        self.no_valid_pairing += o.no_valid_pairing;
        self.interrupted = match (self.interrupted, o.interrupted) {
            (Some(a), Some(b)) => Some(Interrupted {
                finished: a.finished + b.finished,
                planned: a.planned + b.planned,
            }),
            (a, b) => a.or(b),
        };
        self.failures.extend(o.failures.iter().cloned());
        self.trim_failures();
        self.timing.engine.merge(&o.timing.engine);
        self.timing.checker.merge(&o.timing.checker);
        if let Some(s) = &o.timing.slowest {
            self.offer_slowest(s.clone());
        }
        self.timing.wall_s = self.timing.wall_s.max(o.timing.wall_s);
        if self.timing.clock != o.timing.clock {
            self.timing.clock =
                if self.timing.clock.is_empty() { o.timing.clock.clone() } else { "mixed".into() };
        }
    }

    /// Merge of two partial summaries of one run (same campaign, no shard bookkeeping).
    pub fn absorb(mut self, o: Summary) -> Summary {
        self.merge_counts(&o);
        self
    }

    /// Whether the campaign passed: no violation, no engine error, no panic.
    pub fn passed(&self) -> bool {
        self.failing_tournaments == 0
    }

    /// The summary for people.
    pub fn render(&self) -> String {
        use std::fmt::Write;
        let mut s = String::new();
        let c = &self.campaign;
        let shards = if c.shards.is_empty() {
            String::new()
        } else {
            format!(", shards {}", c.shards.join(" "))
        };
        let _ = writeln!(s, "campaign: seed {}, {} tournaments{}", c.seed, c.tournaments, shards);
        if let Some(i) = &self.interrupted {
            let _ = writeln!(
                s,
                "INTERRUPTED after {} of {} tournaments (Ctrl-C): the figures are those of the finished tournaments",
                i.finished, i.planned
            );
        }
        if let Some(e) = &c.engine {
            let _ = writeln!(s, "{}", e.describe());
        }
        if let Ok(Some(what)) = self.missing() {
            let _ = writeln!(s, "partial campaign: {what}");
        }
        if let Some(x) = &c.corrupt {
            let _ = writeln!(s, "TEST SWITCH ON: engine output corrupted ({x:?})");
        }
        let _ = writeln!(
            s,
            "tournaments {}   rounds {}   games {}",
            self.tournaments, self.rounds, self.games
        );
        let _ = writeln!(
            s,
            "violations {}   engine errors {} (panics {})   checker panics {}   failing tournaments {}",
            self.violations,
            self.engine_errors,
            self.engine_panics,
            self.checker_panics,
            self.failing_tournaments
        );
        let dutch = c.params.system == crate::generator::SystemKind::Dutch;
        if dutch {
            let _ = writeln!(s, "system: FIDE (Dutch) C.04.3");
        }
        if !self.certified.is_empty() {
            let by: Vec<String> =
                self.certified.iter().map(|(k, v)| format!("{v} by profile {k}")).collect();
            let _ = writeln!(s, "rounds certified conforming: {}", by.join(", "));
        }
        // The generic profile certifies plain Swiss events by FIDE C.04.1: Berger groups,
        // refused absences (SPEC §9), the ladder and the Swiss bye are no notions of it.
        let generic = c
            .engine
            .as_ref()
            .is_some_and(|e| e.profile == crate::external::profile::ExtProfile::Generic);
        if dutch || generic {
            let _ = writeln!(
                s,
                "ended early, no pairing satisfies {} (engine and checker agree): {} tournaments",
                if dutch { "C1-C3" } else { "the basic rules C.04.1" },
                self.no_valid_pairing
            );
        }
        let f = &self.features;
        if dutch || generic {
            let _ = writeln!(
                s,
                "exercised: withdrawals {}, absences {}, late entries {} (tournaments with at least one); late entrants {}",
                f.withdrawals, f.absences, f.late_entries, f.late_entrants
            );
        } else {
            self.render_exercised(&mut s);
        }
        // The arbiter's full-point byes (`--full-bye-rate`) only when there are some.
        let full =
            if f.full_byes > 0 { format!(", full-byes {}", f.full_byes) } else { String::new() };
        let _ = writeln!(
            s,
            "results: decisive {}, draws {}, forfeits {}, double losses {}; byes {}, half-byes {}, zero-byes {}{full}",
            f.decisive, f.draws, f.forfeits, f.double_losses, f.byes, f.half_byes, f.zero_byes
        );
        if generic {
            let _ = writeln!(
                s,
                "Berger groups, refused absences, ladder and Swiss-bye statistics: SPEC notions, none under the generic profile"
            );
        } else {
            let _ = writeln!(
                s,
                "absences refused by the engine and dropped: {}",
                self.dropped_absences
            );
        }
        if !dutch && !generic {
            self.render_ladder(&mut s);
        }
        self.render_timing(&mut s);
        s
    }

    /// What a Berger-Swiss campaign exercised.
    fn render_exercised(&self, s: &mut String) {
        use std::fmt::Write;
        let f = &self.features;
        let _ = writeln!(
            s,
            "exercised: plain Swiss {}, Berger groups {} (lower Swiss group {}, later phase {}, even group {}, odd group {}, several groups {}), swaps {}, withdrawals {}, absences {}",
            f.plain_swiss,
            f.with_groups,
            f.lower_swiss,
            f.later_phase,
            f.even_group,
            f.odd_group,
            f.several_groups,
            f.swaps,
            f.withdrawals,
            f.absences
        );
    }

    /// The SPEC §8.3 ladder and Swiss-bye statistics (Berger-Swiss campaigns).
    fn render_ladder(&self, s: &mut String) {
        use std::fmt::Write;
        let l = &self.ladder;
        let pct = |x: u64, of: u64| {
            if of == 0 { 0.0 } else { 100.0 * x as f64 / of as f64 }
        };
        let _ =
            writeln!(s, "ladder (SPEC 8.3), over {} rounds with a Swiss field:", l.swiss_rounds);
        let _ = writeln!(
            s,
            "  needed rematches {} ({:.2}%), streak limit above 2 {} ({:.2}%), no colour balance {} ({:.2}%)",
            l.rematches,
            pct(l.rematches, l.swiss_rounds),
            l.streak_over_2,
            pct(l.streak_over_2, l.swiss_rounds),
            l.no_balance,
            pct(l.no_balance, l.swiss_rounds)
        );
        let ds: Vec<String> = ["0", "1/2", "1", "unlimited"]
            .iter()
            .map(|d| format!("D={d}: {}", l.max_diff.get(*d).copied().unwrap_or(0)))
            .collect();
        let _ = writeln!(s, "  {}", ds.join("   "));
        let mut levels: Vec<(&String, &u64)> = l.levels.iter().collect();
        levels.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        for (k, v) in levels {
            let _ = writeln!(s, "  {v:>10}  {k}");
        }
        let y = &self.byes;
        let _ = writeln!(
            s,
            "Swiss byes {}: to the field's bottom {}, to the lowest eligible player {}, higher up {}{}",
            y.swiss_byes,
            y.to_bottom,
            y.to_lowest_eligible,
            y.above_lowest_eligible,
            if y.unknown > 0 {
                format!(", field not identified {}", y.unknown)
            } else {
                String::new()
            }
        );
    }

    /// Timing lines, each with its own clock.
    fn render_timing(&self, s: &mut String) {
        use std::fmt::Write;
        let t = &self.timing;
        let us = |ns: u64| ns as f64 / 1000.0;
        for (name, who, h) in [("engine ", "engine", &t.engine), ("checker", "checker", &t.checker)]
        {
            let _ = writeln!(
                s,
                "{name} time per round ({}): median {:.1} µs   p99 {:.1} µs   max {:.1} µs",
                clock_of(&t.clock, who),
                us(h.quantile(0.5)),
                us(h.quantile(0.99)),
                us(h.max_ns)
            );
        }
        if let Some(sl) = &t.slowest {
            let _ = writeln!(
                s,
                "slowest round: tournament {} (seed {}), round {}, {} players: engine {:.1} µs, checker {:.1} µs",
                sl.index,
                sl.tournament_seed,
                sl.round,
                sl.players,
                us(sl.engine_ns),
                us(sl.checker_ns)
            );
        }
        if t.wall_s > 0.0 {
            let _ = writeln!(
                s,
                "wall {:.2} s, {:.1} tournaments/s, {:.0} rounds/s",
                t.wall_s,
                self.tournaments as f64 / t.wall_s,
                self.rounds as f64 / t.wall_s
            );
        }
        if !self.failure_kinds.is_empty() {
            let kinds: Vec<String> =
                self.failure_kinds.iter().map(|(k, v)| format!("{k}: {v}")).collect();
            let _ = writeln!(s, "failures by kind: {}", kinds.join("; "));
        }
        for f in self.failures.iter().take(20) {
            let _ = writeln!(
                s,
                "FAILED tournament {} (seed {}) round {}: {}",
                f.index, f.tournament_seed, f.round, f.kind
            );
            for d in f.details.iter().take(3) {
                let _ = writeln!(s, "    {d}");
            }
        }
        if self.failing_tournaments > 20 {
            let _ = writeln!(s, "… and {} more failing tournaments", self.failing_tournaments - 20);
        }
        let verdict = match (self.passed(), &self.interrupted) {
            (true, Some(i)) => {
                format!(
                    "INTERRUPTED after {} of {} tournaments, no failure so far",
                    i.finished, i.planned
                )
            }
            (true, None) => "PASS".into(),
            (false, _) => "FAIL".into(),
        };
        let _ = writeln!(s, "{verdict}");
    }
}

/// The clock of `who` ("engine" or "checker") in a timing clock label: a campaign with an
/// external engine times the engine's calls by the wall clock and the checker by the
/// thread's CPU time, written `wall (engine), thread-cpu (checker)`; any other label is both.
fn clock_of<'a>(clock: &'a str, who: &str) -> &'a str {
    clock.split(", ").find_map(|part| part.strip_suffix(&format!(" ({who})"))).unwrap_or(clock)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty summary of shards `shards` of a 12-tournament campaign that ran `ran` of them.
    fn shards(list: &[&str], ran: u64) -> Summary {
        let mut s = Summary::new(CampaignInfo {
            seed: 1,
            tournaments: 12,
            params: GenParams::default(),
            corrupt: None,
            shards: list.iter().map(|x| x.to_string()).collect(),
            engine: None,
        });
        s.tournaments = ran;
        s
    }

    #[test]
    fn coverage_names_missing_shards_or_index_ranges() {
        assert_eq!(shards(&[], 12).missing(), Ok(None));
        assert_eq!(shards(&["1/2", "2/2"], 12).missing(), Ok(None));
        // Different splits that together cover 0..12: [0,4) + [4,6) + [6,12).
        assert_eq!(shards(&["1/3", "3/6", "2/2"], 12).missing(), Ok(None));
        assert_eq!(
            shards(&["2/4"], 3).missing().unwrap().unwrap(),
            "shards 1/4, 3/4, 4/4 are missing (3 of the campaign's 12 tournaments covered)"
        );
        // 1/3 = [0,4), 4/6 = [6,8): 4..6 and 8..12 are not covered.
        assert_eq!(
            shards(&["1/3", "4/6"], 6).missing().unwrap().unwrap(),
            "tournaments 4..6, 8..12 are not covered by any shard (6 of the campaign's 12 covered)"
        );
    }

    #[test]
    fn merging_refuses_overlaps_and_accepts_disjoint_shards() {
        let mut a = shards(&["1/3"], 4);
        assert!(a.merge(&shards(&["1/3"], 4)).unwrap_err().contains("shard 1/3 appears twice"));
        let err = a.merge(&shards(&["1/6"], 2)).unwrap_err();
        assert_eq!(err, "shards 1/3 and 1/6 overlap (tournaments 0..2 are in both)");
        a.merge(&shards(&["3/6"], 2)).unwrap();
        assert_eq!(a.campaign.shards, ["1/3", "3/6"]);
        assert_eq!(a.tournaments, 6);
    }

    #[test]
    fn histogram_buckets_bound_their_values() {
        // Every value lies between the top of the previous bucket (exclusive) and the top of
        // its own: checked over a spread of magnitudes.
        for v in (0..2000u64).chain([12_345, 999_999, 1 << 40, u64::MAX / 3]) {
            let b = Histogram::bucket(v);
            assert!(v <= Histogram::bucket_high(b), "{v} above top of bucket {b}");
            if b > 0 {
                assert!(v > Histogram::bucket_high(b - 1), "{v} not above bucket {}", b - 1);
            }
        }
    }

    #[test]
    fn histogram_quantiles_within_an_eighth() {
        let mut h = Histogram::default();
        for v in 1..=1000u64 {
            h.record(v * 1000);
        }
        // True median 500_000, p99 990_000; the bucket top is at most 12.5% above.
        let med = h.quantile(0.5);
        assert!((500_000..=562_500).contains(&med), "{med}");
        let p99 = h.quantile(0.99);
        assert!((990_000..=1_000_000).contains(&p99), "{p99}");
        assert_eq!(h.quantile(1.0), 1_000_000);
    }

    #[test]
    fn merged_histogram_equals_histogram_of_all_values() {
        let (mut a, mut b, mut all) =
            (Histogram::default(), Histogram::default(), Histogram::default());
        for v in 0..500u64 {
            let x = v * v * 37 + 11;
            if v % 3 == 0 {
                a.record(x)
            } else {
                b.record(x)
            }
            all.record(x);
        }
        a.merge(&b);
        assert_eq!(a, all);
    }
}

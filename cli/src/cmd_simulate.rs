//! `bsw simulate`: a campaign of random tournaments, every round paired by the engine and
//! certified by the checker, in parallel; prints a summary (text or `--json`), writes every
//! failing tournament (and a shrunk version of it) to a failures directory, and exits 1 on any
//! violation, engine error or panic. `--shard I/N` runs one slice of a campaign and
//! `--merge FILES…` adds up the JSON summaries of the slices.

use bsw_harness::generator::{Played, Scenario};
use bsw_harness::shrink::shrink;
use bsw_harness::simulate::{CampaignSpec, parse_shard, simulate_until};
use bsw_harness::summary::{FailureRecord, Summary};
use std::path::{Path, PathBuf};

use crate::cmd_generate::{GenArgs, gen_flags, parse_seed};

/// Tournaments of the default campaign (sized to finish within a minute on 2 cores).
pub(crate) const DEFAULT_TOURNAMENTS: u64 = 20_000;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// Tournaments in the campaign (all shards together), at least 1.
    #[arg(long, default_value_t = DEFAULT_TOURNAMENTS, allow_negative_numbers = true,
          value_parser = parse_tournaments)]
    pub tournaments: u64,
    /// Campaign seed (0 to 2^63-1); tournament i gets its own seed derived from it and i.
    #[arg(long, default_value_t = 1, value_parser = parse_seed)]
    pub seed: u64,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    pub jobs: usize,
    /// Run only the I-th (1-based) of N disjoint slices of the tournaments, e.g. 3/8.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Print the summary as JSON (on stdout).
    #[arg(long)]
    pub json: bool,
    /// Where failing tournaments go (default ./failures/<seed>/).
    #[arg(long, value_name = "DIR")]
    pub failures: Option<PathBuf>,
    /// Shrink at most this many failing tournaments (smallest index first); all are written.
    #[arg(long, default_value_t = 10)]
    pub shrink_max: usize,
    /// Replays allowed for shrinking one failure.
    #[arg(long, default_value_t = 3000)]
    pub shrink_budget: usize,
    /// Merge the JSON summaries of the shards of one campaign instead of running anything.
    /// Every tournament of the campaign must be covered (see --allow-partial). The campaign's
    /// flags are in the summaries: no other campaign flag goes with it.
    #[arg(long, num_args = 1.., value_name = "FILES",
          conflicts_with_all = ["tournaments", "seed", "jobs", "shard", "failures", "shrink_max",
                                "shrink_budget", "GenArgs", "GenParams", "EngineArgs"])]
    pub merge: Option<Vec<PathBuf>>,
    /// With --merge: accept shards that do not cover the whole campaign (the summary says what
    /// is missing) instead of refusing them.
    #[arg(long, requires = "merge")]
    pub allow_partial: bool,
    #[command(flatten)]
    pub gen_args: GenArgs,
    #[command(flatten)]
    pub engine: crate::engine_mode::EngineArgs,
}

/// `--tournaments N`: a whole number of at least 1 (a negative number or 0 gets a sentence,
/// not clap's "unexpected argument" or a campaign that runs nothing and passes).
fn parse_tournaments(s: &str) -> Result<u64, String> {
    match s.trim().parse::<i128>() {
        Ok(n) if n >= 1 && n <= u64::MAX as i128 => Ok(n as u64),
        Ok(n) if n <= 0 => Err(format!(
            "{n} tournaments would run nothing; give a number of at least 1 (e.g. --tournaments 100)"
        )),
        _ => Err(format!("`{s}` is not a number of tournaments (e.g. --tournaments 100)")),
    }
}

pub(crate) fn run(args: Args) -> crate::CmdResult {
    if let Some(files) = &args.merge {
        return merge(files, args.json, args.allow_partial);
    }
    if args.engine.engine.is_none() && args.engine.profile.is_some() {
        let hint = match args.engine.profile.as_deref() {
            Some("dutch") => {
                "; for a campaign of FIDE (Dutch) events with the built-in engine write --system dutch"
            }
            _ => "; the built-in engine's rounds are certified by the profile of their system",
        };
        return Err(format!(
            "--profile names the rule book for an external engine's rounds and goes with --engine{hint}"
        ));
    }
    let engine = args.engine.engine(crate::cmd_generate::dutch_system(&args.gen_args.params))?;
    if engine.is_some() && args.gen_args.test_corrupt_board1.is_some() {
        return Err("--test-corrupt-board1 corrupts the built-in engine's rounds; it does not apply with --engine".into());
    }
    let mut spec = CampaignSpec {
        seed: args.seed,
        tournaments: args.tournaments,
        shard: args.shard.as_deref().map(parse_shard).transpose()?,
        params: args.gen_args.params()?,
        play: args.gen_args.play_options(),
        jobs: args.jobs,
    };
    if let Some(e) = &engine {
        spec.params = e.profile.params(spec.params);
    }
    let todo = spec.indices().end - spec.indices().start;

    // Engine and checker panics are caught and counted; keep them off the terminal.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let progress = crate::progress::Progress::new(todo, "simulate", "tournaments");
    let stop = crate::interrupt::flag();
    let result = match &engine {
        Some(e) => bsw_harness::external::simulate_external(&spec, e, &|| progress.tick(), stop),
        None => simulate_until(&spec, &|| progress.tick(), stop),
    };
    progress.finish();
    let summary = match result {
        Ok(s) => s,
        Err(e) => {
            std::panic::set_hook(hook);
            return Err(e);
        }
    };

    let mut written = Vec::new();
    if !summary.failures.is_empty() {
        let dir = args
            .failures
            .clone()
            .unwrap_or_else(|| PathBuf::from("failures").join(args.seed.to_string()));
        written = match &engine {
            Some(e) => bsw_harness::external::failures::write_failures(
                &spec,
                e,
                &summary,
                &dir,
                args.shrink_max,
                args.shrink_budget,
                &gen_flags(&spec.params, None).join(" "),
            )?,
            None => write_failures(&spec, &summary, &dir, args.shrink_max, args.shrink_budget)?,
        };
    }
    std::panic::set_hook(hook);

    crate::output::json_or_text(args.json, &summary, || summary.render())?;
    for w in &written {
        errln!("{w}");
    }
    Ok(if summary.interrupted.is_some() {
        crate::interrupt::EXIT_INTERRUPTED
    } else if summary.passed() {
        0
    } else {
        1
    })
}

fn merge(files: &[PathBuf], json: bool, allow_partial: bool) -> crate::CmdResult {
    let mut merged: Option<Summary> = None;
    for f in files {
        let text =
            std::fs::read_to_string(f).map_err(|e| format!("{}: cannot read: {e}", f.display()))?;
        let s: Summary = serde_json::from_str(&text).map_err(|e| {
            format!(
                "{}:{}: summary: not a JSON summary of `bsw simulate --json`: {e}",
                f.display(),
                e.line()
            )
        })?;
        match &mut merged {
            None => merged = Some(s),
            Some(m) => m.merge(&s).map_err(|e| format!("{}: {e}", f.display()))?,
        }
    }
    let m = merged.ok_or("--merge needs at least one file")?;
    if let Some(what) = m.missing()?
        && !allow_partial
    {
        return Err(format!(
            "the merged summaries do not cover the whole campaign: {what}; merge the missing shards too, or pass --allow-partial to accept a partial campaign"
        ));
    }
    crate::output::json_or_text(json, &m, || m.render())?;
    Ok(if m.passed() { 0 } else { 1 })
}

fn how_to_reproduce(played: &Played) -> &'static str {
    match played.failure.as_ref().map(|f| &f.kind) {
        Some(bsw_harness::generator::FailureKind::Violation(_))
        | Some(bsw_harness::generator::FailureKind::CheckerPanic)
            if played.tournament.config.system.dutch().is_some() =>
        {
            "`bsw check DIR` (profile dutch) and `bsw check --profile generic DIR` certify the rounds in this directory; the last one fails"
        }
        Some(bsw_harness::generator::FailureKind::Violation(_))
        | Some(bsw_harness::generator::FailureKind::CheckerPanic) => {
            "`bsw check DIR` certifies the rounds in this directory; the last one fails"
        }
        _ => {
            "this directory holds the rounds before the failure; `bsw pair DIR` pairs the failing round"
        }
    }
}

fn describe(played: &Played) -> String {
    played.failure_text().unwrap_or_else(|| "no failure on replay (flaky?)".into())
}

/// Writes every listed failure as `DIR/tournament-<index>/` (+ README.md) and, for the first
/// `shrink_max`, the shrunk case as `DIR/tournament-<index>/shrunk/`. Returns lines for people.
fn write_failures(
    spec: &CampaignSpec,
    summary: &Summary,
    dir: &Path,
    shrink_max: usize,
    budget: usize,
) -> Result<Vec<String>, String> {
    let flags = gen_flags(&spec.params, spec.play.corrupt).join(" ");
    let work = |(k, f): (usize, &FailureRecord)| -> Result<String, String> {
        let (sc, played): (Scenario, Played) = spec.replay(f.index);
        let case = dir.join(format!("tournament-{}", f.index));
        write_case(&case, &played.tournament)?;
        let mut readme = format!(
            "# Failing tournament {} of campaign seed {}\n\nFailure in {}\nSize: {}\n\n\
             Reproduce this tournament (writes it into DIR, a new directory, and reports the failure):\n\n    \
             bsw generate --seed {} {} DIR\n\n\
             The whole campaign:\n\n    bsw simulate --seed {} --tournaments {} {}\n\n\
             In this directory: {}.\n",
            f.index,
            spec.seed,
            describe(&played),
            sc.size(),
            f.tournament_seed,
            flags,
            spec.seed,
            spec.tournaments,
            flags,
            how_to_reproduce(&played)
        );
        let mut line = format!("failure: tournament {} written to {}", f.index, case.display());
        if k < shrink_max
            && let Some(target) = played.failure.as_ref().map(|x| x.kind.clone())
        {
            let s = shrink(&sc, &spec.play, &target, budget);
            let sdir = case.join("shrunk");
            write_case(&sdir, &s.played.tournament)?;
            let text = format!(
                "# Shrunk from tournament {} of campaign seed {}\n\nSize: {} (was {}); {} replays, {} simplifications kept.\n\n\
                     Failure in {}\nIn this directory: {}.\n",
                f.index,
                spec.seed,
                s.scenario.size(),
                sc.size(),
                s.attempts,
                s.accepted,
                describe(&s.played),
                how_to_reproduce(&s.played)
            );
            bsw_model::io::write_atomic(&sdir.join("README.md"), &text)
                .map_err(|e| e.to_string())?;
            let (in_readme, in_line) = s.notes(&sdir);
            readme.push_str(&in_readme);
            line.push_str(&in_line);
        }
        bsw_model::io::write_atomic(&case.join("README.md"), &readme).map_err(|e| e.to_string())?;
        Ok(line)
    };
    bsw_harness::simulate::on_failures(spec.jobs, summary, work)
}

fn write_case(dir: &Path, t: &bsw_model::Tournament) -> Result<(), String> {
    bsw_model::io::write_dir(dir, t).map_err(|e| e.to_string())
}

//! `bsw report DIR|FILE.trf -o OUT.html [--profile berger-swiss|generic]`: the arbiter's
//! certificate, one self-contained HTML page (see `bsw-report`): event, seed and Berger draw,
//! every round, the checker's verdict per round with each violation written out, crosstables,
//! standings with a legend, a score-progression chart.
//!
//! Everything is computed before anything is written: a tournament that does not read, or
//! whose standings cannot be computed, gives exit 2 and no file (no half page). The page is
//! written to a temporary file next to OUT.html and renamed into place. Exit 0 when the page
//! is written, whatever the verdict (the verdict is on the page and on standard output).

use crate::cmd_check::ProfileArg;
use bsw_checker::Profile;
use bsw_model::Tournament;
use bsw_report::{BergerDraw, Event, Input, Verdict};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub(crate) struct Args {
    /// Tournament directory or TRF file (name ending in .trf).
    pub path: PathBuf,
    /// The HTML file to write.
    #[arg(short = 'o', long = "output", value_name = "OUT.html")]
    pub output: PathBuf,
    /// Rule book to certify against (default: dutch for a tournament that declares the
    /// Dutch system, berger-swiss for a directory or a TRF file with berger-swiss records,
    /// generic for any other TRF file).
    #[arg(long, value_enum)]
    pub profile: Option<ProfileArg>,
    #[command(flatten)]
    pub read: crate::input::ReadArgs,
}

/// The one place that reads the checker's report: through its JSON shape (the keys of
/// `bsw check --json`), so that changes to the checker's Rust types stay out of the page.
fn certify(report: &bsw_checker::Report, profile: Profile) -> Result<Verdict, String> {
    let json = serde_json::to_value(report).map_err(|e| e.to_string())?;
    bsw_report::verdict_from_check_json(profile.name(), &json)
}

/// Who got which Berger number (SPEC §4), as the engine draws them.
fn berger_draw(t: &Tournament) -> Result<Vec<BergerDraw>, String> {
    if t.config.groups.is_empty() {
        return Ok(Vec::new());
    }
    let numbers = bsw_engine::berger_swiss::berger_numbers(t).map_err(|e| e.to_string())?;
    Ok((1..).zip(numbers).map(|(group, by_number)| BergerDraw { group, by_number }).collect())
}

pub(crate) fn run(args: Args) -> crate::CmdResult {
    if args.output.is_dir() {
        return Err(format!(
            "{}: -o: is a directory; give the name of the HTML file to write",
            args.output.display()
        ));
    }
    let loaded = crate::input::load(&args.path, &args.read).map_err(|e| e.to_string())?;
    let t = loaded.tournament;
    let profile =
        crate::cmd_check::profile_for(&args.path, &t, loaded.carries_config, args.profile, false);
    let report = bsw_checker::check(&t, profile);
    let (page, v) = certificate(&args.path, &t, profile, &report)?;
    bsw_model::io::write_atomic(&args.output, &page).map_err(|e| e.to_string())?;
    outln!(
        "{}: {} ({}, profile {}{})",
        args.output.display(),
        if v.is_conforming() { "conforming" } else { "violations" },
        crate::output::count(v.rounds.len() as u64, "round judged", "rounds judged"),
        v.profile,
        if v.is_conforming() {
            String::new()
        } else {
            format!(
                ", {}",
                crate::output::count(v.violations.len() as u64, "violation", "violations")
            )
        }
    )?;
    Ok(0)
}

/// The certificate page of `t`, read from `path` (a directory or a TRF file; the page names
/// its last component only) and judged by `profile` with the checker's `report`, and the
/// verdict written on it. Everything is computed here and nothing is written: `bsw report`
/// and `bsw check-all` write the page where they choose. An error when the Berger draw or the
/// standings cannot be computed (no half page).
pub(crate) fn certificate(
    path: &Path,
    t: &Tournament,
    profile: Profile,
    report: &bsw_checker::Report,
) -> Result<(String, Verdict), String> {
    let shown = path.display().to_string();
    let config_file = if path.is_dir() {
        path.join("tournament.toml").display().to_string()
    } else {
        shown.clone()
    };
    let draw = berger_draw(t).map_err(|e| format!("{shown}: {e}"))?;
    let opts = bsw_standings::Options::for_tournament(t)
        .map_err(|e| format!("{config_file}: tiebreaks: {e}"))?;
    let standings = if bsw_standings::default_round(t) == 0 {
        None
    } else {
        Some(bsw_standings::report(t, &opts).map_err(|e| format!("{shown}: standings: {e}"))?)
    };
    let verdict = certify(report, profile)?;
    let version = env!("CARGO_PKG_VERSION");
    let input = Input {
        event: Event {
            source: shown,
            generator: format!("bsw {version}"),
            rule_book: if t.config.system.dutch().is_some() {
                format!(
                    "FIDE (Dutch) System, FIDE Handbook C.04.3 as applied from 1 February 2026 (readings of bbpPairings v6.0.0 where the text leaves room), with the basic rules C.04.1; certified by bsw {version}"
                )
            } else {
                format!(
                    "Berger-Swiss rule book (pairing rules §1–9), as implemented and certified by bsw {version}; the checker's profile is named with its verdict"
                )
            },
            tiebreak_rules: "FIDE tiebreak regulations C.07 applied from 1 March 2026 (Article 16 for unplayed rounds)".into(),
        },
        tournament: t,
        draw,
        standings: standings.as_ref(),
        verdict,
    };
    let page = bsw_report::render(&input);
    Ok((page, input.verdict))
}

//! `bsw validate DIR|FILE.trf`: read and validate a tournament, print a short summary.
//!
//! Output (exit 0):
//! ```text
//! name: Two Berger groups of 4 and a lower Swiss group
//! players: 13 (withdrawn: 0)
//! rounds: 0 played of 3 (paired: 0)
//! groups: 2 (sizes 4, 4; initial phase P = 3)
//! swiss field: 5 players not in a Berger group
//! pending games: 0
//! ```
//! For a TRF file, lines follow on the profile `bsw check` uses (berger-swiss when the file
//! carries our configuration records), the declared system and the header records kept.
//! On refusal the reader's `FILE:LINE: field: what is wrong` is printed and the exit code is 2.

use bsw_model::{Entry, Tournament};
use std::path::PathBuf;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// Tournament directory or TRF file (name ending in .trf).
    pub path: PathBuf,
    #[command(flatten)]
    pub read: crate::input::ReadArgs,
}

pub(crate) fn run(args: Args) -> crate::CmdResult {
    let loaded = crate::input::load(&args.path, &args.read).map_err(|e| e.to_string())?;
    out!("{}", summary(&loaded.tournament))?;
    if args.path.is_file() {
        out!("{}", trf_summary(&loaded))?;
    }
    Ok(0)
}

/// What a TRF file says about itself: the profile `bsw check` will use and why, the system
/// it declares, the header records kept.
fn trf_summary(l: &bsw_model::trf::Imported) -> String {
    let mut s = String::new();
    let source = bsw_checker::Source::Trf { carries_config: l.carries_config };
    s += match bsw_checker::default_profile(&l.tournament, source) {
        (_, Some(bsw_checker::Because::DeclaresDutch)) => {
            "profile: dutch (FIDE C.04.3; the file declares the Dutch system)\n"
        }
        (_, Some(bsw_checker::Because::CarriesConfig)) => {
            "profile: berger-swiss (the file carries the berger-swiss configuration, BSV records)\n"
        }
        _ => {
            "profile: generic (FIDE C.04.1 basic rules; the file has no berger-swiss configuration)\n"
        }
    };
    s += &format!(
        "declared system: {}\n",
        l.declared_system.as_deref().unwrap_or("(none: no 192 or 092 record)")
    );
    s += &format!("header records kept: {}\n", l.tournament.config.trf_header.len());
    if !l.ignored_lines.is_empty() {
        s += &format!(
            "lines ignored (not records): {} (--verbose lists them)\n",
            l.ignored_lines.len()
        );
    }
    s
}

fn summary(t: &Tournament) -> String {
    // A Dutch round entered ahead (byes and absences only) is not paired yet.
    let last = t.paired_rounds();
    let phase = bsw_model::layout::initial_phase(&t.config.groups);
    let total = bsw_model::layout::total_rounds(&t.config).unwrap_or(0);
    let complete = (1..=last)
        .filter(|&r| {
            t.round_rows(r).all(|row| !matches!(row.entry, Entry::Game { result: None, .. }))
        })
        .count();
    let withdrawn = t.players.iter().filter(|p| p.withdrawn_from.is_some()).count();
    let in_groups: u64 = t.config.groups.iter().map(|&g| g as u64).sum();
    let mut s = String::new();
    s += &format!("name: {}\n", t.config.name.as_deref().unwrap_or("(none)"));
    s += &format!("players: {} (withdrawn: {withdrawn})\n", t.players.len());
    s += &format!("rounds: {complete} played of {total} (paired: {last})\n");
    if let Some(r) = t.pre_entered_round() {
        s += &format!(
            "entered ahead of round {r}: {} (byes and absences, kept by bsw pair)\n",
            t.round_rows(r).count()
        );
    }
    if t.config.groups.is_empty() {
        s += "groups: none (plain Swiss)\n";
    } else {
        let sizes: Vec<String> = t.config.groups.iter().map(u32::to_string).collect();
        s += &format!(
            "groups: {} (sizes {}; initial phase P = {})\n",
            t.config.groups.len(),
            sizes.join(", "),
            phase
        );
    }
    s += &format!(
        "swiss field: {} players not in a Berger group\n",
        t.players.len() as u64 - in_groups
    );
    s += &format!("pending games: {}\n", t.missing_results(last).len());
    s
}

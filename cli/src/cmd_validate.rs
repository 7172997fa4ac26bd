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
//! On refusal the reader's `FILE:LINE: field: what is wrong` is printed and the exit code is 2.

use bsw_model::{Entry, Tournament};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Tournament directory or TRF file (name ending in .trf).
    pub path: PathBuf,
}

pub fn run(args: Args) -> crate::CmdResult {
    let t = bsw_model::io::load(&args.path).map_err(|e| e.to_string())?;
    out!("{}", summary(&t))?;
    Ok(0)
}

/// Length of the Berger schedule of a group of k players (k-1 if even, k if odd).
fn schedule_len(k: u32) -> u32 {
    if k % 2 == 1 { k } else { k.saturating_sub(1) }
}

fn summary(t: &Tournament) -> String {
    let last = t.last_round();
    let phase = t.config.groups.first().map(|&k| schedule_len(k));
    let total = t.config.rounds.or(phase).unwrap_or(0);
    let complete = (1..=last)
        .filter(|&r| {
            t.round_rows(r)
                .all(|row| !matches!(row.entry, Entry::Game { result: None, .. }))
        })
        .count();
    let withdrawn = t
        .players
        .iter()
        .filter(|p| p.withdrawn_from.is_some())
        .count();
    let in_groups: u64 = t.config.groups.iter().map(|&g| g as u64).sum();
    let mut s = String::new();
    s += &format!("name: {}\n", t.config.name.as_deref().unwrap_or("(none)"));
    s += &format!("players: {} (withdrawn: {withdrawn})\n", t.players.len());
    s += &format!("rounds: {complete} played of {total} (paired: {last})\n");
    if t.config.groups.is_empty() {
        s += "groups: none (plain Swiss)\n";
    } else {
        let sizes: Vec<String> = t.config.groups.iter().map(u32::to_string).collect();
        s += &format!(
            "groups: {} (sizes {}; initial phase P = {})\n",
            t.config.groups.len(),
            sizes.join(", "),
            phase.unwrap_or(0)
        );
    }
    s += &format!(
        "swiss field: {} players not in a Berger group\n",
        t.players.len() as u64 - in_groups
    );
    s += &format!("pending games: {}\n", t.missing_results(last).len());
    s
}

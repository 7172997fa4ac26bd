//! `bsw pair DIR [--explain]`: pairs the next round, appends it to `rounds.csv` atomically
//! and prints the new rows (CSV, the same lines as in the file). `--explain` adds, on
//! standard error, the level chosen, why each stricter level failed, the bye receivers tried
//! and search statistics.

use bsw_model::{Entry, io};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// Tournament directory (SPEC §12).
    pub dir: PathBuf,
    /// Explain the choice of level, bye and the search statistics (on standard error).
    #[arg(long)]
    pub explain: bool,
    /// Print the round without writing it to rounds.csv.
    #[arg(long)]
    pub dry_run: bool,
    /// Print the board list for people (names, ratings, points) instead of the CSV rows.
    #[arg(long)]
    pub table: bool,
}

pub fn run(args: Args) -> crate::CmdResult {
    if !args.dir.exists() {
        return Err(format!(
            "{}: no such directory; `bsw pair` needs a tournament directory (tournament.toml, players.csv, rounds.csv)",
            args.dir.display()
        ));
    }
    if !args.dir.is_dir() {
        return Err(format!(
            "{}: `bsw pair` needs a tournament directory (to pair a TRF file, import it first: bsw trf import FILE.trf DIR)",
            args.dir.display()
        ));
    }
    let t = io::load(&args.dir).map_err(|e| e.to_string())?;
    let paired = match t.config.system.dutch() {
        Some(cfg) => {
            let r = bsw_engine::dutch::pair_next_round(&t, cfg)
                .map_err(|e| format!("{}: {e}", args.dir.display()))?;
            bsw_engine::PairedRound {
                round: r.round,
                rows: r.rows,
                swiss: None,
            }
        }
        None => {
            bsw_engine::pair_next_round(&t).map_err(|e| format!("{}: {e}", args.dir.display()))?
        }
    };
    if !args.dry_run {
        io::append_round(&args.dir, &t, &paired.rows).map_err(|e| e.to_string())?;
    }
    let mut out = String::from("round,board,white,black,result\n");
    for row in &paired.rows {
        let (white, black) = match row.entry {
            Entry::Game { white, black, .. } => (white.to_string(), black.to_string()),
            Entry::Bye(p) | Entry::HalfBye(p) | Entry::ZeroBye(p) => (p.to_string(), String::new()),
        };
        out.push_str(&format!(
            "{},{},{},{},{}\n",
            row.round,
            row.board,
            white,
            black,
            row.entry.result_code()
        ));
    }
    if args.table {
        let mut next = t.clone();
        next.rows.extend_from_slice(&paired.rows);
        out = crate::cmd_show::table_text(&next, paired.round);
    }
    out!("{out}")?;
    if args.explain {
        errln!("round {}: {} rows", paired.round, paired.rows.len());
        match &paired.swiss {
            None => errln!("no Swiss field this round (only scheduled Berger games)"),
            Some(s) => {
                errln!("Swiss field: {} players", s.field_size);
                for line in &s.explain {
                    errln!("  {line}");
                }
            }
        }
    }
    Ok(0)
}

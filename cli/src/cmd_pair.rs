//! `bsw pair DIR [--explain]` (and `bsw pair [--dutch] FILE.trf -p [OUT]`, see
//! `cmd_pair_trf`): pairs the next round, appends it to `rounds.csv` atomically
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
    /// With a TRF file: pair by the FIDE (Dutch) system (accepted for compatibility with
    /// JaVaFo and bbpPairings; a TRF file is always paired by the Dutch system).
    #[arg(long)]
    pub dutch: bool,
    /// With a TRF file: write the pairing in the JaVaFo convention to OUT (standard output
    /// when OUT is omitted).
    #[arg(short = 'p', num_args = 0..=1, value_name = "OUT")]
    pub pairing_out: Option<Option<PathBuf>>,
}

pub fn run(args: Args) -> crate::CmdResult {
    if args.dir.is_file() && (args.dutch || args.pairing_out.is_some()) {
        let out = args.pairing_out.flatten();
        return crate::cmd_pair_trf::run(&args.dir, out.as_deref(), args.explain);
    }
    if !args.dir.is_dir() {
        return Err(format!(
            "{}: `bsw pair` needs a tournament directory (to pair a TRF file, import it first: bsw trf import FILE.trf DIR; or pair it by the Dutch system: bsw pair --dutch FILE.trf -p OUT)",
            args.dir.display()
        ));
    }
    let t = io::load(&args.dir).map_err(|e| e.to_string())?;
    let paired = match t.config.system.dutch() {
        Some(cfg) => {
            let r = match bsw_engine::dutch::pair_next_round(&t, cfg) {
                Ok(r) => r,
                // No pairing satisfies the absolute criteria: exit 1, as JaVaFo and
                // bbpPairings do; the arbiter decides.
                Err(e @ bsw_engine::dutch::DutchError::NoValidPairing { .. }) => {
                    eprintln!("{}: {e}", args.dir.display());
                    return Ok(1);
                }
                Err(e) => return Err(format!("{}: {e}", args.dir.display())),
            };
            if args.explain {
                eprintln!("round {} (FIDE Dutch): {} rows", r.round, r.rows.len());
                for line in &r.explain {
                    eprintln!("  {line}");
                }
            }
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
    print!("{out}");
    if args.explain && t.config.system.dutch().is_none() {
        eprintln!("round {}: {} rows", paired.round, paired.rows.len());
        match &paired.swiss {
            None => eprintln!("no Swiss field this round (only scheduled Berger games)"),
            Some(s) => {
                eprintln!("Swiss field: {} players", s.field_size);
                for line in &s.explain {
                    eprintln!("  {line}");
                }
            }
        }
    }
    Ok(0)
}

//! `bsw pair DIR [--explain]` (and `bsw pair [--dutch] FILE.trf -p [OUT]`, see
//! `engine_mode`): pairs the next round, appends it to `rounds.csv` atomically
//! and prints the new rows (CSV, the same lines as in the file). `--explain` adds, on
//! standard error, the level chosen, why each stricter level failed, the bye receivers tried
//! and search statistics.

use bsw_model::io;
use std::path::PathBuf;

#[derive(clap::Args)]
pub(crate) struct Args {
    /// Tournament directory (SPEC §12); with -p, a TRF file.
    pub dir: PathBuf,
    /// Explain the choice of level, bye and the search statistics (on standard error).
    #[arg(long)]
    pub explain: bool,
    /// Print the round without writing it to rounds.csv (a tournament directory; -p never
    /// writes the input).
    #[arg(long, conflicts_with = "pairings")]
    pub dry_run: bool,
    /// Print the board list for people (names, ratings, points) instead of the CSV rows (a
    /// tournament directory; -p writes the convention's format).
    #[arg(long, conflicts_with = "pairings")]
    pub table: bool,
    /// Engine convention of JaVaFo/bbpPairings: DIR is a TRF file; write the pairs of its
    /// next round to OUTPUT (standard output when omitted) as `N` then `white black` lines.
    #[arg(short = 'p', num_args = 0..=1, value_name = "OUTPUT")]
    pub pairings: Option<Option<PathBuf>>,
    /// With a TRF file: pair by the FIDE (Dutch) system (a file without our Berger-Swiss
    /// configuration is paired by it anyway; accepted for drop-in compatibility).
    #[arg(long)]
    pub dutch: bool,
    /// With a TRF file (-p): read a file whose points column disagrees with its round
    /// results by the round results, printing each mismatch as a warning.
    #[arg(long)]
    pub lenient: bool,
}

pub(crate) fn run(args: Args) -> crate::CmdResult {
    if args.pairings.is_some() || args.dutch {
        let out = args.pairings.as_ref().and_then(|o| o.as_ref());
        return crate::engine_mode::pair_trf(
            &args.dir,
            out,
            args.dutch,
            args.explain,
            args.lenient,
        );
    }
    if args.lenient {
        return Err(format!(
            "{}: --lenient reads a TRF file (bsw pair FILE.trf -p --lenient); a tournament directory is always read strictly",
            args.dir.display()
        ));
    }
    if !args.dir.exists() {
        return Err(format!(
            "{}: no such directory; `bsw pair` needs a tournament directory (tournament.toml, players.csv, rounds.csv)",
            args.dir.display()
        ));
    }
    if !args.dir.is_dir() {
        return Err(format!(
            "{}: `bsw pair` needs a tournament directory (to pair a TRF file, import it first: bsw trf import FILE.trf DIR; or `bsw pair FILE.trf -p` for the pairs alone)",
            args.dir.display()
        ));
    }
    let t = io::load(&args.dir).map_err(|e| e.to_string())?;
    let paired = if args.explain { bsw_engine::pair_explained(&t) } else { bsw_engine::pair(&t) };
    let paired = match paired {
        Ok(r) => r,
        // No pairing satisfies the absolute criteria: exit 1, as JaVaFo and bbpPairings
        // do; the arbiter decides.
        Err(e) if e.no_valid_pairing().is_some() => {
            errln!("{}: {e}", args.dir.display());
            return Ok(1);
        }
        Err(e) => return Err(format!("{}: {e}", args.dir.display())),
    };
    if !args.dry_run {
        io::append_round(&args.dir, &t, &paired.rows).map_err(|e| e.to_string())?;
    }
    let mut out = io::rows_csv(&paired.rows);
    if args.table {
        let mut next = t;
        // The rows of a round entered ahead are in the paired round.
        next.rows.retain(|row| row.round != paired.round);
        next.rows.extend_from_slice(&paired.rows);
        out = crate::cmd_show::table_text(&next, paired.round);
    }
    out!("{out}")?;
    if args.explain {
        for line in &paired.explain {
            errln!("{line}");
        }
    }
    Ok(0)
}

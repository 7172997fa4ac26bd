//! `bsw trf export DIR [-o FILE]` and `bsw trf import FILE.trf DIR` (formats: see
//! `bsw_model::trf`). Refusals exit 2 and change no file.

use std::path::PathBuf;

#[derive(clap::Subcommand)]
pub enum TrfCommand {
    /// Write a tournament as TRF-2026 (also readable by TRF16 readers).
    Export {
        /// Tournament directory (or a TRF file).
        dir: PathBuf,
        /// Output file (written atomically); standard output when absent.
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Read a TRF16 / TRF-2026 file into a new tournament directory.
    Import {
        /// The TRF file.
        file: PathBuf,
        /// Directory to create (it may exist if it holds no tournament files).
        dir: PathBuf,
    },
}

pub fn run(cmd: TrfCommand) -> crate::CmdResult {
    match cmd {
        TrfCommand::Export { dir, output } => {
            let t = bsw_model::io::load(&dir).map_err(|e| e.to_string())?;
            bsw_model::trf::exportable(&t).map_err(|e| e.to_string())?;
            let text = bsw_model::trf::export(&t);
            match output {
                Some(path) => {
                    bsw_model::io::write_atomic(&path, &text).map_err(|e| e.to_string())?
                }
                None => out!("{text}")?,
            }
            Ok(0)
        }
        TrfCommand::Import { file, dir } => {
            let shown = file.display().to_string();
            let bytes = std::fs::read(&file).map_err(|e| format!("{shown}: cannot read: {e}"))?;
            let t = bsw_model::trf::import(&bsw_model::trf::decode(&bytes), &shown)
                .map_err(|e| e.to_string())?;
            for name in [
                bsw_model::io::TOURNAMENT_TOML,
                bsw_model::io::PLAYERS_CSV,
                bsw_model::io::ROUNDS_CSV,
            ] {
                if dir.join(name).exists() {
                    return Err(format!(
                        "{}: already holds a tournament ({name} exists); nothing written",
                        dir.display()
                    ));
                }
            }
            if dir.exists() && !dir.is_dir() {
                return Err(format!("{}: exists and is not a directory", dir.display()));
            }
            bsw_model::io::write_dir(&dir, &t).map_err(|e| e.to_string())?;
            outln!(
                "imported {}, {} paired of {} into {}",
                crate::output::count(t.players.len() as u64, "player", "players"),
                crate::output::count(t.last_round(), "round", "rounds"),
                t.config.rounds.unwrap_or(0),
                dir.display()
            )?;
            Ok(0)
        }
    }
}

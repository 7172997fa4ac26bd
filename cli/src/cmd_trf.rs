//! `bsw trf export DIR [-o FILE]` and `bsw trf import FILE.trf DIR [--lenient] [--verbose]`
//! (formats: see `bsw_model::trf`; our extension records: `docs/trf-extensions.md`).
//! Refusals exit 2 and change no file.

use std::path::PathBuf;

#[derive(clap::Subcommand)]
pub(crate) enum TrfCommand {
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
        #[command(flatten)]
        read: crate::input::ReadArgs,
    },
}

pub(crate) fn run(cmd: TrfCommand) -> crate::CmdResult {
    match cmd {
        TrfCommand::Export { dir, output } => {
            let t = bsw_model::io::load(&dir).map_err(|e| e.to_string())?;
            bsw_model::trf::exportable(&t).map_err(|mut e| {
                // Name the file that holds the player.
                e.file = if dir.is_dir() {
                    dir.join(bsw_model::io::PLAYERS_CSV).display().to_string()
                } else {
                    dir.display().to_string()
                };
                e.to_string()
            })?;
            let text = bsw_model::trf::export(&t);
            match output {
                Some(path) => {
                    bsw_model::io::write_atomic(&path, &text).map_err(|e| e.to_string())?
                }
                None => out!("{text}")?,
            }
            Ok(0)
        }
        TrfCommand::Import { file, dir, read } => {
            if !file.is_file() {
                return Err(format!("{}: no such file", file.display()));
            }
            let loaded = crate::input::load_trf(&file, &read).map_err(|e| e.to_string())?;
            let t = loaded.tournament;
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
            refuse_full_byes_outside_dutch(&file, &t)?;
            bsw_model::io::write_dir(&dir, &t).map_err(|e| e.to_string())?;
            outln!(
                "imported {}, {} paired of {} into {}",
                crate::output::count(t.players.len() as u64, "player", "players"),
                crate::output::count(t.last_round(), "round", "rounds"),
                bsw_model::layout::total_rounds(&t.config).unwrap_or(0),
                dir.display()
            )?;
            if loaded.carries_config {
                outln!(
                    "configuration: berger-swiss records (seed, groups, swaps, boards) restored"
                )?;
            } else {
                outln!(
                    "configuration: none in the file (plain Swiss, seed 0, boards numbered in file order)"
                )?;
            }
            if let Some(system) = &loaded.declared_system {
                // Records the export wrote from tournament.toml (`BSY`) are not kept.
                let kept = bsw_model::trf::declared_system(&t.config.trf_header).is_some();
                let where_ = if kept {
                    "kept in tournament.toml trf_header"
                } else {
                    "written from tournament.toml by the export: back in its system keys"
                };
                outln!(
                    "declared system: {system} ({where_}; the directory's own configuration decides how it is paired)"
                )?;
            }
            match &t.config.acceleration {
                bsw_model::Acceleration::None => {}
                bsw_model::Acceleration::Baku => {
                    outln!("acceleration: baku (FIDE C.04.5.1; tournament.toml acceleration)")?
                }
                bsw_model::Acceleration::Explicit(m) => outln!(
                    "acceleration: XXA records of {} players (tournament.toml [accelerated_points])",
                    m.len()
                )?,
            }
            Ok(0)
        }
    }
}

/// A tournament directory of the Berger-Swiss system cannot hold the arbiter's full-point bye
/// (`full-bye`, SPEC §3): a TRF that declares no Dutch system and has one (`0000 - F`) is
/// refused, naming the player's `001` line and the round.
fn refuse_full_byes_outside_dutch(
    file: &std::path::Path,
    t: &bsw_model::Tournament,
) -> Result<(), String> {
    if t.config.system.dutch().is_some() {
        return Ok(());
    }
    let Some((round, player)) = t.rows.iter().find_map(|row| match row.entry {
        bsw_model::Entry::FullBye(p) => Some((row.round, p)),
        _ => None,
    }) else {
        return Ok(());
    };
    let text = std::fs::read(file).map(|b| bsw_model::io::decode(&b)).unwrap_or_default();
    let line = text
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .lines()
        .position(|l| {
            l.starts_with("001 ") && l.get(4..8).is_some_and(|id| id.trim() == player.to_string())
        })
        .map(|k| format!("{}:", k + 1))
        .unwrap_or_default();
    Err(format!(
        "{}:{line} 001 round {round}: player {player} has `0000 - F`, a full-point bye the arbiter gave; the file declares no FIDE (Dutch) system (092/192), and a Berger-Swiss tournament directory has no such bye (SPEC §3: `bye`, `half-bye`, `zero-bye`). `bsw check` and `bsw standings` read the file as it is; nothing written",
        file.display()
    ))
}

//! Tournament directories (SPEC §12): read, validate, write.
//!
//! A tournament directory holds three files:
//! - `tournament.toml` — the configuration ([`crate::Config`]); unknown keys are refused.
//!   Besides the keys of SPEC §12 it may hold `trf_header`, an array of TRF header records
//!   kept verbatim from an imported TRF file (an additive extension: files without it read as
//!   before).
//! - `players.csv` — header with the columns `id`, `name`, `rating` (required) and any of
//!   `enters`, `withdrawn_from`, `half_byes`, `zero_byes`, `title`, `sex`, `federation`,
//!   `fide_id`, `birth_date` (optional), in any order; one row per player in entry order.
//!   `enters` (a late entry, FIDE C.04.2) is the first round in which the player is paired;
//!   the rounds before it are zero-point absences unless `half_byes` lists them. It is an
//!   addition to SPEC §12 for FIDE (Dutch) events only.
//! - `rounds.csv` — header `round,board,white,black,result` (columns in any order), one row per
//!   game, bye or absence; besides the results of SPEC §12, `full-bye` (a full-point bye the
//!   arbiter gave, not the pairing-allocated bye; FIDE (Dutch) events only). The last round
//!   may be one entered ahead of its pairing ([`crate::Tournament::pre_entered_round`]):
//!   only `half-bye`, `zero-bye` and `full-bye` rows, not every player named; `bsw pair`
//!   pairs it keeping those entries ([`append_round`] replaces its rows by the paired round). **Decision:** the file may be absent; an absent `rounds.csv` means
//!   "no round paired yet", exactly like a file holding only the header. [`write_dir`] always
//!   writes it (header only when there are no rows).
//!
//! Reading validates everything and reports the *first* problem as an [`InputError`]
//! displayed `FILE:LINE: field: what is wrong`. Line numbers are real file lines (1-based).
//! Tolerated: UTF-8 or Latin-1 bytes (a file that is not valid UTF-8 is read as Latin-1, as
//! spreadsheets on Windows often save it), a UTF-8 byte-order mark, CRLF / LF / bare CR line endings, a missing or extra
//! trailing newline, blank lines, spaces around unquoted CSV fields. CSV fields may be quoted
//! (`"a, b"`, `""` for a quote) but a quoted field cannot span lines.
//!
//! What is refused (each has a test in `model/tests/it/io_refusals.rs`):
//! - files: missing `tournament.toml` or `players.csv`;
//! - `tournament.toml`: TOML syntax errors; unknown keys; wrong value types; `seed` outside
//!   0..2^63-1; `rounds` < 1; `rounds` missing without `groups`; a group of fewer than 3
//!   players; groups holding more players than there are; groups whose Berger schedules differ
//!   in length (k players: k-1 rounds if k is even, k if odd); `rounds` smaller than that
//!   initial phase P; a swap that is not a pair, names an unknown id, names the same player
//!   twice, or names two players who at that point are in the same group or both in the lower
//!   Swiss group;
//! - `players.csv`: a missing, misspelled, unknown or duplicated header column; a row with the
//!   wrong number of fields; an id that is not a positive integer; a duplicate id; an empty
//!   name; a rating that is not a non-negative integer; `withdrawn_from` that is not an
//!   integer or is < 1; absence rounds that are not positive integers or are repeated; the same
//!   round in both `half_byes` and `zero_byes` (SPEC §9); `enters` that is not a round number,
//!   that is given in a Berger-Swiss tournament (SPEC §1 fixes its field), or that is not
//!   before `withdrawn_from`;
//! - `rounds.csv`: a missing, misspelled, unknown or duplicated header column; a wrong field
//!   count; a round or board that is not a positive integer; a round beyond `rounds`; the same
//!   board twice in a round; an unknown result code; a white or black id that is not an integer
//!   or names an unknown player; a game with the same player on both sides; a `bye` /
//!   `half-bye` / `zero-bye` / `full-bye` row with a black player, or a game row without one;
//!   a `full-bye` row (the arbiter's full-point bye, an addition to SPEC §12 for FIDE (Dutch)
//!   events) in a Berger-Swiss tournament (SPEC §3 has no such bye); a player twice
//!   in one round; rounds not numbered 1..k without a gap; a result in a round while an earlier
//!   round still has a game without one.
//!
//! Not checked here (rule questions for the checker): whether the pairings follow the rules,
//! whether withdrawn players still have rows, whether absences match `half_byes`/`zero_byes`.
//!
//! Group membership for the swap checks (SPEC §2) comes from [`crate::layout`]; only the
//! validity of each swap is reported here.
//!
//! Layout: [`config`] (`tournament.toml`), [`players`] (`players.csv`), [`rounds`]
//! (`rounds.csv`), [`lexer`] (the CSV lexer), [`text`] (decoding, line numbers), [`atomic`]
//! (writes).
//!
//! **Why not the `csv` crate:** the lexer here is line based on purpose. Every record sits on
//! one line, so an error names the real file line (bare CR line ends included), and malformed
//! quoting is refused with a message (`a quote inside an unquoted field`, `quoted field is not
//! closed on this line`) where the `csv` crate reads such text leniently or lets a quoted field
//! swallow the following lines. The two files are small and flat; keeping the exact
//! `FILE:LINE: field: message` refusals pinned by `model/tests/it/io_refusals.rs` weighs more
//! than the 100 lines saved, so the dependency was dropped.

mod atomic;
pub(crate) mod config;
mod lexer;
mod players;
mod rounds;
pub(crate) mod text;

pub use atomic::{temp_path, write_atomic};
pub use config::tournament_toml;
pub use players::players_csv;
pub use rounds::{ROUNDS_HEADER, rounds_csv, rows_csv};
pub use text::decode;

use crate::trf::{Imported, ReadOptions};
use crate::{InputError, Row, Tournament};
use config::{check_config, parse_toml};
use players::parse_players;
use rounds::parse_rounds;
use std::fs;
use std::path::Path;

/// File names inside a tournament directory.
pub const TOURNAMENT_TOML: &str = "tournament.toml";
pub const PLAYERS_CSV: &str = "players.csv";
pub const ROUNDS_CSV: &str = "rounds.csv";

/// Reads a tournament: a directory (SPEC §12) or a file whose name ends in `.trf` (TRF16 or
/// TRF-2026, see [`crate::trf`]), strictly.
pub fn load(path: &Path) -> Result<Tournament, InputError> {
    load_with(path, &ReadOptions::default()).map(|l| l.tournament)
}

/// [`load`] with TRF reading options, returning what a TRF file said about itself too (for a
/// directory: `carries_config` true, no declared system, no warnings).
pub fn load_with(path: &Path, opts: &ReadOptions) -> Result<Imported, InputError> {
    let shown = path.display().to_string();
    if path.is_dir() {
        return Ok(Imported {
            tournament: read_dir(path)?,
            carries_config: true,
            declared_system: None,
            warnings: Vec::new(),
            ignored_lines: Vec::new(),
            start_numbers: Vec::new(),
        });
    }
    if !path.exists() {
        return Err(InputError::new(shown, None, None, "no such file or directory"));
    }
    let is_trf = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("trf"));
    if !is_trf {
        return Err(InputError::new(
            shown,
            None,
            None,
            "not a tournament directory or a .trf file",
        ));
    }
    let bytes = fs::read(path)
        .map_err(|e| InputError::new(shown.clone(), None, None, format!("cannot read: {e}")))?;
    crate::trf::read(&decode(&bytes), &shown, opts)
}

/// Reads and validates a tournament directory.
pub fn read_dir(dir: &Path) -> Result<Tournament, InputError> {
    let names = FileNames::in_dir(dir);
    let toml = read_text(&names.toml, true)?.unwrap_or_default();
    let players = read_text(&names.players, true)?.unwrap_or_default();
    let rounds = read_text(&names.rounds, false)?;
    parse_named(&names, &toml, &players, rounds.as_deref())
}

/// Parses the three files from memory (for fuzzers and tests). Errors name the files
/// `tournament.toml`, `players.csv` and `rounds.csv`. `rounds_csv = None` means the file is
/// absent (no rounds yet).
pub fn parse_dir_texts(
    toml: &str,
    players_csv: &str,
    rounds_csv: Option<&str>,
) -> Result<Tournament, InputError> {
    let names = FileNames {
        toml: TOURNAMENT_TOML.into(),
        players: PLAYERS_CSV.into(),
        rounds: ROUNDS_CSV.into(),
    };
    parse_named(&names, toml, players_csv, rounds_csv)
}

/// Writes all three files of a tournament directory (creating the directory if needed), each
/// through a temporary file renamed into place. The texts are validated by reading them back
/// first: nothing is written for a tournament that would not read back.
pub fn write_dir(dir: &Path, t: &Tournament) -> Result<(), InputError> {
    let names = FileNames::in_dir(dir);
    let (toml, players, rounds) = (tournament_toml(t), players_csv(t), rounds_csv(t));
    parse_named(&names, &toml, &players, Some(&rounds))?;
    fs::create_dir_all(dir).map_err(|e| {
        InputError::new(
            dir.display().to_string(),
            None,
            None,
            format!("cannot create directory: {e}"),
        )
    })?;
    write_atomic(&dir.join(TOURNAMENT_TOML), &toml)?;
    write_atomic(&dir.join(PLAYERS_CSV), &players)?;
    write_atomic(&dir.join(ROUNDS_CSV), &rounds)?;
    Ok(())
}

/// Rewrites `rounds.csv` of `dir` atomically with `rows` added after the rows of `current`
/// (used by `bsw pair`); the rows of a round entered ahead
/// ([`Tournament::pre_entered_round`]) give way to `rows`, the paired round that holds
/// them. The result is validated before anything is written; on refusal no file changes.
pub fn append_round(dir: &Path, current: &Tournament, rows: &[Row]) -> Result<(), InputError> {
    let mut next = current.clone();
    if let Some(r) = current.pre_entered_round()
        && rows.iter().any(|row| row.round == r)
    {
        next.rows.retain(|row| row.round != r);
    }
    next.rows.extend_from_slice(rows);
    let names = FileNames::in_dir(dir);
    let rounds = rounds_csv(&next);
    parse_named(&names, &tournament_toml(current), &players_csv(current), Some(&rounds))?;
    write_atomic(&dir.join(ROUNDS_CSV), &rounds)
}

struct FileNames {
    toml: String,
    players: String,
    rounds: String,
}

impl FileNames {
    fn in_dir(dir: &Path) -> Self {
        let n = |f: &str| dir.join(f).display().to_string();
        FileNames { toml: n(TOURNAMENT_TOML), players: n(PLAYERS_CSV), rounds: n(ROUNDS_CSV) }
    }
}

/// Reads a file as text (UTF-8, or Latin-1 when not valid UTF-8; see [`decode`]). `Ok(None)` when it is absent and not `required`.
fn read_text(path: &str, required: bool) -> Result<Option<String>, InputError> {
    let bytes = match fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return if required {
                Err(InputError::new(path, None, None, "missing file"))
            } else {
                Ok(None)
            };
        }
        Err(e) => {
            return Err(InputError::new(path, None, None, format!("cannot read: {e}")));
        }
    };
    Ok(Some(decode(&bytes)))
}

fn parse_named(
    names: &FileNames,
    toml: &str,
    players: &str,
    rounds: Option<&str>,
) -> Result<Tournament, InputError> {
    let (config, lines) = parse_toml(&names.toml, toml)?;
    let (players, ids) = parse_players(&names.players, players, config.system.dutch().is_some())?;
    check_config(&names.toml, &config, &lines, &players)?;
    let max_round = crate::layout::total_rounds(&config);
    let rows = match rounds {
        Some(text) => {
            parse_rounds(&names.rounds, text, &ids, max_round, config.system.dutch().is_some())?
        }
        None => Vec::new(),
    };
    Ok(Tournament { config, players, rows })
}

//! TRF16 / TRF-2026 import and export (FIDE-REFERENCE §5), with the berger-swiss extension
//! records that make a Berger-Swiss event survive the trip (`docs/trf-extensions.md`).
//!
//! Layout: [`scan`](self) sorts lines into records, `cells` reads the `001` record, `import`
//! builds the tournament, `ext` reads and writes our `BS?` records, `export` writes a file.
//!
//! # Import ([`read`], [`import`])
//! Lines: only a known record code followed by a space (or the end of the line) is a record
//! (`001`, `012`, `022`…`362`, `XX?`, `BB?`, `BS?`, national-rating records, `###`
//! comments); other lines (a column ruler `0123456789…`, notes) are ignored and listed in
//! [`Imported::ignored_lines`]. Lines may end in CR, LF or CRLF; a BOM is dropped; columns
//! are counted in characters. Bytes that are not UTF-8 are read as Latin-1 ([`decode`]).
//!
//! Header records other than `001`, `012`, `142` and `XXR` (city, federation, dates,
//! arbiters, rate of play, round dates, `092`/`192` system, `XXC`, `XXA`, `XXS`, `BB?`, …)
//! are kept verbatim in [`crate::Config::trf_header`] and written back by [`export`]. The
//! declared system (`192`, else `092`) is in [`Imported::declared_system`].
//!
//! Refused: team competitions (a `092`/`192` type naming a team event, or `013`/`310` team
//! records with no type record and every game played team against team): the individual
//! rules do not apply to them. Team records in an individual event (a team prize, clubs) are
//! read as individual with a warning and kept for export. A file with no `001` record gets one
//! message saying what it looks like (empty, binary, an HTML page). Every refusal names the
//! line, the record and the columns.
//!
//! Round cells (`opponent colour result` at columns 92-99, +10 per round) become rows:
//! - opponent present, codes `1` `=` `0` (and `W` `D` `L`, games of less than one move, read
//!   as played results) → a played [`crate::Outcome`]; `+`/`-` → forfeit; `-` on both lines
//!   → `-/-`; blank on both lines → a game without a result yet. Both lines must agree
//!   (opponent, opposite colours, matching results). Colours come from `w`/`b`; a forfeit or
//!   pending game whose colours are both missing gives White to the `+` side, else to the
//!   player listed first.
//! - no opponent (`0000` or blank): `U` (and `+`, as bbpPairings reads it) → `bye`, the
//!   pairing-allocated bye; `F` → `full-bye`, a full-point bye the arbiter gave (not the
//!   PAB; in a Berger-Swiss file with our records `F` is a Berger `bye`, unless a `BSF`
//!   record lists it); `H` (and `=`) → `half-bye`;
//!   `Z`, blank or `-` → `zero-bye`; a played code without an opponent is an error. `=` and `-`
//!   without an opponent are the codes of files written before 2016 (Swiss-Manager): they are
//!   read as `H` and `Z` everywhere (last round, pre-entered absences, withdrawals).
//! - [`ReadOptions::pairing_convention`] (`bsw FILE.trf -p`): no withdrawal is inferred; every
//!   player without an entry in the next round is paired, as JaVaFo and bbpPairings do; a
//!   full-point bye pre-entered there (`0000 - F`) keeps its player out of the round, as
//!   they do (read as an absence: the answer lists only the pairs and the PAB).
//! - **Decision (last round):** L, the last paired round, is the last round in which anyone
//!   has an opponent or a cell other than `F`, `H`, `Z` and blank.
//! - **Decision (withdrawals):** without our extension records, a player whose cells from
//!   some round t up to L are all blank or `Z` is read as withdrawn from t (no rows for
//!   t..L); TRF cannot tell that from zero-point absences.
//! - Cells after L are requests for future rounds: `H` → `half_byes`, `Z` → `zero_byes`.
//! - The points column (81-84) is checked against the cells (1 W + F U = 1 point, `=` D H =
//!   ½, the rest 0); both the sum of all cells and the sum up to L are accepted (a file handed
//!   to an engine may or may not count the byes pre-entered for the next round). Mismatches
//!   are refused all at once, one line each; [`ReadOptions::lenient`] reads such a file by its
//!   round results and returns each mismatch as a warning. A blank points column is not
//!   checked.
//! - **Boards:** the standard records have none. Each round's games get boards 1, 2, … in the
//!   order of their first player's line, then the full-point byes (`F`), then the
//!   pairing-allocated bye (`U`, the round's last `bye` row, as the model tells a PAB), then
//!   the absences.
//! - `XXA` records (accelerated points per player and round) and a `092`/`192` type naming
//!   Baku are the tournament's [`crate::Acceleration`] (not kept header lines; export writes
//!   the `XXA` records back); in a file that does not declare the Dutch system a warning says
//!   only the Dutch system uses them.
//! - Configuration: plain Swiss, seed 0, `rounds` = `XXR`/`142` if given (not below L), else
//!   L (at least 1). The player id is the TRF pairing number; entry order is the order of the
//!   `001` lines. An empty name becomes `Player <id>`.
//!
//! With our extension records (`BSV 1`): the configuration (name, rounds, seed, groups,
//! swaps, tiebreaks), the player fields the `001` columns cannot hold (long names,
//! `withdrawn_from`, requested absences) and the board numbers come from them, and every
//! round cell up to L is read as it stands (a blank cell is no row). So
//! `import(export(t)) == t` for every tournament [`exportable`] accepts.
//!
//! # Export ([`export`])
//! TRF-2026 that TRF16 readers also accept: `012`, `142`, kept header records (in their
//! order), `001` records with points and a simple rank (points descending, then entry
//! order), `XXR`, then our `BS?` records. Byes are written `0000 - U` (a Dutch `bye`, or the
//! last bye row of a Berger-Swiss round) or `0000 - F` (the other Berger byes, and every
//! `full-bye`), absences `0000 - H` / `0000 - Z`, rounds
//! without a row as blanks. Absences requested for the next round (L+1) are written into its
//! column the way FIDE-REFERENCE §5.3 describes (`0000 - H` counted in the points column,
//! `0000 - Z`). Ids and ratings must fit the 4-digit columns ([`exportable`]); longer text
//! fields are cut to their column width in the `001` record and kept whole in `BSP`.

mod cells;
mod export;
mod ext;
mod import;
mod scan;

pub use crate::io::text::decode;
pub use export::{export, exportable, start_numbers};
pub use import::{Imported, ReadOptions, import, read};

/// The pairing system declared by kept header records: `192` (TRF-2026 code), else `092`.
pub fn declared_system(header: &[String]) -> Option<String> {
    let find = |code: &str| {
        header
            .iter()
            .find(|l| l.starts_with(code) && l[3..].starts_with(' '))
            .map(|l| l[4..].trim().to_string())
            .filter(|v| !v.is_empty())
    };
    find("192").or_else(|| find("092"))
}

//! Tournament directories (SPEC §12): read, validate, write.
//!
//! A tournament directory holds three files:
//! - `tournament.toml` — the configuration ([`Config`]); unknown keys are refused.
//! - `players.csv` — header with the columns `id`, `name`, `rating` (required) and any of
//!   `withdrawn_from`, `half_byes`, `zero_byes`, `title`, `sex`, `federation`, `fide_id`,
//!   `birth_date` (optional), in any order; one row per player in entry order.
//! - `rounds.csv` — header `round,board,white,black,result` (columns in any order), one row per
//!   game, bye or absence. **Decision:** the file may be absent; an absent `rounds.csv` means
//!   "no round paired yet", exactly like a file holding only the header. [`write_dir`] always
//!   writes it (header only when there are no rows).
//!
//! Reading validates everything and reports the *first* problem as an [`InputError`]
//! displayed `FILE:LINE: field: what is wrong`. Line numbers are real file lines (1-based).
//! Tolerated: a UTF-8 byte-order mark, CRLF / LF / bare CR line endings, a missing or extra
//! trailing newline, blank lines, spaces around unquoted CSV fields. CSV fields may be quoted
//! (`"a, b"`, `""` for a quote) but a quoted field cannot span lines.
//!
//! What is refused (each has a test in `model/tests/io_refusals.rs`):
//! - files: missing `tournament.toml` or `players.csv`; bytes that are not UTF-8;
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
//!   round in both `half_byes` and `zero_byes` (SPEC §9);
//! - `rounds.csv`: a missing, misspelled, unknown or duplicated header column; a wrong field
//!   count; a round or board that is not a positive integer; a round beyond `rounds`; the same
//!   board twice in a round; an unknown result code; a white or black id that is not an integer
//!   or names an unknown player; a game with the same player on both sides; a `bye` /
//!   `half-bye` / `zero-bye` row with a black player, or a game row without one; a player twice
//!   in one round; rounds not numbered 1..k without a gap; a result in a round while an earlier
//!   round still has a game without one.
//!
//! Not checked here (rule questions for the checker): whether the pairings follow the rules,
//! whether withdrawn players still have rows, whether absences match `half_byes`/`zero_byes`.
//!
//! **Group membership for swap validation** (SPEC §2) is derived here because it is part of
//! validating the configuration: TPN = rating descending, equal ratings keep entry order;
//! group 1 = TPN 1..k1, group 2 = the next k2, …, everyone else is the lower Swiss group;
//! swaps exchange memberships in the order given. Only the validity of each swap is reported;
//! the engine and the checker derive memberships themselves.

use crate::{Config, Entry, Id, InputError, Outcome, Player, Row, Tournament};
use serde::Deserialize;
use std::collections::{BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// File names inside a tournament directory.
pub const TOURNAMENT_TOML: &str = "tournament.toml";
pub const PLAYERS_CSV: &str = "players.csv";
pub const ROUNDS_CSV: &str = "rounds.csv";

/// Header of `rounds.csv` as written.
pub const ROUNDS_HEADER: &str = "round,board,white,black,result";

/// Optional columns of `players.csv`, in the order [`players_csv`] writes them.
const PLAYER_OPTIONAL: [&str; 8] = [
    "withdrawn_from",
    "half_byes",
    "zero_byes",
    "title",
    "sex",
    "federation",
    "fide_id",
    "birth_date",
];

/// Reads a tournament: a directory (SPEC §12) or a file whose name ends in `.trf` (TRF16 or
/// TRF-2026, see [`crate::trf`]).
pub fn load(path: &Path) -> Result<Tournament, InputError> {
    let shown = path.display().to_string();
    if path.is_dir() {
        return read_dir(path);
    }
    let is_trf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("trf"));
    if !path.exists() {
        return Err(InputError::new(
            shown,
            None,
            None,
            "no such file or directory",
        ));
    }
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
    let text = crate::trf::decode(&bytes);
    crate::trf::import(&text, &shown)
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
/// (used by `bsw pair`). The result is validated before anything is written; on refusal no
/// file changes.
pub fn append_round(dir: &Path, current: &Tournament, rows: &[Row]) -> Result<(), InputError> {
    let mut next = current.clone();
    next.rows.extend_from_slice(rows);
    let names = FileNames::in_dir(dir);
    let rounds = rounds_csv(&next);
    parse_named(
        &names,
        &tournament_toml(current),
        &players_csv(current),
        Some(&rounds),
    )?;
    write_atomic(&dir.join(ROUNDS_CSV), &rounds)
}

/// `tournament.toml` text: keys in the fixed order name, rounds, seed, groups, swaps,
/// tiebreaks; absent / empty optional keys are left out (`seed` is always written).
pub fn tournament_toml(t: &Tournament) -> String {
    let c = &t.config;
    let mut s = String::new();
    if let Some(name) = &c.name {
        s += &format!("name = {}\n", toml_string(name));
    }
    if let Some(r) = c.rounds {
        s += &format!("rounds = {r}\n");
    }
    s += &format!("seed = {}\n", c.seed);
    if !c.groups.is_empty() {
        let g: Vec<String> = c.groups.iter().map(u32::to_string).collect();
        s += &format!("groups = [{}]\n", g.join(", "));
    }
    if !c.swaps.is_empty() {
        let sw: Vec<String> = c.swaps.iter().map(|(a, b)| format!("[{a}, {b}]")).collect();
        s += &format!("swaps = [{}]\n", sw.join(", "));
    }
    if let Some(tb) = &c.tiebreaks {
        let codes: Vec<String> = tb.iter().map(|x| toml_string(x)).collect();
        s += &format!("tiebreaks = [{}]\n", codes.join(", "));
    }
    s += &crate::system::toml_lines(&c.system);
    s
}

/// `players.csv` text: `id,name,rating`, then those optional columns (fixed order
/// withdrawn_from, half_byes, zero_byes, title, sex, federation, fide_id, birth_date) that at
/// least one player uses. LF line endings, trailing newline.
pub fn players_csv(t: &Tournament) -> String {
    let values = |p: &Player, col: &str| -> String {
        match col {
            "withdrawn_from" => p.withdrawn_from.map(|w| w.to_string()).unwrap_or_default(),
            "half_byes" => join_rounds(&p.half_byes),
            "zero_byes" => join_rounds(&p.zero_byes),
            "title" => p.title.clone(),
            "sex" => p.sex.clone(),
            "federation" => p.federation.clone(),
            "fide_id" => p.fide_id.clone(),
            "birth_date" => p.birth_date.clone(),
            _ => String::new(),
        }
    };
    let used: Vec<&str> = PLAYER_OPTIONAL
        .into_iter()
        .filter(|col| t.players.iter().any(|p| !values(p, col).is_empty()))
        .collect();
    let mut s = String::from("id,name,rating");
    for col in &used {
        s.push(',');
        s += col;
    }
    s.push('\n');
    for p in &t.players {
        s += &format!("{},{},{}", p.id, csv_field(&p.name), p.rating);
        for col in &used {
            s.push(',');
            s += &csv_field(&values(p, col));
        }
        s.push('\n');
    }
    s
}

/// `rounds.csv` text: header, then the rows in model order. LF line endings.
pub fn rounds_csv(t: &Tournament) -> String {
    let mut s = String::from(ROUNDS_HEADER);
    s.push('\n');
    for row in &t.rows {
        let (white, black) = match row.entry {
            Entry::Game { white, black, .. } => (white, black.to_string()),
            Entry::Bye(p) | Entry::HalfBye(p) | Entry::ZeroBye(p) => (p, String::new()),
        };
        s += &format!(
            "{},{},{},{},{}\n",
            row.round,
            row.board,
            white,
            black,
            row.entry.result_code()
        );
    }
    s
}

// ---------------------------------------------------------------------------------------------
// Files

struct FileNames {
    toml: String,
    players: String,
    rounds: String,
}

impl FileNames {
    fn in_dir(dir: &Path) -> Self {
        let n = |f: &str| dir.join(f).display().to_string();
        FileNames {
            toml: n(TOURNAMENT_TOML),
            players: n(PLAYERS_CSV),
            rounds: n(ROUNDS_CSV),
        }
    }
}

/// Reads a file as UTF-8. `Ok(None)` when it is absent and not `required`.
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
            return Err(InputError::new(
                path,
                None,
                None,
                format!("cannot read: {e}"),
            ));
        }
    };
    match String::from_utf8(bytes) {
        Ok(s) => Ok(Some(s)),
        Err(e) => {
            let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let text = String::from_utf8_lossy(good);
            Err(InputError::new(
                path,
                Some(line_of_offset(&text, text.len())),
                None,
                "not valid UTF-8",
            ))
        }
    }
}

/// Writes `text` to `path` through a temporary file in the same directory, then renames it.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), InputError> {
    let shown = path.display().to_string();
    let err = |what: &str, e: std::io::Error| {
        InputError::new(shown.clone(), None, None, format!("{what}: {e}"))
    };
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let tmp: PathBuf = dir.join(format!(".{file}.tmp-{}", std::process::id()));
    let result = (|| {
        use std::io::Write;
        let mut f = fs::File::create(&tmp).map_err(|e| err("cannot create temporary file", e))?;
        f.write_all(text.as_bytes())
            .map_err(|e| err("cannot write", e))?;
        f.sync_all().map_err(|e| err("cannot write", e))?;
        fs::rename(&tmp, path).map_err(|e| err("cannot rename temporary file into place", e))
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

// ---------------------------------------------------------------------------------------------
// Text helpers

fn strip_bom(s: &str) -> &str {
    s.strip_prefix('\u{feff}').unwrap_or(s)
}

/// Lines with their 1-based numbers; CRLF, LF and bare CR all end a line.
pub(crate) fn numbered_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let (mut start, mut i, mut n) = (0, 0, 1);
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                out.push((n, &text[start..i]));
                n += 1;
                i += 1;
                start = i;
            }
            b'\r' => {
                out.push((n, &text[start..i]));
                n += 1;
                i += if bytes.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                start = i;
            }
            _ => i += 1,
        }
    }
    if start < bytes.len() {
        out.push((n, &text[start..]));
    }
    out
}

/// 1-based line of a byte offset (CRLF, LF and bare CR end lines).
fn line_of_offset(text: &str, offset: usize) -> usize {
    let bytes = &text.as_bytes()[..offset.min(text.len())];
    let mut line = 1;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n')) {
            line += 1;
        }
    }
    line
}

/// Splits one CSV line. Unquoted fields are trimmed; quoted fields keep their content
/// (`""` stands for `"`).
fn split_csv(line: &str) -> Result<Vec<String>, String> {
    let mut fields = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| *c == ' ' || *c == '\t') {
            chars.next();
        }
        if chars.peek() == Some(&'"') {
            chars.next();
            let mut field = String::new();
            loop {
                match chars.next() {
                    None => return Err("quoted field is not closed on this line".into()),
                    Some('"') if chars.peek() == Some(&'"') => {
                        chars.next();
                        field.push('"');
                    }
                    Some('"') => break,
                    Some(c) => field.push(c),
                }
            }
            while chars.peek().is_some_and(|c| *c == ' ' || *c == '\t') {
                chars.next();
            }
            fields.push(field);
            match chars.next() {
                None => return Ok(fields),
                Some(',') => continue,
                Some(c) => return Err(format!("unexpected `{c}` after a closing quote")),
            }
        } else {
            let mut field = String::new();
            loop {
                match chars.next() {
                    None => {
                        fields.push(field.trim().to_string());
                        return Ok(fields);
                    }
                    Some(',') => break,
                    Some('"') => return Err("a quote inside an unquoted field".into()),
                    Some(c) => field.push(c),
                }
            }
            fields.push(field.trim().to_string());
        }
    }
}

fn csv_field(s: &str) -> String {
    let needs = s.contains([',', '"', '\r', '\n'])
        || s.starts_with([' ', '\t'])
        || s.ends_with([' ', '\t']);
    if needs {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn join_rounds(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ")
}

/// A CSV file split into header and records, with real line numbers.
struct Csv<'a> {
    file: &'a str,
    /// Column name -> index.
    columns: HashMap<String, usize>,
    /// Number of header columns.
    width: usize,
    /// Non-blank lines after the header, split into fields one at a time by [`Csv::record`]
    /// (so a large file never holds all its fields at once).
    lines: Vec<(usize, &'a str)>,
}

impl<'a> Csv<'a> {
    fn parse(
        file: &'a str,
        text: &'a str,
        required: &[&str],
        optional: &[&str],
    ) -> Result<Csv<'a>, InputError> {
        let text = strip_bom(text);
        let mut lines = numbered_lines(text)
            .into_iter()
            .filter(|(_, l)| !l.trim().is_empty());
        let Some((header_line, header)) = lines.next() else {
            return Err(InputError::new(
                file,
                None,
                Some("header"),
                format!("empty file; expected the header `{}`", required.join(",")),
            ));
        };
        let err = |line: usize, field: Option<&str>, msg: String| {
            InputError::new(file, Some(line), field, msg)
        };
        let names = split_csv(header).map_err(|m| err(header_line, Some("header"), m))?;
        let mut columns = HashMap::new();
        for (i, name) in names.iter().enumerate() {
            if !required.contains(&name.as_str()) && !optional.contains(&name.as_str()) {
                let mut known: Vec<&str> = required.to_vec();
                known.extend_from_slice(optional);
                return Err(err(
                    header_line,
                    Some("header"),
                    format!(
                        "unknown column `{name}` (known columns: {})",
                        known.join(", ")
                    ),
                ));
            }
            if columns.insert(name.clone(), i).is_some() {
                return Err(err(
                    header_line,
                    Some("header"),
                    format!("column `{name}` appears twice"),
                ));
            }
        }
        for r in required {
            if !columns.contains_key(*r) {
                return Err(err(
                    header_line,
                    Some("header"),
                    format!("missing column `{r}`"),
                ));
            }
        }
        Ok(Csv {
            file,
            columns,
            width: names.len(),
            lines: lines.collect(),
        })
    }

    /// The fields of one data line, checked against the header width.
    fn record(&self, n: usize, line: &str) -> Result<Vec<String>, InputError> {
        let fields = split_csv(line).map_err(|m| InputError::new(self.file, Some(n), None, m))?;
        if fields.len() != self.width {
            return Err(InputError::new(
                self.file,
                Some(n),
                None,
                format!("{} fields, but the header has {}", fields.len(), self.width),
            ));
        }
        Ok(fields)
    }

    fn get<'r>(&self, rec: &'r [String], col: &str) -> Option<&'r str> {
        self.columns.get(col).map(|&i| rec[i].as_str())
    }
}

fn parse_u32(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

// ---------------------------------------------------------------------------------------------
// tournament.toml

/// One `[id, id]` entry of `swaps` (length checked after parsing).
type SpannedPair = Spanned<Vec<Spanned<i64>>>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    name: Option<Spanned<String>>,
    rounds: Option<Spanned<i64>>,
    seed: Option<Spanned<i64>>,
    groups: Option<Spanned<Vec<Spanned<i64>>>>,
    swaps: Option<Spanned<Vec<SpannedPair>>>,
    tiebreaks: Option<Spanned<Vec<Spanned<String>>>>,
    system: Option<Spanned<String>>,
    initial_colour: Option<Spanned<String>>,
    pab_points: Option<Spanned<toml::Value>>,
}

/// Where config values sit, for errors found after the players are known.
#[derive(Default)]
struct ConfigLines {
    rounds: Option<usize>,
    groups: Option<usize>,
    group: Vec<usize>,
    swap: Vec<usize>,
}

fn parse_toml(file: &str, text: &str) -> Result<(Config, ConfigLines), InputError> {
    let text = strip_bom(text);
    let raw: RawConfig = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| line_of_offset(text, s.start));
        let field = line.and_then(|l| {
            let src = numbered_lines(text).into_iter().find(|(n, _)| *n == l)?.1;
            let key = if src.trim_start().starts_with('[') {
                src.trim().trim_matches(['[', ']']).trim()
            } else if src.contains('=') {
                src.split('=').next()?.trim()
            } else {
                ""
            };
            (!key.is_empty() && key.len() < 40).then(|| key.to_string())
        });
        let msg = e.message().trim().replace('\n', " ");
        InputError::new(file, line, field.as_deref(), msg)
    })?;
    let at = |span: std::ops::Range<usize>| line_of_offset(text, span.start);
    let err = |span: std::ops::Range<usize>, field: &str, msg: String| {
        InputError::new(file, Some(at(span)), Some(field), msg)
    };
    let mut lines = ConfigLines::default();
    let mut c = Config::default();
    if let Some(n) = raw.name {
        c.name = Some(n.into_inner());
    }
    if let Some(s) = raw.seed {
        let span = s.span();
        let v = s.into_inner();
        if v < 0 {
            return Err(err(
                span,
                "seed",
                format!("{v} is negative; the seed is an integer from 0 to 2^63-1"),
            ));
        }
        c.seed = v as u64;
    }
    if let Some(r) = raw.rounds {
        let span = r.span();
        lines.rounds = Some(at(span.clone()));
        let v = *r.get_ref();
        if v < 1 || v > u32::MAX as i64 {
            return Err(err(
                span,
                "rounds",
                format!("{v} is not a valid number of rounds (at least 1)"),
            ));
        }
        c.rounds = Some(v as u32);
    }
    if let Some(g) = raw.groups {
        lines.groups = Some(at(g.span()));
        for (i, size) in g.into_inner().into_iter().enumerate() {
            let span = size.span();
            let v = size.into_inner();
            if v < 3 {
                return Err(err(
                    span,
                    "groups",
                    format!(
                        "group {} has {v} players; a Berger group needs at least 3",
                        i + 1
                    ),
                ));
            }
            if v > u32::MAX as i64 {
                return Err(err(
                    span,
                    "groups",
                    format!("group {} has {v} players: too many", i + 1),
                ));
            }
            lines.group.push(at(span));
            c.groups.push(v as u32);
        }
    }
    if let Some(sw) = raw.swaps {
        for (i, pair) in sw.into_inner().into_iter().enumerate() {
            let span = pair.span();
            let ids = pair.into_inner();
            if ids.len() != 2 {
                return Err(err(
                    span,
                    "swaps",
                    format!(
                        "swap {} has {} ids; a swap is a pair [id, id]",
                        i + 1,
                        ids.len()
                    ),
                ));
            }
            let mut pair_ids = [0u32; 2];
            for (k, id) in ids.into_iter().enumerate() {
                let v = id.into_inner();
                if v < 1 || v > u32::MAX as i64 {
                    return Err(err(
                        span,
                        "swaps",
                        format!("swap {}: {v} is not a player id", i + 1),
                    ));
                }
                pair_ids[k] = v as u32;
            }
            lines.swap.push(at(span));
            c.swaps.push((pair_ids[0], pair_ids[1]));
        }
    }
    if let Some(tb) = raw.tiebreaks {
        let mut codes = Vec::new();
        for code in tb.into_inner() {
            let span = code.span();
            let v = code.into_inner();
            if v.trim().is_empty() {
                return Err(err(span, "tiebreaks", "empty tiebreak code".into()));
            }
            codes.push(v);
        }
        c.tiebreaks = Some(codes);
    }
    c.system = crate::system::from_toml(
        raw.system.map(|v| (at(v.span()), v.into_inner())),
        raw.initial_colour.map(|v| (at(v.span()), v.into_inner())),
        raw.pab_points.map(|v| (at(v.span()), v.into_inner())),
    )
    .map_err(|(line, field, msg)| InputError::new(file, Some(line), Some(field), msg))?;
    Ok((c, lines))
}

/// Length of the Berger schedule of a group of `k` players (FIDE tables).
fn schedule_len(k: u32) -> u64 {
    if k % 2 == 1 { k as u64 } else { k as u64 - 1 }
}

/// Checks the configuration against the player list (SPEC §2). See the module docs for the
/// membership derivation used by the swap checks.
fn check_config(
    file: &str,
    c: &Config,
    lines: &ConfigLines,
    players: &[Player],
) -> Result<(), InputError> {
    let total: u64 = c.groups.iter().map(|&g| g as u64).sum();
    if total > players.len() as u64 {
        return Err(InputError::new(
            file,
            lines.groups,
            Some("groups"),
            format!(
                "the groups hold {total} players but there are only {} players",
                players.len()
            ),
        ));
    }
    if let Some(&first) = c.groups.first() {
        let p = schedule_len(first);
        for (i, &g) in c.groups.iter().enumerate().skip(1) {
            if schedule_len(g) != p {
                return Err(InputError::new(
                    file,
                    lines.group.get(i).copied(),
                    Some("groups"),
                    format!(
                        "group {} ({g} players) has a {}-round Berger schedule but group 1 ({first} players) has {p}; all groups need the same length",
                        i + 1,
                        schedule_len(g)
                    ),
                ));
            }
        }
        if let Some(r) = c.rounds
            && (r as u64) < p
        {
            return Err(InputError::new(
                file,
                lines.rounds,
                Some("rounds"),
                format!("{r} is less than the initial phase P = {p} (the Berger schedule length)"),
            ));
        }
    } else if c.rounds.is_none() {
        return Err(InputError::new(
            file,
            None,
            Some("rounds"),
            "missing; it is required when there are no groups",
        ));
    }
    // Memberships: TPN order = rating descending, stable on entry order.
    let mut tpn: Vec<usize> = (0..players.len()).collect();
    tpn.sort_by(|&a, &b| players[b].rating.cmp(&players[a].rating));
    let mut member: HashMap<Id, Option<usize>> = players.iter().map(|p| (p.id, None)).collect();
    let mut pos = 0usize;
    for (g, &size) in c.groups.iter().enumerate() {
        for &i in &tpn[pos..pos + size as usize] {
            member.insert(players[i].id, Some(g));
        }
        pos += size as usize;
    }
    for (k, &(a, b)) in c.swaps.iter().enumerate() {
        let line = lines.swap.get(k).copied();
        let e = |msg: String| {
            InputError::new(
                file,
                line,
                Some("swaps"),
                format!("swap {} [{a}, {b}]: {msg}", k + 1),
            )
        };
        let ma = *member
            .get(&a)
            .ok_or_else(|| e(format!("no player has id {a}")))?;
        let mb = *member
            .get(&b)
            .ok_or_else(|| e(format!("no player has id {b}")))?;
        if a == b {
            return Err(e("names the same player twice".into()));
        }
        match (ma, mb) {
            (None, None) => return Err(e("both players are in the lower Swiss group".into())),
            (Some(x), Some(y)) if x == y => {
                return Err(e(format!("both players are in group {}", x + 1)));
            }
            _ => {}
        }
        member.insert(a, mb);
        member.insert(b, ma);
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// players.csv

fn parse_players(file: &str, text: &str) -> Result<(Vec<Player>, HashMap<Id, usize>), InputError> {
    let csv = Csv::parse(file, text, &["id", "name", "rating"], &PLAYER_OPTIONAL)?;
    let mut players = Vec::with_capacity(csv.lines.len());
    let mut seen: HashMap<Id, usize> = HashMap::new();
    for &(n, line) in &csv.lines {
        let rec = &csv.record(n, line)?;
        let err = |field: &str, msg: String| InputError::new(file, Some(n), Some(field), msg);
        let get = |col: &str| csv.get(rec, col).unwrap_or("");
        let id_s = get("id");
        let id = parse_u32(id_s)
            .filter(|&i| i > 0)
            .ok_or_else(|| err("id", format!("`{id_s}` is not a positive integer")))?;
        if let Some(prev) = seen.insert(id, n) {
            return Err(err(
                "id",
                format!("duplicate id {id} (already on line {prev})"),
            ));
        }
        let name = get("name").to_string();
        if name.is_empty() {
            return Err(err("name", "empty".into()));
        }
        let rating_s = get("rating");
        let rating = if rating_s.is_empty() {
            0
        } else {
            parse_u32(rating_s).ok_or_else(|| {
                err(
                    "rating",
                    format!("`{rating_s}` is not a non-negative integer"),
                )
            })?
        };
        let w = get("withdrawn_from");
        let withdrawn_from = if w.is_empty() {
            None
        } else {
            let v = parse_u32(w)
                .ok_or_else(|| err("withdrawn_from", format!("`{w}` is not a round number")))?;
            if v < 1 {
                return Err(err(
                    "withdrawn_from",
                    format!("{v}: rounds are numbered from 1"),
                ));
            }
            Some(v)
        };
        let rounds_list = |col: &str| -> Result<Vec<u32>, InputError> {
            let mut v = Vec::new();
            for tok in get(col).split_whitespace() {
                let r = parse_u32(tok)
                    .filter(|&r| r >= 1)
                    .ok_or_else(|| err(col, format!("`{tok}` is not a round number (1, 2, …)")))?;
                if v.contains(&r) {
                    return Err(err(col, format!("round {r} listed twice")));
                }
                v.push(r);
            }
            v.sort_unstable();
            Ok(v)
        };
        let half_byes = rounds_list("half_byes")?;
        let zero_byes = rounds_list("zero_byes")?;
        if let Some(r) = zero_byes.iter().find(|r| half_byes.contains(r)) {
            return Err(err(
                "zero_byes",
                format!(
                    "round {r} is also in half_byes; a requested absence is either half or zero"
                ),
            ));
        }
        players.push(Player {
            id,
            name,
            rating,
            withdrawn_from,
            half_byes,
            zero_byes,
            title: get("title").to_string(),
            sex: get("sex").to_string(),
            federation: get("federation").to_string(),
            fide_id: get("fide_id").to_string(),
            birth_date: get("birth_date").to_string(),
        });
    }
    Ok((players, seen))
}

// ---------------------------------------------------------------------------------------------
// rounds.csv

fn parse_rounds(
    file: &str,
    text: &str,
    ids: &HashMap<Id, usize>,
    max_round: Option<u32>,
) -> Result<Vec<Row>, InputError> {
    let csv = Csv::parse(
        file,
        text,
        &["round", "board", "white", "black", "result"],
        &[],
    )?;
    let mut rows: Vec<(usize, Row)> = Vec::with_capacity(csv.lines.len());
    let mut boards: HashMap<(u32, u32), usize> = HashMap::new();
    let mut busy: HashMap<(u32, Id), usize> = HashMap::new();
    for &(n, line) in &csv.lines {
        let rec = &csv.record(n, line)?;
        let err = |field: &str, msg: String| InputError::new(file, Some(n), Some(field), msg);
        let get = |col: &str| csv.get(rec, col).unwrap_or("");
        let num = |col: &str| -> Result<u32, InputError> {
            let s = get(col);
            parse_u32(s)
                .filter(|&v| v > 0)
                .ok_or_else(|| err(col, format!("`{s}` is not a positive integer")))
        };
        let round = num("round")?;
        if let Some(r) = max_round
            && round > r
        {
            return Err(err(
                "round",
                format!("round {round} is beyond the {r} rounds of the tournament"),
            ));
        }
        let board = num("board")?;
        if let Some(prev) = boards.insert((round, board), n) {
            return Err(err(
                "board",
                format!("board {board} of round {round} is already used on line {prev}"),
            ));
        }
        let player = |col: &str| -> Result<Id, InputError> {
            let s = get(col);
            let id = parse_u32(s)
                .filter(|&v| v > 0)
                .ok_or_else(|| err(col, format!("`{s}` is not a player id")))?;
            if !ids.contains_key(&id) {
                return Err(err(col, format!("no player has id {id}")));
            }
            Ok(id)
        };
        let code = get("result");
        let white = player("white")?;
        let entry = match code {
            "bye" | "half-bye" | "zero-bye" => {
                if !get("black").is_empty() {
                    return Err(err(
                        "black",
                        format!(
                            "a `{code}` row names one player (in `white`); black must be empty"
                        ),
                    ));
                }
                match code {
                    "bye" => Entry::Bye(white),
                    "half-bye" => Entry::HalfBye(white),
                    _ => Entry::ZeroBye(white),
                }
            }
            _ => {
                let result = if code.is_empty() {
                    None
                } else {
                    Some(Outcome::from_code(code).ok_or_else(|| {
                        err(
                            "result",
                            format!("unknown result code `{code}` (expected 1-0, 0-1, 1/2-1/2, +/-, -/+, -/-, bye, half-bye, zero-bye or empty)"),
                        )
                    })?)
                };
                if get("black").is_empty() {
                    return Err(err(
                        "black",
                        "empty; a game needs a black player (byes and absences say so in `result`)"
                            .into(),
                    ));
                }
                let black = player("black")?;
                if black == white {
                    return Err(err(
                        "black",
                        format!("player {white} cannot play against themselves"),
                    ));
                }
                Entry::Game {
                    white,
                    black,
                    result,
                }
            }
        };
        for (p, col) in entry.players().zip(["white", "black"]) {
            if let Some(prev) = busy.insert((round, p), n) {
                return Err(err(
                    col,
                    format!("player {p} already has a row in round {round} (line {prev})"),
                ));
            }
        }
        rows.push((
            n,
            Row {
                round,
                board,
                entry,
            },
        ));
    }
    // Rounds numbered 1..k without a gap.
    let rounds: BTreeSet<u32> = rows.iter().map(|(_, r)| r.round).collect();
    for (expected, &r) in (1u32..).zip(rounds.iter()) {
        if r != expected {
            let line = rows
                .iter()
                .filter(|(_, row)| row.round == r)
                .map(|(n, _)| *n)
                .min();
            return Err(InputError::new(
                file,
                line,
                Some("round"),
                format!(
                    "round {r} but round {expected} has no rows; rounds must be numbered 1, 2, … without a gap"
                ),
            ));
        }
    }
    // No result while an earlier round still lacks one.
    let first_pending = rows
        .iter()
        .filter(|(_, row)| matches!(row.entry, Entry::Game { result: None, .. }))
        .min_by_key(|(n, row)| (row.round, *n));
    if let Some((pn, pending)) = first_pending {
        let later = rows
            .iter()
            .filter(|(_, row)| {
                row.round > pending.round
                    && matches!(
                        row.entry,
                        Entry::Game {
                            result: Some(_),
                            ..
                        }
                    )
            })
            .min_by_key(|(n, _)| *n);
        if let Some((n, row)) = later {
            return Err(InputError::new(
                file,
                Some(*n),
                Some("result"),
                format!(
                    "round {} has a result while round {} still lacks one (board {}, line {pn})",
                    row.round, pending.round, pending.board
                ),
            ));
        }
    }
    let mut rows: Vec<Row> = rows.into_iter().map(|(_, r)| r).collect();
    rows.sort_by_key(|r| (r.round, r.board));
    Ok(rows)
}

fn parse_named(
    names: &FileNames,
    toml: &str,
    players: &str,
    rounds: Option<&str>,
) -> Result<Tournament, InputError> {
    let (config, lines) = parse_toml(&names.toml, toml)?;
    let (players, ids) = parse_players(&names.players, players)?;
    check_config(&names.toml, &config, &lines, &players)?;
    let max_round = config
        .rounds
        .or_else(|| config.groups.first().map(|&g| schedule_len(g) as u32));
    let rows = match rounds {
        Some(text) => parse_rounds(&names.rounds, text, &ids, max_round)?,
        None => Vec::new(),
    };
    Ok(Tournament {
        config,
        players,
        rows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_lines_handles_all_endings() {
        let l = numbered_lines("a\r\nb\rc\nd");
        assert_eq!(l, vec![(1, "a"), (2, "b"), (3, "c"), (4, "d")]);
        assert_eq!(numbered_lines("a\n"), vec![(1, "a")]);
    }

    #[test]
    fn split_csv_quotes_and_trims() {
        assert_eq!(
            split_csv(" a , \"b, c\" ,\"d\"\"e\",").unwrap(),
            vec!["a", "b, c", "d\"e", ""]
        );
        assert!(split_csv("\"open").is_err());
        assert!(split_csv("a\"b").is_err());
    }

    #[test]
    fn line_of_offset_counts_crlf_once() {
        assert_eq!(line_of_offset("a\r\nb\r\nc", 6), 3);
        assert_eq!(line_of_offset("a\rb", 2), 2);
    }
}

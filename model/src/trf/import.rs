//! `bsw trf import`: a TRF16 / TRF-2026 text to a [`Tournament`]. The steps, in order:
//! [`scan`] sorts the lines into records, [`read`] settles the rounds and the points column,
//! [`rows_of_round`] turns the round cells into rows, [`ext_config`] applies our extension
//! records. The readings taken are listed in the module docs of [`crate::trf`].

use super::cells::{BLANK, Cell, Rec, cell_columns, cell_points, digits, fmt_points, parse_001};
use super::ext::Ext;
use super::scan::{Kind, classify};
use crate::io::config::{ConfigLines, check_config};
use crate::io::text::{numbered_lines, strip_bom};
use crate::{Config, Entry, HalfPoints, Id, InputError, Outcome, Player, Row, Tournament};
use std::collections::{HashMap, HashSet};

/// How to read a TRF file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// Read a file whose points column disagrees with its round results by the round results,
    /// reporting each mismatch as a warning (default: refuse, listing every mismatch).
    pub lenient: bool,
    /// Read the file as a pairing engine of the JaVaFo/bbpPairings convention reads it
    /// (`bsw FILE.trf -p`): every player is paired in the next round unless its column holds
    /// an entry already, so no withdrawal is inferred from trailing blank or `Z` cells (a
    /// player absent in the last rounds may return). Otherwise (reading a finished or
    /// running event to certify or rank it) such a player is taken as withdrawn.
    pub pairing_convention: bool,
}

/// A TRF file as read: the tournament and what the file said about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    pub tournament: Tournament,
    /// The file carries a berger-swiss configuration (`BSV` record): check it with the
    /// berger-swiss profile. Always true for a tournament directory.
    pub carries_config: bool,
    /// The pairing system the file declares: record `192` (TRF-2026 code, e.g.
    /// `FIDE_DUTCH_2025`), else the text of `092` (TRF16). `None` for a directory, where
    /// `tournament.toml` owns the system.
    pub declared_system: Option<String>,
    /// Things the reader accepted but the user should know (each on its own line).
    pub warnings: Vec<String>,
    /// Lines that are not records, ignored: (line number, text).
    pub ignored_lines: Vec<(usize, String)>,
    /// The `BSI` record of a Dutch event exported with start numbers = pairing numbers: the
    /// id of start number k is `start_numbers[k - 1]` (the tournament holds the ids; a
    /// program answering about the file answers in start numbers). Empty without `BSI`.
    pub start_numbers: Vec<Id>,
}

/// Imports a TRF16 / TRF-2026 text, strictly. `file_name` is used in error messages.
pub fn import(text: &str, file_name: &str) -> Result<Tournament, InputError> {
    read(text, file_name, &ReadOptions::default()).map(|i| i.tournament)
}

/// Everything the line scan found.
struct Scanned {
    recs: Vec<Rec>,
    index: HashMap<Id, usize>,
    name: Option<String>,
    declared: Option<(u32, usize)>,
    header: Vec<String>,
    ext: Ext,
    ignored: Vec<(usize, String)>,
    system_092: Option<String>,
    system_192: Option<String>,
    /// `XXA` records: (line number, start number, half-points per round).
    accelerated: Vec<(usize, Id, Vec<HalfPoints>)>,
    /// `013`/`310` team records (line number, text), kept in the header.
    teams: Vec<(usize, String)>,
}

/// Reads a TRF text. See the module docs of [`crate::trf`] for the readings.
pub fn read(text: &str, file: &str, opts: &ReadOptions) -> Result<Imported, InputError> {
    let text = strip_bom(text);
    let mut s = scan(text, file)?;
    if s.recs.is_empty() {
        return Err(not_a_trf(text, file));
    }
    let carries_config = s.ext.version_line.is_some();
    if !carries_config && let Some(n) = s.ext.first_line {
        return Err(InputError::new(
            file,
            Some(n),
            Some("BSV"),
            "a berger-swiss extension record without the `BSV 1` record that announces them (columns 1-3)",
        ));
    }
    if carries_config {
        let mut players: Vec<Player> = s.recs.iter().map(|r| r.player.clone()).collect();
        let dutch = declared_pairing_system(&s.header).dutch().is_some();
        s.ext.apply_players(file, &mut players, &s.index, dutch)?;
        for (rec, p) in s.recs.iter_mut().zip(players) {
            rec.player = p;
        }
    }
    let last = last_round(&s.recs, &s.ext);
    let rounds = match s.declared {
        Some((r, n)) if r < last => {
            return Err(InputError::new(
                file,
                Some(n),
                Some("XXR"),
                format!(
                    "{r} rounds, but the player records hold round {last} (columns 5-{})",
                    4 + r.to_string().len()
                ),
            ));
        }
        Some((r, _)) => r,
        None => last.max(1),
    };
    let team_note = team_records(file, &s)?;
    let system = declared_pairing_system(&s.header);
    if carries_config {
        drop_generated_header(file, &mut s.header, s.ext.system_lines)?;
    }
    // A pairing-allocated bye (`U`) is worth `pab_points` in a Dutch file (bbpPairings' `BBU`).
    let u_points = system.dutch().map_or(2, |d| d.pab_points);
    let mut warnings = check_points(file, &s.recs, last, opts.lenient, u_points)?;
    warnings.extend(team_note);
    let acceleration = acceleration(file, &s, rounds)?;
    if acceleration != crate::Acceleration::None && system.dutch().is_none() {
        warnings.push(format!(
            "{file}: XXA: the file declares accelerated rounds, but not the Dutch system: they \
             are kept for export; only the Dutch system pairs on accelerated scores"
        ));
    }
    if !carries_config {
        // Dutch files announce every absence in the round's own cell (bbpPairings pairs
        // everyone without a cell in the next round): no withdrawal is inferred there.
        let withdrawals = system.dutch().is_none() && !opts.pairing_convention;
        infer_withdrawals_and_requests(&mut s.recs, last, withdrawals, opts.pairing_convention);
    } else {
        add_pre_entered_absences(&mut s.recs, last);
    }
    // `F` without an opponent is the arbiter's full-point bye (`full-bye`), except in a
    // Berger-Swiss event with our records, whose export writes its Berger byes `F` (and
    // lists any arbiter's full-point bye in a `BSF` record).
    let berger_f = (carries_config && system.dutch().is_none()).then_some(&s.ext.full_byes);
    let mut rows: Vec<Row> = Vec::new();
    let mut pending: Option<(u32, usize)> = None;
    for r in 1..=last {
        let mut round =
            rows_of_round(file, &mut s.recs, &s.index, r, carries_config, berger_f, &mut pending)?;
        if carries_config && let Some((n, boards)) = s.ext.boards.get(&r) {
            set_boards(file, *n, r, &mut round, boards)?;
        }
        rows.extend(round);
    }
    let players = finish_players(s.recs, carries_config);
    let mut config = Config {
        name: s.name,
        rounds: Some(rounds),
        trf_header: s.header,
        system,
        acceleration,
        ..Config::default()
    };
    if carries_config {
        ext_config(file, &s.ext, &mut config, &players, last)?;
    }
    let mut tournament = Tournament { config, players, rows };
    if carries_config && let Some((ids, n)) = &s.ext.ids {
        restore_ids(file, *n, ids, &mut tournament)?;
    }
    Ok(Imported {
        tournament,
        carries_config,
        declared_system: s.system_192.or(s.system_092),
        warnings,
        ignored_lines: s.ignored,
        start_numbers: s.ext.ids.map(|(ids, _)| ids).filter(|_| carries_config).unwrap_or_default(),
    })
}

/// Sorts the lines into records; refuses team competitions and broken records.
fn scan(text: &str, file: &str) -> Result<Scanned, InputError> {
    let mut s = Scanned {
        recs: Vec::new(),
        index: HashMap::new(),
        name: None,
        declared: None,
        header: Vec::new(),
        ext: Ext::default(),
        ignored: Vec::new(),
        system_092: None,
        system_192: None,
        accelerated: Vec::new(),
        teams: Vec::new(),
    };
    for (n, line) in numbered_lines(text) {
        let kind = classify(line);
        let value = || line.chars().skip(4).collect::<String>().trim().to_string();
        match kind {
            Kind::Player => {
                let chars: Vec<char> = line.chars().collect();
                let rec = parse_001(file, n, &chars)?;
                if let Some(&prev) = s.index.get(&rec.player.id) {
                    return Err(InputError::new(
                        file,
                        Some(n),
                        Some("001 pairing number"),
                        format!(
                            "player {} appears twice (first on line {}) (columns 5-8)",
                            rec.player.id, s.recs[prev].line
                        ),
                    ));
                }
                s.index.insert(rec.player.id, s.recs.len());
                s.recs.push(rec);
            }
            Kind::Name => {
                let v = value();
                if !v.is_empty() {
                    s.name = Some(v);
                }
            }
            Kind::Rounds => {
                let code: String = line.chars().take(3).collect();
                let v: String = line.chars().skip(3).collect();
                let tok = v.split_whitespace().next().unwrap_or("");
                let width = line.chars().count().max(5);
                let r = digits(tok).filter(|&r| r >= 1).ok_or_else(|| {
                    InputError::new(
                        file,
                        Some(n),
                        Some(&code),
                        format!("`{tok}` is not a number of rounds (columns 5-{width})"),
                    )
                })?;
                if let Some((prev, pl)) = s.declared
                    && prev != r
                {
                    return Err(InputError::new(
                        file,
                        Some(n),
                        Some(&code),
                        format!("{r} rounds, but line {pl} says {prev} (columns 5-{width})"),
                    ));
                }
                s.declared = Some((r, n));
            }
            Kind::Team => {
                s.teams.push((n, line.to_string()));
                s.header.push(line.to_string());
            }
            Kind::Extension => s.ext.read(file, n, line)?,
            Kind::Kept => {
                let code: String = line.chars().take(3).collect();
                let v = value();
                match code.as_str() {
                    "092" if v.to_ascii_lowercase().contains("team") => {
                        return Err(team(file, n, "092", "the tournament type"));
                    }
                    "192" if v.to_ascii_uppercase().contains("TEAM") => {
                        return Err(team(file, n, "192", "the tournament type"));
                    }
                    "092" if !v.is_empty() => s.system_092 = Some(v),
                    "192" if !v.is_empty() => s.system_192 = Some(v),
                    "XXA" => {
                        let (id, points) =
                            crate::system::trf_xxa(line).map_err(|(cols, why)| {
                                InputError::new(
                                    file,
                                    Some(n),
                                    Some("XXA"),
                                    format!("{why} (columns {cols})"),
                                )
                            })?;
                        if let Some((first, ..)) = s.accelerated.iter().find(|x| x.1 == id) {
                            return Err(InputError::new(
                                file,
                                Some(n),
                                Some("XXA"),
                                format!(
                                    "player {id} has a second XXA record (the first is on line {first}) (columns 5-8)"
                                ),
                            ));
                        }
                        s.accelerated.push((n, id, points));
                        // Written back from the tournament's acceleration on export.
                        continue;
                    }
                    _ => {}
                }
                s.header.push(line.to_string());
            }
            Kind::Blank => {}
            Kind::NotARecord => s.ignored.push((n, line.to_string())),
        }
    }
    Ok(s)
}

/// The acceleration the file declares: its `XXA` records (start numbers; every one must
/// name a player of the file, with no more values than rounds), else a `092`/`192`
/// tournament type naming Baku.
fn acceleration(file: &str, s: &Scanned, rounds: u32) -> Result<crate::Acceleration, InputError> {
    if s.accelerated.is_empty() {
        let baku = s
            .system_192
            .as_ref()
            .or(s.system_092.as_ref())
            .is_some_and(|t| crate::system::trf_type_is_baku(t));
        return Ok(if baku { crate::Acceleration::Baku } else { crate::Acceleration::None });
    }
    let mut m = std::collections::BTreeMap::new();
    for (n, id, points) in &s.accelerated {
        if !s.index.contains_key(id) {
            return Err(InputError::new(
                file,
                Some(*n),
                Some("XXA"),
                format!("player {id} is not in the file (columns 5-8)"),
            ));
        }
        if points.len() > rounds as usize {
            return Err(InputError::new(
                file,
                Some(*n),
                Some("XXA"),
                format!(
                    "{} values, but the event has {rounds} rounds (columns 10-{})",
                    points.len(),
                    8 + 5 * points.len()
                ),
            ));
        }
        m.insert(*id, points.clone());
    }
    Ok(crate::Acceleration::Explicit(m))
}

/// Team records (`013`, `310`) make a team competition only when the games say so: no
/// `092`/`192` declares the event (a team type is refused while scanning) and, in every
/// round, each listed team's players met the players of one other team only (team matches).
/// Otherwise they are a grouping of players (a team prize, a club) in an individual event:
/// read as such, with a warning (`Some`).
fn team_records(file: &str, s: &Scanned) -> Result<Option<String>, InputError> {
    let Some((n, line)) = s.teams.first() else {
        return Ok(None);
    };
    let code: String = line.chars().take(3).collect();
    let declared = s.system_192.as_ref().or(s.system_092.as_ref());
    if declared.is_none() && team_matches(s) {
        return Err(team(
            file,
            *n,
            &code,
            "a team record, with every game played team against team,",
        ));
    }
    let why = match declared {
        Some(d) => format!("the file declares `{d}`"),
        None => "its games are not team matches".into(),
    };
    Ok(Some(format!(
        "{file}:{n}: {code}: team records in an individual event ({why}): read as an individual event; the teams (a team prize, clubs) are kept for export only"
    )))
}

/// Whether every game of the players listed in team records is a team match: in each round,
/// each team's players met players of one other team only, and at least one game was played.
fn team_matches(s: &Scanned) -> bool {
    let mut team_of: HashMap<Id, usize> = HashMap::new();
    for (t, (_, line)) in s.teams.iter().enumerate() {
        let members: String = line.chars().skip(36).collect();
        for id in members.split_whitespace().filter_map(|x| x.parse::<Id>().ok()) {
            team_of.insert(id, t);
        }
    }
    let rounds = s.recs.iter().map(|r| r.cells.len()).max().unwrap_or(0);
    let mut games = 0;
    for r in 1..=rounds as u32 {
        let mut against: HashMap<usize, usize> = HashMap::new();
        for rec in &s.recs {
            let (Some(opp), Some(&mine)) = (rec.cell(r).opp, team_of.get(&rec.player.id)) else {
                continue;
            };
            let Some(&theirs) = team_of.get(&opp) else { return false };
            if theirs == mine || *against.entry(mine).or_insert(theirs) != theirs {
                return false;
            }
            games += 1;
        }
    }
    games > 0
}

fn team(file: &str, n: usize, code: &str, what: &str) -> InputError {
    InputError::new(
        file,
        Some(n),
        Some(code),
        format!(
            "{what} says this is a team competition (columns 1-3); it is not checked: the \
             individual pairing rules do not apply to team matches (board colours are fixed by \
             the match), so reading it as an individual event would only give false alarms"
        ),
    )
}

/// The message for a file without any `001` record: say what it looks like instead.
fn not_a_trf(text: &str, file: &str) -> InputError {
    let head: String = text.chars().take(2000).collect::<String>().to_ascii_lowercase();
    let msg = if text.trim().is_empty() {
        "empty file; a TRF file holds one `001` record per player".to_string()
    } else if text.contains('\0')
        || text.chars().take(2000).filter(|c| c.is_control() && !c.is_whitespace()).count() > 8
    {
        "binary data, not a TRF text file (a TRF file holds one `001` record per player)".into()
    } else if head.trim_start().starts_with('<') || head.contains("<html") {
        "an HTML page, not a TRF file (an error page or a web page saved as .trf?); download the TRF file itself".into()
    } else {
        "no player records (lines starting with `001 `); is this a TRF file?".into()
    };
    InputError::new(file, None, Some("001"), msg)
}

/// L: the last paired round of the event: the last round in which anyone has an opponent or
/// a cell other than `F`, `H`, `Z` and blank; with our extension records, at least the last
/// round that has a `BSB` record; without them, the round after it when every player has a
/// cell there (nobody is left to pair: a round of absences only took place, as bbpPairings
/// reads it).
fn last_round(recs: &[Rec], ext: &Ext) -> u32 {
    let paired = recs
        .iter()
        .flat_map(|rec| {
            rec.cells
                .iter()
                .enumerate()
                .filter(|(_, c)| c.opp.is_some() || !"fhz ".contains(c.code))
                .map(|(i, _)| i as u32 + 1)
        })
        .max()
        .unwrap_or(0);
    if ext.version_line.is_some() {
        // Our records list every round's boards: a forward cell is an announced absence
        // (or a withdrawal's `Z`), never a round of its own.
        return paired.max(ext.boards.keys().copied().max().unwrap_or(0));
    }
    let forward = paired + 1;
    let forward_complete = !recs.is_empty() && recs.iter().all(|rec| rec.cell(forward) != BLANK);
    if forward_complete { forward } else { paired }
}

/// The points column against the cells. Accepted: the sum of every cell, or of the cells up
/// to L (a file handed to an engine may or may not count the byes pre-entered for the next
/// round). Strict: one error listing every mismatch; lenient: one warning per mismatch.
fn check_points(
    file: &str,
    recs: &[Rec],
    last: u32,
    lenient: bool,
    u_points: HalfPoints,
) -> Result<Vec<String>, InputError> {
    let value = |c: &Cell| if c.code == 'u' { u_points } else { cell_points(c) };
    let mut mismatches: Vec<(usize, String)> = Vec::new();
    for rec in recs {
        let Some(p) = rec.points else { continue };
        let all: HalfPoints = rec.cells.iter().map(value).sum();
        let played: HalfPoints = rec.cells.iter().take(last as usize).map(value).sum();
        if p != all && p != played {
            mismatches.push((
                rec.line,
                format!(
                    "player {} ({}) has {} in the points column but the round results add up to {}",
                    rec.player.id,
                    rec.player.name,
                    fmt_points(p),
                    fmt_points(all)
                ),
            ));
        }
    }
    if mismatches.is_empty() {
        return Ok(Vec::new());
    }
    if lenient {
        return Ok(mismatches
            .into_iter()
            .map(|(n, m)| {
                format!("{file}:{n}: 001 points: {m} (columns 81-84); read by the round results")
            })
            .collect());
    }
    let hint = "--lenient reads the file by its round results";
    let message = if mismatches.len() == 1 {
        format!("{} (columns 81-84); {hint}", mismatches[0].1)
    } else {
        let mut m = format!(
            "{} points columns disagree with the round results (columns 81-84); {hint}:",
            mismatches.len()
        );
        for (n, line) in &mismatches {
            m += &format!("\n  {file}:{n}: {line}");
        }
        m
    };
    Err(InputError::new(file, Some(mismatches[0].0), Some("001 points"), message))
}

/// `BSY k`: the last `k` kept header records were written by the export from the system
/// settings (`092`, `XXC`, `BBU`): they are read for the system but not kept in `trf_header`.
fn drop_generated_header(
    file: &str,
    header: &mut Vec<String>,
    bsy: Option<(usize, usize)>,
) -> Result<(), InputError> {
    let Some((k, n)) = bsy else { return Ok(()) };
    let from = header.len().checked_sub(k);
    let ok = from.is_some_and(|from| {
        header[from..].iter().all(|l| ["092", "192", "XXC", "BBU"].iter().any(|c| l.starts_with(c)))
    });
    match from {
        Some(from) if ok => {
            header.truncate(from);
            Ok(())
        }
        _ => Err(InputError::new(
            file,
            Some(n),
            Some("BSY"),
            format!(
                "says the last {k} header records before the player records are system records (092, XXC, BBU) written by the export, but they are not (columns 5 onwards); the file was edited: remove the BSY record"
            ),
        )),
    }
}

/// `BSI id…` (line `n`): start number k of the file is player `ids[k - 1]` of the directory
/// (a Dutch event exported with start numbers = pairing numbers); gives the ids back.
fn restore_ids(file: &str, n: usize, ids: &[Id], t: &mut Tournament) -> Result<(), InputError> {
    let err = |msg: String| {
        InputError::new(file, Some(n), Some("BSI"), format!("{msg} (columns 5 onwards)"))
    };
    if ids.len() != t.players.len() {
        return Err(err(format!(
            "{} ids for {} players: the record gives the id of every start number 1..{}",
            ids.len(),
            t.players.len(),
            t.players.len()
        )));
    }
    let mut seen = HashSet::new();
    if let Some(id) = ids.iter().find(|&&id| !seen.insert(id)) {
        return Err(err(format!("id {id} is given twice")));
    }
    let id_of = |start: Id| -> Result<Id, InputError> {
        ids.get((start as usize).wrapping_sub(1)).copied().ok_or_else(|| {
            err(format!("start number {start} is beyond the {} ids of the record", ids.len()))
        })
    };
    for p in &mut t.players {
        p.id = id_of(p.id)?;
    }
    for (a, b) in &mut t.config.swaps {
        (*a, *b) = (id_of(*a)?, id_of(*b)?);
    }
    if let crate::Acceleration::Explicit(m) = &mut t.config.acceleration {
        // Every XXA record names a player of the file (checked while reading).
        *m = std::mem::take(m)
            .into_iter()
            .map(|(start, points)| {
                (ids.get((start as usize).wrapping_sub(1)).copied().unwrap_or(start), points)
            })
            .collect();
    }
    // Every row names players of the file, whose start numbers were just checked.
    for row in &mut t.rows {
        row.entry =
            row.entry.map_ids(|p| ids.get((p as usize).wrapping_sub(1)).copied().unwrap_or(p));
    }
    Ok(())
}

/// The pairing system the kept header records declare (`092`/`192`: a Dutch type selects the
/// Dutch system; `XXC`/`152`: its initial colour; bbpPairings' `BBU`: what the
/// pairing-allocated bye is worth), see [`crate::system`].
fn declared_pairing_system(header: &[String]) -> crate::System {
    let mut dutch = None;
    let mut initial_colour = None;
    let mut pab = None;
    for line in header {
        let chars: Vec<char> = line.chars().collect();
        let code: String = chars.iter().take(3).collect();
        if matches!(code.as_str(), "092" | "192" | "XXC" | "152") {
            crate::system::trf_system_record(&code, &chars, &mut dutch, &mut initial_colour);
        } else if code == "BBU" {
            pab = crate::system::trf_bbu_points(line).or(pab);
        }
    }
    let mut system = crate::system::trf_system(dutch, initial_colour);
    if let (crate::System::Dutch(d), Some(p)) = (&mut system, pab) {
        d.pab_points = p;
    }
    system
}

/// Without our extension records: a player whose cells from some round t up to L are all
/// blank or `Z` is withdrawn from t (only when `withdrawals`: not in a Dutch file); `H`/`Z`
/// cells after L are requested absences. `convention` (the pairing-engine convention): an `F`
/// after L (a full-point bye the arbiter pre-entered) also keeps the player out of that
/// round, read as an absence: only who is paired matters to the answer, which lists no
/// absence (JaVaFo and bbpPairings leave such a player unpaired).
fn infer_withdrawals_and_requests(
    recs: &mut [Rec],
    last: u32,
    withdrawals: bool,
    convention: bool,
) {
    for rec in recs {
        let mut t = last + 1;
        while t > 1 && rec.cell(t - 1).opp.is_none() && matches!(rec.cell(t - 1).code, ' ' | 'z') {
            t -= 1;
        }
        if withdrawals && t <= last {
            rec.player.withdrawn_from = Some(t);
        }
        for (i, c) in rec.cells.iter().enumerate().skip(last as usize) {
            let r = i as u32 + 1;
            if c.opp.is_none() {
                match c.code {
                    'h' => rec.player.half_byes.push(r),
                    'z' => rec.player.zero_byes.push(r),
                    'f' if convention => rec.player.zero_byes.push(r),
                    _ => {}
                }
            }
        }
    }
}

/// With our extension records: an `H`/`Z` cell after L that the `BSP` records do not list
/// (an absence a tournament manager pre-entered for the next round, as engines of the
/// JaVaFo/bbpPairings convention are told) is a requested absence too; withdrawn players'
/// cells are left alone (their `Z` marks the withdrawal).
fn add_pre_entered_absences(recs: &mut [Rec], last: u32) {
    for rec in recs {
        for (i, c) in rec.cells.iter().enumerate().skip(last as usize) {
            let r = i as u32 + 1;
            let p = &mut rec.player;
            if c.opp.is_some()
                || p.withdrawn_by(r)
                || p.half_byes.contains(&r)
                || p.zero_byes.contains(&r)
            {
                continue;
            }
            match c.code {
                'h' => p.half_byes.push(r),
                'z' => p.zero_byes.push(r),
                _ => continue,
            }
            p.half_byes.sort_unstable();
            p.zero_byes.sort_unstable();
        }
    }
}

/// The rows of round `r`, boards 1, 2, … : games in the order of their first player's line,
/// then full-point byes (`F`), the pairing-allocated bye (`U`), absences. `exact` (extension
/// records present): a blank cell is no row and withdrawn players' cells are read like any
/// other. `berger_f` (a Berger-Swiss file with our records): an `F` is a Berger `bye` unless
/// the set (`BSF`) lists it; otherwise an `F` is a `full-bye`.
fn rows_of_round(
    file: &str,
    recs: &mut [Rec],
    index: &HashMap<Id, usize>,
    r: u32,
    exact: bool,
    berger_f: Option<&HashSet<(u32, Id)>>,
    pending: &mut Option<(u32, usize)>,
) -> Result<Vec<Row>, InputError> {
    let (c0, c1) = cell_columns(r);
    let field = format!("001 round {r}");
    let err = |line: usize, msg: String| {
        InputError::new(file, Some(line), Some(&field), format!("{msg} (columns {c0}-{c1})"))
    };
    let row = |entry| Row { round: r, board: 0, entry };
    let mut games: Vec<Row> = Vec::new();
    let mut byes: Vec<Row> = Vec::new();
    // Full-point byes (`F`) before the pairing-allocated one (`U`), which takes the highest
    // bye board: that is how the model tells the PAB of a round (`Tournament::row_points`).
    let mut full_byes: Vec<Row> = Vec::new();
    let mut absences: Vec<(usize, Row)> = Vec::new();
    let mut done: HashSet<Id> = HashSet::new();
    for k in 0..recs.len() {
        let me = &recs[k];
        let id = me.player.id;
        let c = me.cell(r);
        if !exact && me.player.withdrawn_by(r) {
            continue;
        }
        let Some(q) = c.opp else {
            match c.code {
                'f' if berger_f.is_some_and(|listed| !listed.contains(&(r, id))) => {
                    full_byes.push(row(Entry::Bye(id)));
                }
                'f' => full_byes.push(row(Entry::FullBye(id))),
                'u' | '+' => byes.push(row(Entry::Bye(id))),
                'h' => absences.push((k, row(Entry::HalfBye(id)))),
                ' ' if exact => {}
                'z' | ' ' | '-' => absences.push((k, row(Entry::ZeroBye(id)))),
                code => {
                    return Err(err(
                        me.line,
                        format!("result `{code}` needs an opponent, but none is given"),
                    ));
                }
            }
            continue;
        };
        if done.contains(&id) {
            continue;
        }
        let game = game(me, q, recs, index, r, &err)?;
        done.insert(id);
        done.insert(q);
        if let Entry::Game { result, .. } = game {
            match (result, *pending) {
                (None, None) => *pending = Some((r, me.line)),
                (Some(_), Some((pr, pl))) if pr < r => {
                    return Err(err(
                        me.line,
                        format!(
                            "round {r} has a result while round {pr} still lacks one (line {pl})"
                        ),
                    ));
                }
                _ => {}
            }
        }
        games.push(row(game));
    }
    if !exact {
        for (k, row) in &absences {
            match row.entry {
                Entry::HalfBye(_) => recs[*k].player.half_byes.push(r),
                _ => recs[*k].player.zero_byes.push(r),
            }
        }
    }
    let mut out: Vec<Row> = games
        .into_iter()
        .chain(full_byes)
        .chain(byes)
        .chain(absences.into_iter().map(|(_, r)| r))
        .collect();
    for (b, row) in out.iter_mut().enumerate() {
        row.board = b as u32 + 1;
    }
    Ok(out)
}

/// The game of `me` against `q` in round `r`, after checking that both lines agree.
fn game(
    me: &Rec,
    q: Id,
    recs: &[Rec],
    index: &HashMap<Id, usize>,
    r: u32,
    err: &dyn Fn(usize, String) -> InputError,
) -> Result<Entry, InputError> {
    let id = me.player.id;
    let c = me.cell(r);
    if "hfuz".contains(c.code) {
        return Err(err(
            me.line,
            format!("`{}` is a bye code, but opponent {q} is given", c.code.to_ascii_uppercase()),
        ));
    }
    if q == id {
        return Err(err(me.line, format!("player {id} is paired against themselves")));
    }
    let Some(&qk) = index.get(&q) else {
        return Err(err(me.line, format!("opponent {q} has no 001 record")));
    };
    let other = &recs[qk];
    let oc: Cell = other.cell(r);
    if oc.opp != Some(id) {
        let says = oc.opp.map_or("no opponent".to_string(), |o| format!("opponent {o}"));
        return Err(err(
            me.line,
            format!(
                "player {id} has opponent {q}, but player {q}'s line ({}) has {says}",
                other.line
            ),
        ));
    }
    let mismatch = |what: &str| {
        err(
            me.line,
            format!(
                "player {id} and player {q} (line {}) disagree on the {what}: `{} {}` against `{} {}`",
                other.line,
                c.colour.unwrap_or('-'),
                c.code,
                oc.colour.unwrap_or('-'),
                oc.code
            ),
        )
    };
    let me_white = match (c.colour, oc.colour) {
        (Some('w'), Some('b')) => true,
        (Some('b'), Some('w')) => false,
        (None, None) if matches!(c.code, '+' | '-' | ' ') => c.code != '-' || oc.code == '-',
        _ => return Err(mismatch("colours")),
    };
    let (wc, bc) = if me_white { (c.code, oc.code) } else { (oc.code, c.code) };
    let result = match (wc, bc) {
        ('1', '0') | ('w', 'l') => Some(Outcome::WhiteWin),
        ('0', '1') | ('l', 'w') => Some(Outcome::BlackWin),
        ('=', '=') | ('d', 'd') => Some(Outcome::Draw),
        ('+', '-') => Some(Outcome::WhiteForfeitWin),
        ('-', '+') => Some(Outcome::BlackForfeitWin),
        ('-', '-') => Some(Outcome::DoubleForfeit),
        (' ', ' ') => None,
        _ => return Err(mismatch("result")),
    };
    let (white, black) = if me_white { (id, q) } else { (q, id) };
    Ok(Entry::Game { white, black, result })
}

/// Board numbers from a `BSB` record: each row takes the board given for its first player.
fn set_boards(
    file: &str,
    n: usize,
    r: u32,
    rows: &mut [Row],
    boards: &[(Id, u32)],
) -> Result<(), InputError> {
    let err = |msg: String| {
        InputError::new(file, Some(n), Some("BSB"), format!("{msg} (columns 5 onwards)"))
    };
    let map: HashMap<Id, u32> = boards.iter().copied().collect();
    let mut used = HashSet::new();
    for row in rows.iter_mut() {
        let first = row.entry.players().next().unwrap_or(0);
        let &b = map
            .get(&first)
            .ok_or_else(|| err(format!("round {r}: no board for the row of player {first}")))?;
        if !used.insert(b) {
            return Err(err(format!("round {r}: board {b} is given twice")));
        }
        row.board = b;
    }
    rows.sort_by_key(|row| row.board);
    Ok(())
}

fn finish_players(recs: Vec<Rec>, exact: bool) -> Vec<Player> {
    recs.into_iter()
        .map(|mut rec| {
            if !exact {
                let p = &mut rec.player;
                p.half_byes.sort_unstable();
                p.half_byes.dedup();
                p.zero_byes.sort_unstable();
                p.zero_byes.dedup();
                // A round in both lists cannot come from one cell; keep the half one.
                let hb = p.half_byes.clone();
                p.zero_byes.retain(|r| !hb.contains(r));
            }
            rec.player
        })
        .collect()
}

/// The configuration carried by the extension records, validated like `tournament.toml`.
fn ext_config(
    file: &str,
    ext: &Ext,
    config: &mut Config,
    players: &[Player],
    last: u32,
) -> Result<(), InputError> {
    if ext.name.is_some() {
        config.name.clone_from(&ext.name);
    }
    config.rounds = ext.rounds.map(|(r, _)| r);
    config.seed = ext.seed;
    config.groups = ext.groups.iter().map(|g| g.0).collect();
    config.swaps = ext.swaps.iter().map(|&(a, b, _)| (a, b)).collect();
    config.tiebreaks.clone_from(&ext.tiebreaks);
    let lines = ConfigLines {
        rounds: ext.rounds.map(|(_, n)| n),
        groups: ext.groups.first().map(|g| g.1),
        group: ext.groups.iter().map(|g| g.1).collect(),
        swap: ext.swaps.iter().map(|s| s.2).collect(),
        // XXA records were checked against the file's players while reading.
        accelerated: Default::default(),
    };
    check_config(file, config, &lines, players)?;
    let total = crate::layout::total_rounds(config).unwrap_or(0);
    if last > total {
        return Err(InputError::new(
            file,
            ext.rounds.map(|(_, n)| n).or(ext.version_line),
            Some("BSR"),
            format!(
                "the player records hold round {last}, beyond the {total} rounds of the tournament (columns 5 onwards)"
            ),
        ));
    }
    Ok(())
}

//! TRF16 / TRF-2026 import and export (FIDE-REFERENCE §5).
//!
//! # Import
//! Records read: `001` (player, fixed columns), `012` (tournament name), `XXR` and `142`
//! (number of rounds), `092`/`192`/`XXC`/`152` (pairing system and initial colour, see
//! `system`). Every other record (`022`…`132`, `162`…, other `XX*`, `###` comments,
//! national-rating records) is ignored. Lines may end in CR, LF or CRLF; columns are counted
//! in characters. Bytes that are not UTF-8 are read as Latin-1 ([`decode`]).
//!
//! Round cells (`opponent colour result` at columns 92-99, +10 per round) become rows of the
//! model:
//! - opponent present, codes `1` `=` `0` (and `W` `D` `L`, games of less than one move, read
//!   as played results) → a played [`Outcome`]; `+`/`-` → forfeit; `-` on both lines → `-/-`;
//!   blank on both lines → a game without a result yet (a paired, unplayed round). Both lines
//!   must agree (opponent, opposite colours, matching results); a disagreement is an error
//!   naming the line. Colours come from `w`/`b`; a forfeit or pending game whose colours are
//!   both missing gives White to the `+` side, else to the player listed first.
//! - no opponent (`0000` or blank): `U`, `F` (and `+`) → [`Entry::Bye`]; `H` → `half-bye`;
//!   `Z`, blank or `-` → `zero-bye`; a played code without an opponent is an error.
//! - **Decision (last round):** L, the last paired round of the event, is the last round in
//!   which anyone has an opponent or a cell other than `F`, `H`, `Z` and blank (so a `U`
//!   pairing bye counts, but `F`/`H`/`Z` cells alone — the way absences for the next round are
//!   announced — do not).
//! - **Decision (withdrawals):** A player whose cells from some round t up to L are all
//!   blank or `Z` (no opponent) is read as withdrawn from t: `withdrawn_from = t` and no rows for
//!   t..L. (So a zero-point absence in the event's last round reads as a withdrawal; TRF cannot
//!   tell the two apart.) Not in a file that declares the Dutch system (`092`/`192`): there,
//!   as bbpPairings reads it, a player is absent only from a round whose own cell says so, and
//!   blank/`Z` cells are zero-point absences.
//! - Cells after L are requests for future rounds: `H` adds the round to `half_byes`, `Z` to
//!   `zero_byes`; `F` is ignored (the model has no requested full-point bye). `half-bye`/`zero-bye` rows also add their round to the
//!   player's `half_byes`/`zero_byes`, so the rows match the requests.
//! - The points column (81-84) is checked against the cells (1 W + F U = 1 point, `=` D H = ½,
//!   the rest 0, future cells included, or not: a pre-entered `H` may be counted or not, as
//!   bbpPairings accepts both); a mismatch is an error naming the player. A blank points
//!   column is not checked.
//! - **Boards:** TRF has none. In each round the games get boards 1, 2, … in the order their
//!   first player's line appears in the file, then the byes, then the requested absences (file
//!   order).
//! - Configuration: plain Swiss (no groups), seed 0, `rounds` = `XXR`/`142` if given (it must
//!   not be below L), else L (at least 1). The player id is the TRF pairing number; entry order
//!   is the order of the `001` lines. An empty name becomes `Player <id>`.
//!
//! # Export
//! [`export`] writes TRF-2026 that TRF16 readers also accept: `012` name, `142` and `XXR`
//! rounds, the system records of a Dutch tournament (`092`, `XXC`; see `system`), `001`
//! records with points and a simple rank (points descending, then entry order).
//! Byes are written `0000 - U` (the last bye row of a round) or `0000 - F` (any other, e.g.
//! Berger byes), absences `0000 - H` / `0000 - Z`, rounds without a row (withdrawn players) as
//! blanks. Absences requested for the next round (L+1) are written into its column the way
//! FIDE-REFERENCE §5.3 describes (`0000 - H` counted in the points column, `0000 - Z`); a
//! withdrawal from round L+1 is written as `0000 - Z` there too and so reads back as a
//! zero-bye request for L+1. Lost in export: the configuration other than name and rounds
//! (groups, swaps, seed, tiebreaks), board numbers, absences requested for rounds after L+1,
//! and a withdrawal from a round after L+1. Ids and ratings must fit the 4-digit columns
//! ([`exportable`]); longer text fields are cut to their column width.

use crate::io::numbered_lines;
use crate::{Config, Entry, HalfPoints, Id, InputError, Outcome, Player, Row, Tournament};
use std::collections::{HashMap, HashSet};

/// Bytes of a TRF file as text: UTF-8 (a BOM is dropped), or Latin-1 when not valid UTF-8.
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| b as char).collect(),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    opp: Option<Id>,
    /// `Some('w')`, `Some('b')` or `None`.
    colour: Option<char>,
    /// Lower-case result code, `' '` when blank.
    code: char,
}

const BLANK: Cell = Cell {
    opp: None,
    colour: None,
    code: ' ',
};

struct Rec {
    line: usize,
    player: Player,
    points: Option<HalfPoints>,
    cells: Vec<Cell>,
}

fn col(chars: &[char], from: usize, to: usize) -> String {
    let a = (from - 1).min(chars.len());
    let b = to.min(chars.len());
    chars[a..b].iter().collect::<String>().trim().to_string()
}

fn digits(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `"11.5"` → 23 half-points.
fn parse_points(s: &str) -> Option<HalfPoints> {
    let (int, frac) = match s.split_once(['.', ',']) {
        Some((i, f)) => (i, f),
        None => (s, "0"),
    };
    let int: HalfPoints = if int.is_empty() {
        0
    } else {
        digits(int)?.try_into().ok()?
    };
    let half = match frac.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    int.checked_mul(2)?.checked_add(half)
}

fn fmt_points(hp: HalfPoints) -> String {
    format!("{}.{}", hp / 2, if hp % 2 != 0 { 5 } else { 0 })
}

fn cell_points(c: &Cell) -> HalfPoints {
    match c.code {
        '1' | 'w' | '+' | 'f' | 'u' => 2,
        '=' | 'd' | 'h' => 1,
        _ => 0,
    }
}

fn parse_001(file: &str, n: usize, chars: &[char]) -> Result<Rec, InputError> {
    let err = |field: &str, msg: String| InputError::new(file, Some(n), Some(field), msg);
    let id_s = col(chars, 5, 8);
    let id = digits(&id_s).filter(|&i| i > 0).ok_or_else(|| {
        err(
            "001 pairing number",
            format!("`{id_s}` is not a positive number (columns 5-8)"),
        )
    })?;
    let rating_s = col(chars, 49, 52);
    let rating = if rating_s.is_empty() {
        0
    } else {
        digits(&rating_s).ok_or_else(|| {
            err(
                "001 rating",
                format!("`{rating_s}` is not a number (columns 49-52)"),
            )
        })?
    };
    let points_s = col(chars, 81, 84);
    let points = if points_s.is_empty() {
        None
    } else {
        Some(parse_points(&points_s).ok_or_else(|| {
            err(
                "001 points",
                format!("`{points_s}` is not a score like 4.5 (columns 81-84)"),
            )
        })?)
    };
    let mut name = col(chars, 15, 47);
    if name.is_empty() {
        name = format!("Player {id}");
    }
    let mut cells = Vec::new();
    let mut start = 91; // 0-based index of column 92
    let mut r = 1;
    while start < chars.len() {
        let f = |off: usize| chars.get(start + off).copied().unwrap_or(' ');
        let opp_s: String = (0..4).map(f).collect::<String>().trim().to_string();
        let field = format!("001 round {r}");
        let opp = if opp_s.is_empty() {
            None
        } else {
            let v = digits(&opp_s).ok_or_else(|| {
                err(
                    &field,
                    format!(
                        "opponent `{opp_s}` is not a number (columns {}-{})",
                        start + 1,
                        start + 4
                    ),
                )
            })?;
            (v != 0).then_some(v)
        };
        let colour = match f(5).to_ascii_lowercase() {
            'w' => Some('w'),
            'b' => Some('b'),
            ' ' | '-' => None,
            c => {
                return Err(err(
                    &field,
                    format!("colour `{c}` is not w, b or - (column {})", start + 6),
                ));
            }
        };
        let code = f(7).to_ascii_lowercase();
        if !"1=0+-wdlhfuz ".contains(code) {
            return Err(err(
                &field,
                format!("unknown result code `{}` (column {})", f(7), start + 8),
            ));
        }
        cells.push(Cell { opp, colour, code });
        start += 10;
        r += 1;
    }
    while cells.last() == Some(&BLANK) {
        cells.pop();
    }
    let player = Player {
        id,
        name,
        rating,
        sex: col(chars, 10, 10),
        title: col(chars, 11, 13),
        federation: col(chars, 54, 56),
        fide_id: col(chars, 58, 68),
        birth_date: col(chars, 70, 79),
        ..Player::default()
    };
    Ok(Rec {
        line: n,
        player,
        points,
        cells,
    })
}

/// Imports a TRF16 / TRF-2026 text. `file_name` is used in error messages.
pub fn import(text: &str, file_name: &str) -> Result<Tournament, InputError> {
    let file = file_name;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut recs: Vec<Rec> = Vec::new();
    let mut index: HashMap<Id, usize> = HashMap::new();
    let mut name: Option<String> = None;
    let mut declared: Option<(u32, usize)> = None;
    let mut dutch: Option<crate::DutchConfig> = None;
    let mut initial_colour: Option<crate::Colour> = None;
    for (n, line) in numbered_lines(text) {
        let chars: Vec<char> = line.chars().collect();
        let code: String = chars.iter().take(3).collect();
        match code.as_str() {
            "001" => {
                let rec = parse_001(file, n, &chars)?;
                if let Some(&prev) = index.get(&rec.player.id) {
                    return Err(InputError::new(
                        file,
                        Some(n),
                        Some("001 pairing number"),
                        format!(
                            "player {} appears twice (first on line {})",
                            rec.player.id, recs[prev].line
                        ),
                    ));
                }
                index.insert(rec.player.id, recs.len());
                recs.push(rec);
            }
            "012" => {
                let v: String = chars.iter().skip(4).collect::<String>().trim().to_string();
                if !v.is_empty() {
                    name = Some(v);
                }
            }
            "092" | "192" | "XXC" | "152" => {
                crate::system::trf_system_record(&code, &chars, &mut dutch, &mut initial_colour);
            }
            "XXR" | "142" => {
                let v: String = chars.iter().skip(3).collect::<String>();
                let tok = v.split_whitespace().next().unwrap_or("");
                let r = digits(tok).filter(|&r| r >= 1).ok_or_else(|| {
                    InputError::new(
                        file,
                        Some(n),
                        Some(code.as_str()),
                        format!("`{tok}` is not a number of rounds"),
                    )
                })?;
                if let Some((prev, pl)) = declared
                    && prev != r
                {
                    return Err(InputError::new(
                        file,
                        Some(n),
                        Some(code.as_str()),
                        format!("{r} rounds, but line {pl} says {prev}"),
                    ));
                }
                declared = Some((r, n));
            }
            _ => {}
        }
    }
    if recs.is_empty() {
        return Err(InputError::new(
            file,
            None,
            Some("001"),
            "no player records (lines starting with 001)",
        ));
    }

    // L: last paired round (see the module docs).
    let last = recs
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
    let rounds = match declared {
        Some((r, n)) => {
            if r < last {
                return Err(InputError::new(
                    file,
                    Some(n),
                    Some("XXR"),
                    format!("{r} rounds, but the player records hold round {last}"),
                ));
            }
            r
        }
        None => last.max(1),
    };

    // Points column, then withdrawals and future requests.
    for rec in &mut recs {
        let computed: HalfPoints = rec.cells.iter().map(cell_points).sum();
        // A pre-entered half-point bye for the next round may be counted or not (JaVaFo asks
        // for it, bbpPairings accepts both).
        let future: HalfPoints = rec.cells.iter().skip(last as usize).map(cell_points).sum();
        if let Some(p) = rec.points
            && p != computed
            && p != computed - future
        {
            return Err(InputError::new(
                file,
                Some(rec.line),
                Some("001 points"),
                format!(
                    "player {} ({}) has {} in the points column but the round results add up to {}",
                    rec.player.id,
                    rec.player.name,
                    fmt_points(p),
                    fmt_points(computed)
                ),
            ));
        }
        let cell = |r: u32| rec.cells.get(r as usize - 1).copied().unwrap_or(BLANK);
        let mut t = last + 1;
        while t > 1 && cell(t - 1).opp.is_none() && matches!(cell(t - 1).code, ' ' | 'z') {
            t -= 1;
        }
        // Dutch files announce every absence in the round's own cell (bbpPairings pairs
        // everyone without a cell in the next round): no withdrawal is inferred there.
        if t <= last && dutch.is_none() {
            rec.player.withdrawn_from = Some(t);
        }
        for (i, c) in rec.cells.iter().enumerate().skip(last as usize) {
            let r = i as u32 + 1;
            if c.opp.is_none() {
                match c.code {
                    'h' => rec.player.half_byes.push(r),
                    'z' => rec.player.zero_byes.push(r),
                    _ => {}
                }
            }
        }
    }

    let mut rows: Vec<Row> = Vec::new();
    // (round, player) -> line of a game row with a result / pending, for the ordering check.
    let mut pending_round: Option<(u32, usize)> = None;
    for r in 1..=last {
        let cell = |k: usize| recs[k].cells.get(r as usize - 1).copied().unwrap_or(BLANK);
        let mut games: Vec<Row> = Vec::new();
        let mut byes: Vec<Row> = Vec::new();
        let mut absences: Vec<(usize, Row)> = Vec::new();
        let mut done: HashSet<Id> = HashSet::new();
        for k in 0..recs.len() {
            let me = &recs[k];
            let id = me.player.id;
            let c = cell(k);
            let field = format!("001 round {r}");
            let err =
                |line: usize, msg: String| InputError::new(file, Some(line), Some(&field), msg);
            if me.player.withdrawn_by(r) {
                continue;
            }
            match c.opp {
                None => match c.code {
                    'u' | 'f' | '+' => byes.push(Row {
                        round: r,
                        board: 0,
                        entry: Entry::Bye(id),
                    }),
                    'h' => absences.push((
                        k,
                        Row {
                            round: r,
                            board: 0,
                            entry: Entry::HalfBye(id),
                        },
                    )),
                    'z' | ' ' | '-' => absences.push((
                        k,
                        Row {
                            round: r,
                            board: 0,
                            entry: Entry::ZeroBye(id),
                        },
                    )),
                    code => {
                        return Err(err(
                            me.line,
                            format!("result `{code}` needs an opponent, but none is given"),
                        ));
                    }
                },
                Some(q) => {
                    if done.contains(&id) {
                        continue;
                    }
                    if "hfuz".contains(c.code) {
                        return Err(err(
                            me.line,
                            format!(
                                "`{}` is a bye code, but opponent {q} is given",
                                c.code.to_ascii_uppercase()
                            ),
                        ));
                    }
                    if q == id {
                        return Err(err(
                            me.line,
                            format!("player {id} is paired against themselves"),
                        ));
                    }
                    let Some(&qk) = index.get(&q) else {
                        return Err(err(me.line, format!("opponent {q} has no 001 record")));
                    };
                    let other = &recs[qk];
                    let oc = cell(qk);
                    if oc.opp != Some(id) {
                        let says = oc
                            .opp
                            .map_or("no opponent".to_string(), |o| format!("opponent {o}"));
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
                        (None, None) if matches!(c.code, '+' | '-' | ' ') => {
                            c.code != '-' || oc.code == '-'
                        }
                        _ => return Err(mismatch("colours")),
                    };
                    let (wc, bc) = if me_white {
                        (c.code, oc.code)
                    } else {
                        (oc.code, c.code)
                    };
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
                    done.insert(id);
                    done.insert(q);
                    match result {
                        None => {
                            if pending_round.is_none() {
                                pending_round = Some((r, me.line));
                            }
                        }
                        Some(_) => {
                            if let Some((pr, pl)) = pending_round
                                && pr < r
                            {
                                return Err(err(
                                    me.line,
                                    format!(
                                        "round {r} has a result while round {pr} still lacks one (line {pl})"
                                    ),
                                ));
                            }
                        }
                    }
                    games.push(Row {
                        round: r,
                        board: 0,
                        entry: Entry::Game {
                            white,
                            black,
                            result,
                        },
                    });
                }
            }
        }
        for (k, row) in &absences {
            match row.entry {
                Entry::HalfBye(_) => recs[*k].player.half_byes.push(r),
                _ => recs[*k].player.zero_byes.push(r),
            }
        }
        for (b, mut row) in games
            .into_iter()
            .chain(byes)
            .chain(absences.into_iter().map(|(_, r)| r))
            .enumerate()
        {
            row.board = b as u32 + 1;
            rows.push(row);
        }
    }
    let players: Vec<Player> = recs
        .into_iter()
        .map(|mut rec| {
            rec.player.half_byes.sort_unstable();
            rec.player.half_byes.dedup();
            rec.player.zero_byes.sort_unstable();
            rec.player.zero_byes.dedup();
            // A round in both lists cannot come from one cell; keep the half one if it happens.
            let hb = rec.player.half_byes.clone();
            rec.player.zero_byes.retain(|r| !hb.contains(r));
            rec.player
        })
        .collect();
    Ok(Tournament {
        config: Config {
            name,
            rounds: Some(rounds),
            system: crate::system::trf_system(dutch, initial_colour),
            ..Config::default()
        },
        players,
        rows,
    })
}

/// Whether `t` fits the TRF columns: ids 1..9999 and ratings 0..9999. [`export`] writes such a
/// tournament faithfully (up to the losses listed in the module docs).
pub fn exportable(t: &Tournament) -> Result<(), InputError> {
    for p in &t.players {
        if p.id > 9999 {
            return Err(InputError::new(
                "TRF export",
                None,
                Some("id"),
                format!("player id {} does not fit the 4-digit TRF column", p.id),
            ));
        }
        if p.rating > 9999 {
            return Err(InputError::new(
                "TRF export",
                None,
                Some("rating"),
                format!(
                    "rating {} of player {} does not fit the 4-digit TRF column",
                    p.rating, p.id
                ),
            ));
        }
    }
    Ok(())
}

fn fit(s: &str, width: usize) -> String {
    s.chars().take(width).collect()
}

/// Exports `t` as TRF-2026 (readable by TRF16 readers). LF line endings.
pub fn export(t: &Tournament) -> String {
    let last = t.last_round();
    let p_len = t
        .config
        .groups
        .first()
        .map(|&k| if k % 2 == 1 { k } else { k.saturating_sub(1) })
        .unwrap_or(0);
    let rounds = t.config.rounds.unwrap_or(p_len).max(last).max(1);
    let mut cells: HashMap<(u32, Id), String> = HashMap::new();
    let mut last_bye: HashMap<u32, u32> = HashMap::new();
    for row in &t.rows {
        if let Entry::Bye(_) = row.entry {
            let e = last_bye.entry(row.round).or_insert(row.board);
            *e = (*e).max(row.board);
        }
    }
    for row in &t.rows {
        let r = row.round;
        match row.entry {
            Entry::Game {
                white,
                black,
                result,
            } => {
                let (wc, bc) = match result {
                    Some(Outcome::WhiteWin) => ('1', '0'),
                    Some(Outcome::BlackWin) => ('0', '1'),
                    Some(Outcome::Draw) => ('=', '='),
                    Some(Outcome::WhiteForfeitWin) => ('+', '-'),
                    Some(Outcome::BlackForfeitWin) => ('-', '+'),
                    Some(Outcome::DoubleForfeit) => ('-', '-'),
                    None => (' ', ' '),
                };
                cells.insert((r, white), format!("{black:>4} w {wc}"));
                cells.insert((r, black), format!("{white:>4} b {bc}"));
            }
            Entry::Bye(p) => {
                let code = if last_bye.get(&r) == Some(&row.board) {
                    'U'
                } else {
                    'F'
                };
                cells.insert((r, p), format!("0000 - {code}"));
            }
            Entry::HalfBye(p) => {
                cells.insert((r, p), "0000 - H".into());
            }
            Entry::ZeroBye(p) => {
                cells.insert((r, p), "0000 - Z".into());
            }
        }
    }
    // Absences announced for the next round (FIDE-REFERENCE §5.3: written into the next
    // round's column, points updated).
    let next = last + 1;
    let mut future: HashMap<Id, HalfPoints> = HashMap::new();
    if next <= rounds {
        for p in &t.players {
            if p.half_byes.contains(&next) {
                cells.insert((next, p.id), "0000 - H".into());
                future.insert(p.id, 1);
            } else if p.zero_byes.contains(&next) || p.withdrawn_from == Some(next) {
                cells.insert((next, p.id), "0000 - Z".into());
            }
        }
    }
    let points: HashMap<Id, HalfPoints> = t
        .players
        .iter()
        .map(|p| {
            let played: HalfPoints = t
                .rows
                .iter()
                .filter_map(|row| row.entry.points_of(p.id))
                .sum();
            (p.id, played + future.get(&p.id).copied().unwrap_or(0))
        })
        .collect();
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(points[&t.players[i].id]));
    let mut rank = vec![0usize; t.players.len()];
    for (pos, &i) in order.iter().enumerate() {
        rank[i] = pos + 1;
    }
    let mut s = String::new();
    s += &format!(
        "012 {}\n",
        t.config
            .name
            .as_deref()
            .unwrap_or("")
            .replace(['\r', '\n'], " ")
    );
    s += &format!("142 {rounds}\n");
    s += &crate::system::trf_lines(&t.config.system);
    for (i, p) in t.players.iter().enumerate() {
        let rating = if p.rating == 0 {
            String::new()
        } else {
            p.rating.to_string()
        };
        let mut line = format!(
            "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            p.id,
            fit(&p.sex, 1),
            fit(&p.title, 3),
            fit(&p.name.replace(['\r', '\n'], " "), 33),
            fit(&rating, 4),
            fit(&p.federation, 3),
            fit(&p.fide_id, 11),
            fit(&p.birth_date, 10),
            fmt_points(points[&p.id]),
            rank[i]
        );
        for r in 1..=next.min(rounds).max(last) {
            line += "  ";
            line += cells
                .get(&(r, p.id))
                .map(String::as_str)
                .unwrap_or("        ");
        }
        s += line.trim_end();
        s.push('\n');
    }
    s += &format!("XXR {rounds}\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_parse_half_points() {
        assert_eq!(parse_points("11.5"), Some(23));
        assert_eq!(parse_points("0.0"), Some(0));
        assert_eq!(parse_points("3"), Some(6));
        assert_eq!(parse_points("1.3"), None);
        assert_eq!(fmt_points(23), "11.5");
    }
}

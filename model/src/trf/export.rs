//! `bsw trf export`: a [`Tournament`] as TRF-2026 (also read by TRF16 readers), with our
//! extension records so that nothing of the directory is lost.

use super::cells::{fmt_points, parse_001};
use super::ext::{VERSION, escape, player_lines};
use crate::{Entry, HalfPoints, Id, InputError, Outcome, Player, Tournament};
use std::collections::HashMap;

/// Whether `t` fits the TRF columns: ids 1..9999 (the 4-digit pairing-number field of
/// TRF16/TRF-2026; for a Dutch event written with start numbers = pairing numbers, at most
/// 9,999 players) and ratings 0..9999. [`export`] writes such a tournament without loss.
pub fn exportable(t: &Tournament) -> Result<(), InputError> {
    // A renumbered Dutch event is written with start numbers 1..n ([`start_numbers`]).
    let renumbered = t.players.len() <= 9999 && start_numbers(t).is_some();
    for p in &t.players {
        if p.id > 9999 && !renumbered {
            return Err(InputError::new(
                "TRF export",
                None,
                Some("id"),
                format!(
                    "player id {} does not fit the 4-digit TRF pairing-number field (columns 5-8 hold 1-9999); renumber the players or keep the event as a directory",
                    p.id
                ),
            ));
        }
        if p.rating > 9999 {
            return Err(InputError::new(
                "TRF export",
                None,
                Some("rating"),
                format!(
                    "rating {} of player {} does not fit the 4-digit TRF rating field (columns 49-52)",
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

fn one_line(s: &str) -> String {
    s.replace(['\r', '\n'], " ")
}

/// The cells of every player: `(round, id)` → the 8-character cell, and the points that
/// cells after the last round add (announced half-point byes).
fn cells(t: &Tournament, rounds: u32) -> (HashMap<(u32, Id), String>, HashMap<Id, HalfPoints>) {
    let last = t.last_round();
    let dutch = t.config.system.dutch().is_some();
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
            Entry::Game { white, black, result } => {
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
                // A Dutch `bye` row is the pairing-allocated bye (`U`); in a Berger-Swiss event
                // the round's last one is (`U`), the others are Berger byes (`F`, read back as
                // `bye` with our records).
                let pab = dutch || last_bye.get(&r) == Some(&row.board);
                cells.insert((r, p), format!("0000 - {}", if pab { 'U' } else { 'F' }));
            }
            Entry::FullBye(p) => {
                cells.insert((r, p), "0000 - F".into());
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
            } else if p.zero_absence(next)
                || p.withdrawn_from == Some(next)
                // A Dutch file: a player withdrawn earlier is also absent from the next round
                // (Dutch programs pair everyone without a cell there).
                || (t.config.system.dutch().is_some() && p.withdrawn_by(next))
            {
                cells.insert((next, p.id), "0000 - Z".into());
            }
        }
    }
    (cells, future)
}

/// The `001` record of player `p` (trailing blanks removed).
fn record_001(p: &Player, points: HalfPoints, rank: usize, cells: &[&str]) -> String {
    let rating = if p.rating == 0 { String::new() } else { p.rating.to_string() };
    let mut line = format!(
        "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
        p.id,
        fit(&one_line(&p.sex), 1),
        fit(&one_line(&p.title), 3),
        fit(&one_line(&p.name), 33),
        fit(&rating, 4),
        fit(&one_line(&p.federation), 3),
        fit(&one_line(&p.fide_id), 11),
        fit(&one_line(&p.birth_date), 10),
        fmt_points(points),
        rank
    );
    for c in cells {
        line += "  ";
        line += c;
    }
    line.trim_end().to_string()
}

/// The TRF start numbers of a FIDE (Dutch) System tournament are its pairing numbers (the
/// initial ranking, [`crate::layout::dutch_pairing_ids`]), so that every program that pairs
/// the file pairs the same event. Returns the player ids in start-number order (start number
/// k is `ids[k - 1]`) when they differ from the ids (a directory whose ids are not in the
/// SPEC §1 order, or have gaps); `None` when every id is its own start number (and always for
/// Berger-Swiss, whose ids are written as they are).
pub fn start_numbers(t: &Tournament) -> Option<Vec<Id>> {
    t.config.system.dutch()?;
    let ids = crate::layout::dutch_pairing_ids(t);
    let same = ids.iter().enumerate().all(|(k, &id)| id as usize == k + 1);
    (!same).then_some(ids)
}

/// `t` with every id replaced by its start number (`ids` as [`start_numbers`] gives them).
fn renumbered(t: &Tournament, ids: &[Id]) -> Tournament {
    let number: HashMap<Id, Id> =
        ids.iter().enumerate().map(|(k, &id)| (id, k as Id + 1)).collect();
    let n = |id: Id| number.get(&id).copied().unwrap_or(id);
    let mut out = t.clone();
    for p in &mut out.players {
        p.id = n(p.id);
    }
    for (a, b) in &mut out.config.swaps {
        (*a, *b) = (n(*a), n(*b));
    }
    for row in &mut out.rows {
        row.entry = row.entry.map_ids(n);
    }
    if let crate::Acceleration::Explicit(m) = &mut out.config.acceleration {
        *m = std::mem::take(m).into_iter().map(|(id, pts)| (n(id), pts)).collect();
    }
    out
}

/// Exports `t` as TRF-2026 (readable by TRF16 readers). LF line endings.
///
/// Order: `012`, `142`, the kept header records in their original order, the system records
/// of a Dutch tournament (unless kept ones declare it; `FIDE_DUTCH_2025_BAKU` with Baku
/// acceleration), the `XXA` records of explicit accelerated points, the `001` records, `XXR`, then our
/// `BS?` extension records (TRF readers do not depend on the order of records). A Dutch
/// tournament whose ids are not its pairing numbers is written with start numbers = pairing
/// numbers ([`start_numbers`]) and a `BSI` record that gives the ids back on import.
pub fn export(t: &Tournament) -> String {
    match start_numbers(t) {
        None => export_numbered(t, None),
        Some(ids) => export_numbered(&renumbered(t, &ids), Some(&ids)),
    }
}

fn export_numbered(t: &Tournament, ids: Option<&[Id]>) -> String {
    let last = t.last_round();
    let rounds = crate::layout::total_rounds(&t.config).unwrap_or(0).max(last).max(1);
    let (cells, future) = cells(t, rounds);
    let mut points: HashMap<Id, HalfPoints> = future;
    for p in &t.players {
        points.entry(p.id).or_insert(0);
    }
    // A Dutch tournament's pairing-allocated bye scores `pab_points` (written `BBU`).
    let worth = t.row_points();
    for row in &t.rows {
        for id in row.entry.players() {
            if let Some(x) = worth.of(row, id) {
                *points.entry(id).or_insert(0) += x;
            }
        }
    }
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(points[&t.players[i].id]));
    let mut rank = vec![0usize; t.players.len()];
    for (pos, &i) in order.iter().enumerate() {
        rank[i] = pos + 1;
    }
    let mut s = String::new();
    let name = t.config.name.as_deref().unwrap_or("");
    s += &format!("012 {}\n", one_line(name));
    s += &format!("142 {rounds}\n");
    for l in &t.config.trf_header {
        s += l;
        s.push('\n');
    }
    // The system records of a Dutch tournament, unless the kept header already declares them.
    let declares = |code: &str| t.config.trf_header.iter().any(|l| l.starts_with(code));
    let mut generated = 0;
    if !declares("092") && !declares("192") {
        let mut lines = crate::system::trf_lines(&t.config.system);
        if t.config.acceleration == crate::Acceleration::Baku && t.config.system.dutch().is_some() {
            // The tournament type bbpPairings reads as Dutch with Baku acceleration.
            lines = lines.replacen("FIDE_DUTCH_2025", "FIDE_DUTCH_2025_BAKU", 1);
        }
        generated = lines.lines().count();
        s += &lines;
    }
    // Explicit accelerated points: one `XXA` record per player, by start number (the ids
    // are start numbers here).
    if let crate::Acceleration::Explicit(m) = &t.config.acceleration {
        for (start, pts) in m {
            s += &crate::system::trf_xxa_line(*start, pts);
            s.push('\n');
        }
    }
    let blank = "        ";
    let mut ext_players = String::new();
    for (i, p) in t.players.iter().enumerate() {
        let row: Vec<&str> = (1..=(last + 1).min(rounds).max(last))
            .map(|r| cells.get(&(r, p.id)).map_or(blank, String::as_str))
            .collect();
        let line = record_001(p, points[&p.id], rank[i], &row);
        s += &line;
        s.push('\n');
        // What the 001 record gives back; every difference goes into a BSP record.
        let chars: Vec<char> = line.chars().collect();
        let back = parse_001("", 0, &chars).map(|r| r.player).unwrap_or_default();
        player_lines(p, &back, &mut ext_players);
    }
    s += &format!("XXR {rounds}\n");
    // Our extension records (docs/trf-extensions.md).
    let c = &t.config;
    s += &format!("BSV {VERSION}\n");
    if c.name.as_deref().is_some_and(|n| n.is_empty() || n.trim() != n || n.contains(['\r', '\n']))
    {
        s += &format!("BSN {}\n", escape(name));
    }
    if let Some(r) = c.rounds {
        s += &format!("BSR {r}\n");
    }
    s += &format!("BSS {}\n", c.seed);
    if generated > 0 {
        s += &format!("BSY {generated}\n");
    }
    if let Some(ids) = ids {
        let list: Vec<String> = ids.iter().map(Id::to_string).collect();
        s += &format!("BSI {}\n", list.join(" "));
    }
    if !c.groups.is_empty() {
        let g: Vec<String> = c.groups.iter().map(u32::to_string).collect();
        s += &format!("BSG {}\n", g.join(" "));
    }
    for (a, b) in &c.swaps {
        s += &format!("BSX {a} {b}\n");
    }
    match c.tiebreaks.as_deref() {
        None => {}
        Some([]) => s += "BST\n",
        Some(codes) => {
            for code in codes {
                s += &format!("BST {}\n", escape(code));
            }
        }
    }
    s += &ext_players;
    for r in 1..=last {
        let boards: Vec<String> = t
            .round_rows(r)
            .map(|row| {
                let first = row.entry.players().next().unwrap_or(0);
                format!("{first}={}", row.board)
            })
            .collect();
        s += &format!("BSB {r} {}\n", boards.join(" "));
        // Outside a Dutch event an `F` cell reads back as a Berger bye: name the arbiter's
        // full-point byes.
        let full: Vec<String> = t
            .round_rows(r)
            .filter_map(|row| match row.entry {
                Entry::FullBye(p) if t.config.system.dutch().is_none() => Some(p.to_string()),
                _ => None,
            })
            .collect();
        if !full.is_empty() {
            s += &format!("BSF {r} {}\n", full.join(" "));
        }
    }
    s
}

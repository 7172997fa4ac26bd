//! Structure of a round (SPEC §3, §6, §12): every active player appears exactly once (game,
//! bye or absence; a late entrant before its entry round may have an absence or no row),
//! nobody unknown, nobody against themselves, no withdrawn player paired, no late entrant
//! paired or given a bye before its entry round (FIDE C.04.2),
//! no game left without a result in a round that is followed by another.

use crate::ids::IdMap;
use crate::report::{Evidence, PublishedRow, Rule, Violation};
use bsw_model::{Entry, Id, Row, Tournament};

/// Structural violations of round `r` (rows sorted by board). Returns them and how many
/// rows name each player.
pub(crate) fn check(
    t: &Tournament,
    r: u32,
    rows: &[Row],
    with_missing: bool,
) -> (Vec<Violation>, IdMap<usize>) {
    let by_id: IdMap<&bsw_model::Player> = t.players.iter().map(|p| (p.id, p)).collect();
    let last_round = t.last_round();
    let mut v = Vec::new();
    let mut seen: IdMap<usize> = IdMap::with_expected(t.players.len());
    for row in rows {
        if let Entry::Game { white, black, .. } = row.entry
            && white == black
        {
            v.push(Violation::new(
                Rule::Structure,
                vec![white],
                format!("board {}: player {white} is paired against themselves", row.board),
                Evidence::Board { board: row.board },
            ));
        }
        for id in row.entry.players() {
            *seen.get_or_insert_with(id, || 0) += 1;
            match by_id.get(id) {
                None => v.push(Violation::new(
                    Rule::Structure,
                    vec![id],
                    format!("board {}: unknown player id {id}", row.board),
                    Evidence::Board { board: row.board },
                )),
                Some(p) if p.withdrawn_by(r) => v.push(Violation::new(
                    Rule::Withdrawals,
                    vec![id],
                    format!(
                        "board {}: player {id} withdrew from round {} and must not be paired or get a row",
                        row.board,
                        p.withdrawn_from.unwrap_or(0)
                    ),
                    Evidence::WithdrawnRow {
                        board: row.board,
                        withdrawn_from: p.withdrawn_from,
                        row: PublishedRow::from(row),
                    },
                )),
                Some(p)
                    if p.before_entry(r)
                        && !matches!(row.entry, Entry::HalfBye(_) | Entry::ZeroBye(_)) =>
                {
                    v.push(Violation::new(
                        Rule::Structure,
                        vec![id],
                        format!(
                            "board {}: player {id} enters in round {} (late entry, C.04.2) and must not be paired in round {r}",
                            row.board,
                            p.enters.unwrap_or(0)
                        ),
                        Evidence::Board { board: row.board },
                    ))
                }
                Some(_) => {}
            }
        }
        if let Entry::Game { white, black, result: None } = row.entry
            && r < last_round
        {
            v.push(Violation::new(
                Rule::Results,
                vec![white, black],
                format!("board {}: no result, yet round {} has been paired", row.board, r + 1),
                Evidence::Board { board: row.board },
            ));
        }
    }
    let mut dups: Vec<(Id, usize)> =
        seen.iter().filter(|&(_, &n)| n > 1).map(|(id, &n)| (id, n)).collect();
    dups.sort();
    for (id, n) in dups {
        let boards: Vec<u32> = rows
            .iter()
            .filter(|row| row.entry.players().any(|p| p == id))
            .map(|row| row.board)
            .collect();
        v.push(Violation::new(
            Rule::Structure,
            vec![id],
            format!("player {id} appears {n} times in the round"),
            Evidence::Boards { boards },
        ));
    }
    if with_missing {
        for p in &t.players {
            if !p.withdrawn_by(r) && !p.before_entry(r) && !seen.contains(p.id) {
                v.push(Violation::new(
                    Rule::Structure,
                    vec![p.id],
                    format!(
                        "active player {} has no row (game, bye or absence) in the round",
                        p.id
                    ),
                    Evidence::None,
                ));
            }
        }
    }
    (v, seen)
}

//! Profile generic: FIDE C.04.1 basic rules for Swiss systems, as applied from 1 February 2026
//! (FIDE-REFERENCE §3.1), for tournaments paired by any program.
//!
//! Rules named:
//! - "structure": a player twice in a round, against themselves, an unknown id, a game
//!   without result in a round that is followed by another;
//! - "C.04.1-2": a rematch (two players meeting over the board a second time);
//! - "C.04.1-4": a pairing-allocated bye (`bye` row) to a player who already had one or who
//!   already scored a win's points without playing (forfeit win or full-point bye). The
//!   arbiter's full-point bye (`full-bye`, TRF `F`) is not a pairing-allocated bye: it is not
//!   judged by this rule, but it blocks a later pairing-allocated bye as a win without play;
//! - "C.04.1-6": a game that takes a player's colour difference beyond ±2;
//! - "C.04.1-7": a game that gives a player the same colour a third time in a row (played
//!   games only, unplayed rounds skipped);
//!   except, for these two colour rules, in the final round when either player is a
//!   topscorer (more than 50 % of the maximum possible score before the round, C.04.3 1.8):
//!   the Dutch exception, reported as a note;
//! - "points": points consistent with results. In the model a player's score is always
//!   derived from the results, so there is nothing left to contradict; a TRF importer that
//!   finds a declared score different from the results refuses the file.
//!
//! Each round also gets a note with the largest score difference between opponents (a
//! statistic, not a rule). [`legal_pairing`] (module `feasible`) decides whether an
//! unpublished round can be paired at all under these rules.

mod feasible;

pub use feasible::legal_pairing;

use crate::points::show_points;
use crate::report::{Evidence, RoundReport, Rule, Violation};
use crate::results::{Colour, state_before};
use crate::structure;
use bsw_model::{Entry, Id, Row, Tournament};

/// Certifies round `r` under C.04.1.
pub(crate) fn check_round(t: &Tournament, r: u32) -> RoundReport {
    let mut rows: Vec<Row> = t.round_rows(r).copied().collect();
    rows.sort_by_key(|row| row.board);
    let mut out = RoundReport { round: r, ..RoundReport::default() };
    let (viol, _) = structure::check(t, r, &rows, false);
    for mut x in viol {
        x.rule = Rule::Structure;
        out.violations.push(x);
    }
    let state = state_before(t, r);
    let final_round = t.config.rounds.unwrap_or(0).max(t.last_round());
    let topscorer =
        |id: Id| r == final_round && r > 1 && state.record(id).points > (final_round as i32 - 1);
    let mut max_diff: Option<(i32, Id, Id)> = None;
    for row in &rows {
        match row.entry {
            Entry::Game { white, black, result } => {
                let (rw, rb) = (state.record(white), state.record(black));
                let d = (rw.points - rb.points).abs();
                if max_diff.is_none_or(|(m, _, _)| d > m) {
                    max_diff = Some((d, white, black));
                }
                // A game still without a result (last round) is taken as going to be played.
                let played = result.is_none_or(|o| o.played());
                if !played {
                    continue;
                }
                if state.meetings(white, black) > 0 {
                    out.violations.push(Violation::new(
                        Rule::GenericRematch,
                        vec![white, black],
                        format!(
                            "board {}: {white} and {black} already played each other",
                            row.board
                        ),
                        Evidence::Rematch {
                            board: row.board,
                            earlier_meetings: state.meetings(white, black),
                        },
                    ));
                }
                let exception = topscorer(white) || topscorer(black);
                for (id, rec, c) in [(white, &rw, Colour::White), (black, &rb, Colour::Black)] {
                    let (s, d_after) = rec.colours.after(c);
                    let d_before = rec.colours.diff();
                    let cname = if c == Colour::White { "White" } else { "Black" };
                    let mut broken = Vec::new();
                    if d_after.abs() > 2 && d_after.abs() > d_before.abs() {
                        broken.push((
                            Rule::GenericColourDifference,
                            format!("board {}: {id} gets {cname}, colour difference becomes {d_after:+}", row.board),
                        ));
                    }
                    if s >= 3 {
                        broken.push((
                            Rule::GenericColourStreak,
                            format!(
                                "board {}: {id} gets {cname} for the {} time in a row",
                                row.board,
                                ordinal(s)
                            ),
                        ));
                    }
                    for (rule, msg) in broken {
                        if exception {
                            out.notes.push(format!(
                                "{msg}: permitted (final round, topscorer exception of the Dutch system, rule {rule})"
                            ));
                        } else {
                            out.violations.push(Violation::new(
                                rule,
                                vec![id],
                                msg,
                                Evidence::ColourRule {
                                    board: row.board,
                                    colour: if c == Colour::White { "white" } else { "black" },
                                    colour_difference_after: d_after,
                                    streak_after: s,
                                    whites_before: rec.colours.whites,
                                    blacks_before: rec.colours.blacks,
                                },
                            ));
                        }
                    }
                }
            }
            Entry::Bye(p) => {
                let rec = state.record(p);
                if rec.byes > 0 || rec.unplayed_wins > 0 {
                    out.violations.push(Violation::new(
                        Rule::GenericBye,
                        vec![p],
                        format!(
                            "board {}: {p} gets the pairing-allocated bye but already had {}",
                            row.board,
                            unplayed_wins_text(
                                rec.byes,
                                rec.full_byes,
                                rec.unplayed_wins.saturating_sub(rec.byes + rec.full_byes)
                            )
                        ),
                        Evidence::ByesBefore {
                            board: row.board,
                            byes_before: rec.byes,
                            unplayed_wins_before: rec.unplayed_wins,
                        },
                    ));
                }
            }
            // The arbiter's full-point bye is not the pairing-allocated bye: nothing to
            // judge here (it blocks a later one, through `unplayed_wins`).
            Entry::HalfBye(_) | Entry::ZeroBye(_) | Entry::FullBye(_) => {}
        }
    }
    if let Some((d, a, b)) = max_diff {
        out.notes.push(format!(
            "largest score difference between opponents: {} ({a}–{b})",
            show_points(d)
        ));
    }
    out
}

/// Certifies every round under C.04.1 (not a round entered ahead and not paired yet,
/// `Tournament::pre_entered_round`, Dutch events only).
pub(crate) fn check_all(t: &Tournament) -> Vec<RoundReport> {
    (1..=t.paired_rounds()).map(|r| check_round(t, r)).collect()
}

/// 1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, …, 21st, …
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// "a bye", "2 byes and a forfeit win", …: what a player already scored without playing
/// (`byes` byes of the pairing, `full_byes` full-point byes the arbiter gave, `forfeits`
/// forfeit wins; none of them is also another).
fn unplayed_wins_text(byes: u32, full_byes: u32, forfeits: u32) -> String {
    let count = |n: u32, one: &str| match n {
        1 => format!("a {one}"),
        _ => format!("{n} {one}s"),
    };
    let mut parts = Vec::new();
    if byes > 0 {
        parts.push(count(byes, "bye"));
    }
    if full_byes > 0 {
        parts.push(count(full_byes, "full-point bye"));
    }
    if forfeits > 0 {
        parts.push(count(forfeits, "forfeit win"));
    }
    parts.join(" and ")
}

#[cfg(test)]
mod message_tests {
    use super::*;

    #[test]
    fn ordinals_read_as_english() {
        let got: Vec<String> =
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].into_iter().map(ordinal).collect();
        assert_eq!(
            got,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd",
                "101st", "111th"
            ]
        );
    }

    #[test]
    fn a_bye_is_counted_once() {
        assert_eq!(unplayed_wins_text(1, 0, 0), "a bye");
        assert_eq!(unplayed_wins_text(0, 0, 1), "a forfeit win");
        assert_eq!(unplayed_wins_text(2, 0, 1), "2 byes and a forfeit win");
        assert_eq!(unplayed_wins_text(1, 0, 3), "a bye and 3 forfeit wins");
        assert_eq!(unplayed_wins_text(0, 1, 0), "a full-point bye");
        assert_eq!(unplayed_wins_text(1, 2, 1), "a bye and 2 full-point byes and a forfeit win");
    }

    fn event(rows: &str, players: &str) -> Tournament {
        bsw_model::io::parse_dir_texts("rounds = 4\n", players, Some(rows)).unwrap()
    }

    /// Two players who met in round 1 cannot meet again, and in an even field nobody takes
    /// the bye: no pairing of round 2 (C.04.1 b).
    #[test]
    fn a_rematch_is_the_only_pairing_left_so_there_is_none() {
        let t = event(
            "round,board,white,black,result\n1,1,1,2,1-0\n",
            "id,name,rating\n1,A,2000\n2,B,1900\n",
        );
        assert_eq!(legal_pairing(&t, 2), None);
    }

    /// Three players: the bye goes only to a player without a bye or a win scored without
    /// playing (d). After round 1 (1-2 drawn, 3 the bye) 1 or 2 takes it; after rounds 1-3
    /// (1 won by forfeit and had the bye in round 2, 2 the bye in round 3, 3 in round 1)
    /// nobody may: no pairing of round 4.
    #[test]
    fn the_bye_goes_only_to_a_player_without_one() {
        let players = "id,name,rating\n1,A,2000\n2,B,1900\n3,C,1800\n";
        let t = event("round,board,white,black,result\n1,1,1,2,1/2-1/2\n1,2,3,,bye\n", players);
        let (pairs, bye) = legal_pairing(&t, 2).expect("a pairing");
        assert!(bye == Some(1) || bye == Some(2), "{bye:?}");
        assert_eq!(pairs.len(), 1);
        assert!(pairs[0].contains(&3));
        let t = event(
            "round,board,white,black,result\n1,1,1,2,+/-\n1,2,3,,bye\n2,1,2,3,1/2-1/2\n2,2,1,,bye\n3,1,1,3,1-0\n3,2,2,,bye\n",
            players,
        );
        assert_eq!(legal_pairing(&t, 4), None);
    }

    /// Colours (f, g): two players who both had White twice cannot meet (one of them would get
    /// a third White in a row).
    #[test]
    fn a_third_colour_in_a_row_is_no_option() {
        let players = "id,name,rating\n1,A,2000\n2,B,1900\n3,C,1800\n4,D,1700\n";
        let rows =
            "round,board,white,black,result\n1,1,1,3,1-0\n1,2,2,4,1-0\n2,1,1,4,1-0\n2,2,2,3,1-0\n";
        let t = event(rows, players);
        // 1 and 2 (W W) cannot meet; 3 and 4 (B B) cannot meet; every other pair has met.
        assert_eq!(legal_pairing(&t, 3), None);
    }
}

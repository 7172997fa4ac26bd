//! SPEC §4: Berger groups play the FIDE Berger tables (C.05 Annex 1; FIDE-REFERENCE §2) on
//! their Berger numbers; with §6 for the withdrawn players of a group that keeps its schedule.

use bsw_model::{Entry, Player};

/// The boards of round `r` (1-based) for a group of `k` players, in table order, as
/// (White, Black) Berger numbers (1-based). For odd `k` the phantom number `k+1` appears:
/// the player drawn against it gets the scheduled bye.
pub(crate) fn round(k: usize, r: usize) -> Vec<(usize, usize)> {
    let n = k + (k % 2);
    let h = n / 2;
    let m = n - 1;
    assert!(n >= 2 && (1..=m).contains(&r), "Berger round {r} of {k} players");
    let mut boards = Vec::with_capacity(h);
    // Board 1: player n, Black in odd rounds, White in even rounds.
    let f1 = if r % 2 == 1 { r.div_ceil(2) } else { h + r / 2 };
    boards.push(if r % 2 == 1 { (f1, n) } else { (n, f1) });
    for b in 2..=h {
        let white = ((r - 1) * h + b - 1) % m + 1;
        let black = (r + m - white) % m + 1;
        boards.push((white, black));
    }
    boards
}

/// Round `r` of every group on its schedule, group by group in table order: the games
/// (White first) and the byes. `seated` holds each group's entry indices in Berger-number
/// order (the draw). The player drawn against the phantom of an odd group gets a bye; by §6
/// so does an active player scheduled against a withdrawn one, and a game between two
/// withdrawn players (or a withdrawn player's bye) is struck.
pub(crate) fn scheduled_round(
    seated: &[Vec<usize>],
    on_schedule: &[bool],
    active: &[bool],
    players: &[Player],
    r: u32,
) -> (Vec<Entry>, Vec<Entry>) {
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for (g, seated) in seated.iter().enumerate() {
        if !on_schedule[g] {
            continue;
        }
        let k = seated.len();
        for (w, b) in round(k, r as usize) {
            let at = |num: usize| seated.get(num - 1).copied(); // None = phantom
            match (at(w), at(b)) {
                (Some(x), Some(y)) => match (active[x], active[y]) {
                    (true, true) => games.push(Entry::Game {
                        white: players[x].id,
                        black: players[y].id,
                        result: None,
                    }),
                    (true, false) => byes.push(Entry::Bye(players[x].id)),
                    (false, true) => byes.push(Entry::Bye(players[y].id)),
                    (false, false) => {} // struck
                },
                (Some(x), None) | (None, Some(x)) => {
                    if active[x] {
                        byes.push(Entry::Bye(players[x].id));
                    }
                }
                (None, None) => unreachable!("a Berger board has at most one phantom"),
            }
        }
    }
    (games, byes)
}

/// Number of rounds of a group of `k` players: k-1 if even, k if odd.
pub(crate) fn schedule_length(k: usize) -> usize {
    if k.is_multiple_of(2) { k - 1 } else { k }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables printed in FIDE-REFERENCE §2, copied verbatim.
    const TABLES: &str = "
3/4  R1 1-4 2-3 | R2 4-3 1-2 | R3 2-4 3-1
5/6  R1 1-6 2-5 3-4 | R2 6-4 5-3 1-2 | R3 2-6 3-1 4-5 | R4 6-5 1-4 2-3 | R5 3-6 4-2 5-1
7/8  R1 1-8 2-7 3-6 4-5 | R2 8-5 6-4 7-3 1-2 | R3 2-8 3-1 4-7 5-6 | R4 8-6 7-5 1-4 2-3 | R5 3-8 4-2 5-1 6-7 | R6 8-7 1-6 2-5 3-4 | R7 4-8 5-3 6-2 7-1
9/10 R1 1-10 2-9 3-8 4-7 5-6 | R2 10-6 7-5 8-4 9-3 1-2 | R3 2-10 3-1 4-9 5-8 6-7 | R4 10-7 8-6 9-5 1-4 2-3 | R5 3-10 4-2 5-1 6-9 7-8 | R6 10-8 9-7 1-6 2-5 3-4 | R7 4-10 5-3 6-2 7-1 8-9 | R8 10-9 1-8 2-7 3-6 4-5 | R9 5-10 6-4 7-3 8-2 9-1
11/12 R1 1-12 2-11 3-10 4-9 5-8 6-7 | R2 12-7 8-6 9-5 10-4 11-3 1-2 | R3 2-12 3-1 4-11 5-10 6-9 7-8 | R4 12-8 9-7 10-6 11-5 1-4 2-3 | R5 3-12 4-2 5-1 6-11 7-10 8-9 | R6 12-9 10-8 11-7 1-6 2-5 3-4 | R7 4-12 5-3 6-2 7-1 8-11 9-10 | R8 12-10 11-9 1-8 2-7 3-6 4-5 | R9 5-12 6-4 7-3 8-2 9-1 10-11 | R10 12-11 1-10 2-9 3-8 4-7 5-6 | R11 6-12 7-5 8-4 9-3 10-2 11-1
13/14 R1 1-14 2-13 3-12 4-11 5-10 6-9 7-8 | R2 14-8 9-7 10-6 11-5 12-4 13-3 1-2 | R3 2-14 3-1 4-13 5-12 6-11 7-10 8-9 | R4 14-9 10-8 11-7 12-6 13-5 1-4 2-3 | R5 3-14 4-2 5-1 6-13 7-12 8-11 9-10 | R6 14-10 11-9 12-8 13-7 1-6 2-5 3-4 | R7 4-14 5-3 6-2 7-1 8-13 9-12 10-11 | R8 14-11 12-10 13-9 1-8 2-7 3-6 4-5 | R9 5-14 6-4 7-3 8-2 9-1 10-13 11-12 | R10 14-12 13-11 1-10 2-9 3-8 4-7 5-6 | R11 6-14 7-5 8-4 9-3 10-2 11-1 12-13 | R12 14-13 1-12 2-11 3-10 4-9 5-8 6-7 | R13 7-14 8-6 9-5 10-4 11-3 12-2 13-1
";

    #[test]
    fn tables_for_3_to_14_players_equal_fide_reference() {
        for line in TABLES.lines().filter(|l| !l.trim().is_empty()) {
            let (sizes, rest) = line.split_once(' ').unwrap();
            let (odd, even) = sizes.split_once('/').unwrap();
            let rounds: Vec<&str> = rest.split('|').collect();
            for k in [odd.parse::<usize>().unwrap(), even.parse().unwrap()] {
                assert_eq!(rounds.len(), k + (k % 2) - 1);
                for (ri, text) in rounds.iter().enumerate() {
                    let mut words = text.split_whitespace();
                    assert_eq!(words.next().unwrap(), format!("R{}", ri + 1));
                    let expected: Vec<(usize, usize)> = words
                        .map(|w| {
                            let (a, b) = w.split_once('-').unwrap();
                            (a.parse().unwrap(), b.parse().unwrap())
                        })
                        .collect();
                    assert_eq!(round(k, ri + 1), expected, "{k} players, round {}", ri + 1);
                }
            }
        }
    }

    #[test]
    fn tables_for_15_and_16_follow_the_pair_and_colour_rules() {
        // FIDE-REFERENCE §2: i, j < n meet in round r iff i + j ≡ r + 1 (mod m); for i < j < n
        // White = i if (j - i) is odd, else j; n is Black in odd rounds.
        for k in [15usize, 16] {
            let n = 16;
            let m = n - 1;
            let mut met = std::collections::HashSet::new();
            for r in 1..=m {
                let boards = round(k, r);
                assert_eq!(boards.len(), n / 2);
                for &(w, b) in &boards {
                    assert!(met.insert((w.min(b), w.max(b))), "pair met twice");
                    if w == n || b == n {
                        assert_eq!(b == n, r % 2 == 1);
                        let i = if w == n { b } else { w };
                        assert_eq!((2 * i) % m, (r + 1) % m);
                    } else {
                        let (i, j) = (w.min(b), w.max(b));
                        assert_eq!((i + j) % m, (r + 1) % m);
                        assert_eq!(w, if (j - i) % 2 == 1 { i } else { j });
                    }
                }
            }
            assert_eq!(met.len(), n * (n - 1) / 2);
        }
    }
}

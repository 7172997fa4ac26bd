//! Profile dutch on engine-paired events and constructed first and second rounds (fixed
//! sizes): the right round is certified, a wrong one rejected. How long certification takes
//! on large fields is measured by `bsw bench --system dutch --check` (BENCHMARKS.md), not here.

use crate::dutch_common::{dutch_tournament, engine_event_with};
use bsw_checker::{Profile, check_round};
use bsw_model::{Entry, Row, Tournament};

#[test]
fn engine_rounds_are_certified() {
    // Each round is certified as soon as the engine has paired it (before its results).
    engine_event_with(30, 4, 42, |t, r| {
        let report = check_round(t, r, Profile::Dutch);
        assert!(report.violations.is_empty(), "round {r}: {:?}", report.violations.first());
    });
}

/// Round 1 of `n` players as the rules pair it: i against i + n/2, White to the odd numbers of
/// S1 (initial colour White), the last player the PAB when `n` is odd.
fn round_one(n: u32) -> Tournament {
    let half = n / 2;
    let mut rows = Vec::new();
    for i in 1..=half {
        let (white, black) = if i % 2 == 1 { (i, i + half) } else { (i + half, i) };
        rows.push(Row { round: 1, board: i, entry: Entry::Game { white, black, result: None } });
    }
    if n % 2 == 1 {
        rows.push(Row { round: 1, board: half + 1, entry: Entry::Bye(n) });
    }
    dutch_tournament(n, rows)
}

#[test]
fn a_large_first_round_is_certified() {
    let t = round_one(41);
    let report = check_round(&t, 1, Profile::Dutch);
    assert!(report.violations.is_empty(), "{:?}", report.violations.first());
    // The same round with two boards exchanging opponents is rejected.
    let mut m = t;
    if let (Entry::Game { black: b1, .. }, Entry::Game { white: w2, .. }) =
        (m.rows[0].entry, m.rows[1].entry)
    {
        if let Entry::Game { black, .. } = &mut m.rows[0].entry {
            *black = w2;
        }
        if let Entry::Game { white, .. } = &mut m.rows[1].entry {
            *white = b1;
        }
    }
    assert!(!check_round(&m, 1, Profile::Dutch).violations.is_empty());
}

/// Every round of the smallest bbpPairings sample is certified; each with boards 1 and 2
/// exchanging their Black players (a wrong round: the matching over the whole rest) is
/// judged without a panic.
#[test]
fn every_round_of_a_sample_is_certified() {
    let path =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/dutch/small-101.trf");
    let Ok(t) = bsw_model::io::load(&path) else {
        panic!("{} does not read", path.display());
    };
    for r in 1..=t.last_round() {
        let report = check_round(&t, r, Profile::Dutch);
        assert!(report.violations.is_empty(), "round {r}: {:?}", report.violations.first());
        let mut m = t.clone();
        let mut games: Vec<usize> = (0..m.rows.len())
            .filter(|&i| m.rows[i].round == r && matches!(m.rows[i].entry, Entry::Game { .. }))
            .collect();
        games.sort_by_key(|&i| m.rows[i].board);
        if let [i, j, ..] = games[..]
            && let (Entry::Game { black: b1, .. }, Entry::Game { black: b2, .. }) =
                (m.rows[i].entry, m.rows[j].entry)
        {
            if let Entry::Game { black, .. } = &mut m.rows[i].entry {
                *black = b2;
            }
            if let Entry::Game { black, .. } = &mut m.rows[j].entry {
                *black = b1;
            }
            let _ = check_round(&m, r, Profile::Dutch);
        }
    }
}

/// Wrong rounds of the smallest sample (the mutation kinds of the proof, as made and as
/// recoloured by 5.2; three per kind and round from round 2) are all judged, without a panic.
#[test]
fn wrong_rounds_of_a_sample_are_judged() {
    use crate::dutch_common::{Kind, mutants, recolour};
    let path =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/dutch/small-101.trf");
    let Ok(t) = bsw_model::io::load(&path) else {
        panic!("{} does not read", path.display());
    };
    let mut total = 0;
    for r in 2..=t.last_round() {
        for kind in [Kind::Exchange, Kind::BracketExchange, Kind::PabMove, Kind::FloatChange] {
            for m in mutants(&t, r, kind, 3) {
                let rc = recolour(&m, r);
                for m in [m, rc] {
                    if m.rows == t.rows {
                        continue;
                    }
                    let _ = check_round(&m, r, Profile::Dutch);
                    total += 1;
                }
            }
        }
    }
    assert!(total > 0);
}

/// Rounds 1 and 2 of `n` players (`n` a multiple of 4 with `n/4` odd): round 1 as
/// [`round_one`] pairs it, every game won by the higher-ranked player (of S1); round 2 as the
/// rules pair it. The winners (score 1) and the losers (score 0) form two brackets of n/2
/// players and nobody floats. In each, S1[i] meets S2[i] (i + n/4 in the bracket): they have
/// not met, and as n/4 is odd their round-1 colours differ, so both strong preferences are
/// granted (C10-C13 zero), no float exists before (C14-C21 zero): the identity
/// transposition is optimal and the first candidate (4.2). The colours follow 5.2.2/5.2.1.
fn rounds_one_and_two(n: u32) -> Tournament {
    use bsw_model::Outcome;
    assert!(n.is_multiple_of(4) && (n / 4) % 2 == 1, "n/4 must be odd");
    let (half, quarter) = (n / 2, n / 4);
    let mut rows = Vec::new();
    for i in 1..=half {
        // The S1 player (i) wins; White to the odd numbers of S1.
        let (white, black, result) = if i % 2 == 1 {
            (i, i + half, Outcome::WhiteWin)
        } else {
            (i + half, i, Outcome::BlackWin)
        };
        rows.push(Row {
            round: 1,
            board: i,
            entry: Entry::Game { white, black, result: Some(result) },
        });
    }
    let mut board = 0;
    for base in [0, half] {
        for j in 1..=quarter {
            let (a, b) = (base + j, base + j + quarter);
            // a had White in round 1 when (j odd) == (base == 0): a then gets Black.
            let a_had_white = (j % 2 == 1) == (base == 0);
            let (white, black) = if a_had_white { (b, a) } else { (a, b) };
            board += 1;
            rows.push(Row { round: 2, board, entry: Entry::Game { white, black, result: None } });
        }
    }
    dutch_tournament(n, rows)
}

/// Round 2 of [`rounds_one_and_two`] for 44 players is certified; the same round with two
/// boards of the winners' bracket exchanging their Black players is rejected.
#[test]
fn a_large_second_round_is_certified() {
    let t = rounds_one_and_two(44);
    assert!(check_round(&t, 1, Profile::Dutch).violations.is_empty());
    let report = check_round(&t, 2, Profile::Dutch);
    assert!(report.violations.is_empty(), "{:?}", report.violations.first());
    let mut m = t;
    let r2: Vec<usize> = (0..m.rows.len()).filter(|&i| m.rows[i].round == 2).collect();
    if let (Entry::Game { black: b1, .. }, Entry::Game { black: b2, .. }) =
        (m.rows[r2[0]].entry, m.rows[r2[1]].entry)
    {
        if let Entry::Game { black, .. } = &mut m.rows[r2[0]].entry {
            *black = b2;
        }
        if let Entry::Game { black, .. } = &mut m.rows[r2[1]].entry {
            *black = b1;
        }
    }
    let wrong = check_round(&m, 2, Profile::Dutch);
    assert!(!wrong.violations.is_empty());
}

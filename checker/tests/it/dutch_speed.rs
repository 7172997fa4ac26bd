//! Speed of profile dutch on large engine-paired rounds (run by hand, release):
//! `DUTCH_SPEED=1000 DUTCH_SPEED_ROUNDS=3 cargo test --release -p bsw-checker --test it
//! dutch_speed -- --nocapture`. Each round is certified as soon as the engine has paired it
//! (before its results). Without `DUTCH_SPEED`: a 30-player event of 4 rounds (smoke test).
//! `DUTCH_SPEED_R1=10000`: round 1 of that many players, paired here as 1.2/4.2/5.2.5 define
//! it (S1 against S2 in order, the initial colour to the odd numbers of S1), certified.

use crate::dutch_common::{dutch_tournament, engine_event_with};
use bsw_checker::{Profile, check_round};
use bsw_model::{Entry, Row, Tournament};
use std::time::Instant;

/// This thread's CPU time so far (user + system, from `/proc/thread-self/stat`, in clock
/// ticks of 10 ms), or `None` off Linux: the figures of a loaded machine, where the wall
/// clock also counts the other processes.
fn cpu() -> Option<std::time::Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(std::time::Duration::from_millis(ticks * 10))
}

/// CPU time spent since `start` (see [`cpu`]), for the messages.
fn cpu_since(start: Option<std::time::Duration>) -> String {
    match (start, cpu()) {
        (Some(a), Some(b)) => format!(" ({:.2?} CPU)", b.saturating_sub(a)),
        _ => String::new(),
    }
}

#[test]
fn large_rounds_are_certified() {
    let sizes: Vec<u32> = match std::env::var("DUTCH_SPEED") {
        Ok(s) => s.split(',').filter_map(|x| x.trim().parse().ok()).collect(),
        Err(_) => vec![30],
    };
    let rounds: u32 =
        std::env::var("DUTCH_SPEED_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(4);
    for n in sizes {
        let mut last = Instant::now();
        engine_event_with(n, rounds, 42, |t, r| {
            let paired_in = last.elapsed();
            let start = Instant::now();
            let report = check_round(t, r, Profile::Dutch);
            eprintln!(
                "{n} players: round {r} paired by the engine in {paired_in:.2?}, certified in {:.3?} ({} violations)",
                start.elapsed(),
                report.violations.len()
            );
            assert!(report.violations.is_empty(), "{:?}", report.violations.first());
            last = Instant::now();
        });
    }
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
    let n: u32 = std::env::var("DUTCH_SPEED_R1").ok().and_then(|s| s.parse().ok()).unwrap_or(41);
    let t = round_one(n);
    let start = Instant::now();
    let report = check_round(&t, 1, Profile::Dutch);
    eprintln!("{n} players: round 1 certified in {:.3?}", start.elapsed());
    assert!(report.violations.is_empty(), "{:?}", report.violations.first());
    // The same round with two boards exchanging opponents is rejected.
    let mut m = t.clone();
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

/// `DUTCH_SPEED_FILE=FILE.trf`: every round of that file (e.g. an event bbpPairings
/// generated), certified round by round with its time. Without it, the smallest sample.
#[test]
fn every_round_of_a_file_is_certified_in_time() {
    let path = match std::env::var("DUTCH_SPEED_FILE") {
        Ok(p) => std::path::PathBuf::from(p),
        Err(_) => std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../corpus/dutch/small-101.trf"),
    };
    let Ok(t) = bsw_model::io::load(&path) else {
        panic!("{} does not read", path.display());
    };
    for r in 1..=t.last_round() {
        let (start, cpu0) = (Instant::now(), cpu());
        let report = check_round(&t, r, Profile::Dutch);
        eprintln!(
            "{}: {} players, round {r} certified in {:.3?}{} ({} violations)",
            path.display(),
            t.players.len(),
            start.elapsed(),
            cpu_since(cpu0),
            report.violations.len()
        );
        assert!(report.violations.is_empty(), "{:?}", report.violations.first());
        // A wrong round costs more (the matching over the whole rest): boards 1 and 2
        // exchange their Black players.
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
            if let Ok(dir) = std::env::var("DUTCH_SPEED_WRITE") {
                // The wrong round with the rounds before it, for `bsw check` by hand.
                let mut cut = m.clone();
                cut.rows.retain(|row| row.round <= r);
                let name = format!("r{r}-boards-1-2-blacks.trf");
                let text = bsw_model::trf::export(&cut);
                std::fs::write(std::path::Path::new(&dir).join(name), text).unwrap();
            }
            let (start, cpu0) = (Instant::now(), cpu());
            let report = check_round(&m, r, Profile::Dutch);
            eprintln!(
                "  the same round with boards 1 and 2 exchanging Blacks: {:.3?}{}, first rule {:?}",
                start.elapsed(),
                cpu_since(cpu0),
                report.violations.first().map(|v| v.rule)
            );
        }
    }
}

/// `DUTCH_SPEED_MUTANTS=FILE.trf` (`DUTCH_SPEED_LIMIT=N` mutants per kind and round, 3 by
/// default; `DUTCH_SPEED_FROM=R` the first round): wrong rounds of that file (the mutation
/// kinds of the proof, as made and recoloured by 5.2), each certified with its time and the
/// number of matchings over the whole rest of the field (the complete check's fallback) it
/// took. Without it, the smallest sample (a smoke test of the measurement).
#[test]
fn wrong_rounds_of_a_file_are_certified_in_time() {
    use crate::dutch_common::{Kind, mutants, recolour};
    let path = match std::env::var("DUTCH_SPEED_MUTANTS") {
        Ok(p) => std::path::PathBuf::from(p),
        Err(_) => std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../corpus/dutch/small-101.trf"),
    };
    let limit: usize =
        std::env::var("DUTCH_SPEED_LIMIT").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    let from: u32 =
        std::env::var("DUTCH_SPEED_FROM").ok().and_then(|s| s.parse().ok()).unwrap_or(2);
    let Ok(t) = bsw_model::io::load(&path) else {
        panic!("{} does not read", path.display());
    };
    let (mut slowest, mut total, mut with_fallback) = (std::time::Duration::ZERO, 0, 0);
    for r in from..=t.last_round() {
        for kind in [Kind::Exchange, Kind::BracketExchange, Kind::PabMove, Kind::FloatChange] {
            for m in mutants(&t, r, kind, limit) {
                let rc = recolour(&m, r);
                for (m, recoloured) in [(m, false), (rc, true)] {
                    if m.rows == t.rows {
                        continue;
                    }
                    let before = bsw_checker::dutch::optimum::matching_counts();
                    let (start, cpu0) = (Instant::now(), cpu());
                    let report = check_round(&m, r, Profile::Dutch);
                    let took = start.elapsed();
                    let took_cpu = cpu_since(cpu0);
                    let after = bsw_checker::dutch::optimum::matching_counts();
                    let full = after.1 - before.1;
                    eprintln!(
                        "round {r} {kind:?}{}: {took:.3?}{took_cpu}, {} relaxation and {full} full matchings, first rule {:?}",
                        if recoloured { " recoloured" } else { "" },
                        after.0 - before.0,
                        report.violations.first().map(|v| v.rule)
                    );
                    if let Ok(dir) = std::env::var("DUTCH_SPEED_WRITE") {
                        // The mutant up to round r, for `bsw check` by hand.
                        let mut cut = m.clone();
                        cut.rows.retain(|row| row.round <= r);
                        let name = format!(
                            "r{r}-{kind:?}-{total}{}.trf",
                            if recoloured { "rc" } else { "" }
                        );
                        let text = bsw_model::trf::export(&cut);
                        std::fs::write(std::path::Path::new(&dir).join(name), text).unwrap();
                    }
                    slowest = slowest.max(took);
                    total += 1;
                    with_fallback += (full > 0) as usize;
                }
            }
        }
    }
    eprintln!(
        "{}: {total} wrong rounds, {with_fallback} needed a matching over the whole rest, slowest {slowest:.3?}",
        path.display()
    );
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

/// `DUTCH_SPEED_R2=N` (N/4 odd, e.g. 10004): round 2 of [`rounds_one_and_two`], certified
/// with its time; by default 44 players. The same round with two boards of the winners'
/// bracket exchanging their Black players is rejected.
#[test]
fn a_large_second_round_is_certified() {
    let n: u32 = std::env::var("DUTCH_SPEED_R2").ok().and_then(|s| s.parse().ok()).unwrap_or(44);
    let t = rounds_one_and_two(n);
    assert!(check_round(&t, 1, Profile::Dutch).violations.is_empty());
    let (start, cpu0) = (Instant::now(), cpu());
    let report = check_round(&t, 2, Profile::Dutch);
    eprintln!("{n} players: round 2 certified in {:.3?}{}", start.elapsed(), cpu_since(cpu0));
    assert!(report.violations.is_empty(), "{:?}", report.violations.first());
    let mut m = t.clone();
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
    let (start, cpu0) = (Instant::now(), cpu());
    let wrong = check_round(&m, 2, Profile::Dutch);
    eprintln!(
        "  the same round with boards 1 and 2 exchanging Blacks: {:.3?}{}, first rule {:?}",
        start.elapsed(),
        cpu_since(cpu0),
        wrong.violations.first().map(|v| v.rule)
    );
    assert!(!wrong.violations.is_empty());
}

//! Fuzzing entry points (issue 6). Each `fuzz/fuzz_targets/*.rs` is a one-line call into one of
//! these, and `harness/tests/fuzz_corpus.rs` replays every checked-in seed and every former
//! crash through them on stable Rust.
//!
//! - [`fuzz_tournament`]: an arbitrary tournament (players, configuration, results,
//!   withdrawals, absences) is paired round by round by the engine; every round is certified
//!   by the checker. Panics on a violation or an unexpected engine error.
//! - [`fuzz_dir_files`]: arbitrary bytes as `tournament.toml`, `players.csv`, `rounds.csv`:
//!   a clean error or a tournament that writes back to the same texts' meaning; whatever loads
//!   is also fed to the engine and the checker, which must not panic.
//! - [`fuzz_trf`]: arbitrary bytes as a TRF file: likewise.
//! - [`fuzz_checker`]: the checker on arbitrary, possibly illegal rounds (anything the loader
//!   accepts): always a verdict, never a panic.
//!
//! - [`dutch`]: the FIDE (Dutch) targets (`dutch_event`, `dutch_trf`).
//!
//! Sizes are bounded (at most 12 players, 12 rounds) so that one input runs in milliseconds.

pub mod dutch;

pub use dutch::{fuzz_dutch_event, fuzz_dutch_event_rounds, fuzz_dutch_trf};

use arbitrary::{Result as AResult, Unstructured};
use bsw_checker::{Profile, check, check_round};
use bsw_engine::{EngineError, PairError, pair};
use bsw_model::{Config, Entry, Id, Outcome, Player, Row, Tournament, io, trf};

/// Largest field the structured targets build.
const MAX_PLAYERS: u32 = 12;
/// Largest number of rounds the structured targets build.
const MAX_ROUNDS: u32 = 12;

/// Group sizes with the same schedule length P (SPEC §2): 3 and 4 → 3, 5 and 6 → 5, 7 and 8 → 7.
fn arbitrary_groups(u: &mut Unstructured, n: u32) -> AResult<Vec<u32>> {
    if !u.ratio(1, 2)? || n < 3 {
        return Ok(Vec::new());
    }
    let p_choices: &[u32] = &[3, 5, 7];
    let p = *u.choose(p_choices)?;
    let mut groups = Vec::new();
    let mut used = 0;
    loop {
        let k = if u.ratio(1, 2)? { p } else { p + 1 };
        if used + k > n {
            break;
        }
        groups.push(k);
        used += k;
        if !u.ratio(2, 3)? {
            break;
        }
    }
    Ok(groups)
}

/// Sorted, de-duplicated rounds from `1..=rounds`, each with probability about 1/8.
fn arbitrary_rounds_subset(u: &mut Unstructured, rounds: u32) -> AResult<Vec<u32>> {
    let mut out = Vec::new();
    for r in 1..=rounds {
        if u.ratio(1, 8)? {
            out.push(r);
        }
    }
    Ok(out)
}

/// Schedule length of the configured groups (all equal when the config is valid).
fn initial_phase(groups: &[u32]) -> Option<u32> {
    groups.first().map(|&k| if k % 2 == 0 { k - 1 } else { k })
}

/// A configuration and players the loader accepts (or `None` when the bytes gave something it
/// refuses, e.g. an invalid swap).
fn arbitrary_tournament_setup(u: &mut Unstructured) -> AResult<Option<Tournament>> {
    let n = u.int_in_range(1..=MAX_PLAYERS)?;
    let groups = arbitrary_groups(u, n)?;
    let rounds = match initial_phase(&groups) {
        Some(p) => p + u.int_in_range(0..=2)?,
        None => u.int_in_range(1..=MAX_ROUNDS)?,
    };
    let seed = u.arbitrary::<u64>()? >> 1;
    let mut players = Vec::new();
    for i in 0..n {
        // Few distinct ratings, so that TPN ties (entry order) are common; 0 = unrated.
        let rating = *u.choose(&[0u32, 1500, 1600, 1700, 1800, 2000])?;
        let id = i + 1;
        let withdrawn_from =
            if u.ratio(1, 10)? { Some(u.int_in_range(2..=rounds.max(2))?) } else { None };
        let half_byes = arbitrary_rounds_subset(u, rounds)?;
        let mut zero_byes = arbitrary_rounds_subset(u, rounds)?;
        zero_byes.retain(|r| !half_byes.contains(r));
        players.push(Player {
            id,
            name: format!("P{id}"),
            rating,
            withdrawn_from,
            half_byes,
            zero_byes,
            ..Player::default()
        });
    }
    let mut swaps = Vec::new();
    if !groups.is_empty() && u.ratio(1, 3)? {
        for _ in 0..u.int_in_range(1..=2)? {
            swaps.push((u.int_in_range(1..=n)?, u.int_in_range(1..=n)?));
        }
    }
    let config = Config {
        name: Some("fuzz".into()),
        rounds: if groups.is_empty() || u.ratio(1, 2)? { Some(rounds) } else { None },
        seed,
        groups,
        swaps,
        tiebreaks: None,
        ..Config::default()
    };
    let t = Tournament { config, players, rows: Vec::new() };
    // Through the loader: what it refuses is not a tournament.
    Ok(reload(&t).ok())
}

/// Writes the three texts of a tournament directory and reads them back.
fn reload(t: &Tournament) -> Result<Tournament, bsw_model::InputError> {
    io::parse_dir_texts(&io::tournament_toml(t), &io::players_csv(t), Some(&io::rounds_csv(t)))
}

fn describe_violations(report: &bsw_checker::RoundReport) -> String {
    report
        .violations
        .iter()
        .map(|v| format!("rule {} players {:?}: {}", v.rule, v.players, v.message))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Target 1: pair an arbitrary tournament round by round; every round must be certified.
pub fn fuzz_tournament(data: &[u8]) {
    fuzz_tournament_rounds(data);
}

/// [`fuzz_tournament`], returning how many rounds were paired and certified (0 when the bytes
/// did not make a tournament the loader accepts). Lets the replay test prove that the seeds
/// reach the engine.
pub fn fuzz_tournament_rounds(data: &[u8]) -> u32 {
    let mut u = Unstructured::new(data);
    let Ok(Some(mut t)) = arbitrary_tournament_setup(&mut u) else {
        return 0;
    };
    let mut certified = 0;
    let rounds = t.config.rounds.or_else(|| initial_phase(&t.config.groups)).unwrap_or(0);
    for r in 1..=rounds {
        let paired = match pair(&t) {
            Ok(p) => p,
            // Legitimate refusals for such inputs: nobody left, an absence in a group on its
            // schedule (SPEC §9), a configuration the engine refuses.
            Err(PairError::BergerSwiss(
                EngineError::NoActivePlayer { .. } | EngineError::AbsenceInBergerGroup { .. },
            )) => return certified,
            Err(PairError::BergerSwiss(EngineError::Config(m))) => {
                assert_eq!(r, 1, "engine refused the configuration only in round {r}: {m}");
                return certified;
            }
            Err(e) => {
                panic!("engine refused round {r} of a valid, complete tournament: {e}\n{t:#?}")
            }
        };
        assert_eq!(paired.round, r, "engine paired round {} instead of {r}", paired.round);
        t.rows.extend(paired.rows.iter().copied());
        let report = check_round(&t, r, Profile::BergerSwiss);
        assert!(
            report.violations.is_empty(),
            "checker rejects engine round {r}:\n{}\n{}",
            describe_violations(&report),
            io::rounds_csv(&t)
        );
        certified += 1;
        // Results for the games of this round.
        for row in t.rows.iter_mut().filter(|row| row.round == r) {
            if let Entry::Game { result, .. } = &mut row.entry {
                *result = Some(*u.choose(&Outcome::ALL).unwrap_or(&Outcome::Draw));
            }
        }
    }
    // The finished event reads back and certifies as a whole.
    let t = reload(&t).unwrap_or_else(|e| panic!("a paired tournament does not read back: {e}"));
    let report = check(&t, Profile::BergerSwiss);
    assert!(report.is_conforming(), "checker rejects the finished event: {:?}", report.rounds);
    assert!(matches!(
        pair(&t),
        Err(PairError::BergerSwiss(
            EngineError::Finished { .. } | EngineError::NoActivePlayer { .. }
        ))
    ));
    certified
}

/// Runs the engine and the checker on a loaded tournament; neither may panic. Bounded so that
/// one fuzz input stays fast.
fn exercise_loaded(t: &Tournament, profile: Profile) {
    if t.players.len() > 64 || t.last_round() > 40 || t.rows.len() > 2000 {
        return;
    }
    let _ = check(t, profile);
    if t.config.rounds.is_none_or(|r| r <= 40) {
        let _ = pair(t);
    }
}

/// Splits fuzz bytes into up to three texts at NUL bytes.
fn split_texts(data: &[u8]) -> (String, String, Option<String>) {
    let mut parts = data.splitn(3, |&b| b == 0);
    let text = |p: Option<&[u8]>| p.map(|b| String::from_utf8_lossy(b).into_owned());
    let toml = text(parts.next()).unwrap_or_default();
    let players = text(parts.next()).unwrap_or_default();
    let rounds = text(parts.next());
    (toml, players, rounds)
}

/// Target 2: arbitrary bytes as the three files of a tournament directory (separated by NUL
/// bytes): a clean error or a tournament; what loads must write back to texts that read back
/// to the same tournament, and engine and checker must not panic on it.
pub fn fuzz_dir_files(data: &[u8]) {
    let (toml, players, rounds) = split_texts(data);
    let Ok(t) = io::parse_dir_texts(&toml, &players, rounds.as_deref()) else {
        return;
    };
    let back = reload(&t).unwrap_or_else(|e| {
        panic!("a loaded tournament does not read back after writing: {e}\n{t:#?}")
    });
    assert_eq!(back, t, "write + read changes the tournament");
    exercise_loaded(&t, Profile::BergerSwiss);
}

/// Target 3: arbitrary bytes as a TRF file (strict and `--lenient` reading, our extension
/// records, kept headers, non-record lines): a clean error or a tournament; an exportable
/// import exports and reads back as the same tournament (the round trip is lossless); the
/// checker (profile generic) must not panic.
pub fn fuzz_trf(data: &[u8]) {
    let text = trf::decode(data);
    let lenient =
        trf::read(&text, "fuzz.trf", &trf::ReadOptions { lenient: true, ..Default::default() });
    let Ok(t) = trf::import(&text, "fuzz.trf") else {
        return;
    };
    assert!(lenient.is_ok(), "a file read strictly must read leniently");
    if trf::exportable(&t).is_ok() {
        let out = trf::export(&t);
        match trf::import(&out, "fuzz-export.trf") {
            Ok(back) => assert_eq!(back, t, "import(export(t)) != t\n{out}"),
            Err(e) => panic!("exported TRF does not import again: {e}\n{out}"),
        }
    }
    if t.players.len() <= 64 && t.last_round() <= 40 {
        let _ = check(&t, Profile::Generic);
    }
}

/// Arbitrary rounds over the players (any number of rounds up to [`MAX_ROUNDS`]): each round a
/// random mix of games, byes, absences and missing players, with arbitrary or missing results.
fn arbitrary_rows(u: &mut Unstructured, ids: &[Id], rounds: u32) -> AResult<Vec<Row>> {
    let mut rows = Vec::new();
    for r in 1..=rounds {
        let mut pool: Vec<Id> = ids.to_vec();
        // Shuffle the pool with the fuzz bytes.
        for i in (1..pool.len()).rev() {
            let j = u.int_in_range(0..=i)?;
            pool.swap(i, j);
        }
        let mut board = 0;
        let mut i = 0;
        while i < pool.len() {
            board += 1;
            let kind = u.int_in_range(0..=9u8)?;
            let entry = match kind {
                0..=5 if i + 1 < pool.len() => {
                    let result = if r == rounds && u.ratio(1, 2)? || u.ratio(1, 20)? {
                        None
                    } else {
                        Some(*u.choose(&Outcome::ALL)?)
                    };
                    let e = Entry::Game { white: pool[i], black: pool[i + 1], result };
                    i += 2;
                    e
                }
                6 => {
                    // Player left out of the round (missing row).
                    i += 1;
                    board -= 1;
                    continue;
                }
                7 => {
                    i += 1;
                    Entry::HalfBye(pool[i - 1])
                }
                8 => {
                    i += 1;
                    Entry::ZeroBye(pool[i - 1])
                }
                _ => {
                    i += 1;
                    Entry::Bye(pool[i - 1])
                }
            };
            let board = if u.ratio(1, 16)? { u.int_in_range(1..=board + 1)? } else { board };
            rows.push(Row { round: r, board, entry });
        }
    }
    Ok(rows)
}

/// Target 4: the checker on arbitrary, possibly illegal rounds (anything the loader accepts):
/// always a verdict, never a panic — whole-event and per-round, both profiles.
pub fn fuzz_checker(data: &[u8]) {
    fuzz_checker_rounds(data);
}

/// [`fuzz_checker`], returning how many rounds the checked tournament has (0 when the bytes
/// did not make a tournament the loader accepts), so tests can prove the seeds reach the
/// checker.
pub fn fuzz_checker_rounds(data: &[u8]) -> u32 {
    let mut u = Unstructured::new(data);
    let Ok(Some(mut t)) = arbitrary_tournament_setup(&mut u) else {
        return 0;
    };
    let max = t.config.rounds.or_else(|| initial_phase(&t.config.groups)).unwrap_or(1);
    let played = u.int_in_range(1..=max).unwrap_or(1);
    let ids: Vec<Id> = t.players.iter().map(|p| p.id).collect();
    let Ok(rows) = arbitrary_rows(&mut u, &ids, played) else {
        return 0;
    };
    t.rows = rows;
    let Ok(t) = reload(&t) else { return 0 };
    let report = check(&t, Profile::BergerSwiss);
    assert!(report.rounds.len() <= t.last_round() as usize + 1, "more round reports than rounds");
    for r in 1..=t.last_round() {
        let _ = check_round(&t, r, Profile::BergerSwiss);
    }
    let _ = check(&t, Profile::Generic);
    t.last_round()
}

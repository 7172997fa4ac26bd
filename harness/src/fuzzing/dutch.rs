//! The Dutch fuzz targets (`fuzz/fuzz_targets/dutch_*.rs`): small FIDE (Dutch) events built
//! from the fuzz bytes, paired through the engine's one entry point (`bsw_engine::pair`, twice:
//! the two rounds must be identical) and certified by the checker's generic (C.04.1) and Dutch
//! (C.04.3) profiles. A panic, a round either profile rejects, a "no valid pairing" the
//! checker's own search refutes, or two different answers to the same input is a crash.
//!
//! - [`fuzz_dutch_event`]: 1-40 players (ratings drawn from a few values, so ties are
//!   common), up to 15 rounds, the initial colour fixed or drawn, the PAB worth 1, ½ or 0;
//!   before each round withdrawals, half-point and zero-point byes and late entries (a player
//!   absent, with zero-point byes, in every round before the one he enters, or declared by
//!   `enters`); Baku acceleration; results with forfeits and double forfeits.
//! - [`fuzz_dutch_trf`]: arbitrary bytes as a TRF file read as a pairing engine reads it
//!   (`bsw FILE.trf -p`), paired by the Dutch system and certified likewise.

use arbitrary::{Result as AResult, Unstructured};
use bsw_checker::{Profile, check_round};
use bsw_model::{
    Acceleration, Colour, Config, DutchConfig, Entry, Outcome, Player, Tournament, trf,
};

/// Largest field [`fuzz_dutch_event`] builds.
const MAX_PLAYERS: u32 = 40;
/// Largest number of rounds it builds.
const MAX_ROUNDS: u32 = 15;

/// A Dutch event before round 1, from the bytes.
fn arbitrary_event(u: &mut Unstructured) -> AResult<Tournament> {
    let n = u.int_in_range(1..=MAX_PLAYERS)?;
    let rounds = u.int_in_range(1..=MAX_ROUNDS)?;
    let initial_colour = *u.choose(&[None, Some(Colour::White), Some(Colour::Black)])?;
    let pab_points = *u.choose(&[2, 1, 0])?;
    let mut ratings: Vec<u32> = (0..n)
        .map(|_| u.choose(&[0u32, 1500, 1600, 1800, 2000, 2200]).copied())
        .collect::<AResult<_>>()?;
    // Players in pairing-number order (rating descending; entry order on ties), as the
    // generator numbers a Dutch event.
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let players = ratings
        .into_iter()
        .enumerate()
        .map(|(i, rating)| {
            let id = i as u32 + 1;
            Player { id, name: format!("P{id}"), rating, ..Player::default() }
        })
        .collect();
    let config = Config {
        name: Some("fuzz dutch".into()),
        rounds: Some(rounds),
        seed: u.arbitrary::<u64>()? >> 1,
        system: bsw_model::System::Dutch(DutchConfig { initial_colour, pab_points }),
        ..Config::default()
    };
    Ok(Tournament { config, players, rows: Vec::new() })
}

/// Withdrawals, requested byes and late entries decided before round `r`. At least two
/// players stay active, so the event never runs out of players.
fn arbitrary_events(u: &mut Unstructured, t: &mut Tournament, r: u32) -> AResult<()> {
    for i in 0..t.players.len() {
        let active = t.players.iter().filter(|p| !p.withdrawn_by(r)).count();
        let p = &mut t.players[i];
        if p.withdrawn_by(r) {
            continue;
        }
        match u.int_in_range(0..=39u8)? {
            0 if active > 2 && !p.before_entry(r) => p.withdrawn_from = Some(r),
            1 | 2 => p.half_byes.push(r),
            3 | 4 => p.zero_byes.push(r),
            // A late entry: absent from round 1 up to this one (zero-point byes), as the
            // pairing-engine convention reads a player entered late.
            5 if r == 1 => {
                let enters = u.int_in_range(2..=t.config.rounds.unwrap_or(2).max(2))?;
                p.zero_byes.extend(1..enters);
            }
            // Baku acceleration (C.04.5.1) for the whole event, drawn with a player's byte
            // of round 1 (a value the targets left unused, so that the kept regression
            // inputs keep their meaning unless they hold it).
            6 if r == 1 => t.config.acceleration = Acceleration::Baku,
            // A late entry as `players.csv` declares it (`enters`): absent before that round.
            7 if r == 1 => {
                p.enters = Some(u.int_in_range(2..=t.config.rounds.unwrap_or(2).max(2))?);
            }
            _ => {}
        }
    }
    for p in &mut t.players {
        p.half_byes.sort_unstable();
        p.half_byes.dedup();
        p.zero_byes.retain(|x| !p.half_byes.contains(x));
        p.zero_byes.sort_unstable();
        p.zero_byes.dedup();
    }
    Ok(())
}

/// Pairs the next round twice and certifies it: the round (or `None` when no pairing
/// satisfies C1-C3, which the checker's own search must confirm).
fn pair_and_certify(t: &Tournament, what: &str) -> Option<Vec<bsw_model::Row>> {
    // A round entered ahead (its rows only requested byes) is the one the engine pairs.
    let r = t.paired_rounds() + 1;
    let first = bsw_engine::pair(t);
    let again = bsw_engine::pair(t);
    assert_eq!(first, again, "{what}: round {r} paired twice gives two answers");
    let round = match first {
        Ok(round) => round,
        Err(e) if e.no_valid_pairing().is_some() => {
            let legal = bsw_checker::dutch::feasible::legal_pairing(t, r);
            assert!(
                legal.is_none(),
                "{what}: the engine finds no pairing for round {r}, the checker has {legal:?}"
            );
            return None;
        }
        Err(e) => panic!("{what}: the engine refuses round {r}: {e}"),
    };
    assert_eq!(round.round, r, "{what}: the engine pairs round {} instead of {r}", round.round);
    let mut with = t.clone();
    // The entries made ahead of round r come back in the paired round.
    with.rows.retain(|row| row.round != r);
    with.rows.extend(round.rows.iter().copied());
    for profile in [Profile::Generic, Profile::Dutch] {
        let report = check_round(&with, r, profile);
        assert!(
            report.violations.is_empty(),
            "{what}: profile {} rejects the engine's round {r}: {:?}\n{}",
            profile.name(),
            report.violations,
            trf::export(&with)
        );
    }
    Some(round.rows)
}

/// Target `dutch_event`: a Dutch event played round by round.
pub fn fuzz_dutch_event(data: &[u8]) {
    fuzz_dutch_event_rounds(data);
}

/// [`fuzz_dutch_event`], returning how many rounds were paired and certified.
pub fn fuzz_dutch_event_rounds(data: &[u8]) -> u32 {
    let mut u = Unstructured::new(data);
    let Ok(mut t) = arbitrary_event(&mut u) else {
        return 0;
    };
    let rounds = t.config.rounds.unwrap_or(1);
    let mut certified = 0;
    for r in 1..=rounds {
        if arbitrary_events(&mut u, &mut t, r).is_err() {
            break;
        }
        let Some(rows) = pair_and_certify(&t, "dutch_event") else {
            break;
        };
        let first = t.rows.len();
        t.rows.extend(rows);
        certified += 1;
        for row in &mut t.rows[first..] {
            if let Entry::Game { result, .. } = &mut row.entry {
                *result = Some(*u.choose(&Outcome::ALL).unwrap_or(&Outcome::Draw));
            }
        }
    }
    certified
}

/// Target `dutch_trf`: arbitrary bytes as a TRF file handed to a Dutch engine.
pub fn fuzz_dutch_trf(data: &[u8]) {
    let text = trf::decode(data);
    let opts = trf::ReadOptions { pairing_convention: true, lenient: true };
    let Ok(imported) = trf::read(&text, "fuzz.trf", &opts) else {
        return;
    };
    let mut t = imported.tournament;
    if t.players.len() > 64 || t.last_round() > 20 || !t.missing_results(t.last_round()).is_empty()
    {
        return;
    }
    if t.config.system.dutch().is_none() {
        t.config.system = bsw_model::System::Dutch(DutchConfig::default());
    }
    if t.paired_rounds() + 1 > t.config.rounds.unwrap_or(t.paired_rounds() + 1) {
        return;
    }
    pair_and_certify(&t, "dutch_trf");
}

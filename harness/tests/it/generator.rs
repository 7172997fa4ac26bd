//! The generator: deterministic, valid configurations (SPEC §2), every feature exercised, and
//! the play loop with a stand-in engine (tests/common).

use crate::common;

use bsw_harness::generator::{
    Corruption, GenParams, config_is_valid, generate, memberships, play, schedule_len,
};
use bsw_model::Entry;

#[test]
fn same_seed_same_scenario_other_seed_other_scenario() {
    let p = GenParams::default();
    assert_eq!(generate(12345, &p), generate(12345, &p));
    assert_ne!(generate(12345, &p), generate(12346, &p));
}

#[test]
fn generated_configurations_follow_spec_2() {
    let p = GenParams::default();
    for seed in 0..3000u64 {
        let sc = generate(seed, &p);
        let t = &sc.base;
        let c = &t.config;
        let n = t.players.len() as u32;
        assert!(config_is_valid(&t.players, c), "seed {seed}: {c:?}");
        // SPEC §2: all groups share one schedule length P, R >= P; lower Swiss 0 or >= 3.
        if let Some(&k0) = c.groups.first() {
            let p0 = schedule_len(k0);
            assert!(c.groups.iter().all(|&k| k >= 3 && schedule_len(k) == p0), "seed {seed}");
            assert!(c.rounds.unwrap_or(p0) >= p0);
            let lower = n - c.groups.iter().sum::<u32>();
            assert!(lower == 0 || lower >= 3, "seed {seed}: lower Swiss group of {lower}");
        } else {
            assert!(c.swaps.is_empty());
            let r = c.rounds.expect("plain Swiss states its rounds");
            assert!((p.rounds.0..=p.rounds.1).contains(&r), "seed {seed}: {r} rounds");
            assert!((p.players.0..=p.players.1).contains(&n), "seed {seed}: {n} players");
        }
        assert!(c.seed < (1 << 63));
        // ids unique, positive
        let mut ids: Vec<u32> = t.players.iter().map(|p| p.id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), t.players.len());
        assert!(ids[0] >= 1);
        let total = sc.total_rounds();
        for &(_, w) in &sc.withdrawals {
            assert!((2..=total).contains(&w));
        }
        for a in &sc.absences {
            assert!((1..=total).contains(&a.round));
        }
    }
}

#[test]
fn defaults_exercise_every_feature() {
    let p = GenParams::default();
    let (mut plain, mut grouped, mut lower, mut no_lower, mut later, mut swaps) =
        (0, 0, 0, 0, 0, 0);
    let (mut even_group, mut odd_group, mut multi, mut wd, mut abs, mut ties, mut unrated) =
        (0, 0, 0, 0, 0, 0, 0);
    let mut rounds_default = 0;
    for seed in 0..500u64 {
        let sc = generate(seed, &p);
        let c = &sc.base.config;
        let n = sc.base.players.len() as u32;
        if c.groups.is_empty() {
            plain += 1;
        } else {
            grouped += 1;
            if c.groups.iter().sum::<u32>() < n {
                lower += 1
            } else {
                no_lower += 1
            }
            if sc.total_rounds() > schedule_len(c.groups[0]) {
                later += 1;
            }
            even_group += c.groups.iter().any(|k| k % 2 == 0) as u32;
            odd_group += c.groups.iter().any(|k| k % 2 == 1) as u32;
            multi += (c.groups.len() > 1) as u32;
            rounds_default += c.rounds.is_none() as u32;
        }
        swaps += !c.swaps.is_empty() as u32;
        wd += !sc.withdrawals.is_empty() as u32;
        abs += !sc.absences.is_empty() as u32;
        let mut r: Vec<u32> = sc.base.players.iter().map(|p| p.rating).filter(|&r| r > 0).collect();
        let len = r.len();
        r.sort();
        r.dedup();
        ties += (r.len() < len) as u32;
        unrated += sc.base.players.iter().any(|p| p.rating == 0) as u32;
    }
    for (name, count) in [
        ("plain Swiss", plain),
        ("groups", grouped),
        ("lower Swiss", lower),
        ("no lower Swiss", no_lower),
        ("later phase", later),
        ("swaps", swaps),
        ("even group", even_group),
        ("odd group", odd_group),
        ("several groups", multi),
        ("withdrawals", wd),
        ("absences", abs),
        ("equal ratings", ties),
        ("unrated", unrated),
        ("rounds left to default", rounds_default),
    ] {
        assert!(count >= 10, "{name}: only {count} of 500");
    }
}

#[test]
fn swaps_exchange_different_memberships() {
    let p = GenParams { group_rate: 1.0, swap_rate: 1.0, max_swaps: 3, ..GenParams::default() };
    for seed in 0..500u64 {
        let sc = generate(seed, &p);
        // memberships() replays the swaps and refuses any between equal memberships.
        assert!(memberships(&sc.base.players, &sc.base.config).is_some(), "seed {seed}");
    }
}

#[test]
fn play_records_every_round_and_fills_results() {
    let opts = common::toy_opts(None);
    for seed in 0..200u64 {
        let sc = generate(seed, &GenParams::default());
        let played = play(&sc, &opts);
        assert!(played.failure.is_none(), "seed {seed}: {:?}", played.failure);
        assert_eq!(played.rounds.len() as u32, sc.total_rounds());
        assert!(played.tournament.missing_results(sc.total_rounds()).is_empty());
        // withdrawals are recorded as withdrawn_from and no row after it names the player
        for p in &played.tournament.players {
            if let Some(w) = p.withdrawn_from {
                assert!(
                    played
                        .tournament
                        .rows
                        .iter()
                        .filter(|r| r.round >= w)
                        .all(|r| r.entry.players().all(|x| x != p.id))
                );
            }
        }
    }
}

#[test]
fn refused_absences_are_dropped_and_the_round_repaired() {
    // Absences for everyone, groups always: the toy engine refuses group members' absences in
    // the initial phase (as SPEC §9 says); play() must drop them and go on.
    let params = GenParams {
        group_rate: 1.0,
        absence_rate: 1.0,
        withdraw_rate: 0.0,
        ..GenParams::default()
    };
    let opts = common::toy_opts(None);
    let mut dropped = 0;
    for seed in 0..100u64 {
        let sc = generate(seed, &params);
        let played = play(&sc, &opts);
        assert!(played.failure.is_none(), "seed {seed}: {:?}", played.failure);
        dropped += played.dropped_absences;
        let t = &played.tournament;
        let m = memberships(&t.players, &t.config).unwrap();
        let p = schedule_len(t.config.groups[0]);
        for (pl, g) in t.players.iter().zip(&m) {
            if g.is_some() {
                assert!(
                    pl.half_byes.iter().chain(&pl.zero_byes).all(|&r| r > p),
                    "seed {seed}: player {}",
                    pl.id
                );
            }
        }
        let absences_kept: usize =
            t.players.iter().map(|p| p.half_byes.len() + p.zero_byes.len()).sum();
        let absence_rows = t
            .rows
            .iter()
            .filter(|r| matches!(r.entry, Entry::HalfBye(_) | Entry::ZeroBye(_)))
            .count();
        assert_eq!(absences_kept, absence_rows, "seed {seed}");
    }
    assert!(dropped > 0);
}

#[test]
fn corruption_is_caught_by_the_checker() {
    let opts = common::toy_opts(Some(Corruption::SwapBoardOneColours { min_players: 1 }));
    let sc = generate(7, &GenParams::default());
    let played = play(&sc, &opts);
    let f = played.failure.expect("board 1 colours swapped");
    assert_eq!(f.round, 1);
}

//! The FIDE (Dutch) System in the harness: campaigns certify every round with the generic and
//! the Dutch checker profiles; broken rounds and unconfirmed "no valid pairing" answers are
//! failures; a confirmed one ends the tournament; generated events number their players in
//! the SPEC §1 order; the pairing number of a directory is that order (not the id), of a
//! TRF the start number; the pairing-allocated bye scores `pab_points`.

use bsw_checker::Profile;
use bsw_engine::dutch::DutchError;
use bsw_engine::{PairError, Round};
use bsw_harness::generator::{
    Backend, FailureKind, GenParams, PlayOptions, ResultRates, Scenario, SystemKind, generate, play,
};
use bsw_harness::simulate::{CampaignSpec, simulate};
use bsw_model::{Colour, DutchConfig, Entry, Id, Outcome, Player, Row, System, Tournament};

fn dutch_params(players: (u32, u32)) -> GenParams {
    GenParams { players, system: SystemKind::Dutch, ..GenParams::default() }
}

fn campaign(tournaments: u64, jobs: usize, play: PlayOptions) -> CampaignSpec {
    CampaignSpec {
        seed: 77,
        tournaments,
        shard: None,
        params: GenParams {
            withdraw_rate: 0.1,
            absence_rate: 0.15,
            forfeit_rate: 0.05,
            ..dutch_params((5, 24))
        },
        play,
        jobs,
    }
}

#[test]
fn every_dutch_round_is_certified_by_both_profiles() {
    let s = simulate(&campaign(30, 2, PlayOptions::default()), &|| {}).unwrap();
    assert!(s.passed(), "{}", s.render());
    assert!(s.rounds >= 30, "{}", s.render());
    assert_eq!(s.certified.get("generic"), Some(&s.rounds));
    assert_eq!(s.certified.get("dutch"), Some(&s.rounds));
    assert_eq!(s.certified.get("berger-swiss"), None);
    assert!(s.features.byes > 0 && s.features.half_byes + s.features.zero_byes > 0);
    assert!(s.features.withdrawals > 0 && s.features.forfeits > 0);
}

#[test]
fn a_dutch_campaign_does_not_depend_on_the_thread_count() {
    let mut a = simulate(&campaign(12, 1, PlayOptions::default()), &|| {}).unwrap();
    let mut b = simulate(&campaign(12, 2, PlayOptions::default()), &|| {}).unwrap();
    a.timing = Default::default();
    b.timing = Default::default();
    assert_eq!(a, b);
}

#[test]
fn generated_dutch_events_number_players_in_spec_order() {
    for seed in 0..40 {
        let sc = generate(seed, &dutch_params((2, 30)));
        let t = &sc.base;
        assert!(t.config.system.dutch().is_some());
        let ids: Vec<Id> = t.players.iter().map(|p| p.id).collect();
        assert_eq!(ids, (1..=t.players.len() as u32).collect::<Vec<_>>());
        assert!(t.players.windows(2).all(|w| w[0].rating >= w[1].rating), "seed {seed}");
        assert_eq!(bsw_model::layout::tpn_ids(&t.players), ids);
        assert!(t.config.groups.is_empty() && t.config.swaps.is_empty());
        assert!(sc.total_rounds() < t.players.len() as u32 || t.players.len() < 2);
    }
}

/// The engine's round with the opponents of the first two boards exchanged (a round that the
/// basic rules may accept, but not C.04.3).
fn exchanging_pair(t: &Tournament) -> Result<Round, PairError> {
    let mut round = bsw_engine::pair(t)?;
    let games: Vec<usize> = (0..round.rows.len())
        .filter(|&i| matches!(round.rows[i].entry, Entry::Game { .. }))
        .take(2)
        .collect();
    if let [i, j] = games[..]
        && let (
            Entry::Game { white: a, black: b, result: None },
            Entry::Game { white: c, black: d, result: None },
        ) = (round.rows[i].entry, round.rows[j].entry)
    {
        round.rows[i].entry = Entry::Game { white: a, black: d, result: None };
        round.rows[j].entry = Entry::Game { white: c, black: b, result: None };
    }
    Ok(round)
}

fn lying_pair(t: &Tournament) -> Result<Round, PairError> {
    Err(PairError::Dutch(DutchError::NoValidPairing { round: t.last_round() + 1 }))
}

fn with_engine(pair: fn(&Tournament) -> Result<Round, PairError>) -> PlayOptions {
    PlayOptions { backend: Backend { pair, ..Backend::REAL }, corrupt: None }
}

#[test]
fn a_broken_dutch_round_is_a_shrunk_violation() {
    let opts = with_engine(exchanging_pair);
    let spec = campaign(8, 2, opts);
    let s = simulate(&spec, &|| {}).unwrap();
    assert!(!s.passed());
    assert!(s.violations > 0);
    assert!(s.failures.iter().all(|f| f.kind.starts_with("violation of rule")), "{}", s.render());
    // The shrinker works on Dutch scenarios: a smaller case that fails the same way.
    let f = &s.failures[0];
    let (sc, played) = spec.replay(f.index);
    let kind = played.failure.unwrap().kind;
    let shrunk = bsw_harness::shrink::shrink(&sc, &spec.play, &kind, 400);
    assert!(shrunk.scenario.size() <= sc.size());
    assert!(shrunk.played.failure.unwrap().kind.matches(&kind));
    assert!(shrunk.scenario.base.config.system.dutch().is_some());
}

#[test]
fn an_unconfirmed_no_valid_pairing_is_a_failure_with_the_checkers_pairing() {
    let sc = generate(5, &dutch_params((6, 6)));
    let played = play(&sc, &with_engine(lying_pair));
    let f = played.failure.expect("the checker pairs 6 fresh players");
    assert_eq!((f.round, f.kind), (1, FailureKind::EngineError("NoValidPairing".into())));
    assert!(f.details[1].starts_with("checker's pairing: "), "{:?}", f.details);
    assert_eq!(played.no_pairing, None);
}

/// Two players and two rounds: after round 1 they may not meet again (C1) and nobody may
/// take a PAB in an even field, so round 2 has no pairing; the engine and the checker agree.
#[test]
fn a_confirmed_no_valid_pairing_ends_the_tournament_without_failure() {
    let players = bsw_model::test_support::players(2, 2000, 10);
    let sc = Scenario {
        seed: 1,
        base: Tournament {
            config: bsw_model::Config {
                rounds: Some(2),
                system: System::Dutch(DutchConfig::default()),
                ..Default::default()
            },
            players,
            rows: Vec::new(),
        },
        withdrawals: Vec::new(),
        absences: Vec::new(),
        rates: ResultRates { draw: 0.0, forfeit: 0.0, double_loss: 0.0 },
    };
    let played = play(&sc, &PlayOptions::default());
    assert!(played.failure.is_none(), "{:?}", played.failure);
    assert_eq!(played.no_pairing, Some(2));
    assert_eq!(played.rounds.len(), 1);
    assert_eq!(played.rounds[0].certified, &["generic", "dutch"]);
}

fn player(id: Id, rating: u32) -> Player {
    Player { id, name: format!("P{id}"), rating, ..Default::default() }
}

/// Six players whose ids run against the SPEC §1 order: id 1 is rated lowest.
fn reversed_six(trf: bool) -> Tournament {
    Tournament {
        config: bsw_model::Config {
            rounds: Some(5),
            system: System::Dutch(DutchConfig {
                initial_colour: Some(Colour::White),
                pab_points: 2,
            }),
            trf_header: if trf { vec!["012 test".into()] } else { Vec::new() },
            ..Default::default()
        },
        players: (1..=6).map(|id| player(id, 1500 + 100 * id)).collect(),
        rows: Vec::new(),
    }
}

fn games(rows: &[Row]) -> Vec<(Id, Id)> {
    rows.iter()
        .filter_map(|r| match r.entry {
            Entry::Game { white, black, .. } => Some((white, black)),
            _ => None,
        })
        .collect()
}

/// Round 1 by hand (C.04.3 4.2, 5.2.5): pairing numbers 1..6 are ids 6, 5, 4, 3, 2, 1 in a
/// directory; S1 = {6, 5, 4} meets S2 = {3, 2, 1} in order; pairing number 1 takes the
/// initial colour White, 2 Black, 3 White. In a TRF the start numbers are the ids: S1 =
/// {1, 2, 3}, S2 = {4, 5, 6}, so 1-4, 5-2, 3-6.
#[test]
fn the_pairing_number_is_the_spec_order_in_a_directory_and_the_start_number_in_a_trf() {
    let dir = reversed_six(false);
    let cfg = dir.config.system.dutch().unwrap().clone();
    let round = bsw_engine::dutch::pair_next_round(&dir, &cfg).unwrap();
    assert_eq!(games(&round.rows), vec![(6, 3), (2, 5), (4, 1)]);

    // The checker reads the same numbers: the engine's round conforms, the round by ids not.
    let publish = |t: &Tournament, pairs: &[(Id, Id)]| {
        let mut t = t.clone();
        t.rows = Row::on_boards(
            1,
            pairs.iter().map(|&(white, black)| Entry::Game { white, black, result: None }),
        )
        .collect();
        bsw_checker::check_round(&t, 1, Profile::Dutch)
    };
    assert!(publish(&dir, &[(6, 3), (2, 5), (4, 1)]).violations.is_empty());
    assert!(!publish(&dir, &[(1, 4), (5, 2), (3, 6)]).violations.is_empty());

    let trf = reversed_six(true);
    let round = bsw_engine::dutch::pair_next_round(&trf, &cfg).unwrap();
    assert_eq!(games(&round.rows), vec![(1, 4), (5, 2), (3, 6)]);
    assert!(publish(&trf, &[(1, 4), (5, 2), (3, 6)]).violations.is_empty());
    assert!(!publish(&trf, &[(6, 3), (2, 5), (4, 1)]).violations.is_empty());
}

/// Three players, one round: 1-2 (White wins), 3 gets the pairing-allocated bye (last board).
/// A second round: 1 and 2 both get a `bye` row, the first on a lower board (a requested
/// full-point bye, TRF `F`), then 3 (the PAB, `U`) on the last one.
fn with_byes(pab_points: i32) -> Tournament {
    let rows = vec![
        Row {
            round: 1,
            board: 1,
            entry: Entry::Game { white: 1, black: 2, result: Some(Outcome::WhiteWin) },
        },
        Row { round: 1, board: 2, entry: Entry::Bye(3) },
        Row { round: 2, board: 1, entry: Entry::Bye(1) },
        Row {
            round: 2,
            board: 2,
            entry: Entry::Game { white: 2, black: 3, result: Some(Outcome::Draw) },
        },
        Row { round: 2, board: 3, entry: Entry::Bye(4) },
    ];
    Tournament {
        config: bsw_model::Config {
            rounds: Some(2),
            system: System::Dutch(DutchConfig { initial_colour: None, pab_points }),
            ..Default::default()
        },
        players: (1..=4).map(|id| player(id, 2100 - 100 * id)).collect(),
        rows,
    }
}

#[test]
fn the_pairing_allocated_bye_scores_pab_points() {
    // (pab_points in half-points, expected points of players 1..=4 after round 2 by hand:
    // 1 = win + requested bye (2), 2 = loss + draw, 3 = PAB + draw, 4 = PAB.)
    for (pab, expected) in [(2, [4, 1, 3, 2]), (1, [4, 1, 2, 1]), (0, [4, 1, 1, 0])] {
        let t = with_byes(pab);
        let worth = t.row_points();
        let pabs: Vec<bool> = t.rows.iter().map(|r| worth.is_pab(r)).collect();
        assert_eq!(pabs, [false, true, false, false, true]);
        // The checker's replay (scores before round 3); standings/tests/it/pab_points.rs
        // has the standings of the same event.
        let h = bsw_checker::dutch::state::histories_before(&t, 3);
        let got: Vec<i32> = (1..=4).map(|id| h[&id].score).collect();
        assert_eq!(got, expected, "checker, pab_points {pab}");
    }
    // Berger-Swiss: every `bye` row is a win.
    let mut t = with_byes(0);
    t.config.system = System::BergerSwiss;
    assert!(t.rows.iter().all(|r| !t.row_points().is_pab(r)));
}

/// The engine ranks by the score with `pab_points`. Round 1 (by hand): 1-4, 2-5, 3-6 won
/// by White, 7 gets the PAB. Round 2, PAB worth 1: scoregroup {1, 2, 3, 7} pairs S1 {1, 2}
/// with S2 {3, 7} (every candidate has one pair whose players both want Black, so the first
/// one stands): 1-3, 2-7. PAB worth 0: scoregroup {1, 2, 3} pairs 1-2 and 3 floats down.
#[test]
fn the_dutch_engine_scores_the_pab_with_pab_points() {
    let players: Vec<Player> = (1..=7).map(|id| player(id, 2100 - 100 * id)).collect();
    let game = |board, white, black| Row {
        round: 1,
        board,
        entry: Entry::Game { white, black, result: Some(Outcome::WhiteWin) },
    };
    let rows = vec![
        game(1, 1, 4),
        game(2, 2, 5),
        game(3, 3, 6),
        Row { round: 1, board: 4, entry: Entry::Bye(7) },
    ];
    for (pab_points, one_meets_two) in [(2, false), (0, true)] {
        let t = Tournament {
            config: bsw_model::Config {
                rounds: Some(3),
                system: System::Dutch(DutchConfig {
                    initial_colour: Some(Colour::White),
                    pab_points,
                }),
                ..Default::default()
            },
            players: players.clone(),
            rows: rows.clone(),
        };
        let cfg = t.config.system.dutch().unwrap().clone();
        let round = bsw_engine::dutch::pair_next_round(&t, &cfg).unwrap();
        let pairs = games(&round.rows);
        let met = |a, b| pairs.contains(&(a, b)) || pairs.contains(&(b, a));
        assert_eq!(met(1, 2), one_meets_two, "pab_points {pab_points}: {pairs:?}");
        assert_eq!(met(2, 7), !one_meets_two, "pab_points {pab_points}: {pairs:?}");
        let mut all = t.clone();
        all.rows.extend(round.rows.iter().copied());
        let report = bsw_checker::check_round(&all, 2, Profile::Dutch);
        assert!(report.violations.is_empty(), "{:?}", report.violations);
        let h = bsw_checker::dutch::state::histories_before(&all, 2);
        assert_eq!(h[&7].score, pab_points);
    }
}

/// 5.2.5 with a player missing who was paired before (found by `bsw simulate --system dutch`,
/// seed 1, tournaments 216 and 445; bbpPairings v6.0.0 pairs this case the same way). Seven
/// players in SPEC order, initial colour White. Round 1: 7 absent; 1-4 and 5-2 drawn, 3-6
/// lost by both without play (no colour, no meeting). Round 2: 2 absent. By hand: {4, 5}
/// pair 4-5 (4 wants White, 5 Black) and 1 floats down to 3 (1 wants Black); 6 and 7 have no
/// colour history, so 5.2.5 decides: 6 is the higher ranked, pairing number 6 is even, so 6
/// gets Black — counting 2 (absent, but paired in round 1). Counting only the players of
/// round 2 would make 6 the 5th, odd, White.
#[test]
fn rule_5_2_5_counts_the_players_paired_before_who_are_absent_now() {
    let mut players: Vec<Player> = (1..=7).map(|id| player(id, 2700 - 100 * id)).collect();
    players[1].zero_byes = vec![2];
    players[6].zero_byes = vec![1];
    let game = |round, board, white, black, o| Row {
        round,
        board,
        entry: Entry::Game { white, black, result: Some(o) },
    };
    let mut t = Tournament {
        config: bsw_model::Config {
            rounds: Some(3),
            system: System::Dutch(DutchConfig {
                initial_colour: Some(Colour::White),
                pab_points: 2,
            }),
            ..Default::default()
        },
        players,
        rows: vec![
            game(1, 1, 1, 4, Outcome::Draw),
            game(1, 2, 5, 2, Outcome::Draw),
            game(1, 3, 3, 6, Outcome::DoubleForfeit),
            Row { round: 1, board: 4, entry: Entry::ZeroBye(7) },
        ],
    };
    let cfg = t.config.system.dutch().unwrap().clone();
    let round = bsw_engine::dutch::pair_next_round(&t, &cfg).unwrap();
    assert_eq!(games(&round.rows), vec![(4, 5), (3, 1), (7, 6)]);
    t.rows.extend(round.rows.iter().copied());
    for profile in [Profile::Dutch, Profile::Generic] {
        let report = bsw_checker::check_round(&t, 2, profile);
        assert!(report.violations.is_empty(), "{profile:?}: {:?}", report.violations);
    }
}

#[test]
fn the_summary_counts_late_entrants() {
    let mut spec = campaign(16, 2, PlayOptions::default());
    spec.params.late_entry_rate = 0.2;
    let s = simulate(&spec, &|| {}).unwrap();
    assert!(s.passed(), "{}", s.render());
    // Expected: the late entrants the generator drew for each tournament of the campaign.
    let (mut events, mut entrants) = (0, 0);
    for index in spec.indices() {
        let sc = generate(bsw_harness::rng::tournament_seed(spec.seed, index), &spec.params);
        let late = sc.base.players.iter().filter(|p| p.enters.is_some()).count() as u64;
        events += (late > 0) as u64;
        entrants += late;
    }
    assert!(events > 0 && entrants > events, "the campaign draws late entrants: {entrants}");
    assert_eq!((s.features.late_entries, s.features.late_entrants), (events, entrants));
    assert!(
        s.render().contains(&format!(
            "late entries {events} (tournaments with at least one); late entrants {entrants}"
        )),
        "{}",
        s.render()
    );
    // Without late entries both counts are 0.
    let s = simulate(&campaign(4, 1, PlayOptions::default()), &|| {}).unwrap();
    assert_eq!((s.features.late_entries, s.features.late_entrants), (0, 0));
}

#[test]
fn arbiters_full_point_byes_entered_ahead_are_paired_and_certified() {
    let mut spec = campaign(16, 2, PlayOptions::default());
    spec.params.full_bye_rate = 0.1;
    let s = simulate(&spec, &|| {}).unwrap();
    assert!(s.passed(), "{}", s.render());
    assert!(s.features.full_byes > 0, "{}", s.render());
    assert!(s.render().contains(&format!("full-byes {}", s.features.full_byes)));
    // Every generated full-point bye is the player's row of its round in the tournament
    // played (none is lost or paired), unless skipped when entered (withdrawn, absent).
    for index in 0..4 {
        let sc = generate(bsw_harness::rng::tournament_seed(spec.seed, index), &spec.params);
        let played = play(&sc, &PlayOptions::default());
        let t = &played.tournament;
        for a in sc.absences.iter().filter(|a| a.full) {
            let rows: Vec<Entry> = t
                .round_rows(a.round)
                .filter(|row| row.entry.players().any(|p| p == a.player))
                .map(|row| row.entry)
                .collect();
            if rows.contains(&Entry::FullBye(a.player)) {
                assert_eq!(rows.len(), 1, "{rows:?}");
            }
        }
    }
    // A rate of 0 draws nothing: the events are those generated without it.
    let plain = campaign(1, 1, PlayOptions::default()).params;
    let zero = GenParams { full_bye_rate: 0.0, ..spec.params };
    for seed in 0..20 {
        assert_eq!(generate(seed, &zero), generate(seed, &plain));
    }
}

//! Issue 13: a Berger-Swiss event survives TRF. For tournaments made by the generator (groups,
//! swaps, seeds, withdrawals, absences, forfeits, boards as the engine numbers them, and a
//! last round paired but not played), `import(export(t)) == t` and the three files of the
//! directory are byte-identical after the trip. One case has 9,999 players, the most TRF's
//! 4-digit pairing-number field holds.

use bsw_harness::generator::{GenParams, PlayOptions, generate, play};
use bsw_model::io::{players_csv, rounds_csv, tournament_toml};
use bsw_model::trf::{export, exportable, import};
use bsw_model::{Entry, Tournament};
use proptest::prelude::*;

/// The generated event, plus the next round paired by the engine (results not in yet) when
/// the event is not over.
fn event(seed: u64, params: &GenParams) -> Tournament {
    let sc = generate(seed, params);
    let mut t = play(&sc, &PlayOptions::default()).tournament;
    if t.last_round() < sc.total_rounds()
        && let Ok(next) = bsw_engine::pair_next_round(&t)
    {
        t.rows.extend(next.rows);
    }
    t
}

fn assert_round_trip(t: &Tournament) -> Result<(), TestCaseError> {
    prop_assert!(exportable(t).is_ok());
    let text = export(t);
    let back = import(&text, "event.trf").map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(tournament_toml(&back), tournament_toml(t));
    prop_assert_eq!(players_csv(&back), players_csv(t));
    prop_assert_eq!(rounds_csv(&back), rounds_csv(t));
    prop_assert_eq!(&back, t);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, .. ProptestConfig::default() })]
    #[test]
    fn generated_events_survive_export_and_import(seed in 0u64..(1 << 63)) {
        let params = GenParams {
            players: (3, 40),
            rounds: (1, 7),
            withdraw_rate: 0.1,
            absence_rate: 0.15,
            forfeit_rate: 0.05,
            double_loss_rate: 0.02,
            swap_rate: 0.6,
            ..GenParams::default()
        };
        let t = event(seed, &params);
        assert_round_trip(&t)?;
    }
}

#[test]
fn an_event_of_9999_players_survives_export_and_import() {
    let params = GenParams {
        players: (9999, 9999),
        rounds: (3, 3),
        group_rate: 1.0,
        lower_swiss_rate: 1.0,
        later_phase_rate: 0.0,
        swap_rate: 1.0,
        withdraw_rate: 0.05,
        absence_rate: 0.1,
        ..GenParams::default()
    };
    let t = event(5, &params);
    assert_eq!(t.players.len(), 9999);
    assert!(t.players.iter().any(|p| p.id == 9999));
    assert!(!t.config.groups.is_empty());
    assert!(t.rows.iter().any(|r| matches!(r.entry, Entry::HalfBye(_) | Entry::ZeroBye(_))));
    assert_round_trip(&t).unwrap();
}

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
        && let Ok(next) = bsw_engine::berger_swiss::pair_next_round(&t)
    {
        t.rows.extend(next.rows);
    }
    t
}

/// Generator parameters for `players` and `rounds` (ranges) with withdrawals, absences and
/// forfeits.
fn eventful(players: (u32, u32), rounds: (u32, u32)) -> GenParams {
    GenParams {
        players,
        rounds,
        withdraw_rate: 0.1,
        absence_rate: 0.15,
        forfeit_rate: 0.05,
        ..GenParams::default()
    }
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
        let params =
            GenParams { double_loss_rate: 0.02, swap_rate: 0.6, ..eventful((3, 40), (1, 7)) };
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

/// `t` with ids renumbered so that they are no longer in the SPEC §1 order: id i becomes
/// 9,990 + 3 (n + 1 - i) (reversed, with gaps, most beyond TRF's 4-digit field: the
/// start numbers are what the file holds).
fn scrambled(t: &Tournament) -> Tournament {
    let n = t.players.len() as u32;
    let f = |id: u32| 9_990 + 3 * (n + 1 - id);
    let mut out = t.clone();
    for p in &mut out.players {
        p.id = f(p.id);
    }
    for row in &mut out.rows {
        row.entry = row.entry.map_ids(f);
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, .. ProptestConfig::default() })]
    /// FIDE (Dutch) System events (pab_points 1, ½ or 0, initial colour set or drawn):
    /// as generated (ids = pairing numbers) and with ids out of the SPEC §1 order (the export
    /// writes start numbers = pairing numbers and `BSI`), the trip gives the same directory,
    /// and the start numbers are the pairing numbers either way.
    #[test]
    fn dutch_events_survive_export_and_import_whatever_their_ids(seed in 0u64..(1 << 63)) {
        let params = GenParams {
            system: bsw_harness::generator::SystemKind::Dutch,
            ..eventful((3, 30), (1, 6))
        };
        let sc = generate(seed, &params);
        let t = play(&sc, &PlayOptions::default()).tournament;
        prop_assert!(!export(&t).contains("\nBSI "));
        assert_round_trip(&t)?;
        let s = scrambled(&t);
        let text = export(&s);
        // Start number k is the k-th player by rating (ids were generated in that order).
        let mut by_pn: Vec<u32> = t.players.iter().map(|p| p.id).collect();
        by_pn.sort_unstable();
        let bsi: Vec<String> = by_pn.iter().map(|&i| (9_990 + 3 * (t.players.len() as u32 + 1 - i)).to_string()).collect();
        let bsi_line = format!("\nBSI {}\n", bsi.join(" "));
        prop_assert!(text.contains(&bsi_line), "{}", text);
        assert_round_trip(&s)?;
    }
}

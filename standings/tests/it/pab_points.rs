//! The pairing-allocated bye of a FIDE (Dutch) System tournament scores `pab_points` (1, ½
//! or 0); a requested full-point bye stays a win; Berger-Swiss byes are wins.

use crate::common::{rounds, tournament};
use bsw_model::{DutchConfig, System, Tournament};
use bsw_standings::{Options, standings};

/// Round 1: 1-2 (White wins), 3 gets the PAB (the round's last `bye` row). Round 2: 1 gets a
/// requested full-point bye (a `bye` row on a lower board, TRF `F`), 2-3 drawn, 4 the PAB.
fn event(system: System) -> Tournament {
    let players: Vec<(u32, u32)> = (1..=4).map(|id| (id, 2100 - 100 * id)).collect();
    let mut t = tournament(&players, 2, rounds(&["1-2 1-0, bye 3", "bye 1, 2-3 1/2-1/2, bye 4"]));
    t.config.system = system;
    t
}

fn points(t: &Tournament) -> Vec<i32> {
    let st = standings(t, &Options::for_tournament(t).unwrap()).unwrap();
    (1..=4).map(|id| st.row(id).unwrap().points).collect()
}

#[test]
fn standings_score_the_pab_with_pab_points() {
    // By hand, in half-points: 1 = win + requested bye; 2 = loss + draw; 3 = PAB + draw;
    // 4 = PAB.
    for (pab_points, expected) in [(2, [4, 1, 3, 2]), (1, [4, 1, 2, 1]), (0, [4, 1, 1, 0])] {
        let t = event(System::Dutch(DutchConfig { initial_colour: None, pab_points }));
        assert_eq!(points(&t), expected, "pab_points {pab_points}");
    }
    assert_eq!(points(&event(System::BergerSwiss)), [4, 1, 3, 2]);
}

#[test]
fn the_crosstable_shows_the_pab_points() {
    let t = event(System::Dutch(DutchConfig { initial_colour: None, pab_points: 1 }));
    let st = standings(&t, &Options::for_tournament(&t).unwrap()).unwrap();
    let table = bsw_standings::crosstable::swiss(&t, &st);
    let line = table.lines.iter().find(|l| l.id == 4).unwrap();
    assert_eq!(line.cells[1].text(), "-½");
    let line = table.lines.iter().find(|l| l.id == 1).unwrap();
    assert_eq!(line.cells[1].text(), "-1");
}

//! The pairing-allocated bye of a FIDE (Dutch) System tournament scores `pab_points` (1, ½
//! or 0); a requested full-point bye stays a win; Berger-Swiss byes are wins.

use bsw_model::{DutchConfig, Entry, Outcome, Player, Row, System, Tournament};
use bsw_standings::{Options, standings};

/// Round 1: 1-2 (White wins), 3 gets the PAB (the round's last `bye` row). Round 2: 1 gets a
/// requested full-point bye (a `bye` row on a lower board, TRF `F`), 2-3 drawn, 4 the PAB.
fn event(system: System) -> Tournament {
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
        config: bsw_model::Config { rounds: Some(2), system, ..Default::default() },
        players: (1..=4)
            .map(|id| Player {
                id,
                name: format!("P{id}"),
                rating: 2100 - 100 * id,
                ..Default::default()
            })
            .collect(),
        rows,
    }
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

//! Builders for hand-made tournaments and the hand-derived example tournaments.
#![allow(dead_code)]

use bsw_checker::berger_swiss::draw::SplitMix64;
use bsw_checker::{Profile, Report, check};
use bsw_model::{Config, Entry, Id, Outcome, Player, Row, Tournament};

pub(crate) fn players(n: u32) -> Vec<Player> {
    // Ratings strictly descending with the id, so TPN = id.
    bsw_model::test_support::players(n, 2800, 100)
}

pub(crate) fn game(round: u32, board: u32, white: Id, black: Id, result: &str) -> Row {
    let result = if result.is_empty() {
        None
    } else {
        Some(Outcome::from_code(result).expect("result code"))
    };
    row(round, board, Entry::Game { white, black, result })
}

pub(crate) fn row(round: u32, board: u32, entry: Entry) -> Row {
    Row { round, board, entry }
}

pub(crate) fn bye(round: u32, board: u32, p: Id) -> Row {
    row(round, board, Entry::Bye(p))
}

pub(crate) fn half_bye(round: u32, board: u32, p: Id) -> Row {
    row(round, board, Entry::HalfBye(p))
}

pub(crate) fn zero_bye(round: u32, board: u32, p: Id) -> Row {
    row(round, board, Entry::ZeroBye(p))
}

/// SPEC §11, A..H = ids 1..8 (TPN = id): the one worked-example fixture of the repository,
/// `corpus/examples/spec-11-worked-example`, checked here against the checker's own
/// derivation of its rows (pairings, colours and board order by hand from §8.2-8.5, see the
/// comments; results as in the rule book's example).
pub(crate) fn worked_example() -> Tournament {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/examples/spec-11-worked-example");
    let t = bsw_model::io::read_dir(&dir).expect("the worked-example fixture reads");
    assert_eq!(t.rows, worked_example_rows(), "fixture and hand derivation agree");
    assert!(t.config.groups.is_empty() && t.config.rounds == Some(3));
    t
}

fn worked_example_rows() -> Vec<Row> {
    vec![
        // Round 1, all on 0: A–E, B–F, C–G, D–H; every key of §8.2 ties, the higher TPN gets
        // White. Board order: equal scores, better Swiss position first.
        game(1, 1, 5, 1, "0-1"),
        game(1, 2, 6, 2, "0-1"),
        game(1, 3, 7, 3, "0-1"),
        game(1, 4, 8, 4, "1-0"),
        // Round 2 at (no, 2, yes, 0): C–A (tie, C has the higher TPN), B–H (B alternates),
        // D–F (D alternates), G–E (tie on keys 1-4 and on whites; G has the higher TPN).
        game(2, 1, 3, 1, "0-1"),
        game(2, 2, 2, 8, "1/2-1/2"),
        game(2, 3, 4, 6, "1-0"),
        game(2, 4, 7, 5, "1/2-1/2"),
        // Round 3 at (no, 2, yes, ½): A–B (A has BB), H–C, E–D, F–G (G has WW).
        game(3, 1, 1, 2, "1-0"),
        game(3, 2, 8, 3, "1-0"),
        game(3, 3, 5, 4, "1/2-1/2"),
        game(3, 4, 6, 7, "0-1"),
    ]
}

/// Group of 4 (ids 1-4) plus a lower Swiss group of 3 (ids 5-7), seed 1, 3 rounds.
/// Draw (SplitMix64 redone in Python from SPEC §4): Berger numbers 1..4 = players 3, 1, 4, 2.
/// Table 3/4: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1 → R1 3–2 1–4, R2 2–4 3–1, R3 1–2 4–3.
/// Lower group (TPN 5, 6, 7): R1 bye to the bottom 7, 6–5 (tie, higher TPN White);
/// R2 eligible {5, 6} (7 had a bye), bottom first 5 works: bye 5, 7–6 (7 alternates less
/// badly: keys (0,0,1,0) vs (0,0,3,1)); R3 only 6 is eligible: bye 6, 5–7 at D = ½.
pub(crate) fn mixed() -> Tournament {
    let rows = vec![
        game(1, 1, 3, 2, "1-0"),
        game(1, 2, 1, 4, "1/2-1/2"),
        game(1, 3, 6, 5, "1-0"),
        bye(1, 4, 7),
        game(2, 1, 2, 4, "0-1"),
        game(2, 2, 3, 1, "1/2-1/2"),
        game(2, 3, 7, 6, "1/2-1/2"),
        bye(2, 4, 5),
        game(3, 1, 1, 2, ""),
        game(3, 2, 4, 3, ""),
        game(3, 3, 5, 7, ""),
        bye(3, 4, 6),
    ];
    Tournament {
        config: Config { rounds: Some(3), seed: 1, groups: vec![4], ..Default::default() },
        players: players(7),
        rows,
    }
}

/// Groups [4, 3] (ids 1-4, 5-7), seed 5: numbers group 1 = 1, 4, 2, 3; group 2 = 5, 6, 7
/// (phantom 4). Player 6 withdraws from round 2: group 2 is the last group and there is no
/// Swiss field, so it keeps its schedule (§6): in round 2, 5 (drawn against 6) gets a bye;
/// in round 3, 6's phantom bye is struck.
/// Group 1: R1 1–3 4–2, R2 3–2 1–4, R3 4–3 2–1. Group 2: R1 bye 5, 6–7; R2 bye 7, 5–(6);
/// R3 (6)–phantom, 7–5.
pub(crate) fn kept_schedule() -> Tournament {
    let mut ps = players(7);
    ps[5].withdrawn_from = Some(2);
    let rows = vec![
        game(1, 1, 1, 3, "1-0"),
        game(1, 2, 4, 2, "1/2-1/2"),
        game(1, 3, 6, 7, "0-1"),
        bye(1, 4, 5),
        game(2, 1, 3, 2, "1-0"),
        game(2, 2, 1, 4, "1-0"),
        bye(2, 3, 7),
        bye(2, 4, 5),
        game(3, 1, 4, 3, ""),
        game(3, 2, 2, 1, ""),
        game(3, 3, 7, 5, ""),
    ];
    Tournament {
        config: Config { seed: 5, groups: vec![4, 3], ..Default::default() },
        players: ps,
        rows,
    }
}

/// As [`kept_schedule`] for rounds 1-2, but player 2 (group 1) withdraws from round 3: group 1
/// is affected first and is not the last group, so groups 1 and 2 join one Swiss field.
/// Round 3 field {1, 3, 4, 5, 7}, Swiss order 1 (4 pts, WNT 2), 7 (4, 1), 5 (4, 0), 3, 4.
/// Eligible byes {1, 3, 4}, bottom first 4: rest {1, 7, 5, 3} needs D = 1 (3 is a point
/// behind and met 1): level (no, 2, yes, 1). Greedy: 1's list 7, 5, 3 → 7 (colours 7–1),
/// then 5–3. Boards: 7–1, 5–3, bye 4.
pub(crate) fn dissolved() -> Tournament {
    let mut t = kept_schedule();
    t.players[1].withdrawn_from = Some(3);
    republish_from(&mut t, 3, [game(3, 1, 7, 1, ""), game(3, 2, 5, 3, ""), bye(3, 3, 4)]);
    t
}

/// Replaces round `round` and the later rounds of `t` by `rows`.
pub(crate) fn republish_from(t: &mut Tournament, round: u32, rows: impl IntoIterator<Item = Row>) {
    t.rows.retain(|r| r.round < round);
    t.rows.extend(rows);
}

pub(crate) fn rules(rep: &Report) -> Vec<(u32, String)> {
    rep.violations().map(|(r, v)| (r, v.rule.to_string())).collect()
}

pub(crate) fn assert_conforming(t: &Tournament, profile: Profile) {
    let rep = check(t, profile);
    assert!(
        rep.is_conforming(),
        "expected conforming, got {:#?}",
        rep.violations().collect::<Vec<_>>()
    );
}

/// The tests' own seeded random choices: SplitMix64 (SPEC §4), reused from the checker.
pub(crate) struct Rng(SplitMix64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Self {
        Rng(SplitMix64::new(seed))
    }
    pub(crate) fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub(crate) fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// The bbpPairings sample (501 players, 9 rounds, Dutch 2026 rules, bare CR line endings),
/// kept in `corpus/samples/`. Panics when it is missing: a test must not pass without its data.
pub(crate) fn dutch_sample() -> std::path::PathBuf {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/samples/dutch-501-players-9-rounds.trf");
    assert!(p.is_file(), "{}: test data missing", p.display());
    p
}

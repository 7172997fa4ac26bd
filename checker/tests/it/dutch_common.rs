//! Shared helpers of the Dutch profile tests: the samples, engine-paired events, mutants.
#![allow(dead_code)]

use bsw_checker::results::state_before;
use bsw_model::{Colour, Config, DutchConfig, Entry, Id, Outcome, Player, Row, System, Tournament};
use std::path::PathBuf;

/// The sample files of `corpus/dutch` (small ones only unless `DUTCH_ALL` is set), sorted.
pub(crate) fn samples(max_players: usize) -> Vec<(String, Tournament)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus/dutch");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus/dutch")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    let all = std::env::var("DUTCH_ALL").is_ok();
    files
        .into_iter()
        .map(|p| {
            let t = bsw_model::io::load(&p).expect("sample reads");
            (p.file_name().unwrap().to_string_lossy().into_owned(), t)
        })
        .filter(|(_, t)| all || t.players.len() <= max_players)
        .collect()
}

/// SplitMix64 for results.
pub(crate) struct Rng(u64);
impl Rng {
    pub(crate) fn new(seed: u64) -> Self {
        Rng(seed)
    }
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// An event of `n` players and `rounds` rounds paired by the Dutch engine (results drawn from
/// `seed`: the higher-rated player wins more often, a third of the games drawn).
pub(crate) fn engine_event(n: u32, rounds: u32, seed: u64) -> Tournament {
    engine_event_with(n, rounds, seed, |_, _| {})
}

/// [`engine_event`], calling `after(t, r)` once round r is paired (before its results).
pub(crate) fn engine_event_with(
    n: u32,
    rounds: u32,
    seed: u64,
    mut after: impl FnMut(&Tournament, u32),
) -> Tournament {
    let cfg = DutchConfig {
        initial_colour: Some(if seed.is_multiple_of(2) { Colour::White } else { Colour::Black }),
        pab_points: 2,
    };
    let mut t = Tournament {
        config: Config {
            rounds: Some(rounds),
            seed,
            system: System::Dutch(cfg.clone()),
            ..Config::default()
        },
        players: (1..=n)
            .map(|id| Player {
                id,
                name: format!("P{id}"),
                rating: 2800 - id,
                ..Default::default()
            })
            .collect(),
        rows: Vec::new(),
    };
    let mut rng = Rng::new(seed);
    for _ in 0..rounds {
        let Ok(round) = bsw_engine::dutch::pair_next_round(&t, &cfg) else {
            break;
        };
        let mut paired = t.clone();
        paired.rows.extend(round.rows.iter().copied());
        after(&paired, round.round);
        for mut row in round.rows {
            if let Entry::Game { white, black, result } = &mut row.entry {
                let x = rng.next() % 100;
                let white_better = *white < *black;
                *result = Some(match x {
                    0..=32 => Outcome::Draw,
                    33..=79 if white_better => Outcome::WhiteWin,
                    33..=79 => Outcome::BlackWin,
                    _ if white_better => Outcome::BlackWin,
                    _ => Outcome::WhiteWin,
                });
            }
            t.rows.push(row);
        }
    }
    t
}

/// The kinds of mutation the proof measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Kind {
    ColourSwap,
    Exchange,
    /// Two pairs of one bracket (MDP pairs included) exchange opponents.
    BracketExchange,
    PabMove,
    FloatChange,
    Reorder,
}

pub(crate) const KINDS: [Kind; 6] = [
    Kind::ColourSwap,
    Kind::Exchange,
    Kind::BracketExchange,
    Kind::PabMove,
    Kind::FloatChange,
    Kind::Reorder,
];

pub(crate) fn with_round(t: &Tournament, r: u32, rows: Vec<Row>) -> Tournament {
    let mut m = t.clone();
    m.rows.retain(|row| row.round != r);
    m.rows.extend(rows);
    m.rows.sort_by_key(|row| (row.round, row.board));
    m
}

pub(crate) fn game(row: &Row) -> Option<(Id, Id)> {
    match row.entry {
        Entry::Game { white, black, .. } => Some((white, black)),
        _ => None,
    }
}

pub(crate) fn set_game(row: &mut Row, white: Id, black: Id) {
    if let Entry::Game { white: w, black: b, .. } = &mut row.entry {
        *w = white;
        *b = black;
    }
}

/// The rows with the games on rows `i` and `j` exchanging their Black players.
fn exchange_blacks(rows: &[Row], i: usize, j: usize) -> Vec<Row> {
    let (w1, b1) = game(&rows[i]).unwrap();
    let (w2, b2) = game(&rows[j]).unwrap();
    let mut m = rows.to_vec();
    set_game(&mut m[i], w1, b2);
    set_game(&mut m[j], w2, b1);
    m
}

/// Every mutant of round `r` of kind `kind` (at most `limit`).
pub(crate) fn mutants(t: &Tournament, r: u32, kind: Kind, limit: usize) -> Vec<Tournament> {
    let mut rows: Vec<Row> = t.round_rows(r).copied().collect();
    rows.sort_by_key(|row| row.board);
    let state = state_before(t, r);
    let score = |id: Id| state.record(id).points;
    let games: Vec<usize> = (0..rows.len()).filter(|&i| game(&rows[i]).is_some()).collect();
    let mut out = Vec::new();
    match kind {
        Kind::ColourSwap => {
            for &i in &games {
                let mut m = rows.clone();
                let (w, b) = game(&m[i]).unwrap();
                set_game(&mut m[i], b, w);
                out.push(with_round(t, r, m));
            }
        }
        Kind::Exchange => {
            for (x, &i) in games.iter().enumerate() {
                for &j in &games[x + 1..] {
                    let (w1, b1) = game(&rows[i]).unwrap();
                    let (w2, b2) = game(&rows[j]).unwrap();
                    let s = score(w1);
                    if [b1, w2, b2].iter().any(|&p| score(p) != s) {
                        continue;
                    }
                    out.push(with_round(t, r, exchange_blacks(&rows, i, j)));
                    if out.len() >= limit {
                        return out;
                    }
                }
            }
        }
        Kind::BracketExchange => {
            let (ctx, publ) = bsw_checker::dutch::round::context(t, r, &rows);
            let scores = ctx.order.iter().map(|id| (*id, ctx.score(*id))).collect();
            let board_of = |a: Id| {
                games
                    .iter()
                    .copied()
                    .find(|&i| game(&rows[i]).is_some_and(|(w, b)| w == a || b == a))
            };
            for b in bsw_checker::dutch::order::brackets(&ctx.order, &scores, &publ.partner) {
                if b.mdps.is_empty() {
                    continue;
                }
                for (x, p) in b.pairs.iter().enumerate() {
                    for q in &b.pairs[x + 1..] {
                        let (Some(i), Some(j)) = (board_of(p.0), board_of(q.0)) else {
                            continue;
                        };
                        out.push(with_round(t, r, exchange_blacks(&rows, i, j)));
                        if out.len() >= limit {
                            return out;
                        }
                    }
                }
            }
        }
        Kind::PabMove => {
            let Some(pi) = rows.iter().position(|row| matches!(row.entry, Entry::Bye(_))) else {
                return out;
            };
            let Entry::Bye(b) = rows[pi].entry else { unreachable!() };
            for &i in &games {
                let (w, k) = game(&rows[i]).unwrap();
                for x in [w, k] {
                    let rec = state.record(x);
                    if rec.byes > 0 || rec.unplayed_wins > 0 {
                        continue;
                    }
                    let mut m = rows.clone();
                    m[pi].entry = Entry::Bye(x);
                    if x == w {
                        set_game(&mut m[i], b, k);
                    } else {
                        set_game(&mut m[i], w, b);
                    }
                    out.push(with_round(t, r, m));
                }
            }
        }
        Kind::FloatChange => {
            // x floats down to z (lower score); y, of x's score, plays w of the same score:
            // let y float to z instead and x play w.
            for &i in &games {
                let (a, c) = game(&rows[i]).unwrap();
                let (x, z) = if score(a) > score(c) { (a, c) } else { (c, a) };
                if score(x) == score(z) {
                    continue;
                }
                for &j in &games {
                    let (d, e) = game(&rows[j]).unwrap();
                    if i == j || score(d) != score(x) || score(e) != score(x) {
                        continue;
                    }
                    for (y, w) in [(d, e), (e, d)] {
                        let mut m = rows.clone();
                        let swap = |p: Id| if p == x { y } else { p };
                        set_game(&mut m[i], swap(a), swap(c));
                        let swap2 = |p: Id| if p == y { x } else { p };
                        let _ = w;
                        set_game(&mut m[j], swap2(d), swap2(e));
                        out.push(with_round(t, r, m));
                        if out.len() >= limit {
                            return out;
                        }
                    }
                }
            }
        }
        Kind::Reorder => {
            for w in games.windows(2) {
                let mut m = rows.clone();
                let (bi, bj) = (m[w[0]].board, m[w[1]].board);
                m[w[0]].board = bj;
                m[w[1]].board = bi;
                out.push(with_round(t, r, m));
            }
        }
    }
    out.truncate(limit);
    out
}

/// The same tournament with every game of round `r` given the colours of 5.2 (as the
/// checker computes them): a mutant that the colour check alone cannot kill.
pub(crate) fn recolour(t: &Tournament, r: u32) -> Tournament {
    let mut rows: Vec<Row> = t.round_rows(r).copied().collect();
    rows.sort_by_key(|row| row.board);
    let (ctx, _) = bsw_checker::dutch::round::context(t, r, &rows);
    for row in &mut rows {
        if let Some((a, b)) = game(row)
            && ctx.rank.contains_key(&a)
            && ctx.rank.contains_key(&b)
        {
            let (w, k, _) = ctx.colours(a, b);
            set_game(row, w, k);
        }
    }
    with_round(t, r, rows)
}

/// A Dutch tournament of players 1..=n (9 rounds, initial colour White) with these rows.
pub(crate) fn dutch_tournament(n: u32, rows: Vec<Row>) -> Tournament {
    Tournament {
        config: Config {
            rounds: Some(9),
            system: System::Dutch(DutchConfig {
                initial_colour: Some(Colour::White),
                pab_points: 2,
            }),
            ..Config::default()
        },
        players: (1..=n)
            .map(|id| Player { id, name: format!("P{id}"), ..Default::default() })
            .collect(),
        rows,
    }
}

//! Test-only helpers of the Dutch path comparisons (`candidates` and `bracket::model`
//! tests): random events, the corpus samples round by round, the rounds played.

use crate::berger_swiss::draw::SplitMix64;
use crate::dutch::candidates::{Path, Stats};
use crate::dutch::pair_next_round_by;
use bsw_model::{Config, Entry, Outcome, Player, Row, Tournament, trf};

/// The engine's SplitMix64, as a small die.
pub(crate) struct Rng(pub(crate) SplitMix64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed))
    }

    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0.next_u64() % n
    }
}

/// `n` players with ids 1..=n and strictly descending ratings, for `rounds` rounds.
pub(crate) fn swiss(n: u32, rounds: u32) -> Tournament {
    let player =
        |id| Player { id, name: format!("P{id}"), rating: 2500 - id * 10, ..Default::default() };
    let config = Config { rounds: Some(rounds), ..Default::default() };
    Tournament { config, players: (1..=n).map(player).collect(), rows: vec![] }
}

/// Appends the paired `rows` to `t`, each game's result from `result(white, black)` (in
/// board order).
pub(crate) fn play(
    t: &mut Tournament,
    rows: Vec<Row>,
    mut result: impl FnMut(u32, u32) -> Outcome,
) {
    for row in rows {
        let entry = match row.entry {
            Entry::Game { white, black, .. } => {
                Entry::Game { white, black, result: Some(result(white, black)) }
            }
            e => e,
        };
        t.rows.push(Row { entry, ..row });
    }
}

/// Every round of the samples of `corpus/dutch/` (events bbpPairings v6.0.0 paired) of at
/// most 64 players (all with `DUTCH_ALL=1`), each as the event before that round: the
/// whole file read, the rows of that round and later left out. (sample name, round,
/// tournament), for the tests that pair a round by two paths and compare.
pub(crate) fn sample_rounds() -> Vec<(String, u32, Tournament)> {
    let all = std::env::var("DUTCH_ALL").is_ok();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/dutch");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("corpus/dutch")
        .map(|e| e.expect("corpus/dutch entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).expect("a sample");
        let whole = trf::import(&text, &name).expect("a sample reads");
        if !all && whole.players.len() > 64 {
            continue;
        }
        for r in 1..=whole.last_round() {
            let mut t = whole.clone();
            t.rows.retain(|row| row.round < r);
            out.push((name.clone(), r, t));
        }
    }
    out
}

/// Every sample round ([`sample_rounds`]) paired by the default path and by `reference`:
/// the rounds where they differ (rows, explain lines or the error), and how the default
/// path paired each round both paired.
pub(crate) fn samples_by_both(reference: Path) -> (Vec<String>, Vec<Stats>) {
    let (mut differ, mut stats) = (Vec::new(), Vec::new());
    for (name, r, t) in sample_rounds() {
        let cfg = t.config.system.dutch().cloned().expect("a Dutch sample");
        let auto = pair_next_round_by(&t, &cfg, Path::Auto);
        let other = pair_next_round_by(&t, &cfg, reference);
        match (auto, other) {
            (Ok((a, s)), Ok((o, _))) => {
                stats.push(s);
                if a.rows != o.rows || a.explain != o.explain {
                    differ.push(format!("{name} {r} {s:?}"));
                }
            }
            (a, o) => {
                if a.as_ref().err() != o.as_ref().err() {
                    differ.push(format!("{name} {r}: {:?} / {:?}", a.err(), o.err()));
                }
            }
        }
    }
    (differ, stats)
}

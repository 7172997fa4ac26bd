//! Mutation tests: conforming tournaments (hand-derived ones, the corpus, and tournaments
//! paired by the engine with random results) are mutated one way at a time; the checker must
//! reject every mutant and name the rule the mutation breaks. The kill rate per mutation kind
//! is printed (run with `--nocapture`).
//!
//! Mutation sites are chosen with the checker's own group bookkeeping (which players are on
//! a Berger schedule in a round); the expected rule comes from the mutation kind alone.
use crate::common;
use crate::corpus as corpus_cases;
use common::Rng;

use bsw_checker::berger_swiss::{groups, tpn, withdrawals};
use bsw_checker::{Profile, check};
use bsw_model::{Config, Entry, Id, Outcome, Player, Row, Tournament};
use std::collections::{BTreeMap, HashSet};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kind {
    SwapColours,
    ExchangeOpponents,
    MoveBye,
    Rematch,
    PairWithdrawn,
    AlterBerger,
    ChangePoints,
    ReorderBoards,
}
pub(crate) const KINDS: [Kind; 8] = [
    Kind::SwapColours,
    Kind::ExchangeOpponents,
    Kind::MoveBye,
    Kind::Rematch,
    Kind::PairWithdrawn,
    Kind::AlterBerger,
    Kind::ChangePoints,
    Kind::ReorderBoards,
];

/// Players on a Berger schedule in round r (per the checker's §2/§6 bookkeeping).
fn berger_players(t: &Tournament, r: u32) -> HashSet<Id> {
    let tp = tpn::assign(&t.players);
    let Ok(g) = groups::build(t, &tp) else {
        return HashSet::new();
    };
    let s = withdrawals::replay(t, &g);
    g.members
        .iter()
        .enumerate()
        .filter(|&(gi, _)| r <= g.phase && s.on_schedule(r, gi))
        .flat_map(|(_, m)| m.iter().copied())
        .collect()
}

fn group_of(t: &Tournament, id: Id) -> Option<usize> {
    let tp = tpn::assign(&t.players);
    groups::build(t, &tp).ok()?.group_of.get(&id).copied().flatten()
}

fn idx(t: &Tournament, r: u32, pred: impl Fn(&Row) -> bool) -> Vec<usize> {
    t.rows
        .iter()
        .enumerate()
        .filter(|(_, row)| row.round == r && pred(row))
        .map(|(i, _)| i)
        .collect()
}

fn game_ids(row: &Row) -> Option<(Id, Id)> {
    match row.entry {
        Entry::Game { white, black, .. } => Some((white, black)),
        _ => None,
    }
}

fn set_game(row: &mut Row, w: Id, b: Id) {
    if let Entry::Game { result, .. } = row.entry {
        row.entry = Entry::Game { white: w, black: b, result };
    }
}

/// Two different entries of `xs` drawn at random; `None` with fewer than two.
fn two_distinct(rng: &mut Rng, xs: &[usize]) -> Option<(usize, usize)> {
    if xs.len() < 2 {
        return None;
    }
    let a = xs[rng.below(xs.len())];
    let mut b = xs[rng.below(xs.len())];
    if a == b {
        b = *xs.iter().find(|&&x| x != a)?;
    }
    Some((a, b))
}

/// Applies one mutation of `kind` to round r; returns the mutant and the rules that name it.
pub(crate) fn mutate(
    t: &Tournament,
    kind: Kind,
    r: u32,
    rng: &mut Rng,
) -> Option<(Tournament, Vec<&'static str>)> {
    let bp = berger_players(t, r);
    let is_berger = |row: &Row| row.entry.players().any(|p| bp.contains(&p));
    let swiss_games = idx(t, r, |row| game_ids(row).is_some() && !is_berger(row));
    let berger_games = idx(t, r, |row| game_ids(row).is_some() && is_berger(row));
    let mut m = t.clone();
    match kind {
        Kind::SwapColours => {
            let all: Vec<usize> = swiss_games.iter().chain(&berger_games).copied().collect();
            let i = *all.get(rng.below(all.len().max(1)))?;
            let (w, b) = game_ids(&m.rows[i])?;
            set_game(&mut m.rows[i], b, w);
            Some((m, vec![if berger_games.contains(&i) { "4" } else { "8.2" }]))
        }
        Kind::ExchangeOpponents => {
            let (a, b) = two_distinct(rng, &swiss_games)?;
            let (w1, b1) = game_ids(&m.rows[a])?;
            let (w2, b2) = game_ids(&m.rows[b])?;
            set_game(&mut m.rows[a], w1, b2);
            set_game(&mut m.rows[b], w2, b1);
            Some((m, vec!["8.2", "8.3", "8.4"]))
        }
        Kind::MoveBye => {
            let byes = idx(t, r, |row| matches!(row.entry, Entry::Bye(_)) && !is_berger(row));
            let &bi = byes.first()?;
            let Entry::Bye(v) = m.rows[bi].entry else {
                return None;
            };
            let gi = *swiss_games.get(rng.below(swiss_games.len().max(1)))?;
            let (w, b) = game_ids(&m.rows[gi])?;
            // x (one side of the game, chosen at random) takes the bye; v takes x's seat.
            let (x, nw, nb) = if rng.chance(50) { (w, v, b) } else { (b, w, v) };
            set_game(&mut m.rows[gi], nw, nb);
            m.rows[bi].entry = Entry::Bye(x);
            Some((m, vec!["8.1", "8.3", "8.4"]))
        }
        Kind::Rematch => {
            let before = bsw_checker::results::state_before(t, r);
            let mut sites = Vec::new();
            for (ai, &a) in swiss_games.iter().enumerate() {
                for &b in &swiss_games[ai + 1..] {
                    let (p, q) = game_ids(&t.rows[a]).unwrap();
                    let (s, u) = game_ids(&t.rows[b]).unwrap();
                    for (x, y, xo, yo) in [(p, s, q, u), (p, u, q, s), (q, s, p, u), (q, u, p, s)] {
                        if before.meetings(x, y) > 0 {
                            sites.push((a, b, x, y, xo, yo));
                        }
                    }
                }
            }
            let &(a, b, x, y, xo, yo) = sites.get(rng.below(sites.len().max(1)))?;
            set_game(&mut m.rows[a], x, y);
            set_game(&mut m.rows[b], xo, yo);
            Some((m, vec!["8.3", "8.4"]))
        }
        Kind::PairWithdrawn => {
            let withdrawn: Vec<Id> =
                t.players.iter().filter(|p| p.withdrawn_by(r)).map(|p| p.id).collect();
            let games: Vec<usize> = swiss_games.iter().chain(&berger_games).copied().collect();
            if !withdrawn.is_empty() && !games.is_empty() {
                let w = withdrawn[rng.below(withdrawn.len())];
                let gi = games[rng.below(games.len())];
                let (a, b) = game_ids(&m.rows[gi])?;
                set_game(&mut m.rows[gi], w, b);
                let _ = a;
            } else {
                let rows = idx(t, r, |_| true);
                let &ri = rows.get(rng.below(rows.len().max(1)))?;
                let x = t.rows[ri].entry.players().next()?;
                let p = m.players.iter_mut().find(|p| p.id == x)?;
                if p.withdrawn_from.is_some() {
                    return None;
                }
                p.withdrawn_from = Some(r);
            }
            Some((m, vec!["6"]))
        }
        Kind::AlterBerger => {
            let &i = berger_games.get(rng.below(berger_games.len().max(1)))?;
            let (w, b) = game_ids(&m.rows[i])?;
            let g = group_of(t, w);
            let same: Vec<usize> = berger_games
                .iter()
                .copied()
                .filter(|&j| j != i && group_of(t, game_ids(&t.rows[j]).unwrap().0) == g)
                .collect();
            if let Some(&j) = same.get(rng.below(same.len().max(1))) {
                let (w2, b2) = game_ids(&m.rows[j])?;
                set_game(&mut m.rows[i], w, b2);
                set_game(&mut m.rows[j], w2, b);
            } else {
                set_game(&mut m.rows[i], b, w);
            }
            Some((m, vec!["4"]))
        }
        Kind::ChangePoints => {
            let rows = idx(t, r, |row| !matches!(row.entry, Entry::Game { .. }));
            let &i = rows.get(rng.below(rows.len().max(1)))?;
            m.rows[i].entry = match m.rows[i].entry {
                Entry::Bye(p) => {
                    if rng.chance(50) {
                        Entry::HalfBye(p)
                    } else {
                        Entry::ZeroBye(p)
                    }
                }
                Entry::HalfBye(p) => Entry::ZeroBye(p),
                Entry::ZeroBye(p) => Entry::HalfBye(p),
                e => e,
            };
            Some((m, vec!["3"]))
        }
        Kind::ReorderBoards => {
            let (a, b) = two_distinct(rng, &idx(t, r, |_| true))?;
            let ba = m.rows[a].board;
            m.rows[a].board = m.rows[b].board;
            m.rows[b].board = ba;
            Some((m, vec!["8.5"]))
        }
    }
}

#[derive(Default)]
struct Tally {
    applied: usize,
    rejected: usize,
    killed: usize,
    misses: Vec<String>,
}

fn run_mutations(
    name: &str,
    t: &Tournament,
    rng: &mut Rng,
    tally: &mut BTreeMap<Kind, Tally>,
    per_kind: usize,
) {
    for kind in KINDS {
        for _ in 0..per_kind {
            let r = 1 + rng.below(t.last_round().max(1) as usize) as u32;
            let Some((m, expected)) = mutate(t, kind, r, rng) else {
                continue;
            };
            if m == *t {
                continue;
            }
            let rep = check(&m, Profile::BergerSwiss);
            let e = tally.entry(kind).or_default();
            e.applied += 1;
            if !rep.is_conforming() {
                e.rejected += 1;
            }
            if rep.violations().any(|(rr, v)| rr == r && expected.contains(&v.rule.as_str())) {
                e.killed += 1;
            } else if e.misses.len() < 3 {
                e.misses.push(format!(
                    "{name} round {r} {kind:?} expected {expected:?}: got {:?}",
                    rep.violations()
                        .map(|(rr, v)| (rr, v.rule, v.message.clone()))
                        .collect::<Vec<_>>()
                ));
            }
        }
    }
}

fn report(title: &str, tally: &BTreeMap<Kind, Tally>) -> bool {
    println!("{title}");
    println!(
        "{:<20} {:>8} {:>9} {:>7} {:>10}",
        "kind", "applied", "rejected", "killed", "kill rate"
    );
    let mut ok = true;
    for (k, t) in tally {
        let rate = if t.applied == 0 { 100.0 } else { 100.0 * t.killed as f64 / t.applied as f64 };
        println!(
            "{:<20} {:>8} {:>9} {:>7} {:>9.1}%",
            format!("{k:?}"),
            t.applied,
            t.rejected,
            t.killed,
            rate
        );
        for m in &t.misses {
            println!("    miss: {m}");
        }
        ok &= t.killed == t.applied;
    }
    ok
}

#[test]
fn hand_made_and_corpus_mutants_are_all_killed() {
    let mut rng = Rng::new(2026);
    let mut tally = BTreeMap::new();
    let mut ts = vec![
        ("worked_example".to_string(), common::worked_example()),
        ("mixed".to_string(), common::mixed()),
        ("kept_schedule".to_string(), common::kept_schedule()),
        ("dissolved".to_string(), common::dissolved()),
    ];
    ts.extend(corpus_cases::cases());
    for (name, t) in &ts {
        run_mutations(name, t, &mut rng, &mut tally, 6);
    }
    let ok = report("hand-made and corpus tournaments", &tally);
    assert!(ok, "some mutants survived or were blamed on another rule (see the table)");
}

// ---------------- engine-paired tournaments ----------------

/// A random tournament configuration (groups, swaps, withdrawals, absences) paired round by
/// round by the engine, results drawn from `rng`. Returns None when the engine refuses.
fn engine_tournament(rng: &mut Rng) -> Result<Tournament, String> {
    const GROUPS: [&[u32]; 10] =
        [&[], &[], &[4], &[3], &[4, 3], &[4, 4], &[5], &[6], &[6, 5], &[3, 3]];
    let groups: Vec<u32> = GROUPS[rng.below(GROUPS.len())].to_vec();
    let in_groups: u32 = groups.iter().sum();
    let n = in_groups + rng.below(14) as u32 + if groups.is_empty() { 3 } else { 0 };
    let players: Vec<Player> = (1..=n)
        .map(|id| Player {
            id,
            name: format!("P{id}"),
            rating: 1500 + 50 * (rng.below(20) as u32),
            ..Default::default()
        })
        .collect();
    let phase = groups.first().map_or(0, |&k| if k % 2 == 0 { k - 1 } else { k });
    let rounds =
        if groups.is_empty() { 3 + rng.below(9) as u32 } else { phase + rng.below(5) as u32 };
    let mut t = Tournament {
        config: Config {
            rounds: Some(rounds),
            seed: rng.next() >> 1,
            groups: groups.clone(),
            ..Default::default()
        },
        players,
        rows: Vec::new(),
    };
    // TPN order computed here (rating desc, entry order) to find the lower Swiss group.
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(t.players[i].rating));
    let lower: Vec<Id> = order[in_groups as usize..].iter().map(|&i| t.players[i].id).collect();
    if !groups.is_empty() && !lower.is_empty() && rng.chance(30) {
        let g = t.players[order[rng.below(in_groups as usize)]].id;
        let l = lower[rng.below(lower.len())];
        t.config.swaps = vec![(g, l)];
    }
    let swapped: HashSet<Id> = t.config.swaps.iter().flat_map(|&(a, b)| [a, b]).collect();
    let all_ids: Vec<Id> = t.players.iter().map(|p| p.id).collect();
    for &id in &all_ids {
        // Lower-group players (not swapped) may be absent in any round; everyone may be
        // absent in the later phase (one Swiss field).
        let first = if lower.contains(&id) && !swapped.contains(&id) { 1 } else { phase + 1 };
        for r in first..=rounds {
            if rng.chance(4) {
                let p = t.players.iter_mut().find(|p| p.id == id).unwrap();
                if rng.chance(50) { p.half_byes.push(r) } else { p.zero_byes.push(r) }
            }
        }
    }
    for r in 1..=rounds {
        if r > 1 && rng.chance(15) {
            let active: Vec<usize> =
                (0..t.players.len()).filter(|&i| t.players[i].withdrawn_from.is_none()).collect();
            if active.len() > 3 {
                t.players[active[rng.below(active.len())]].withdrawn_from = Some(r);
            }
        }
        let pr =
            bsw_engine::berger_swiss::pair_next_round(&t).map_err(|e| format!("round {r}: {e}"))?;
        if let Some(sw) = &pr.swiss {
            let l = sw.level;
            let key = format!(
                "rematches {} L {} balance {} D {:?}{}",
                l.rematches as u8,
                l.streak_limit,
                l.balance as u8,
                l.max_diff,
                if sw.bye.is_some() { " odd" } else { "" }
            );
            LEVELS.with(|m| *m.borrow_mut().entry(key).or_insert(0) += 1);
        }
        t.rows.extend(pr.rows);
        let last = r == rounds;
        for row in t.rows.iter_mut().filter(|row| row.round == r) {
            if let Entry::Game { white, black, result: None } = row.entry {
                if last && rng.chance(50) {
                    continue;
                }
                let o = match rng.below(20) {
                    0..=6 => Outcome::WhiteWin,
                    7..=12 => Outcome::BlackWin,
                    13..=17 => Outcome::Draw,
                    18 => Outcome::WhiteForfeitWin,
                    _ => {
                        if rng.chance(50) {
                            Outcome::BlackForfeitWin
                        } else {
                            Outcome::DoubleForfeit
                        }
                    }
                };
                row.entry = Entry::Game { white, black, result: Some(o) };
            }
        }
    }
    Ok(t)
}

thread_local! {
    static LEVELS: std::cell::RefCell<BTreeMap<String, usize>> = const { std::cell::RefCell::new(BTreeMap::new()) };
}

fn engine_cases(count: u64) -> Vec<(String, Tournament)> {
    (0..count)
        .filter_map(|s| {
            let mut rng = Rng::new(0xC0FFEE ^ s);
            match engine_tournament(&mut rng) {
                Ok(t) => Some((format!("engine seed {s}"), t)),
                Err(e) => {
                    println!("engine seed {s}: refused: {e}");
                    None
                }
            }
        })
        .collect()
}

#[test]
fn engine_paired_tournaments_conform() {
    let cases = engine_cases(300);
    let mut failures = Vec::new();
    for (name, t) in &cases {
        let rep = check(t, Profile::BergerSwiss);
        if !rep.is_conforming() {
            failures.push((
                name.clone(),
                rep.violations()
                    .map(|(r, v)| format!("r{r} {} {}", v.rule, v.message))
                    .collect::<Vec<_>>(),
            ));
        }
    }
    println!("{} engine tournaments checked, {} with violations", cases.len(), failures.len());
    let with_groups = cases.iter().filter(|(_, t)| !t.config.groups.is_empty()).count();
    let with_withdrawals =
        cases.iter().filter(|(_, t)| t.players.iter().any(|p| p.withdrawn_from.is_some())).count();
    let with_absences = cases
        .iter()
        .filter(|(_, t)| {
            t.rows.iter().any(|r| matches!(r.entry, Entry::HalfBye(_) | Entry::ZeroBye(_)))
        })
        .count();
    let with_swaps = cases.iter().filter(|(_, t)| !t.config.swaps.is_empty()).count();
    println!(
        "with groups {with_groups}, withdrawals {with_withdrawals}, absences {with_absences}, swaps {with_swaps}"
    );
    LEVELS.with(|m| {
        for (k, n) in m.borrow().iter() {
            println!("  Swiss rounds at level {k}: {n}");
        }
    });
    for (n, f) in failures.iter().take(10) {
        println!("{n}: {f:#?}");
    }
    assert!(failures.is_empty());
}

#[test]
fn engine_paired_mutants_are_all_killed() {
    let cases = engine_cases(120);
    let mut rng = Rng::new(77);
    let mut tally = BTreeMap::new();
    for (name, t) in &cases {
        if !check(t, Profile::BergerSwiss).is_conforming() {
            continue; // reported by engine_paired_tournaments_conform
        }
        run_mutations(name, t, &mut rng, &mut tally, 3);
    }
    let ok = report("engine-paired tournaments", &tally);
    assert!(ok, "some mutants survived or were blamed on another rule (see the table)");
}

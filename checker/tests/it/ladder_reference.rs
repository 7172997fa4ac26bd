//! The checker's §8.3/§8.4 certification against a brute-force reference on small random
//! fields. The reference walks the ladder literally (every level in the order of the SPEC
//! pseudo-code, every bye receiver) and decides feasibility by enumerating matchings; its
//! greedy follows §8.4 word for word with exhaustive completion tests. Then:
//! - the reference's round must be certified conforming;
//! - every other complete pairing of the field (any bye receiver, §8.2 colours, §8.5 boards)
//!   must be rejected, by 8.1 (ineligible bye), 8.3 or 8.4.
//!
//! Histories are random (random opponents, colours and results), so states are varied.
use crate::common;
use bsw_checker::berger_swiss::field::SwissField;
use common::Rng;

use bsw_checker::berger_swiss::ladder::{DIFFS, allowed};
use bsw_checker::berger_swiss::level::Level;
use bsw_checker::berger_swiss::tpn;
use bsw_checker::{Profile, check_round, results};
use bsw_model::{Config, Entry, Id, Outcome, Player, Row, Tournament};

/// All perfect matchings of `vs` where every pair satisfies `ok`.
fn matchings(
    vs: &[usize],
    ok: &dyn Fn(usize, usize) -> bool,
    acc: &mut Vec<(usize, usize)>,
    out: &mut Vec<Vec<(usize, usize)>>,
) {
    if vs.is_empty() {
        out.push(acc.clone());
        return;
    }
    let a = vs[0];
    for k in 1..vs.len() {
        let b = vs[k];
        if ok(a, b) {
            let rest: Vec<usize> = vs[1..].iter().copied().filter(|&x| x != b).collect();
            acc.push((a, b));
            matchings(&rest, ok, acc, out);
            acc.pop();
        }
    }
}

fn exists(vs: &[usize], ok: &dyn Fn(usize, usize) -> bool) -> bool {
    if vs.is_empty() {
        return true;
    }
    let a = vs[0];
    vs[1..].iter().any(|&b| {
        ok(a, b) && {
            let rest: Vec<usize> = vs[1..].iter().copied().filter(|&x| x != b).collect();
            exists(&rest, ok)
        }
    })
}

/// The reference pairing: (bye, pairs) by the literal ladder and greedy.
fn reference(f: &SwissField) -> (Option<usize>, Vec<(usize, usize)>, Level) {
    let n = f.len();
    let smax = f.colours.iter().map(|c| c.streak).max().unwrap_or(0);
    let fewest = f.byes.iter().copied().min().unwrap_or(0);
    let receivers: Vec<Option<usize>> = if n % 2 == 1 {
        (0..n).rev().filter(|&i| f.byes[i] == fewest).map(Some).collect()
    } else {
        vec![None]
    };
    for rematches in [false, true] {
        for l in 2..=2.max(smax + 1) {
            for &v in &receivers {
                for balance in [true, false] {
                    for d in DIFFS {
                        let level = Level { rematches, streak_limit: l, balance, max_diff: d };
                        let vs: Vec<usize> = (0..n).filter(|&i| Some(i) != v).collect();
                        let ok = |a: usize, b: usize| allowed(f, a, b, &level);
                        if exists(&vs, &ok) {
                            return (v, greedy(f, &vs, &level), level);
                        }
                    }
                }
            }
        }
    }
    panic!("no level works");
}

fn greedy(f: &SwissField, vs: &[usize], level: &Level) -> Vec<(usize, usize)> {
    let ok = |a: usize, b: usize| allowed(f, a, b, level);
    let mut unpaired = vs.to_vec(); // Swiss order = index order
    let mut pairs = Vec::new();
    while !unpaired.is_empty() {
        let p = unpaired[0];
        let g: Vec<usize> =
            unpaired.iter().copied().filter(|&i| f.points[i] == f.points[p]).collect();
        let m = g.len();
        let k = m / 2;
        let mut list: Vec<usize> = Vec::new();
        if m >= 2 {
            list.extend(&g[k..]);
            list.extend(g[1..k].iter().rev());
        }
        list.extend(unpaired.iter().copied().filter(|&i| f.points[i] < f.points[p]));
        if level.rematches {
            list.sort_by_key(|&q| f.meetings(p, q));
        }
        let q = list
            .into_iter()
            .find(|&q| {
                ok(p, q) && {
                    let rest: Vec<usize> =
                        unpaired.iter().copied().filter(|&x| x != p && x != q).collect();
                    exists(&rest, &ok)
                }
            })
            .expect("the level is feasible");
        pairs.push((p, q));
        unpaired.retain(|&x| x != p && x != q);
    }
    pairs
}

/// Rows of round r for a pairing: §8.2 colours, §8.5 board order.
fn rows_for(f: &SwissField, r: u32, bye: Option<usize>, pairs: &[(usize, usize)]) -> Vec<Row> {
    let mut games: Vec<(usize, usize)> = pairs.iter().map(|&(a, b)| f.colours_of(a, b)).collect();
    games.sort_by_key(|&(w, b)| {
        let (pw, pb) = (f.points[w], f.points[b]);
        (-pw.max(pb), -(pw + pb), w.min(b))
    });
    let mut rows: Vec<Row> = games
        .iter()
        .enumerate()
        .map(|(k, &(w, b))| Row {
            round: r,
            board: k as u32 + 1,
            entry: Entry::Game { white: f.ids[w], black: f.ids[b], result: None },
        })
        .collect();
    if let Some(v) = bye {
        rows.push(Row { round: r, board: rows.len() as u32 + 1, entry: Entry::Bye(f.ids[v]) });
    }
    rows
}

fn random_history(rng: &mut Rng, n: u32, rounds: u32) -> Tournament {
    let players: Vec<Player> = (1..=n)
        .map(|id| Player {
            id,
            name: format!("P{id}"),
            rating: 2000 - 10 * (rng.below(6) as u32),
            ..Default::default()
        })
        .collect();
    let mut rows = Vec::new();
    for r in 1..=rounds {
        let mut ids: Vec<Id> = (1..=n).collect();
        for i in (1..ids.len()).rev() {
            let j = rng.below(i + 1);
            ids.swap(i, j);
        }
        for (board, c) in (1..).zip(ids.chunks(2)) {
            let entry = if c.len() == 2 {
                let o = match rng.below(10) {
                    0..=3 => Outcome::WhiteWin,
                    4..=6 => Outcome::BlackWin,
                    7 | 8 => Outcome::Draw,
                    _ => Outcome::WhiteForfeitWin,
                };
                Entry::Game { white: c[0], black: c[1], result: Some(o) }
            } else {
                Entry::Bye(c[0])
            };
            rows.push(Row { round: r, board, entry });
        }
    }
    Tournament { config: Config { rounds: Some(rounds + 1), ..Default::default() }, players, rows }
}

#[test]
fn checker_agrees_with_brute_force_ladder_and_greedy() {
    let mut rng = Rng::new(4242);
    let (mut cases, mut alternatives, mut by_rule) = (0, 0, std::collections::BTreeMap::new());
    let mut levels = std::collections::BTreeMap::new();
    for _ in 0..200 {
        let n = 3 + rng.below(7) as u32; // 3..=9
        let hist = 1 + rng.below(4) as u32;
        let mut t = random_history(&mut rng, n, hist);
        let r = hist + 1;
        let state = results::state_before(&t, r);
        let ids: Vec<Id> = (1..=n).collect();
        let f = SwissField::new(&ids, &state, &tpn::assign(&t.players));
        let (bye, pairs, level) = reference(&f);
        *levels.entry(format!("{level}")).or_insert(0) += 1;
        let base = t.rows.clone();
        t.rows.extend(rows_for(&f, r, bye, &pairs));
        let rep = check_round(&t, r, Profile::BergerSwiss);
        assert!(
            rep.violations.is_empty(),
            "reference pairing rejected: {:#?}\n{t:#?}",
            rep.violations
        );
        cases += 1;
        // Every other complete pairing must be rejected.
        let receivers: Vec<Option<usize>> =
            if n % 2 == 1 { (0..f.len()).map(Some).collect() } else { vec![None] };
        for v in receivers {
            let vs: Vec<usize> = (0..f.len()).filter(|&i| Some(i) != v).collect();
            let mut all = Vec::new();
            matchings(&vs, &|_, _| true, &mut Vec::new(), &mut all);
            for m in all {
                let mut norm: Vec<(usize, usize)> = m.clone();
                norm.sort();
                let mut refn = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect::<Vec<_>>();
                refn.sort();
                if v == bye && norm == refn {
                    continue;
                }
                t.rows = base.clone();
                t.rows.extend(rows_for(&f, r, v, &m));
                let rep = check_round(&t, r, Profile::BergerSwiss);
                let rules: Vec<&str> = rep.violations.iter().map(|x| x.rule.as_str()).collect();
                assert!(
                    !rules.is_empty(),
                    "alternative pairing accepted: bye {v:?} pairs {m:?}; reference bye {bye:?} {pairs:?}\n{t:#?}"
                );
                assert!(rules.iter().all(|r| ["8.1", "8.3", "8.4"].contains(r)), "{rules:?}");
                for x in rules {
                    *by_rule.entry(x.to_string()).or_insert(0) += 1;
                }
                alternatives += 1;
            }
        }
        t.rows = base;
    }
    println!("{cases} fields, {alternatives} alternative pairings rejected: {by_rule:?}");
    for (l, k) in levels {
        println!("  reference level {l}: {k}");
    }
}

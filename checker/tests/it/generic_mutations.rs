//! Mutations of the real Dutch sample (501 players, 9 rounds, bbpPairings) under the generic
//! profile: each mutant breaks one C.04.1 rule and must be reported under it.
use bsw_checker::{Profile, check};
use bsw_model::{Entry, Id, Tournament};
use std::collections::{HashMap, HashSet};

fn games(t: &Tournament, r: u32) -> Vec<usize> {
    (0..t.rows.len())
        .filter(|&i| t.rows[i].round == r && matches!(t.rows[i].entry, Entry::Game { .. }))
        .collect()
}

fn pair(t: &Tournament, i: usize) -> (Id, Id) {
    match t.rows[i].entry {
        Entry::Game { white, black, .. } => (white, black),
        _ => unreachable!(),
    }
}

fn set(t: &mut Tournament, i: usize, w: Id, b: Id) {
    if let Entry::Game { result, .. } = t.rows[i].entry {
        t.rows[i].entry = Entry::Game { white: w, black: b, result };
    }
}

/// Over-the-board meetings, byes/forfeit wins and played colours before round r, computed
/// here from the rows (independently of the checker).
struct Hist {
    met: HashSet<(Id, Id)>,
    unplayed_win: HashSet<Id>,
    colours: HashMap<Id, Vec<char>>,
}

/// Whether the generic profile reports `rule` in round `r` of `m`.
fn flags(m: &Tournament, r: u32, rule: &str) -> bool {
    check(m, Profile::Generic).violations().any(|(rr, v)| rr == r && v.rule == rule)
}

fn hist(t: &Tournament, r: u32) -> Hist {
    let mut h = Hist { met: HashSet::new(), unplayed_win: HashSet::new(), colours: HashMap::new() };
    for row in t.rows.iter().filter(|x| x.round < r) {
        match row.entry {
            Entry::Game { white, black, result: Some(o) } => {
                if o.played() {
                    h.met.insert((white.min(black), white.max(black)));
                    h.colours.entry(white).or_default().push('W');
                    h.colours.entry(black).or_default().push('B');
                } else if o == bsw_model::Outcome::WhiteForfeitWin {
                    h.unplayed_win.insert(white);
                } else if o == bsw_model::Outcome::BlackForfeitWin {
                    h.unplayed_win.insert(black);
                }
            }
            Entry::Bye(p) => {
                h.unplayed_win.insert(p);
            }
            _ => {}
        }
    }
    h
}

#[test]
fn generic_mutants_of_the_dutch_sample_are_killed() {
    let path = &crate::common::dutch_sample();
    let t = bsw_model::io::load(path).unwrap();
    let mut tally: Vec<(&str, usize, usize)> = Vec::new();
    // Rematch: (a,b),(c,d) with a–c met before → (a,c),(b,d).
    let (mut applied, mut killed) = (0, 0);
    for r in 2..=8 {
        let h = hist(&t, r);
        let g = games(&t, r);
        'found: for (x, &i) in g.iter().enumerate() {
            for &j in &g[x + 1..] {
                let (a, b) = pair(&t, i);
                let (c, d) = pair(&t, j);
                if h.met.contains(&(a.min(c), a.max(c))) {
                    let mut m = t.clone();
                    set(&mut m, i, a, c);
                    set(&mut m, j, b, d);
                    applied += 1;
                    killed += flags(&m, r, "C.04.1-2") as usize;
                    break 'found;
                }
            }
        }
    }
    tally.push(("rematch", applied, killed));
    // Bye again: the round's bye goes to a player who already had a bye or a forfeit win.
    let (mut applied, mut killed) = (0, 0);
    for r in 2..=9 {
        let h = hist(&t, r);
        let Some(bi) = t.rows.iter().position(|x| x.round == r && matches!(x.entry, Entry::Bye(_)))
        else {
            continue;
        };
        let Entry::Bye(v) = t.rows[bi].entry else {
            continue;
        };
        for i in games(&t, r) {
            let (w, b) = pair(&t, i);
            if h.unplayed_win.contains(&w) {
                let mut m = t.clone();
                set(&mut m, i, v, b);
                m.rows[bi].entry = Entry::Bye(w);
                applied += 1;
                killed += flags(&m, r, "C.04.1-4") as usize;
                break;
            }
        }
    }
    tally.push(("bye again", applied, killed));
    // Third colour in a row: swap the colours of a game so that a player with two equal
    // last colours gets the same colour again (rounds 3-8: no final-round exception).
    let (mut applied, mut killed) = (0, 0);
    for r in 3..=8 {
        let h = hist(&t, r);
        for i in games(&t, r) {
            let (w, b) = pair(&t, i);
            let last2 = |p: Id| {
                h.colours.get(&p).map(|c| c.iter().rev().take(2).copied().collect::<String>())
            };
            // After the swap b plays White, w plays Black.
            if last2(b).as_deref() == Some("WW") || last2(w).as_deref() == Some("BB") {
                let mut m = t.clone();
                set(&mut m, i, b, w);
                applied += 1;
                killed += flags(&m, r, "C.04.1-7") as usize;
                break;
            }
        }
    }
    tally.push(("third colour", applied, killed));
    for (k, a, n) in &tally {
        println!("generic mutation {k:<14} applied {a:3} killed {n:3}");
    }
    assert!(tally.iter().all(|&(_, a, n)| a > 0 && a == n));
}

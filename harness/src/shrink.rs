//! Shrinking a failing scenario: greedily try simpler scenarios (fewer rounds, no groups,
//! fewer groups or smaller ones, no swaps, no withdrawals or absences, fewer players, no
//! forfeits) and keep any that still fails the same way ([`FailureKind::matches`]), until no
//! simplification works or the budget of replays is spent.
//!
//! Every candidate is strictly simpler in one respect and no more complex in any other, so the
//! loop ends. Candidates are replayed with [`play`]: results are keyed by seed, round and
//! players, so what survives of the original tournament keeps its results.

use crate::generator::{
    FailureKind, PlayOptions, Played, Scenario, config_is_valid, memberships, play, schedule_len,
};
use bsw_model::Id;

/// The outcome of [`shrink`].
pub struct Shrunk {
    pub scenario: Scenario,
    pub played: Played,
    /// Replays tried and accepted.
    pub attempts: usize,
    pub accepted: usize,
}

impl Shrunk {
    /// What a failure's README and its line for people say about this shrunk case, written
    /// into `dir` (the case's `shrunk/`).
    pub fn notes(&self, dir: &std::path::Path) -> (String, String) {
        let size = self.scenario.size();
        (
            format!("\nShrunk case in `shrunk/`: {size}.\n"),
            format!(" (shrunk to {size} in {})", dir.display()),
        )
    }
}

/// Pushes the candidates without the `len` items of one list of `sc` (`list` picks it): none
/// of them, then, when there are several, each one left out in turn.
fn drop_items<T>(
    sc: &Scenario,
    len: usize,
    out: &mut Vec<Scenario>,
    list: impl Fn(&mut Scenario) -> &mut Vec<T>,
) {
    if len == 0 {
        return;
    }
    let mut c = sc.clone();
    list(&mut c).clear();
    out.push(c);
    if len > 1 {
        for i in 0..len {
            let mut c = sc.clone();
            list(&mut c).remove(i);
            out.push(c);
        }
    }
}

fn without_players(sc: &Scenario, gone: &[Id]) -> Scenario {
    let mut c = sc.clone();
    c.base.players.retain(|p| !gone.contains(&p.id));
    c.base.config.swaps.retain(|(a, b)| !gone.contains(a) && !gone.contains(b));
    c.withdrawals.retain(|(p, _)| !gone.contains(p));
    c.absences.retain(|a| !gone.contains(&a.player));
    c
}

/// Candidate simplifications of `sc`, which failed in round `fail_round`; simplest first.
fn candidates(sc: &Scenario, fail_round: u32) -> Vec<Scenario> {
    let mut out: Vec<Scenario> = Vec::new();
    let cfg = &sc.base.config;
    let total = sc.total_rounds();
    let p = cfg.groups.first().map_or(0, |&k| schedule_len(k));

    // Fewer rounds: stop at the failing round.
    // (With groups, not below the schedule length P.)
    let shorter = fail_round.max(p);
    if shorter < total {
        let mut c = sc.clone();
        c.base.config.rounds = Some(shorter);
        c.withdrawals.retain(|&(_, w)| w <= shorter);
        c.absences.retain(|a| a.round <= shorter);
        out.push(c);
    }
    // Plain Swiss.
    if !cfg.groups.is_empty() {
        let mut c = sc.clone();
        c.base.config.groups.clear();
        c.base.config.swaps.clear();
        c.base.config.rounds = Some(fail_round.min(total).max(1));
        out.push(c);
    }
    // Drop each group (later ones first); swaps that no longer make sense go too.
    if cfg.groups.len() > 1 {
        for g in (0..cfg.groups.len()).rev() {
            let mut c = sc.clone();
            c.base.config.groups.remove(g);
            if !config_is_valid(&c.base.players, &c.base.config) {
                c.base.config.swaps.clear();
            }
            out.push(c);
        }
    }
    // A whole group with its members, or the whole lower Swiss group.
    if !cfg.groups.is_empty()
        && let Some(m) = memberships(&sc.base.players, cfg)
    {
        let ids_of = |want: Option<usize>| -> Vec<Id> {
            sc.base.players.iter().zip(&m).filter(|(_, g)| **g == want).map(|(p, _)| p.id).collect()
        };
        let lower = ids_of(None);
        if !lower.is_empty() {
            let mut c = without_players(sc, &lower);
            if !config_is_valid(&c.base.players, &c.base.config) {
                c.base.config.swaps.clear();
            }
            out.push(c);
        }
        if cfg.groups.len() > 1 || !lower.is_empty() {
            for g in (0..cfg.groups.len()).rev() {
                let mut c = without_players(sc, &ids_of(Some(g)));
                c.base.config.groups.remove(g);
                if c.base.config.groups.is_empty() {
                    c.base.config.rounds = Some(fail_round.min(total).max(1));
                }
                if !config_is_valid(&c.base.players, &c.base.config) {
                    c.base.config.swaps.clear();
                }
                out.push(c);
            }
        }
    }
    // Smaller groups: shorter schedule by 2 rounds.
    if p >= 5 {
        let mut c = sc.clone();
        for k in &mut c.base.config.groups {
            *k -= 2;
        }
        let np = p - 2;
        c.base.config.rounds = Some(total.saturating_sub(2).max(np));
        if !config_is_valid(&c.base.players, &c.base.config) {
            c.base.config.swaps.clear();
        }
        out.push(c);
    }
    // Swaps, withdrawals and absences.
    drop_items(sc, cfg.swaps.len(), &mut out, |c| &mut c.base.config.swaps);
    drop_items(sc, sc.withdrawals.len(), &mut out, |c| &mut c.withdrawals);
    drop_items(sc, sc.absences.len(), &mut out, |c| &mut c.absences);
    // Fewer players: chunks of halving size, from the end of the entry list first.
    let n = sc.base.players.len();
    let mut chunk = n / 2;
    while chunk >= 1 {
        let mut start = n;
        while start > 0 {
            let lo = start.saturating_sub(chunk);
            let gone: Vec<Id> = sc.base.players[lo..start].iter().map(|p| p.id).collect();
            out.push(without_players(sc, &gone));
            start = lo;
        }
        chunk /= 2;
    }
    // Simpler results.
    if sc.rates.forfeit > 0.0 || sc.rates.double_loss > 0.0 {
        let mut c = sc.clone();
        c.rates.forfeit = 0.0;
        c.rates.double_loss = 0.0;
        out.push(c);
    }
    if sc.rates.draw > 0.0 {
        let mut c = sc.clone();
        c.rates.draw = 0.0;
        out.push(c);
    }
    out.retain(|c| config_is_valid(&c.base.players, &c.base.config));
    out
}

/// Shrinks `sc`, whose replay fails with `target`, with at most `budget` replays.
pub fn shrink(sc: &Scenario, opts: &PlayOptions, target: &FailureKind, budget: usize) -> Shrunk {
    shrink_with(sc, target, budget, &|c| play(c, opts))
}

/// [`shrink`] with `replay` playing each candidate (the built-in engine, or an external
/// program in [`crate::external`]).
pub fn shrink_with(
    sc: &Scenario,
    target: &FailureKind,
    budget: usize,
    replay: &dyn Fn(&Scenario) -> Played,
) -> Shrunk {
    let play = replay;
    let mut cur = sc.clone();
    let mut cur_played = play(&cur);
    let mut attempts = 1;
    let mut accepted = 0;
    'outer: while let Some(f) = cur_played.failure.as_ref() {
        for cand in candidates(&cur, f.round) {
            if attempts >= budget {
                break 'outer;
            }
            attempts += 1;
            let played = play(&cand);
            if played.failure.as_ref().is_some_and(|g| target.matches(&g.kind)) {
                cur = cand;
                cur_played = played;
                accepted += 1;
                continue 'outer;
            }
        }
        break;
    }
    Shrunk { scenario: cur, played: cur_played, attempts, accepted }
}

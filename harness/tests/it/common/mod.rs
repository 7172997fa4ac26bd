//! A stand-in engine and checker, so that the harness can be tested on its own: the toy engine
//! pairs the available players in TPN order (1-2, 3-4, …, lower TPN number White), gives the
//! bye to the last one, and refuses absences of Berger group members during the initial phase
//! like the real engine does (SPEC §9); the toy checker flags a game whose White has the higher
//! TPN number (reported as rule 8.2).
#![allow(dead_code)]

use bsw_checker::{Evidence, Profile, RoundReport, Rule, Violation};
use bsw_engine::{EngineError, Level, PairError, Round, SearchStats, SwissReport};
use bsw_harness::generator::{
    Backend, Corruption, PlayOptions, memberships, schedule_len, tpn_order,
};
use bsw_model::{Entry, Id, Row, Tournament};

fn tpn_of(t: &Tournament) -> std::collections::HashMap<Id, usize> {
    tpn_order(&t.players).into_iter().enumerate().map(|(r, i)| (t.players[i].id, r + 1)).collect()
}

pub(crate) fn toy_pair(t: &Tournament) -> Result<Round, PairError> {
    let r = t.last_round() + 1;
    let m = memberships(&t.players, &t.config)
        .ok_or_else(|| PairError::BergerSwiss(EngineError::Config("bad".into())))?;
    let p = t.config.groups.first().map_or(0, |&k| schedule_len(k));
    let mut avail = Vec::new();
    let mut absent = Vec::new();
    for i in tpn_order(&t.players) {
        let pl = &t.players[i];
        if pl.withdrawn_by(r) {
            continue;
        }
        let half = pl.half_byes.contains(&r);
        let zero = pl.zero_byes.contains(&r);
        if half || zero {
            if let Some(g) = m[i]
                && r <= p
            {
                return Err(PairError::BergerSwiss(EngineError::AbsenceInBergerGroup {
                    round: r,
                    player: pl.id,
                    group: g + 1,
                }));
            }
            absent.push(if half { Entry::HalfBye(pl.id) } else { Entry::ZeroBye(pl.id) });
            continue;
        }
        avail.push(pl.id);
    }
    if avail.is_empty() && absent.is_empty() {
        return Err(PairError::BergerSwiss(EngineError::NoActivePlayer { round: r }));
    }
    let mut entries: Vec<Entry> = avail
        .chunks(2)
        .filter(|c| c.len() == 2)
        .map(|c| Entry::Game { white: c[0], black: c[1], result: None })
        .collect();
    let bye = if avail.len() % 2 == 1 { avail.last().copied() } else { None };
    if let Some(b) = bye {
        entries.push(Entry::Bye(b));
    }
    entries.extend(absent);
    let rows = Row::on_boards(r, entries).collect();
    let swiss = Some(SwissReport {
        field_size: avail.len(),
        level: Level { rematches: false, streak_limit: 2, balance: true, max_diff: Some(0) },
        bye,
        stats: SearchStats::default(),
        explain: Vec::new(),
    });
    Ok(Round { round: r, rows, swiss, dutch: None, explain: Vec::new() })
}

pub(crate) fn toy_check(t: &Tournament, round: u32, _: Profile) -> RoundReport {
    let tpn = tpn_of(t);
    let mut violations = Vec::new();
    for row in t.round_rows(round) {
        if let Entry::Game { white, black, .. } = row.entry
            && tpn[&white] > tpn[&black]
        {
            violations.push(Violation {
                rule: Rule::Colours,
                players: vec![white, black],
                message: "White has the higher TPN number".into(),
                evidence: Evidence::None,
            });
        }
    }
    RoundReport { round, violations, ..RoundReport::default() }
}

pub(crate) const TOY: Backend = Backend { pair: toy_pair, check: toy_check, ..Backend::REAL };

/// Play with the toy engine and checker, the engine's output corrupted as `corrupt` says.
pub(crate) fn toy_opts(corrupt: Option<Corruption>) -> PlayOptions {
    PlayOptions { backend: TOY, corrupt }
}

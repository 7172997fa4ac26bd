//! Playing a scenario round by round ([`play`]): the engine pairs, the checker certifies,
//! results are filled in; what each round looked like is recorded.

use super::results::draw_result;
use super::scenario::Scenario;
use super::stopwatch::Stopwatch;
use bsw_checker::dutch::feasible::LegalPairing;
use bsw_checker::{Profile, RoundReport, SwissRound};
use bsw_engine::{Level, PairError, Round};
use bsw_model::{Entry, Id, Row, Tournament};
use serde::{Deserialize, Serialize};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// The pairing engine and the checker that [`play`] uses. Production code uses
/// [`Backend::REAL`]; tests may plug in stand-ins.
#[derive(Clone, Copy)]
pub struct Backend {
    /// The engine: pairs the next round by the system the tournament declares.
    pub pair: fn(&Tournament) -> Result<Round, PairError>,
    /// Certifies round r by one profile.
    pub check: fn(&Tournament, u32, Profile) -> RoundReport,
    /// The checker's view of an unpaired round r of a Dutch event: a pairing that C1-C3
    /// allow (pairs and the PAB), or `None` when there is none.
    pub legal_pairing: fn(&Tournament, u32) -> Option<LegalPairing>,
}

impl Backend {
    /// `bsw_engine::pair`, `bsw_checker::check_round` and
    /// `bsw_checker::dutch::feasible::legal_pairing`.
    pub const REAL: Backend = Backend {
        pair: bsw_engine::pair,
        check: bsw_checker::check_round,
        legal_pairing: bsw_checker::dutch::feasible::legal_pairing,
    };
}

/// The checker profiles that certify every round of a Dutch tournament, in order: FIDE
/// C.04.1 basic rules, then C.04.3.
pub const DUTCH_PROFILES: [(Profile, &str); 2] =
    [(Profile::Generic, "generic"), (Profile::Dutch, "dutch")];

/// The profiles that certify a Berger-Swiss round.
const BERGER_PROFILES: [(Profile, &str); 1] = [(Profile::BergerSwiss, "berger-swiss")];
/// The names of [`BERGER_PROFILES`] and [`DUTCH_PROFILES`].
const BERGER_PROFILE_NAMES: &[&str] = &["berger-swiss"];
const DUTCH_PROFILE_NAMES: &[&str] = &["generic", "dutch"];

/// A deliberately broken rule, for testing that the checker and the shrinker catch bugs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Corruption {
    /// Swap the colours of the first game of every round in which at least `min_players`
    /// players are paired (rows of the round, byes and absences included).
    SwapBoardOneColours { min_players: usize },
}

impl Corruption {
    fn apply(&self, rows: &mut [Row]) {
        match *self {
            Corruption::SwapBoardOneColours { min_players } => {
                let paired: usize = rows.iter().map(|r| r.entry.players().count()).sum();
                if paired < min_players {
                    return;
                }
                if let Some(row) = rows.iter_mut().find(|r| matches!(r.entry, Entry::Game { .. }))
                    && let Entry::Game { white, black, result } = row.entry
                {
                    row.entry = Entry::Game { white: black, black: white, result };
                }
            }
        }
    }
}

/// Options of [`play`].
#[derive(Clone, Copy)]
pub struct PlayOptions {
    pub backend: Backend,
    pub corrupt: Option<Corruption>,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions { backend: Backend::REAL, corrupt: None }
    }
}

/// How a round's Swiss field was paired, as far as the harness can tell.
#[derive(Clone, Debug, PartialEq)]
pub struct SwissRecord {
    pub field_size: usize,
    pub level: Level,
    pub bye: Option<ByeRecord>,
}

/// Where the Swiss bye went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByeRecord {
    pub player: Id,
    /// The receiver is the bottom of the field (SPEC §5 Swiss order), as the checker's
    /// report of the round says. `None` when the checker gave no view of the field (it
    /// panicked, or saw another bye than the engine's: the round then fails anyway).
    pub bottom: Option<bool>,
    /// The receiver is the lowest of the players with the fewest byes received (SPEC §8.1),
    /// as the checker's report says.
    pub eligible_bottom: Option<bool>,
}

/// One round as played.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundRecord {
    pub round: u32,
    pub engine_ns: u64,
    pub checker_ns: u64,
    /// Game rows (boards with two players).
    pub games: u32,
    pub swiss: Option<SwissRecord>,
    /// The checker profiles that certified the round conforming (none when it failed).
    pub certified: &'static [&'static str],
}

/// Why a tournament failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FailureKind {
    /// The checker found violations; the rules broken (SPEC sections), sorted, deduplicated.
    Violation(Vec<String>),
    /// The engine refused to pair; the error's variant name.
    EngineError(String),
    EnginePanic,
    CheckerPanic,
}

impl FailureKind {
    /// Whether `other` is "the same failure" for the shrinker: same kind, and for violations
    /// at least one rule in common.
    pub fn matches(&self, other: &FailureKind) -> bool {
        match (self, other) {
            (FailureKind::Violation(a), FailureKind::Violation(b)) => {
                a.iter().any(|r| b.contains(r))
            }
            (a, b) => a == b,
        }
    }

    pub fn label(&self) -> String {
        match self {
            FailureKind::Violation(rules) => format!("violation of rule {}", rules.join(", ")),
            FailureKind::EngineError(v) => format!("engine error {v}"),
            FailureKind::EnginePanic => "engine panic".into(),
            FailureKind::CheckerPanic => "checker panic".into(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Failure {
    pub round: u32,
    pub kind: FailureKind,
    /// The error, panic message or violations, for people.
    pub details: Vec<String>,
}

impl Failure {
    /// The failure of `round` where the engine or the checker (`kind`) panicked with `payload`.
    pub fn panicked(
        round: u32,
        kind: FailureKind,
        payload: &(dyn std::any::Any + Send),
    ) -> Failure {
        Failure { round, kind, details: vec![panic_message(payload)] }
    }
}

/// A tournament as played by [`play`].
#[derive(Clone, Debug, Default)]
pub struct Played {
    /// Everything recorded: players (with withdrawals and the absences kept), configuration,
    /// rows up to the last round paired. On a violation the failing round is included (results
    /// empty); on an engine failure it is not.
    pub tournament: Tournament,
    pub rounds: Vec<RoundRecord>,
    pub failure: Option<Failure>,
    /// Violations found (0 unless failure is a violation).
    pub violations: usize,
    /// Absences the engine refused (player on a Berger schedule) and that were dropped.
    pub dropped_absences: usize,
    /// Dutch: the round in which the engine found no pairing that satisfies C1-C3 and the
    /// checker confirmed that none exists. The tournament ends there (the arbiter would have
    /// to decide); this is no failure. A "no valid pairing" the checker does not confirm is a
    /// failure.
    pub no_pairing: Option<u32>,
}

impl Played {
    /// The failure for people: its round and kind, then up to 20 lines of details; `None`
    /// when the tournament did not fail.
    pub fn failure_text(&self) -> Option<String> {
        self.failure.as_ref().map(|f| {
            let mut s = format!("round {}: {}\n", f.round, f.kind.label());
            for d in f.details.iter().take(20) {
                s.push_str(&format!("    {d}\n"));
            }
            s
        })
    }
}

pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic with a non-string payload".into()
    }
}

/// Records the withdrawals and requested absences of round `r` of `sc` in `t`, just before
/// the round is paired. Withdrawals take effect from this round; at least 2 active players are
/// kept so that the event never runs out of players (which an engine would rightly refuse).
pub fn record_events(sc: &Scenario, t: &mut Tournament, r: u32) {
    for &(id, w) in &sc.withdrawals {
        if w != r {
            continue;
        }
        let active = t.players.iter().filter(|p| !p.withdrawn_by(r)).count();
        if let Some(p) = t.players.iter_mut().find(|p| p.id == id)
            && p.withdrawn_from.is_none()
            && active > 2
        {
            p.withdrawn_from = Some(r);
        }
    }
    for a in &sc.absences {
        if a.round != r {
            continue;
        }
        if a.full {
            enter_full_bye(t, r, a.player);
            continue;
        }
        if let Some(p) = t.players.iter_mut().find(|p| p.id == a.player) {
            if p.withdrawn_by(r) || p.absent(r) {
                continue;
            }
            if a.half { p.half_byes.push(r) } else { p.zero_byes.push(r) }
        }
    }
}

/// Enters the arbiter's full-point bye of `player` in round `r` ahead of its pairing (a
/// `full-bye` row of round `r`), unless the player is withdrawn, absent or has a row there
/// already, or fewer than two other players would be left to pair (the round must stay one
/// entered ahead: `Tournament::pre_entered_round`).
fn enter_full_bye(t: &mut Tournament, r: u32, player: Id) {
    let named: Vec<Id> = t.round_rows(r).flat_map(|row| row.entry.players()).collect();
    let Some(p) = t.player(player) else { return };
    if p.withdrawn_by(r) || p.absent(r) || named.contains(&player) {
        return;
    }
    let left = t
        .players
        .iter()
        .filter(|q| !q.withdrawn_by(r) && !q.absent(r) && !named.contains(&q.id))
        .count();
    if left < 3 {
        return;
    }
    let board = named.len() as u32 + 1;
    t.rows.push(Row { round: r, board, entry: Entry::FullBye(player) });
}

/// The failure of round `r` whose report has violations: the rules broken (sorted, once
/// each) and one line per violation.
pub fn violation_failure(r: u32, rep: &RoundReport) -> Failure {
    let mut rules: Vec<String> = rep.violations.iter().map(|v| v.rule.to_string()).collect();
    rules.sort();
    rules.dedup();
    Failure {
        round: r,
        kind: FailureKind::Violation(rules),
        details: rep
            .violations
            .iter()
            .map(|v| format!("rule {}: players {:?}: {}", v.rule, v.players, v.message))
            .collect(),
    }
}

/// Fills in the results of the games of round `r` (rows `first..` of `t`): a pure function of
/// the scenario seed, the round and the two players ([`draw_result`]).
pub fn fill_results(sc: &Scenario, t: &mut Tournament, first: usize, r: u32) {
    for i in first..t.rows.len() {
        if let Entry::Game { white, black, result: None } = t.rows[i].entry {
            let (Some(w), Some(b)) = (t.player(white), t.player(black)) else {
                continue;
            };
            let o = draw_result(sc.seed, r, w, b, &sc.rates);
            t.rows[i].entry = Entry::Game { white, black, result: Some(o) };
        }
    }
}

/// Plays `sc` round by round: withdrawals and absences of round r are recorded, round r is
/// paired by the engine, certified by the checker, and its results are filled in. Stops at the
/// first failure (engine error or panic, checker panic, violation).
///
/// A Berger-Swiss round is certified by the berger-swiss profile; a requested absence that
/// the engine refuses (SPEC §9, the player's group is on its schedule) is dropped and the
/// round paired again. A FIDE (Dutch) round is certified by every profile of
/// [`DUTCH_PROFILES`] (all run; their violations are reported together); when the engine
/// finds no valid pairing, the checker's view decides: confirmed, the tournament ends there
/// ([`Played::no_pairing`]); contradicted (the checker has a legal pairing), it is a failure
/// with the checker's pairing as evidence.
pub fn play(sc: &Scenario, opts: &PlayOptions) -> Played {
    let backend = &opts.backend;
    let (profiles, certified_by): (&[(Profile, &str)], &'static [&'static str]) =
        if sc.base.config.system.dutch().is_some() {
            (&DUTCH_PROFILES, DUTCH_PROFILE_NAMES)
        } else {
            (&BERGER_PROFILES, BERGER_PROFILE_NAMES)
        };
    let mut t = sc.base.clone();
    let total = sc.total_rounds();
    let mut out = Played::default();
    for r in 1..=total {
        record_events(sc, &mut t, r);

        // Pair; drop absences that the engine refuses.
        let mut engine_ns = 0u64;
        let paired = loop {
            let watch = Stopwatch::start();
            let res = catch_unwind(AssertUnwindSafe(|| (backend.pair)(&t)));
            engine_ns += watch.ns();
            match res {
                Ok(Ok(p)) => break Ok(p),
                Ok(Err(e)) => match e.refused_absence() {
                    Some((round, player)) if round == r => {
                        if let Err(f) = drop_absence(&mut t, r, player) {
                            break Err(f);
                        }
                        out.dropped_absences += 1;
                    }
                    _ if e.no_valid_pairing() == Some(r) => {
                        break Err(no_pairing(backend, &t, r, &mut out));
                    }
                    _ => {
                        break Err(Some(Failure {
                            round: r,
                            kind: FailureKind::EngineError(e.kind()),
                            details: vec![e.to_string()],
                        }));
                    }
                },
                Err(payload) => {
                    break Err(Some(Failure::panicked(r, FailureKind::EnginePanic, &*payload)));
                }
            }
        };
        let mut paired = match paired {
            Ok(p) => p,
            Err(f) => {
                out.failure = f;
                break;
            }
        };
        if let Some(c) = opts.corrupt {
            c.apply(&mut paired.rows);
        }
        let games =
            paired.rows.iter().filter(|row| matches!(row.entry, Entry::Game { .. })).count() as u32;
        // Entries made ahead of round r (full-point byes) are in the paired round.
        t.rows.retain(|row| row.round != r);
        let first = t.rows.len();
        t.rows.extend(paired.rows.iter().copied());

        // Certify by every profile.
        let watch = Stopwatch::start();
        let report = catch_unwind(AssertUnwindSafe(|| {
            let mut reports = profiles.iter().map(|&(profile, _)| (backend.check)(&t, r, profile));
            let mut merged = reports.next().unwrap_or_default();
            for rep in reports {
                merged.violations.extend(rep.violations);
            }
            merged
        }));
        let checker_ns = watch.ns();
        // Where the bye went, as the checker established it (any engine).
        let checked = report.as_ref().ok().and_then(|rep| rep.swiss.as_ref());
        let swiss = paired.swiss.as_ref().map(|s| SwissRecord {
            field_size: s.field_size,
            level: s.level,
            bye: s.bye.map(|b| bye_record(b, checked)),
        });
        let certified = match &report {
            Ok(rep) if rep.violations.is_empty() => certified_by,
            _ => &[],
        };
        out.rounds.push(RoundRecord { round: r, engine_ns, checker_ns, games, swiss, certified });
        if record_verdict(r, report, &mut out) {
            break;
        }
        fill_results(sc, &mut t, first, r);
    }
    finish(t, out)
}

/// Takes back the requested absence of `player` in round `r` that the engine refused (SPEC
/// §9); a failure when there was none to take back.
pub(crate) fn drop_absence(t: &mut Tournament, r: u32, player: Id) -> Result<(), Option<Failure>> {
    let refused = |why: String| {
        Some(Failure {
            round: r,
            kind: FailureKind::EngineError("AbsenceInBergerGroup".into()),
            details: vec![why],
        })
    };
    let Some(p) = t.players.iter_mut().find(|p| p.id == player) else {
        return Err(refused(format!("engine refused an absence of unknown player {player}")));
    };
    let before = p.half_byes.len() + p.zero_byes.len();
    p.half_byes.retain(|&x| x != r);
    p.zero_byes.retain(|&x| x != r);
    if p.half_byes.len() + p.zero_byes.len() == before {
        return Err(refused(format!(
            "engine refused an absence of player {player} in round {r} that was not requested"
        )));
    }
    Ok(())
}

/// The engine found no valid pairing for round `r`: the checker's own search confirms it
/// (the tournament ends there, no failure: `None`) or refutes it (a failure with the
/// checker's pairing).
fn no_pairing(backend: &Backend, t: &Tournament, r: u32, out: &mut Played) -> Option<Failure> {
    match catch_unwind(AssertUnwindSafe(|| (backend.legal_pairing)(t, r))) {
        Ok(None) => {
            out.no_pairing = Some(r);
            None
        }
        Ok(Some((pairs, pab))) => {
            let shown: Vec<String> = pairs.iter().map(|[a, b]| format!("{a}-{b}")).collect();
            Some(Failure {
                round: r,
                kind: FailureKind::EngineError("NoValidPairing".into()),
                details: vec![
                    format!(
                        "the engine found no pairing satisfying C1-C3 in round {r}, but the checker has one"
                    ),
                    format!(
                        "checker's pairing: {}{}",
                        shown.join(" "),
                        pab.map(|p| format!(", PAB {p}")).unwrap_or_default()
                    ),
                ],
            })
        }
        Err(payload) => Some(Failure::panicked(r, FailureKind::CheckerPanic, &*payload)),
    }
}

/// The failure that the checker's verdict on round `r` shows: a panic, or violations (with
/// their number); `None` when the round is certified.
pub(crate) fn verdict_failure(
    r: u32,
    report: std::thread::Result<RoundReport>,
) -> Option<(Failure, Option<usize>)> {
    match report {
        Err(payload) => Some((Failure::panicked(r, FailureKind::CheckerPanic, &*payload), None)),
        Ok(rep) if !rep.violations.is_empty() => {
            Some((violation_failure(r, &rep), Some(rep.violations.len())))
        }
        Ok(_) => None,
    }
}

/// Records in `out` the failure that the checker's verdict on round `r` shows
/// ([`verdict_failure`]); true when the round failed.
fn record_verdict(r: u32, report: std::thread::Result<RoundReport>, out: &mut Played) -> bool {
    let Some((failure, violations)) = verdict_failure(r, report) else {
        return false;
    };
    if let Some(n) = violations {
        out.violations = n;
    }
    out.failure = Some(failure);
    true
}

/// The played tournament `t` (absences sorted) in `out`.
fn finish(mut t: Tournament, mut out: Played) -> Played {
    for p in &mut t.players {
        p.half_byes.sort_unstable();
        p.zero_byes.sort_unstable();
    }
    out.tournament = t;
    out
}

/// Where the engine's Swiss bye `bye` went, from the checker's view of the round's Swiss
/// field (`None` when the checker panicked or saw another bye: the round then fails anyway).
fn bye_record(bye: Id, checked: Option<&SwissRound>) -> ByeRecord {
    let checked = checked.filter(|c| c.bye == Some(bye));
    ByeRecord {
        player: bye,
        bottom: checked.and_then(SwissRound::bye_to_bottom),
        eligible_bottom: checked.and_then(SwissRound::bye_to_lowest_eligible),
    }
}

//! External pairing engines in campaigns: `bsw simulate --engine 'CMD … {trf} … {out}'`.
//!
//! For every random tournament and every round, the tournament so far is written as a TRF
//! file ([`protocol::engine_input`]), the command is run on it ([`runner`]: time limit,
//! process-group kill), its output is read ([`protocol::read_output`]), results are filled in
//! as for the built-in engine ([`crate::generator::draw_result`]) and every round is certified
//! by the independent checker under the chosen [`ExtProfile`]. What the summary says about
//! each round's Swiss field (level used, where the bye went) comes from the checker's report
//! of the round under the berger-swiss profile, so it exists for any engine.
//!
//! Failure kinds (the label of [`FailureKind::EngineError`], counted in the summary by kind):
//! `time-out`, `crash (signal N)`, `exit code N`, `no pairing (exit 1)` (under the Dutch and
//! generic profiles only when the checker's own search finds a pairing: a confirmed one ends
//! the tournament early, counted in the summary, no failure), `bad output`,
//! `nondeterministic output`, `cannot run`; rule violations are [`FailureKind::Violation`] as
//! for the built-in engine. [`failures`] writes each failing tournament with the exact input,
//! command line, output and standard error of the failing call, and shrinks it.
//!
//! Unlike the rest of the harness this module does file and process I/O: driving a program is
//! what it is for. It holds no rule logic: the checker certifies, and in the berger-swiss
//! profile the built-in engine tells which requested absences SPEC §9 refuses (they are
//! dropped before the engine sees the round, exactly as the built-in campaign drops them).

pub mod failures;
pub(crate) mod profile;
pub mod protocol;
pub mod runner;

pub use profile::{EngineInfo, ExtProfile};

use crate::generator::play::{drop_absence, fill_results, record_events, verdict_failure};
use crate::generator::{
    ByeRecord, Failure, FailureKind, Played, RoundRecord, Scenario, Stopwatch, SwissRecord,
};
use crate::simulate::{CampaignSpec, simulate_with};
use crate::summary::Summary;
use bsw_model::{Entry, Tournament};
use runner::{Call, Status, Template, Workdir};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

/// An external engine as a campaign runs it.
#[derive(Clone, Debug)]
pub struct Engine {
    pub template: Template,
    /// Time limit of one call.
    pub timeout: Duration,
    pub profile: ExtProfile,
    /// Every this many tournaments (by index, 0 = never), each round is paired twice and the
    /// two pairings compared (as read, so white space does not count): a difference is the
    /// `nondeterministic output` failure.
    pub recheck_every: u64,
}

impl Engine {
    pub fn info(&self) -> EngineInfo {
        EngineInfo {
            command: self.template.text.clone(),
            profile: self.profile,
            timeout_ms: self.timeout.as_millis() as u64,
        }
    }
}

/// The engine call of the failing round, kept for the failures directory.
#[derive(Clone, Debug)]
pub struct CallRecord {
    pub round: u32,
    /// The TRF handed to the engine.
    pub input: String,
    pub call: Call,
    /// The second call on the same input, when the outputs were compared and differ.
    pub second: Option<Call>,
    /// Why the output was refused (bad output), for people.
    pub problem: Option<String>,
}

/// A tournament played by an external engine.
pub struct ExternalPlayed {
    pub played: Played,
    /// The last engine call when the tournament failed (`None` for a pass, or a failure
    /// before any call).
    pub call: Option<CallRecord>,
}

fn engine_failure(round: u32, kind: &str, details: Vec<String>) -> Failure {
    Failure { round, kind: FailureKind::EngineError(kind.to_string()), details }
}

/// The failure kind of a call that did not exit 0.
fn status_kind(s: Status) -> Option<String> {
    match s {
        Status::Exited(0) => None,
        Status::Exited(1) => Some("no pairing (exit 1)".into()),
        Status::Exited(c) => Some(format!("exit code {c}")),
        Status::Signalled(sig) => Some(format!("crash (signal {sig})")),
        Status::TimedOut => Some("time-out".into()),
    }
}

fn first_lines(label: &str, text: &str, n: usize) -> Vec<String> {
    text.lines().filter(|l| !l.trim().is_empty()).take(n).map(|l| format!("{label}: {l}")).collect()
}

/// Berger-swiss profile: drops the absences of round `r` that SPEC §9 refuses (player on a
/// Berger schedule), as the built-in engine reports them. Returns how many were dropped.
fn drop_refused_absences(t: &mut Tournament, r: u32) -> usize {
    let mut dropped = 0;
    if t.config.groups.is_empty() || !t.players.iter().any(|p| p.absent(r)) {
        return 0;
    }
    loop {
        let res = catch_unwind(AssertUnwindSafe(|| bsw_engine::pair(t)));
        let Some((round, player)) = res.ok().and_then(|p| p.err()?.refused_absence()) else {
            return dropped;
        };
        if drop_absence(t, round, player).is_err() {
            return dropped;
        }
        dropped += 1;
    }
}

/// Where the round's Swiss field went, as the checker established it (the built-in engine
/// reports its own level; for an external engine the checker's reading of the published
/// pairs is all there is). `None` without a well-formed Swiss part.
fn swiss_record(sw: &bsw_checker::SwissRound) -> Option<SwissRecord> {
    let l = sw.level?;
    Some(SwissRecord {
        field_size: sw.field.len(),
        level: bsw_engine::Level {
            rematches: l.rematches,
            streak_limit: l.streak_limit,
            balance: l.balance,
            max_diff: l.max_diff,
        },
        bye: sw.bye.map(|player| ByeRecord {
            player,
            bottom: sw.bye_to_bottom(),
            eligible_bottom: sw.bye_to_lowest_eligible(),
        }),
    })
}

/// The TRF handed to the engine for round `r` ([`protocol::engine_input`]). A Dutch event
/// whose configuration leaves the initial colour to the seed gets it written (`XXC`), as
/// the built-in engine draws it (`bsw_model::system::drawn_initial_colour`): engines of the
/// convention need it for round 1.
fn engine_input(t: &Tournament, r: u32, profile: ExtProfile) -> Result<String, String> {
    if profile == ExtProfile::Dutch
        && let Some(d) = t.config.system.dutch()
        && d.initial_colour.is_none()
    {
        let mut shown = t.clone();
        let mut d = d.clone();
        d.initial_colour = Some(bsw_model::system::drawn_initial_colour(t.config.seed));
        shown.config.system = bsw_model::System::Dutch(d);
        return protocol::engine_input(&shown, r, false);
    }
    let text = protocol::engine_input(t, r, profile == ExtProfile::Generic)?;
    if profile == ExtProfile::Generic && t.config.groups.is_empty() {
        return Ok(without_our_records(&text));
    }
    Ok(text)
}

/// A plain Swiss event's TRF without our `BS?` extension records: under the generic profile
/// the engine must see a file like any other program's, not one that `bsw FILE.trf -p`
/// (reading `BSV`) would pair by the Berger-Swiss rules.
fn without_our_records(text: &str) -> String {
    let ours = |l: &str| {
        let b = l.as_bytes();
        b.len() >= 3 && &b[..2] == b"BS" && b[2].is_ascii_uppercase()
    };
    text.lines().filter(|l| !ours(l)).flat_map(|l| [l, "\n"]).collect()
}

/// The engine answered "no valid pairing" (exit 1) for round `r` under the Dutch or the
/// generic profile: the checker's own matching decides (Dutch: C1-C3; generic: C.04.1 b, d,
/// f, g with no final-round exception), as for the built-in Dutch engine. Confirmed, the
/// tournament ends there ([`Played::no_pairing`], not a failure; returns true);
/// contradicted, the failure `no pairing (exit 1)` with the checker's pairing.
fn confirm_no_pairing(
    t: &Tournament,
    r: u32,
    profile: ExtProfile,
    record: &CallRecord,
    cmd: String,
    out: &mut Played,
) -> bool {
    let (search, rules): (fn(&Tournament, u32) -> Option<_>, &str) = match profile {
        ExtProfile::Generic => (bsw_checker::generic::legal_pairing, "the basic rules C.04.1"),
        _ => (bsw_checker::dutch::feasible::legal_pairing, "C1-C3"),
    };
    match catch_unwind(AssertUnwindSafe(|| search(t, r))) {
        Ok(None) => {
            out.no_pairing = Some(r);
            return true;
        }
        Ok(Some((pairs, pab))) => {
            let shown: Vec<String> = pairs.iter().map(|[a, b]| format!("{a}-{b}")).collect();
            let mut details = vec![
                format!(
                    "the engine said no pairing satisfies {rules} in round {r} (exit 1), but the checker has one"
                ),
                format!(
                    "checker's pairing (directory ids): {}{}",
                    shown.join(" "),
                    pab.map(|p| format!(", PAB {p}")).unwrap_or_default()
                ),
                cmd,
            ];
            details.extend(first_lines("stderr", &record.call.stderr, 3));
            out.failure = Some(engine_failure(r, "no pairing (exit 1)", details));
        }
        Err(payload) => {
            out.failure = Some(Failure::panicked(r, FailureKind::CheckerPanic, &*payload));
        }
    }
    false
}

/// Plays `sc` with the external engine; `recheck` pairs every round twice and compares.
pub fn play_external(sc: &Scenario, engine: &Engine, recheck: bool) -> ExternalPlayed {
    let mut t = sc.base.clone();
    let mut out = Played::default();
    let mut kept: Option<CallRecord> = None;
    let work = match Workdir::new() {
        Ok(w) => Some(w),
        Err(e) => {
            out.failure = Some(engine_failure(
                1,
                "cannot run",
                vec![format!("cannot create a temporary directory: {e}")],
            ));
            None
        }
    };
    let total = sc.total_rounds();
    for r in 1..=total {
        let Some(work) = &work else { break };
        record_events(sc, &mut t, r);
        if engine.profile == ExtProfile::BergerSwiss {
            out.dropped_absences += drop_refused_absences(&mut t, r);
        }
        // A round in which nobody is to be paired (everyone absent or withdrawn) cannot be
        // asked of an engine of the convention (a TRF whose round has a cell for every player
        // asks for the next round): its rows are the absences, written without a call.
        let (rows, record, cmd, engine_ns) = if protocol::nobody_to_pair(&t, r) {
            (protocol::read_output("0\n", &t, r).unwrap_or_default(), None, None, 0)
        } else {
            match ask_engine(&t, r, engine, work, recheck, &mut out) {
                Ok(a) => (a.rows, Some(a.record), Some(a.cmd), a.engine_ns),
                Err(call) => {
                    kept = call.map(|c| *c);
                    break;
                }
            }
        };
        let games =
            rows.iter().filter(|row| matches!(row.entry, Entry::Game { .. })).count() as u32;
        let first = t.rows.len();
        t.rows.extend(rows);
        if !certify_round(&t, r, engine, games, engine_ns, cmd, &mut out) {
            kept = record;
            break;
        }
        fill_results(sc, &mut t, first, r);
    }
    for p in &mut t.players {
        p.half_byes.sort_unstable();
        p.zero_byes.sort_unstable();
    }
    out.tournament = t;
    ExternalPlayed { played: out, call: kept }
}

/// An engine's answer for one round, read back: its rows, the call, the command line shown in
/// failure details and the engine's time (the whole protocol, in nanoseconds).
struct Answer {
    rows: Vec<bsw_model::Row>,
    record: CallRecord,
    cmd: String,
    engine_ns: u64,
}

/// One round asked of the engine through the protocol: its rows, the call, the command line
/// and the engine's time; or `Err(kept)` when the event stops here (`out.failure` set, or a
/// confirmed "no valid pairing"), `kept` the call a failure directory keeps.
fn ask_engine(
    t: &Tournament,
    r: u32,
    engine: &Engine,
    work: &Workdir,
    recheck: bool,
    out: &mut Played,
) -> Result<Answer, Option<Box<CallRecord>>> {
    // Per-round engine time: the whole protocol (TRF written, engine run, output read).
    let started = std::time::Instant::now();
    // A Dutch event is written with start numbers = pairing numbers; the output is read
    // back through them.
    let numbers =
        if engine.profile == ExtProfile::Dutch { bsw_model::trf::start_numbers(t) } else { None };
    let input = match engine_input(t, r, engine.profile) {
        Ok(s) => s,
        Err(e) => {
            out.failure = Some(engine_failure(r, "cannot run", vec![e]));
            return Err(None);
        }
    };
    let call = match work.run(&engine.template, &input, engine.timeout) {
        Ok(c) => c,
        Err(e) => {
            out.failure = Some(engine_failure(
                r,
                "cannot run",
                vec![format!("{}: {e}", engine.template.args[0])],
            ));
            return Err(None);
        }
    };
    let mut record = CallRecord { round: r, input, call, second: None, problem: None };
    let cmd = format!("command: {}", runner::shell_line(&record.call.argv));
    let confirmable = matches!(engine.profile, ExtProfile::Dutch | ExtProfile::Generic);
    if confirmable && record.call.status == Status::Exited(1) {
        let confirmed = confirm_no_pairing(t, r, engine.profile, &record, cmd, out);
        return Err(if confirmed { None } else { Some(Box::new(record)) });
    }
    if let Some(kind) = status_kind(record.call.status) {
        let mut details = vec![format!("the engine ended with {kind}"), cmd];
        details.extend(first_lines("stderr", &record.call.stderr, 5));
        out.failure = Some(engine_failure(r, &kind, details));
        return Err(Some(Box::new(record)));
    }
    let parsed = match &record.call.output {
        None => Err("the engine exited 0 but wrote no output file".to_string()),
        Some(text) => protocol::read_output_numbered(text, t, r, numbers.as_deref())
            .map_err(|e| e.to_string()),
    };
    let rows = match parsed {
        Ok(rows) => rows,
        Err(problem) => {
            let mut details = vec![problem.clone(), cmd];
            details.extend(first_lines("stderr", &record.call.stderr, 3));
            record.problem = Some(problem);
            out.failure = Some(engine_failure(r, "bad output", details));
            return Err(Some(Box::new(record)));
        }
    };
    let engine_ns = started.elapsed().as_nanos() as u64;
    if recheck {
        match work.run(&engine.template, &record.input, engine.timeout) {
            Ok(second)
                if second.status != record.call.status
                    || second
                        .output
                        .as_deref()
                        .map(|o| protocol::read_output_numbered(o, t, r, numbers.as_deref()))
                        != Some(Ok(rows.clone())) =>
            {
                out.failure = Some(engine_failure(
                    r,
                    "nondeterministic output",
                    vec!["the same input paired twice gave two different outputs".into(), cmd],
                ));
                record.second = Some(second);
                return Err(Some(Box::new(record)));
            }
            _ => {}
        }
    }
    Ok(Answer { rows, record, cmd, engine_ns })
}

/// Certifies round `r` of `t` (the engine's rows in place) with the profile's checkers and
/// records it in `out`; false when the event stops here (`out.failure` set).
fn certify_round(
    t: &Tournament,
    r: u32,
    engine: &Engine,
    games: u32,
    engine_ns: u64,
    cmd: Option<String>,
    out: &mut Played,
) -> bool {
    let watch = Stopwatch::start();
    let report = catch_unwind(AssertUnwindSafe(|| {
        let mut merged: Option<bsw_checker::RoundReport> = None;
        for &profile in engine.profile.checkers() {
            let rep = bsw_checker::check_round(t, r, profile);
            match &mut merged {
                None => merged = Some(rep),
                Some(m) => m.violations.extend(rep.violations),
            }
        }
        merged.expect("every profile has a checker")
    }));
    out.rounds.push(RoundRecord {
        round: r,
        engine_ns,
        checker_ns: watch.ns(),
        games,
        swiss: report.as_ref().ok().and_then(|rep| rep.swiss.as_ref()).and_then(swiss_record),
        certified: match &report {
            Ok(rep) if rep.violations.is_empty() => engine.profile.names(),
            _ => &[],
        },
    });
    let Some((mut failure, violations)) = verdict_failure(r, report) else {
        return true;
    };
    if let Some(n) = violations {
        out.violations = n;
        failure.details.extend(cmd);
    }
    out.failure = Some(failure);
    false
}

impl Engine {
    fn recheck(&self, index: u64) -> bool {
        self.recheck_every > 0 && index.is_multiple_of(self.recheck_every)
    }

    /// Replays tournament `index` of `spec` (same inputs as in the campaign).
    pub fn replay(&self, spec: &CampaignSpec, index: u64) -> (Scenario, ExternalPlayed) {
        let sc = spec.scenario(index);
        let played = play_external(&sc, self, self.recheck(index));
        (sc, played)
    }
}

/// The campaign's identity with this engine.
pub fn campaign_info(spec: &CampaignSpec, engine: &Engine) -> crate::summary::CampaignInfo {
    let mut info = spec.info();
    info.engine = Some(engine.info());
    info
}

/// Runs the campaign `spec` with the external engine (the generator parameters of `spec` are
/// used as given: see [`ExtProfile::params`]). The summary's per-round engine times are wall
/// times of the whole protocol: TRF written, engine run, output read (a recheck excluded).
/// Engine calls under way when `stop` is set finish (within their time limit) and their
/// temporary directories are removed; no new tournament starts.
pub fn simulate_external(
    spec: &CampaignSpec,
    engine: &Engine,
    progress: &(dyn Fn() + Sync),
    stop: &std::sync::atomic::AtomicBool,
) -> Result<Summary, String> {
    engine.template.check_program()?;
    refuse_full_byes(&spec.params)?;
    let info = campaign_info(spec, engine);
    let mut s = simulate_with(spec, info, progress, stop, &|index, sc| {
        play_external(sc, engine, engine.recheck(index)).played
    })?;
    s.timing.clock = "wall (engine), thread-cpu (checker)".into();
    Ok(s)
}

/// `--full-bye-rate` is played by the built-in engine only: an external engine's answer
/// is read without entries made ahead of the round.
pub fn refuse_full_byes(params: &crate::generator::GenParams) -> Result<(), String> {
    if params.full_bye_rate > 0.0 {
        return Err("--full-bye-rate applies to the built-in engine; omit it with --engine".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generator::{GenParams, generate};

    /// Under the generic profile a plain Swiss event reaches the engine without our `BS?`
    /// records (so `bsw FILE.trf -p` pairs it as any TRF); under berger-swiss it keeps them.
    #[test]
    fn a_generic_engine_gets_no_berger_swiss_records() {
        let params = ExtProfile::Generic.params(GenParams::default());
        let sc = generate(7, &params);
        assert!(sc.base.config.groups.is_empty());
        let generic = engine_input(&sc.base, 1, ExtProfile::Generic).unwrap();
        assert!(generic.lines().all(|l| !l.starts_with("BS")), "{generic}");
        assert!(generic.contains("\nXXR ") && generic.contains("\n001 "), "{generic}");
        let ours = engine_input(&sc.base, 1, ExtProfile::BergerSwiss).unwrap();
        assert!(ours.lines().any(|l| l.starts_with("BSV ")), "{ours}");
    }
}

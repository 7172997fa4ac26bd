//! `bsw` in the pairing-engine convention of JaVaFo and bbpPairings, and external engines in
//! `bsw simulate` / `bsw generate`:
//!
//! - `bsw pair INPUT.trf -p [OUTPUT]` (and the same call at the top level,
//!   `bsw [--dutch] INPUT.trf -p [OUTPUT]`, as tournament managers make it): pairs the next
//!   round of a TRF file and writes the convention's output (see
//!   `bsw_harness::external::protocol`), on standard output when OUTPUT is omitted. A file
//!   that carries the Berger-Swiss configuration (our `BS?` extension records, as
//!   `bsw trf export` and the campaigns write them) is paired by the Berger-Swiss system;
//!   any other file, or any file with `--dutch`, by the FIDE (Dutch) system. Exit 0 paired,
//!   1 no valid pairing (Dutch: the absolute criteria cannot be met; the Berger-Swiss engine
//!   always finds a pairing when a round is due), 2 any error.
//! - `--engine 'CMD … {trf} … {out}'`, `--engine-timeout`, `--profile`, `--engine-recheck`
//!   for `bsw simulate` and `bsw generate` ([`EngineArgs`]).

use bsw_harness::external::{Engine, ExtProfile, protocol, runner::Template};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Flags that drive an external engine instead of the built-in one.
#[derive(clap::Args, Clone, Debug, Default)]
pub(crate) struct EngineArgs {
    /// Pair every round with this command instead of the built-in engine; `{trf}` (the input
    /// TRF) and `{out}` (the output file; without it, standard output is read) are replaced
    /// in each argument; a command with neither gets ` {trf} -p {out}` appended (the
    /// JaVaFo/bbpPairings convention). Split like a shell would, run without a shell.
    /// Example: --system dutch --engine 'bbpPairings.exe --dutch'.
    #[arg(long, value_name = "CMD", help_heading = "External engine")]
    pub engine: Option<String>,
    /// Time limit of one engine call: seconds (`10`, `0.5`) or milliseconds (`500ms`). The
    /// engine's whole process group is killed when it passes.
    #[arg(long, default_value = "10", value_name = "TIME", help_heading = "External engine")]
    pub engine_timeout: String,
    /// Rule book for the external engine's rounds: `generic` (FIDE C.04.1 basic rules, plain
    /// Swiss events, for engines of any Swiss system), `berger-swiss` (SPEC.md; the default)
    /// or `dutch` (FIDE Dutch events, certified by the generic and Dutch profiles; the
    /// default, and the only one, with --system dutch).
    #[arg(long, value_name = "PROFILE", help_heading = "External engine")]
    pub profile: Option<String>,
    /// Pair every round of every N-th tournament twice and compare the outputs (engine
    /// nondeterminism); 0 = never.
    #[arg(long, default_value_t = 10, value_name = "N", help_heading = "External engine")]
    pub engine_recheck: u64,
}

/// `10`, `0.5`, `10s`, `500ms` → a duration.
pub(crate) fn parse_timeout(s: &str) -> Result<Duration, String> {
    let bad = || format!("--engine-timeout: `{s}` is not a time such as 10, 0.5, 10s or 500ms");
    let t = s.trim();
    let (num, scale) = if let Some(ms) = t.strip_suffix("ms") {
        (ms, 0.001)
    } else {
        (t.strip_suffix('s').unwrap_or(t), 1.0)
    };
    let v: f64 = num.trim().parse().map_err(|_| bad())?;
    if !(v.is_finite() && v > 0.0) {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(v * scale))
}

impl EngineArgs {
    /// The external engine, or `None` for the built-in one. `dutch_system`: `--system dutch`
    /// was given (its rounds are certified by the Dutch profile, which is then the default
    /// and the only profile accepted).
    pub(crate) fn engine(&self, dutch_system: bool) -> Result<Option<Engine>, String> {
        let Some(cmd) = &self.engine else {
            return Ok(None);
        };
        let template = Template::parse(cmd)?;
        template.check_program()?;
        let profile = match (&self.profile, dutch_system) {
            (None, true) => ExtProfile::Dutch,
            (None, false) => ExtProfile::BergerSwiss,
            (Some(p), _) => ExtProfile::parse(p)?,
        };
        if dutch_system && profile != ExtProfile::Dutch {
            return Err(format!(
                "--system dutch: the external engine's rounds are certified by the dutch profile (generic and C.04.3 rules); --profile {} does not apply (omit --profile)",
                profile.name()
            ));
        }
        Ok(Some(Engine {
            template,
            timeout: parse_timeout(&self.engine_timeout)?,
            profile,
            recheck_every: self.engine_recheck,
        }))
    }
}

/// The subcommands of `bsw` (a first argument that is none of these, with `-p` among the
/// arguments, is the engine convention `bsw [--dutch] INPUT.trf -p [OUTPUT]`).
const SUBCOMMANDS: &[&str] =
    &["validate", "pair", "check", "standings", "trf", "generate", "simulate", "bench", "help"];

/// Rewrites `bsw [--dutch] INPUT.trf -p [OUTPUT]` into `bsw pair [--dutch] INPUT.trf -p
/// [OUTPUT]`; any other command line is returned unchanged.
pub(crate) fn convention_args(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let mut v: Vec<OsString> = args.into_iter().collect();
    let first = v.get(1).and_then(|a| a.to_str()).unwrap_or("");
    let is_sub = SUBCOMMANDS.contains(&first) || first.starts_with("-h") || first == "--help";
    let is_version = first == "-V" || first == "--version";
    if v.len() >= 3 && !is_sub && !is_version && v.iter().skip(1).any(|a| a == "-p") {
        v.insert(1, OsString::from("pair"));
    }
    v
}

/// `bsw pair [--dutch] INPUT.trf -p [OUTPUT]`: the system is the Berger-Swiss system when
/// the file carries our configuration (`BSV` records) and `--dutch` is not given, else the
/// FIDE (Dutch) system, as JaVaFo and bbpPairings pair any TRF file.
pub(crate) fn pair_trf(
    input: &Path,
    output: Option<&PathBuf>,
    dutch: bool,
    explain: bool,
    lenient: bool,
) -> crate::CmdResult {
    if input.is_dir() {
        return Err(format!(
            "{}: -p pairs a TRF file; to pair a tournament directory use `bsw pair DIR`",
            input.display()
        ));
    }
    let bytes =
        std::fs::read(input).map_err(|e| format!("{}: cannot read: {e}", input.display()))?;
    let name = input.display().to_string();
    let imported = bsw_model::trf::read(
        &bsw_model::trf::decode(&bytes),
        &name,
        &bsw_model::trf::ReadOptions { pairing_convention: true, lenient },
    )
    .map_err(|e| e.to_string())?;
    for w in &imported.warnings {
        errln!("warning: {w}");
    }
    let mut t = imported.tournament;
    // The convention pairs any TRF by the Dutch system; our own Berger-Swiss exports (BSV
    // records) keep their system unless --dutch says otherwise.
    if t.config.system.dutch().is_none() && (dutch || !imported.carries_config) {
        t.config.system = bsw_model::System::Dutch(Default::default());
    }
    let paired = if explain { bsw_engine::pair_explained(&t) } else { bsw_engine::pair(&t) };
    let rows = match paired {
        Ok(round) => {
            if explain {
                for line in &round.explain {
                    errln!("{line}");
                }
            }
            round.rows
        }
        // The convention's exit 1: no pairing satisfies the absolute criteria.
        Err(e) if e.no_valid_pairing().is_some() => {
            errln!("{name}: {e}");
            return Ok(1);
        }
        Err(e) => return Err(format!("{name}: {e}")),
    };
    // A file with `BSI` (a Dutch event exported with start numbers = pairing numbers) was
    // read back with its directory ids: the answer is in the file's start numbers.
    let rows = if imported.start_numbers.is_empty() {
        rows
    } else {
        protocol::renumber_rows(&rows, &imported.start_numbers)
    };
    let text = protocol::write_output(&rows);
    match output {
        Some(path) => write_answer(path, &text)?,
        None => out!("{text}")?,
    }
    Ok(0)
}

/// `bsw generate --engine …`: plays `sc` with the external engine (every round paired twice
/// and compared) and writes the tournament into `dir`, with the failing call's files
/// (`input.trf`, `command.txt`, `output.txt`, `stdout.txt`, `stderr.txt`) on a failure.
pub(crate) fn generate_external(
    sc: &bsw_harness::generator::Scenario,
    engine: &Engine,
    dir: &Path,
) -> Result<bsw_harness::generator::Played, String> {
    let ep = bsw_harness::external::play_external(sc, engine, true);
    let how = bsw_harness::external::failures::write_case(dir, engine, &ep)?;
    if ep.call.is_some() {
        errln!("{how}");
    }
    Ok(ep.played)
}

/// Writes the engine's answer through a temporary file renamed into place, like every write
/// of `bsw`, but without `fsync`: the file is read at once by the program that asked for it,
/// and syncing it cost about 17 ms per round here (five times the whole protocol).
fn write_answer(path: &Path, text: &str) -> Result<(), String> {
    let tmp = bsw_model::io::temp_path(path);
    let shown = path.display();
    let result = std::fs::write(&tmp, text)
        .map_err(|e| format!("{shown}: cannot write: {e}"))
        .and_then(|()| {
            std::fs::rename(&tmp, path)
                .map_err(|e| format!("{shown}: cannot rename the temporary file into place: {e}"))
        });
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

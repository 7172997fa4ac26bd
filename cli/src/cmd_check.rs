//! `bsw check DIR|FILE.trf [--profile berger-swiss|generic|dutch] [--json]`: certify every round.
//!
//! The profile defaults to `dutch` for a tournament that declares the Dutch system (`system =
//! "dutch"`, or a TRF `092`/`192` record naming it), else to `berger-swiss` for a tournament directory and for a TRF file that
//! carries our configuration records (`BSV`, written by `bsw trf export`; a note on stderr
//! says so), `generic` for any other TRF file. Human-readable output: one block per
//! violation (round, rule, players with names,
//! message, evidence summary), the notes of the generic profile, and a last line with the
//! verdict. `--json` prints `{"verdict": "conforming"|"violations", "profile": "berger-swiss"|
//! "generic"|"dutch", "rounds": [{"round": n, "violations": [{"rule", "players", "message",
//! "evidence"}]}]}`: the serde serialization of the checker's typed [`Report`] with the profile
//! that judged it (key order inside objects is free); on
//! unusable input (exit 2) it prints `{"verdict": "error", "error": {"file", "line", "field",
//! "message"}}` besides the message on standard error.
//!
//! Exit codes (SPEC §12): 0 every round conforms, 1 at least one violation, 2 unusable input.

use bsw_checker::{Because, Profile, Report, Source, check};
use bsw_model::Tournament;
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub(crate) enum ProfileArg {
    /// SPEC.md (default for a directory).
    BergerSwiss,
    /// FIDE C.04.1 basic rules (default for a TRF file without berger-swiss records).
    Generic,
    /// FIDE C.04.3, the Dutch system (default for a TRF or directory that declares it).
    Dutch,
}

#[derive(clap::Args)]
pub(crate) struct Args {
    /// Tournament directory or TRF file (name ending in .trf).
    pub path: PathBuf,
    /// Rule book to certify against.
    #[arg(long, value_enum)]
    pub profile: Option<ProfileArg>,
    /// Machine-readable report.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub read: crate::input::ReadArgs,
}

pub(crate) fn run(args: Args) -> crate::CmdResult {
    let loaded = match crate::input::load(&args.path, &args.read) {
        Ok(l) => l,
        Err(e) => {
            if args.json {
                let text = serde_json::to_string_pretty(&json_error(&e));
                outln!("{}", text.map_err(|e| e.to_string())?)?;
            }
            return Err(e.to_string());
        }
    };
    let t = loaded.tournament;
    let profile = profile_for(&args.path, &t, loaded.carries_config, args.profile, true);
    let report = check(&t, profile);
    if args.json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&json_report(&report, profile)?)
                .map_err(|e| e.to_string())?
        )?;
    } else {
        out!("{}", human(&t, &report, profile))?;
    }
    Ok(if report.is_conforming() { 0 } else { 1 })
}

/// The profile asked for, else the checker's default for `t` read from `path`; with `notes`,
/// a note on standard error says why a default other than the plain one was chosen.
pub(crate) fn profile_for(
    path: &std::path::Path,
    t: &Tournament,
    carries_config: bool,
    asked: Option<ProfileArg>,
    notes: bool,
) -> Profile {
    match asked {
        Some(ProfileArg::BergerSwiss) => return Profile::BergerSwiss,
        Some(ProfileArg::Generic) => return Profile::Generic,
        Some(ProfileArg::Dutch) => return Profile::Dutch,
        None => {}
    }
    let source = if path.is_dir() { Source::Directory } else { Source::Trf { carries_config } };
    let (profile, because) = bsw_checker::default_profile(t, source);
    let shown = path.display();
    match because {
        Some(Because::DeclaresDutch) if notes => {
            eprintln!("note: {shown} declares the FIDE (Dutch) system: profile dutch")
        }
        Some(Because::CarriesConfig) if notes => eprintln!(
            "note: {shown} carries the berger-swiss configuration (BSV records): profile berger-swiss"
        ),
        _ => {}
    }
    profile
}

/// `--json`: the checker's report with the profile that judged it (`"profile": "dutch"`),
/// which a script needs to read the rule ids.
pub(crate) fn json_report(report: &Report, profile: Profile) -> Result<serde_json::Value, String> {
    let mut v = serde_json::to_value(report).map_err(|e| e.to_string())?;
    if let Some(obj) = v.as_object_mut() {
        obj.insert("profile".into(), profile.name().into());
    }
    Ok(v)
}

/// `--json` on unusable input (exit 2): `{"verdict": "error", "error": {"file", "line",
/// "field", "message"}}` (`line` and `field` are null when they do not apply).
fn json_error(e: &bsw_model::InputError) -> serde_json::Value {
    serde_json::json!({
        "verdict": "error",
        "error": {"file": e.file, "line": e.line, "field": e.field, "message": e.message},
    })
}

fn name_of(t: &Tournament, id: u32) -> String {
    match t.player(id) {
        Some(p) => format!("{id} {}", p.name),
        None => format!("{id} (unknown)"),
    }
}

fn human(t: &Tournament, report: &Report, profile: Profile) -> String {
    let mut s = String::new();
    let profile_name = profile.name();
    let mut count = 0;
    let first_bad = report.rounds.iter().find(|r| !r.violations.is_empty()).map(|r| r.round);
    for r in &report.rounds {
        for v in &r.violations {
            count += 1;
            let players: Vec<String> = v.players.iter().map(|&id| name_of(t, id)).collect();
            s += &format!("round {} rule {}: {}\n", r.round, v.rule, v.message);
            if !players.is_empty() {
                s += &format!("  players: {}\n", players.join(", "));
            }
            let evidence = serde_json::to_value(&v.evidence).unwrap_or_default();
            let lines = bsw_report::evidence::evidence_lines(&evidence, &|id| name_of(t, id));
            if !lines.is_empty() {
                s += "  evidence:\n";
            }
            for line in lines {
                s += &format!("    {line}\n");
            }
            if let Some(first) = first_bad.filter(|&f| f < r.round) {
                s += &format!("  {}\n", bsw_report::cascade_note(first));
            }
        }
        for n in &r.notes {
            s += &format!("round {} note: {n}\n", r.round);
        }
    }
    let rounds = report.rounds.len();
    if count == 0 {
        let rounds = crate::output::count(rounds as u64, "round", "rounds");
        s += &format!("verdict: conforming ({rounds} certified, profile {profile_name})\n");
    } else {
        let rounds = crate::output::count(rounds as u64, "round", "rounds");
        s += &format!("verdict: violations ({count} in {rounds}, profile {profile_name})\n");
    }
    s
}

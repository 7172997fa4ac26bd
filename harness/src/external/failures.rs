//! The failures directory of an external-engine campaign: every failing tournament is written
//! as `DIR/tournament-<index>/` with the tournament directory as far as it got, the exact TRF
//! handed to the engine in the failing round (`input.trf`), the command line
//! (`command.txt`), what the engine wrote (`output.txt`, `stdout.txt`, `stderr.txt`) and a
//! README with the commands that reproduce it; the first few are shrunk into `shrunk/`, with
//! the same files for the smallest tournament that still fails the same way.

use super::runner::shell_line;
use super::{CallRecord, Engine, ExternalPlayed, play_external};
use crate::generator::{FailureKind, Played, Scenario};
use crate::shrink::shrink_with;
use crate::simulate::CampaignSpec;
use crate::summary::{FailureRecord, Summary};
use std::cell::RefCell;
use std::path::Path;

fn write(path: &Path, text: &str) -> Result<(), String> {
    bsw_model::io::write_atomic(path, text).map_err(|e| e.to_string())
}

fn describe(played: &Played) -> String {
    played
        .failure_text()
        .unwrap_or_else(|| "no failure on replay: the engine may be nondeterministic".into())
}

/// Writes the tournament and the failing call into `dir`; returns the README lines that say
/// how to re-run the failing call by hand.
pub fn write_case(dir: &Path, engine: &Engine, ep: &ExternalPlayed) -> Result<String, String> {
    bsw_model::io::write_dir(dir, &ep.played.tournament).map_err(|e| e.to_string())?;
    let mut how = String::new();
    if let Some(c) = &ep.call {
        write(&dir.join("input.trf"), &c.input)?;
        write(&dir.join("command.txt"), &format!("{}\n", shell_line(&c.call.argv)))?;
        if let Some(o) = &c.call.output {
            write(&dir.join("output.txt"), o)?;
        }
        write(&dir.join("stdout.txt"), &c.call.stdout)?;
        write(&dir.join("stderr.txt"), &c.call.stderr)?;
        if let Some(s) = &c.second {
            write(&dir.join("second-output.txt"), s.output.as_deref().unwrap_or(""))?;
        }
        let argv = engine.template.argv(Path::new("input.trf"), Path::new("output.txt"));
        how.push_str(&format!(
            "Re-run the failing call (round {}) in this directory:\n\n    {}\n\n\
             `input.trf` is the exact file the engine was given; `command.txt` the command line \
             as run; `output.txt`, `stdout.txt`, `stderr.txt` what it wrote{}.\n",
            c.round,
            shell_line(&argv),
            if c.second.is_some() {
                "; `second-output.txt` what it wrote when given the same input again"
            } else {
                ""
            }
        ));
        if c.input.contains("\nBSI ") {
            how.push_str(
                "\nThe start numbers of `input.trf` and `output.txt` are the pairing numbers; its `BSI` record lists the id (in this directory) of each start number.\n",
            );
        }
        if let Some(p) = &c.problem {
            how.push_str(&format!("\nWhy the output was refused: {p}\n"));
        }
    }
    if let Some(f) = &ep.played.failure
        && matches!(f.kind, FailureKind::Violation(_))
    {
        how.push_str(&format!(
            "\nThe tournament directory holds the failing round; certify it with:\n\n    bsw check . --profile {}\n",
            engine.profile.name()
        ));
    } else {
        how.push_str("\nThe tournament directory holds the rounds before the failing one.\n");
    }
    Ok(how)
}

/// Writes every listed failure of `summary` under `dir` and shrinks the first `shrink_max`
/// with at most `budget` replays each. `flags` are the generator flags that reproduce the
/// campaign (as `bsw` prints them). Returns one line per failure for people.
pub fn write_failures(
    spec: &CampaignSpec,
    engine: &Engine,
    summary: &Summary,
    dir: &Path,
    shrink_max: usize,
    budget: usize,
    flags: &str,
) -> Result<Vec<String>, String> {
    let engine_flags = format!(
        "--engine {} --profile {} --engine-timeout {}ms",
        shlex::try_quote(&engine.template.text)
            .map(|q| q.into_owned())
            .unwrap_or_else(|_| format!("'{}'", engine.template.text)),
        engine.profile.name(),
        engine.timeout.as_millis()
    );
    let work = |(k, f): (usize, &FailureRecord)| -> Result<String, String> {
        let (sc, ep): (Scenario, ExternalPlayed) = engine.replay(spec, f.index);
        let case = dir.join(format!("tournament-{}", f.index));
        let how = write_case(&case, engine, &ep)?;
        let same = ep.played.failure.as_ref().is_some_and(|x| x.kind.label() == f.kind);
        let mut readme = format!(
            "# Failing tournament {} of campaign seed {}\n\nEngine: `{}`, profile {}\n\nFailure in {}\nSize: {}\n\n{}{}\n\
             Reproduce this tournament (writes it into DIR, a new directory, and reports the failure):\n\n    \
             bsw generate --seed {} {} {} DIR\n\n\
             The whole campaign:\n\n    bsw simulate --seed {} --tournaments {} {} {}\n",
            f.index,
            spec.seed,
            engine.template.text,
            engine.profile.name(),
            describe(&ep.played),
            sc.size(),
            if same {
                String::new()
            } else {
                format!(
                    "NOTE: during the campaign this tournament failed with `{}` in round {}; the replay differs, so the engine's output depends on more than its input (nondeterministic).\n\n",
                    f.kind, f.round
                )
            },
            how,
            f.tournament_seed,
            engine_flags,
            flags,
            spec.seed,
            spec.tournaments,
            engine_flags,
            flags,
        );
        let mut line =
            format!("failure: tournament {} ({}) written to {}", f.index, f.kind, case.display());
        if k < shrink_max
            && let Some(target) = ep.played.failure.as_ref().map(|x| x.kind.clone())
        {
            let recheck = engine.recheck_every > 0 && f.index.is_multiple_of(engine.recheck_every);
            // Keep the engine call of the last candidate that failed the same way, so that the
            // shrunk case's files are those of the replay that was accepted (an engine that is
            // not deterministic might not fail again).
            let last: RefCell<Option<(Scenario, Option<CallRecord>)>> = RefCell::new(None);
            let s = shrink_with(&sc, &target, budget, &|c| {
                let ep = play_external(c, engine, recheck);
                if ep.played.failure.as_ref().is_some_and(|g| target.matches(&g.kind)) {
                    *last.borrow_mut() = Some((c.clone(), ep.call));
                }
                ep.played
            });
            let call = match last.into_inner() {
                Some((c, call)) if c == s.scenario => call,
                _ => ep.call,
            };
            let sp = ExternalPlayed { played: s.played.clone(), call };
            let sdir = case.join("shrunk");
            let how = write_case(&sdir, engine, &sp)?;
            let text = format!(
                "# Shrunk from tournament {} of campaign seed {}\n\nEngine: `{}`, profile {}\n\n\
                 Size: {} (was {}); {} replays, {} simplifications kept.\n\nFailure in {}\n{}",
                f.index,
                spec.seed,
                engine.template.text,
                engine.profile.name(),
                s.scenario.size(),
                sc.size(),
                s.attempts,
                s.accepted,
                describe(&sp.played),
                how
            );
            write(&sdir.join("README.md"), &text)?;
            let (in_readme, in_line) = s.notes(&sdir);
            readme.push_str(&in_readme);
            line.push_str(&in_line);
        }
        write(&case.join("README.md"), &readme)?;
        Ok(line)
    };
    crate::simulate::on_failures(spec.jobs, summary, work)
}

//! `bsw pair [--dutch] FILE.trf -p [OUT]`: the JaVaFo / bbpPairings convention. Pairs the
//! round after the last one of the TRF file by the FIDE (Dutch) system and writes the
//! pairing: first line the number of pairs (the bye included), then `white black` per
//! board, the pairing-allocated bye as `id 0`. `OUT` is written atomically; without it the
//! pairing goes to standard output. Exit 0 paired, 1 no valid pairing (the absolute
//! criteria C1-C3 cannot be met: the arbiter decides), 2 unusable input. The file need not
//! declare the system in `092`/`192`: this command always pairs by the Dutch system
//! (`--dutch` is accepted for drop-in compatibility).

use bsw_engine::dutch::{DutchError, pair_next_round};
use bsw_model::{Entry, System, io, trf};
use std::path::Path;

/// Pairs `file`; `out`: `None` = standard output.
pub fn run(file: &Path, out: Option<&Path>, explain: bool) -> crate::CmdResult {
    let shown = file.display().to_string();
    let bytes = std::fs::read(file).map_err(|e| format!("{shown}: cannot read: {e}"))?;
    let mut t = trf::import(&trf::decode(&bytes), &shown).map_err(|e| e.to_string())?;
    let cfg = match &t.config.system {
        System::Dutch(d) => d.clone(),
        System::BergerSwiss => Default::default(),
    };
    t.config.system = System::Dutch(cfg.clone());
    let round = match pair_next_round(&t, &cfg) {
        Ok(r) => r,
        Err(e @ DutchError::NoValidPairing { .. }) => {
            eprintln!("{shown}: {e}");
            return Ok(1);
        }
        Err(e) => return Err(format!("{shown}: {e}")),
    };
    if explain {
        eprintln!(
            "round {} (FIDE Dutch): {} rows",
            round.round,
            round.rows.len()
        );
        for line in &round.explain {
            eprintln!("  {line}");
        }
    }
    let mut lines = Vec::new();
    for row in &round.rows {
        match row.entry {
            Entry::Game { white, black, .. } => lines.push(format!("{white} {black}")),
            Entry::Bye(p) => lines.push(format!("{p} 0")),
            _ => {}
        }
    }
    let mut text = format!("{}\n", lines.len());
    for l in lines {
        text += &l;
        text.push('\n');
    }
    match out {
        Some(path) => io::write_atomic(path, &text).map_err(|e| e.to_string())?,
        None => print!("{text}"),
    }
    Ok(0)
}

//! Reading a tournament for a command: a directory or a TRF file, with the TRF reading
//! options every reading command shares (`--lenient`, `--verbose`). Warnings and the ignored
//! lines go to standard error, so that standard output stays machine-readable.

use bsw_model::InputError;
use bsw_model::trf::{Imported, ReadOptions};
use std::path::Path;

#[derive(clap::Args, Clone, Copy, Debug, Default)]
pub(crate) struct ReadArgs {
    /// TRF: read a file whose points column disagrees with its round results by the round
    /// results, printing each mismatch as a warning (default: refuse, listing every mismatch).
    #[arg(long)]
    pub lenient: bool,
    /// TRF: list the lines that are not records (ignored), e.g. a column ruler or notes.
    #[arg(long)]
    pub verbose: bool,
}

/// Loads `path` (a directory or a `.trf` file) and reports warnings (and, with `--verbose`,
/// ignored lines) on stderr.
pub(crate) fn load(path: &Path, args: &ReadArgs) -> Result<Imported, InputError> {
    let loaded = bsw_model::io::load_with(path, &options(args))?;
    Ok(report(path, args, loaded))
}

/// Reads `path` as a TRF file whatever its name ends in.
pub(crate) fn load_trf(path: &Path, args: &ReadArgs) -> Result<Imported, InputError> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path)
        .map_err(|e| InputError::new(shown.clone(), None, None, format!("cannot read: {e}")))?;
    let text = bsw_model::trf::decode(&bytes);
    let loaded = bsw_model::trf::read(&text, &shown, &options(args))?;
    Ok(report(path, args, loaded))
}

fn options(args: &ReadArgs) -> ReadOptions {
    ReadOptions { lenient: args.lenient, ..Default::default() }
}

fn report(path: &Path, args: &ReadArgs, loaded: Imported) -> Imported {
    for w in &loaded.warnings {
        eprintln!("warning: {w}");
    }
    if args.verbose {
        let shown = path.display();
        for (n, line) in &loaded.ignored_lines {
            eprintln!("{shown}:{n}: ignored (not a TRF record): {line}");
        }
        if loaded.ignored_lines.is_empty() && path.is_file() {
            eprintln!("{shown}: every non-blank line is a TRF record");
        }
    }
    loaded
}

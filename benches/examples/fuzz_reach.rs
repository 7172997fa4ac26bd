//! How often a directory of fuzz inputs (a fuzz corpus, e.g. `fuzz/corpus/tournament`)
//! reaches the engine and the checker, and how many inputs load as tournament-directory
//! texts (split at NUL bytes) and as TRF: a diagnostic for fuzz runs, not a test.
//!
//! ```sh
//! cargo run --release -p bsw-benches --example fuzz_reach -- DIR
//! ```
use std::path::PathBuf;

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: fuzz_reach DIR (a directory of fuzz inputs)");
        std::process::exit(2);
    };
    let mut files: Vec<PathBuf> = match std::fs::read_dir(&dir) {
        Ok(entries) => {
            entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file()).collect()
        }
        Err(e) => {
            eprintln!("{dir}: cannot read: {e}");
            std::process::exit(2);
        }
    };
    files.sort();
    let (mut t_in, mut t_rounds, mut c_in, mut c_rounds) = (0, 0, 0, 0);
    let (mut dir_ok, mut trf_ok) = (0, 0);
    for f in &files {
        let Ok(data) = std::fs::read(f) else { continue };
        let r = bsw_harness::fuzzing::fuzz_tournament_rounds(&data);
        t_in += u32::from(r > 0);
        t_rounds += r;
        let r = bsw_harness::fuzzing::fuzz_checker_rounds(&data);
        c_in += u32::from(r > 0);
        c_rounds += r;
        let mut parts =
            data.splitn(3, |&b| b == 0).map(|p| String::from_utf8_lossy(p).into_owned());
        let (toml, players, rounds) =
            (parts.next().unwrap_or_default(), parts.next().unwrap_or_default(), parts.next());
        dir_ok +=
            u32::from(bsw_model::io::parse_dir_texts(&toml, &players, rounds.as_deref()).is_ok());
        trf_ok +=
            u32::from(bsw_model::trf::import(&bsw_model::trf::decode(&data), "x.trf").is_ok());
    }
    println!(
        "{} inputs: tournament target paired >= 1 round for {t_in} ({t_rounds} rounds); checker target checked {c_in} ({c_rounds} rounds); {dir_ok} load as directory texts, {trf_ok} as TRF",
        files.len()
    );
}

//! Every round of every sample of `corpus/dutch/` (events paired by bbpPairings v6.0.0
//! `--dutch`), re-paired from the file as it stood before the round (see
//! `corpus/dutch/README.md`), compared with the file: the set of (white, black) pairs plus
//! the pairing-allocated bye.
//!
//! Not every round agrees yet: `dutch_agree.txt` lists the (file, round) that do, and the
//! test fails when one of them stops agreeing (a regression) — and prints the agreement
//! count, so that progress is recorded by extending the list.

use bsw_engine::dutch::pair_next_round;
use bsw_model::{Entry, trf};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// `corpus/dutch`: events bbpPairings v6.0.0 generated and paired.
fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/dutch")
}

/// (white, black) pairs and the bye receiver of one round.
#[derive(Debug, PartialEq, Eq, Clone)]
pub(crate) struct Pairing {
    pub pairs: BTreeSet<(u32, u32)>,
    pub bye: Option<u32>,
}

fn cell(line: &str, r: u32) -> String {
    let start = 91 + 10 * (r as usize - 1);
    let chars: Vec<char> = line.chars().collect();
    (start..start + 8).map(|i| chars.get(i).copied().unwrap_or(' ')).collect()
}

fn cell_points(c: &str) -> u32 {
    match c.chars().nth(7).unwrap_or(' ').to_ascii_uppercase() {
        '1' | 'W' | '+' | 'F' | 'U' => 2,
        '=' | 'D' | 'H' => 1,
        _ => 0,
    }
}

pub(crate) fn rounds_in(lines: &[&str]) -> u32 {
    lines
        .iter()
        .filter(|l| l.starts_with("001"))
        .map(|l| (l.trim_end().chars().count().saturating_sub(91) as u32).div_ceil(10))
        .max()
        .unwrap_or(0)
}

/// The file before round `r` (module docs).
pub(crate) fn prefix(text: &str, r: u32) -> String {
    let lines: Vec<&str> = text.split(['\r', '\n']).filter(|l| !l.is_empty()).collect();
    // The total rounds: a `142`/`XXR` record when the file has one (an event the generator
    // could not finish), else the rounds in the file.
    let declared = lines
        .iter()
        .find(|l| l.starts_with("142") || l.starts_with("XXR"))
        .and_then(|l| l[3..].trim().parse::<u32>().ok());
    let total = declared.unwrap_or_else(|| rounds_in(&lines));
    let mut out = String::new();
    for l in &lines {
        if l.starts_with("142") || l.starts_with("XXR") {
            continue;
        }
        if !l.starts_with("001") {
            out += l;
            out.push('\n');
            continue;
        }
        let head: String = l.chars().take(91).collect();
        let mut cells = Vec::new();
        let mut pts = 0;
        for k in 1..r {
            let c = cell(l, k);
            pts += cell_points(&c);
            cells.push(c);
        }
        let c = cell(l, r);
        if c == "0000 - H" || c == "0000 - Z" {
            cells.push(c);
        }
        let mut head: Vec<char> = head.chars().collect();
        head.resize(91, ' ');
        let p = format!("{:>4}", format!("{}.{}", pts / 2, if pts % 2 == 1 { 5 } else { 0 }));
        for (i, ch) in p.chars().enumerate() {
            head[80 + i] = ch;
        }
        let mut line: String = head.into_iter().collect();
        line += &cells.join("  ");
        out += line.trim_end();
        out.push('\n');
    }
    out += &format!("XXR {total}\n");
    if r == 1 {
        out += &format!("XXC {}1\n", initial_colour(&lines));
    }
    out
}

/// The round-1 colour of the first player (by pairing number) who played round 1, inverted
/// when an odd number of round-1 participants stand before them.
fn initial_colour(lines: &[&str]) -> &'static str {
    let mut players: Vec<(u32, String)> = lines
        .iter()
        .filter(|l| l.starts_with("001"))
        .map(|l| {
            (l.chars().skip(4).take(4).collect::<String>().trim().parse().unwrap(), cell(l, 1))
        })
        .collect();
    players.sort();
    let mut k = 0;
    for (_, c) in &players {
        let col = c.chars().nth(5).unwrap_or(' ');
        let participated =
            c.trim() != "" && !matches!(c.trim(), "0000 - H" | "0000 - Z" | "0000 - F");
        if col == 'w' || col == 'b' {
            let white = (col == 'w') == (k % 2 == 0);
            return if white { "white" } else { "black" };
        }
        if participated {
            k += 1;
        }
    }
    "white"
}

/// Round `r` of the complete file.
pub(crate) fn expected(text: &str, r: u32) -> Pairing {
    let mut pairs = BTreeSet::new();
    let mut bye = None;
    for l in text.split(['\r', '\n']).filter(|l| l.starts_with("001")) {
        let id: u32 = l.chars().skip(4).take(4).collect::<String>().trim().parse().unwrap();
        let c = cell(l, r);
        let opp: u32 = c[0..4].trim().parse().unwrap_or(0);
        if opp != 0 && &c[5..6] == "w" {
            pairs.insert((id, opp));
        } else if opp == 0 && &c[7..8] == "U" {
            bye = Some(id);
        }
    }
    Pairing { pairs, bye }
}

/// What the engine pairs for round `r` of `text`, and its boards in the JaVaFo/bbpPairings
/// output convention (count, `white black` lines, the bye as `id 0`).
pub(crate) fn engine(text: &str, name: &str, r: u32) -> Result<(Pairing, String), String> {
    let t = trf::import(&prefix(text, r), name).map_err(|e| e.to_string())?;
    let cfg = t.config.system.dutch().cloned().ok_or("not read as a Dutch file")?;
    let round = pair_next_round(&t, &cfg).map_err(|e| e.to_string())?;
    let mut pairs = BTreeSet::new();
    let mut bye = None;
    let mut lines = Vec::new();
    for row in round.rows {
        match row.entry {
            Entry::Game { white, black, .. } => {
                pairs.insert((white, black));
                lines.push(format!("{white} {black}"));
            }
            Entry::Bye(p) => {
                bye = Some(p);
                lines.push(format!("{p} 0"));
            }
            _ => {}
        }
    }
    let boards = format!("{}\n{}\n", lines.len(), lines.join("\n"));
    Ok((Pairing { pairs, bye }, boards))
}

pub(crate) fn samples() -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = std::fs::read_dir(corpus())
        .unwrap()
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "trf").then(|| {
                (
                    p.file_name().unwrap().to_string_lossy().into_owned(),
                    std::fs::read_to_string(&p).unwrap(),
                )
            })
        })
        .collect();
    v.sort();
    v
}

#[test]
fn dutch_samples_agree_with_bbppairings() {
    let listed: BTreeSet<String> = include_str!("dutch_agree.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    let mut agree = BTreeSet::new();
    let (mut total, mut same_games) = (0, 0);
    let mut regressions = Vec::new();
    // Samples of more than SMALL players are slower (seconds each in a debug build): they run
    // with DUTCH_ALL=1, e.g. `DUTCH_ALL=1 cargo test --release -p bsw-engine --test it
    // dutch_samples`.
    const SMALL: usize = 64;
    let all = std::env::var("DUTCH_ALL").is_ok();
    let mut jobs = Vec::new();
    for (name, text) in samples() {
        let players = text.split(['\r', '\n']).filter(|l| l.starts_with("001")).count();
        if !all && players > SMALL {
            continue;
        }
        let lines: Vec<&str> = text.split(['\r', '\n']).collect();
        for r in 1..=rounds_in(&lines) {
            jobs.push((name.clone(), text.clone(), r));
        }
    }
    // The rounds are independent: spread them over the available cores.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(4);
    let results: Vec<(String, Pairing, Result<Pairing, String>)> = std::thread::scope(|sc| {
        // Collected so that every thread is spawned before the first join.
        #[allow(clippy::needless_collect)]
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let jobs = &jobs;
                sc.spawn(move || {
                    jobs.iter()
                        .skip(k)
                        .step_by(threads)
                        .map(|(name, text, r)| {
                            let key = format!("{name} {r}");
                            let got = engine(text, name, *r);
                            (key, expected(text, *r), got.map(|g| g.0))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    for (key, want, got) in results {
        total += 1;
        // A round the generator could not pair has no cells: the engine must find no
        // pairing either.
        let ok = match &got {
            Ok(g) => *g == want,
            Err(e) => want.pairs.is_empty() && want.bye.is_none() && e.contains("no pairing"),
        };
        let unordered = |p: &Pairing| -> BTreeSet<(u32, u32)> {
            p.pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect()
        };
        if ok || got.as_ref().is_ok_and(|g| unordered(g) == unordered(&want) && g.bye == want.bye) {
            same_games += 1;
        }
        if ok {
            agree.insert(key);
        } else if listed.contains(&key) {
            regressions.push(format!("{key}: want {want:?}, got {got:?}"));
        }
    }
    eprintln!(
        "Dutch samples: {} of {total} rounds identical (pairs with colours + bye); {same_games} with the same games and bye",
        agree.len()
    );
    // The one re-record switch of the tests: rewrite the list of rounds that agree.
    if std::env::var_os("BSW_BLESS_GOLDEN").is_some() && all {
        let head = "# (file, round) of corpus/dutch that the engine pairs exactly as bbpPairings v6.0.0 (pairs with colours + bye).\n";
        let body: String =
            head.to_string() + &agree.iter().map(|k| format!("{k}\n")).collect::<String>();
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/dutch_agree.txt");
        std::fs::write(path, body).unwrap();
    }
    assert!(regressions.is_empty(), "rounds that agreed before and no longer do: {regressions:#?}");
}

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

/// `corpus/dutch`, or the directory named by DUTCH_DIR (to compare other events, e.g. fresh
/// ones from bbpPairings' generator; the agreement list only concerns the corpus).
fn corpus() -> PathBuf {
    match std::env::var("DUTCH_DIR") {
        Ok(d) => PathBuf::from(d),
        Err(_) => Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/dutch"),
    }
}

/// (white, black) pairs and the bye receiver of one round.
#[derive(Debug, PartialEq, Eq, Clone)]
pub struct Pairing {
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

pub fn rounds_in(lines: &[&str]) -> u32 {
    lines
        .iter()
        .filter(|l| l.starts_with("001"))
        .map(|l| (l.trim_end().chars().count().saturating_sub(91) as u32).div_ceil(10))
        .max()
        .unwrap_or(0)
}

/// The file before round `r` (module docs).
pub fn prefix(text: &str, r: u32) -> String {
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
pub fn expected(text: &str, r: u32) -> Pairing {
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
pub fn engine(text: &str, name: &str, r: u32) -> Result<(Pairing, String), String> {
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

/// bbpPairings' answer for round `r` (only when DUTCH_BBP names its executable: a
/// comparison tool, never needed by CI).
fn bbp_boards(bbp: &str, text: &str, key: &str, r: u32) -> Option<String> {
    let dir = std::env::temp_dir().join(format!("dutch-bbp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let input = dir.join(format!("{}.trf", key.replace(' ', "-")));
    let output = input.with_extension("out");
    std::fs::write(&input, prefix(text, r)).ok()?;
    let status = std::process::Command::new(bbp)
        .arg("--dutch")
        .arg(&input)
        .arg("-p")
        .arg(&output)
        .status()
        .ok()?;
    let out = std::fs::read_to_string(&output).ok();
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&output);
    status.success().then_some(out).flatten()
}

pub fn samples() -> Vec<(String, String)> {
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

/// Every round of the samples of at most 64 players (all with `DUTCH_ALL=1`), as the
/// file before it: (sample name, round, tournament). The path-comparison tests run on it.
pub fn sample_rounds() -> Vec<(String, u32, bsw_model::Tournament)> {
    let all = std::env::var("DUTCH_ALL").is_ok();
    let mut out = Vec::new();
    for (name, text) in samples() {
        let lines: Vec<&str> = text.split(['\r', '\n']).collect();
        let players = lines.iter().filter(|l| l.starts_with("001")).count();
        if !all && players > 64 {
            continue;
        }
        for r in 1..=rounds_in(&lines) {
            out.push((name.clone(), r, trf::import(&prefix(&text, r), &name).unwrap()));
        }
    }
    out
}

#[test]
fn dutch_samples_agree_with_bbppairings() {
    let only = std::env::var("DUTCH_ONLY").ok();
    let listed: BTreeSet<String> = include_str!("dutch_agree.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect();
    let mut agree = BTreeSet::new();
    let (mut total, mut same_games) = (0, 0);
    let mut regressions = Vec::new();
    // Samples of more than SMALL players are slower (seconds each in a debug build):
    // they run with DUTCH_ALL=1 (or DUTCH_ONLY=prefix), e.g.
    // `DUTCH_ALL=1 cargo test --release -p bsw-engine --test it dutch_samples`.
    const SMALL: usize = 64;
    let all = std::env::var("DUTCH_ALL").is_ok();
    let mut jobs = Vec::new();
    for (name, text) in samples() {
        if only.as_deref().is_some_and(|o| !name.starts_with(o)) {
            continue;
        }
        let players = text.split(['\r', '\n']).filter(|l| l.starts_with("001")).count();
        if only.is_none() && !all && players > SMALL {
            continue;
        }
        let lines: Vec<&str> = text.split(['\r', '\n']).collect();
        for r in 1..=rounds_in(&lines) {
            jobs.push((name.clone(), text.clone(), r));
        }
    }
    // The rounds are independent: spread them over the available cores.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(4);
    // With DUTCH_BBP=/path/to/bbpPairings.exe, also compare the board order with
    // bbpPairings' own output (the files do not record boards).
    let bbp = std::env::var("DUTCH_BBP").ok();
    let mut boards_same = 0;
    #[allow(clippy::type_complexity)]
    let results: Vec<(String, Pairing, Result<Pairing, String>, Option<bool>)> =
        std::thread::scope(|sc| {
            let handles: Vec<_> = (0..threads)
                .map(|k| {
                    let jobs = &jobs;
                    let bbp = bbp.as_deref();
                    sc.spawn(move || {
                        jobs.iter()
                            .skip(k)
                            .step_by(threads)
                            .map(|(name, text, r)| {
                                let key = format!("{name} {r}");
                                let got = engine(text, name, *r);
                                let boards = bbp.map(|b| {
                                    let theirs = bbp_boards(b, text, &key, *r);
                                    match &got {
                                        Ok((_, ours)) => Some(ours) == theirs.as_ref(),
                                        // Both find no valid pairing.
                                        Err(_) => theirs.is_none(),
                                    }
                                });
                                (key, expected(text, *r), got.map(|g| g.0), boards)
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
        });
    for (key, want, got, boards) in results {
        total += 1;
        if boards == Some(true) {
            boards_same += 1;
        } else if boards == Some(false) && std::env::var("DUTCH_VERBOSE").is_ok() {
            eprintln!("{key}: board order differs from bbpPairings");
        }
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
        } else {
            if std::env::var("DUTCH_VERBOSE").is_ok() {
                eprintln!("{key}: want {want:?}\n  got {got:?}");
            }
            if listed.contains(&key) {
                regressions.push(key);
            }
        }
    }
    eprintln!(
        "Dutch samples: {} of {total} rounds identical (pairs with colours + bye); {same_games} with the same games and bye",
        agree.len()
    );
    if bbp.is_some() {
        eprintln!(
            "board order identical to bbpPairings' output in {boards_same} of {total} rounds"
        );
    }
    if let Ok(path) = std::env::var("DUTCH_WRITE_AGREE") {
        let body: String = agree.iter().map(|k| format!("{k}\n")).collect();
        std::fs::write(path, body).unwrap();
    }
    assert!(regressions.is_empty(), "rounds that agreed before and no longer do: {regressions:?}");
}

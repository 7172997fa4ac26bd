//! `bsw result DIR ROUND BOARD RESULT [--force]` and `bsw result DIR ROUND --from FILE|-`:
//! enter results into `rounds.csv` (atomically: the whole file is validated, written to a
//! temporary file and renamed into place; on any refusal nothing changes).
//!
//! Result codes (SPEC §3): `1-0`, `0-1`, `1/2-1/2`, `+/-` (White wins without play), `-/+`
//! (Black wins without play), `-/-` (both lose without play); `1/2`, `½` and `=` are
//! accepted for `1/2-1/2`. `--from` reads lines `BOARD RESULT` (blank lines and lines
//! starting with `#` are skipped) and enters them all or none.
//!
//! Refused (exit 2, no file changed):
//! - a round that is not paired, or a round after which another round has already been
//!   paired: that pairing was made on its results, so changing one would leave the later
//!   pairing resting on results that no longer hold;
//! - a board that the round does not have; the same board twice in `--from`;
//! - a code that is not a game result, or a result for a `bye` / `half-bye` / `zero-bye` row
//!   (those rows carry their score already);
//! - replacing an existing, different result without `--force`.
//!
//! Entering the result a board already has is accepted and changes nothing.

use bsw_model::{Entry, Outcome, Tournament, io};
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
#[command(after_help = "Result codes (SPEC §3): 1-0, 0-1, 1/2-1/2 (also 1/2, ½ or =), \
+/- and -/+ (win without play: White / Black wins), -/- (both lose without play).\n\
--from reads one `BOARD RESULT` per line (# starts a comment); - reads standard input.")]
pub(crate) struct Args {
    /// Tournament directory.
    pub dir: PathBuf,
    /// Round number.
    pub round: String,
    /// Board number (not with --from).
    #[arg(required_unless_present = "from", conflicts_with = "from")]
    pub board: Option<String>,
    /// Result code: 1-0, 0-1, 1/2-1/2 (also 1/2 or =), +/-, -/+, -/-.
    #[arg(required_unless_present = "from", conflicts_with = "from", allow_hyphen_values = true)]
    pub result: Option<String>,
    /// Read lines `BOARD RESULT` from FILE (`-` = standard input) and enter them all.
    #[arg(long, value_name = "FILE")]
    pub from: Option<String>,
    /// Replace results already entered.
    #[arg(long)]
    pub force: bool,
}

/// The game result a code stands for, with the aliases of the help.
pub(crate) fn parse_code(code: &str) -> Option<Outcome> {
    match code.trim() {
        "1/2" | "=" | "½" | "½-½" => Some(Outcome::Draw),
        c => Outcome::from_code(c),
    }
}

const CODES: &str = "1-0, 0-1, 1/2-1/2 (or 1/2, =), +/-, -/+, -/-";

/// One result to enter, and where it was asked for (for messages).
struct Wanted {
    board: u32,
    outcome: Outcome,
    /// `FILE:LINE` of a `--from` line, or `None` for the command line.
    at: Option<String>,
}

/// The 1-based line of `rounds.csv` holding (round, board), read from the file as it is.
fn file_line(path: &Path, round: u32, board: u32) -> Option<usize> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut lines = text.lines().enumerate();
    let (_, header) = lines.find(|(_, l)| !l.trim().is_empty())?;
    let cols: Vec<String> =
        header.trim_start_matches('\u{feff}').split(',').map(|c| c.trim().to_string()).collect();
    let rc = cols.iter().position(|c| c == "round")?;
    let bc = cols.iter().position(|c| c == "board")?;
    lines
        .find(|(_, l)| {
            let f: Vec<&str> = l.split(',').map(|x| x.trim().trim_matches('"')).collect();
            f.get(rc) == Some(&round.to_string().as_str())
                && f.get(bc) == Some(&board.to_string().as_str())
        })
        .map(|(i, _)| i + 1)
}

fn number(arg: &str, what: &str) -> Result<u32, String> {
    match arg.trim().parse::<u32>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "argument {what}: `{arg}` is not a {} number (1, 2, …)",
            what.to_lowercase()
        )),
    }
}

/// Reads `--from`: lines `BOARD RESULT`.
fn read_from(source: &str) -> Result<Vec<Wanted>, String> {
    let (name, text) = if source == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| format!("<stdin>: cannot read: {e}"))?;
        ("<stdin>".to_string(), s)
    } else {
        let text = std::fs::read(source).map_err(|e| format!("{source}: cannot read: {e}"))?;
        let text = String::from_utf8(text).map_err(|_| format!("{source}: not valid UTF-8"))?;
        (source.to_string(), text)
    };
    let mut wanted: Vec<Wanted> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{name}:{}", i + 1);
        let line = line.trim().trim_start_matches('\u{feff}');
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split([' ', '\t', ',']).filter(|f| !f.is_empty()).collect();
        let [board, code] = fields[..] else {
            return Err(format!(
                "{at}: line: expected `BOARD RESULT` (e.g. `3 1-0`), found `{line}`"
            ));
        };
        let board = board
            .parse::<u32>()
            .ok()
            .filter(|&b| b >= 1)
            .ok_or_else(|| format!("{at}: board: `{board}` is not a board number"))?;
        let outcome = parse_code(code)
            .ok_or_else(|| format!("{at}: result: `{code}` is not a game result code ({CODES})"))?;
        if let Some(first) = wanted.iter().find(|w| w.board == board) {
            return Err(format!(
                "{at}: board: board {board} is already given on {}",
                first.at.as_deref().unwrap_or("an earlier line")
            ));
        }
        wanted.push(Wanted { board, outcome, at: Some(at) });
    }
    if wanted.is_empty() {
        return Err(format!("{name}: no `BOARD RESULT` line found"));
    }
    Ok(wanted)
}

fn name_of(t: &Tournament, id: u32) -> String {
    t.player(id).map(|p| format!("{} ({id})", p.name)).unwrap_or_else(|| format!("player {id}"))
}

pub(crate) fn run(args: Args) -> crate::CmdResult {
    if !args.dir.is_dir() {
        return Err(format!(
            "{}: `bsw result` needs a tournament directory (a TRF file can be imported first: bsw trf import FILE.trf DIR)",
            args.dir.display()
        ));
    }
    let t = io::load(&args.dir).map_err(|e| e.to_string())?;
    let round = number(&args.round, "ROUND")?;
    let wanted = match &args.from {
        Some(source) => read_from(source)?,
        None => {
            // clap guarantees both are present without --from.
            let board = number(args.board.as_deref().unwrap_or(""), "BOARD")?;
            let code = args.result.as_deref().unwrap_or("");
            let outcome = parse_code(code).ok_or_else(|| {
                format!(
                    "argument RESULT: `{code}` is not a game result code ({CODES}); byes and absences are entered by bsw pair"
                )
            })?;
            vec![Wanted { board, outcome, at: None }]
        }
    };
    let rounds_path = args.dir.join(io::ROUNDS_CSV);
    let rounds_file = rounds_path.display().to_string();
    // A round entered ahead (Dutch: byes and absences of the next round) is not paired yet.
    let last = t.paired_rounds();
    let loc = |board: u32| match file_line(&rounds_path, round, board) {
        Some(l) => format!("{rounds_file}:{l}"),
        None => rounds_file.clone(),
    };
    if round > last {
        return Err(format!(
            "{rounds_file}: round: round {round} has not been paired{}",
            if last == 0 {
                " (no round is paired yet)".to_string()
            } else {
                format!(" (the last paired round is {last})")
            }
        ));
    }
    if round < last {
        let first_board = t.round_rows(round).map(|r| r.board).next().unwrap_or(1);
        return Err(format!(
            "{}: round: round {round} is closed: round {} has already been paired on its results, so changing one would leave that pairing resting on results that no longer hold (if an appeal changes a result, correct rounds.csv by hand and run bsw check)",
            loc(first_board),
            round + 1
        ));
    }
    let mut next = t.clone();
    let mut changes: Vec<String> = Vec::new();
    for w in &wanted {
        // Messages about what the user asked point at the --from line when there is one.
        let here = |field: &str, what: String| match &w.at {
            Some(at) => format!("{at}: {field}: {what}"),
            None => format!("{}: {field}: {what}", loc(w.board)),
        };
        let Some(row) = next.rows.iter_mut().find(|r| r.round == round && r.board == w.board)
        else {
            let boards: Vec<u32> = t.round_rows(round).map(|r| r.board).collect();
            let what = format!(
                "round {round} has no board {} (its boards are {})",
                w.board,
                match (boards.first(), boards.last()) {
                    (Some(a), Some(b)) if a != b => format!("{a} to {b}"),
                    (Some(a), _) => a.to_string(),
                    _ => "none".into(),
                }
            );
            return Err(match &w.at {
                Some(at) => format!("{at}: board: {what}"),
                None => format!("{rounds_file}: board: {what}"),
            });
        };
        match &mut row.entry {
            Entry::Game { white, black, result } => {
                let pair = format!("{} – {}", name_of(&t, *white), name_of(&t, *black));
                match *result {
                    Some(old) if old == w.outcome => {
                        changes.push(format!(
                            "round {round} board {}: {pair} already {}",
                            w.board,
                            old.code()
                        ));
                        continue;
                    }
                    Some(old) if !args.force => {
                        return Err(here(
                            "result",
                            format!(
                                "round {round} board {} ({pair}) already has the result {}; to replace it with {}, add --force",
                                w.board,
                                old.code(),
                                w.outcome.code()
                            ),
                        ));
                    }
                    _ => {}
                }
                let was = result.map(|o| format!(" (was {})", o.code())).unwrap_or_default();
                *result = Some(w.outcome);
                changes.push(format!(
                    "round {round} board {}: {pair} {}{was}",
                    w.board,
                    w.outcome.code()
                ));
            }
            Entry::Bye(p) | Entry::HalfBye(p) | Entry::ZeroBye(p) | Entry::FullBye(p) => {
                let p = *p;
                let kind = row.entry.result_code();
                return Err(here(
                    "result",
                    format!(
                        "round {round} board {} is a `{kind}` row for {}: it carries its score already and takes no game result",
                        w.board,
                        name_of(&t, p)
                    ),
                ));
            }
        }
    }
    // Validates the whole tournament as it would read back, then writes rounds.csv atomically.
    io::append_round(&args.dir, &next, &[]).map_err(|e| e.to_string())?;
    for c in &changes {
        outln!("{c}")?;
    }
    let missing: Vec<String> = next
        .missing_results(round)
        .iter()
        .filter(|m| m.0 == round)
        .map(|m| m.1.to_string())
        .collect();
    let dir = args.dir.display();
    let last = bsw_model::layout::total_rounds(&next.config).is_some_and(|total| round >= total);
    if missing.is_empty() && last {
        outln!(
            "round {round} is complete, and it was the last: the event is finished; final standings: bsw standings {dir}; the certificate: bsw report {dir} -o report.html"
        )?;
    } else if missing.is_empty() {
        outln!("round {round} is complete; next: bsw pair {dir}")?;
    } else {
        outln!(
            "round {round}: {} game(s) still without a result (board {})",
            missing.len(),
            missing.join(", ")
        )?;
    }
    Ok(0)
}

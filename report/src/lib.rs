//! The arbiter's certificate: one self-contained HTML page for a tournament (`bsw report`).
//!
//! Pure functions from data to an HTML string; no I/O (the CLI reads the files, runs the
//! checker and writes the page atomically). The page holds, each in its own `<section>`:
//! the event (system, rule book and tiebreak rules, rounds, seed and the Berger draw it gave),
//! the certificate (the verdict of the checker for every round, its profile, and each
//! violation written out with its rule, linked players and evidence), the players, every
//! round (boards, names, colours, results, byes, absences, who was not paired), the crosstables,
//! the standings with a legend of the tiebreak codes, and a score-progression chart of the
//! leaders (inline SVG).
//!
//! Self-contained: inline CSS, no script, no font or image fetched; tables have real headers
//! (`<th scope>`), wide tables scroll sideways inside their box at phone width, and the print
//! stylesheet starts each section on a new page.
//!
//! The checker's verdict comes in through [`Verdict`], built by [`verdict_from_check_json`]
//! from the JSON of `bsw check --json` (keys `round`, `rule`, `players`, `message`,
//! `evidence`), so that this crate does not depend on the checker's Rust types.

pub mod chart;
pub mod evidence;
pub mod html;

use bsw_model::{Entry, HalfPoints, Id, Player, Tournament};
use bsw_standings::crosstable::{self, Cell};
use html::{esc, half, player_anchor};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

/// What the page says about the event besides the tournament itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Where the tournament was read from (not opened). The page shows its last component
    /// only (the file or directory name), never the local path: the page is meant to be
    /// published.
    pub source: String,
    /// The program that made the page, e.g. `bsw 0.1.0`.
    pub generator: String,
    /// The pairing rule book and its version.
    pub rule_book: String,
    /// The tiebreak rules and their version.
    pub tiebreak_rules: String,
}

/// The Berger numbers of one group as drawn from the seed (SPEC §4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BergerDraw {
    /// 1-based group number.
    pub group: u32,
    /// `by_number[i]` got Berger number i+1.
    pub by_number: Vec<Id>,
}

/// One violation, as `bsw check --json` reports it.
#[derive(Clone, Debug, PartialEq)]
pub struct Violation {
    pub round: u32,
    pub rule: String,
    pub players: Vec<Id>,
    pub message: String,
    pub evidence: Value,
}

/// The checker's verdict on every round.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The profile certified against (`berger-swiss`, `generic`).
    pub profile: String,
    /// The rounds certified.
    pub rounds: Vec<u32>,
    pub violations: Vec<Violation>,
}

impl Verdict {
    pub fn is_conforming(&self) -> bool {
        self.violations.is_empty()
    }
}

/// Reads the verdict from the JSON of `bsw check --json`:
/// `{"rounds": [{"round": n, "violations": [{"rule", "players", "message", "evidence"}]}]}`.
pub fn verdict_from_check_json(profile: &str, json: &Value) -> Result<Verdict, String> {
    let bad = |what: &str| format!("checker report: {what}");
    let rounds =
        json.get("rounds").and_then(Value::as_array).ok_or_else(|| bad("no `rounds` list"))?;
    let mut verdict =
        Verdict { profile: profile.to_string(), rounds: Vec::new(), violations: Vec::new() };
    for r in rounds {
        let round = r
            .get("round")
            .and_then(Value::as_u64)
            .and_then(|x| u32::try_from(x).ok())
            .ok_or_else(|| bad("a round without a `round` number"))?;
        verdict.rounds.push(round);
        for v in
            r.get("violations").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default()
        {
            let rule = v
                .get("rule")
                .map(|x| x.as_str().map(str::to_string).unwrap_or(x.to_string()))
                .ok_or_else(|| bad("a violation without a `rule`"))?;
            let players = v
                .get("players")
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(|x| x.as_u64().and_then(|x| u32::try_from(x).ok()))
                        .collect()
                })
                .unwrap_or_default();
            verdict.violations.push(Violation {
                round,
                rule,
                players,
                message: v.get("message").and_then(Value::as_str).unwrap_or_default().to_string(),
                evidence: v.get("evidence").cloned().unwrap_or(Value::Null),
            });
        }
    }
    Ok(verdict)
}

/// Everything the page is made from.
pub struct Input<'a> {
    pub event: Event,
    pub tournament: &'a Tournament,
    /// The Berger draw, one entry per group (empty for a plain Swiss).
    pub draw: Vec<BergerDraw>,
    /// Standings and group tables after the last complete round; `None` before any.
    pub standings: Option<&'a bsw_standings::Report>,
    pub verdict: Verdict,
}

/// Points of every player from the rows of rounds `< round` (the score before that round).
pub fn points_before(t: &Tournament, round: u32) -> HashMap<Id, HalfPoints> {
    let mut points: HashMap<Id, HalfPoints> = t.players.iter().map(|p| (p.id, 0)).collect();
    let worth = t.row_points();
    for row in t.rows.iter().filter(|row| row.round < round) {
        for p in row.entry.players() {
            *points.entry(p).or_default() += worth.of(row, p).unwrap_or(0);
        }
    }
    points
}

/// The players without a row in round `round`, in entry order, each with whether they have
/// withdrawn by then.
pub fn not_paired(t: &Tournament, round: u32) -> Vec<(&Player, bool)> {
    let seen: BTreeSet<Id> = t.round_rows(round).flat_map(|row| row.entry.players()).collect();
    t.players.iter().filter(|p| !seen.contains(&p.id)).map(|p| (p, p.withdrawn_by(round))).collect()
}

/// What a rule id of the checker is about, in words.
pub fn rule_title(rule: &str) -> &'static str {
    match rule {
        "2" => "configuration: groups, swaps, rounds (SPEC §2)",
        "3" => "results and the points they give (SPEC §3)",
        "4" => "Berger draw and round-robin tables (SPEC §4)",
        "6" => "withdrawals (SPEC §6)",
        "7" => "who belongs to the Swiss field (SPEC §7)",
        "8.1" => "who may get the bye (SPEC §8.1)",
        "8.2" => "colours of a Swiss pair (SPEC §8.2)",
        "8.3" => "the relaxation ladder: the first level with a complete pairing (SPEC §8.3)",
        "8.4" => "the choice of opponents at that level (SPEC §8.4)",
        "8.5" => "board order (SPEC §8.5)",
        "9" => "requested absences (SPEC §9)",
        "structure" => "every active player exactly once, no unknown player",
        "points" => "points of the results (FIDE C.04.1)",
        "C.04.1-2" => "no two players meet more than once (FIDE C.04.1 b)",
        "C.04.1-4" => "a player gets at most one bye (FIDE C.04.1 d)",
        "C.04.1-6" => "colour difference stays within ±2 (FIDE C.04.1 f)",
        "C.04.1-7" => "no three colours in a row (FIDE C.04.1 g)",
        _ => "",
    }
}

/// What a tiebreak code means (C.07 of FIDE, applied from 1 March 2026).
pub fn tiebreak_meaning(code: &str) -> String {
    let (base, modifier) = match code.split_once(['-', '/']) {
        Some((b, m)) => (b, Some(m)),
        None => (code, None),
    };
    let base_words = match base {
        "BH" => {
            "Buchholz: the sum of the opponents' scores (unplayed rounds count a virtual opponent, Art. 16)"
        }
        "SB" => {
            "Sonneborn-Berger: the scores of the opponents beaten plus half the scores of those drawn"
        }
        "DE" => {
            "direct encounter: the place among the players still tied (1 = first, lower is better), by the points of their games against each other (Art. 6); players it cannot separate share a place"
        }
        "WIN" => "rounds won, with or without play",
        "WON" => "games won over the board",
        "BPG" => "games played with Black",
        "BWG" => "games won with Black",
        "ARO" => "average rating of the opponents",
        "TPR" => "tournament performance rating",
        "PTP" => "perfect tournament performance",
        "KS" => "Koya system: points against the players with at least half of the maximum score",
        "PS" => "progressive scores: the sum of the running scores after each round",
        "TPN" => "pairing number (lower is better)",
        "RTNG" => "own rating",
        _ => "",
    };
    let modifier_words = match modifier {
        Some("C1") => "; the lowest value left out (cut 1)",
        Some("C2") => "; the two lowest values left out (cut 2)",
        Some("M1") => "; the highest and the lowest value left out (median 1)",
        Some("M2") => "; the two highest and the two lowest values left out (median 2)",
        _ => "",
    };
    format!("{base_words}{modifier_words}")
}

const STYLE: &str = include_str!("style.css");

/// A rating for people: `unrated` for 0.
fn rating_text(r: u32) -> String {
    if r == 0 { "unrated".into() } else { r.to_string() }
}

struct Page<'a> {
    t: &'a Tournament,
    names: HashMap<Id, &'a str>,
    tpn: HashMap<Id, u32>,
}

impl Page<'_> {
    fn name(&self, id: Id) -> String {
        self.names.get(&id).map(|n| n.to_string()).unwrap_or_else(|| format!("unknown player {id}"))
    }

    /// A link to the player's row in the player list.
    fn link(&self, id: Id) -> String {
        format!("<a href=\"#{}\">{}</a>", player_anchor(id), esc(&self.name(id)))
    }

    /// A link with the id after it, for texts that name players by id.
    fn link_with_id(&self, id: Id) -> String {
        format!("{} <span class=\"id\">(id {id})</span>", self.link(id))
    }
}

/// Renders the whole page.
pub fn render(input: &Input) -> String {
    let t = input.tournament;
    let page = Page {
        t,
        names: t.players.iter().map(|p| (p.id, p.name.as_str())).collect(),
        tpn: bsw_standings::tpn_order(t)
            .into_iter()
            .enumerate()
            .map(|(i, id)| (id, i as u32 + 1))
            .collect(),
    };
    let title = t.config.name.clone().unwrap_or_else(|| source_name(&input.event.source).into());
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{} — certificate</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n",
        esc(&title)
    );
    s += &header(input, &title);
    s += "<main>\n";
    s += &event_section(input, &page);
    s += &certificate_section(input, &page);
    s += &players_section(input, &page);
    s += &rounds_section(input, &page);
    s += &standings_part(input, "crosstable", "Crosstable", |r| crosstable_body(r, &page));
    s += &standings_part(input, "standings", "Standings", standings_body);
    s += &standings_part(input, "progress", "Score progression", |r| progress_body(r, &page));
    s += "</main>\n";
    let _ = write!(
        s,
        "<footer><p>Made by {} from <code>{}</code>. Anyone can redo every step: the pairings with <code>bsw pair</code>, the certificate with <code>bsw check</code>, the standings with <code>bsw standings</code>.</p></footer>\n</body>\n</html>\n",
        esc(&input.event.generator),
        esc(source_name(&input.event.source))
    );
    s
}

/// The name of the source shown on the page: its last path component (`event.trf`), not a
/// local path such as `/home/arbiter/…`.
fn source_name(source: &str) -> &str {
    let trimmed = source.trim_end_matches(['/', '\\']);
    trimmed.rsplit(['/', '\\']).next().filter(|n| !n.is_empty()).unwrap_or(trimmed)
}

/// `1 round`, `3 rounds`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn verdict_sentence(v: &Verdict) -> (bool, String) {
    let n = v.violations.len();
    let rounds = count(v.rounds.len(), "round", "rounds");
    if n == 0 {
        let all = if v.rounds.len() > 1 { "all " } else { "" };
        (
            true,
            format!(
                "Conforming: {all}{rounds} certified, every rule followed (profile {}).",
                v.profile
            ),
        )
    } else {
        let bad: BTreeSet<u32> = v.violations.iter().map(|x| x.round).collect();
        let list: Vec<String> = bad.iter().map(u32::to_string).collect();
        (
            false,
            format!(
                "Violations: {} in {} {} ({rounds} judged, profile {}).",
                count(n, "violation", "violations"),
                if bad.len() == 1 { "round" } else { "rounds" },
                list.join(", "),
                v.profile
            ),
        )
    }
}

fn header(input: &Input, title: &str) -> String {
    let (ok, sentence) = verdict_sentence(&input.verdict);
    let mut s = format!(
        "<header>\n<h1>{}</h1>\n<p class=\"verdict {}\" id=\"verdict\"><strong>{}</strong> <a href=\"#certificate\">Details</a></p>\n<nav aria-label=\"Sections\"><ul>",
        esc(title),
        if ok { "ok" } else { "bad" },
        esc(&sentence)
    );
    for (id, label) in [
        ("event", "Event"),
        ("certificate", "Certificate"),
        ("players", "Players"),
        ("rounds", "Rounds"),
        ("crosstable", "Crosstable"),
        ("standings", "Standings"),
        ("progress", "Progress"),
    ] {
        let _ = write!(s, "<li><a href=\"#{id}\">{label}</a></li>");
    }
    s += "</ul></nav>\n</header>\n";
    s
}

fn fact(s: &mut String, label: &str, value_html: &str) {
    let _ = write!(s, "<tr><th scope=\"row\">{}</th><td>{value_html}</td></tr>", esc(label));
}

/// The checker profile that judged the event, for people.
fn profile_words(profile: &str) -> String {
    match profile {
        "dutch" => "profile dutch: FIDE (Dutch) System C.04.3 (2026): the absolute criteria C1-C3, the pairing-allocated bye, the colours of every pair, the quality criteria bracket by bracket, board order".into(),
        "generic" => "profile generic: the FIDE C.04.1 basic rules of every Swiss system".into(),
        "berger-swiss" => "profile berger-swiss: the Berger-Swiss rule book (SPEC §1–9)".into(),
        other => format!("profile {other}"),
    }
}

/// Where a Dutch event's initial colour (5.2.5) comes from, as the files say it (no rule
/// is applied here: configured, read from round 1 as played, or drawn from the seed).
fn initial_colour_words(t: &Tournament, d: &bsw_model::DutchConfig) -> String {
    let name = |c: bsw_model::Colour| match c {
        bsw_model::Colour::White => "White",
        bsw_model::Colour::Black => "Black",
    };
    match d.initial_colour {
        Some(c) => format!("{} for the top-ranked player in round 1 (configured)", name(c)),
        None if t.last_round() > 0 => "as played in round 1 (read from its games)".into(),
        None => format!(
            "{} for the top-ranked player in round 1 (drawn from seed {})",
            name(bsw_model::system::drawn_initial_colour(t.config.seed)),
            t.config.seed
        ),
    }
}

fn event_section(input: &Input, page: &Page) -> String {
    let t = input.tournament;
    let c = &t.config;
    let total = bsw_standings::total_rounds(t);
    let phase = bsw_standings::initial_phase(t);
    let mut s = String::from("<section id=\"event\">\n<h2>Event</h2>\n<table class=\"facts\">");
    fact(&mut s, "Name", &esc(c.name.as_deref().unwrap_or("(no name given)")));
    let system = if let Some(d) = c.system.dutch() {
        format!(
            "FIDE (Dutch) System, C.04.3 (2026); the pairing-allocated bye scores {}",
            bsw_model::half_points(d.pab_points)
        )
    } else if c.groups.is_empty() {
        "Berger-Swiss: a plain Swiss tournament (no Berger groups)".to_string()
    } else {
        let sizes: Vec<String> = c.groups.iter().map(u32::to_string).collect();
        format!(
            "Berger-Swiss: Berger groups of {} players on top (initial phase of {phase} round(s)), the other players in a Swiss field",
            sizes.join(", ")
        )
    };
    fact(&mut s, "System", &esc(&system));
    fact(&mut s, "Pairing rules", &esc(&input.event.rule_book));
    fact(&mut s, "Tiebreak rules", &esc(&input.event.tiebreak_rules));
    fact(&mut s, "Rounds", &format!("{} paired of {total}", t.paired_rounds()));
    fact(&mut s, "Players", &t.players.len().to_string());
    fact(&mut s, "Judged by", &esc(&profile_words(&input.verdict.profile)));
    if let Some(d) = c.system.dutch() {
        fact(&mut s, "Initial colour", &esc(&initial_colour_words(t, d)));
        let acceleration = match &c.acceleration {
            bsw_model::Acceleration::None => {
                "none (every round paired on the real scores)".to_string()
            }
            bsw_model::Acceleration::Baku => "Baku acceleration (FIDE C.04.5.1): virtual points \
                 for the first half of the players in the first half of the rounds, for \
                 pairing only (each round's certificate note gives them)"
                .to_string(),
            bsw_model::Acceleration::Explicit(m) => format!(
                "accelerated points given per player and round (TRF XXA records, {} players), for pairing only",
                m.len()
            ),
        };
        fact(&mut s, "Acceleration", &esc(&acceleration));
    } else {
        fact(
            &mut s,
            "Seed of the draw",
            &if c.groups.is_empty() {
                format!("<code>{}</code> (no Berger groups: nothing is drawn)", c.seed)
            } else {
                format!("<code>{}</code>", c.seed)
            },
        );
    }
    if !c.swaps.is_empty() {
        let swaps: Vec<String> =
            c.swaps.iter().map(|&(a, b)| format!("{} ⇄ {}", page.link(a), page.link(b))).collect();
        fact(&mut s, "Swaps before the draw", &swaps.join("; "));
    }
    fact(&mut s, "Source", &format!("<code>{}</code>", esc(source_name(&input.event.source))));
    s += "</table>\n";
    if !input.draw.is_empty() {
        let _ = write!(
            s,
            "<h3 id=\"draw\">The Berger draw</h3>\n<p>Each group's members, in pairing-number order (rating descending), were shuffled with one SplitMix64 stream seeded with <code>{}</code> (groups in order; for i from k−1 down to 1, j = next % (i+1), swap positions i and j). Position i got Berger number i+1. Anyone can redo it from the seed.</p>\n<div class=\"cards\">",
            c.seed
        );
        for g in &input.draw {
            let _ = write!(
                s,
                "<div class=\"scroll\"><table><caption>Group {}</caption><thead><tr><th scope=\"col\">Berger no.</th><th scope=\"col\">Player</th><th scope=\"col\">Pairing no.</th></tr></thead><tbody>",
                g.group
            );
            for (i, &id) in g.by_number.iter().enumerate() {
                let _ = write!(
                    s,
                    "<tr><td class=\"num\">{}</td><th scope=\"row\">{}</th><td class=\"num\">{}</td></tr>",
                    i + 1,
                    page.link(id),
                    page.tpn.get(&id).copied().unwrap_or(0)
                );
            }
            s += "</tbody></table></div>";
        }
        s += "</div>\n";
    }
    s += "</section>\n";
    s
}

fn players_section(input: &Input, page: &Page) -> String {
    let t = input.tournament;
    let groups = bsw_standings::group_members(t).unwrap_or_default();
    let group_of: HashMap<Id, usize> =
        groups.iter().enumerate().flat_map(|(g, m)| m.iter().map(move |&id| (id, g + 1))).collect();
    let berger_no: HashMap<Id, usize> = input
        .draw
        .iter()
        .flat_map(|g| g.by_number.iter().enumerate().map(|(i, &id)| (id, i + 1)))
        .collect();
    let with_groups = !t.config.groups.is_empty();
    let with_title = t.players.iter().any(|p| !p.title.is_empty());
    let with_fed = t.players.iter().any(|p| !p.federation.is_empty());
    let mut s = String::from(
        "<section id=\"players\">\n<h2>Players</h2>\n<div class=\"scroll\"><table><caption>In pairing-number order (rating descending, then entry order)</caption><thead><tr><th scope=\"col\">No.</th><th scope=\"col\">Name</th><th scope=\"col\">Rating</th>",
    );
    if with_title {
        s += "<th scope=\"col\">Title</th>";
    }
    if with_fed {
        s += "<th scope=\"col\">Fed.</th>";
    }
    if with_groups {
        s += "<th scope=\"col\">Group</th><th scope=\"col\">Berger no.</th>";
    }
    s += "<th scope=\"col\">Id</th><th scope=\"col\">Notes</th></tr></thead><tbody>";
    let mut players: Vec<_> = t.players.iter().collect();
    players.sort_by_key(|p| page.tpn.get(&p.id).copied().unwrap_or(u32::MAX));
    for p in players {
        let mut notes = Vec::new();
        if let Some(w) = p.withdrawn_from {
            notes.push(format!("withdrawn from round {w}"));
        }
        if !p.half_byes.is_empty() {
            let r: Vec<String> = p.half_byes.iter().map(u32::to_string).collect();
            notes.push(format!("half-point absence in round {}", r.join(", ")));
        }
        if !p.zero_byes.is_empty() {
            let r: Vec<String> = p.zero_byes.iter().map(u32::to_string).collect();
            notes.push(format!("zero-point absence in round {}", r.join(", ")));
        }
        let _ = write!(
            s,
            "<tr id=\"{}\"><td class=\"num\">{}</td><th scope=\"row\">{}</th><td class=\"num\">{}</td>",
            player_anchor(p.id),
            page.tpn.get(&p.id).copied().unwrap_or(0),
            esc(&p.name),
            rating_text(p.rating)
        );
        if with_title {
            let _ = write!(s, "<td>{}</td>", esc(&p.title));
        }
        if with_fed {
            let _ = write!(s, "<td>{}</td>", esc(&p.federation));
        }
        if with_groups {
            let _ = write!(
                s,
                "<td>{}</td><td class=\"num\">{}</td>",
                group_of.get(&p.id).map(|g| g.to_string()).unwrap_or_else(|| "Swiss".into()),
                berger_no.get(&p.id).map(|n| n.to_string()).unwrap_or_default()
            );
        }
        let _ =
            write!(s, "<td class=\"num\">{}</td><td>{}</td></tr>", p.id, esc(&notes.join("; ")));
    }
    s += "</tbody></table></div>\n</section>\n";
    s
}

fn round_verdict_html(input: &Input, round: u32) -> String {
    let v: Vec<(usize, &Violation)> =
        input.verdict.violations.iter().enumerate().filter(|(_, v)| v.round == round).collect();
    if !input.verdict.rounds.contains(&round) {
        return "<p class=\"round-verdict\">Not certified.</p>".into();
    }
    if v.is_empty() {
        return format!(
            "<p class=\"round-verdict ok\">✓ Conforming (profile {}).</p>",
            esc(&input.verdict.profile)
        );
    }
    let links: Vec<String> = v
        .iter()
        .map(|(k, x)| format!("<a href=\"#v{}\">rule {}</a>", k + 1, esc(&x.rule)))
        .collect();
    format!(
        "<p class=\"round-verdict bad\">✗ {} violation(s) (profile {}): {}.</p>",
        v.len(),
        esc(&input.verdict.profile),
        links.join(", ")
    )
}

fn rounds_section(input: &Input, page: &Page) -> String {
    let t = input.tournament;
    let mut s = String::from("<section id=\"rounds\">\n<h2>Rounds</h2>\n");
    // A Dutch round entered ahead (byes and absences only) is not paired yet.
    if t.paired_rounds() == 0 {
        s += "<p>No round has been paired yet.</p>\n";
    }
    for r in 1..=t.paired_rounds() {
        let before = points_before(t, r);
        let pts = |id: Id| half(before.get(&id).copied().unwrap_or(0));
        let _ = write!(
            s,
            "<h3 id=\"round-{r}\">Round {r}</h3>\n{}\n<div class=\"scroll\"><table class=\"pairings\"><caption>Round {r}: boards, points before the round, results</caption><thead><tr><th scope=\"col\">Board</th><th scope=\"col\">White</th><th scope=\"col\">Pts</th><th scope=\"col\">Result</th><th scope=\"col\">Black</th><th scope=\"col\">Pts</th></tr></thead><tbody>",
            round_verdict_html(input, r)
        );
        for row in t.round_rows(r) {
            match row.entry {
                Entry::Game { white, black, .. } => {
                    let code = row.entry.result_code();
                    let _ = write!(
                        s,
                        "<tr><th scope=\"row\" class=\"num\">{}</th><td>{}</td><td class=\"num\">{}</td><td class=\"result\">{}</td><td>{}</td><td class=\"num\">{}</td></tr>",
                        row.board,
                        page.link(white),
                        pts(white),
                        if code.is_empty() {
                            "<span class=\"pending\">pending</span>".to_string()
                        } else {
                            esc(code)
                        },
                        page.link(black),
                        pts(black)
                    );
                }
                Entry::Bye(p) | Entry::HalfBye(p) | Entry::ZeroBye(p) | Entry::FullBye(p) => {
                    let what = match row.entry {
                        Entry::Bye(_) => "bye (1 point)",
                        Entry::FullBye(_) => "full-point bye given by the arbiter (1 point)",
                        Entry::HalfBye(_) => "requested absence (½ point)",
                        _ => "requested absence (0 points)",
                    };
                    let _ = write!(
                        s,
                        "<tr class=\"bye\"><th scope=\"row\" class=\"num\">{}</th><td>{}</td><td class=\"num\">{}</td><td class=\"result\" colspan=\"3\">{what}</td></tr>",
                        row.board,
                        page.link(p),
                        pts(p)
                    );
                }
            }
        }
        s += "</tbody></table></div>\n";
        let absent: Vec<String> = not_paired(page.t, r)
            .into_iter()
            .map(|(p, withdrawn)| {
                if withdrawn { format!("{} (withdrawn)", page.link(p.id)) } else { page.link(p.id) }
            })
            .collect();
        if !absent.is_empty() {
            let _ = writeln!(s, "<p class=\"absent\">Not paired: {}.</p>", absent.join(", "));
        }
    }
    s += "</section>\n";
    s
}

/// What a violation in a round after `first`, the first round with a violation, rests on:
/// every round is judged on the rounds before it as published, so it may follow from the
/// earlier one (a round paired right would have changed what came after).
pub fn cascade_note(first: u32) -> String {
    format!(
        "Judged on the rounds before it as published, including round {first} with its violation: had round {first} been paired as the rules demand, this round would rest on other pairings, so this violation may follow from that one."
    )
}

fn certificate_section(input: &Input, page: &Page) -> String {
    let v = &input.verdict;
    let (ok, sentence) = verdict_sentence(v);
    let mut s = format!(
        "<section id=\"certificate\">\n<h2>Certificate</h2>\n<p class=\"verdict {}\"><strong>{}</strong></p>\n<p>Every round was replayed by the independent checker (<code>bsw check</code>, profile <strong>{}</strong>), which re-derives each rule from the rule book in its own code: it does not use the pairing engine.</p>\n<div class=\"scroll\"><table><caption>Verdict per round</caption><thead><tr><th scope=\"col\">Round</th><th scope=\"col\">Verdict</th><th scope=\"col\">Rules broken</th></tr></thead><tbody>",
        if ok { "ok" } else { "bad" },
        esc(&sentence),
        esc(&v.profile)
    );
    for &r in &v.rounds {
        let rules: BTreeSet<&str> =
            v.violations.iter().filter(|x| x.round == r).map(|x| x.rule.as_str()).collect();
        let _ = write!(
            s,
            "<tr><th scope=\"row\"><a href=\"#round-{r}\">Round {r}</a></th><td class=\"{}\">{}</td><td>{}</td></tr>",
            if rules.is_empty() { "ok" } else { "bad" },
            if rules.is_empty() { "conforming" } else { "violations" },
            esc(&rules.into_iter().collect::<Vec<_>>().join(", "))
        );
    }
    s += "</tbody></table></div>\n";
    let first_bad = v.violations.iter().map(|x| x.round).min();
    for (k, x) in v.violations.iter().enumerate() {
        let title = rule_title(&x.rule);
        let players: Vec<String> = x.players.iter().map(|&p| page.link_with_id(p)).collect();
        let _ = write!(
            s,
            "<article class=\"violation\" id=\"v{}\">\n<h3>Violation {}: round {}, rule {}{}</h3>\n<p>{}</p>\n",
            k + 1,
            k + 1,
            x.round,
            esc(&x.rule),
            if title.is_empty() { String::new() } else { format!(" — {}", esc(title)) },
            esc(&x.message)
        );
        if !players.is_empty() {
            let _ = writeln!(s, "<p>Players: {}.</p>", players.join(", "));
        }
        if let Some(first) = first_bad.filter(|&f| f < x.round) {
            let _ = writeln!(s, "<p class=\"cascade\">{}</p>", esc(&cascade_note(first)));
        }
        let ev = evidence::evidence_html(&x.evidence, &|id| page.link_with_id(id));
        if !ev.is_empty() {
            let _ = writeln!(s, "<h4>Evidence</h4>\n{ev}");
        }
        s += "</article>\n";
    }
    s += "</section>\n";
    s
}

/// A section that shows the standings: `body` of them, or a note while no round is complete.
fn standings_part(
    input: &Input,
    id: &str,
    title: &str,
    body: impl FnOnce(&bsw_standings::Report) -> String,
) -> String {
    let mut s = format!("<section id=\"{id}\">\n<h2>{title}</h2>\n");
    match input.standings {
        Some(report) => s += &body(report),
        None => s += "<p>No round is complete yet.</p>\n",
    }
    s += "</section>\n";
    s
}

fn crosstable_body(report: &bsw_standings::Report, page: &Page) -> String {
    let mut s = String::new();
    let x = crosstable::swiss(page.t, &report.overall);
    let _ = write!(
        s,
        "<p>After round {}. Each round: the opponent's rank, the colour (w White, b Black) and the result (1, ½, 0; + and − a win or loss without play); −1 a bye, −½ and −0 a requested absence; empty: not paired.</p>\n<div class=\"scroll\"><table class=\"cross\"><caption>Crosstable after round {}</caption><thead><tr><th scope=\"col\">Rk</th><th scope=\"col\">Name</th><th scope=\"col\">Rating</th>",
        x.round, x.round
    );
    for r in 1..=x.round {
        let _ = write!(s, "<th scope=\"col\">Rd {r}</th>");
    }
    s += "<th scope=\"col\">Pts</th></tr></thead><tbody>";
    for line in &x.lines {
        let _ = write!(
            s,
            "<tr><td class=\"num\">{}</td><th scope=\"row\">{}</th><td class=\"num\">{}</td>",
            line.rank,
            page.link(line.id),
            rating_text(line.rating)
        );
        for c in &line.cells {
            let title = match c {
                Cell::Game { opponent, .. } => format!(" title=\"{}\"", esc(&page.name(*opponent))),
                _ => String::new(),
            };
            let _ = write!(s, "<td class=\"cell\"{title}>{}</td>", esc(&c.text()));
        }
        let _ = write!(s, "<td class=\"num\">{}</td></tr>", half(line.points));
    }
    s += "</tbody></table></div>\n";
    for g in &report.groups {
        let table = crosstable::round_robin(page.t, g);
        let _ = write!(
            s,
            "<h3>Group {}</h3>\n<div class=\"scroll\"><table class=\"cross rr\"><caption>Group {}: games inside the group up to round {}</caption><thead><tr><th scope=\"col\">Rk</th><th scope=\"col\">Name</th><th scope=\"col\">Rating</th>",
            table.group, table.group, g.standings.round
        );
        for (rank, ..) in &table.members {
            let _ = write!(s, "<th scope=\"col\">{rank}</th>");
        }
        s += "<th scope=\"col\">Pts</th></tr></thead><tbody>";
        for (i, (rank, id, _, rating, points)) in table.members.iter().enumerate() {
            let _ = write!(
                s,
                "<tr><td class=\"num\">{rank}</td><th scope=\"row\">{}</th><td class=\"num\">{}</td>",
                page.link(*id),
                rating_text(*rating)
            );
            for j in 0..table.members.len() {
                if i == j {
                    s += "<td class=\"cell diag\" aria-label=\"same player\">×</td>";
                } else {
                    let _ = write!(s, "<td class=\"cell\">{}</td>", esc(&table.results[i][j]));
                }
            }
            let _ = write!(s, "<td class=\"num\">{}</td></tr>", half(*points));
        }
        s += "</tbody></table></div>\n";
    }
    s
}

fn standings_table(st: &bsw_standings::Standings, caption: &str) -> String {
    let mut s = format!(
        "<div class=\"scroll\"><table class=\"standings\"><caption>{}</caption><thead><tr><th scope=\"col\">Rk</th><th scope=\"col\">Name</th><th scope=\"col\">Rating</th><th scope=\"col\">Pts</th><th scope=\"col\"><abbr title=\"wins over the board\">WNT</abbr></th>",
        esc(caption)
    );
    for c in &st.codes {
        let code = c.to_string();
        let _ = write!(
            s,
            "<th scope=\"col\"><abbr title=\"{}\">{}</abbr></th>",
            esc(&tiebreak_meaning(&code)),
            esc(&code)
        );
    }
    s += "</tr></thead><tbody>";
    for r in &st.rows {
        let _ = write!(
            s,
            "<tr><td class=\"num\">{}</td><th scope=\"row\"><a href=\"#{}\">{}</a></th><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>",
            r.rank,
            player_anchor(r.id),
            esc(&r.name),
            rating_text(r.rating),
            half(r.points),
            r.wnt
        );
        for (c, v) in st.codes.iter().zip(&r.tiebreaks) {
            let text = match v.as_f64() {
                None => "–".to_string(),
                Some(x) if c.is_integer() => format!("{}", x.round() as i64),
                Some(x) => format!("{x}"),
            };
            let _ = write!(s, "<td class=\"num\">{text}</td>");
        }
        s += "</tr>";
    }
    s += "</tbody></table></div>\n";
    s
}

fn standings_body(report: &bsw_standings::Report) -> String {
    let mut s = String::new();
    s += &standings_table(
        &report.overall,
        &format!(
            "Standings after round {} (ranking: points, then the tiebreaks in order, then pairing number)",
            report.overall.round
        ),
    );
    let mut codes: Vec<String> = report.overall.codes.iter().map(|c| c.to_string()).collect();
    for g in &report.groups {
        let _ = writeln!(s, "<h3>Group {}</h3>", g.group);
        s += &standings_table(
            &g.standings,
            &format!("Group {}: games inside the group up to round {}", g.group, g.standings.round),
        );
        for c in &g.standings.codes {
            let c = c.to_string();
            if !codes.contains(&c) {
                codes.push(c);
            }
        }
    }
    s += "<h3>Legend</h3>\n<dl class=\"legend-codes\"><dt>Pts</dt><dd>points (win 1, draw ½, bye 1)</dd><dt>WNT</dt><dd>wins over the board</dd>";
    for c in codes {
        let _ = write!(s, "<dt>{}</dt><dd>{}</dd>", esc(&c), esc(&tiebreak_meaning(&c)));
    }
    s += "</dl>\n";
    s
}

fn progress_body(report: &bsw_standings::Report, page: &Page) -> String {
    let mut s = String::new();
    let n = report.overall.round;
    let after: Vec<HashMap<Id, HalfPoints>> =
        (1..=n).map(|k| points_before(page.t, k + 1)).collect();
    let series: Vec<chart::Series> = report
        .overall
        .rows
        .iter()
        .take(6)
        .map(|r| chart::Series {
            label: format!("{}. {}", r.rank, r.name),
            after: after.iter().map(|m| m.get(&r.id).copied().unwrap_or(0)).collect(),
        })
        .collect();
    let _ = writeln!(
        s,
        "<p>Points after each round of the {} leader(s) after round {n}.</p>\n<figure>{}</figure>",
        series.len(),
        chart::progression_svg(
            &format!("Points after each round, top {} after round {n}", series.len()),
            &series
        )
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_adapter_reads_the_check_json_keys() {
        let json = json!({"verdict": "violations", "rounds": [
            {"round": 1, "violations": []},
            {"round": 2, "violations": [{"rule": "8.4", "players": [1, 8, 3],
                "message": "m", "evidence": {"player": 1}}]}]});
        let v = verdict_from_check_json("berger-swiss", &json).unwrap();
        assert_eq!(v.rounds, vec![1, 2]);
        assert_eq!(v.violations.len(), 1);
        let x = &v.violations[0];
        assert_eq!(
            (x.round, x.rule.as_str(), x.players.clone(), x.message.as_str()),
            (2, "8.4", vec![1, 8, 3], "m")
        );
        assert_eq!(x.evidence, json!({"player": 1}));
        assert!(verdict_from_check_json("x", &json!({"verdict": "conforming"})).is_err());
    }

    #[test]
    fn tiebreak_codes_with_modifiers_are_explained() {
        assert!(tiebreak_meaning("BH-C1").starts_with("Buchholz"));
        assert!(tiebreak_meaning("BH-C1").ends_with("(cut 1)"));
        assert_eq!(tiebreak_meaning("WIN"), "rounds won, with or without play");
    }
}

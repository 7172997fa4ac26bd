//! `tournament.toml`: reading (with the line of every value, for errors found later) and
//! writing, and the check of the configuration against the player list (SPEC §2).

use super::text::{line_of_offset, numbered_lines, strip_bom};
use crate::layout::{LayoutError, memberships, schedule_len};
use crate::{Config, InputError, Player, Tournament};
use serde::Deserialize;
use toml::Spanned;

/// `tournament.toml` text: keys in the fixed order name, rounds, seed, groups, swaps,
/// tiebreaks, system keys, acceleration, trf_header (one line per record), then the
/// `[accelerated_points]` table; absent / empty optional keys are left out
/// (`seed` is always written).
pub fn tournament_toml(t: &Tournament) -> String {
    let c = &t.config;
    let mut s = String::new();
    if let Some(name) = &c.name {
        s += &format!("name = {}\n", toml_string(name));
    }
    if let Some(r) = c.rounds {
        s += &format!("rounds = {r}\n");
    }
    s += &format!("seed = {}\n", c.seed);
    if !c.groups.is_empty() {
        let g: Vec<String> = c.groups.iter().map(u32::to_string).collect();
        s += &format!("groups = [{}]\n", g.join(", "));
    }
    if !c.swaps.is_empty() {
        let sw: Vec<String> = c.swaps.iter().map(|(a, b)| format!("[{a}, {b}]")).collect();
        s += &format!("swaps = [{}]\n", sw.join(", "));
    }
    if let Some(tb) = &c.tiebreaks {
        let codes: Vec<String> = tb.iter().map(|x| toml_string(x)).collect();
        s += &format!("tiebreaks = [{}]\n", codes.join(", "));
    }
    s += &crate::system::toml_lines(&c.system);
    let (key, table) = acceleration_toml(&c.acceleration);
    s += &key;
    if !c.trf_header.is_empty() {
        s += "trf_header = [\n";
        for line in &c.trf_header {
            s += &format!("    {},\n", toml_string(line));
        }
        s += "]\n";
    }
    s += &table;
    s
}

/// The `acceleration` key (`"none"`, `"baku"`, or `"xxa"` with the `[accelerated_points]`
/// table: player id = [points of round 1, round 2, …], as a TRF file's `XXA` records give
/// them). Dutch events only.
fn acceleration(
    file: &str,
    text: &str,
    c: &Config,
    key: Option<Spanned<String>>,
    points: Option<Spanned<std::collections::BTreeMap<String, Spanned<Vec<toml::Value>>>>>,
) -> Result<crate::Acceleration, InputError> {
    use crate::Acceleration;
    let at = |span: std::ops::Range<usize>| Some(line_of_offset(text, span.start));
    let Some(key) = key else {
        if let Some(p) = points {
            return Err(InputError::new(
                file,
                at(p.span()),
                Some("accelerated_points"),
                String::from("only used with acceleration = \"xxa\""),
            ));
        }
        return Ok(Acceleration::None);
    };
    let line = at(key.span());
    let value = key.into_inner();
    if c.system.dutch().is_none() && value != "none" {
        return Err(InputError::new(
            file,
            line,
            Some("acceleration"),
            String::from("only used with system = \"dutch\""),
        ));
    }
    match (value.as_str(), points) {
        ("none", None) => Ok(Acceleration::None),
        ("baku", None) => Ok(Acceleration::Baku),
        ("xxa", Some(p)) => {
            let mut m = std::collections::BTreeMap::new();
            for (id, v) in p.into_inner() {
                let line = at(v.span());
                let id: crate::Id = id.parse().ok().filter(|&x| x >= 1).ok_or_else(|| {
                    InputError::new(
                        file,
                        line,
                        Some("accelerated_points"),
                        format!("`{id}` is not a player id"),
                    )
                })?;
                let mut hp = Vec::new();
                for x in v.into_inner() {
                    let h = match &x {
                        toml::Value::Integer(i) if (0..=1000).contains(i) => Some(*i as i32 * 2),
                        toml::Value::Float(f)
                            if (0.0..=1000.0).contains(f) && (f * 2.0).fract() == 0.0 =>
                        {
                            Some((f * 2.0) as i32)
                        }
                        _ => None,
                    };
                    hp.push(h.ok_or_else(|| {
                        InputError::new(
                            file,
                            line,
                            Some("accelerated_points"),
                            format!("player {id}: `{x}` is not a number of points (0, 0.5, 1, …)"),
                        )
                    })?);
                }
                m.insert(id, hp);
            }
            Ok(Acceleration::Explicit(m))
        }
        ("xxa", None) => Err(InputError::new(
            file,
            line,
            Some("acceleration"),
            String::from("\"xxa\" needs the [accelerated_points] table"),
        )),
        ("none" | "baku", Some(p)) => Err(InputError::new(
            file,
            at(p.span()),
            Some("accelerated_points"),
            String::from("only used with acceleration = \"xxa\""),
        )),
        (other, _) => Err(InputError::new(
            file,
            line,
            Some("acceleration"),
            format!("`{other}` is not an acceleration; use \"none\", \"baku\" or \"xxa\""),
        )),
    }
}

/// The `acceleration` lines of `tournament.toml`: the key, and for explicit points the
/// `[accelerated_points]` table (last in the file: a TOML table ends the top-level keys).
fn acceleration_toml(a: &crate::Acceleration) -> (String, String) {
    use crate::Acceleration;
    match a {
        Acceleration::None => (String::new(), String::new()),
        Acceleration::Baku => ("acceleration = \"baku\"\n".into(), String::new()),
        Acceleration::Explicit(m) => {
            let mut t = String::from("\n[accelerated_points]\n");
            for (id, pts) in m {
                let v: Vec<String> = pts
                    .iter()
                    .map(|&h| format!("{}{}", h / 2, if h % 2 == 1 { ".5" } else { "" }))
                    .collect();
                t += &format!("{id} = [{}]\n", v.join(", "));
            }
            ("acceleration = \"xxa\"\n".into(), t)
        }
    }
}

fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// One `[id, id]` entry of `swaps` (length checked after parsing).
type SpannedPair = Spanned<Vec<Spanned<i64>>>;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    name: Option<Spanned<String>>,
    rounds: Option<Spanned<i64>>,
    seed: Option<Spanned<i64>>,
    groups: Option<Spanned<Vec<Spanned<i64>>>>,
    swaps: Option<Spanned<Vec<SpannedPair>>>,
    tiebreaks: Option<Spanned<Vec<Spanned<String>>>>,
    trf_header: Option<Vec<String>>,
    system: Option<Spanned<String>>,
    initial_colour: Option<Spanned<String>>,
    pab_points: Option<Spanned<toml::Value>>,
    acceleration: Option<Spanned<String>>,
    accelerated_points:
        Option<Spanned<std::collections::BTreeMap<String, Spanned<Vec<toml::Value>>>>>,
}

/// Where config values sit, for errors found after the players are known.
#[derive(Default)]
pub(crate) struct ConfigLines {
    pub(crate) rounds: Option<usize>,
    pub(crate) groups: Option<usize>,
    pub(crate) group: Vec<usize>,
    pub(crate) swap: Vec<usize>,
    /// Line of each `[accelerated_points]` entry, by player id.
    pub(crate) accelerated: std::collections::BTreeMap<crate::Id, usize>,
}

pub(super) fn parse_toml(file: &str, text: &str) -> Result<(Config, ConfigLines), InputError> {
    let text = strip_bom(text);
    let raw: RawConfig = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| line_of_offset(text, s.start));
        let field = line.and_then(|l| {
            let src = numbered_lines(text).into_iter().find(|(n, _)| *n == l)?.1;
            let key = if src.trim_start().starts_with('[') {
                src.trim().trim_matches(['[', ']']).trim()
            } else if src.contains('=') {
                src.split('=').next()?.trim()
            } else {
                ""
            };
            (!key.is_empty() && key.len() < 40).then(|| key.to_string())
        });
        let msg = e.message().trim().replace('\n', " ");
        InputError::new(file, line, field.as_deref(), msg)
    })?;
    let at = |span: std::ops::Range<usize>| line_of_offset(text, span.start);
    let err = |span: std::ops::Range<usize>, field: &str, msg: String| {
        InputError::new(file, Some(at(span)), Some(field), msg)
    };
    let mut lines = ConfigLines::default();
    let mut c = Config::default();
    if let Some(n) = raw.name {
        c.name = Some(n.into_inner());
    }
    if let Some(s) = raw.seed {
        let span = s.span();
        let v = s.into_inner();
        if v < 0 {
            return Err(err(
                span,
                "seed",
                format!("{v} is negative; the seed is an integer from 0 to 2^63-1"),
            ));
        }
        c.seed = v as u64;
    }
    if let Some(r) = raw.rounds {
        let span = r.span();
        lines.rounds = Some(at(span.clone()));
        let v = *r.get_ref();
        if v < 1 || v > u32::MAX as i64 {
            return Err(err(
                span,
                "rounds",
                format!("{v} is not a valid number of rounds (at least 1)"),
            ));
        }
        c.rounds = Some(v as u32);
    }
    if let Some(g) = raw.groups {
        lines.groups = Some(at(g.span()));
        for (i, size) in g.into_inner().into_iter().enumerate() {
            let span = size.span();
            let v = size.into_inner();
            if v < 3 {
                return Err(err(
                    span,
                    "groups",
                    format!("group {} has {v} players; a Berger group needs at least 3", i + 1),
                ));
            }
            if v > u32::MAX as i64 {
                return Err(err(
                    span,
                    "groups",
                    format!("group {} has {v} players: too many", i + 1),
                ));
            }
            lines.group.push(at(span));
            c.groups.push(v as u32);
        }
    }
    if let Some(sw) = raw.swaps {
        for (i, pair) in sw.into_inner().into_iter().enumerate() {
            let span = pair.span();
            let ids = pair.into_inner();
            if ids.len() != 2 {
                return Err(err(
                    span,
                    "swaps",
                    format!("swap {} has {} ids; a swap is a pair [id, id]", i + 1, ids.len()),
                ));
            }
            let mut pair_ids = [0u32; 2];
            for (k, id) in ids.into_iter().enumerate() {
                let v = id.into_inner();
                if v < 1 || v > u32::MAX as i64 {
                    return Err(err(
                        span,
                        "swaps",
                        format!("swap {}: {v} is not a player id", i + 1),
                    ));
                }
                pair_ids[k] = v as u32;
            }
            lines.swap.push(at(span));
            c.swaps.push((pair_ids[0], pair_ids[1]));
        }
    }
    if let Some(tb) = raw.tiebreaks {
        let mut codes = Vec::new();
        for code in tb.into_inner() {
            let span = code.span();
            let v = code.into_inner();
            if v.trim().is_empty() {
                return Err(err(span, "tiebreaks", "empty tiebreak code".into()));
            }
            codes.push(v);
        }
        c.tiebreaks = Some(codes);
    }
    c.trf_header = raw.trf_header.unwrap_or_default();
    c.system = crate::system::from_toml(
        raw.system.map(|v| (at(v.span()), v.into_inner())),
        raw.initial_colour.map(|v| (at(v.span()), v.into_inner())),
        raw.pab_points.map(|v| (at(v.span()), v.into_inner())),
    )
    .map_err(|(line, field, msg)| InputError::new(file, Some(line), Some(field), msg))?;
    if let Some(p) = &raw.accelerated_points {
        for (id, v) in p.get_ref() {
            if let Ok(id) = id.parse::<crate::Id>() {
                lines.accelerated.insert(id, at(v.span()));
            }
        }
    }
    c.acceleration = acceleration(file, text, &c, raw.acceleration, raw.accelerated_points)?;
    Ok((c, lines))
}

/// Checks the configuration against the player list (SPEC §2). See the module docs for the
/// membership derivation used by the swap checks.
pub(crate) fn check_config(
    file: &str,
    c: &Config,
    lines: &ConfigLines,
    players: &[Player],
) -> Result<(), InputError> {
    for (id, line) in &lines.accelerated {
        if !players.iter().any(|p| p.id == *id) {
            return Err(InputError::new(
                file,
                Some(*line),
                Some("accelerated_points"),
                format!("player {id} is not in players.csv"),
            ));
        }
    }
    let layout = memberships(players, c);
    if let Err(e @ LayoutError::TooFewPlayers { .. }) = &layout {
        return Err(InputError::new(file, lines.groups, Some("groups"), e.to_string()));
    }
    if let Some(&first) = c.groups.first() {
        let p = schedule_len(first);
        for (i, &g) in c.groups.iter().enumerate().skip(1) {
            if schedule_len(g) != p {
                return Err(InputError::new(
                    file,
                    lines.group.get(i).copied(),
                    Some("groups"),
                    format!(
                        "group {} ({g} players) has a {}-round Berger schedule but group 1 ({first} players) has {p}; all groups need the same length",
                        i + 1,
                        schedule_len(g)
                    ),
                ));
            }
        }
        if let Some(r) = c.rounds
            && r < p
        {
            return Err(InputError::new(
                file,
                lines.rounds,
                Some("rounds"),
                format!("{r} is less than the initial phase P = {p} (the Berger schedule length)"),
            ));
        }
    } else if c.rounds.is_none() {
        return Err(InputError::new(
            file,
            None,
            Some("rounds"),
            "missing; it is required when there are no groups",
        ));
    }
    match layout {
        Err(e @ LayoutError::Swap { index, .. }) => {
            Err(InputError::new(file, lines.swap.get(index).copied(), Some("swaps"), e.to_string()))
        }
        _ => Ok(()),
    }
}

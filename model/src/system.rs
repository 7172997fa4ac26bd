//! The pairing system of a tournament and its settings (`system`, `initial_colour`,
//! `pab_points` in `tournament.toml`; `092`/`192`, `XXC` in TRF).
//!
//! Only data: what the files say. The rules of each system live in the engine and checker.
//!
//! - `system = "berger-swiss"` (the default) or `system = "dutch"` (FIDE C.04.3, 2026).
//! - `initial_colour = "white" | "black"`: the colour of the top-ranked player in round 1
//!   (C.04.3 5.2.5, drawn by lot before round 1). When absent, it is read from the rounds
//!   already played (the round-1 colour of the first player by pairing number who was paired
//!   then, inverted when an odd number of paired players stand before them), and before round
//!   1 it is drawn from `seed`: **white when the first SplitMix64 output of the seed is even**
//!   ([`drawn_initial_colour`]).
//! - `pab_points`: what the pairing-allocated bye is worth, in half-points (2 = a win, the
//!   default of C.04.1; 1 = a draw; 0).

use crate::HalfPoints;

/// Accelerated pairing: virtual points added to some players' scores in the first rounds,
/// for pairing only (never for standings). Only data: what the files say; the rules that
/// derive the Baku virtual points (FIDE C.04.5.1) live in the engine and, independently, in
/// the checker.
///
/// - `tournament.toml`: `acceleration = "baku"` (Dutch events only).
/// - TRF: a `092`/`192` tournament type naming Baku (`FIDE_DUTCH_2025_BAKU`,
///   `FIDE_DUTCH_2026_BAKU`) selects [`Acceleration::Baku`]; `XXA` records (bbpPairings'
///   reading: start number at columns 5-8, the points of round r at columns
///   10+5(r-1) to 13+5(r-1)) give [`Acceleration::Explicit`], which takes precedence, as
///   for bbpPairings. The `XXA` records stay in the kept TRF header, so export writes them
///   back verbatim.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Acceleration {
    /// Every round paired on the real scores.
    #[default]
    None,
    /// FIDE C.04.5.1 Baku Acceleration.
    Baku,
    /// `XXA` records: per player id, the accelerated points (half-points) of rounds 1, 2, …
    /// (a round beyond the list: none).
    Explicit(std::collections::BTreeMap<crate::Id, Vec<HalfPoints>>),
}

impl Acceleration {
    /// The `acceleration` key's value (`"xxa"` for explicit records).
    pub fn name(&self) -> &'static str {
        match self {
            Acceleration::None => "none",
            Acceleration::Baku => "baku",
            Acceleration::Explicit(_) => "xxa",
        }
    }

    /// The explicit accelerated points of player `id` in round `r` (1-based), half-points.
    pub fn explicit(&self, id: crate::Id, r: u32) -> HalfPoints {
        match self {
            Acceleration::Explicit(m) => {
                m.get(&id).and_then(|v| v.get((r as usize).wrapping_sub(1))).copied().unwrap_or(0)
            }
            _ => 0,
        }
    }
}

/// Whether a TRF `092`/`192` tournament-type text names the Baku acceleration
/// (`FIDE_DUTCH_2025_BAKU`, a free text containing "baku").
pub fn trf_type_is_baku(text: &str) -> bool {
    text.to_ascii_lowercase().contains("baku")
}

/// Reads one `XXA` record as bbpPairings does: the player's start number at columns 5-8,
/// then one 4-column value per round at columns 10-13, 15-18, … (blank: 0). Returns the
/// start number and the half-points per round, or the columns at fault and why.
pub fn trf_xxa(line: &str) -> Result<(crate::Id, Vec<HalfPoints>), (String, String)> {
    let chars: Vec<char> = line.chars().collect();
    let cols = |a: usize, b: usize| -> String {
        chars.get(a - 1..b.min(chars.len())).map(|c| c.iter().collect()).unwrap_or_default()
    };
    let id_text = cols(5, 8);
    let id = id_text.trim().parse::<crate::Id>().ok().filter(|&id| id >= 1).ok_or_else(|| {
        ("5-8".to_string(), format!("`{}` is not a start number", id_text.trim()))
    })?;
    let mut points = Vec::new();
    let mut start = 10;
    while start <= chars.len() {
        let end = start + 3;
        let v = cols(start, end);
        let sep = cols(start - 1, start - 1);
        if !sep.trim().is_empty() {
            return Err((
                format!("{}", start - 1),
                format!("`{sep}` where a blank separates the values"),
            ));
        }
        let t = v.trim();
        let hp = if t.is_empty() {
            0
        } else {
            half_points_of(t).ok_or_else(|| {
                (
                    format!("{start}-{end}"),
                    format!("`{t}` is not a number of points (a multiple of 0.5, e.g. 1.0 or 0.5)"),
                )
            })?
        };
        // The value is written back in the same 4 columns (`trf_xxa_line`): 99.5 at most.
        if hp > MAX_XXA {
            return Err((
                format!("{start}-{end}"),
                format!("`{t}` accelerated points: at most 99.5 fit the record's 4 columns"),
            ));
        }
        points.push(hp);
        start += 5;
    }
    Ok((id, points))
}

/// The most accelerated points (half-points) an `XXA` value holds: `99.5`.
const MAX_XXA: HalfPoints = 199;

/// `1.0`, `0.5`, `1`, `.5`, `10.5` as half-points.
fn half_points_of(t: &str) -> Option<HalfPoints> {
    let (int, frac) = t.split_once('.').unwrap_or((t, ""));
    if !int.chars().all(|c| c.is_ascii_digit()) || !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    let whole: HalfPoints = if int.is_empty() { 0 } else { int.parse().ok()? };
    let half = match frac.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    whole.checked_mul(2)?.checked_add(half)
}

/// The `XXA` record of player `start` (start number) with `points` (half-points per round),
/// written as bbpPairings reads it.
pub fn trf_xxa_line(start: crate::Id, points: &[HalfPoints]) -> String {
    let mut s = format!("XXA {start:>4}");
    for &p in points {
        s += &format!(" {:>4}", format!("{}.{}", p / 2, if p % 2 == 1 { 5 } else { 0 }));
    }
    s
}

/// White or Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// `"white"` / `"black"`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }
}

/// Settings of the FIDE (Dutch) system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DutchConfig {
    /// Colour of the top-ranked player in round 1; `None`: read from the rounds played, or
    /// drawn from the seed (module docs).
    pub initial_colour: Option<Colour>,
    /// Value of the pairing-allocated bye in half-points (2, 1 or 0).
    pub pab_points: HalfPoints,
}

impl Default for DutchConfig {
    fn default() -> Self {
        DutchConfig { initial_colour: None, pab_points: 2 }
    }
}

/// The pairing system of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum System {
    /// SPEC.md (the default).
    #[default]
    BergerSwiss,
    /// FIDE C.04.3 (Dutch), 2026 text.
    Dutch(DutchConfig),
}

impl System {
    /// The `system` key's value.
    pub fn name(&self) -> &'static str {
        match self {
            System::BergerSwiss => "berger-swiss",
            System::Dutch(_) => "dutch",
        }
    }

    /// The Dutch settings, when the system is Dutch.
    pub fn dutch(&self) -> Option<&DutchConfig> {
        match self {
            System::Dutch(d) => Some(d),
            System::BergerSwiss => None,
        }
    }
}

/// The initial colour drawn from `seed` when none is given: White when the first SplitMix64
/// output of the seed is even.
pub fn drawn_initial_colour(seed: u64) -> Colour {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    if z.is_multiple_of(2) { Colour::White } else { Colour::Black }
}

/// Whether a TRF `092`/`192` tournament-type text names the Dutch system
/// (`FIDE_DUTCH_2025`, `FIDE_DUTCH_2017`, a free text containing "dutch").
pub fn trf_type_is_dutch(text: &str) -> bool {
    text.to_ascii_lowercase().contains("dutch")
}

/// The TRF records that declare the system on export: `092 FIDE_DUTCH_2025`, when the
/// initial colour is known `XXC white1|black1`, and when the pairing-allocated bye is not
/// worth a win bbpPairings' `BBU 0.5|0.0` (nothing for Berger-Swiss).
pub fn trf_lines(system: &System) -> String {
    declaration(
        system,
        "092 FIDE_DUTCH_2025\n",
        |colour| format!("XXC {colour}1\n"),
        // Columns 5-8, as bbpPairings reads it (`BBU  0.5`).
        |hp| format!("BBU {:>4}\n", format!("{}.{}", hp / 2, if hp % 2 == 1 { 5 } else { 0 })),
    )
}

/// The lines that declare `system` in one file format: `system_line`, then the initial
/// colour when known, then the pairing-allocated bye's value when it is not a win (2
/// half-points); nothing for Berger-Swiss. [`trf_lines`] and [`toml_lines`] spell them.
fn declaration(
    system: &System,
    system_line: &str,
    colour: impl Fn(&str) -> String,
    pab: impl Fn(HalfPoints) -> String,
) -> String {
    match system {
        System::BergerSwiss => String::new(),
        System::Dutch(d) => {
            let mut s = String::from(system_line);
            if let Some(c) = d.initial_colour {
                s += &colour(c.name());
            }
            if d.pab_points != 2 {
                s += &pab(d.pab_points);
            }
            s
        }
    }
}

/// The pairing-allocated bye's value in half-points from a bbpPairings `BBU` record (`BBU
/// 0.5`, `BBU  1.0`, `BBU 0`): `Some` for 0, ½ and 1 (the values C.04.1 allows), else `None`.
pub fn trf_bbu_points(line: &str) -> Option<HalfPoints> {
    match line.get(3..)?.trim() {
        "0" | "0.0" | "00.0" | "0.00" => Some(0),
        "0.5" | "00.5" | "0.50" | ".5" => Some(1),
        "1" | "1.0" | "01.0" | "1.00" => Some(2),
        _ => None,
    }
}

/// Reads one TRF system record: `092`/`192` (tournament type; a Dutch type selects the
/// Dutch system), `XXC` (tokens `white1`/`black1`: the initial colour) or `152` (`W`/`B` at
/// column 5). `chars` is the whole line.
pub fn trf_system_record(
    code: &str,
    chars: &[char],
    dutch: &mut Option<DutchConfig>,
    initial_colour: &mut Option<Colour>,
) {
    let rest: String = chars.iter().skip(3).collect();
    match code {
        "092" | "192" => {
            if trf_type_is_dutch(&rest) {
                dutch.get_or_insert_with(DutchConfig::default);
            }
        }
        "XXC" => {
            for tok in rest.split_whitespace() {
                match tok.to_ascii_lowercase().as_str() {
                    "white1" => *initial_colour = Some(Colour::White),
                    "black1" => *initial_colour = Some(Colour::Black),
                    _ => {}
                }
            }
        }
        _ => match rest.trim() {
            "W" | "w" => *initial_colour = Some(Colour::White),
            "B" | "b" => *initial_colour = Some(Colour::Black),
            _ => {}
        },
    }
}

/// The system a TRF file declares: Dutch (with the initial colour read) when a `092`/`192`
/// record named it, else the default.
pub fn trf_system(dutch: Option<DutchConfig>, initial_colour: Option<Colour>) -> System {
    match dutch {
        Some(mut d) => {
            d.initial_colour = initial_colour;
            System::Dutch(d)
        }
        None => System::default(),
    }
}

/// Reads the `system`, `initial_colour` and `pab_points` keys of `tournament.toml` (each with
/// its line). Errors: (line, key, message).
pub fn from_toml(
    system: Option<(usize, String)>,
    initial_colour: Option<(usize, String)>,
    pab_points: Option<(usize, toml::Value)>,
) -> Result<System, (usize, &'static str, String)> {
    let dutch = match system {
        None => false,
        Some((_, s)) if s == "berger-swiss" => false,
        Some((_, s)) if s == "dutch" => true,
        Some((line, s)) => {
            return Err((
                line,
                "system",
                format!("`{s}` is not a pairing system; use \"berger-swiss\" or \"dutch\""),
            ));
        }
    };
    let mut cfg = DutchConfig::default();
    if let Some((line, c)) = initial_colour {
        if !dutch {
            return Err((line, "initial_colour", "only used with system = \"dutch\"".into()));
        }
        cfg.initial_colour = Some(match c.as_str() {
            "white" => Colour::White,
            "black" => Colour::Black,
            _ => {
                return Err((
                    line,
                    "initial_colour",
                    format!("`{c}` is not a colour; use \"white\" or \"black\""),
                ));
            }
        });
    }
    if let Some((line, v)) = pab_points {
        if !dutch {
            return Err((line, "pab_points", "only used with system = \"dutch\"".into()));
        }
        let hp = match v.to_string().as_str() {
            "1" | "1.0" => 2,
            "0.5" => 1,
            "0" | "0.0" => 0,
            other => {
                return Err((
                    line,
                    "pab_points",
                    format!("`{other}` is not a bye value; use 1, 0.5 or 0"),
                ));
            }
        };
        cfg.pab_points = hp;
    }
    Ok(if dutch { System::Dutch(cfg) } else { System::BergerSwiss })
}

/// The `tournament.toml` lines of the system keys (empty for the default system).
pub fn toml_lines(system: &System) -> String {
    declaration(
        system,
        "system = \"dutch\"\n",
        |colour| format!("initial_colour = \"{colour}\"\n"),
        |hp| format!("pab_points = {}\n", ["0", "0.5", "1"][hp.min(2) as usize]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_xxa_value_too_wide_to_write_back_is_refused() {
        // `0620` reads as 620 points, which `620.0` could not write back in 4 columns.
        let (cols, why) = trf_xxa("XXA    3 0620  1.0").unwrap_err();
        assert_eq!(cols, "10-13");
        assert!(why.contains("at most 99.5"), "{why}");
        let (id, points) = trf_xxa("XXA    3 99.5  1.0").unwrap();
        assert_eq!((id, points), (3, vec![199, 2]));
        assert_eq!(trf_xxa_line(3, &[199, 2]), "XXA    3 99.5  1.0");
    }

    #[test]
    fn toml_keys_read_and_write_back() {
        let s = from_toml(
            Some((1, "dutch".into())),
            Some((2, "black".into())),
            Some((3, toml::Value::Float(0.5))),
        )
        .unwrap();
        assert_eq!(
            s,
            System::Dutch(DutchConfig { initial_colour: Some(Colour::Black), pab_points: 1 })
        );
        assert_eq!(
            toml_lines(&s),
            "system = \"dutch\"\ninitial_colour = \"black\"\npab_points = 0.5\n"
        );
        assert_eq!(from_toml(None, None, None).unwrap(), System::BergerSwiss);
        assert_eq!(toml_lines(&System::BergerSwiss), "");
        let e = from_toml(Some((4, "swiss".into())), None, None).unwrap_err();
        assert_eq!((e.0, e.1), (4, "system"));
        let e = from_toml(None, Some((5, "white".into())), None).unwrap_err();
        assert_eq!((e.0, e.1), (5, "initial_colour"));
        let e = from_toml(Some((1, "dutch".into())), None, Some((6, toml::Value::Integer(2))))
            .unwrap_err();
        assert_eq!((e.0, e.1), (6, "pab_points"));
    }

    #[test]
    fn trf_records_select_dutch_and_the_initial_colour() {
        let (mut d, mut c) = (None, None);
        let line = |s: &str| s.chars().collect::<Vec<char>>();
        trf_system_record("012", &line("012 Open"), &mut d, &mut c);
        assert_eq!(trf_system(d.clone(), c), System::BergerSwiss);
        trf_system_record("092", &line("092 FIDE_DUTCH_2025"), &mut d, &mut c);
        trf_system_record("XXC", &line("XXC rank black1"), &mut d, &mut c);
        assert_eq!(c, Some(Colour::Black));
        let exported = trf_lines(&trf_system(d.clone(), c));
        assert_eq!(exported, "092 FIDE_DUTCH_2025\nXXC black1\n");
        trf_system_record("152", &line("152 W"), &mut d, &mut c);
        assert_eq!(
            trf_system(d, c),
            System::Dutch(DutchConfig { initial_colour: Some(Colour::White), pab_points: 2 })
        );
    }

    #[test]
    fn splitmix_first_outputs() {
        // SplitMix64 reference values: seed 0 → 0xE220A8397B1DCDAF (odd), seed 1 →
        // 0x910A2DEC89025CC1 (odd), seed 2 → 0x975835DE1C9756CE (even).
        assert_eq!(drawn_initial_colour(0), Colour::Black);
        assert_eq!(drawn_initial_colour(1), Colour::Black);
        assert_eq!(drawn_initial_colour(2), Colour::White);
    }
}

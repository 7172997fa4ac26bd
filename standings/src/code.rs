//! Tiebreak codes (C.07 abbreviations) and their modifiers (Art. 14).

use crate::error::StandingsError;
use std::fmt;

/// A tiebreak family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Buchholz (Art. 8.1).
    Bh,
    /// Sonneborn-Berger (Art. 9.1).
    Sb,
    /// Direct encounter (Art. 6).
    De,
    /// Rounds won with or without play (Art. 7.1).
    Win,
    /// Games won over the board (Art. 7.2).
    Won,
    /// Games played with Black (Art. 7.3).
    Bpg,
    /// Games won with Black (Art. 7.4).
    Bwg,
    /// Average rating of opponents (Art. 10.1).
    Aro,
    /// Tournament performance rating (Art. 10.2).
    Tpr,
    /// Perfect tournament performance (Art. 10.3).
    Ptp,
    /// Koya system (Art. 9.2).
    Ks,
    /// Progressive scores (Art. 7.5).
    Ps,
    /// Pairing number (Art. 7.8), ascending.
    Tpn,
    /// Own rating (Art. 10.6), descending.
    Rtng,
}

/// Art. 14 modifiers: drop `low` least significant values, then `high` most significant ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cut {
    pub low: u32,
    pub high: u32,
}

/// One entry of a tiebreak list, e.g. `BH-C1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    pub kind: Kind,
    pub cut: Cut,
}

const NAMES: [(&str, Kind); 14] = [
    ("BH", Kind::Bh),
    ("SB", Kind::Sb),
    ("DE", Kind::De),
    ("WIN", Kind::Win),
    ("WON", Kind::Won),
    ("BPG", Kind::Bpg),
    ("BWG", Kind::Bwg),
    ("ARO", Kind::Aro),
    ("TPR", Kind::Tpr),
    ("PTP", Kind::Ptp),
    ("KS", Kind::Ks),
    ("PS", Kind::Ps),
    ("TPN", Kind::Tpn),
    ("RTNG", Kind::Rtng),
];

impl Kind {
    pub fn name(self) -> &'static str {
        NAMES.iter().find(|(_, k)| *k == self).map(|(n, _)| *n).unwrap_or("?")
    }
}

impl Code {
    pub const fn plain(kind: Kind) -> Code {
        Code { kind, cut: Cut { low: 0, high: 0 } }
    }

    pub const fn cut(kind: Kind, low: u32, high: u32) -> Code {
        Code { kind, cut: Cut { low, high } }
    }

    /// Parses `BH`, `BH-C1`, `bh/c1`, `SB-M1`, … (case-insensitive; `-` or `/` before the
    /// modifier). Modifiers: `C1`, `C2` (cut), `M1`, `M2` (median) on BH, SB and ARO; `C1`,
    /// `C2` on PS (drop the running scores of the first rounds).
    pub fn parse(s: &str) -> Result<Code, StandingsError> {
        let up = s.trim().to_ascii_uppercase();
        let bad = || StandingsError::UnknownCode(s.trim().to_string());
        let (base, modifier) = match up.find(['-', '/']) {
            Some(i) => (&up[..i], Some(&up[i + 1..])),
            None => (up.as_str(), None),
        };
        let kind = NAMES.iter().find(|(n, _)| *n == base).map(|(_, k)| *k).ok_or_else(bad)?;
        let cut = match modifier {
            None => Cut::default(),
            Some(m) => {
                let cut = match m {
                    "C1" => Cut { low: 1, high: 0 },
                    "C2" => Cut { low: 2, high: 0 },
                    "M1" => Cut { low: 1, high: 1 },
                    "M2" => Cut { low: 2, high: 2 },
                    _ => return Err(bad()),
                };
                let allowed = match kind {
                    Kind::Bh | Kind::Sb | Kind::Aro => true,
                    Kind::Ps => cut.high == 0,
                    _ => false,
                };
                if !allowed {
                    return Err(bad());
                }
                cut
            }
        };
        Ok(Code { kind, cut })
    }

    /// Parses a comma-separated list (`"BH-C1, BH,SB"`). An empty list is allowed.
    pub fn parse_list(s: &str) -> Result<Vec<Code>, StandingsError> {
        s.split(',').map(str::trim).filter(|c| !c.is_empty()).map(Code::parse).collect()
    }

    /// Whether the value is printed as an integer (ratings and pairing numbers).
    pub fn is_integer(self) -> bool {
        matches!(self.kind, Kind::Aro | Kind::Tpr | Kind::Ptp | Kind::Tpn | Kind::Rtng)
    }

    /// Whether a smaller value ranks higher (TPN; DE, whose value is a place).
    pub fn ascending(self) -> bool {
        matches!(self.kind, Kind::Tpn | Kind::De)
    }

    /// Rating-based tiebreaks (Art. 10), which refuse unrated opponents without a
    /// configured rating for them.
    pub fn rating_based(self) -> bool {
        matches!(self.kind, Kind::Aro | Kind::Tpr | Kind::Ptp)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.kind.name())?;
        match (self.cut.low, self.cut.high) {
            (0, 0) => Ok(()),
            (l, 0) => write!(f, "-C{l}"),
            (l, h) if l == h => write!(f, "-M{l}"),
            (l, h) => write!(f, "-L{l}H{h}"),
        }
    }
}

/// SPEC §10 default for the Swiss standings: `BH-C1, BH, SB, DE, WIN`.
pub fn default_swiss() -> Vec<Code> {
    vec![
        Code::cut(Kind::Bh, 1, 0),
        Code::plain(Kind::Bh),
        Code::plain(Kind::Sb),
        Code::plain(Kind::De),
        Code::plain(Kind::Win),
    ]
}

/// SPEC §10 default for the Berger group tables: `DE, SB, WIN, KS`.
pub fn default_group() -> Vec<Code> {
    vec![
        Code::plain(Kind::De),
        Code::plain(Kind::Sb),
        Code::plain(Kind::Win),
        Code::plain(Kind::Ks),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_through_display() {
        for s in [
            "BH", "BH-C1", "BH-C2", "BH-M1", "SB", "SB-C1", "DE", "WIN", "WON", "BPG", "BWG",
            "ARO", "ARO-C1", "TPR", "PTP", "KS", "PS", "PS-C1", "TPN", "RTNG",
        ] {
            assert_eq!(Code::parse(s).unwrap().to_string(), s);
        }
        assert_eq!(Code::parse("bh/c1").unwrap(), Code::cut(Kind::Bh, 1, 0));
    }

    #[test]
    fn unknown_codes_and_modifiers_are_refused() {
        for s in ["XX", "BH-C3", "WIN-C1", "DE-M1", "PS-M1", ""] {
            assert!(Code::parse(s).is_err(), "{s}");
        }
    }
}

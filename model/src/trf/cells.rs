//! The player record `001` (fixed columns, FIDE-REFERENCE §5.1) and its round cells.

use crate::{HalfPoints, Id, InputError, Player};

/// One round cell of a `001` record: columns 92-99 for round 1, +10 per round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cell {
    pub opp: Option<Id>,
    /// `Some('w')`, `Some('b')` or `None`.
    pub colour: Option<char>,
    /// Lower-case result code, `' '` when blank.
    pub code: char,
}

pub(super) const BLANK: Cell = Cell { opp: None, colour: None, code: ' ' };

/// A parsed `001` record.
pub(super) struct Rec {
    pub line: usize,
    pub player: Player,
    pub points: Option<HalfPoints>,
    pub cells: Vec<Cell>,
}

impl Rec {
    /// The cell of round `r` (1-based); blank beyond the end of the line.
    pub(super) fn cell(&self, r: u32) -> Cell {
        self.cells.get(r as usize - 1).copied().unwrap_or(BLANK)
    }
}

/// 1-based columns `from..=to` of a round-`r` cell of a `001` record.
pub(super) fn cell_columns(r: u32) -> (usize, usize) {
    let start = 92 + 10 * (r as usize - 1);
    (start, start + 7)
}

pub(super) fn col(chars: &[char], from: usize, to: usize) -> String {
    let a = (from - 1).min(chars.len());
    let b = to.min(chars.len());
    chars[a..b].iter().collect::<String>().trim().to_string()
}

pub(super) fn digits(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `"11.5"` → 23 half-points.
pub(super) fn parse_points(s: &str) -> Option<HalfPoints> {
    let (int, frac) = match s.split_once(['.', ',']) {
        Some((i, f)) => (i, f),
        None => (s, "0"),
    };
    let int: HalfPoints = if int.is_empty() { 0 } else { digits(int)?.try_into().ok()? };
    let half = match frac.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    int.checked_mul(2)?.checked_add(half)
}

pub(super) fn fmt_points(hp: HalfPoints) -> String {
    format!("{}.{}", hp / 2, if hp % 2 != 0 { 5 } else { 0 })
}

/// What a cell is worth in the points column: `1 W + F U` = 1, `= D H` = ½, the rest 0.
pub(super) fn cell_points(c: &Cell) -> HalfPoints {
    match c.code {
        '1' | 'w' | '+' | 'f' | 'u' => 2,
        '=' | 'd' | 'h' => 1,
        _ => 0,
    }
}

/// Parses one `001` line (as characters). Errors name the line and the columns.
pub(super) fn parse_001(file: &str, n: usize, chars: &[char]) -> Result<Rec, InputError> {
    let err = |field: &str, msg: String| InputError::new(file, Some(n), Some(field), msg);
    let id_s = col(chars, 5, 8);
    let id = digits(&id_s).filter(|&i| i > 0).ok_or_else(|| {
        err("001 pairing number", format!("`{id_s}` is not a positive number (columns 5-8)"))
    })?;
    let rating_s = col(chars, 49, 52);
    let rating = if rating_s.is_empty() {
        0
    } else {
        digits(&rating_s).ok_or_else(|| {
            err("001 rating", format!("`{rating_s}` is not a number (columns 49-52)"))
        })?
    };
    let points_s = col(chars, 81, 84);
    let points = if points_s.is_empty() {
        None
    } else {
        Some(parse_points(&points_s).ok_or_else(|| {
            err("001 points", format!("`{points_s}` is not a score like 4.5 (columns 81-84)"))
        })?)
    };
    let mut name = col(chars, 15, 47);
    if name.is_empty() {
        name = format!("Player {id}");
    }
    let mut cells = Vec::new();
    let mut r = 1;
    while cell_columns(r).0 - 1 < chars.len() {
        let (first, last) = cell_columns(r);
        let start = first - 1;
        let f = |off: usize| chars.get(start + off).copied().unwrap_or(' ');
        let opp_s: String = (0..4).map(f).collect::<String>().trim().to_string();
        let field = format!("001 round {r}");
        let opp = if opp_s.is_empty() {
            None
        } else {
            let v = digits(&opp_s).ok_or_else(|| {
                err(
                    &field,
                    format!("opponent `{opp_s}` is not a number (columns {first}-{})", first + 3),
                )
            })?;
            (v != 0).then_some(v)
        };
        let colour = match f(5).to_ascii_lowercase() {
            'w' => Some('w'),
            'b' => Some('b'),
            ' ' | '-' => None,
            c => {
                return Err(err(
                    &field,
                    format!("colour `{c}` is not w, b or - (column {})", first + 5),
                ));
            }
        };
        let mut code = f(7).to_ascii_lowercase();
        if !"1=0+-wdlhfuz ".contains(code) {
            return Err(err(&field, format!("unknown result code `{}` (column {last})", f(7))));
        }
        // Without an opponent, the codes of TRF files written before 2016 (Swiss-Manager):
        // `=` a half-point bye and `-` an absence, read as `H` and `Z` everywhere (the last
        // round played, pre-entered absences, withdrawals).
        if opp.is_none() {
            code = match code {
                '=' => 'h',
                '-' => 'z',
                c => c,
            };
        }
        cells.push(Cell { opp, colour, code });
        r += 1;
    }
    while cells.last() == Some(&BLANK) {
        cells.pop();
    }
    let player = Player {
        id,
        name,
        rating,
        sex: col(chars, 10, 10),
        title: col(chars, 11, 13),
        federation: col(chars, 54, 56),
        fide_id: col(chars, 58, 68),
        birth_date: col(chars, 70, 79),
        ..Player::default()
    };
    Ok(Rec { line: n, player, points, cells })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_parse_half_points() {
        assert_eq!(parse_points("11.5"), Some(23));
        assert_eq!(parse_points("0.0"), Some(0));
        assert_eq!(parse_points("3"), Some(6));
        assert_eq!(parse_points("1.3"), None);
        assert_eq!(fmt_points(23), "11.5");
    }

    #[test]
    fn round_cells_sit_every_ten_columns() {
        assert_eq!(cell_columns(1), (92, 99));
        assert_eq!(cell_columns(3), (112, 119));
    }
}

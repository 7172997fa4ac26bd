//! Small HTML helpers: escaping, points, player links.

use bsw_model::HalfPoints;

/// Escapes text for an HTML element or a double-quoted attribute.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Half-points as people write them: `0`, `½`, `1`, `2½`.
pub fn half(h: HalfPoints) -> String {
    let sign = if h < 0 { "-" } else { "" };
    let a = h.unsigned_abs();
    match (a / 2, a % 2) {
        (0, 1) => format!("{sign}½"),
        (w, 0) => format!("{sign}{w}"),
        (w, _) => format!("{sign}{w}½"),
    }
}

/// The anchor of a player's row in the player list.
pub fn player_anchor(id: u32) -> String {
    format!("p{id}")
}

//! Small HTML helpers: escaping, points, player links.

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

pub use bsw_model::half_points as half;

/// The anchor of a player's row in the player list.
pub fn player_anchor(id: u32) -> String {
    format!("p{id}")
}

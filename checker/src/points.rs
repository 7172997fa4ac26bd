//! Scores as printed: half-points shown as points (`"1½"`), for messages and evidence of
//! every profile.

use bsw_model::HalfPoints;

/// Half-points shown as points ("1½").
pub(crate) fn show_points(hp: HalfPoints) -> String {
    let whole = hp / 2;
    match (hp % 2 != 0, whole) {
        (false, w) => format!("{w}"),
        (true, 0) if hp < 0 => "-½".to_string(),
        (true, 0) => "½".to_string(),
        (true, w) => format!("{w}½"),
    }
}

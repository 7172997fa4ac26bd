//! SPEC §8.3: a level of the relaxation ladder, the value the ladder searches over
//! ([`super::ladder`]), the fast search is built for ([`super::blossom`]) and reports name
//! ([`crate::report`]: the level used, an earlier feasible level).

use crate::points::show_points;
use bsw_model::HalfPoints;
use serde::{Serialize, Serializer};

/// A level of the ladder. Serialized as `{"rematches", "streak_limit", "balance",
/// "max_diff"}` with D in points (`"1½"`) or `"unlimited"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Level {
    pub rematches: bool,
    pub streak_limit: u32,
    pub balance: bool,
    /// Max score difference in half-points, `None` = unlimited.
    #[serde(serialize_with = "serialize_max_diff")]
    pub max_diff: Option<HalfPoints>,
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "(rematches {}, L {}, balance {}, D {})",
            if self.rematches { "yes" } else { "no" },
            self.streak_limit,
            if self.balance { "yes" } else { "no" },
            self.max_diff.map_or("unlimited".to_string(), show_points)
        )
    }
}

/// Serializes a level's D as points (`"1½"`) or `"unlimited"`.
fn serialize_max_diff<S: Serializer>(d: &Option<HalfPoints>, s: S) -> Result<S::Ok, S::Error> {
    match d {
        Some(d) => s.serialize_str(&show_points(*d)),
        None => s.serialize_str("unlimited"),
    }
}

//! SPEC §8.3: what a level of the relaxation ladder is and which pairs it allows; the walk
//! over the levels is [`super::ladder`], the feasibility questions [`super::level_graph`].

use super::colours::{Side, allocate};
use bsw_model::HalfPoints;

/// A level of the relaxation ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Level {
    pub rematches: bool,
    /// Streak limit L (2, 3, ...).
    pub streak_limit: u32,
    /// Colour balance (|colour difference| <= 2) required.
    pub balance: bool,
    /// Max score difference D in half-points; `None` = unlimited.
    pub max_diff: Option<HalfPoints>,
}

impl Level {
    /// Whether two players with these points are within the level's score difference D.
    pub fn within_score_limit(&self, a: HalfPoints, b: HalfPoints) -> bool {
        self.max_diff.is_none_or(|d| (a - b).abs() <= d)
    }
}

/// Whether the colours of §8.2 for {a, b} pass the level's streak and balance tests: both
/// streaks after the game <= L and, with colour balance, both |colour difference| <= 2. The
/// colours are those §8.2 allocates: the other assignment does not count.
pub(crate) fn colours_pass(a: &Side, b: &Side, level: &Level) -> bool {
    let al = allocate(a, b);
    al.streaks.0 <= level.streak_limit
        && al.streaks.1 <= level.streak_limit
        && (!level.balance || (al.diffs.0.abs() <= 2 && al.diffs.1.abs() <= 2))
}

/// The level sequence of §8.3 for one (rematches, L): balance yes/no × D 0, ½, 1, unlimited.
pub(crate) fn sublevels(rematches: bool, streak_limit: u32) -> impl Iterator<Item = Level> {
    [true, false].into_iter().flat_map(move |balance| {
        [Some(0), Some(1), Some(2), None].into_iter().map(move |max_diff| Level {
            rematches,
            streak_limit,
            balance,
            max_diff,
        })
    })
}

/// The level for people, as `--explain` prints it.
pub(crate) fn describe(level: &Level) -> String {
    format!(
        "(rematches {}, streak limit {}, colour balance {}, max score difference {})",
        if level.rematches { "yes" } else { "no" },
        level.streak_limit,
        if level.balance { "required" } else { "not required" },
        match level.max_diff {
            None => "unlimited".to_string(),
            Some(d) => crate::half_points(d),
        }
    )
}

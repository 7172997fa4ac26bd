//! SPEC §8.3: the relaxation ladder. A level says which pairs are allowed; the search takes
//! the first level (and the lowest bye receiver) at which a complete pairing exists.
//! Each "does a complete pairing exist?" is asked of [`super::level_graph`]; what a level
//! allows is [`super::level`].

use super::field::SwissField;
use super::level::{Level, describe, sublevels};
use super::level_graph::{Infeasible, LevelGraph, Tally, bye_candidates, perfect_matching};
use crate::matching::Matcher;

/// The outcome of the ladder walk.
pub(crate) struct Chosen {
    pub level: Level,
    /// Bye receiver (vertex), if the field is odd.
    pub bye: Option<usize>,
    /// A perfect matching of the field less the bye receiver at `level`.
    pub matching: Matcher,
    pub explain: Vec<String>,
}

fn why(f: &SwissField, e: &Infeasible, g: &LevelGraph) -> String {
    match e {
        Infeasible::OddComponent { size, first } => {
            let sg = f.groups[f.group_of[*first] as usize];
            if g.level.max_diff == Some(0) && *size == sg.end - sg.start {
                format!(
                    "score group {} has an odd number of players ({size})",
                    crate::half_points(sg.points)
                )
            } else if *size == 1 {
                format!("player {} has no allowed opponent", f.ids[*first])
            } else {
                format!(
                    "{size} players (including player {}) can only be paired among themselves, an odd number",
                    f.ids[*first]
                )
            }
        }
        Infeasible::NoPerfectMatching => {
            "no complete pairing exists (the maximum matching leaves players unpaired)".into()
        }
    }
}

/// Walks the ladder of §8.3. `eligible` = bye-eligible vertices, bottom first (empty for
/// an even field).
pub(crate) fn choose(f: &SwissField, eligible: &[usize], tally: &mut Tally) -> Chosen {
    let n = f.len();
    let odd = n % 2 == 1;
    let top_l = 2.max(f.max_streak() + 1);
    let mut explain = Vec::new();
    // How many bye receivers to try one by one before asking Gallai-Edmonds for all at once.
    const DIRECT_TRIES: usize = 3;
    for rematches in [false, true] {
        for l in 2..=top_l {
            if !odd {
                for level in sublevels(rematches, l) {
                    let g = LevelGraph::new(f, level, vec![true; n]);
                    match perfect_matching(&g, tally) {
                        Ok(m) => {
                            return Chosen { level, bye: None, matching: m, explain };
                        }
                        Err(e) => explain.push(format!(
                            "level {}: impossible: {}",
                            describe(&level),
                            why(f, &e, &g)
                        )),
                    }
                }
                continue;
            }
            for (k, &v) in eligible.iter().enumerate() {
                if k == DIRECT_TRIES {
                    // Remaining receivers: one Gallai-Edmonds computation per sublevel.
                    let sets: Vec<(Level, Vec<bool>)> = sublevels(rematches, l)
                        .map(|level| {
                            let g = LevelGraph::new(f, level, vec![true; n]);
                            (level, bye_candidates(&g, tally))
                        })
                        .collect();
                    let rest = &eligible[DIRECT_TRIES..];
                    match rest.iter().find(|&&w| sets.iter().any(|(_, s)| s[w])) {
                        None => {
                            explain.push(format!(
                                "streak limit {l}, rematches {}: none of the other {} eligible bye receivers has a complete pairing at any balance/score level",
                                if rematches { "yes" } else { "no" },
                                rest.len()
                            ));
                            break;
                        }
                        Some(&w) => {
                            let level = sets.iter().find(|(_, s)| s[w]).unwrap().0;
                            let mut active = vec![true; n];
                            active[w] = false;
                            let g = LevelGraph::new(f, level, active);
                            let m = perfect_matching(&g, tally)
                                .expect("Gallai-Edmonds said this receiver works");
                            explain.push(format!(
                                "bye receivers below player {} have no complete pairing at streak limit {l} (rematches {})",
                                f.ids[w],
                                if rematches { "allowed" } else { "not allowed" }
                            ));
                            return Chosen { level, bye: Some(w), matching: m, explain };
                        }
                    }
                }
                for level in sublevels(rematches, l) {
                    let mut active = vec![true; n];
                    active[v] = false;
                    let g = LevelGraph::new(f, level, active);
                    match perfect_matching(&g, tally) {
                        Ok(m) => {
                            return Chosen { level, bye: Some(v), matching: m, explain };
                        }
                        Err(e) => explain.push(format!(
                            "level {} with bye to player {}: impossible: {}",
                            describe(&level),
                            f.ids[v],
                            why(f, &e, &g)
                        )),
                    }
                }
            }
        }
    }
    unreachable!(
        "§8.3: the last level (rematches, no colour limits, any score difference) always works"
    )
}

//! SPEC §8: pairing a Swiss field. The orchestrator of its rules: bye eligibility (§8.1),
//! the ladder (§8.3), the greedy (§8.4) and the colours of each pair (§8.2); board order
//! (§8.5) is the caller's, over the whole round.

use super::board_order::SwissGame;
use super::field::SwissField;
use super::level_graph::{LevelGraph, Tally};
use super::state::PlayerState;
use super::{SearchStats, SwissReport, byes, colours, greedy, ladder};
use bsw_model::{Entry, Id, Player};

/// A paired Swiss field.
pub(crate) struct Paired {
    /// The games with what §8.5 sorts them by.
    pub games: Vec<SwissGame>,
    /// The Swiss bye, if the field is odd.
    pub bye: Option<Entry>,
    pub report: SwissReport,
}

/// Pairs the field `members` (entry indices, non-empty, in the Swiss order of §5).
/// `started` is when the round's pairing began (for the time in the report).
pub(crate) fn pair(
    members: Vec<usize>,
    st: &[PlayerState],
    tpn: &[u32],
    players: &[Player],
    started: std::time::Instant,
) -> Paired {
    let ids: Vec<Id> = players.iter().map(|p| p.id).collect();
    let f = SwissField::new(members, st, tpn, &ids);
    let eligible = byes::eligible_bottom_first(&f);
    let mut tally = Tally::default();
    let chosen = ladder::choose(&f, &eligible, &mut tally);
    let mut active = vec![true; f.len()];
    if let Some(v) = chosen.bye {
        active[v] = false;
    }
    let mut g = LevelGraph::new(&f, chosen.level, active);
    let mut m = chosen.matching;
    // The ladder already counted what this matcher did before the greedy.
    let before = m.counters;
    let pairs = greedy::pair(&mut g, &mut m);
    tally.augmenting_paths += m.counters.augmenting_paths - before.augmenting_paths;
    tally.nodes_visited += m.counters.nodes_visited - before.nodes_visited;
    let greedy_counts = m.counters;
    let games = pairs
        .into_iter()
        .map(|(a, b)| {
            let al = colours::allocate(&f.side[a], &f.side[b]);
            let (w, bl) = if al.a_white { (a, b) } else { (b, a) };
            SwissGame {
                white: f.ids[w],
                black: f.ids[bl],
                high: f.points[a].max(f.points[b]),
                sum: f.points[a] + f.points[b],
                best_position: a.min(b),
            }
        })
        .collect();
    let bye = chosen.bye.map(|v| f.ids[v]);
    let stats = SearchStats {
        levels_tried: tally.levels_tried,
        matching_calls: tally.matching_calls,
        augmenting_paths: tally.augmenting_paths,
        nodes_visited: tally.nodes_visited,
        filter_rejections: greedy_counts.filter_rejections,
        filter_nodes: greedy_counts.filter_nodes,
        fallback_searches: greedy_counts.fallback_searches,
    };
    let mut explain = chosen.explain;
    explain.push(format!("chosen level: {}", super::level::describe(&chosen.level)));
    if let Some(id) = bye {
        explain.push(format!(
            "bye: player {id} (eligible: {} players with the fewest byes)",
            eligible.len()
        ));
    }
    explain.push(format!(
        "search: {} levels tried, {} matching calls, {} augmenting paths, {} nodes visited, {:.3} ms",
        stats.levels_tried,
        stats.matching_calls,
        stats.augmenting_paths,
        stats.nodes_visited,
        started.elapsed().as_secs_f64() * 1e3
    ));
    explain.push(format!(
        "greedy (§8.4): {} candidate buckets ruled out by counting ({} bucket-graph nodes), {} fallback Gallai-Edmonds searches",
        stats.filter_rejections, stats.filter_nodes, stats.fallback_searches
    ));
    Paired {
        games,
        bye: bye.map(Entry::Bye),
        report: SwissReport { field_size: f.len(), level: chosen.level, bye, stats, explain },
    }
}

//! Profile berger-swiss: replays the tournament round by round (state at the start of round
//! r = results of rounds < r) and certifies each round against SPEC §1-9.

use crate::board_order::{self, Key};
use crate::field::{self, SwissField};
use crate::greedy;
use crate::groups::{self, Groups};
use crate::ladder;
use crate::results;
use crate::tpn::{self, Tpn};
use crate::withdrawals::{self, Schedules};
use crate::{RoundReport, Violation, absences, berger, byes, draw, row_json, structure};
use bsw_model::{Entry, Id, Row, Tournament};
use serde_json::json;
use std::collections::HashMap;

/// What does not change from round to round.
pub struct Context<'a> {
    pub t: &'a Tournament,
    pub tpn: Tpn,
    pub groups: Result<Groups, String>,
    /// Berger numbering per group (`numbers[g][i]` has Berger number i+1).
    pub numbers: Vec<Vec<Id>>,
    pub sched: Schedules,
}

impl<'a> Context<'a> {
    pub fn new(t: &'a Tournament) -> Self {
        let tpn = tpn::assign(&t.players);
        let groups = groups::build(t, &tpn);
        let (numbers, sched) = match &groups {
            Ok(g) => (
                draw::berger_numbers(&g.members, t.config.seed),
                withdrawals::replay(t, g),
            ),
            Err(_) => (Vec::new(), Schedules::default()),
        };
        Context {
            t,
            tpn,
            groups,
            numbers,
            sched,
        }
    }
}

/// What a Berger group on its schedule must publish for one table board.
enum Expected {
    Game {
        white: Id,
        black: Id,
    },
    /// Bye against the phantom number.
    PhantomBye(Id),
    /// Bye because the scheduled opponent withdrew.
    WithdrawnOpponentBye {
        player: Id,
        opponent: Id,
    },
    Struck,
}

fn v(rule: &str, players: Vec<Id>, message: String, evidence: serde_json::Value) -> Violation {
    Violation::new(rule, players, message, evidence)
}

fn pairs_json(f: &SwissField, pairs: &[(usize, usize)]) -> serde_json::Value {
    json!(
        pairs
            .iter()
            .map(|&(a, b)| {
                let (w, bl) = f.colours_of(a, b);
                json!([f.ids[w], f.ids[bl]])
            })
            .collect::<Vec<_>>()
    )
}

/// What the Berger table of round `r` asks of a group numbered `numbers`, board by board:
/// (White number, Black number, expected row).
fn expected_entries(
    numbers: &[Id],
    r: u32,
    withdrawn: &dyn Fn(Id) -> bool,
) -> Vec<(u32, u32, Expected)> {
    let k = numbers.len() as u32;
    let pl = |n: u32| {
        if n <= k {
            Some(numbers[n as usize - 1])
        } else {
            None
        }
    };
    berger::round(k, r)
        .into_iter()
        .map(|(wn, bn)| {
            let e = match (pl(wn), pl(bn)) {
                (Some(w), Some(bl)) => match (withdrawn(w), withdrawn(bl)) {
                    (false, false) => Expected::Game {
                        white: w,
                        black: bl,
                    },
                    (false, true) => Expected::WithdrawnOpponentBye {
                        player: w,
                        opponent: bl,
                    },
                    (true, false) => Expected::WithdrawnOpponentBye {
                        player: bl,
                        opponent: w,
                    },
                    (true, true) => Expected::Struck,
                },
                (Some(x), None) | (None, Some(x)) => {
                    if withdrawn(x) {
                        Expected::Struck
                    } else {
                        Expected::PhantomBye(x)
                    }
                }
                (None, None) => Expected::Struck,
            };
            (wn, bn, e)
        })
        .collect()
}

/// Certifies round `r`.
pub fn check_round(ctx: &Context, r: u32) -> RoundReport {
    let t = ctx.t;
    let mut rows: Vec<Row> = t.round_rows(r).copied().collect();
    rows.sort_by_key(|row| row.board);
    let mut out = RoundReport {
        round: r,
        violations: Vec::new(),
        notes: Vec::new(),
    };
    let groups = match &ctx.groups {
        Ok(g) => g,
        Err(e) => {
            if r == 1 {
                out.violations.push(v(
                    "2",
                    vec![],
                    format!("the configuration breaks SPEC §2: {e}"),
                    json!(null),
                ));
            }
            return out;
        }
    };
    if r > groups.rounds {
        out.violations.push(v(
            "2",
            vec![],
            format!(
                "round {r} lies beyond the {} rounds of the tournament",
                groups.rounds
            ),
            json!({"rounds": groups.rounds}),
        ));
    }
    let (mut viol, _seen) = structure::check(t, r, &rows, true);
    out.violations.append(&mut viol);

    // First row naming each player.
    let mut row_index: HashMap<Id, usize> = HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        for p in row.entry.players() {
            row_index.entry(p).or_insert(i);
        }
    }
    let row_of = |id: Id| row_index.get(&id).map(|&i| rows[i]);
    let by_id: HashMap<Id, &bsw_model::Player> = t.players.iter().map(|p| (p.id, p)).collect();
    let state = results::state_before(t, r);
    let withdrawn = |id: Id| by_id.get(&id).is_some_and(|p| p.withdrawn_by(r));
    let on_schedule_group = |id: Id| -> Option<usize> {
        if r > groups.phase {
            return None;
        }
        let g = groups.group_of.get(&id).copied().flatten()?;
        ctx.sched.on_schedule(r, g).then_some(g)
    };

    // --- Berger groups on their schedule (§4, §6) ---
    let mut berger_keys: HashMap<Vec<Id>, Key> = HashMap::new();
    for (g, numbers) in ctx.numbers.iter().enumerate() {
        if r > groups.phase || !ctx.sched.on_schedule(r, g) {
            continue;
        }
        for (b, (wn, bn, expected)) in expected_entries(numbers, r, &withdrawn)
            .into_iter()
            .enumerate()
        {
            let board = b as i64 + 1;
            match expected {
                Expected::Game { white, black } => {
                    let mut key_ids = vec![white, black];
                    key_ids.sort();
                    berger_keys.insert(key_ids, (0, g as i64, board, 0));
                    let got = row_of(white);
                    let ok = matches!(got, Some(Row { entry: Entry::Game { white: w, black: bl, .. }, .. }) if w == white && bl == black);
                    let reversed = matches!(got, Some(Row { entry: Entry::Game { white: w, black: bl, .. }, .. }) if w == black && bl == white);
                    if reversed {
                        out.violations.push(v(
                            "4",
                            vec![white, black],
                            format!(
                                "group {}: Berger table round {r} board {board} gives White to {white} (Berger number {wn}) against {black} ({bn}); the colours are reversed",
                                g + 1
                            ),
                            json!({"group": g + 1, "table_board": board, "expected": {"white": white, "black": black}, "published": got.map(|x| row_json(&x))}),
                        ));
                    } else if !ok {
                        out.violations.push(v(
                            "4",
                            vec![white, black],
                            format!(
                                "group {}: Berger table round {r} board {board} schedules {white}–{black} (Berger numbers {wn}–{bn}), not what was published",
                                g + 1
                            ),
                            json!({"group": g + 1, "table_board": board, "expected": {"white": white, "black": black},
                                   "published": [row_of(white).map(|x| row_json(&x)), row_of(black).map(|x| row_json(&x))]}),
                        ));
                    }
                }
                Expected::PhantomBye(x) | Expected::WithdrawnOpponentBye { player: x, .. } => {
                    berger_keys.insert(vec![x], (2, g as i64, board, 0));
                    let got = row_of(x);
                    if !matches!(got, Some(Row { entry: Entry::Bye(p), .. }) if p == x) {
                        let (rule, why) = match expected {
                            Expected::WithdrawnOpponentBye { opponent, .. } => (
                                "6",
                                format!(
                                    "a bye, as the scheduled opponent {opponent} has withdrawn"
                                ),
                            ),
                            _ => (
                                "4",
                                "the scheduled bye (against the phantom number)".to_string(),
                            ),
                        };
                        let rule = if matches!(
                            got,
                            Some(Row {
                                entry: Entry::HalfBye(_) | Entry::ZeroBye(_),
                                ..
                            })
                        ) {
                            "3"
                        } else {
                            rule
                        };
                        out.violations.push(v(
                            rule,
                            vec![x],
                            format!("group {}: Berger table round {r} board {board}: player {x} must get {why}", g + 1),
                            json!({"group": g + 1, "table_board": board, "expected": {"bye": x}, "published": got.map(|y| row_json(&y))}),
                        ));
                    }
                }
                Expected::Struck => {}
            }
        }
    }

    // --- Requested absences (§9) ---
    out.violations
        .append(&mut absences::check_requested(t, r, &row_of, &|id| {
            on_schedule_group(id).is_some()
        }));

    // --- The Swiss field (§7, §8) ---
    let field_ids = field::swiss_field(t, groups, &ctx.sched, r);
    let sf = SwissField::new(&field_ids, &state, &ctx.tpn);
    let n = sf.len();
    let mut partner: Vec<Option<usize>> = vec![None; n];
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut bye_rows: Vec<usize> = Vec::new();
    let mut sound = true;
    for i in 0..n {
        let id = sf.ids[i];
        match row_of(id).map(|row| (row, row.entry)) {
            Some((_, Entry::Game { white, black, .. })) => {
                let q = if white == id { black } else { white };
                match sf.pos.get(&q) {
                    Some(&j) if j != i => {
                        partner[i] = Some(j);
                        if i < j {
                            pairs.push((i, j));
                        }
                    }
                    _ => {
                        sound = false;
                        if by_id.contains_key(&q)
                            && !withdrawn(q)
                            && on_schedule_group(id).is_none()
                        {
                            out.violations.push(v(
                                "7",
                                vec![id, q],
                                format!("{id} belongs to the Swiss field of round {r} but is paired with {q}, who does not"),
                                json!({"field": field_ids.len()}),
                            ));
                        }
                    }
                }
            }
            Some((_, Entry::Bye(_))) => bye_rows.push(i),
            Some((row, Entry::HalfBye(_) | Entry::ZeroBye(_))) => {
                sound = false;
                let (rule, msg) = if n % 2 == 1
                    && !(0..n)
                        .any(|j| matches!(row_of(sf.ids[j]).map(|x| x.entry), Some(Entry::Bye(_))))
                {
                    (
                        "3",
                        format!(
                            "{id} takes the place of the Swiss bye but is awarded `{}` instead of `bye`",
                            row.entry.result_code()
                        ),
                    )
                } else {
                    (
                        "9",
                        format!(
                            "{id} asked for no absence in round {r} but has a `{}` row",
                            row.entry.result_code()
                        ),
                    )
                };
                out.violations
                    .push(v(rule, vec![id], msg, json!({"row": row_json(&row)})));
            }
            None => sound = false,
        }
    }
    // Swiss-part rows of players outside the field (e.g. a Berger player paired with a field player
    // is reported by the Berger check; absent players by §9).
    if n.is_multiple_of(2) && !bye_rows.is_empty() {
        sound = false;
        out.violations.push(v(
            "8.1",
            bye_rows.iter().map(|&i| sf.ids[i]).collect(),
            format!("the Swiss field has an even number of players ({n}) but a bye was given"),
            json!({"field_size": n}),
        ));
    }
    if n % 2 == 1 && bye_rows.len() != 1 {
        sound = false;
        out.violations.push(v(
            "8.1",
            bye_rows.iter().map(|&i| sf.ids[i]).collect(),
            format!("the Swiss field has an odd number of players ({n}) and needs exactly one bye, found {}", bye_rows.len()),
            json!({"field_size": n, "byes": bye_rows.iter().map(|&i| sf.ids[i]).collect::<Vec<_>>()}),
        ));
    }
    let eligible = byes::eligible_bottom_first(&sf);
    let bye = if n % 2 == 1 && bye_rows.len() == 1 {
        Some(bye_rows[0])
    } else {
        None
    };
    if let Some(b) = bye
        && !eligible.contains(&b)
    {
        sound = false;
        let fewest = sf.byes.iter().min().copied().unwrap_or(0);
        out.violations.push(v(
                "8.1",
                vec![sf.ids[b]],
                format!(
                    "{} got the bye with {} byes already received; only players with the fewest ({fewest}) are eligible",
                    sf.ids[b], sf.byes[b]
                ),
                json!({"byes_received": sf.byes[b], "fewest": fewest, "eligible_bottom_first": eligible.iter().map(|&i| sf.ids[i]).collect::<Vec<_>>()}),
            ));
    }
    // Colours (§8.2).
    for &(i, j) in &pairs {
        let (w, bl) = sf.colours_of(i, j);
        let (ew, eb) = (sf.ids[w], sf.ids[bl]);
        if let Some(Row {
            entry: Entry::Game { white, black, .. },
            board,
            ..
        }) = row_of(ew)
            && white != ew
        {
            out.violations.push(v(
                    "8.2",
                    vec![ew, eb],
                    format!("board {board}: §8.2 gives White to {ew} and Black to {eb}, published {white}–{black}"),
                    json!({"expected": {"white": ew, "black": eb}, "published": {"white": white, "black": black},
                           "colours_before": {ew.to_string(): colour_json(&sf, w), eb.to_string(): colour_json(&sf, bl)}}),
                ));
        }
    }
    // Ladder (§8.3) and greedy (§8.4).
    if sound && n > 0 {
        let level = ladder::published_level(&sf, &pairs);
        if let Some(e) = ladder::earlier_feasible(&sf, &level, bye, &eligible) {
            let mut players: Vec<Id> = bye.into_iter().chain(e.bye).map(|b| sf.ids[b]).collect();
            players.dedup();
            out.violations.push(v(
                "8.3",
                players,
                format!(
                    "the published round uses level {level}{}, but a complete pairing exists at the earlier level {}{}{}",
                    bye.map_or(String::new(), |b| format!(" with bye {}", sf.ids[b])),
                    e.level,
                    e.bye.map_or(String::new(), |b| format!(" with bye {}", sf.ids[b])),
                    if e.exact { "" } else { " (or an even earlier one)" }
                ),
                json!({"level_used": level.to_json(), "bye_used": bye.map(|b| sf.ids[b]),
                       "earlier_level": e.level.to_json(), "earlier_bye": e.bye.map(|b| sf.ids[b]),
                       "first_feasible": e.exact, "witness": pairs_json(&sf, &e.pairing)}),
            ));
        } else if let Some(bc) = greedy::replay(&sf, &level, bye, &partner) {
            let (p, q, c) = (sf.ids[bc.player], sf.ids[bc.partner], sf.ids[bc.candidate]);
            out.violations.push(v(
                "8.4",
                vec![p, q, c],
                format!(
                    "at level {level}, {p} was paired with {q}, but the earlier candidate {c} in its preference list is allowed and leaves a complete pairing of the rest"
                ),
                json!({"level": level.to_json(), "player": p, "published_partner": q, "better_candidate": c, "better_pair": pairs_json(&sf, &[(bc.player, bc.candidate)])[0].clone(),
                       "completion": pairs_json(&sf, &bc.completion)}),
            ));
        }
    }

    // --- Groups that left their schedule but still follow the table (§6) ---
    for (g, numbers) in ctx.numbers.iter().enumerate() {
        let Some(joined) = ctx.sched.joined.get(g).copied().flatten() else {
            continue;
        };
        if r > groups.phase || r < joined {
            continue;
        }
        let entries = expected_entries(numbers, r, &withdrawn);
        let mut games = 0;
        let follows = entries.iter().all(|(_, _, e)| match *e {
            Expected::Game { white, black } => {
                games += 1;
                matches!(row_of(white), Some(Row { entry: Entry::Game { white: w, black: b, .. }, .. }) if w == white && b == black)
            }
            Expected::PhantomBye(x) | Expected::WithdrawnOpponentBye { player: x, .. } => {
                matches!(row_of(x), Some(Row { entry: Entry::Bye(p), .. }) if p == x)
            }
            Expected::Struck => true,
        });
        if follows && games > 0 && !out.violations.is_empty() {
            out.violations.push(v(
                "6",
                numbers.iter().copied().filter(|&id| !withdrawn(id)).collect(),
                format!(
                    "group {} left its Berger schedule in round {joined} (SPEC §6: a withdrawal), but round {r} still follows its table",
                    g + 1
                ),
                json!({"group": g + 1, "joined_swiss_field": joined}),
            ));
        }
    }

    // --- Board order (§8.5) ---
    let keys: Vec<Key> = rows
        .iter()
        .map(|row| {
            let mut ids: Vec<Id> = row.entry.players().collect();
            ids.sort();
            if let Some(&k) = berger_keys.get(&ids) {
                return k;
            }
            match row.entry {
                Entry::Game { white, black, .. } => {
                    let (pw, pb) = (
                        state.record(white).points as i64,
                        state.record(black).points as i64,
                    );
                    let pos = |id: Id| sf.pos.get(&id).map_or(i64::MAX, |&p| p as i64);
                    (1, -pw.max(pb), -(pw + pb), pos(white).min(pos(black)))
                }
                Entry::Bye(_) => (3, 0, 0, 0),
                Entry::HalfBye(p) | Entry::ZeroBye(p) => (4, ctx.tpn.get(p) as i64, 0, 0),
            }
        })
        .collect();
    out.violations.append(&mut board_order::check(&rows, &keys));
    out
}

fn colour_json(f: &SwissField, i: usize) -> serde_json::Value {
    let c = &f.colours[i];
    json!({"whites": c.whites, "blacks": c.blacks, "streak": c.streak,
           "last": c.last.map(|x| if x == crate::colours::Colour::White { "white" } else { "black" })})
}

/// Certifies every round.
pub fn check_all(t: &Tournament) -> Vec<RoundReport> {
    let ctx = Context::new(t);
    (1..=t.last_round()).map(|r| check_round(&ctx, r)).collect()
}

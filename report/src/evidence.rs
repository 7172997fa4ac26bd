//! A violation's evidence (the JSON of `bsw check --json`) written out for people: player ids
//! become linked names, pairs of ids become "White – Black", levels of the ladder become
//! words; anything not recognised is shown as its JSON text, so nothing is hidden.

use crate::html::esc;
use serde_json::Value;

/// Keys whose integer value is a player id.
const PLAYER_KEYS: [&str; 10] = [
    "player",
    "better_candidate",
    "published_partner",
    "bye_used",
    "earlier_bye",
    "bye",
    "white",
    "black",
    "receiver",
    "opponent",
];

/// Keys whose value is a list of player ids (or of pairs of ids).
const PLAYER_LIST_KEYS: [&str; 7] =
    ["players", "better_pair", "completion", "witness", "eligible_bottom_first", "field", "pairs"];

/// Words for the keys the checker uses; other keys are shown with `_` as a space.
fn label(key: &str) -> String {
    let known = match key {
        "better_candidate" => "better candidate (earlier in the preference list)",
        "better_pair" => "the pair the rule asks for",
        "completion" => "a complete pairing of the others with that pair",
        "witness" => "witness: a complete pairing at the earlier level",
        "level" => "level of the ladder",
        "level_used" => "level the published round needs",
        "earlier_level" => "earlier level that works",
        "published_partner" => "published partner",
        "bye_used" => "bye given to",
        "earlier_bye" => "bye receiver at the earlier level",
        "first_feasible" => "earlier level is the first that works",
        "table_board" => "Berger table board",
        "expected" => "expected",
        "published" => "published",
        "requested" => "requested absence",
        _ => "",
    };
    if known.is_empty() { key.replace('_', " ") } else { known.to_string() }
}

fn as_id(v: &Value) -> Option<u32> {
    v.as_u64().and_then(|x| u32::try_from(x).ok())
}

/// `(rematches no, streak limit 2, colour balance yes, score difference 0)` for a level object.
fn level_words(o: &serde_json::Map<String, Value>) -> Option<String> {
    let yes_no = |k: &str| o.get(k)?.as_bool().map(|b| if b { "yes" } else { "no" });
    let rematches = yes_no("rematches")?;
    let balance = yes_no("balance")?;
    let limit = o.get("streak_limit")?;
    let diff = o.get("max_diff")?;
    let diff = diff.as_str().map(str::to_string).unwrap_or(diff.to_string());
    Some(format!(
        "rematches {rematches}, streak limit {limit}, colour balance {balance}, score difference {}",
        esc(&diff)
    ))
}

/// Renders `v` (found under `key`); `name` gives the linked HTML of a player id.
fn value_html(key: &str, v: &Value, name: &dyn Fn(u32) -> String) -> String {
    let player_key = PLAYER_KEYS.contains(&key);
    let list_key = PLAYER_LIST_KEYS.contains(&key);
    match v {
        Value::Null => "none".into(),
        Value::Bool(b) => (if *b { "yes" } else { "no" }).into(),
        Value::Number(_) if player_key => as_id(v).map(name).unwrap_or_else(|| esc(&v.to_string())),
        Value::String(s) if s.is_empty() => "(empty)".into(),
        Value::String(s) => esc(s),
        Value::Array(items) if list_key && items.iter().all(|x| as_id(x).is_some()) => {
            items.iter().filter_map(as_id).map(name).collect::<Vec<_>>().join(" – ")
        }
        Value::Array(items) if items.is_empty() => "none".into(),
        Value::Array(items)
            if list_key
                && items.iter().all(|p| {
                    p.as_array()
                        .is_some_and(|a| a.len() == 2 && a.iter().all(|x| as_id(x).is_some()))
                }) =>
        {
            let pairs: Vec<String> = items
                .iter()
                .filter_map(|p| p.as_array())
                .map(|a| {
                    format!(
                        "<li>{} – {}</li>",
                        as_id(&a[0]).map(name).unwrap_or_default(),
                        as_id(&a[1]).map(name).unwrap_or_default()
                    )
                })
                .collect();
            format!("<ul class=\"pairs\">{}</ul>", pairs.concat())
        }
        Value::Array(items) => {
            let li: Vec<String> =
                items.iter().map(|x| format!("<li>{}</li>", value_html(key, x, name))).collect();
            format!("<ul>{}</ul>", li.concat())
        }
        Value::Object(o) => {
            if let Some(words) = level_words(o) {
                return words;
            }
            if let (Some(w), Some(b)) = (o.get("white"), o.get("black")) {
                let mut s = String::new();
                if let Some(board) = o.get("board") {
                    s += &format!("board {}: ", esc(&board.to_string()));
                }
                s += &format!(
                    "{} (White) – {} (Black)",
                    value_html("white", w, name),
                    value_html("black", b, name)
                );
                match o.get("result").and_then(Value::as_str) {
                    Some(r) if !r.is_empty() => s += &format!(", result {}", esc(r)),
                    _ => {}
                }
                return s;
            }
            object_html(o, name)
        }
        Value::Number(_) => esc(&v.to_string()),
    }
}

/// Keys shown first, in this order (the story of a violation); the others follow by name.
const KEY_ORDER: [&str; 14] = [
    "player",
    "published_partner",
    "better_candidate",
    "better_pair",
    "completion",
    "level",
    "level_used",
    "bye_used",
    "earlier_level",
    "earlier_bye",
    "witness",
    "first_feasible",
    "expected",
    "published",
];

fn object_html(o: &serde_json::Map<String, Value>, name: &dyn Fn(u32) -> String) -> String {
    let mut s = String::from("<dl class=\"evidence\">");
    let mut entries: Vec<(&String, &Value)> = o.iter().collect();
    entries.sort_by_key(|(k, _)| {
        (KEY_ORDER.iter().position(|x| x == k).unwrap_or(KEY_ORDER.len()), k.as_str())
    });
    for (k, v) in entries {
        s += &format!("<dt>{}</dt><dd>{}</dd>", esc(&label(k)), value_html(k, v, name));
    }
    s += "</dl>";
    s
}

/// A bracket whose published pairing a better one beats (the Dutch profile's C6-C21 and
/// order evidence), read from its keys.
pub struct BracketComparison<'a> {
    pub bracket_score: &'a str,
    /// The first criterion on which the two pairings differ, with the published and the
    /// better pairing's values (`None` when every criterion is equal: an order violation).
    pub first_difference: Option<(&'a str, i64, i64)>,
    pub published: Vec<(u32, u32)>,
    pub better: Vec<(u32, u32)>,
    /// Every criterion compared: (name, published value, better value).
    pub all: Vec<(&'a str, i64, i64)>,
}

fn id_pairs(v: Option<&Value>) -> Option<Vec<(u32, u32)>> {
    v?.as_array()?
        .iter()
        .map(|p| {
            let a = p.as_array()?;
            Some((as_id(a.first()?)?, as_id(a.get(1)?)?))
        })
        .collect()
}

/// The evidence as a bracket comparison, when it is one.
pub fn bracket_comparison(v: &Value) -> Option<BracketComparison<'_>> {
    let o = v.as_object()?;
    let names: Vec<&str> =
        o.get("criteria")?.as_array()?.iter().map(Value::as_str).collect::<Option<_>>()?;
    let ints =
        |k: &str| -> Option<Vec<i64>> { o.get(k)?.as_array()?.iter().map(Value::as_i64).collect() };
    let (p, w) = (ints("published_values")?, ints("witness_values")?);
    if p.len() != names.len() || w.len() != names.len() {
        return None;
    }
    let all: Vec<(&str, i64, i64)> =
        names.iter().zip(p.iter().zip(&w)).map(|(&n, (&a, &b))| (n, a, b)).collect();
    Some(BracketComparison {
        bracket_score: o.get("bracket_score").and_then(Value::as_str).unwrap_or("?"),
        first_difference: all.iter().find(|(_, a, b)| a != b).copied(),
        published: id_pairs(o.get("published"))?,
        better: id_pairs(o.get("witness"))?,
        all,
    })
}

/// A bracket comparison in HTML: the bracket, the first criterion that differs with its two
/// values, the two pairings side by side (pairs that differ marked), and every criterion
/// behind a `<details>` toggle.
fn bracket_html(b: &BracketComparison, name: &dyn Fn(u32) -> String) -> String {
    let mut s = format!("<p>Bracket of score {}.", esc(b.bracket_score));
    match b.first_difference {
        Some((c, p, w)) => {
            s += &format!(
                " The first criterion on which the pairings differ is <strong>{}</strong>: {} for the published pairing, {} for the better one.</p>",
                esc(c),
                p,
                w
            )
        }
        None => {
            s += " Both pairings are equally good on every criterion; the better one comes earlier in the generation order (C.04.3 4.2-4.4).</p>"
        }
    }
    let pair = |&(a, b): &(u32, u32)| format!("{} – {}", name(a), name(b));
    let norm = |&(a, b): &(u32, u32)| (a.min(b), a.max(b));
    let in_other = |x: &(u32, u32), other: &[(u32, u32)]| other.iter().any(|y| norm(y) == norm(x));
    s += "<div class=\"scroll\"><table class=\"side-by-side\"><thead><tr><th scope=\"col\">Published pairing</th><th scope=\"col\">Better pairing</th></tr></thead><tbody>";
    for k in 0..b.published.len().max(b.better.len()) {
        let cell = |list: &[(u32, u32)], other: &[(u32, u32)]| match list.get(k) {
            Some(x) if in_other(x, other) => format!("<td>{}</td>", pair(x)),
            Some(x) => format!("<td class=\"differs\"><strong>{}</strong></td>", pair(x)),
            None => "<td></td>".into(),
        };
        s +=
            &format!("<tr>{}{}</tr>", cell(&b.published, &b.better), cell(&b.better, &b.published));
    }
    s += "</tbody></table></div>";
    s += "<details><summary>Every criterion compared</summary><div class=\"scroll\"><table><thead><tr><th scope=\"col\">Criterion</th><th scope=\"col\">Published</th><th scope=\"col\">Better</th></tr></thead><tbody>";
    for (c, p, w) in &b.all {
        let mark = if p != w { " class=\"differs\"" } else { "" };
        s += &format!("<tr{mark}><th scope=\"row\">{}</th><td>{p}</td><td>{w}</td></tr>", esc(c));
    }
    s += "</tbody></table></div></details>";
    s
}

/// The evidence of one violation as HTML (empty for `null`). A bracket comparison is written
/// in words (the bracket, the first criterion that differs, the pairings side by side) with
/// the full vectors behind a toggle; other evidence key by key.
pub fn evidence_html(v: &Value, name: &dyn Fn(u32) -> String) -> String {
    if let Some(b) = bracket_comparison(v) {
        return bracket_html(&b, name);
    }
    match v {
        Value::Null => String::new(),
        Value::Object(o) => object_html(o, name),
        other => value_html("", other, name),
    }
}

/// The evidence of one violation as lines for a terminal (`bsw check`): a bracket comparison
/// in words, other evidence key by key with players named by `name` — never raw JSON but for
/// values it does not know.
pub fn evidence_lines(v: &Value, name: &dyn Fn(u32) -> String) -> Vec<String> {
    let pairs = |list: &[(u32, u32)]| {
        list.iter()
            .map(|&(a, b)| format!("{} – {}", name(a), name(b)))
            .collect::<Vec<_>>()
            .join("; ")
    };
    if let Some(b) = bracket_comparison(v) {
        let mut out = vec![format!("bracket of score {}", b.bracket_score)];
        out.push(match b.first_difference {
            Some((c, p, w)) => format!("first criterion that differs: {c}: published {p}, better {w}"),
            None => "equally good on every criterion; the better pairing comes earlier in the generation order (4.2-4.4)".into(),
        });
        out.push(format!("published: {}", pairs(&b.published)));
        out.push(format!("better:    {}", pairs(&b.better)));
        return out;
    }
    let Some(o) = v.as_object() else {
        return if v.is_null() { Vec::new() } else { vec![v.to_string()] };
    };
    let mut entries: Vec<(&String, &Value)> = o.iter().collect();
    entries.sort_by_key(|(k, _)| {
        (KEY_ORDER.iter().position(|x| x == k).unwrap_or(KEY_ORDER.len()), k.as_str())
    });
    entries.into_iter().map(|(k, v)| format!("{}: {}", label(k), value_text(k, v, name))).collect()
}

/// One evidence value as plain text (the terminal's [`value_html`]).
fn value_text(key: &str, v: &Value, name: &dyn Fn(u32) -> String) -> String {
    let ids = |items: &[Value]| items.iter().map(as_id).collect::<Option<Vec<u32>>>();
    match v {
        Value::Null => "none".into(),
        Value::Bool(b) => (if *b { "yes" } else { "no" }).into(),
        Value::Number(_) if PLAYER_KEYS.contains(&key) => {
            as_id(v).map(name).unwrap_or(v.to_string())
        }
        Value::String(s) => s.clone(),
        Value::Array(items) if items.is_empty() => "none".into(),
        Value::Array(items) if PLAYER_LIST_KEYS.contains(&key) => {
            match (ids(items), id_pairs(Some(v))) {
                (Some(list), _) => list.into_iter().map(name).collect::<Vec<_>>().join(" – "),
                (None, Some(list)) => list
                    .iter()
                    .map(|&(a, b)| format!("{} – {}", name(a), name(b)))
                    .collect::<Vec<_>>()
                    .join("; "),
                _ => v.to_string(),
            }
        }
        Value::Object(o) => {
            if let Some(words) = level_words(o) {
                return words.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">");
            }
            if let (Some(w), Some(b)) =
                (o.get("white").and_then(as_id), o.get("black").and_then(as_id))
            {
                let board = o.get("board").map(|x| format!("board {x}: ")).unwrap_or_default();
                return format!("{board}{} (White) – {} (Black)", name(w), name(b));
            }
            // A map by player (`{"2": "none"}`): each player named, with its value.
            let by_player: Vec<String> = o
                .iter()
                .map(|(k, x)| {
                    let who = k.parse::<u32>().map(name).unwrap_or_else(|_| k.clone());
                    format!("{who}: {}", value_text(k, x, name))
                })
                .collect();
            by_player.join("; ")
        }
        _ => v.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn name(id: u32) -> String {
        format!("[{id}]")
    }

    #[test]
    fn ids_pairs_and_levels_are_written_out() {
        let ev = json!({
            "player": 1,
            "better_pair": [3, 1],
            "completion": [[2, 8], [4, 6]],
            "level": {"balance": true, "max_diff": "0", "rematches": false, "streak_limit": 2},
        });
        let html = evidence_html(&ev, &name);
        assert!(html.contains("<dd>[1]</dd>"), "{html}");
        assert!(html.contains("[3] – [1]"), "{html}");
        assert!(html.contains("<li>[2] – [8]</li><li>[4] – [6]</li>"), "{html}");
        assert!(
            html.contains("rematches no, streak limit 2, colour balance yes, score difference 0"),
            "{html}"
        );
    }

    fn bracket() -> Value {
        json!({
            "bracket_score": "1½",
            "criterion": "C13",
            "criteria": ["C6", "C12", "C13"],
            "published_values": [0, 1, 2],
            "witness_values": [0, 1, 1],
            "published": [[1, 4], [2, 3]],
            "witness": [[1, 3], [2, 4]],
        })
    }

    #[test]
    fn a_bracket_comparison_is_written_in_words_with_the_vectors_behind_a_toggle() {
        let html = evidence_html(&bracket(), &name);
        assert!(html.contains("Bracket of score 1½"), "{html}");
        assert!(
            html.contains(
                "<strong>C13</strong>: 2 for the published pairing, 1 for the better one"
            ),
            "{html}"
        );
        assert!(
            html.contains(
                "<th scope=\"col\">Published pairing</th><th scope=\"col\">Better pairing</th>"
            ),
            "{html}"
        );
        assert!(
            html.contains("<strong>[1] – [4]</strong>")
                && html.contains("<strong>[1] – [3]</strong>"),
            "{html}"
        );
        let toggle = html.split("<details>").nth(1).expect("a details toggle");
        assert!(toggle.contains("<th scope=\"row\">C6</th><td>0</td><td>0</td>"), "{html}");
        assert!(
            !html[..html.find("<details>").unwrap()].contains("C6"),
            "C6 only behind the toggle: {html}"
        );
    }

    #[test]
    fn the_terminal_gets_the_same_words() {
        let lines = evidence_lines(&bracket(), &name);
        assert_eq!(
            lines,
            [
                "bracket of score 1½",
                "first criterion that differs: C13: published 2, better 1",
                "published: [1] – [4]; [2] – [3]",
                "better:    [1] – [3]; [2] – [4]",
            ]
        );
        let lines = evidence_lines(
            &json!({"player": 1, "better_pair": [3, 1], "level": {"balance": true, "max_diff": "0", "rematches": false, "streak_limit": 2}}),
            &name,
        );
        assert_eq!(lines[0], "player: [1]");
        assert!(lines.contains(&"the pair the rule asks for: [3] – [1]".to_string()), "{lines:?}");
        assert!(lines.iter().all(|l| !l.contains('{')), "no JSON: {lines:?}");
    }

    #[test]
    fn published_rows_and_unknown_keys_stay_visible() {
        let ev = json!({"expected": {"white": 3, "black": 4}, "odd_<key>": "x<y"});
        let html = evidence_html(&ev, &name);
        assert!(html.contains("[3] (White) – [4] (Black)"), "{html}");
        assert!(html.contains("odd &lt;key&gt;"), "{html}");
        assert!(html.contains("x&lt;y"), "{html}");
    }
}

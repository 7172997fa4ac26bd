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

/// The evidence of one violation as HTML (empty for `null`).
pub fn evidence_html(v: &Value, name: &dyn Fn(u32) -> String) -> String {
    match v {
        Value::Null => String::new(),
        Value::Object(o) => object_html(o, name),
        other => value_html("", other, name),
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

    #[test]
    fn published_rows_and_unknown_keys_stay_visible() {
        let ev = json!({"expected": {"white": 3, "black": 4}, "odd_<key>": "x<y"});
        let html = evidence_html(&ev, &name);
        assert!(html.contains("[3] (White) – [4] (Black)"), "{html}");
        assert!(html.contains("odd &lt;key&gt;"), "{html}");
        assert!(html.contains("x&lt;y"), "{html}");
    }
}

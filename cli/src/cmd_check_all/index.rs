//! `DIR/index.html` of `bsw check-all`: every event as a row of one table, linking its
//! certificate. Self-contained (inline CSS and script, nothing fetched). Without script the
//! table is complete in path order; with it, a click on a column heading sorts by that column
//! (again: the other way), and a verdict menu and a search box filter the rows. The state
//! lives in the address (`#verdict=violations&q=rule%208&sort=players&desc=1`), so a
//! filtered view can be bookmarked or sent.

use super::{Row, Summary, Verdict};
use bsw_report::html::esc;

/// The table's columns: heading, sort key in the address, numeric.
const COLUMNS: [(&str, &str, bool); 9] = [
    ("Event", "path", false),
    ("Verdict", "verdict", false),
    ("Profile", "profile", false),
    ("System", "system", false),
    ("Players", "players", true),
    ("Rounds", "rounds", true),
    ("Violations", "violations", true),
    ("First violation or why no verdict", "detail", false),
    ("Time (ms)", "time", true),
];

const STYLE: &str = r#"
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
body { margin: 1.5rem; color: #1b1b1b; background: #fff; }
h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
p { margin: .4rem 0; max-width: 60rem; }
.counts span { display: inline-block; margin-right: 1rem; }
.interrupted { padding: .5rem .8rem; background: #fff3cd; border: 1px solid #c9a227; }
form { display: flex; flex-wrap: wrap; gap: .5rem 1.2rem; align-items: center; margin: 1rem 0 .6rem; }
input[type=search] { min-width: 16rem; padding: .25rem .4rem; }
select { padding: .2rem; }
.wrap { overflow-x: auto; }
table { border-collapse: collapse; font-size: .92rem; }
th, td { border-bottom: 1px solid #ddd; padding: .3rem .55rem; text-align: left; vertical-align: top; }
thead th { position: sticky; top: 0; background: #f3f3f3; white-space: nowrap; }
th button { font: inherit; font-weight: 600; border: 0; background: none; padding: 0; cursor: pointer; color: inherit; }
th[aria-sort=ascending] button::after { content: " ▲"; }
th[aria-sort=descending] button::after { content: " ▼"; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.verdict, td.tag { white-space: nowrap; }
td.detail { max-width: 40rem; min-width: 14rem; }
tbody th { min-width: 13rem; font-weight: normal; }
tr.conforming td.verdict { color: #155724; }
tr.violations td.verdict { color: #8a1c1c; font-weight: 600; }
tr.refused td.verdict, tr.timed-out td.verdict { color: #7a4b00; font-weight: 600; }
.path { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .88rem; word-break: break-all; }
@media print { form { display: none; } thead th { position: static; } }
"#;

/// Sorting and filtering; reads and writes its state in the address's fragment.
const SCRIPT: &str = r##"
(function () {
  "use strict";
  var table = document.getElementById("events");
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
  var verdict = document.getElementById("verdict");
  var search = document.getElementById("search");
  var shown = document.getElementById("shown");
  var sort = { key: "", desc: false };

  function value(row, i, numeric) {
    var cell = row.cells[i];
    var v = cell.getAttribute("data-sort");
    if (v === null) v = cell.textContent;
    if (!numeric) return v.toLowerCase();
    return v === "" ? -Infinity : parseFloat(v);
  }

  function order() {
    var i = -1;
    heads.forEach(function (h, k) {
      if (h.getAttribute("data-key") === sort.key) i = k;
      h.removeAttribute("aria-sort");
    });
    var keyed = rows.map(function (r, k) { return { r: r, k: k, v: i < 0 ? k : value(r, i, heads[i].hasAttribute("data-numeric")) }; });
    if (i >= 0) heads[i].setAttribute("aria-sort", sort.desc ? "descending" : "ascending");
    keyed.sort(function (a, b) {
      if (a.v < b.v) return sort.desc ? 1 : -1;
      if (a.v > b.v) return sort.desc ? -1 : 1;
      return a.k - b.k;
    });
    keyed.forEach(function (x) { body.appendChild(x.r); });
  }

  function filter() {
    var v = verdict.value, q = search.value.trim().toLowerCase(), n = 0;
    rows.forEach(function (r) {
      var ok = (!v || r.getAttribute("data-verdict") === v) &&
        (!q || r.textContent.toLowerCase().indexOf(q) >= 0);
      r.hidden = !ok;
      if (ok) n += 1;
    });
    shown.textContent = n + " of " + rows.length + " events shown";
  }

  function save() {
    var parts = [];
    if (verdict.value) parts.push("verdict=" + encodeURIComponent(verdict.value));
    if (search.value) parts.push("q=" + encodeURIComponent(search.value));
    if (sort.key) parts.push("sort=" + encodeURIComponent(sort.key) + (sort.desc ? "&desc=1" : ""));
    try { history.replaceState(null, "", parts.length ? "#" + parts.join("&") : location.pathname); } catch (e) { /* file: pages in some browsers */ }
  }

  function load() {
    var state = {};
    location.hash.replace(/^#/, "").split("&").forEach(function (p) {
      var kv = p.split("=");
      if (kv[0]) state[kv[0]] = decodeURIComponent(kv.slice(1).join("=") || "");
    });
    verdict.value = state.verdict || "";
    if (verdict.value !== (state.verdict || "")) verdict.value = "";
    search.value = state.q || "";
    sort.key = state.sort || "";
    sort.desc = state.desc === "1";
    order();
    filter();
  }

  heads.forEach(function (h) {
    var button = h.querySelector("button");
    if (!button) return;
    button.addEventListener("click", function () {
      var key = h.getAttribute("data-key");
      if (sort.key === key) sort.desc = !sort.desc; else { sort.key = key; sort.desc = false; }
      order();
      save();
    });
  });
  verdict.addEventListener("change", function () { filter(); save(); });
  search.addEventListener("input", function () { filter(); save(); });
  window.addEventListener("hashchange", load);
  document.getElementById("filters").addEventListener("submit", function (e) { e.preventDefault(); });
  load();
})();
"##;

fn num(n: Option<usize>) -> String {
    n.map(|n| n.to_string()).unwrap_or_default()
}

fn row_html(r: &Row) -> String {
    let class = r.verdict.name().replace(' ', "-");
    let path = esc(&r.path);
    let event = match &r.certificate {
        Some(page) => format!("<a class=\"path\" href=\"{}\">{path}</a>", esc(page)),
        None => format!("<span class=\"path\">{path}</span>"),
    };
    let mut detail = esc(&r.detail);
    if let Some(e) = &r.certificate_error {
        if !detail.is_empty() {
            detail += "<br>";
        }
        detail += &format!("no certificate: {}", esc(e));
    }
    let cell = |x: Option<usize>| format!("<td class=\"num\">{}</td>", num(x));
    format!(
        "<tr class=\"{class}\" data-verdict=\"{v}\"><th scope=\"row\" data-sort=\"{path}\">{event}</th><td class=\"verdict\" data-sort=\"{rank}\">{v}</td><td class=\"tag\">{profile}</td><td class=\"tag\">{system}</td>{players}{rounds}{violations}<td class=\"detail\">{detail}</td><td class=\"num\">{time:.1}</td></tr>\n",
        v = r.verdict.name(),
        rank = r.verdict as u8,
        profile = r.profile.unwrap_or_default(),
        system = esc(r.system.as_deref().unwrap_or_default()),
        players = cell(r.players),
        rounds = cell(r.rounds),
        violations = cell(r.violations),
        time = r.time_ms,
    )
}

/// The page.
pub(super) fn render(s: &Summary) -> String {
    let c = &s.counts;
    let mut h = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
    );
    h += &format!(
        "<title>bsw check-all: {}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        crate::output::count(c.events as u64, "event", "events")
    );
    h += &format!(
        "<h1>Certification of {}</h1>\n",
        crate::output::count(c.events as u64, "event", "events")
    );
    h += "<p class=\"counts\">";
    for v in Verdict::ALL {
        let n = match v {
            Verdict::Conforming => c.conforming,
            Verdict::Violations => c.violations,
            Verdict::Refused => c.refused,
            Verdict::TimedOut => c.timed_out,
        };
        h += &format!(
            "<span class=\"count-{}\"><strong>{n}</strong> {}</span>",
            v.name().replace(' ', "-"),
            v.name()
        );
    }
    h += "</p>\n";
    if let Some(i) = &s.interrupted {
        h += &format!(
            "<p class=\"interrupted\" role=\"status\"><strong>Interrupted</strong> (Ctrl-C) after {} of {} events: the table holds the events judged before the stop.</p>\n",
            i.finished, i.planned
        );
    }
    let paths: Vec<String> = s.paths.iter().map(|p| esc(p)).collect();
    let profile = match s.profile {
        Some(p) => format!("profile {p} for every event"),
        None => "each event by the profile <code>bsw check</code> chooses for it".into(),
    };
    h += &format!(
        "<p>Read from <span class=\"path\">{}</span>; {profile}{}; by bsw {}. Each verdict is the one <code>bsw check PATH</code> gives from the same directory; each judged event links its certificate.</p>\n",
        paths.join("</span>, <span class=\"path\">"),
        if s.lenient { ", TRF points read leniently (--lenient)" } else { "" },
        esc(s.bsw),
    );
    h += "<form id=\"filters\" role=\"search\">\n<label>Verdict <select id=\"verdict\"><option value=\"\">all</option>";
    for v in Verdict::ALL {
        h += &format!("<option value=\"{0}\">{0}</option>", v.name());
    }
    h += "</select></label>\n<label>Search <input id=\"search\" type=\"search\" placeholder=\"path, rule, player, message\"></label>\n";
    h += &format!(
        "<output id=\"shown\" aria-live=\"polite\">{0} of {0} events shown</output>\n</form>\n",
        c.events
    );
    h += "<div class=\"wrap\">\n<table id=\"events\">\n<thead><tr>";
    for (title, key, numeric) in COLUMNS {
        h += &format!(
            "<th scope=\"col\" data-key=\"{key}\"{}><button type=\"button\">{title}</button></th>",
            if numeric { " data-numeric" } else { "" }
        );
    }
    h += "</tr></thead>\n<tbody>\n";
    for r in &s.events {
        h += &row_html(r);
    }
    h += "</tbody>\n</table>\n</div>\n";
    h += &format!("<script>{SCRIPT}</script>\n</body>\n</html>\n");
    h
}

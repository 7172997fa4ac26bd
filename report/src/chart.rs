//! The score-progression chart: inline SVG, one line per leader, points after each round.
//! Integer geometry from half-points; the SVG scales with its container (`viewBox`).

use crate::html::{esc, half};
use bsw_model::HalfPoints;

/// Colours that stay apart for the common colour-vision deficiencies (Okabe–Ito).
const COLOURS: [&str; 8] =
    ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"];

/// One line: a label and the points after rounds 1..=n (index 0 = after round 1).
pub struct Series {
    pub label: String,
    pub after: Vec<HalfPoints>,
}

/// The chart as an `<svg>` element; `title` is its accessible name.
pub fn progression_svg(title: &str, series: &[Series]) -> String {
    let rounds = series.iter().map(|s| s.after.len()).max().unwrap_or(0);
    let top = series.iter().flat_map(|s| s.after.iter().copied()).max().unwrap_or(0).max(2);
    // Plot area.
    let (left, right, upper, lower) = (44i64, 16i64, 12i64, 36i64);
    let (width, height) = (640i64, 300i64);
    let pw = width - left - right;
    let ph = height - upper - lower;
    let x = |r: usize| left + pw * r as i64 / rounds.max(1) as i64;
    let y = |h: HalfPoints| upper + ph - ph * i64::from(h) / i64::from(top);
    let mut s = format!(
        "<svg class=\"chart\" viewBox=\"0 0 {width} {height}\" role=\"img\" aria-labelledby=\"chart-title\" xmlns=\"http://www.w3.org/2000/svg\"><title id=\"chart-title\">{}</title>",
        esc(title)
    );
    // Horizontal grid every point (every 2 half-points), labelled.
    let step = if top > 20 { 4 } else { 2 };
    let mut h = 0;
    while h <= top {
        s += &format!(
            "<line x1=\"{left}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" class=\"grid\"/><text x=\"{2}\" y=\"{3}\" class=\"axis\" text-anchor=\"end\">{4}</text>",
            y(h),
            width - right,
            left - 6,
            y(h) + 4,
            half(h)
        );
        h += step;
    }
    for r in 0..=rounds {
        s += &format!(
            "<text x=\"{}\" y=\"{}\" class=\"axis\" text-anchor=\"middle\">{}</text>",
            x(r),
            height - lower + 16,
            r
        );
    }
    s += &format!(
        "<text x=\"{}\" y=\"{}\" class=\"axis\" text-anchor=\"middle\">round</text>",
        left + pw / 2,
        height - 4
    );
    let n = series.len() as i64;
    for (k, line) in series.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        // Lines that share points would hide each other: each is drawn a few pixels apart
        // (3 px between neighbours, centred on the true value).
        let dy = 3 * k as i64 - 3 * (n - 1) / 2;
        let y = |h: HalfPoints| y(h) + dy;
        let mut points = vec![format!("{},{}", x(0), y(0))];
        points
            .extend(line.after.iter().enumerate().map(|(i, &p)| format!("{},{}", x(i + 1), y(p))));
        s += &format!(
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2.5\" points=\"{}\"><title>{}</title></polyline>",
            points.join(" "),
            esc(&line.label)
        );
        for (i, &p) in line.after.iter().enumerate() {
            s += &format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"3.5\" fill=\"{colour}\"><title>{}: {} after round {}</title></circle>",
                x(i + 1),
                y(p),
                esc(&line.label),
                half(p),
                i + 1
            );
        }
    }
    s += "</svg>";
    // The legend is HTML (it wraps at phone width), coloured like the lines.
    s += "<ul class=\"legend\">";
    for (k, line) in series.iter().enumerate() {
        s += &format!(
            "<li><span class=\"swatch\" style=\"background:{}\"></span>{} ({})</li>",
            COLOURS[k % COLOURS.len()],
            esc(&line.label),
            half(line.after.last().copied().unwrap_or(0))
        );
    }
    s += "</ul>";
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_per_leader_from_zero_through_each_round() {
        let svg = progression_svg(
            "t",
            &[
                Series { label: "A".into(), after: vec![2, 4] },
                Series { label: "B".into(), after: vec![0, 1] },
            ],
        );
        // Plot 580 wide over 2 rounds: x = 44, 334, 624; 252 high over 4 half-points:
        // y(0) = 264, y(2) = 138, y(4) = 12, y(1) = 201; two lines drawn 3 px apart
        // (offsets 0 - 3*1/2 = -1 and +2).
        assert!(svg.contains("points=\"44,263 334,137 624,11\""), "{svg}");
        assert!(svg.contains("points=\"44,266 334,266 624,203\""), "{svg}");
        assert!(svg.contains("A (2)"), "{svg}");
        assert!(svg.contains("B (½)"), "{svg}");
    }
}

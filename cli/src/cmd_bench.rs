//! `bsw bench`: scaling benchmark on large plain-Swiss fields (issue 8).
//!
//! For each size, one tournament from [`bsw_harness::bench`] is paired round by round (and
//! certified with `--check`). Per round we record the level, the pairing and checking times,
//! the engine's search statistics and the peak resident memory (`VmHWM` of
//! `/proc/self/status`, reset before each size through `/proc/self/clear_refs` where the
//! kernel allows it; otherwise it is the peak of the whole run so far, and sizes run in
//! ascending order). Output: `DIR/bench.csv`, `DIR/scaling.svg` (log-log plot of the median
//! pairing time per size with the fitted exponent printed on it) and the same figures as a
//! table on stdout. `bench.csv` is rewritten after each size, so an interrupted run keeps the
//! sizes it finished. Progress goes to stderr: a bar on a terminal, plain lines otherwise.
//!
//! Exit codes: 0 done; 1 the checker found violations in some round (`--check`); 2 error.

use bsw_harness::bench::{
    BenchSpec, CheckVerdict, ResultModel, RoundMeasure, SizeSummary, csv_text, fit_power,
    level_label, summarise,
};
use bsw_harness::generator::SystemKind;
use bsw_model::io::write_atomic;
use indicatif::{ProgressBar, ProgressStyle};
use plotters::prelude::*;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

/// Default `--sizes`.
const DEFAULT_SIZES: [u32; 3] = [1000, 10_000, 100_000];
/// Default `--sizes` of `--system dutch`: sizes the present Dutch engine finishes in about
/// 10 s in all (release build, 9 rounds).
const DEFAULT_DUTCH_SIZES: [u32; 3] = [50, 100, 200];

#[derive(clap::Args)]
pub(crate) struct Args {
    /// Numbers of players, comma-separated (run in ascending order) [default: 1000,10000,100000;
    /// with --system dutch 50,100,200].
    #[arg(long, value_delimiter = ',')]
    pub sizes: Option<Vec<u32>>,
    /// Pairing system: berger-swiss, or dutch (FIDE C.04.3; release build, per round: under
    /// 0.05 s at 1,000 players, under 0.3 s at 5,000, under 0.8 s at 10,000 (odd fields
    /// too), under 3.5 s at 100,000 (--seed 1), rounds 2-3 about 30 and 42 min at
    /// 1,000,000; its --check profile: under 0.05 s a round at 1,000 players, under 0.35 s
    /// at 10,000, seeds 1-2; 1.4-6.3 s at 100,000, seed 1, in 0.16 GB).
    #[arg(long, value_enum, default_value_t = SystemKind::BergerSwiss)]
    pub system: SystemKind,
    /// Rounds of each tournament (all of them are paired).
    #[arg(long, default_value_t = 9)]
    pub rounds: u32,
    /// Seed of the ratings and results (same seed, same pairings), 0 to 2^63-1.
    #[arg(long, default_value_t = 1, value_parser = crate::cmd_generate::parse_seed)]
    pub seed: u64,
    /// How results are drawn.
    #[arg(long, value_enum, default_value_t = ResultModel::Elo)]
    pub results: ResultModel,
    /// Also certify every round with the checker (profile berger-swiss, or dutch with
    /// --system dutch) and time it.
    #[arg(long)]
    pub check: bool,
    /// Directory for bench.csv and scaling.svg (created if missing). A Dutch round's
    /// statistics: matchings solved, augmentations, vertices scanned (the matching,
    /// augmenting and nodes columns), brackets (on the whole field), restarts and dual steps
    /// (BENCHMARKS.md lists the bench.csv columns).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
}

pub(crate) fn run(args: Args) -> crate::CmdResult {
    let mut sizes = args.sizes.clone().unwrap_or_else(|| match args.system {
        SystemKind::BergerSwiss => DEFAULT_SIZES.to_vec(),
        SystemKind::Dutch => DEFAULT_DUTCH_SIZES.to_vec(),
    });
    if sizes.is_empty() || sizes.contains(&0) {
        return Err("--sizes: give positive numbers of players, e.g. 1000,10000,100000".into());
    }
    if args.rounds == 0 {
        return Err("--rounds: must be at least 1".into());
    }
    // Dutch fields of any size are tried: a round is refused (an error naming the round) only
    // when a bracket must be matched on a whole field larger than `dutch::MAX_PLAYERS`.
    sizes.sort_unstable();
    sizes.dedup();
    std::fs::create_dir_all(&args.out)
        .map_err(|e| format!("{}: cannot create the directory: {e}", args.out.display()))?;

    // A checker panic is a bug; it is caught, reported as "n/a" in the table and the CSV, and
    // its message kept off the terminal so that the other rounds still get their figures.
    let hook = std::panic::take_hook();
    if args.check {
        std::panic::set_hook(Box::new(|_| {}));
    }
    let result = measure(&sizes, &args);
    if args.check {
        std::panic::set_hook(hook);
    }
    let measures = result?;

    let summaries = summarise(&measures);
    let csv_path = args.out.join("bench.csv");
    write_atomic(&csv_path, &csv_text(&measures)?).map_err(|e| e.to_string())?;
    let svg_path = args.out.join("scaling.svg");
    let svg = scaling_svg(&measures, &summaries, &args)?;
    write_atomic(&svg_path, &svg).map_err(|e| e.to_string())?;

    out!("{}", table(&measures, &summaries))?;
    outln!("wrote {} and {}", csv_path.display(), svg_path.display())?;
    let violations = measures.iter().any(|m| matches!(m.verdict, CheckVerdict::Violations(_)));
    Ok(if violations { 1 } else { 0 })
}

fn measure(sizes: &[u32], args: &Args) -> Result<Vec<RoundMeasure>, String> {
    let total = sizes.len() as u64 * args.rounds as u64;
    let bar = std::io::stderr().is_terminal().then(|| {
        let pb = ProgressBar::new(total);
        pb.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {pos}/{len} rounds  {wide_msg}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        pb.enable_steady_tick(Duration::from_millis(200));
        pb
    });
    let mut all = Vec::new();
    for &size in sizes {
        reset_peak_rss();
        if let Some(pb) = &bar {
            pb.set_message(format!("{size} players: pairing round 1"));
        }
        let spec = BenchSpec {
            size,
            rounds: args.rounds,
            seed: args.seed,
            check: args.check,
            results: args.results,
            system: args.system,
        };
        let mut on_round = |m: &mut RoundMeasure| {
            m.peak_rss_bytes = peak_rss_bytes();
            match &bar {
                Some(pb) => {
                    pb.inc(1);
                    // What is running now, then what just finished (the bar truncates).
                    let next = if m.round < args.rounds {
                        format!("{} players: pairing round {}", m.size, m.round + 1)
                    } else {
                        format!("{} players: done", m.size)
                    };
                    pb.set_message(format!(
                        "{next}  (last: round {}, {:.1} ms)",
                        m.round,
                        m.pairing_ms()
                    ));
                }
                None => {
                    let how = match &m.dutch {
                        Some(d) => format!(
                            "{} brackets ({} on the whole field), {} matchings",
                            d.brackets.restricted + d.brackets.global,
                            d.brackets.global,
                            d.work.solves
                        ),
                        None => format!(
                            "level {}, {} matching calls",
                            level_label(m.level.as_ref()),
                            m.stats.matching_calls
                        ),
                    };
                    let line = format!(
                        "{} players, round {}: pairing {:.1} ms{}, {how}",
                        m.size,
                        m.round,
                        m.pairing_ms(),
                        m.checking_ms()
                            .map(|c| format!(", checking {c:.1} ms"))
                            .unwrap_or_default(),
                    );
                    errln!("bench: {line}");
                }
            }
        };
        let ms = bsw_harness::bench::run(&spec, &mut on_round).inspect_err(|_| {
            if let Some(pb) = &bar {
                pb.abandon();
            }
        })?;
        all.extend(ms);
        // Keep what is measured so far: a long run stopped later still leaves its CSV.
        write_atomic(&args.out.join("bench.csv"), &csv_text(&all)?).map_err(|e| e.to_string())?;
    }
    if let Some(pb) = bar {
        pb.finish_and_clear();
    }
    Ok(all)
}

/// `VmHWM` (peak resident set) of this process, in bytes; `None` where /proc is unavailable.
fn peak_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 =
        line.trim_start_matches("VmHWM:").trim().trim_end_matches("kB").trim().parse().ok()?;
    Some(kb * 1024)
}

/// Resets `VmHWM` to the current resident set (Linux: writing 5 to clear_refs), so that each
/// size reports its own peak. Best effort: where it fails the peak is the run's so far.
fn reset_peak_rss() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

/// Exponent of the least-squares fit of median pairing time over all sizes, and the slope
/// between the two largest sizes.
fn exponents(
    summaries: &[SizeSummary],
    time: impl Fn(&SizeSummary) -> Option<f64>,
) -> (Option<f64>, Option<(u32, u32, f64)>) {
    let pts: Vec<(f64, f64)> =
        summaries.iter().filter_map(|s| time(s).map(|t| (s.size as f64, t))).collect();
    let all = fit_power(&pts).map(|(e, _)| e);
    let last = if summaries.len() >= 2 {
        let (a, b) = (&summaries[summaries.len() - 2], &summaries[summaries.len() - 1]);
        match (time(a), time(b)) {
            (Some(ta), Some(tb)) => fit_power(&[(a.size as f64, ta), (b.size as f64, tb)])
                .map(|(e, _)| (a.size, b.size, e)),
            _ => None,
        }
    } else {
        None
    };
    (all, last)
}

fn table(measures: &[RoundMeasure], summaries: &[SizeSummary]) -> String {
    let mut s = String::new();
    // Dutch rounds add their brackets (those on the whole field) and the matchers' restarts
    // and dual steps.
    let dutch = measures.iter().any(|m| m.dutch.is_some());
    s.push_str(&format!(
        "{:>8} {:>5} {:>14} {:>11} {:>11} {:>8} {:>10} {:>12} {:>9}  {}",
        "size",
        "round",
        "level",
        "pairing ms",
        "checking ms",
        "matching",
        "augmenting",
        "nodes",
        "peak MB",
        "check"
    ));
    if dutch {
        s.push_str(&format!(
            "  {:>8} {:>6} {:>8} {:>10}",
            "brackets", "global", "restarts", "dual steps"
        ));
    }
    s.push('\n');
    for m in measures {
        let check = m.verdict.label();
        s.push_str(&format!(
            "{:>8} {:>5} {:>14} {:>11.3} {:>11} {:>8} {:>10} {:>12} {:>9}  {}",
            m.size,
            m.round,
            level_label(m.level.as_ref()),
            m.pairing_ms(),
            m.checking_ms().map(|c| format!("{c:.3}")).unwrap_or_else(|| "-".into()),
            m.stats.matching_calls,
            m.stats.augmenting_paths,
            m.stats.nodes_visited,
            m.peak_rss_bytes.map(|b| format!("{:.1}", mb(b))).unwrap_or_else(|| "-".into()),
            if dutch { format!("{check:<10}") } else { check },
        ));
        if let Some(d) = &m.dutch {
            s.push_str(&format!(
                "  {:>8} {:>6} {:>8} {:>10}",
                d.brackets.restricted + d.brackets.global,
                d.brackets.global,
                d.work.restarts,
                d.work.dual_steps
            ));
        }
        s.push('\n');
    }
    s.push_str(&format!(
        "\n{:>8} {:>6} {:>18} {:>15} {:>19} {:>9}\n",
        "size", "rounds", "median pairing ms", "max pairing ms", "median checking ms", "peak MB"
    ));
    for x in summaries {
        s.push_str(&format!(
            "{:>8} {:>6} {:>18.3} {:>15.3} {:>19} {:>9}\n",
            x.size,
            x.rounds,
            x.median_pairing_ms,
            x.max_pairing_ms,
            x.median_checking_ms.map(|c| format!("{c:.3}")).unwrap_or_else(|| "-".into()),
            x.peak_rss_bytes.map(|b| format!("{:.1}", mb(b))).unwrap_or_else(|| "-".into()),
        ));
    }
    let (all, last) = exponents(summaries, |x| Some(x.median_pairing_ms));
    s.push('\n');
    match all {
        Some(e) => s.push_str(&format!(
            "pairing time ~ players^{e:.2} (least squares on log-log, median per size)\n"
        )),
        None => s.push_str("pairing time exponent: needs at least two sizes\n"),
    }
    if let Some((a, b, e)) = last {
        s.push_str(&format!("pairing exponent from {a} to {b} players: {e:.2}\n"));
    }
    if let (_, Some((a, b, e))) = exponents(summaries, |x| Some(x.max_pairing_ms)) {
        s.push_str(&format!("slowest-round pairing exponent from {a} to {b} players: {e:.2}\n"));
    }
    let (call, clast) = exponents(summaries, |x| x.median_checking_ms);
    if let Some(e) = call {
        s.push_str(&format!("checking time ~ players^{e:.2}\n"));
    }
    if let Some((a, b, e)) = clast {
        s.push_str(&format!("checking exponent from {a} to {b} players: {e:.2}\n"));
    }
    s
}

fn scaling_svg(
    measures: &[RoundMeasure],
    summaries: &[SizeSummary],
    args: &Args,
) -> Result<String, String> {
    let mut buf = String::new();
    draw(&mut buf, measures, summaries, args)
        .map_err(|e| format!("scaling.svg: cannot draw the plot: {e}"))?;
    Ok(buf)
}

/// Powers of ten within `lo..=hi` (tick marks of a log axis).
fn decades(lo: f64, hi: f64) -> Vec<f64> {
    let (a, b) = (lo.log10().ceil() as i32, hi.log10().floor() as i32);
    (a..=b).map(|e| 10f64.powi(e)).collect()
}

fn draw(
    buf: &mut String,
    measures: &[RoundMeasure],
    summaries: &[SizeSummary],
    args: &Args,
) -> Result<(), Box<dyn std::error::Error>> {
    // Log axes need positive values: a round timed at 0 ns is drawn at 1 µs.
    let pos = |t: f64| t.max(1e-3);
    let xs: Vec<f64> = summaries.iter().map(|s| s.size as f64).collect();
    let mut ys: Vec<f64> = measures.iter().map(|m| pos(m.pairing_ms())).collect();
    ys.extend(measures.iter().filter_map(|m| m.checking_ms()).map(pos));
    let fold = |v: &[f64], init: f64, f: fn(f64, f64) -> f64| v.iter().copied().fold(init, f);
    let (x_lo, x_hi) = (fold(&xs, f64::MAX, f64::min) / 2.0, fold(&xs, 0.0, f64::max) * 2.0);
    let (y_lo, y_hi) = (fold(&ys, f64::MAX, f64::min) / 3.0, fold(&ys, 0.0, f64::max) * 3.0);

    let root = SVGBackend::with_string(buf, (960, 640)).into_drawing_area();
    root.fill(&WHITE)?;
    let caption = format!(
        "bsw bench: pairing time per round against players ({}, {} rounds, {} results, seed {})",
        match args.system {
            SystemKind::BergerSwiss => "plain Swiss",
            SystemKind::Dutch => "FIDE Dutch",
        },
        args.rounds,
        args.results.name(),
        args.seed
    );
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 20))
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(80)
        .build_cartesian_2d(
            (x_lo..x_hi).log_scale().with_key_points(xs),
            (y_lo..y_hi).log_scale().with_key_points(decades(y_lo, y_hi)),
        )?;
    chart
        .configure_mesh()
        .x_desc("players (log scale)")
        .y_desc("time per round, ms (log scale)")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| {
            if *y >= 1.0 {
                format!("{y:.0}")
            } else {
                format!("{y:.4}").trim_end_matches('0').to_string()
            }
        })
        .label_style(("sans-serif", 14))
        .axis_desc_style(("sans-serif", 16))
        .draw()?;

    let grey = RGBColor(150, 150, 150);
    chart
        .draw_series(
            measures
                .iter()
                .map(|m| Circle::new((m.size as f64, pos(m.pairing_ms())), 3, grey.filled())),
        )?
        .label("pairing, each round")
        .legend(move |(x, y)| Circle::new((x + 10, y), 3, grey.filled()));
    let medians: Vec<(f64, f64)> =
        summaries.iter().map(|s| (s.size as f64, pos(s.median_pairing_ms))).collect();
    chart
        .draw_series(LineSeries::new(medians.clone(), BLUE.stroke_width(2)))?
        .label("pairing, median per size")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLUE.stroke_width(2)));
    chart.draw_series(medians.iter().map(|&p| Circle::new(p, 5, BLUE.filled())))?;
    let orange = RGBColor(230, 120, 0);
    let maxima: Vec<(f64, f64)> =
        summaries.iter().map(|s| (s.size as f64, pos(s.max_pairing_ms))).collect();
    chart
        .draw_series(LineSeries::new(maxima, orange.stroke_width(1)))?
        .label("pairing, slowest round per size")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], orange.stroke_width(1)));

    let (exp, last) = exponents(summaries, |x| Some(x.median_pairing_ms));
    if let Some((e, c)) = fit_power(&medians) {
        let fit: Vec<(f64, f64)> =
            [x_lo * 1.4, x_hi / 1.4].iter().map(|&x| (x, c * x.powf(e))).collect();
        chart
            .draw_series(DashedLineSeries::new(fit, 6, 4, RED.stroke_width(1)))?
            .label(format!("least-squares fit: time ~ players^{e:.2}"))
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED));
    }
    let checks: Vec<(f64, f64)> = summaries
        .iter()
        .filter_map(|s| s.median_checking_ms.map(|c| (s.size as f64, pos(c))))
        .collect();
    if !checks.is_empty() {
        let green = RGBColor(0, 140, 0);
        chart
            .draw_series(LineSeries::new(checks.clone(), green.stroke_width(2)))?
            .label("checking, median per size")
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], green.stroke_width(2))
            });
        chart.draw_series(checks.iter().map(|&p| Circle::new(p, 5, green.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        .draw()?;

    // The exponent, in large print at the top left of the plot area.
    let mut lines = Vec::new();
    match exp {
        Some(e) => lines.push(format!("fitted exponent: {e:.2} (median pairing time, all sizes)")),
        None => lines.push("fitted exponent: needs two sizes or more".to_string()),
    }
    if let Some((a, b, e)) = last {
        lines.push(format!("exponent from {a} to {b} players: {e:.2}"));
    }
    for (i, l) in lines.iter().enumerate() {
        root.draw(&Text::new(
            l.clone(),
            (120, 60 + 24 * i as i32),
            ("sans-serif", 18).into_font().color(&BLACK),
        ))?;
    }
    root.present()?;
    Ok(())
}

//! Per-round cost of the external-engine protocol for 100-player events (BENCHMARKS.md):
//! writing the TRF, spawning the engine and waiting for it, reading its output.
//!
//! ```sh
//! cargo run --release --locked -p bsw-benches --example protocol_overhead [-- ENGINE_CMD]
//! ```
//!
//! For every round of a 100-player, 9-round Swiss (built-in engine, Elo-like results), it
//! times, 20 times each: building the input TRF (`engine_input`), one call of a do-nothing
//! engine (`true`: input written, process spawned and waited for, its files read) and
//! reading a full output (`read_output`). With ENGINE_CMD (e.g. `target/release/bsw pair
//! {trf} -p {out}`) it also times whole calls of that engine. Medians in milliseconds.

use bsw_harness::external::protocol::{engine_input, read_output, write_output};
use bsw_harness::external::runner::{Template, Workdir};
use bsw_harness::generator::{GenParams, PlayOptions, generate, play};
use std::time::{Duration, Instant};

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn min(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::INFINITY, f64::min)
}

fn main() {
    let engine = std::env::args().nth(1);
    let params =
        GenParams { players: (100, 100), rounds: (9, 9), group_rate: 0.0, ..GenParams::default() };
    let sc = generate(11, &params);
    let played = play(&sc, &PlayOptions::default());
    let full = played.tournament;
    let work = Workdir::new().expect("temporary directory");
    let null = Template::parse("true {trf} {out}").unwrap();
    let real = engine.as_deref().map(|e| Template::parse(e).unwrap());
    let limit = Duration::from_secs(10);
    println!(
        "round  input_ms  spawn_true_ms (min)  read_ms  total_protocol_ms  engine_call_ms (min)"
    );
    let (mut all_in, mut all_spawn, mut all_read) = (vec![], vec![], vec![]);
    let (mut min_spawn, mut min_call) = (f64::INFINITY, f64::INFINITY);
    for r in 1..=full.last_round() {
        let mut before = full.clone();
        before.rows.retain(|row| row.round < r);
        let rows: Vec<_> = full.round_rows(r).copied().collect();
        let out = write_output(&rows);
        let (mut a, mut b, mut c, mut d) = (vec![], vec![], vec![], vec![]);
        for _ in 0..20 {
            let t = Instant::now();
            let input = engine_input(&before, r, true).unwrap();
            a.push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            work.run(&null, &input, limit).unwrap();
            b.push(t.elapsed().as_secs_f64() * 1e3);
            let t = Instant::now();
            let back = read_output(&out, &before, r).unwrap();
            c.push(t.elapsed().as_secs_f64() * 1e3);
            assert_eq!(back.len(), rows.len());
            if let Some(e) = &real {
                let t = Instant::now();
                let call = work.run(e, &input, limit).unwrap();
                d.push(t.elapsed().as_secs_f64() * 1e3);
                assert_eq!(call.output.as_deref(), Some(out.as_str()), "round {r}");
            }
        }
        let (mb, md) = (min(&b), min(&d));
        min_spawn = min_spawn.min(mb);
        min_call = min_call.min(md);
        let (a, b, c) = (median(a), median(b), median(c));
        all_in.push(a);
        all_spawn.push(b);
        all_read.push(c);
        println!(
            "{r:>5}  {a:>8.3}  {b:>7.3} ({mb:>5.3})  {c:>13.3}  {:>17.3}  {}",
            a + b + c,
            if d.is_empty() { "-".to_string() } else { format!("{:.3} ({md:.3})", median(d)) }
        );
    }
    let (a, b, c) = (median(all_in), median(all_spawn), median(all_read));
    println!(
        "median over rounds: input {a:.3} ms + spawn/wait of `true` {b:.3} ms + read {c:.3} ms = {:.3} ms per round",
        a + b + c
    );
    println!(
        "fastest spawn/wait of `true`: {min_spawn:.3} ms; fastest engine call: {min_call:.3} ms"
    );
}

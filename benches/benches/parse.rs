//! Issue 8: file parsing. A 1,000-player, 9-round tournament directory parsed from memory
//! (`bsw_model::io::parse_dir_texts`), and the import of the 501-player, 9-round TRF sample
//! written by bbpPairings (`bsw_model::trf::import`; the file is read at setup).
//! `cargo bench -p bsw-benches --bench parse`.
use bsw_benches::{dir_texts, trf_sample};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn parse(c: &mut Criterion) {
    let (toml, players, rounds) = dir_texts(1000);
    let (trf, name) = trf_sample();
    let mut g = c.benchmark_group("parse");
    g.sample_size(30);
    g.bench_function("dir_texts_1000_players_9_rounds", |b| {
        b.iter(|| {
            bsw_model::io::parse_dir_texts(
                black_box(&toml),
                black_box(&players),
                Some(black_box(&rounds)),
            )
            .expect("parses")
        })
    });
    g.bench_function("trf_import_501_players_9_rounds", |b| {
        b.iter(|| bsw_model::trf::import(black_box(&trf), &name).expect("imports"))
    });
    g.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);

//! Progress of a long run on standard error (`bsw simulate`, `bsw check-all`): a bar with
//! rate and ETA on a terminal, otherwise a plain line every 5 seconds (and at the end), so
//! that a log of a CI job stays short.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

pub(crate) struct Progress {
    bar: Option<indicatif::ProgressBar>,
    /// The command, as the plain lines name it (`simulate`), and what is counted
    /// (`tournaments`).
    command: &'static str,
    items: &'static str,
    total: u64,
    done: AtomicU64,
    start: Instant,
    last: Mutex<Instant>,
}

impl Progress {
    pub(crate) fn new(total: u64, command: &'static str, items: &'static str) -> Self {
        let bar = std::io::stderr().is_terminal().then(|| {
            let b = indicatif::ProgressBar::new(total);
            let template = format!(
                "{{bar:40}} {{pos}}/{{len}} {items}  {{rate}}  ETA {{eta}}  elapsed {{elapsed}}"
            );
            b.set_style(
                indicatif::ProgressStyle::with_template(&template)
                    .expect("valid template")
                    .with_key(
                        "rate",
                        |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                            let _ = write!(w, "{:.0}/s", s.per_sec());
                        },
                    ),
            );
            b
        });
        let now = Instant::now();
        Progress {
            bar,
            command,
            items,
            total,
            done: AtomicU64::new(0),
            start: now,
            last: Mutex::new(now),
        }
    }

    /// One more item done (from any thread).
    pub(crate) fn tick(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(b) = &self.bar {
            b.inc(1);
            return;
        }
        let now = Instant::now();
        // The last tick always prints; others skip when another thread is printing.
        let guard =
            if done == self.total { self.last.lock().ok() } else { self.last.try_lock().ok() };
        let Some(mut last) = guard else {
            return;
        };
        if now.duration_since(*last) < Duration::from_secs(5) && done != self.total {
            return;
        }
        *last = now;
        let secs = now.duration_since(self.start).as_secs_f64().max(1e-9);
        let rate = done as f64 / secs;
        let eta = if rate > 0.0 { (self.total - done) as f64 / rate } else { 0.0 };
        errln!(
            "{}: {done}/{} {}, {rate:.1}/s, ETA {eta:.0} s",
            self.command,
            self.total,
            self.items
        );
    }

    pub(crate) fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

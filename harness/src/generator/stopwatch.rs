//! Timing of the engine and the checker: thread CPU time where the platform has it.

use std::time::Instant;

/// Times a call: CPU time of the calling thread where the platform offers it (Linux, 64-bit:
/// `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`), so that a busy, shared machine does not inflate
/// the figures with time spent preempted; wall time elsewhere.
pub struct Stopwatch {
    wall: Instant,
    cpu: Option<u64>,
}

/// This thread's CPU time in nanoseconds, where the platform has a per-thread clock.
fn thread_cpu_ns() -> Option<u64> {
    cpu_time::ThreadTime::try_now().ok().map(|t| t.as_duration().as_nanos() as u64)
}

/// Which clock [`Stopwatch`] uses here: `"thread-cpu"` or `"wall"`.
pub fn clock_name() -> &'static str {
    if thread_cpu_ns().is_some() { "thread-cpu" } else { "wall" }
}

impl Stopwatch {
    pub fn start() -> Self {
        Stopwatch { cpu: thread_cpu_ns(), wall: Instant::now() }
    }

    /// Nanoseconds since [`Stopwatch::start`].
    pub fn ns(&self) -> u64 {
        match (self.cpu, thread_cpu_ns()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => self.wall.elapsed().as_nanos() as u64,
        }
    }
}

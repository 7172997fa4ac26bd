//! SPEC §4 / FIDE-REFERENCE §2: the FIDE Berger tables, by their closed form.
//!
//! N players; n = N rounded up to even (number n is the phantom when N is odd), h = n/2,
//! m = n-1 rounds. Round r, board 1: player n against f₁ = (r+1)/2 (odd r) or h + r/2 (even
//! r); n has Black in odd rounds and White in even rounds. Board k ≥ 2: White =
//! f_k = ((r-1)·h + k - 1) mod m + 1, Black = ((r - f_k) mod m) + 1.

/// Number of rounds of the schedule of a group of `k` players: k-1 if k is even, k if odd.
pub fn schedule_len(k: u32) -> u32 {
    if k.is_multiple_of(2) {
        k.saturating_sub(1)
    } else {
        k
    }
}

/// The boards of round `r` (1-based) of the table for `k` players, in board order, as
/// (White, Black) Berger numbers. When k is odd, number k+1 is the phantom (a bye).
/// Returns an empty list for a round outside 1..=schedule_len(k) or k < 2.
pub fn round(k: u32, r: u32) -> Vec<(u32, u32)> {
    let n = k + k % 2;
    if n < 2 || r == 0 || r > n - 1 {
        return Vec::new();
    }
    let h = n / 2;
    let m = n - 1;
    let mut boards = Vec::with_capacity(h as usize);
    let f1 = if r % 2 == 1 { r.div_ceil(2) } else { h + r / 2 };
    boards.push(if r % 2 == 1 { (f1, n) } else { (n, f1) });
    for board in 2..=h {
        let f = ((r - 1) * h + board - 1) % m + 1;
        let black = ((r as i64 - f as i64).rem_euclid(m as i64)) as u32 + 1;
        boards.push((f, black));
    }
    boards
}

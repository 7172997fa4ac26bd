//! `--shard I/N`: one of N disjoint, contiguous slices of a campaign's tournaments, read by
//! the campaign ([`crate::simulate`]) and by the merge of shard summaries
//! ([`crate::summary`]).

use std::ops::Range;

/// Parses `I/N` (1 <= I <= N).
pub fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--shard: `{s}` is not I/N with 1 <= I <= N (e.g. 3/8)");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let i: u64 = i.trim().parse().map_err(|_| bad())?;
    let n: u64 = n.trim().parse().map_err(|_| bad())?;
    if n == 0 || i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

/// Indices of shard `i` of `n` (1-based) of a campaign of `total` tournaments: contiguous
/// slices `[(i-1)·total/n, i·total/n)`, which together cover `0..total` exactly once.
pub fn shard_range(total: u64, (i, n): (u64, u64)) -> Range<u64> {
    let lo = ((i - 1) as u128 * total as u128 / n as u128) as u64;
    let hi = (i as u128 * total as u128 / n as u128) as u64;
    lo..hi
}

//! The command-line form of the generator's parameters: with the `clap` feature,
//! [`GenParams`](crate::generator::GenParams) derives `clap::Args` (the flags of
//! `bsw generate` and `bsw simulate`); ranges of counts are written `N` or `MIN..MAX`.

/// The default parameters (the flags' defaults).
#[cfg(feature = "clap")]
pub(crate) fn defaults() -> crate::generator::GenParams {
    crate::generator::GenParams::default()
}

/// Parses an inclusive range of counts, `N` or `MIN..MAX` (`MIN..=MAX` too), as (MIN, MAX).
pub fn parse_span(s: &str) -> Result<(u32, u32), String> {
    let num = |x: &str| x.trim().parse::<u32>().map_err(|_| format!("`{s}` is not N or MIN..MAX"));
    let (a, b) = match s.split_once("..") {
        Some((a, b)) => (num(a)?, num(b.trim_start_matches('='))?),
        None => {
            let n = num(s)?;
            (n, n)
        }
    };
    if b < a {
        return Err(format!("`{s}`: MIN is above MAX"));
    }
    Ok((a, b))
}

/// A range of counts as [`parse_span`] reads it: `N` when MIN = MAX, else `MIN..MAX`.
pub fn span_text((a, b): (u32, u32)) -> String {
    if a == b { a.to_string() } else { format!("{a}..{b}") }
}

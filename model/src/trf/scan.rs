//! Which lines of a TRF file are records (FIDE-REFERENCE §5.2-5.3).
//!
//! A record is a known three-character code followed by a space (or nothing: the end of the
//! line). Anything else — a column ruler `0123456789…`, a free-text note, a blank line — is
//! not a record: it is ignored and listed (`--verbose`). This is why a ruler that happens to
//! begin with `012` is not read as the tournament name.

/// What a line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// `001`: a player.
    Player,
    /// `012`: the tournament name.
    Name,
    /// `142` or `XXR`: number of rounds.
    Rounds,
    /// A team record (`013`, `310`): the file is a team competition.
    Team,
    /// One of our own extension records (`BS?`, see `docs/trf-extensions.md`).
    Extension,
    /// Any other known record (header, `XX?`, `BB?`, national rating, `###` comment): kept
    /// verbatim.
    Kept,
    /// A blank line.
    Blank,
    /// Not a record.
    NotARecord,
}

/// FIDE header and per-round records other than `001`, `012`, `142` and the team records
/// (TRF16 and TRF-2026).
const FIDE_CODES: [&str; 30] = [
    "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132", "152",
    "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "299", "300", "320",
    "330", "352", "362", "801",
];

pub(super) fn classify(line: &str) -> Kind {
    if line.trim().is_empty() {
        return Kind::Blank;
    }
    if line.starts_with("###") {
        return Kind::Kept;
    }
    let mut chars = line.chars();
    let code: String = chars.by_ref().take(3).collect();
    let sep = chars.next();
    if code.chars().count() < 3 || !matches!(sep, None | Some(' ')) {
        return Kind::NotARecord;
    }
    match code.as_str() {
        "001" => Kind::Player,
        "012" => Kind::Name,
        "142" | "XXR" => Kind::Rounds,
        "013" | "310" => Kind::Team,
        "802" => Kind::Kept,
        c if FIDE_CODES.contains(&c) => Kind::Kept,
        c if c.starts_with("XX") || c.starts_with("BB") => Kind::Kept,
        c if c.starts_with("BS") => Kind::Extension,
        // National-rating records: a federation code instead of `001`, same layout (a
        // pairing number in columns 5-8).
        c if c.chars().all(|ch| ch.is_ascii_uppercase()) && national_layout(line) => Kind::Kept,
        _ => Kind::NotARecord,
    }
}

fn national_layout(line: &str) -> bool {
    let id: String = line.chars().skip(4).take(4).collect();
    let id = id.trim();
    !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ruler_is_not_the_name_record() {
        assert_eq!(classify("0123456789012345678901234567890"), Kind::NotARecord);
        assert_eq!(classify("012 Open"), Kind::Name);
        assert_eq!(classify("012"), Kind::Name);
        assert_eq!(classify("XXC white1"), Kind::Kept);
        assert_eq!(classify("BSV 1"), Kind::Extension);
        assert_eq!(classify("GER    7 some national rating"), Kind::Kept);
        assert_eq!(classify("Round 1 pairings"), Kind::NotARecord);
        assert_eq!(classify("013 Team A"), Kind::Team);
        assert_eq!(classify("   "), Kind::Blank);
    }
}

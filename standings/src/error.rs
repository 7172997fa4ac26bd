//! Why standings could not be computed.

use bsw_model::Id;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StandingsError {
    /// A tiebreak code that is not known (or a modifier it does not take).
    UnknownCode(String),
    /// `--round N` beyond the rounds that exist.
    RoundOutOfRange { round: u32, last: u32 },
    /// Standings were asked for after a round that still has games without a result.
    IncompleteRound { round: u32, missing: Vec<(u32, u32, Id, Id)> },
    /// A rating-based tiebreak met an unrated opponent and no rating for unrated players is set.
    UnratedOpponent { code: String, player: Id, opponent: Id },
    /// The rows or the configuration do not describe a usable tournament.
    Inconsistent(String),
}

impl fmt::Display for StandingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StandingsError::UnknownCode(c) => write!(
                f,
                "unknown tiebreak code `{c}` (known: BH, BH-C1, BH-C2, BH-M1, BH-M2, SB, SB-C1, SB-C2, SB-M1, DE, WIN, WON, BPG, BWG, ARO, ARO-C1, TPR, PTP, KS, PS, PS-C1, TPN, RTNG)"
            ),
            StandingsError::RoundOutOfRange { round, last } => {
                write!(f, "round {round} does not exist (the last round with rows is {last})")
            }
            StandingsError::IncompleteRound { round, missing } => {
                let listed: Vec<String> = missing
                    .iter()
                    .map(|(r, b, w, bl)| format!("round {r} board {b} ({w} - {bl})"))
                    .collect();
                write!(
                    f,
                    "round {round} is not complete; games without a result: {}",
                    listed.join("; ")
                )
            }
            StandingsError::UnratedOpponent { code, player, opponent } => write!(
                f,
                "tiebreak {code} is rating-based, but player {player} played unrated player {opponent}; \
                 set a rating for unrated players (--unrated-rating N) or drop {code}"
            ),
            StandingsError::Inconsistent(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for StandingsError {}

//! Results of generated games: a pure function of the scenario seed, the round and the two
//! players ([`draw_result`]), at the rates of [`ResultRates`].

use crate::rng::{SplitMix64, hash_words};
use bsw_model::{Outcome, Player};
use serde::{Deserialize, Serialize};

/// How results are drawn (part of a scenario so that a replay draws the same ones).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultRates {
    pub draw: f64,
    pub forfeit: f64,
    pub double_loss: f64,
}

/// Rating used for the Elo expectation of unrated players.
const UNRATED_STRENGTH: f64 = 1200.0;

/// The result of the game `white`-`black` in `round`: a pure function of the scenario seed,
/// the round, the two ids and their ratings. Forfeits and double losses at their rates, else
/// a draw at the draw rate, else a win drawn from the Elo expectation.
pub fn draw_result(
    seed: u64,
    round: u32,
    white: &Player,
    black: &Player,
    rates: &ResultRates,
) -> Outcome {
    let mut rng =
        SplitMix64::new(hash_words(&[seed, round as u64, white.id as u64, black.id as u64]));
    let u = rng.unit();
    if u < rates.double_loss {
        return Outcome::DoubleForfeit;
    }
    if u < rates.double_loss + rates.forfeit {
        return if rng.chance(0.5) { Outcome::WhiteForfeitWin } else { Outcome::BlackForfeitWin };
    }
    if rng.chance(rates.draw) {
        return Outcome::Draw;
    }
    let strength = |p: &Player| {
        if p.rating == 0 { UNRATED_STRENGTH } else { p.rating as f64 }
    };
    let expect_white = 1.0 / (1.0 + 10f64.powf((strength(black) - strength(white)) / 400.0));
    if rng.unit() < expect_white { Outcome::WhiteWin } else { Outcome::BlackWin }
}

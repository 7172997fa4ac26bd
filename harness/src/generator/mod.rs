//! Random tournaments: players, configuration, withdrawals, absences and results, all from
//! one seed ([`generate`]), and the loop that plays such a tournament round by round with the
//! engine and certifies every round with the checker ([`play`]).
//!
//! A generated tournament is a [`Scenario`]: the players and the configuration as they stand
//! before round 1, plus the events that happen later (withdrawals, requested absences) and the
//! result rates. Results are a pure function of the scenario seed, the round and the two
//! players, so a scenario replays identically, and a reduced scenario (the shrinker's work)
//! keeps as many of the original results as the new pairings allow.
//!
//! The generator only produces configurations that SPEC §2 accepts: all Berger groups share
//! one schedule length P (which is then odd: sizes P and P+1), a lower Swiss group has either
//! no player or at least 3, and swaps always exchange players of different memberships.
//!
//! No rule is derived here: TPN order and group memberships come from the checker's
//! derivation ([`tpn_order`], [`memberships`]), and where a round's Swiss bye went (bottom of
//! the field, lowest eligible player) from the checker's report of that round
//! (`bsw_checker::SwissRound`), which exists for any engine.
//!
//! Modules: [`params`] (the knobs), [`scenario`] (drawing a scenario), [`results`] (drawing
//! game results), [`play`](mod@play) (playing a scenario with an engine and a checker),
//! [`stopwatch`] (timing).

pub mod params;
pub mod play;
pub mod results;
pub mod scenario;
pub mod stopwatch;

pub use params::{AccelerationKind, GenParams, SystemKind};
pub use play::{
    Backend, ByeRecord, Corruption, DUTCH_PROFILES, Failure, FailureKind, PlayOptions, Played,
    RoundRecord, SwissRecord, play,
};
pub use results::{ResultRates, draw_result};
pub use scenario::{
    Absence, Scenario, ScenarioSize, config_is_valid, generate, memberships, schedule_len,
    tpn_order,
};
pub use stopwatch::{Stopwatch, clock_name};

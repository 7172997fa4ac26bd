//! The generator's knobs ([`GenParams`]), with their defaults and validation.

use serde::{Deserialize, Serialize};

/// Every knob of the generator. Each has a default ([`GenParams::default`]) and a flag of
/// `bsw generate` / `bsw simulate` of the same name (underscores become dashes): with the
/// `clap` feature, these are the flags (their help is the first line of each field's doc).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
#[cfg_attr(feature = "clap", command(next_help_heading = "Generator"))]
pub struct GenParams {
    /// Players per tournament: N or MIN..MAX.
    // With groups and no lower Swiss group the count is adjusted to what the group sizes allow.
    #[cfg_attr(feature = "clap", arg(long, value_parser = crate::flags::parse_span, default_value = "6..60"))]
    pub players: (u32, u32),
    /// Rounds per tournament: N or MIN..MAX (with groups and no later phase: the schedule length).
    // With groups and no later phase R = P, the largest odd number <= the drawn R that the
    // players allow.
    #[cfg_attr(feature = "clap", arg(long, value_parser = crate::flags::parse_span, default_value = "3..9"))]
    pub rounds: (u32, u32),
    /// Probability of Berger groups.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().group_rate))]
    pub group_rate: f64,
    /// Most Berger groups per tournament.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().max_groups))]
    pub max_groups: u32,
    /// With groups: probability of a lower Swiss group (>= 3 players).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().lower_swiss_rate))]
    pub lower_swiss_rate: f64,
    /// With groups: probability of a later phase (rounds beyond the schedule).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().later_phase_rate))]
    pub later_phase_rate: f64,
    /// With groups: probability of swaps.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().swap_rate))]
    pub swap_rate: f64,
    /// Most swaps per tournament.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().max_swaps))]
    pub max_swaps: u32,
    /// Lowest rating drawn (ratings are drawn uniformly from rating-min..=rating-max).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().rating_min))]
    pub rating_min: u32,
    /// Highest rating drawn.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().rating_max))]
    pub rating_max: u32,
    /// Probability that a player copies an earlier player's rating (TPN ties).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().equal_rating_rate))]
    pub equal_rating_rate: f64,
    /// Probability that a player is unrated (rating 0).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().unrated_rate))]
    pub unrated_rate: f64,
    /// Share of played games drawn (the rest follows the Elo expectation).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().draw_rate))]
    pub draw_rate: f64,
    /// Share of games lost without play by one side (+/-, -/+).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().forfeit_rate))]
    pub forfeit_rate: f64,
    /// Share of games lost by both sides (-/-).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().double_loss_rate))]
    pub double_loss_rate: f64,
    /// Probability that a player withdraws at some round.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().withdraw_rate))]
    pub withdraw_rate: f64,
    /// Probability that a player requests an absence (half-bye or zero-bye).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().absence_rate))]
    pub absence_rate: f64,
    /// Dutch events: probability that a player enters late (FIDE C.04.2), at a round drawn from 2..=R.
    // Drawn after everything else, and only when above 0, so that a rate of 0 leaves every
    // event byte-identical to one generated without the flag.
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().late_entry_rate))]
    #[serde(default, skip_serializing_if = "is_zero")]
    pub late_entry_rate: f64,
    /// Dutch events, built-in engine: probability that a player gets a full-point bye from
    /// the arbiter (`full-bye`) at a round drawn from 1..=R, entered in rounds.csv ahead of
    /// that round.
    // Drawn after the late entries, and only when above 0 (a rate of 0 changes nothing).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = crate::flags::defaults().full_bye_rate))]
    #[serde(default, skip_serializing_if = "is_zero")]
    pub full_bye_rate: f64,
    /// Pairing system of the generated tournaments (dutch: FIDE C.04.3; group flags unused).
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value_t = SystemKind::BergerSwiss))]
    #[serde(default, skip_serializing_if = "SystemKind::is_default")]
    pub system: SystemKind,
    /// Acceleration of every generated Dutch event (baku: FIDE C.04.5.1).
    #[cfg_attr(feature = "clap", arg(long, value_enum, default_value_t = AccelerationKind::None))]
    #[serde(default, skip_serializing_if = "AccelerationKind::is_default")]
    pub acceleration: AccelerationKind,
}

/// The acceleration of generated Dutch events (`--acceleration`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum AccelerationKind {
    /// Every round paired on the real scores.
    #[default]
    None,
    /// The Baku Acceleration Method, FIDE C.04.5.1.
    Baku,
}

impl AccelerationKind {
    pub fn is_default(&self) -> bool {
        *self == AccelerationKind::None
    }
}

/// The pairing system a generated tournament uses (`--system`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum SystemKind {
    /// The Berger-Swiss system (the rule book of this project).
    #[default]
    BergerSwiss,
    /// The FIDE (Dutch) System, C.04.3 (2026).
    Dutch,
}

impl SystemKind {
    pub fn is_default(&self) -> bool {
        *self == SystemKind::BergerSwiss
    }

    /// The `--system` value.
    pub fn name(&self) -> &'static str {
        match self {
            SystemKind::BergerSwiss => "berger-swiss",
            SystemKind::Dutch => "dutch",
        }
    }
}

fn is_zero(p: &f64) -> bool {
    *p == 0.0
}

impl Default for GenParams {
    fn default() -> Self {
        GenParams {
            players: (6, 60),
            rounds: (3, 9),
            group_rate: 0.6,
            max_groups: 3,
            lower_swiss_rate: 0.7,
            later_phase_rate: 0.4,
            swap_rate: 0.3,
            max_swaps: 2,
            rating_min: 1000,
            rating_max: 2700,
            equal_rating_rate: 0.1,
            unrated_rate: 0.05,
            draw_rate: 0.15,
            forfeit_rate: 0.02,
            double_loss_rate: 0.005,
            withdraw_rate: 0.04,
            absence_rate: 0.05,
            late_entry_rate: 0.0,
            full_bye_rate: 0.0,
            system: SystemKind::BergerSwiss,
            acceleration: AccelerationKind::None,
        }
    }
}

impl GenParams {
    /// Refuses nonsense (empty ranges, probabilities outside [0, 1]).
    pub fn validate(&self) -> Result<(), String> {
        let range = |name: &str, (a, b): (u32, u32), min: u32| {
            if a < min || b < a {
                Err(format!("--{name}: {a}..{b} is not a range of numbers >= {min}"))
            } else {
                Ok(())
            }
        };
        if self.acceleration != AccelerationKind::None && self.system != SystemKind::Dutch {
            return Err("--acceleration applies to FIDE (Dutch) events: add --system dutch".into());
        }
        range("players", self.players, 1)?;
        range("rounds", self.rounds, 1)?;
        range("rating", (self.rating_min, self.rating_max), 1)?;
        for (name, p) in [
            ("group-rate", self.group_rate),
            ("lower-swiss-rate", self.lower_swiss_rate),
            ("later-phase-rate", self.later_phase_rate),
            ("swap-rate", self.swap_rate),
            ("equal-rating-rate", self.equal_rating_rate),
            ("unrated-rate", self.unrated_rate),
            ("draw-rate", self.draw_rate),
            ("forfeit-rate", self.forfeit_rate),
            ("double-loss-rate", self.double_loss_rate),
            ("withdraw-rate", self.withdraw_rate),
            ("absence-rate", self.absence_rate),
            ("late-entry-rate", self.late_entry_rate),
            ("full-bye-rate", self.full_bye_rate),
        ] {
            if !(0.0..=1.0).contains(&p) {
                return Err(format!("--{name}: {p} is not a probability between 0 and 1"));
            }
        }
        if self.forfeit_rate + self.double_loss_rate > 1.0 {
            return Err("--forfeit-rate plus --double-loss-rate exceed 1".into());
        }
        if self.full_bye_rate > 0.0 && self.system != SystemKind::Dutch {
            return Err("--full-bye-rate: the arbiter's full-point bye (`full-bye`) is for FIDE (Dutch) events (--system dutch); the Berger-Swiss system has no such bye (SPEC §3)".into());
        }
        if self.late_entry_rate > 0.0 && self.system != SystemKind::Dutch {
            return Err("--late-entry-rate: late entries are for FIDE (Dutch) events (--system dutch); the Berger-Swiss field is fixed before round 1 (SPEC §1)".into());
        }
        Ok(())
    }
}

//! What names an external engine's campaign: the rule book its rounds are certified by
//! ([`ExtProfile`]) and what the summary records of the engine ([`EngineInfo`]). A leaf:
//! the summary reads these without reaching into the engine runner.

use serde::{Deserialize, Serialize};

/// Which rule book certifies the external engine's rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExtProfile {
    /// FIDE C.04.1 basic rules, for engines of any Swiss system (Dutch, Dubov, Burstein…).
    /// The generator makes plain Swiss events (no Berger groups).
    Generic,
    /// SPEC.md, for engines that implement the Berger-Swiss system.
    BergerSwiss,
    /// The FIDE (Dutch) System, C.04.3 (2026), for Dutch engines (`--system dutch`): random
    /// Dutch events, every round certified by the checker's generic (C.04.1) and Dutch
    /// (C.04.3) profiles; start numbers in the engine's input are the pairing numbers.
    Dutch,
}

impl ExtProfile {
    pub fn parse(s: &str) -> Result<ExtProfile, String> {
        match s {
            "generic" => Ok(ExtProfile::Generic),
            "berger-swiss" => Ok(ExtProfile::BergerSwiss),
            "dutch" => Ok(ExtProfile::Dutch),
            _ => Err(format!("--profile: `{s}` is not a profile (generic, berger-swiss or dutch)")),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ExtProfile::Generic => "generic",
            ExtProfile::BergerSwiss => "berger-swiss",
            ExtProfile::Dutch => "dutch",
        }
    }

    /// The checker profiles that certify a round, all run (their violations reported
    /// together).
    pub(crate) fn checkers(self) -> &'static [bsw_checker::Profile] {
        match self {
            ExtProfile::Generic => &[bsw_checker::Profile::Generic],
            ExtProfile::BergerSwiss => &[bsw_checker::Profile::BergerSwiss],
            ExtProfile::Dutch => &[bsw_checker::Profile::Generic, bsw_checker::Profile::Dutch],
        }
    }

    /// The checker profile's name, as the summary counts certified rounds.
    pub(crate) fn names(self) -> &'static [&'static str] {
        match self {
            ExtProfile::Generic => &["generic"],
            ExtProfile::BergerSwiss => &["berger-swiss"],
            ExtProfile::Dutch => &["generic", "dutch"],
        }
    }

    /// Generator parameters for this profile: the generic profile makes plain Swiss events,
    /// the Dutch profile FIDE (Dutch) System events.
    pub fn params(self, mut p: crate::generator::GenParams) -> crate::generator::GenParams {
        match self {
            ExtProfile::Generic => p.group_rate = 0.0,
            ExtProfile::Dutch => p.system = crate::generator::SystemKind::Dutch,
            ExtProfile::BergerSwiss => {}
        }
        p
    }
}

/// What identifies an external engine in a campaign's summary (shards of campaigns with
/// different engines do not merge).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineInfo {
    pub command: String,
    pub profile: ExtProfile,
    pub timeout_ms: u64,
}

impl EngineInfo {
    pub fn describe(&self) -> String {
        format!(
            "engine: `{}` (external, profile {}, time limit {} ms per call)",
            self.command,
            self.profile.name(),
            self.timeout_ms
        )
    }
}

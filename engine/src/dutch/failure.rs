//! Why a Dutch round cannot be paired, as the bracket drivers ([`super::candidates`],
//! [`super::bracket::model`]) report it; [`super::DutchError`] says it to people.

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// C1-C3 leave no complete pairing.
    NoPairing,
    /// The weight layout does not fit the fixed width (too many score groups in a bracket).
    TooWide(u32),
    /// A matching of this many players would be needed: a bracket on the whole field
    /// (more than [`super::MAX_PLAYERS`]), a bracket with the next score group matched
    /// with the dense matrix (more than [`super::MAX_BRACKET`], `Path::ClassModelAbove`
    /// only).
    TooManyPlayers(usize),
    /// A bracket the restricted matching could not pair exactly (`why`) needs the whole field,
    /// with this many players unpaired, more than [`super::MAX_PLAYERS`].
    WholeField { players: usize, why: WholeField },
}

/// Why a bracket of the default path is paired on the whole field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WholeField {
    /// Its restricted optimum does not extend to a complete pairing of the players below
    /// (C4): the best pairing of the bracket is not the best one of the bracket alone.
    Unextendable,
    /// C9 of the next bracket hangs on pairs no criterion weighs (`next_c9_open`).
    C9Open,
}

impl std::fmt::Display for WholeField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            WholeField::Unextendable => {
                "its best pairing on its own players leaves players below who cannot all be paired (C4)"
            }
            WholeField::C9Open => {
                "whether C9 applies to the next bracket depends on how two or more of its unpaired MDPs are paired below it (no criterion decides)"
            }
        })
    }
}

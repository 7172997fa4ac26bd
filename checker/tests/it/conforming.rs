//! Hand-derived conforming tournaments pass.
use crate::common;
use bsw_checker::Profile;
use common::*;

/// A hand-derived tournament.
type Example = fn() -> bsw_model::Tournament;

/// Each case: what it guards, the hand-derived tournament and the profile it conforms to.
const CASES: [(&str, Example, Profile); 5] = [
    ("worked example of SPEC §11 conforms", worked_example, Profile::BergerSwiss),
    ("Berger group with a lower Swiss group conforms", mixed, Profile::BergerSwiss),
    ("last group keeps its schedule after a withdrawal", kept_schedule, Profile::BergerSwiss),
    (
        "groups join the Swiss field when the first group loses a player",
        dissolved,
        Profile::BergerSwiss,
    ),
    ("worked example conforms to the generic profile too", worked_example, Profile::Generic),
];

#[test]
fn hand_derived_tournaments_conform() {
    for (case, tournament, profile) in CASES {
        eprintln!("case: {case}");
        assert_conforming(&tournament(), profile);
    }
}

//! The complete check's relaxation that demands the PAB inside (when every player who may
//! take it is among the bracket and the next scoregroup) against the check without it, which
//! falls back to one matching over the whole rest: on PAB moves of the samples (plain and
//! recoloured by 5.2), the same violations, and for each bracket violation the same
//! criterion with the same criteria values side by side (the witness pairing may be another
//! optimum where the optimum is not unique; its C9 value then too, see `verdict`).

use crate::dutch_common::{Kind, mutants, recolour, samples};
use bsw_checker::dutch::optimum::{matching_counts, without_pab_inside};
use bsw_checker::report::DutchEvidence;
use bsw_checker::{Evidence, Profile, Violation, check_round};

/// A bracket violation's criterion and both value lists (published, witness).
type Criterion = (String, Vec<i64>, Vec<i64>);

/// What must not change: the rule, and for a bracket its criterion and both value lists.
fn verdict(v: &[Violation]) -> Vec<(String, Option<Criterion>)> {
    v.iter()
        .map(|x| {
            let bracket = match &x.evidence {
                Evidence::Dutch(DutchEvidence::Bracket {
                    criterion,
                    criteria,
                    published_values,
                    witness_values,
                    ..
                }) => {
                    // C9 is in the matching's objective only where the published bracket's
                    // single downfloater takes the PAB (docs/dutch-checker.md, C9 reading):
                    // a witness better on an earlier criterion is then one optimum among
                    // several that may differ in C9 alone (every other value is optimised).
                    let witness = witness_values
                        .iter()
                        .zip(criteria)
                        .map(|(&v, &c)| if c == "C9" && criterion != "C9" { -1 } else { v })
                        .collect();
                    Some((criterion.clone(), published_values.clone(), witness))
                }
                _ => None,
            };
            (format!("{:?}", x.rule), bracket)
        })
        .collect()
}

#[test]
fn the_pab_inside_relaxation_gives_the_verdicts_of_the_fallback() {
    let (mut compared, mut fewer) = (0, 0);
    for (name, t) in samples(20) {
        for r in 2..=t.last_round() {
            for m in mutants(&t, r, Kind::PabMove, 10) {
                let rc = recolour(&m, r);
                for m in [m, rc] {
                    let before = matching_counts();
                    let with = check_round(&m, r, Profile::Dutch);
                    let mid = matching_counts();
                    let without = without_pab_inside(|| check_round(&m, r, Profile::Dutch));
                    let after = matching_counts();
                    assert_eq!(
                        verdict(&with.violations),
                        verdict(&without.violations),
                        "{name} round {r}: a PAB move"
                    );
                    compared += 1;
                    fewer += ((mid.1 - before.1) < (after.1 - mid.1)) as usize;
                }
            }
        }
    }
    eprintln!("{compared} PAB moves compared, {fewer} needed fewer matchings over the whole rest");
    assert!(compared > 100, "{compared} PAB moves");
    assert!(fewer > 0, "the PAB-inside relaxation is exercised");
}

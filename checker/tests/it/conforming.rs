//! Hand-derived conforming tournaments pass.
use crate::common;
use bsw_checker::Profile;
use common::*;

#[test]
fn worked_example_of_spec_11_conforms() {
    assert_conforming(&worked_example(), Profile::BergerSwiss);
}

#[test]
fn berger_group_with_lower_swiss_group_conforms() {
    assert_conforming(&mixed(), Profile::BergerSwiss);
}

#[test]
fn last_group_keeps_its_schedule_after_a_withdrawal() {
    assert_conforming(&kept_schedule(), Profile::BergerSwiss);
}

#[test]
fn groups_join_the_swiss_field_when_the_first_group_loses_a_player() {
    assert_conforming(&dissolved(), Profile::BergerSwiss);
}

#[test]
fn worked_example_conforms_to_generic_profile_too() {
    assert_conforming(&worked_example(), Profile::Generic);
}

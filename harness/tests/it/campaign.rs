//! The real engine and the real checker agree on random tournaments with every feature turned
//! up (groups always, many swaps, withdrawals, absences, forfeits): no violation, no engine
//! error, no panic. This is the harness's main job in miniature.

use bsw_harness::generator::{GenParams, PlayOptions};
use bsw_harness::simulate::{CampaignSpec, simulate};

#[test]
fn engine_and_checker_agree_on_feature_heavy_tournaments() {
    let spec = CampaignSpec {
        seed: 2026,
        tournaments: 150,
        shard: None,
        params: GenParams {
            group_rate: 0.8,
            swap_rate: 0.8,
            withdraw_rate: 0.15,
            absence_rate: 0.25,
            forfeit_rate: 0.08,
            double_loss_rate: 0.03,
            ..GenParams::default()
        },
        play: PlayOptions::default(),
        jobs: 2,
    };
    let s = simulate(&spec, &|| {}).unwrap();
    assert!(s.passed(), "{}", s.render());
    assert_eq!(s.tournaments, 150);
    assert!(s.ladder.swiss_rounds > 0 && s.byes.swiss_byes > 0);
    assert!(s.dropped_absences > 0, "the refusal path of SPEC §9 was not exercised");
}

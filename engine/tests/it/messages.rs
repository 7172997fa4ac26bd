//! The engine's refusals as people read them.

use bsw_engine::EngineError;

#[test]
fn an_incomplete_round_lists_the_games_in_the_right_number() {
    let one = EngineError::IncompleteRound(vec![(2, 1, 5, 6)]);
    assert_eq!(
        one.to_string(),
        "cannot pair the next round: 1 game still lacks a result: round 2 board 1 (5 vs 6)"
    );
    let two = EngineError::IncompleteRound(vec![(2, 1, 5, 6), (2, 3, 7, 1)]);
    assert_eq!(
        two.to_string(),
        "cannot pair the next round: 2 games still lack a result: round 2 board 1 (5 vs 6); round 2 board 3 (7 vs 1)"
    );
    let many = EngineError::IncompleteRound((1..=12).map(|b| (4, b, 2 * b, 2 * b + 1)).collect());
    let text = many.to_string();
    assert!(text.starts_with(
        "cannot pair the next round: 12 games still lack a result: round 4 board 1 (2 vs 3); "
    ));
    assert!(text.ends_with("; round 4 board 10 (20 vs 21); and 2 more"), "{text}");
}

//! Direct unit tests of the checker's §8.2 colour allocation (`colours::allocate`). Every
//! expected colour is derived by hand from SPEC §8.2 in the comment above the case: for both
//! assignments, each player's streak s and colour difference d after the game; the keys
//! (1) max s if above 2 else 0, (2) players with s >= 3, (3) |d_a| + |d_b|, (4) players
//! repeating their last colour, smaller first; then fewer whites, then the higher TPN number.
//! Each case is checked in both argument orders (the allocation is a function of the pair).
use bsw_checker::berger_swiss::colours::{Alloc, allocate};
use bsw_checker::results::{Colour, ColourState};

const W: Option<Colour> = Some(Colour::White);
const B: Option<Colour> = Some(Colour::Black);

fn st(whites: u32, blacks: u32, last: Option<Colour>, streak: u32) -> ColourState {
    ColourState { whites, blacks, last, streak }
}

/// Asserts that White goes to `a` (`a_white`) or to `b`, in both argument orders, and
/// returns the allocation with `a` first.
fn assert_white(a: ColourState, tpn_a: u32, b: ColourState, tpn_b: u32, a_white: bool) -> Alloc {
    let ab = allocate(&a, tpn_a, &b, tpn_b);
    let ba = allocate(&b, tpn_b, &a, tpn_a);
    assert_eq!(ab.first_white, a_white, "a={a:?} b={b:?}");
    assert_eq!(ba.first_white, !a_white, "reversed: a={a:?} b={b:?}");
    assert_eq!((ab.max_streak, ab.max_abs_diff), (ba.max_streak, ba.max_abs_diff));
    ab
}

// ---- key 1: the longest streak, when above 2 ----

#[test]
fn key1_avoids_a_third_colour_in_a_row_even_against_a_worse_balance() {
    // a: B B B W W (whites 2, blacks 3, d -1, last W, streak 2); b: W W B W (3, 1, d +2,
    // last W, streak 1).
    // a White: s_a 3, d_a 0; b Black: s_b 1, d_b +1 → key1 3.
    // a Black: s_a 1, d_a -2; b White: s_b 2, d_b +3 → key1 0 (max 2), though key3 is 5 > 1.
    // → a Black, b White; longest streak 2, largest |d| 3.
    let al = assert_white(st(2, 3, W, 2), 1, st(3, 1, W, 1), 2, false);
    assert_eq!((al.max_streak, al.max_abs_diff), (2, 3));
}

#[test]
fn key1_prefers_the_shorter_of_two_long_streaks() {
    // a: W W W (3, 0, W, 3); b: B W W (2, 1, W, 2).
    // a White: s_a 4, s_b 1 → key1 4. a Black: s_a 1, s_b 3 → key1 3. → a Black.
    // (key3 ties: a White |+4|+|0| = 4, a Black |+2|+|+2| = 4.)
    let al = assert_white(st(3, 0, W, 3), 1, st(2, 1, W, 2), 2, false);
    assert_eq!((al.max_streak, al.max_abs_diff), (3, 2));
}

#[test]
fn key1_two_players_on_opposite_streaks_both_alternate() {
    // a: W W (2, 0, W, 2); b: B B (0, 2, B, 2). a White: both s 3 → key1 3; a Black: both
    // s 1 → 0. → a Black, b White; the lower TPN number would not matter.
    let al = assert_white(st(2, 0, W, 2), 2, st(0, 2, B, 2), 1, false);
    assert_eq!((al.max_streak, al.max_abs_diff), (1, 1));
}

// ---- key 2: how many reach a streak of 3 ----

#[test]
fn key2_ties_whenever_key1_ties() {
    // Each player either continues its last colour or breaks it. Same last colour: one
    // continues in each assignment ({1, 1} players at s >= 3 at most: key2 ties). Opposite
    // last colours: one assignment has both continue, the other both break (s = 1, key1 0),
    // so key1 already decides whenever anyone reaches 3. Hence key2 never decides alone;
    // checked here on the case a: W W (2, 0, W, 2), b: B W W (2, 1, W, 2): a White → s 3/1,
    // a Black → s 1/3: key1 3 = 3, key2 1 = 1; key3: a White |+3|+|0| = 3, a Black
    // |+1|+|+2| = 3; key4: 1 = 1; fewer whites: equal (2, 2); higher TPN number: b (TPN 5).
    assert_white(st(2, 0, W, 2), 4, st(2, 1, W, 2), 5, false);
    // Same with the TPNs exchanged: a has the higher number and gets White.
    assert_white(st(2, 0, W, 2), 5, st(2, 1, W, 2), 4, true);
}

// ---- key 3: the sum of |colour difference| ----

#[test]
fn key3_balance_decides_when_no_streak_reaches_3() {
    // a: W B (1, 1, B, 1), d 0; b: W W B (2, 1, B, 1), d +1.
    // a White: s 1/2, d +1/0 → key3 1. a Black: s 2/1, d -1/+2 → key3 3. → a White.
    let al = assert_white(st(1, 1, B, 1), 2, st(2, 1, B, 1), 1, true);
    assert_eq!((al.max_streak, al.max_abs_diff), (2, 1));
}

#[test]
fn key3_newcomer_against_a_player_with_one_white() {
    // a: no game; b: W (1, 0, W, 1), d +1.
    // a White: d +1/0 → 1. a Black: d -1/+2 → 3. → a White, b Black.
    assert_white(st(0, 0, None, 0), 1, st(1, 0, W, 1), 2, true);
}

#[test]
fn key3_beats_key4_repeating_colours() {
    // a: B B B W (1, 3, W, 1), d -2; b: W W W B (3, 1, B, 1), d +2.
    // a White (both repeat their last colour): s 2/2, d -1/+1 → key3 2, key4 2.
    // a Black (both alternate): s 1/1, d -3/+3 → key3 6, key4 0. → a White.
    let al = assert_white(st(1, 3, W, 1), 1, st(3, 1, B, 1), 2, true);
    assert_eq!((al.max_streak, al.max_abs_diff), (2, 1));
}

// ---- key 4: repeating the last colour ----

#[test]
fn key4_both_alternate_rather_than_both_repeat() {
    // a: W B (1, 1, B, 1); b: B W (1, 1, W, 1); both d 0.
    // a White: nobody repeats, s 1/1, d +1/-1 → (0, 0, 2, 0). a Black: both repeat, s 2/2,
    // d -1/+1 → (0, 0, 2, 2). → a White.
    assert_white(st(1, 1, B, 1), 1, st(1, 1, W, 1), 2, true);
}

#[test]
fn key4_a_player_without_games_repeats_nothing() {
    // a: no game; b: B W (1, 1, W, 1), d 0.
    // a White: d +1/-1 → key3 2, b alternates → key4 0. a Black: d -1/+1 → key3 2, b
    // repeats White → key4 1. → a White, although a has the lower TPN number.
    assert_white(st(0, 0, None, 0), 1, st(1, 1, W, 1), 2, true);
}

// ---- rule 5: fewer whites, then the higher TPN number ----

#[test]
fn fewer_whites_decides_a_tie_of_keys_1_to_4() {
    // a: B W (1, 1, W, 1); b: W B B W (2, 2, W, 1). Both d 0, both last White, streak 1.
    // a White: a repeats (s 2), d +1/-1 → (0, 0, 2, 1). a Black: b repeats → (0, 0, 2, 1).
    // Tie; a has fewer whites (1 < 2) → a White, although b has the higher TPN number.
    assert_white(st(1, 1, W, 1), 1, st(2, 2, W, 1), 2, true);
}

#[test]
fn higher_tpn_number_decides_the_last_tie() {
    // Round 1 of the SPEC §11 worked example: A (TPN 1) – E (TPN 5), neither has played:
    // every key ties, whites tie (0, 0): E, the higher TPN number, gets White.
    assert_white(st(0, 0, None, 0), 1, st(0, 0, None, 0), 5, false);
    // Same history on both sides: a: W B (1, 1, B, 1) twice: keys tie (each assignment has
    // one repeat, d ±1), whites tie → the higher number (a = 8) gets White.
    assert_white(st(1, 1, B, 1), 8, st(1, 1, B, 1), 3, true);
}

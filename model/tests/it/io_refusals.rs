//! Every refusal of the tournament-directory reader (SPEC §12, issue 2), one test each.
//! Each test feeds a small, otherwise valid directory with exactly one fault and asserts the
//! `FILE:LINE: field:` prefix of the message (the line is counted by hand in the literal).

use bsw_model::io::{parse_dir_texts, read_dir};

use crate::common::dir_with;

const TOML: &str = "rounds = 3\n";
const PLAYERS: &str = "id,name,rating\n1,Ann,2000\n2,Bob,1900\n3,Cid,1800\n4,Dan,1700\n";
const ROUNDS_HEADER: &str = "round,board,white,black,result\n";
const ROUNDS: &str = "round,board,white,black,result\n1,1,1,3,1-0\n1,2,4,2,0-1\n";

fn refuse(toml: &str, players: &str, rounds: Option<&str>) -> String {
    match parse_dir_texts(toml, players, rounds) {
        Ok(t) => panic!("accepted, but should be refused: {t:?}"),
        Err(e) => e.to_string(),
    }
}

#[track_caller]
fn assert_starts(msg: String, prefix: &str) {
    assert!(msg.starts_with(prefix), "message `{msg}` should start with `{prefix}`");
}

/// Asserts that `tournament.toml` = `toml` (with the valid `PLAYERS`) is refused with a
/// message that starts with `prefix`.
#[track_caller]
fn toml_refused(toml: &str, prefix: &str) {
    toml_refused_with(PLAYERS, toml, prefix);
}

/// The same with `players` for `players.csv`.
#[track_caller]
fn toml_refused_with(players: &str, toml: &str, prefix: &str) {
    assert_starts(refuse(toml, players, None), prefix);
}

/// The same for `players.csv` = `players` (with the valid `TOML`).
#[track_caller]
fn players_refused(players: &str, prefix: &str) {
    assert_starts(refuse(TOML, players, None), prefix);
}

/// The same for `rounds.csv` = its header and then `rows` (line 2 on), with the valid `TOML`
/// and `PLAYERS`.
#[track_caller]
fn rounds_refused(rows: &str, prefix: &str) {
    assert_starts(refuse(TOML, PLAYERS, Some(&format!("{ROUNDS_HEADER}{rows}"))), prefix);
}

#[test]
fn baseline_is_accepted() {
    let t = parse_dir_texts(TOML, PLAYERS, Some(ROUNDS)).unwrap();
    assert_eq!(t.players.len(), 4);
    assert_eq!(t.rows.len(), 2);
}

// ---- files -------------------------------------------------------------------------------

/// Asserts that a directory holding only the file `present` (name, text) is refused as
/// missing the file `missing`.
#[track_caller]
fn missing_file_refused(present: (&str, &str), missing: &str) {
    let dir = dir_with(&[(present.0, present.1.as_bytes())]);
    let e = read_dir(dir.path()).unwrap_err();
    assert!(e.file.ends_with(missing), "{e}");
    assert_eq!(e.message, "missing file");
}

#[test]
fn missing_tournament_toml_is_refused() {
    missing_file_refused(("players.csv", PLAYERS), "tournament.toml");
}

#[test]
fn missing_players_csv_is_refused() {
    missing_file_refused(("tournament.toml", TOML), "players.csv");
}

// ---- tournament.toml ---------------------------------------------------------------------

#[test]
fn toml_syntax_error_is_refused() {
    toml_refused("rounds = 3\nname = \"open\n", "tournament.toml:2:");
}

#[test]
fn unknown_toml_key_is_refused() {
    toml_refused("rounds = 3\nround = 4\n", "tournament.toml:2: round: unknown field `round`");
}

#[test]
fn unknown_toml_table_is_refused() {
    toml_refused("rounds = 3\n[extra]\nx = 1\n", "tournament.toml:2: extra: unknown field `extra`");
}

#[test]
fn duplicate_toml_key_is_refused() {
    toml_refused("rounds = 3\nrounds = 4\n", "tournament.toml:2: rounds: duplicate key");
}

#[test]
fn wrong_toml_type_is_refused() {
    toml_refused("rounds = \"three\"\n", "tournament.toml:1: rounds: invalid type");
}

#[test]
fn negative_seed_is_refused() {
    toml_refused("rounds = 3\nseed = -1\n", "tournament.toml:2: seed: -1 is negative");
}

#[test]
fn seed_above_2_pow_63_minus_1_is_refused() {
    // 2^63 = 9223372036854775808 does not fit a TOML integer.
    toml_refused("rounds = 3\nseed = 9223372036854775808\n", "tournament.toml:2: seed:");
}

#[test]
fn largest_seed_is_accepted() {
    let t = parse_dir_texts("rounds = 3\nseed = 9223372036854775807\n", PLAYERS, None).unwrap();
    assert_eq!(t.config.seed, (1u64 << 63) - 1);
}

#[test]
fn zero_rounds_is_refused() {
    toml_refused("rounds = 0\n", "tournament.toml:1: rounds:");
}

#[test]
fn missing_rounds_without_groups_is_refused() {
    toml_refused("seed = 1\n", "tournament.toml: rounds: missing");
}

#[test]
fn missing_rounds_with_groups_defaults_to_the_initial_phase() {
    // 4 players in one group: no Swiss field, rounds None = P = 3 (SPEC §2).
    let t = parse_dir_texts("groups = [4]\n", PLAYERS, None).unwrap();
    assert_eq!(t.config.rounds, None);
    // A row in round 4 is beyond P = 3.
    let m = refuse("groups = [4]\n", PLAYERS, Some("round,board,white,black,result\n4,1,1,2,\n"));
    assert_starts(m, "rounds.csv:2: round: round 4 is beyond the 3 rounds");
}

#[test]
fn group_of_fewer_than_3_players_is_refused() {
    toml_refused("rounds = 3\ngroups = [2]\n", "tournament.toml:2: groups: group 1 has 2 players");
}

#[test]
fn groups_larger_than_the_player_count_are_refused() {
    // 3 + 3 = 6 > 4 players.
    toml_refused(
        "rounds = 3\ngroups = [3, 3]\n",
        "tournament.toml:2: groups: the groups hold 6 players but there are only 4",
    );
}

#[test]
fn groups_with_different_schedule_lengths_are_refused() {
    // 8 players; 4 (3 rounds) and 4 (3 rounds) are fine, 3 (3 rounds) and 4 (3 rounds) too,
    // but 3 (3 rounds) and 5 (5 rounds) differ.
    let players = "id,name,rating\n1,a,9\n2,b,8\n3,c,7\n4,d,6\n5,e,5\n6,f,4\n7,g,3\n8,h,2\n";
    assert!(parse_dir_texts("groups = [3, 4]\n", players, None).is_ok());
    toml_refused_with(
        players,
        "groups = [\n  3,\n  5,\n]\n",
        "tournament.toml:3: groups: group 2 (5 players) has a 5-round Berger schedule but group 1 (3 players) has 3",
    );
}

#[test]
fn rounds_smaller_than_the_initial_phase_are_refused() {
    // A group of 4 has a 3-round schedule: P = 3 > 2.
    toml_refused(
        "rounds = 2\ngroups = [4]\n",
        "tournament.toml:1: rounds: 2 is less than the initial phase P = 3",
    );
}

#[test]
fn swap_naming_an_unknown_player_is_refused() {
    toml_refused(
        "rounds = 3\ngroups = [3]\nswaps = [[1, 9]]\n",
        "tournament.toml:3: swaps: swap 1 [1, 9]: no player has id 9",
    );
}

#[test]
fn swap_naming_the_same_player_twice_is_refused() {
    toml_refused(
        "rounds = 3\ngroups = [3]\nswaps = [[4, 4]]\n",
        "tournament.toml:3: swaps: swap 1 [4, 4]: names the same player twice",
    );
}

#[test]
fn swap_of_two_players_of_the_same_group_is_refused() {
    // Group 1 = TPN 1..3 = ids 1, 2, 3 (ratings 2000, 1900, 1800).
    toml_refused(
        "rounds = 3\ngroups = [3]\nswaps = [[1, 3]]\n",
        "tournament.toml:3: swaps: swap 1 [1, 3]: both players are in group 1",
    );
}

#[test]
fn swap_of_two_lower_swiss_players_is_refused() {
    let players = "id,name,rating\n1,a,9\n2,b,8\n3,c,7\n4,d,6\n5,e,5\n";
    toml_refused_with(
        players,
        "rounds = 3\ngroups = [3]\nswaps = [[4, 5]]\n",
        "tournament.toml:3: swaps: swap 1 [4, 5]: both players are in the lower Swiss group",
    );
}

#[test]
fn swaps_apply_in_order_and_use_memberships_at_that_point() {
    // Group 1 = {1,2,3}, lower = {4,5}. Swap [3,4] puts 4 in group 1 and 3 in the lower group;
    // then [4,1] is two players of group 1 (refused), while [3,5] would be two lower players.
    let players = "id,name,rating\n1,a,9\n2,b,8\n3,c,7\n4,d,6\n5,e,5\n";
    assert!(
        parse_dir_texts("rounds = 3\ngroups = [3]\nswaps = [[3, 4], [5, 2]]\n", players, None)
            .is_ok()
    );
    toml_refused_with(
        players,
        "rounds = 3\ngroups = [3]\nswaps = [\n [3, 4],\n [4, 1],\n]\n",
        "tournament.toml:5: swaps: swap 2 [4, 1]: both players are in group 1",
    );
    toml_refused_with(
        players,
        "rounds = 3\ngroups = [3]\nswaps = [[3, 4], [3, 5]]\n",
        "tournament.toml:3: swaps: swap 2 [3, 5]: both players are in the lower Swiss group",
    );
}

#[test]
fn groups_use_tpn_order_with_equal_ratings_in_entry_order() {
    // Ratings: id 5 is highest, ids 1 and 2 tie at 10 and keep entry order → TPN 5, 1, 2, 3, 4.
    // Group 1 (3 players) = {5, 1, 2}; swap [5, 2] is inside group 1, [2, 3] crosses.
    let players = "id,name,rating\n1,a,10\n2,b,10\n3,c,9\n4,d,8\n5,e,50\n";
    toml_refused_with(
        players,
        "rounds = 3\ngroups = [3]\nswaps = [[5, 2]]\n",
        "tournament.toml:3: swaps: swap 1 [5, 2]: both players are in group 1",
    );
    assert!(parse_dir_texts("rounds = 3\ngroups = [3]\nswaps = [[2, 3]]\n", players, None).is_ok());
}

// ---- players.csv -------------------------------------------------------------------------

#[test]
fn missing_players_header_column_is_refused() {
    players_refused("id,name\n1,Ann\n", "players.csv:1: header: missing column `rating`");
}

#[test]
fn misspelled_players_header_column_is_refused() {
    players_refused("id,name,ratng\n1,Ann,5\n", "players.csv:1: header: unknown column `ratng`");
}

#[test]
fn duplicated_players_header_column_is_refused() {
    players_refused(
        "id,name,rating,name\n1,A,5,B\n",
        "players.csv:1: header: column `name` appears twice",
    );
}

#[test]
fn wrong_field_count_is_refused() {
    players_refused(
        "id,name,rating\n1,Ann,5\n2,Bob\n",
        "players.csv:3: 2 fields, but the header has 3",
    );
}

#[test]
fn duplicate_player_id_is_refused() {
    players_refused(
        "id,name,rating\n1,Ann,5\n2,Bob,4\n1,Cid,3\n",
        "players.csv:4: id: duplicate id 1 (already on line 2)",
    );
}

#[test]
fn non_numeric_id_is_refused() {
    players_refused(
        "id,name,rating\nx1,Ann,5\n",
        "players.csv:2: id: `x1` is not a positive integer",
    );
}

#[test]
fn zero_id_is_refused() {
    players_refused(
        "id,name,rating\n0,Ann,5\n",
        "players.csv:2: id: `0` is not a positive integer",
    );
}

#[test]
fn non_numeric_rating_is_refused() {
    players_refused(
        "id,name,rating\n1,Ann,2k\n",
        "players.csv:2: rating: `2k` is not a non-negative integer",
    );
}

#[test]
fn empty_rating_means_unrated() {
    let t = parse_dir_texts(TOML, "id,name,rating\n1,Ann,\n", None).unwrap();
    assert_eq!(t.players[0].rating, 0);
}

#[test]
fn empty_name_is_refused() {
    players_refused("id,name,rating\n1,,5\n", "players.csv:2: name: empty");
}

#[test]
fn withdrawn_from_below_1_is_refused() {
    players_refused(
        "id,name,rating,withdrawn_from\n1,Ann,5,0\n",
        "players.csv:2: withdrawn_from: 0: rounds are numbered from 1",
    );
}

#[test]
fn non_numeric_withdrawn_from_is_refused() {
    players_refused(
        "id,name,rating,withdrawn_from\n1,Ann,5,-2\n",
        "players.csv:2: withdrawn_from:",
    );
}

#[test]
fn late_entry_in_a_berger_swiss_event_is_refused() {
    players_refused(
        "id,name,rating,enters\n1,Ann,5,\n2,Bob,4,3\n",
        "players.csv:3: enters: late entries are for FIDE (Dutch) events",
    );
}

#[test]
fn bad_late_entry_round_is_refused() {
    let dutch = "rounds = 5\nsystem = \"dutch\"\n";
    let players = |row: &str| format!("id,name,rating,enters,withdrawn_from\n1,Ann,5,,\n{row}\n");
    assert_starts(
        refuse(dutch, &players("2,Bob,4,0,"), None),
        "players.csv:3: enters: `0` is not a round number",
    );
    assert_starts(
        refuse(dutch, &players("2,Bob,4,x,"), None),
        "players.csv:3: enters: `x` is not a round number",
    );
    assert_starts(
        refuse(dutch, &players("2,Bob,4,3,3"), None),
        "players.csv:3: enters: the player enters in round 3 but withdraws from round 3",
    );
}

#[test]
fn late_entry_in_a_dutch_event_is_read() {
    let t = parse_dir_texts(
        "rounds = 5\nsystem = \"dutch\"\n",
        "id,name,rating,enters,half_byes\n1,Ann,5,,\n2,Bob,4,4,2\n",
        None,
    )
    .unwrap();
    let bob = &t.players[1];
    assert_eq!(bob.enters, Some(4));
    // Rounds 1 and 3 are zero-point absences, round 2 the half-point one the file asks for,
    // round 4 on paired.
    let zero: Vec<bool> = (1..=5).map(|r| bob.zero_absence(r)).collect();
    assert_eq!(zero, [true, false, true, false, false]);
    let absent: Vec<bool> = (1..=5).map(|r| bob.absent(r)).collect();
    assert_eq!(absent, [true, true, true, false, false]);
    assert!(!t.players[0].absent(1));
    assert_eq!(
        bsw_model::io::players_csv(&t),
        "id,name,rating,enters,half_byes\n1,Ann,5,,\n2,Bob,4,4,2\n"
    );
}

#[test]
fn bad_absence_round_is_refused() {
    players_refused("id,name,rating,half_byes\n1,Ann,5,2 x\n", "players.csv:2: half_byes: `x`");
    players_refused("id,name,rating,zero_byes\n1,Ann,5,0\n", "players.csv:2: zero_byes: `0`");
    players_refused(
        "id,name,rating,zero_byes\n1,Ann,5,2 2\n",
        "players.csv:2: zero_byes: round 2 listed twice",
    );
}

#[test]
fn same_round_in_half_and_zero_byes_is_refused() {
    players_refused(
        "id,name,rating,half_byes,zero_byes\n1,Ann,5,1 3,3\n",
        "players.csv:2: zero_byes: round 3 is also in half_byes",
    );
}

#[test]
fn optional_columns_in_any_order_are_read() {
    let t = parse_dir_texts(
        TOML,
        "id,zero_byes,name,title,rating,half_byes,withdrawn_from,fide_id\n7,3,\"Lee, Ann\",GM,2500,2 1,3,123\n",
        None,
    )
    .unwrap();
    let p = &t.players[0];
    assert_eq!(
        (p.id, p.name.as_str(), p.rating, p.title.as_str(), p.fide_id.as_str()),
        (7, "Lee, Ann", 2500, "GM", "123")
    );
    assert_eq!(
        (p.half_byes.clone(), p.zero_byes.clone(), p.withdrawn_from),
        (vec![1, 2], vec![3], Some(3))
    );
}

// ---- rounds.csv --------------------------------------------------------------------------

#[test]
fn missing_rounds_header_column_is_refused() {
    assert_starts(
        refuse(TOML, PLAYERS, Some("round,board,white,black\n")),
        "rounds.csv:1: header: missing column `result`",
    );
}

#[test]
fn misspelled_rounds_header_column_is_refused() {
    assert_starts(
        refuse(TOML, PLAYERS, Some("round,board,white,blak,result\n")),
        "rounds.csv:1: header: unknown column `blak`",
    );
}

#[test]
fn unknown_result_code_is_refused() {
    rounds_refused("1,1,1,2,1:0\n", "rounds.csv:2: result: unknown result code `1:0`");
}

#[test]
fn non_numeric_round_or_board_is_refused() {
    rounds_refused("one,1,1,2,\n", "rounds.csv:2: round:");
    rounds_refused("1,0,1,2,\n", "rounds.csv:2: board:");
}

#[test]
fn round_beyond_the_configured_rounds_is_refused() {
    assert_starts(
        refuse(
            "rounds = 1\n",
            PLAYERS,
            Some("round,board,white,black,result\n1,1,1,2,1-0\n2,1,1,3,\n"),
        ),
        "rounds.csv:3: round: round 2 is beyond the 1 rounds",
    );
}

#[test]
fn same_board_twice_in_a_round_is_refused() {
    rounds_refused(
        "1,1,1,2,\n1,1,3,4,\n",
        "rounds.csv:3: board: board 1 of round 1 is already used on line 2",
    );
}

#[test]
fn game_naming_an_unknown_player_is_refused() {
    rounds_refused("1,1,1,9,\n", "rounds.csv:2: black: no player has id 9");
    rounds_refused("1,1,9,1,\n", "rounds.csv:2: white: no player has id 9");
}

#[test]
fn non_numeric_player_id_in_a_row_is_refused() {
    rounds_refused("1,1,Ann,2,\n", "rounds.csv:2: white: `Ann` is not a player id");
}

#[test]
fn player_twice_in_one_round_is_refused() {
    rounds_refused(
        "1,1,1,2,\n1,2,3,1,\n",
        "rounds.csv:3: black: player 1 already has a row in round 1 (line 2)",
    );
    rounds_refused(
        "1,1,1,2,\n1,2,2,,bye\n",
        "rounds.csv:3: white: player 2 already has a row in round 1",
    );
}

#[test]
fn game_with_the_same_player_on_both_sides_is_refused() {
    rounds_refused("1,1,3,3,\n", "rounds.csv:2: black: player 3 cannot play against themselves");
}

#[test]
fn bye_rows_with_a_black_player_are_refused() {
    for code in ["bye", "half-bye", "zero-bye"] {
        rounds_refused(&format!("1,1,3,4,{code}\n"), "rounds.csv:2: black: a `");
    }
}

#[test]
fn game_row_without_a_black_player_is_refused() {
    for code in ["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-", ""] {
        rounds_refused(
            &format!("1,1,3,,{code}\n"),
            "rounds.csv:2: black: empty; a game needs a black player",
        );
    }
}

#[test]
fn rounds_not_numbered_from_1_without_gap_are_refused() {
    rounds_refused(
        "1,1,1,2,1-0\n3,1,1,3,\n",
        "rounds.csv:3: round: round 3 but round 2 has no rows",
    );
    rounds_refused("2,1,1,3,\n", "rounds.csv:2: round: round 2 but round 1 has no rows");
}

#[test]
fn result_while_an_earlier_round_lacks_one_is_refused() {
    rounds_refused(
        "1,1,1,2,1-0\n1,2,3,4,\n2,1,1,3,\n2,2,2,4,0-1\n",
        "rounds.csv:5: result: round 2 has a result while round 1 still lacks one (board 2, line 3)",
    );
}

#[test]
fn absent_rounds_csv_means_no_rounds() {
    let t = parse_dir_texts(TOML, PLAYERS, None).unwrap();
    assert!(t.rows.is_empty());
    let t = parse_dir_texts(TOML, PLAYERS, Some("round,board,white,black,result\n")).unwrap();
    assert!(t.rows.is_empty());
}

#[test]
fn crlf_bare_cr_bom_blank_lines_and_no_trailing_newline_are_tolerated() {
    let t = parse_dir_texts(
        "\u{feff}rounds = 3\r\nseed = 5\r\n",
        "\u{feff}id,name,rating\r\n1,Ann,2000\r\n\r\n2,Bob,1900",
        Some("round,board,white,black,result\r1,1,1,2,1/2-1/2\r"),
    )
    .unwrap();
    assert_eq!(t.config.seed, 5);
    assert_eq!(t.players.len(), 2);
    assert_eq!(t.rows.len(), 1);
    // Line numbers stay real with CRLF: the bad rating sits on line 3.
    players_refused("id,name,rating\r\n1,Ann,2000\r\n2,Bob,x\r\n", "players.csv:3: rating:");
}

#[test]
fn rows_are_returned_sorted_by_round_then_board() {
    let rounds = "round,board,white,black,result\n1,2,3,4,1-0\n1,1,1,2,0-1\n";
    let t = parse_dir_texts(TOML, PLAYERS, Some(rounds)).unwrap();
    assert_eq!(t.rows.iter().map(|r| r.board).collect::<Vec<_>>(), vec![1, 2]);
}

//! No input makes the readers panic: random bytes and near-valid texts go through
//! `parse_dir_texts` and the TRF importer, which must return Ok or Err.

use bsw_model::io::parse_dir_texts;
use bsw_model::trf::{ReadOptions, decode, export, import, read};
use proptest::prelude::*;

const TOML: &str = "rounds = 3\ngroups = [3]\nswaps = [[1, 4]]\nseed = 7\n";
const PLAYERS: &str = "id,name,rating,withdrawn_from,half_byes,zero_byes\n1,A,9,,,\n2,B,8,2,,\n3,C,7,,1,2\n4,D,6,,,\n";
const ROUNDS: &str = "round,board,white,black,result\n1,1,1,2,1-0\n1,2,4,,bye\n2,1,2,3,\n";
const TRF: &str = "012 x\nXXR 3\n001    1      A                                 2000                             1.5    1     2 w 1  0000 - H\n001    2      B                                 1900                             0.5    2     1 b 0  0000 - H\n";

/// Mutates a valid text: inserts `junk` at a position chosen by `at`.
fn splice(base: &str, at: usize, junk: &str) -> String {
    let mut cut = at % (base.len() + 1);
    while !base.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}{}{}", &base[..cut], junk, &base[cut..])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic_the_dir_reader(a in proptest::collection::vec(any::<u8>(), 0..200),
                                               b in proptest::collection::vec(any::<u8>(), 0..200),
                                               c in proptest::collection::vec(any::<u8>(), 0..200)) {
        let (a, b, c) = (String::from_utf8_lossy(&a), String::from_utf8_lossy(&b), String::from_utf8_lossy(&c));
        let _ = parse_dir_texts(&a, &b, Some(&c));
        let _ = parse_dir_texts(TOML, &b, Some(&c));
        let _ = parse_dir_texts(TOML, PLAYERS, Some(&c));
    }

    #[test]
    fn mutated_valid_files_never_panic_the_dir_reader(which in 0..3usize, at in any::<usize>(),
                                                      junk in "[0-9a-z,\" \\-/\\[\\]=\r\n]{0,12}") {
        let (mut t, mut p, mut r) = (TOML.to_string(), PLAYERS.to_string(), ROUNDS.to_string());
        match which {
            0 => t = splice(&t, at, &junk),
            1 => p = splice(&p, at, &junk),
            _ => r = splice(&r, at, &junk),
        }
        let _ = parse_dir_texts(&t, &p, Some(&r));
    }

    #[test]
    fn random_bytes_never_panic_the_trf_importer(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = import(&decode(&bytes), "x.trf");
    }

    #[test]
    fn mutated_trf_never_panics_and_what_imports_round_trips_its_rows(at in any::<usize>(), junk in "[0-9 wb=+\\-HUFZ1\r\n]{0,12}") {
        if let Ok(t) = import(&splice(TRF, at, &junk), "x.trf") {
            let back = import(&export(&t), "y.trf");
            prop_assert!(back.is_ok(), "{:?}", back);
            let back = back.unwrap();
            prop_assert_eq!(&back, &t);
        }
    }

    /// Mutations of a file with our extension records, kept headers and a ruler line: never a
    /// panic, and whatever reads (strictly) exports and reads back as the same tournament.
    #[test]
    fn mutated_extension_records_never_panic_and_round_trip(at in any::<usize>(), junk in "[0-9 BSVNRGXTPw=sHZ\\\\\\-\r\n]{0,14}") {
        let text = splice(TRF_EXT, at, &junk);
        let lenient = read(&text, "x.trf", &ReadOptions { lenient: true, ..Default::default() });
        if let Ok(t) = import(&text, "x.trf") {
            prop_assert!(lenient.is_ok());
            let out = export(&t);
            let back = import(&out, "y.trf");
            prop_assert!(back.is_ok(), "{:?}\n{}", back, out);
            prop_assert_eq!(&back.unwrap(), &t);
        }
    }
}

/// A berger-swiss export (group of 3, a swap, boards, a long name) plus foreign headers and a
/// ruler line.
const TRF_EXT: &str = "012 Ext\n142 3\n022 Dublin\nXXC white1\n0123456789\n\
001    1      A                                 2000                             1.0    1     3 w 1     2 b 0\n\
001    2      B                                 1900                             2.0    2  0000 - U     1 w 1\n\
001    3      C                                 1800                             0.5    3     1 b 0  0000 - H\n\
001    4      D                                 1700                             0.5    4  0000 - H\n\
XXR 3\nBSV 1\nBSR 3\nBSS 5\nBSG 3\nBSX 3 4\nBST BH\nBSP    1 name A very long name that does not fit the field\n\
BSP    4 half_byes 1 3\nBSB 1 1=2 2=1 4=3\nBSB 2 2=1 3=2\n";

#[test]
fn baseline_texts_are_valid() {
    assert!(parse_dir_texts(TOML, PLAYERS, Some(ROUNDS)).is_ok());
    assert!(import(TRF, "x.trf").is_ok(), "{:?}", import(TRF, "x.trf"));
    let t = import(TRF_EXT, "x.trf").unwrap();
    assert_eq!(t.config.swaps, vec![(3, 4)]);
    assert_eq!(t.players[0].name, "A very long name that does not fit the field");
    assert_eq!(t.config.trf_header, vec!["022 Dublin", "XXC white1"]);
}

//! The checker's verdicts as typed values: [`Report`] → [`RoundReport`] → [`Violation`]
//! (a [`Rule`] and its [`Evidence`]). The JSON of `bsw check --json` is their serde
//! serialization; nothing is mapped by hand:
//!
//! ```text
//! {"verdict": "conforming"|"violations",
//!  "rounds": [{"round": n, "violations": [{"rule", "players", "message", "evidence"}]}]}
//! ```
//!
//! The keys and values are a contract with users' scripts (golden files in `tests/golden/`
//! guard them); the *order* of keys inside an object is not part of it and may differ from
//! earlier versions. What the report carries besides (notes, [`SwissRound`]) is for people
//! and for the harness, and is not in the JSON.

use crate::berger_swiss::level::Level;
use bsw_model::{Entry, Id, Row};
use serde::{Serialize, Serializer};
use std::collections::BTreeMap;

/// A rule that a round can break: a SPEC section (profile berger-swiss) or a FIDE C.04.1 rule
/// (profile generic). Serialized as its id (`"8.2"`, `"C.04.1-2"`, …; see [`Rule::id`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Rule {
    /// §2: configuration (groups, swaps, rounds) or a round beyond R.
    #[serde(rename = "2")]
    Config,
    /// §3: results and points.
    #[serde(rename = "3")]
    Results,
    /// §4: Berger draw and tables.
    #[serde(rename = "4")]
    Berger,
    /// §6: withdrawals.
    #[serde(rename = "6")]
    Withdrawals,
    /// §7: the Swiss field.
    #[serde(rename = "7")]
    Field,
    /// §8.1: number of Swiss byes, bye eligibility.
    #[serde(rename = "8.1")]
    Byes,
    /// §8.2: colours of a Swiss pair.
    #[serde(rename = "8.2")]
    Colours,
    /// §8.3: the level used is not the first feasible one.
    #[serde(rename = "8.3")]
    Ladder,
    /// §8.4: a greedy step skipped a workable candidate.
    #[serde(rename = "8.4")]
    Greedy,
    /// §8.5: board numbers or board order.
    #[serde(rename = "8.5")]
    BoardOrder,
    /// §9: requested absences.
    #[serde(rename = "9")]
    Absences,
    /// A player missing, twice in a round, unknown, or against themselves (both profiles).
    #[serde(rename = "structure")]
    Structure,
    /// Generic: points inconsistent with results.
    #[serde(rename = "points")]
    Points,
    /// Generic: C.04.1 rule 2, a rematch.
    #[serde(rename = "C.04.1-2")]
    GenericRematch,
    /// Generic: C.04.1 rule 4, a second unplayed win by the pairing-allocated bye.
    #[serde(rename = "C.04.1-4")]
    GenericBye,
    /// Generic: C.04.1 rule 6, colour difference beyond ±2.
    #[serde(rename = "C.04.1-6")]
    GenericColourDifference,
    /// Generic: C.04.1 rule 7, the same colour three times in a row.
    #[serde(rename = "C.04.1-7")]
    GenericColourStreak,
    /// Dutch criterion C1.
    #[serde(rename = "C.04.3-C1")]
    DutchC1,
    /// Dutch criterion C2.
    #[serde(rename = "C.04.3-C2")]
    DutchC2,
    /// Dutch criterion C3.
    #[serde(rename = "C.04.3-C3")]
    DutchC3,
    /// Dutch criterion C4.
    #[serde(rename = "C.04.3-C4")]
    DutchC4,
    /// Dutch criterion C5.
    #[serde(rename = "C.04.3-C5")]
    DutchC5,
    /// Dutch criterion C6.
    #[serde(rename = "C.04.3-C6")]
    DutchC6,
    /// Dutch criterion C7.
    #[serde(rename = "C.04.3-C7")]
    DutchC7,
    /// Dutch criterion C8.
    #[serde(rename = "C.04.3-C8")]
    DutchC8,
    /// Dutch criterion C9.
    #[serde(rename = "C.04.3-C9")]
    DutchC9,
    /// Dutch criterion C10.
    #[serde(rename = "C.04.3-C10")]
    DutchC10,
    /// Dutch criterion C11.
    #[serde(rename = "C.04.3-C11")]
    DutchC11,
    /// Dutch criterion C12.
    #[serde(rename = "C.04.3-C12")]
    DutchC12,
    /// Dutch criterion C13.
    #[serde(rename = "C.04.3-C13")]
    DutchC13,
    /// Dutch criterion C14.
    #[serde(rename = "C.04.3-C14")]
    DutchC14,
    /// Dutch criterion C15.
    #[serde(rename = "C.04.3-C15")]
    DutchC15,
    /// Dutch criterion C16.
    #[serde(rename = "C.04.3-C16")]
    DutchC16,
    /// Dutch criterion C17.
    #[serde(rename = "C.04.3-C17")]
    DutchC17,
    /// Dutch criterion C18.
    #[serde(rename = "C.04.3-C18")]
    DutchC18,
    /// Dutch criterion C19.
    #[serde(rename = "C.04.3-C19")]
    DutchC19,
    /// Dutch criterion C20.
    #[serde(rename = "C.04.3-C20")]
    DutchC20,
    /// Dutch criterion C21.
    #[serde(rename = "C.04.3-C21")]
    DutchC21,
    /// Dutch 4.x: an equally good bracket pairing comes earlier in the rules' generation order.
    #[serde(rename = "C.04.3-4")]
    DutchOrder,
    /// Dutch 5.2: the colours of a pair.
    #[serde(rename = "C.04.3-5.2")]
    DutchColours,
    /// Dutch board order.
    #[serde(rename = "C.04.3-boards")]
    DutchBoards,
}

impl Rule {
    /// The rule's id as reports print it.
    pub fn id(self) -> &'static str {
        match self {
            Rule::Config => "2",
            Rule::Results => "3",
            Rule::Berger => "4",
            Rule::Withdrawals => "6",
            Rule::Field => "7",
            Rule::Byes => "8.1",
            Rule::Colours => "8.2",
            Rule::Ladder => "8.3",
            Rule::Greedy => "8.4",
            Rule::BoardOrder => "8.5",
            Rule::Absences => "9",
            Rule::Structure => "structure",
            Rule::Points => "points",
            Rule::GenericRematch => "C.04.1-2",
            Rule::GenericBye => "C.04.1-4",
            Rule::GenericColourDifference => "C.04.1-6",
            Rule::GenericColourStreak => "C.04.1-7",
            Rule::DutchC1 => "C.04.3-C1",
            Rule::DutchC2 => "C.04.3-C2",
            Rule::DutchC3 => "C.04.3-C3",
            Rule::DutchC4 => "C.04.3-C4",
            Rule::DutchC5 => "C.04.3-C5",
            Rule::DutchC6 => "C.04.3-C6",
            Rule::DutchC7 => "C.04.3-C7",
            Rule::DutchC8 => "C.04.3-C8",
            Rule::DutchC9 => "C.04.3-C9",
            Rule::DutchC10 => "C.04.3-C10",
            Rule::DutchC11 => "C.04.3-C11",
            Rule::DutchC12 => "C.04.3-C12",
            Rule::DutchC13 => "C.04.3-C13",
            Rule::DutchC14 => "C.04.3-C14",
            Rule::DutchC15 => "C.04.3-C15",
            Rule::DutchC16 => "C.04.3-C16",
            Rule::DutchC17 => "C.04.3-C17",
            Rule::DutchC18 => "C.04.3-C18",
            Rule::DutchC19 => "C.04.3-C19",
            Rule::DutchC20 => "C.04.3-C20",
            Rule::DutchC21 => "C.04.3-C21",
            Rule::DutchOrder => "C.04.3-4",
            Rule::DutchColours => "C.04.3-5.2",
            Rule::DutchBoards => "C.04.3-boards",
        }
    }

    /// Same as [`Rule::id`].
    pub fn as_str(&self) -> &'static str {
        self.id()
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl PartialEq<str> for Rule {
    fn eq(&self, other: &str) -> bool {
        self.id() == other
    }
}

impl PartialEq<&str> for Rule {
    fn eq(&self, other: &&str) -> bool {
        self.id() == *other
    }
}

/// A published row as evidence: `{"board", "white", "black", "result"}` (`black` is null for
/// a bye or an absence, `result` is the result code, empty while the game is unplayed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PublishedRow {
    pub board: u32,
    pub white: Id,
    pub black: Option<Id>,
    pub result: &'static str,
}

impl From<&Row> for PublishedRow {
    fn from(row: &Row) -> Self {
        let (white, black) = match row.entry {
            Entry::Game { white, black, .. } => (white, Some(black)),
            Entry::Bye(p) | Entry::HalfBye(p) | Entry::ZeroBye(p) | Entry::FullBye(p) => (p, None),
        };
        PublishedRow { board: row.board, white, black, result: row.entry.result_code() }
    }
}

/// A game as (White, Black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Colours {
    pub white: Id,
    pub black: Id,
}

/// What a Berger table asks of a player with a bye: `{"bye": id}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ExpectedBye {
    pub bye: Id,
}

/// A player's played colours before the round (§8.2 evidence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ColoursBefore {
    pub whites: u32,
    pub blacks: u32,
    pub streak: u32,
    /// `"white"`, `"black"` or null (no game played yet).
    pub last: Option<&'static str>,
}

/// A requested absence: `"half-bye"` or `"zero-bye"`.
pub type Requested = &'static str;

/// Why a violation was reported, beyond its message. Serialized as the bare object of its
/// variant's fields (or null for [`Evidence::None`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Evidence {
    /// Nothing beyond the message.
    None,
    /// §2: a round beyond R.
    Rounds { rounds: u32 },
    /// The board of the row at fault.
    Board { board: u32 },
    /// Structure: the boards naming one player.
    Boards { boards: Vec<u32> },
    /// §6: a withdrawn player's row.
    WithdrawnRow { board: u32, withdrawn_from: Option<u32>, row: PublishedRow },
    /// §4: a table game not published as scheduled (`published`: the row of its White
    /// player, reversed).
    TableGameReversed {
        group: usize,
        table_board: usize,
        expected: Colours,
        published: Option<PublishedRow>,
    },
    /// §4: a table game not published (`published`: the rows of its two players).
    TableGame {
        group: usize,
        table_board: usize,
        expected: Colours,
        published: [Option<PublishedRow>; 2],
    },
    /// §4/§6: a table bye not published.
    TableBye {
        group: usize,
        table_board: usize,
        expected: ExpectedBye,
        published: Option<PublishedRow>,
    },
    /// §6: a group that left its schedule still follows its table.
    GroupLeftSchedule { group: usize, joined_swiss_field: u32 },
    /// §9: an absence that cannot be granted.
    Requested { requested: Requested },
    /// §9/§3: an absence not honoured, or honoured with the wrong points.
    RequestedRow { requested: Requested, row: PublishedRow },
    /// §7: size of the Swiss field.
    Field { field: usize },
    /// §3/§9: a Swiss-field row of the wrong kind.
    Row { row: PublishedRow },
    /// §8.1: a bye in an even field.
    FieldSize { field_size: usize },
    /// §8.1: an odd field without exactly one bye.
    ByeCount { field_size: usize, byes: Vec<Id> },
    /// §8.1: a bye to an ineligible player.
    ByeEligibility { byes_received: u32, fewest: u32, eligible_bottom_first: Vec<Id> },
    /// §8.2: the colours of a Swiss pair (`colours_before` keyed by player id).
    PairColours {
        expected: Colours,
        published: Colours,
        colours_before: BTreeMap<String, ColoursBefore>,
    },
    /// §8.3: a complete pairing at an earlier level.
    EarlierLevel {
        level_used: Level,
        bye_used: Option<Id>,
        earlier_level: Level,
        earlier_bye: Option<Id>,
        first_feasible: bool,
        /// (White, Black) pairs.
        witness: Vec<[Id; 2]>,
    },
    /// §8.4: a better candidate in a greedy step.
    BetterCandidate {
        level: Level,
        player: Id,
        published_partner: Id,
        better_candidate: Id,
        better_pair: [Id; 2],
        completion: Vec<[Id; 2]>,
    },
    /// §8.5: a gap in the board numbers.
    BoardNumber { board: u32, expected_board: usize },
    /// §8.5: two rows out of order.
    BoardOrder { boards: [u32; 2], rows: [PublishedRow; 2] },
    /// C.04.1-2: a rematch.
    Rematch { board: u32, earlier_meetings: u32 },
    /// C.04.1-6/7: a colour rule.
    ColourRule {
        board: u32,
        colour: &'static str,
        colour_difference_after: i32,
        streak_after: u32,
        whites_before: u32,
        blacks_before: u32,
    },
    /// C.04.1-4: a second unplayed win.
    ByesBefore { board: u32, byes_before: u32, unplayed_wins_before: u32 },
    /// Profile dutch (FIDE C.04.3): see [`DutchEvidence`].
    Dutch(DutchEvidence),
}

/// Evidence of a violation under profile dutch (FIDE C.04.3), serialized as the bare object
/// of its variant.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum DutchEvidence {
    /// C1/C3: a published game.
    Game { board: u32, white: Id, black: Id, preferences: BTreeMap<String, String> },
    /// C4: players left unpaired or PABs in excess.
    Completion { players_to_pair: usize, pabs: Vec<Id>, unpaired: Vec<Id> },
    /// C2: a PAB to an ineligible player.
    PabEligibility { board: u32, player: Id },
    /// C5: a lower-scored PAB receiver with a complete pairing of the rest.
    BetterPab {
        published: Id,
        published_score: String,
        better: Id,
        better_score: String,
        completion: Vec<[Id; 2]>,
    },
    /// 5.2: the colours of a pair.
    PairColours {
        board: u32,
        expected: Colours,
        published: Colours,
        decided_by: &'static str,
        preferences: BTreeMap<String, String>,
    },
    /// C6-C21 or 4.x: a better (or equally good and earlier) bracket pairing.
    Bracket {
        bracket_score: String,
        criterion: String,
        /// Criteria compared, in order, with the published and the witness values.
        criteria: Vec<&'static str>,
        published_values: Vec<i64>,
        witness_values: Vec<i64>,
        published: Vec<[Id; 2]>,
        witness: Vec<[Id; 2]>,
    },
    /// Board order: two boards in the wrong order.
    Boards { boards: [u32; 2], pairs: [[Id; 2]; 2] },
}

impl Evidence {
    /// True for [`Evidence::None`].
    pub fn is_none(&self) -> bool {
        matches!(self, Evidence::None)
    }
}

/// One broken rule.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Violation {
    pub rule: Rule,
    pub players: Vec<Id>,
    pub message: String,
    pub evidence: Evidence,
}

impl Violation {
    pub fn new(rule: Rule, players: Vec<Id>, message: String, evidence: Evidence) -> Self {
        Violation { rule, players, message, evidence }
    }
}

/// What the checker established about a round's Swiss field (profile berger-swiss): what a
/// harness needs to tell where the bye went and at which level, for any engine. Not in the
/// JSON report.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SwissRound {
    /// The field's players in Swiss order (SPEC §5), requested absences left out (§7).
    pub field: Vec<Id>,
    /// The players eligible for the bye (§8.1), bottom first; empty for an even field.
    pub bye_eligible: Vec<Id>,
    /// The published Swiss bye, when the field is odd and has exactly one.
    pub bye: Option<Id>,
    /// The level the published pairs use (§8.3: the strictest at which each is allowed),
    /// when the published Swiss part is well-formed (every field player once, paired within
    /// the field).
    pub level: Option<Level>,
}

impl SwissRound {
    /// Whether the bye went to the bottom of the field (last in Swiss order).
    pub fn bye_to_bottom(&self) -> Option<bool> {
        self.bye.map(|b| self.field.last() == Some(&b))
    }

    /// Whether the bye went to the lowest eligible player (first of `bye_eligible`); when
    /// not, §8.3 raised it because no complete pairing of the rest existed (the checker
    /// proved that, or reported a violation).
    pub fn bye_to_lowest_eligible(&self) -> Option<bool> {
        self.bye.map(|b| self.bye_eligible.first() == Some(&b))
    }
}

/// A pairing of one round that the rules allow, as the checker builds it to confirm or refute
/// an engine's "no valid pairing" (`generic::legal_pairing`, `dutch::feasible::legal_pairing`):
/// the pairs and the bye (PAB) receiver.
pub type LegalPairing = (Vec<[Id; 2]>, Option<Id>);

/// Verdict on one round.
#[derive(Clone, Debug, PartialEq, Default, Serialize)]
pub struct RoundReport {
    pub round: u32,
    pub violations: Vec<Violation>,
    /// Informative lines (permitted exceptions, statistics), not violations.
    #[serde(skip)]
    pub notes: Vec<String>,
    /// The Swiss field as the checker derived it (profile berger-swiss, rounds with a
    /// usable configuration); `None` otherwise.
    #[serde(skip)]
    pub swiss: Option<SwissRound>,
}

/// Verdict on a whole tournament.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Report {
    pub rounds: Vec<RoundReport>,
}

impl Serialize for Report {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Json<'a> {
            verdict: &'static str,
            rounds: &'a [RoundReport],
        }
        Json { verdict: self.verdict(), rounds: &self.rounds }.serialize(s)
    }
}

impl Report {
    /// True when no round has a violation.
    pub fn is_conforming(&self) -> bool {
        self.rounds.iter().all(|r| r.violations.is_empty())
    }

    /// `"conforming"` or `"violations"`.
    pub fn verdict(&self) -> &'static str {
        if self.is_conforming() { "conforming" } else { "violations" }
    }

    /// All violations, with their round.
    pub fn violations(&self) -> impl Iterator<Item = (u32, &Violation)> {
        self.rounds.iter().flat_map(|r| r.violations.iter().map(move |v| (r.round, v)))
    }
}

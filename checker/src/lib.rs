//! Independent certifier of Berger-Swiss rounds (profile `berger-swiss`) and of Swiss rounds
//! paired by any program (profile `generic`, FIDE C.04.1 basic rules; profile `dutch`, FIDE
//! C.04.3).
//!
//! Deliberately absent: any dependency on `bsw-engine` (a test in `tests/it/independence.rs`
//! fails if one appears). Every rule is re-derived here from SPEC.md, one module per rule,
//! with its own matching code: a blossom search on the implicit graph of allowed pairs
//! ([`blossom`](berger_swiss::blossom)) decides the feasibility questions, and petgraph's
//! general maximum matching ([`oracle`]) builds every witness printed in a report. No I/O.
//!
//! # Layout
//! One module tree per profile, and the leaves they share:
//! - [`berger_swiss`]: SPEC.md, one module per section (tpn §1, groups §2, results §3 is
//!   shared, draw and berger §4, order §5, withdrawals §6, field §7, byes §8.1, colours §8.2,
//!   level and ladder §8.3, greedy §8.4, board_order §8.5, absences §9), the fast search of
//!   §8.3/§8.4 (blossom, counting), the published round the rule modules read (round), and
//!   certify, the orchestrator;
//! - [`generic`]: FIDE C.04.1;
//! - [`dutch`]: FIDE C.04.3 (its own state, brackets, criteria and weighted matching,
//!   [`wmatch`](dutch::wmatch));
//! - shared: [`report`] (the verdicts as typed values: rules, evidence of every profile, the
//!   JSON contract), [`results`] (the state before a round: points, played colours, meetings,
//!   byes), `structure` (every player once, nobody unknown), [`oracle`] (petgraph's matching),
//!   [`ids`] (maps keyed by player id), `points` (half-points shown as points).
//!
//! No module imports one that imports it back: shared types live in leaves (the report
//! types, [`Level`](berger_swiss::level::Level), the published round), the rule modules
//! import them, and each profile's orchestrator imports its rule modules.
//!
//! # How a round is certified (profile berger-swiss)
//! The tournament is replayed round by round: the state at the start of round r is the
//! results of rounds < r ([`results`]). The last round may still lack results (just paired):
//! its pairing is certified all the same. For each round, each rule module reports its own
//! violations:
//! - structure (`structure`): every active player exactly once, no unknown player, nobody
//!   against themselves, no withdrawn player with a row, no missing result before a later
//!   round;
//! - Berger groups on their schedule ([`tpn`](berger_swiss::tpn),
//!   [`groups`](berger_swiss::groups), [`draw`](berger_swiss::draw),
//!   [`berger`](berger_swiss::berger), [`withdrawals`](berger_swiss::withdrawals)): the draw
//!   is redone from the seed and swaps, each table board must be published with its colours,
//!   byes against the phantom and for opponents of withdrawn players, struck games without a
//!   row; groups dissolve or keep their schedules as §6 says;
//! - requested absences (`berger_swiss::absences`);
//! - the Swiss field ([`field`](berger_swiss::field)) in Swiss order (`berger_swiss::order`):
//!   bye eligibility (`berger_swiss::byes`), colours of every pair
//!   ([`colours`](berger_swiss::colours)), the level used is the first feasible one
//!   ([`ladder`](berger_swiss::ladder): every earlier level is proved infeasible; a feasible
//!   one is printed as the witness), each greedy step took the first workable candidate
//!   ([`greedy`](berger_swiss::greedy): otherwise the better candidate and a completion are
//!   printed);
//! - board order (`berger_swiss::board_order`).
//!
//! # Reports
//! A [`Report`] holds one [`RoundReport`] per round; each [`Violation`] names a [`Rule`] (an
//! enum serialized as its id below) and carries typed [`Evidence`]. `bsw check --json` prints
//! the serde serialization of the [`Report`] ([`report`] gives its shape): the keys and
//! values are those of earlier versions (golden files in `tests/golden/` guard them), the
//! order of keys inside an object may differ from before and is not part of the contract.
//! A round's report also says what the checker derived about its Swiss field
//! ([`SwissRound`]: the field in Swiss order, the bye-eligible players, the bye, the level
//! used), which the harness reads instead of re-deriving rules.
//!
//! # Rule ids
//! Profile berger-swiss (SPEC sections):
//! - `"2"`: configuration (groups, swaps, rounds) or a round beyond R;
//! - `"3"`: results and points: a game without result followed by a later round; a bye or
//!   absence row awarding the wrong points (`half-bye`/`zero-bye`/`bye` mixed up);
//! - `"4"`: Berger draw and tables: a scheduled game missing, with other opponents or reversed
//!   colours, a phantom bye missing;
//! - `"6"`: withdrawals: a withdrawn player with a row, a missing bye for the opponent of a
//!   withdrawn player;
//! - `"7"`: the Swiss field: a field player paired with someone outside the field;
//! - `"8.1"`: number of byes in the Swiss field, bye eligibility;
//! - `"8.2"`: colours of a Swiss pair;
//! - `"8.3"`: the level used is not the first feasible one (or the bye receiver is not the
//!   lowest that works);
//! - `"8.4"`: a greedy step skipped a workable candidate;
//! - `"8.5"`: board numbers or board order;
//! - `"9"`: requested absences;
//! - `"structure"`: a player missing, twice in a round, unknown, or against themselves.
//!
//! Profile generic: `"structure"`, `"points"`, `"C.04.1-2"`, `"C.04.1-4"`, `"C.04.1-6"`,
//! `"C.04.1-7"` (see [`generic`]).
//!
//! Profile dutch (FIDE C.04.3 2026, see [`dutch`] and `docs/dutch-checker.md`):
//! `"structure"`, `"C.04.3-C1"` … `"C.04.3-C21"` (the criterion broken, or the first one on
//! which a witness bracket pairing is better), `"C.04.3-4"` (an equally good bracket pairing
//! comes earlier in the generation order), `"C.04.3-5.2"` (colours), `"C.04.3-boards"`; and
//! `"C.04.1-6"`/`"C.04.1-7"` beside a colour allocation that also breaks those basic rules.
//!
//! # Readings of the SPEC that the checker makes (where the text leaves room)
//! - §6 "the lower Swiss group has no members": its membership after swaps, withdrawn members
//!   included.
//! - A row with a result kind that awards the wrong points (a `half-bye` where a `bye` is due,
//!   a `zero-bye` for a requested half-point absence, …) is rule 3; an absence without a
//!   request, or a requested absence that was paired, is rule 9.
//! - A withdrawn player with any row is rule 6, whatever the row.
//!
//! # Proving §8.3 and §8.4 cheaply
//! The level used is read off the published pairs (rematch used, longest streak after the
//! game, balance kept, largest score gap); earlier levels are grouped into at most five
//! blocks whose loosest member is a supergraph of the others, each answered by one matching
//! (for an odd field with an extra vertex joined to the block's bye receivers). With a finite
//! D, players separated by a larger score gap share no edge, so each segment is matched on its
//! own and an odd segment settles the question without any matching.
//!
//! The matchings never list the edges of a field ([`blossom`](berger_swiss::blossom)): neighbours
//! are enumerated on demand by buckets of (colour class, score), whole buckets being skipped when
//! their colours or scores rule them out, with skip pointers over the unlabelled players and the
//! outer players of a bucket kept in groups per blossom; blossoms are contracted with a union-find
//! over bases. For §8.4, the published pairs among the unpaired players form a perfect matching M
//! of the allowed graph; with p removed, its published partner q* is the only exposed player, and
//! an earlier candidate q leaves a complete pairing iff q is reachable from q* by an even
//! M-alternating path, i.e. outer after ONE failed search from q* (Gallai-Edmonds). Steps whose
//! allowed candidates all come after q* need no search. The oracle is only run when a violation is
//! found, to build the report's witness exactly as it always did, so reports do not depend on the
//! fast code.
//!
//! A step whose player p has, in the graph of an earlier search of its bucket (player s),
//! every neighbour of s among its own neighbours reuses that search: exchanging p and s in a
//! complete pairing shows that a candidate adjacent to s can work for p only if it was outer
//! for s (pairs usable in a later graph were usable then).
//!
//! Counting first ([`counting`](berger_swiss::counting)): players of one bucket are alike for
//! colours and scores, so every complete pairing gives a flow on the small bucket graph (its
//! bipartite double). Counts that admit no such flow (more players who need Black than players who
//! may take White within the score limit, say) prove "no complete pairing" without a search: the
//! ladder asks the counts before each matching, and the greedy replay keeps the flow of the players
//! still to pair and rules out candidate buckets with it (the Hall sets of failed tests are kept
//! and rule out later candidates in O(1)); the candidates before q* are looked at bucket by bucket,
//! never player by player. Counting only ever says "no": whatever it cannot rule out is decided by
//! the blossom search, so no verdict depends on it. Figures (per round, against the engine's
//! pairing time) are in BENCHMARKS.md; the `check_round` example of the benches crate times the
//! checker alone on one round.
//!
//! # What it deliberately does not do
//! It never re-pairs a round with an engine of its own and compares; it checks the published
//! round against each rule and proves the optimality claims (§8.3, §8.4) with matchings. It
//! does not judge results (any legal result is conforming) nor tiebreaks.

// The crate docs describe the internals too (`cargo doc --document-private-items`).
#![allow(rustdoc::private_intra_doc_links)]

pub mod berger_swiss;
pub mod dutch;
pub mod generic;
pub mod ids;
pub mod oracle;
pub(crate) mod points;
pub mod report;
pub mod results;
pub(crate) mod structure;

pub use report::{Evidence, Report, RoundReport, Rule, SwissRound, Violation};

/// The hash maps of the checker (keyed by player ids and small values): std's map with the
/// fast, well-distributed foldhash hasher (randomly seeded per process, like std's; no
/// output depends on iteration order).
pub type HashMap<K, V> = foldhash::HashMap<K, V>;
pub(crate) use foldhash::HashMapExt;

use berger_swiss::certify;
use bsw_model::Tournament;

/// Which rule book to certify against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Profile {
    /// SPEC.md (default for a tournament directory).
    BergerSwiss,
    /// FIDE C.04.1 basic rules (default for a TRF file).
    Generic,
    /// FIDE C.04.3, the Dutch system (default for a tournament that declares it).
    Dutch,
}

impl Profile {
    /// The profile's name, as `--profile` takes it and `bsw check --json` reports it.
    pub fn name(self) -> &'static str {
        match self {
            Profile::BergerSwiss => "berger-swiss",
            Profile::Generic => "generic",
            Profile::Dutch => "dutch",
        }
    }
}

/// Where a tournament was read from, as far as the choice of profile cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A tournament directory (SPEC §12).
    Directory,
    /// A TRF file; `carries_config`: it holds our Berger-Swiss configuration records (`BSV`,
    /// as `bsw trf export` writes them).
    Trf { carries_config: bool },
}

/// Why [`default_profile`] chose its profile, for a note to the user (`None`: the plain
/// default of the source, nothing to say).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Because {
    /// The tournament declares the FIDE (Dutch) system.
    DeclaresDutch,
    /// A TRF file that carries the Berger-Swiss configuration.
    CarriesConfig,
}

/// The profile a tournament is certified by when none is asked for: `dutch` for a
/// tournament that declares the Dutch system, else `berger-swiss` for a directory and for a
/// TRF file carrying our configuration, else `generic` (FIDE C.04.1, any Swiss program's
/// file). The one place this choice is made (`bsw check`, `bsw report` and batch checks all
/// ask here).
pub fn default_profile(t: &Tournament, source: Source) -> (Profile, Option<Because>) {
    if t.config.system.dutch().is_some() {
        return (Profile::Dutch, Some(Because::DeclaresDutch));
    }
    match source {
        Source::Directory => (Profile::BergerSwiss, None),
        Source::Trf { carries_config: true } => {
            (Profile::BergerSwiss, Some(Because::CarriesConfig))
        }
        Source::Trf { carries_config: false } => (Profile::Generic, None),
    }
}

/// Certifies every round of `t`.
pub fn check(t: &Tournament, profile: Profile) -> Report {
    let rounds = match profile {
        Profile::BergerSwiss => certify::check_all(t),
        Profile::Generic => generic::check_all(t),
        Profile::Dutch => dutch::check_all(t),
    };
    Report { rounds }
}

/// Certifies round `round` only (what `bsw simulate` calls after each pairing).
pub fn check_round(t: &Tournament, round: u32, profile: Profile) -> RoundReport {
    match profile {
        Profile::BergerSwiss => certify::check_round(&certify::Context::new(t), round),
        Profile::Generic => generic::check_round(t, round),
        Profile::Dutch => dutch::check_round(t, round),
    }
}

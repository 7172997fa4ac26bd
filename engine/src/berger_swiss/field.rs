//! SPEC §7: the Swiss field of a round ([`select`]), and, once put in the Swiss order of §5,
//! what §8 needs about each player ([`SwissField`]): points, colour side, opponents met,
//! score groups and colour classes.

use super::colours::Side;
use super::groups::{Groups, Membership};
use super::state::{Colour, PlayerState};
use super::{EngineError, absences};
use bsw_model::{Entry, HalfPoints, Player};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Who of the active players plays in the Swiss field of a round, and who is absent (§9).
pub(crate) struct Selection {
    /// Entry indices of the Swiss field, in entry order.
    pub field: Vec<usize>,
    /// Requested absences as (TPN, row).
    pub absences: Vec<(u32, Entry)>,
}

/// §7: the Swiss field of round `r`: the active players whose group is not on its schedule,
/// less those with a requested absence (§9). An absence requested in a group on its
/// schedule is refused.
pub(crate) fn select(
    players: &[Player],
    groups: &Groups,
    on_schedule: &[bool],
    active: &[bool],
    tpn: &[u32],
    r: u32,
) -> Result<Selection, EngineError> {
    let mut field = Vec::new();
    let mut absent = Vec::new();
    for (i, p) in players.iter().enumerate() {
        if !active[i] {
            continue;
        }
        let absence = absences::requested(p, r);
        if let Membership::Group(g) = groups.membership[i]
            && on_schedule[g]
        {
            if absence.is_some() {
                return Err(EngineError::AbsenceInBergerGroup { round: r, player: p.id, group: g });
            }
            continue;
        }
        match absence {
            Some(row) => absent.push((tpn[i], row)),
            None => field.push(i),
        }
    }
    Ok(Selection { field, absences: absent })
}

/// A colour class (the side less its TPN) as one number, distinct for distinct classes.
fn class_key(s: &Side) -> u128 {
    let last = match s.last {
        None => 0u128,
        Some(Colour::White) => 1,
        Some(Colour::Black) => 2,
    };
    last | (s.streak as u128) << 2 | (s.diff as u32 as u128) << 34 | (s.whites as u128) << 66
}

/// Hashes a [`class_key`] with one multiplication (the keys are not chosen by an adversary,
/// and a field has few distinct classes).
#[derive(Default)]
struct ClassHasher(u64);

impl Hasher for ClassHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(23) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
}

/// A score group: a contiguous run of the field in Swiss order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ScoreGroup {
    pub points: HalfPoints,
    pub start: usize,
    pub end: usize,
}

/// The Swiss field of one round. Vertices `0..n` are field players in Swiss order.
pub(crate) struct SwissField {
    /// Entry index of each vertex.
    pub members: Vec<usize>,
    /// Player id of each vertex.
    pub ids: Vec<u32>,
    pub points: Vec<HalfPoints>,
    pub side: Vec<Side>,
    pub byes: Vec<u32>,
    /// Vertices met over the board (with repetitions).
    pub met: Vec<Vec<u32>>,
    pub groups: Vec<ScoreGroup>,
    pub group_of: Vec<u32>,
    /// Colour class of each vertex: players of one class differ at most in TPN.
    pub class: Vec<u32>,
    /// Representative side of each class (TPN 0).
    pub classes: Vec<Side>,
    /// Per score group: (class, vertices of that class in Swiss order).
    pub buckets: Vec<Vec<(u32, Vec<u32>)>>,
    /// The same buckets laid out flat: `order[pos]` is the vertex at a global position,
    /// bucket b covers positions `bucket_range[b]`; numbered group by group.
    pub order: Vec<u32>,
    pub position: Vec<u32>,
    pub bucket_of: Vec<u32>,
    /// (start, end, class) of each flat bucket.
    pub bucket_range: Vec<(u32, u32, u32)>,
    /// Flat bucket ids of each score group.
    pub group_buckets: Vec<Vec<u32>>,
}

impl SwissField {
    /// `members` must already be in Swiss order.
    pub(crate) fn new(
        members: Vec<usize>,
        st: &[PlayerState],
        tpn: &[u32],
        id_of_entry: &[u32],
    ) -> Self {
        let ids = members.iter().map(|&i| id_of_entry[i]).collect();
        let n = members.len();
        // Vertex of each entry index (u32::MAX: not in the field); a table, not a hash map:
        // at a million players the hashing was a sixth of the round.
        let mut vertex_of = vec![u32::MAX; st.len()];
        for (v, &i) in members.iter().enumerate() {
            vertex_of[i] = v as u32;
        }
        let points: Vec<HalfPoints> = members.iter().map(|&i| st[i].points).collect();
        let side: Vec<Side> = members.iter().map(|&i| Side::of(&st[i], tpn[i])).collect();
        let byes = members.iter().map(|&i| st[i].byes).collect();
        let met = members
            .iter()
            .map(|&i| {
                let mut list = Vec::with_capacity(st[i].met.len());
                list.extend(st[i].met.iter().map(|&o| vertex_of[o]).filter(|&v| v != u32::MAX));
                list
            })
            .collect();
        let mut groups: Vec<ScoreGroup> = Vec::new();
        let mut group_of = vec![0u32; n];
        for v in 0..n {
            match groups.last_mut() {
                Some(g) if g.points == points[v] => g.end = v + 1,
                _ => groups.push(ScoreGroup { points: points[v], start: v, end: v + 1 }),
            }
            group_of[v] = groups.len() as u32 - 1;
        }
        // Keyed by the class packed into one number, hashed by one multiplication: the
        // default (SipHash) hashing of a million keys was a tenth of this function.
        let mut class_ids: HashMap<u128, u32, BuildHasherDefault<ClassHasher>> = HashMap::default();
        let mut classes = Vec::new();
        let class: Vec<u32> = side
            .iter()
            .map(|s| {
                *class_ids.entry(class_key(s)).or_insert_with(|| {
                    classes.push(Side { tpn: 0, ..*s });
                    classes.len() as u32 - 1
                })
            })
            .collect();
        // Each group's classes in the order they first appear (`slot`: a class's place in
        // the group's list, reset after each group).
        let mut slot = vec![u32::MAX; classes.len()];
        let buckets: Vec<Vec<(u32, Vec<u32>)>> = groups
            .iter()
            .map(|g| {
                let mut by_class: Vec<(u32, Vec<u32>)> = Vec::new();
                for v in g.start..g.end {
                    let c = class[v] as usize;
                    match slot[c] {
                        u32::MAX => {
                            slot[c] = by_class.len() as u32;
                            by_class.push((class[v], vec![v as u32]));
                        }
                        i => by_class[i as usize].1.push(v as u32),
                    }
                }
                for (c, _) in &by_class {
                    slot[*c as usize] = u32::MAX;
                }
                by_class
            })
            .collect();
        let mut order = Vec::with_capacity(n);
        let mut position = vec![0u32; n];
        let mut bucket_of = vec![0u32; n];
        let mut bucket_range = Vec::new();
        let mut group_buckets = Vec::with_capacity(buckets.len());
        for by_class in &buckets {
            let mut ids = Vec::with_capacity(by_class.len());
            for (c, list) in by_class {
                let id = bucket_range.len() as u32;
                let start = order.len() as u32;
                for &v in list {
                    position[v as usize] = order.len() as u32;
                    bucket_of[v as usize] = id;
                    order.push(v);
                }
                bucket_range.push((start, order.len() as u32, *c));
                ids.push(id);
            }
            group_buckets.push(ids);
        }
        SwissField {
            order,
            position,
            bucket_of,
            bucket_range,
            group_buckets,
            members,
            ids,
            points,
            side,
            byes,
            met,
            groups,
            group_of,
            class,
            classes,
            buckets,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.members.len()
    }

    pub(crate) fn meetings(&self, u: usize, w: usize) -> usize {
        self.met[u].iter().filter(|&&x| x as usize == w).count()
    }

    /// The largest streak among the field's players (S of §8.3).
    pub(crate) fn max_streak(&self) -> u32 {
        self.side.iter().map(|s| s.streak).max().unwrap_or(0)
    }
}

//! [`IdMap`]: a map keyed by player id that is a plain vector indexed by id when the ids are
//! small numbers (the usual 1..N), and a hash map otherwise. Certifying a round of a large
//! field looks players up by id several times per player; the vector costs a few bytes per
//! player and no hashing.

use crate::HashMap;
use bsw_model::Id;

/// Ids up to `DENSE_FACTOR` × (expected entries) + `DENSE_SLACK` stay in the vector.
const DENSE_FACTOR: usize = 4;
const DENSE_SLACK: usize = 64;

/// A map from player ids to `V`.
#[derive(Clone, Debug)]
pub enum IdMap<V> {
    Dense { slots: Vec<Option<V>>, limit: usize },
    Sparse(HashMap<Id, V>),
}

impl<V> IdMap<V> {
    /// An empty map sized for about `expected` entries.
    pub fn with_expected(expected: usize) -> Self {
        IdMap::Dense { slots: Vec::new(), limit: DENSE_FACTOR * expected + DENSE_SLACK }
    }

    pub fn get(&self, id: Id) -> Option<&V> {
        match self {
            IdMap::Dense { slots, .. } => slots.get(id as usize).and_then(Option::as_ref),
            IdMap::Sparse(m) => m.get(&id),
        }
    }

    pub fn contains(&self, id: Id) -> bool {
        self.get(id).is_some()
    }

    /// The value of `id`, inserted with `make` when missing.
    pub fn get_or_insert_with(&mut self, id: Id, make: impl FnOnce() -> V) -> &mut V {
        if let IdMap::Dense { slots, limit } = self
            && id as usize >= *limit
        {
            let m: HashMap<Id, V> = std::mem::take(slots)
                .into_iter()
                .enumerate()
                .filter_map(|(i, v)| v.map(|v| (i as Id, v)))
                .collect();
            *self = IdMap::Sparse(m);
        }
        match self {
            IdMap::Dense { slots, .. } => {
                let i = id as usize;
                if i >= slots.len() {
                    slots.resize_with(i + 1, || None);
                }
                slots[i].get_or_insert_with(make)
            }
            IdMap::Sparse(m) => m.entry(id).or_insert_with(make),
        }
    }

    /// Inserts (or replaces) the value of `id`.
    pub fn insert(&mut self, id: Id, v: V) {
        let mut v = Some(v);
        let slot = self.get_or_insert_with(id, || v.take().expect("set once"));
        if let Some(v) = v {
            *slot = v;
        }
    }

    /// The entries, in id order for a dense map (any order for a sparse one).
    pub fn iter(&self) -> Box<dyn Iterator<Item = (Id, &V)> + '_> {
        match self {
            IdMap::Dense { slots, .. } => Box::new(
                slots.iter().enumerate().filter_map(|(i, v)| v.as_ref().map(|v| (i as Id, v))),
            ),
            IdMap::Sparse(m) => Box::new(m.iter().map(|(&k, v)| (k, v))),
        }
    }
}

impl<V> Default for IdMap<V> {
    fn default() -> Self {
        IdMap::with_expected(0)
    }
}

impl<V> FromIterator<(Id, V)> for IdMap<V> {
    fn from_iter<I: IntoIterator<Item = (Id, V)>>(iter: I) -> Self {
        let iter = iter.into_iter();
        let mut m = IdMap::with_expected(iter.size_hint().0);
        for (id, v) in iter {
            m.insert(id, v);
        }
        m
    }
}

//! `IdMap`: the same answers whether it stays a vector or turns into a hash map.
use bsw_checker::ids::IdMap;

#[test]
fn small_ids_stay_dense_and_a_large_one_switches_to_a_hash_map_keeping_the_entries() {
    let mut m: IdMap<u32> = IdMap::with_expected(3);
    m.insert(2, 20);
    m.insert(1, 10);
    *m.get_or_insert_with(2, || 99) += 1;
    assert!(matches!(m, IdMap::Dense { .. }));
    assert_eq!(m.iter().collect::<Vec<_>>(), vec![(1, &10), (2, &21)]);
    // 4 × 3 + 64 = 76 is the first id that no longer fits the vector.
    m.insert(75, 750);
    assert!(matches!(m, IdMap::Dense { .. }));
    m.insert(76, 760);
    assert!(matches!(m, IdMap::Sparse(_)));
    assert_eq!(m.get(1), Some(&10));
    assert_eq!(m.get(2), Some(&21));
    assert_eq!(m.get(75), Some(&750));
    assert_eq!(m.get(76), Some(&760));
    assert_eq!(m.get(3), None);
    assert!(!m.contains(4_000_000_000));
    let mut all: Vec<_> = m.iter().map(|(k, &v)| (k, v)).collect();
    all.sort();
    assert_eq!(all, vec![(1, 10), (2, 21), (75, 750), (76, 760)]);
}

#[test]
fn collect_sizes_the_vector_for_the_entries() {
    let m: IdMap<u32> = (1..=1000u32).map(|i| (i, i * 2)).collect();
    assert!(matches!(m, IdMap::Dense { .. }));
    assert_eq!(m.get(1000), Some(&2000));
    let sparse: IdMap<u32> = [(7u32, 1u32), (4_000_000_000, 2)].into_iter().collect();
    assert_eq!(sparse.get(4_000_000_000), Some(&2));
    assert_eq!(sparse.get(7), Some(&1));
}

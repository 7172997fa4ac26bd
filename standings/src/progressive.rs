//! Progressive scores (Art. 7.5): the sum of the running score after each round; PS-C1 drops
//! the running score after round 1 (Art. 14), PS-C2 also that after round 2.

use crate::code::Cut;
use crate::table::Table;
use crate::value::{Ratio, Value};

pub(crate) fn progressive(t: &Table, cut: Cut) -> Vec<Value> {
    (0..t.len())
        .map(|i| {
            let mut running = 0i64;
            let mut sum = 0i64;
            for (r, s) in t.slots[i].iter().enumerate() {
                running += s.points() as i64;
                if r as u32 >= cut.low {
                    sum += running;
                }
            }
            Value::Exact(Ratio::halves(sum))
        })
        .collect()
}

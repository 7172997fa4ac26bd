//! Exact tiebreak values: rationals, converted to `f64` only at the output edge.

use std::cmp::Ordering;

/// An exact rational `num / den` (den > 0, reduced).
#[derive(Clone, Copy, Debug)]
pub struct Ratio {
    num: i64,
    den: i64,
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    /// `num / den`; `den` must not be 0 (a zero denominator is a bug in this crate).
    pub fn new(num: i64, den: i64) -> Ratio {
        assert!(den != 0, "Ratio with zero denominator");
        let (num, den) = if den < 0 { (-num, -den) } else { (num, den) };
        let g = gcd(num, den).max(1);
        Ratio { num: num / g, den: den / g }
    }

    pub fn int(n: i64) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    /// A number of half-points.
    pub fn halves(n: i64) -> Ratio {
        Ratio::new(n, 2)
    }

    /// A number of quarter-points.
    pub fn quarters(n: i64) -> Ratio {
        Ratio::new(n, 4)
    }

    pub fn num(self) -> i64 {
        self.num
    }

    pub fn den(self) -> i64 {
        self.den
    }

    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    fn sum(self, other: Ratio) -> Ratio {
        Ratio::new(self.num * other.den + other.num * self.den, self.den * other.den)
    }
}

impl std::ops::Add for Ratio {
    type Output = Ratio;
    fn add(self, other: Ratio) -> Ratio {
        self.sum(other)
    }
}

impl PartialEq for Ratio {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Ratio {}
impl PartialOrd for Ratio {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Ratio {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.num as i128 * other.den as i128).cmp(&(other.num as i128 * self.den as i128))
    }
}

/// One tiebreak value of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Exact(Ratio),
    /// Not defined for this player (e.g. ARO without any game played over the board). Ranks
    /// below every defined value.
    Undefined,
}

impl Value {
    pub fn as_f64(self) -> Option<f64> {
        match self {
            Value::Exact(r) => Some(r.to_f64()),
            Value::Undefined => None,
        }
    }

    pub fn as_ratio(self) -> Option<Ratio> {
        match self {
            Value::Exact(r) => Some(r),
            Value::Undefined => None,
        }
    }

    pub fn int(n: i64) -> Value {
        Value::Exact(Ratio::int(n))
    }
}

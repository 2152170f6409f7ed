//! The one seeded, portable random number generator of a game.
//!
//! xoshiro256++ seeded through SplitMix64: the same seed gives the same stream
//! on every platform. Its state lives inside the game state, so cloning a game
//! clones its future chance draws too.

use serde::{Deserialize, Serialize};

/// A small, fast, portable PRNG (xoshiro256++).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rng {
    s: [u64; 4],
}

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// Seeds the generator.
    pub fn new(seed: u64) -> Rng {
        let mut x = seed;
        Rng {
            s: [
                splitmix(&mut x),
                splitmix(&mut x),
                splitmix(&mut x),
                splitmix(&mut x),
            ],
        }
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..n` (`n > 0`), without modulo bias (Lemire's method).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let n64 = n as u64;
        let mut m = (self.next_u64() >> 32) * n64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = (self.next_u64() >> 32) * n64;
            }
        }
        (m >> 32) as u32
    }

    /// Picks an index with probability proportional to its weight. `weights` must not all be 0.
    pub fn weighted(&mut self, weights: impl Iterator<Item = u32> + Clone) -> usize {
        let total: u32 = weights.clone().sum();
        let mut r = self.below(total);
        for (i, w) in weights.enumerate() {
            if r < w {
                return i;
            }
            r -= w;
        }
        unreachable!("weights changed while sampling")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REFERENCE: [u64; 3] = [
        5987356902031041503,
        7051070477665621255,
        6633766593972829180,
    ];
    const REFERENCE_BELOW: u32 = 8;

    #[test]
    fn same_seed_same_stream() {
        let mut a = Rng::new(7);
        let mut b = Rng::new(7);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn portable_reference_values() {
        // Fixed values: a change here breaks every stored game record.
        let mut r = Rng::new(0);
        let first: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        assert_eq!(first, REFERENCE);
        assert_eq!(Rng::new(42).below(10), REFERENCE_BELOW);
    }

    #[test]
    fn below_is_in_range_and_covers() {
        let mut r = Rng::new(3);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            seen[r.below(5) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800));
    }

    #[test]
    fn weighted_respects_zero_weights() {
        let mut r = Rng::new(9);
        for _ in 0..1000 {
            let i = r.weighted([0u32, 3, 0, 1].into_iter());
            assert!(i == 1 || i == 3);
        }
    }
}

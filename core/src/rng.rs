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

    /// A uniform integer in `0..n`, without modulo bias (Lemire's method); 0 when `n` is 0.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
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

    /// A uniform integer in `0..n` (`n > 0`), without modulo bias, for 64-bit ranges.
    /// For `n <= u32::MAX` it draws exactly as [`Rng::below`].
    pub fn below_u64(&mut self, n: u64) -> u64 {
        if let Ok(small) = u32::try_from(n) {
            return u64::from(self.below(small));
        }
        let mut m = u128::from(self.next_u64()) * u128::from(n);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (m >> 64) as u64
    }

    /// Picks an index with probability proportional to its weight; `None` if every
    /// weight is 0 (or there is none). Weights are summed in 64 bits, so any number
    /// of `u32` weights draws exactly.
    pub fn weighted(&mut self, weights: impl Iterator<Item = u32> + Clone) -> Option<usize> {
        let total: u64 = weights.clone().map(u64::from).sum();
        if total == 0 {
            return None;
        }
        let mut r = self.below_u64(total);
        for (i, w) in weights.enumerate() {
            let w = u64::from(w);
            if r < w {
                return Some(i);
            }
            r -= w;
        }
        None
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
            assert!(i == Some(1) || i == Some(3));
        }
    }

    #[test]
    fn weighted_without_weight_is_none_not_a_panic() {
        let mut r = Rng::new(9);
        assert_eq!(r.weighted([0u32, 0].into_iter()), None);
        assert_eq!(r.weighted(std::iter::empty()), None);
    }

    #[test]
    fn weights_summing_past_u32_max_draw_fairly() {
        // Two weights of 2^31 used to wrap to a total of 0 and always land one side.
        let mut r = Rng::new(11);
        let mut seen = [0u32; 2];
        for _ in 0..2000 {
            seen[r.weighted([1u32 << 31, 1 << 31].into_iter()).unwrap()] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
        // Three near-maximal weights.
        let mut seen = [0u32; 3];
        for _ in 0..3000 {
            seen[r.weighted([u32::MAX; 3].into_iter()).unwrap()] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
    }

    #[test]
    fn below_u64_matches_below_on_small_ranges_and_covers_large_ones() {
        let (mut a, mut b) = (Rng::new(5), Rng::new(5));
        for n in [1u32, 7, 1000, u32::MAX] {
            assert_eq!(a.below_u64(u64::from(n)), u64::from(b.below(n)));
        }
        let n = 3 * (1u64 << 33);
        let mut seen = [0u32; 3];
        for _ in 0..3000 {
            let x = a.below_u64(n);
            assert!(x < n);
            seen[(x / (1 << 33)) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
    }
}

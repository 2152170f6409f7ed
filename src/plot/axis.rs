//! Axis ticks the charts choose themselves: a step of 1, 2 or 5 × 10^k (whole
//! numbers only for a count such as turns), labelled with as many decimals as
//! the step needs, so that no two ticks read alike (plotters' own choice over
//! a narrow range of turns put ticks at halves, which read `110, 110, 111`
//! once rounded), and `-0` reads `0`.

/// The ticks of one axis.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ticks {
    /// The distance between two ticks: 1, 2 or 5 × 10^k.
    pub step: f64,
    /// How many multiples of `step` lie in the axis's range.
    pub count: usize,
}

impl Ticks {
    /// The finest step of 1, 2 or 5 × 10^k (at least 1 if `whole`) that puts
    /// at most `max` ticks (at least 2) in `lo..=hi`.
    pub fn new(lo: f64, hi: f64, max: usize, whole: bool) -> Ticks {
        let (lo, hi) = (lo.min(hi), lo.max(hi));
        let span = hi - lo;
        if !(span > 0.0 && span.is_finite()) {
            return Ticks {
                step: 1.0,
                count: 1,
            };
        }
        let max = max.max(2);
        // A step at least the span (at most two ticks), then finer ones while
        // they put few enough ticks in the range.
        let mut step = 10f64.powf(span.log10().ceil());
        if whole {
            step = step.max(1.0);
        }
        for _ in 0..64 {
            let next = finer(step);
            if (whole && next < 1.0) || count(lo, hi, next) > max {
                break;
            }
            step = next;
        }
        Ticks {
            step,
            count: count(lo, hi, step).max(1),
        }
    }

    /// Decimals the step needs (0 for 1 or more, 1 for 0.5, 0.2 and 0.1, ...).
    pub fn decimals(&self) -> usize {
        if self.step >= 1.0 {
            0
        } else {
            (-self.step.log10() - 1e-9).ceil().max(0.0) as usize
        }
    }

    /// The label of tick `v`: with [`Ticks::decimals`] decimals, `-0` as
    /// `0`; nothing for a value that is no multiple of the step (so that a
    /// finer tick than chosen would stay unlabelled rather than repeat one).
    pub fn label(&self, v: f64) -> String {
        let k = (v / self.step).round();
        if (v / self.step - k).abs() > 1e-6 {
            return String::new();
        }
        let s = format!("{:.*}", self.decimals(), k * self.step);
        match s.strip_prefix('-') {
            Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_string(),
            _ => s,
        }
    }
}

/// The next finer step of the 1, 2, 5 series.
fn finer(step: f64) -> f64 {
    // The power of ten at or below `step`, robust to a logarithm a hair off.
    let mut mag = 10f64.powf(step.log10().floor());
    if step / mag >= 9.5 {
        mag *= 10.0;
    }
    let lead = (step / mag).round();
    if lead >= 5.0 {
        2.0 * mag
    } else if lead >= 2.0 {
        mag
    } else {
        0.5 * mag
    }
}

/// Multiples of `step` in `lo..=hi`.
fn count(lo: f64, hi: f64, step: f64) -> usize {
    let first = (lo / step - 1e-9).ceil();
    let last = (hi / step + 1e-9).floor();
    if last < first {
        0
    } else {
        (last - first) as usize + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(lo: f64, hi: f64, max: usize, whole: bool) -> Vec<String> {
        let t = Ticks::new(lo, hi, max, whole);
        let first = (lo / t.step - 1e-9).ceil() as i64;
        (0..t.count as i64)
            .map(|i| t.label((first + i) as f64 * t.step))
            .collect()
    }

    #[test]
    fn a_narrow_range_of_whole_numbers_has_one_label_per_number() {
        // The audit: `110, 110, 110, 111, 112, 112, 112, ...` (ticks at halves, rounded).
        assert_eq!(
            labels(108.5, 115.5, 10, true),
            ["109", "110", "111", "112", "113", "114", "115"]
        );
        assert_eq!(labels(69.0, 73.5, 10, true), ["69", "70", "71", "72", "73"]);
        // Wider: every second or fifth number.
        assert_eq!(Ticks::new(60.0, 80.0, 10, true).step, 5.0);
        assert_eq!(Ticks::new(0.0, 180.0, 10, true).step, 20.0);
    }

    #[test]
    fn fractions_are_labelled_with_the_decimals_their_step_needs() {
        assert_eq!(
            labels(0.0, 1.15, 10, false),
            ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"]
        );
        assert_eq!(
            labels(-0.8, 0.8, 10, false),
            ["-0.8", "-0.6", "-0.4", "-0.2", "0.0", "0.2", "0.4", "0.6", "0.8"]
        );
        assert_eq!(labels(0.0, 0.12, 4, false), ["0.00", "0.05", "0.10"]);
        assert_eq!(Ticks::new(0.0, 115.0, 10, false).step, 20.0);
    }

    #[test]
    fn labels_never_repeat_and_minus_zero_reads_zero() {
        for (lo, hi) in [
            (109.5, 114.5),
            (0.0, 3.45),
            (-2.6, 9.7),
            (-0.5, 0.5),
            (-11.7, -0.3),
            (0.0, 0.004),
            (66.5, 72.5),
        ] {
            for whole in [false, true] {
                let l = labels(lo, hi, 10, whole);
                let mut d = l.clone();
                d.dedup();
                assert_eq!(d, l, "{lo}..{hi} whole {whole}");
                assert!(l.iter().all(|s| !s.is_empty() && s != "-0"), "{l:?}");
            }
        }
        let t = Ticks::new(-1.0, 1.0, 10, false);
        assert_eq!(t.label(-0.0), "0.0");
        assert_eq!(t.label(-1e-17), "0.0");
        assert_eq!(t.label(0.05), "", "not a tick of this step");
    }
}

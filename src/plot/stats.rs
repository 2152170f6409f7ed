//! The statistics behind the charts: means with 95 % confidence intervals,
//! win rates with Wilson intervals, paired-seed differences, histograms.

use super::{Outcome, Study};

/// z for a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A mean with the half-width of its 95 % confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// Half-width of the 95 % interval (normal approximation).
    pub ci: f64,
}

/// Mean and 95 % interval of the mean of `xs` (0 ± 0 for no value).
pub fn estimate(xs: impl IntoIterator<Item = f64>) -> Estimate {
    let (mut n, mut sum, mut sumsq) = (0.0, 0.0, 0.0);
    for x in xs {
        n += 1.0;
        sum += x;
        sumsq += x * x;
    }
    if n == 0.0 {
        return Estimate { mean: 0.0, ci: 0.0 };
    }
    let mean = sum / n;
    let var = if n > 1.0 {
        ((sumsq - n * mean * mean) / (n - 1.0)).max(0.0)
    } else {
        0.0
    };
    Estimate {
        mean,
        ci: Z95 * (var / n).sqrt(),
    }
}

/// A proportion `k / n` with its Wilson 95 % interval `(low, high)`.
pub fn wilson(k: f64, n: f64) -> (f64, f64, f64) {
    if n == 0.0 {
        return (0.0, 0.0, 0.0);
    }
    let p = k / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

/// Win rate of each seat, with Wilson intervals. A tie shares the win: each
/// of `k` tied seats wins `1/k` of the game, as the text table of `simulate`
/// and `compare` counts (`crate::stats`), so chart and table agree.
pub fn win_rates(s: &Study) -> Vec<(f64, f64, f64)> {
    let n = s.games.len() as f64;
    (0..s.players)
        .map(|p| wilson(s.games.iter().map(|o| o.win_share(p)).sum(), n))
        .collect()
}

/// A per-game measure, named.
pub struct Measure {
    /// What it is ("mean score per player", "points from cities", ...).
    pub name: String,
    /// Its value in one game.
    pub of: Box<dyn Fn(&Outcome) -> f64>,
}

/// The measures charts compare: the mean score per player, each seat's score,
/// the points per player of each category used, the game length.
pub fn measures(s: &Study, seat_names: &[String]) -> Vec<Measure> {
    let players = s.players as f64;
    let mut out = vec![Measure {
        name: "mean score per player".into(),
        of: Box::new(move |o: &Outcome| {
            o.scores.iter().map(|&x| f64::from(x)).sum::<f64>() / players
        }),
    }];
    for p in 0..s.players {
        out.push(Measure {
            name: format!("{} score", seat_names.get(p).cloned().unwrap_or_default()),
            of: Box::new(move |o: &Outcome| f64::from(o.scores.get(p).copied().unwrap_or(0))),
        });
    }
    for c in s.used_categories() {
        out.push(Measure {
            name: format!("{} per player", s.categories[c]),
            of: Box::new(move |o: &Outcome| {
                f64::from(o.categories.get(c).copied().unwrap_or(0)) / players
            }),
        });
    }
    out.push(Measure {
        name: "turns".into(),
        of: Box::new(|o: &Outcome| f64::from(o.turns)),
    });
    out
}

/// `B − A` of a measure (`ma` on A's games, `mb`, of the same name, on B's) over
/// the games both studies played with the same seed.
pub fn paired(a: &Study, b: &Study, ma: &Measure, mb: &Measure) -> Estimate {
    let mut j = 0;
    let mut diffs = Vec::new();
    for x in &a.games {
        while j < b.games.len() && b.games[j].seed < x.seed {
            j += 1;
        }
        if let Some(y) = b.games.get(j).filter(|y| y.seed == x.seed) {
            diffs.push((mb.of)(y) - (ma.of)(x));
        }
    }
    estimate(diffs)
}

/// Counts of `xs` in bins of width `w` starting at `lo`: `(bin start, count)`.
pub fn histogram(xs: &[f64], lo: f64, w: f64) -> Vec<(f64, f64)> {
    let hi = xs.iter().copied().fold(lo, f64::max);
    let bins = ((hi - lo) / w).floor() as usize + 1;
    let mut counts = vec![0.0; bins];
    for &x in xs {
        let i = (((x - lo) / w).floor().max(0.0) as usize).min(bins - 1);
        counts[i] += 1.0;
    }
    counts
        .into_iter()
        .enumerate()
        .map(|(i, c)| (lo + i as f64 * w, c))
        .collect()
}

/// A bin width giving about `target` bins over `xs`, rounded to 1, 2 or 5 × 10^k.
pub fn bin_width(lo: f64, hi: f64, target: f64) -> f64 {
    let raw = ((hi - lo) / target).max(1.0);
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|k| k * mag)
        .find(|&w| w >= raw)
        .unwrap_or(raw)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(seed: u64, scores: [i32; 2]) -> Outcome {
        Outcome {
            seed,
            scores: scores.to_vec(),
            categories: vec![scores[0] + scores[1]],
            turns: 10,
            tiles: 11,
        }
    }

    fn study(games: Vec<Outcome>) -> Study {
        Study {
            ruleset: "r".into(),
            bots: "random bots".into(),
            players: 2,
            categories: vec!["cities".into()],
            games,
        }
    }

    #[test]
    fn a_mean_of_equal_values_has_no_spread_and_the_interval_shrinks_with_n() {
        let e = estimate([3.0, 3.0, 3.0]);
        assert_eq!((e.mean, e.ci), (3.0, 0.0));
        let few = estimate([1.0, 2.0, 3.0, 4.0]);
        let many = estimate((0..400).map(|i| f64::from(i % 4 + 1)));
        assert_eq!(few.mean, 2.5);
        assert!((many.mean - 2.5).abs() < 1e-12);
        assert!(many.ci < few.ci / 5.0, "{} vs {}", many.ci, few.ci);
        // sd of 1,2,3,4 (n - 1) is 1.29; the half-width is z * sd / sqrt(4).
        assert!((few.ci - Z95 * 1.290_994_448_7 / 2.0).abs() < 1e-6);
    }

    #[test]
    fn wilson_intervals_stay_inside_zero_and_one() {
        let (p, lo, hi) = wilson(0.0, 10.0);
        assert_eq!(p, 0.0);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.2 && hi < 0.35, "{hi}");
        let (p, lo, hi) = wilson(50.0, 100.0);
        assert_eq!(p, 0.5);
        assert!((hi - lo - 2.0 * 0.0962).abs() < 0.002, "{lo} {hi}");
    }

    #[test]
    fn paired_differences_match_games_by_seed() {
        let a = study(vec![
            outcome(1, [10, 20]),
            outcome(2, [30, 10]),
            outcome(3, [5, 5]),
        ]);
        // B lacks seed 1 and adds 2 points to seat 0 in the others.
        let b = study(vec![
            outcome(2, [32, 10]),
            outcome(3, [7, 5]),
            outcome(9, [0, 0]),
        ]);
        let m = measures(&a, &["Red".into(), "Blue".into()]);
        assert_eq!(m[1].name, "Red score");
        let d = paired(&a, &b, &m[1], &m[1]);
        assert_eq!((d.mean, d.ci), (2.0, 0.0));
        let per_player = paired(&a, &b, &m[0], &m[0]);
        assert_eq!(per_player.mean, 1.0);
        assert_eq!(
            win_rates(&a)[1].0,
            0.5,
            "seat 1 wins once and ties once (half a win)"
        );
    }

    #[test]
    fn histograms_count_every_value_once() {
        let xs = [0.0, 4.9, 5.0, 12.0, 12.0];
        let h = histogram(&xs, 0.0, 5.0);
        assert_eq!(h, vec![(0.0, 2.0), (5.0, 1.0), (10.0, 2.0)]);
        assert_eq!(bin_width(0.0, 200.0, 40.0), 5.0);
        assert_eq!(bin_width(0.0, 30.0, 40.0), 1.0);
    }
}

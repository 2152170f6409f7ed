//! The statistics behind the charts: means with 95 % confidence intervals,
//! win rates with Wilson intervals, paired-seed differences, histograms.

#[cfg(test)]
use super::Outcome;
use super::Study;

/// z for a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// A mean with its standard error and the half-width of its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// The standard error of the mean: the sample standard deviation (with
    /// `n - 1`) over `sqrt(n)`; 0 for fewer than two values.
    pub se: f64,
    /// Half-width of the 95 % interval (normal approximation): `Z95 * se`.
    pub ci: f64,
}

impl Estimate {
    /// The 95 % interval `(mean - ci, mean + ci)`.
    pub fn interval(&self) -> (f64, f64) {
        (self.mean - self.ci, self.mean + self.ci)
    }

    /// Whether the 95 % interval excludes zero.
    pub fn excludes_zero(&self) -> bool {
        self.mean.abs() > self.ci
    }
}

/// Mean, standard error and 95 % interval of the mean of `xs` (all 0 for no
/// value). Two passes (the mean, then the squared deviations from it), so
/// that values far from 0 (turns) lose no precision.
pub fn estimate(xs: impl IntoIterator<Item = f64>) -> Estimate {
    let xs: Vec<f64> = xs.into_iter().collect();
    if xs.is_empty() {
        return Estimate {
            mean: 0.0,
            se: 0.0,
            ci: 0.0,
        };
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = if xs.len() > 1 {
        xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let se = (var / n).sqrt();
    Estimate {
        mean,
        se,
        ci: Z95 * se,
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

/// A per-game measure that two rulesets are compared on.
#[derive(Clone, Debug, PartialEq)]
pub enum Measure {
    /// The mean score per player.
    MeanScore,
    /// The score of a seat.
    Score(usize),
    /// A seat's share of the win (1 alone, `1/k` tied with `k - 1` others, 0
    /// otherwise), in %: its mean is the seat's win rate in %, and its paired
    /// difference the difference of the win rates, with the spread of the
    /// per-game differences of the win indicators.
    WinRate(usize),
    /// The points per player of the score category of this name (0 in a game
    /// whose rules have no such category).
    Category(String),
    /// Tiles placed.
    Tiles,
    /// Turns played.
    Turns,
}

impl Measure {
    /// Its name (`mean score per player`, `Red score`, `Red win rate %`,
    /// `cities per player`, `tiles placed`, `turns`), seats named by
    /// `seat_names`.
    pub fn name(&self, seat_names: &[String]) -> String {
        let seat = |p: &usize| seat_names.get(*p).cloned().unwrap_or_default();
        match self {
            Measure::MeanScore => "mean score per player".into(),
            Measure::Score(p) => format!("{} score", seat(p)),
            Measure::WinRate(p) => format!("{} win rate %", seat(p)),
            Measure::Category(c) => format!("{c} per player"),
            Measure::Tiles => "tiles placed".into(),
            Measure::Turns => "turns".into(),
        }
    }

    /// Whether it is counted in points (scores and categories: what the
    /// chart of paired differences shows on one axis).
    pub fn in_points(&self) -> bool {
        matches!(
            self,
            Measure::MeanScore | Measure::Score(_) | Measure::Category(_)
        )
    }

    /// Its value in each game of `s` (the per-game method the tests check
    /// [`super::pairs::PairedSums`] against).
    #[cfg(test)]
    pub fn of(&self, s: &Study) -> Box<dyn Fn(&Outcome) -> f64> {
        let players = s.players as f64;
        match *self {
            Measure::MeanScore => Box::new(move |o: &Outcome| {
                o.scores.iter().map(|&x| f64::from(x)).sum::<f64>() / players
            }),
            Measure::Score(p) => {
                Box::new(move |o: &Outcome| f64::from(o.scores.get(p).copied().unwrap_or(0)))
            }
            Measure::WinRate(p) => Box::new(move |o: &Outcome| 100.0 * o.win_share(p)),
            Measure::Category(ref name) => match s.categories.iter().position(|c| c == name) {
                Some(c) => Box::new(move |o: &Outcome| {
                    f64::from(o.categories.get(c).copied().unwrap_or(0)) / players
                }),
                None => Box::new(|_: &Outcome| 0.0),
            },
            Measure::Tiles => Box::new(|o: &Outcome| f64::from(o.tiles)),
            Measure::Turns => Box::new(|o: &Outcome| f64::from(o.turns)),
        }
    }
}

/// The measures two rulesets are compared on, in this order: the mean score
/// per player, each seat's score, each seat's win rate, the points per
/// player of each category either study scored in (by name: the rulesets
/// may differ in plugins; `a`'s first), tiles placed, turns.
/// ([`super::pairs::PairedSums::differences`] lists them so.)
#[cfg(test)]
pub fn measures(a: &Study, b: &Study) -> Vec<Measure> {
    let mut out = vec![Measure::MeanScore];
    out.extend((0..a.players).map(Measure::Score));
    out.extend((0..a.players).map(Measure::WinRate));
    let mut cats: Vec<&String> = Vec::new();
    for s in [a, b] {
        for c in s.used_categories() {
            if !cats.contains(&&s.categories[c]) {
                cats.push(&s.categories[c]);
            }
        }
    }
    out.extend(cats.into_iter().map(|c| Measure::Category(c.clone())));
    out.push(Measure::Tiles);
    out.push(Measure::Turns);
    out
}

/// The paired difference `B − A` of one measure.
#[derive(Clone, Debug, PartialEq)]
pub struct Paired {
    /// What is measured.
    pub measure: Measure,
    /// Its name ([`Measure::name`]).
    pub name: String,
    /// The games both rulesets played with the same seed (the pairs).
    pub games: usize,
    /// The mean of the per-game differences, their standard error and 95 % interval.
    pub diff: Estimate,
}

/// `B − A` of measure `m` over the games both studies played with the same
/// seed: one difference per seed.
#[cfg(test)]
pub fn paired(a: &Study, b: &Study, m: &Measure) -> (usize, Estimate) {
    let (fa, fb) = (m.of(a), m.of(b));
    let mut j = 0;
    let mut diffs = Vec::new();
    for x in &a.games {
        while j < b.games.len() && b.games[j].seed < x.seed {
            j += 1;
        }
        if let Some(y) = b.games.get(j).filter(|y| y.seed == x.seed) {
            diffs.push(fb(y) - fa(x));
        }
    }
    (diffs.len(), estimate(diffs))
}

/// The paired differences `B − A` of every measure of [`measures`], seats
/// named by `seat_names`, from every game: the reference the tests check
/// [`super::pairs::PairedSums`] against, which `compare` adds up as the
/// games finish (for its text, its JSON and its charts) without keeping them.
#[cfg(test)]
pub fn paired_differences(a: &Study, b: &Study, seat_names: &[String]) -> Vec<Paired> {
    measures(a, b)
        .into_iter()
        .map(|m| {
            let (games, diff) = paired(a, b, &m);
            Paired {
                name: m.name(seat_names),
                measure: m,
                games,
                diff,
            }
        })
        .collect()
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
        assert_eq!((e.mean, e.se, e.ci), (3.0, 0.0, 0.0));
        let few = estimate([1.0, 2.0, 3.0, 4.0]);
        let many = estimate((0..400).map(|i| f64::from(i % 4 + 1)));
        assert_eq!(few.mean, 2.5);
        assert!((many.mean - 2.5).abs() < 1e-12);
        assert!(many.ci < few.ci / 5.0, "{} vs {}", many.ci, few.ci);
        // sd of 1,2,3,4 (n - 1) is 1.29; the half-width is z * sd / sqrt(4).
        assert!((few.ci - Z95 * 1.290_994_448_7 / 2.0).abs() < 1e-6);
        assert_eq!(few.ci, Z95 * few.se);
        // One value: a mean without spread; none: zeros.
        assert_eq!(
            estimate([7.0]),
            Estimate {
                mean: 7.0,
                se: 0.0,
                ci: 0.0
            }
        );
        assert_eq!(
            estimate([]),
            Estimate {
                mean: 0.0,
                se: 0.0,
                ci: 0.0
            }
        );
    }

    #[test]
    fn the_mean_of_values_far_from_zero_keeps_its_spread() {
        // One pass (sum of squares minus n mean²) lost these to cancellation.
        let e = estimate([1e9 + 1.0, 1e9 + 3.0]);
        assert_eq!((e.mean, e.se), (1e9 + 2.0, 1.0));
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
        let names = ["Red".to_string(), "Blue".to_string()];
        let d = paired_differences(&a, &b, &names);
        let row = |n: &str| {
            d.iter()
                .find(|p| p.name == n)
                .unwrap_or_else(|| panic!("no {n} in {d:?}"))
        };
        assert_eq!(row("Red score").measure, Measure::Score(0));
        assert_eq!(row("Red score").games, 2);
        assert_eq!(
            row("Red score").diff,
            Estimate {
                mean: 2.0,
                se: 0.0,
                ci: 0.0
            }
        );
        assert_eq!(row("mean score per player").diff.mean, 1.0);
        assert_eq!(row("cities per player").diff.mean, 1.0);
        // Seed 3: a tie (half a win each) becomes Red's win.
        assert_eq!(row("Red win rate %").diff.mean, 25.0);
        assert_eq!(row("Blue win rate %").diff.mean, -25.0);
        assert_eq!(
            win_rates(&a)[1].0,
            0.5,
            "seat 1 wins once and ties once (half a win)"
        );
        let order: Vec<&str> = d.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            order,
            [
                "mean score per player",
                "Red score",
                "Blue score",
                "Red win rate %",
                "Blue win rate %",
                "cities per player",
                "tiles placed",
                "turns"
            ]
        );
    }

    #[test]
    fn paired_differences_on_a_hand_made_input_have_the_known_mean_se_and_interval() {
        // Red's score differences B − A over four seeds: -1, 3, 3, 3. Mean 2;
        // squared deviations 9 + 1 + 1 + 1 = 12, variance 12 / 3 = 4, standard
        // error sqrt(4 / 4) = 1; interval 2 ± 1.96.
        let a = study(vec![
            outcome(0, [10, 0]),
            outcome(1, [10, 0]),
            outcome(2, [10, 0]),
            outcome(3, [10, 0]),
        ]);
        let b = study(vec![
            outcome(0, [9, 0]),
            outcome(1, [13, 0]),
            outcome(2, [13, 0]),
            outcome(3, [13, 0]),
        ]);
        let (games, red) = paired(&a, &b, &Measure::Score(0));
        assert_eq!(games, 4);
        assert_eq!((red.mean, red.se, red.ci), (2.0, 1.0, Z95));
        assert_eq!(red.interval(), (2.0 - Z95, 2.0 + Z95));
        assert!(red.excludes_zero());
        // Per player (two players): half of it, and half the spread.
        let (_, per_player) = paired(&a, &b, &Measure::MeanScore);
        assert_eq!((per_player.mean, per_player.se), (1.0, 0.5));
        assert!(!paired(&a, &b, &Measure::Score(1)).1.excludes_zero());
        // Red wins every game under both: no difference, no spread.
        let (_, wins) = paired(&a, &b, &Measure::WinRate(0));
        assert_eq!((wins.mean, wins.se), (0.0, 0.0));
    }

    #[test]
    fn a_category_only_one_ruleset_has_counts_as_zero_in_the_other() {
        let a = study(vec![outcome(0, [4, 2]), outcome(1, [6, 2])]);
        let mut b = study(vec![outcome(0, [4, 2]), outcome(1, [6, 2])]);
        b.categories = vec!["cities".into(), "bazaar".into()];
        for (o, v) in b.games.iter_mut().zip([-4, -6]) {
            o.categories.push(v);
        }
        let d = paired_differences(&a, &b, &["Red".into(), "Blue".into()]);
        let bazaar = d.iter().find(|p| p.name == "bazaar per player").unwrap();
        assert_eq!(bazaar.measure, Measure::Category("bazaar".into()));
        // -2 and -3 points per player (two players) against none: mean -2.5.
        assert_eq!((bazaar.diff.mean, bazaar.diff.se), (-2.5, 0.5));
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

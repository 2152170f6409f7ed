//! The paired differences `B − A` of `compare`, added up game pair by game
//! pair as the games finish ([`PairedSums`]), so that a run of any length
//! keeps no game: the same numbers as the per-game method of the tests
//! (`stats::paired_differences`, from every game's [`Outcome`], which
//! `compare` keeps only for the charts of `--plot`).
//!
//! Every per-game difference is a multiple of `1 / (60 × players)` (a mean per
//! player, a share of a win among at most 6 tied seats, in %), so the sums are
//! kept exactly, in integers of that unit: however the games are split
//! between threads, the result is the same to the last bit.

use super::stats::{Estimate, Measure, Paired, Z95};
use super::Outcome;

/// Units of a point in the sums: a per-game difference times this is a whole
/// number (see the module's note).
const PER_POINT: i128 = 60;

/// Running sums of the paired differences `B − A` of every measure of
/// [`super::stats::measures`], one game pair at a time.
#[derive(Clone, Debug, PartialEq)]
pub struct PairedSums {
    players: usize,
    /// Score categories of A, then those of B not in A (by name).
    categories: Vec<String>,
    /// The categories of A and of B ([`crate::plot::categories`]).
    own: [Vec<String>; 2],
    /// Whether some game of A (of B) scored in each of its categories.
    used: [Vec<bool>; 2],
    /// Pairs added.
    games: u64,
    /// For each slot ([`PairedSums::slots`]): the sum of the differences and of
    /// their squares, in units of `1 / (60 × players)` point.
    sums: Vec<(i128, i128)>,
}

impl PairedSums {
    /// No pairs yet, of games of `players` players on rules with the score
    /// categories `a` (A) and `b` (B).
    pub fn new(players: usize, a: &[String], b: &[String]) -> PairedSums {
        let mut categories = a.to_vec();
        for c in b {
            if !categories.contains(c) {
                categories.push(c.clone());
            }
        }
        let slots = 1 + 2 * players + categories.len() + 2;
        PairedSums {
            players,
            categories,
            own: [a.to_vec(), b.to_vec()],
            used: [vec![false; a.len()], vec![false; b.len()]],
            games: 0,
            sums: vec![(0, 0); slots],
        }
    }

    /// The value of every slot in game `o` of ruleset `side` (0: A, 1: B), in
    /// units: the mean score per player, each seat's score, each seat's win
    /// share in %, each category's points per player, tiles, turns.
    fn values(&self, side: usize, o: &Outcome) -> Vec<i128> {
        let unit = PER_POINT * self.players as i128;
        let mut v = Vec::with_capacity(self.sums.len());
        let score = |p: usize| i128::from(o.scores.get(p).copied().unwrap_or(0));
        v.push(PER_POINT * (0..self.players).map(score).sum::<i128>());
        v.extend((0..self.players).map(|p| unit * score(p)));
        let best = o.scores.iter().max();
        let winners = o.scores.iter().filter(|&s| Some(s) == best).count().max(1) as i128;
        v.extend((0..self.players).map(|p| {
            if o.scores.get(p) == best {
                100 * unit / winners
            } else {
                0
            }
        }));
        for name in &self.categories {
            let points = self.own[side]
                .iter()
                .position(|c| c == name)
                .and_then(|c| o.categories.get(c))
                .copied()
                .unwrap_or(0);
            v.push(PER_POINT * i128::from(points));
        }
        v.push(unit * i128::from(o.tiles));
        v.push(unit * i128::from(o.turns));
        v
    }

    /// Adds the games of one seed: `a` under A, `b` under B.
    pub fn add(&mut self, a: &Outcome, b: &Outcome) {
        let (va, vb) = (self.values(0, a), self.values(1, b));
        for ((s, x), y) in self.sums.iter_mut().zip(va).zip(vb) {
            let d = y - x;
            s.0 += d;
            s.1 += d * d;
        }
        for (side, o) in [a, b].into_iter().enumerate() {
            for (u, &c) in self.used[side].iter_mut().zip(&o.categories) {
                *u |= c != 0;
            }
        }
        self.games += 1;
    }

    /// Adds the pairs of `o` (of the same rulesets and players).
    pub fn merge(&mut self, o: &PairedSums) {
        for (s, x) in self.sums.iter_mut().zip(&o.sums) {
            s.0 += x.0;
            s.1 += x.1;
        }
        for side in 0..2 {
            for (u, &x) in self.used[side].iter_mut().zip(&o.used[side]) {
                *u |= x;
            }
        }
        self.games += o.games;
    }

    /// The estimate of slot `i`: mean, standard error (sample standard
    /// deviation with `n - 1`, over `sqrt(n)`) and 95 % interval.
    fn estimate(&self, i: usize) -> Estimate {
        let (s, q) = self.sums[i];
        let n = i128::from(self.games);
        if n == 0 {
            return Estimate {
                mean: 0.0,
                se: 0.0,
                ci: 0.0,
            };
        }
        let unit = (PER_POINT * self.players as i128) as f64;
        let mean = s as f64 / n as f64 / unit;
        // n × (the sum of squared deviations from the mean), exactly when it
        // fits (it does for any run of less than some 10^12 games).
        let spread = n
            .checked_mul(q)
            .zip(s.checked_mul(s))
            .and_then(|(nq, ss)| nq.checked_sub(ss))
            .map_or_else(
                || n as f64 * q as f64 - (s as f64) * (s as f64),
                |x| x as f64,
            )
            .max(0.0);
        let var = if n > 1 {
            spread / (n as f64 * (n - 1) as f64) / (unit * unit)
        } else {
            0.0
        };
        let se = (var / n as f64).sqrt();
        Estimate {
            mean,
            se,
            ci: Z95 * se,
        }
    }

    /// The paired differences, one per measure (the mean score per player,
    /// each seat's score and win rate, the points per player of each category
    /// a game of A or B scored in, A's first, tiles placed, turns), seats
    /// named by `seat_names`.
    pub fn differences(&self, seat_names: &[String]) -> Vec<Paired> {
        let players = self.players;
        let mut out: Vec<(Measure, usize)> = vec![(Measure::MeanScore, 0)];
        out.extend((0..players).map(|p| (Measure::Score(p), 1 + p)));
        out.extend((0..players).map(|p| (Measure::WinRate(p), 1 + players + p)));
        // The categories some game scored in, A's first (as `measures` lists them).
        let mut cats: Vec<&String> = Vec::new();
        for side in 0..2 {
            for (name, &used) in self.own[side].iter().zip(&self.used[side]) {
                if used && !cats.contains(&name) {
                    cats.push(name);
                }
            }
        }
        for name in cats {
            if let Some(c) = self.categories.iter().position(|x| x == name) {
                out.push((Measure::Category(name.clone()), 1 + 2 * players + c));
            }
        }
        let end = 1 + 2 * players + self.categories.len();
        out.push((Measure::Tiles, end));
        out.push((Measure::Turns, end + 1));
        out.into_iter()
            .map(|(measure, slot)| Paired {
                name: measure.name(seat_names),
                measure,
                games: usize::try_from(self.games).unwrap_or(usize::MAX),
                diff: self.estimate(slot),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plot::stats::paired_differences;
    use crate::plot::Study;
    use carcassonne_core::{Game, Rng};

    /// `games` random games of `players` players on the shipped ruleset `file`.
    fn played(file: &str, players: u8, games: u64) -> (Game, Vec<Outcome>) {
        let rs = crate::env::shipped(file);
        let mut rng = Rng::new(11);
        let out = (0..games)
            .map(|seed| {
                let mut g = Game::new(rs.rules.clone(), players, seed).unwrap();
                while g.step_random(&mut rng).unwrap() {}
                Outcome::of(seed, &g)
            })
            .collect();
        (Game::new(rs.rules.clone(), players, 0).unwrap(), out)
    }

    fn close(x: f64, y: f64) -> bool {
        (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(1.0)
    }

    #[test]
    fn the_running_sums_give_the_numbers_of_the_per_game_method() {
        // Rulesets of different categories (a plugin's on one side only),
        // three players (ties share a win in thirds), pairs added in two parts.
        for (fa, fb, players) in [
            ("base.toml", "classic-farmers.toml", 3),
            ("base.toml", "inns-and-cathedrals.toml", 2),
        ] {
            let (sa, a) = played(fa, players, 40);
            let (sb, b) = played(fb, players, 40);
            let names: Vec<String> = crate::log::NAMES[..usize::from(players)]
                .iter()
                .map(ToString::to_string)
                .collect();
            let study_a = Study::new(fa, "random bots", &sa, a.clone());
            let study_b = Study::new(fb, "random bots", &sb, b.clone());
            let expected = paired_differences(&study_a, &study_b, &names);
            let new = || {
                PairedSums::new(
                    usize::from(players),
                    sa.score_categories(),
                    sb.score_categories(),
                )
            };
            let (mut first, mut second) = (new(), new());
            for (i, (x, y)) in a.iter().zip(&b).enumerate() {
                if i % 3 == 0 { &mut first } else { &mut second }.add(x, y);
            }
            first.merge(&second);
            let got = first.differences(&names);
            let shown = |d: &[Paired]| {
                d.iter()
                    .map(|p| (p.name.clone(), p.games))
                    .collect::<Vec<_>>()
            };
            assert_eq!(shown(&got), shown(&expected), "{fa} / {fb}");
            for (g, e) in got.iter().zip(&expected) {
                assert!(
                    close(g.diff.mean, e.diff.mean) && close(g.diff.se, e.diff.se),
                    "{}: {:?} against {:?}",
                    g.name,
                    g.diff,
                    e.diff
                );
            }
        }
    }

    #[test]
    fn hand_made_pairs_give_the_known_mean_and_standard_error() {
        // Red's differences -1, 3, 3, 3: mean 2, standard error 1 (see the
        // test of `paired` in `stats`).
        let o = |seed, red| Outcome {
            seed,
            scores: vec![red, 0],
            categories: vec![red],
            turns: 10,
            tiles: 11,
        };
        let cats = vec!["cities".to_string()];
        let mut s = PairedSums::new(2, &cats, &cats);
        for (seed, b) in [9, 13, 13, 13].into_iter().enumerate() {
            s.add(&o(seed as u64, 10), &o(seed as u64, b));
        }
        let d = s.differences(&["Red".into(), "Blue".into()]);
        let red = d.iter().find(|p| p.measure == Measure::Score(0)).unwrap();
        assert_eq!(
            (red.games, red.diff.mean, red.diff.se, red.diff.ci),
            (4, 2.0, 1.0, Z95)
        );
        let mean = d.iter().find(|p| p.measure == Measure::MeanScore).unwrap();
        assert_eq!((mean.diff.mean, mean.diff.se), (1.0, 0.5));
        assert!(PairedSums::new(2, &cats, &cats)
            .differences(&[])
            .iter()
            .all(|p| p.games == 0));
    }
}

//! Tournaments between bots: every pairing plays two-player games on paired
//! seeds with the seats swapped, and the standings give win rates with 95 %
//! confidence intervals, mean scores and Elo ratings with intervals.
//!
//! The schedule is data ([`schedule`]), each game is played by [`play`], and
//! [`Standings`] adds results up in any order, so the games can be spread over
//! threads, processes or machines (the Python package spreads them over Ray).

use crate::{play_out, seat_bots, BotSpec, PlayError, SearchStats};
use carcassonne_core::{Game, PlayerId, Rules};
use std::sync::Arc;

/// z of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_964;

/// One game of a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fixture {
    /// The two bots (indices into the bot list); `bots[0]` sits first unless `swapped`.
    pub bots: [usize; 2],
    /// The game's seed (both seat orders of a pairing use it).
    pub seed: u64,
    /// Whether `bots[1]` sits first.
    pub swapped: bool,
}

impl Fixture {
    /// The bot in each seat.
    pub fn seats(&self) -> [usize; 2] {
        if self.swapped {
            [self.bots[1], self.bots[0]]
        } else {
            self.bots
        }
    }
}

/// Every pairing of `bots` bots (`(0,1), (0,2), …, (1,2), …`), each playing
/// `pairs` seeds (`first_seed`, `first_seed + 1`, …) twice, seats swapped:
/// `2 × pairs` games per pairing. The schedule is computed game by game
/// ([`Schedule::get`], or iterated), never held in memory, so it may be of any
/// length.
pub fn schedule(bots: usize, pairs: u64, first_seed: u64) -> Schedule {
    Schedule {
        bots,
        pairs,
        first_seed,
    }
}

/// The games of a tournament, in order (see [`schedule`]): all the games of
/// the first pairing, then of the second, …; within a pairing, seed after
/// seed, each with the seats in order then swapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    bots: usize,
    pairs: u64,
    first_seed: u64,
}

impl Schedule {
    /// The number of pairings: every two bots.
    pub fn pairings(&self) -> u64 {
        let n = self.bots as u128;
        u64::try_from(n * n.saturating_sub(1) / 2).unwrap_or(u64::MAX)
    }

    /// The number of games in all, if it is at most `u64::MAX`.
    pub fn checked_len(&self) -> Option<u64> {
        self.pairings().checked_mul(self.pairs)?.checked_mul(2)
    }

    /// The number of games in all (`u64::MAX` for a longer schedule, of which
    /// only the first `u64::MAX` games are listed).
    pub fn len(&self) -> u64 {
        self.checked_len().unwrap_or(u64::MAX)
    }

    /// Whether the schedule has no game (fewer than two bots, or no pair).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Game `i` of the schedule; `None` past its end.
    pub fn get(&self, i: u64) -> Option<Fixture> {
        if i >= self.len() {
            return None;
        }
        // Games per pairing, at least 2 here (a pair of games per seed).
        let per = self.pairs.checked_mul(2);
        let (mut k, within) = match per {
            Some(per) => (i / per, i % per),
            // One pairing holds more games than a u64 counts: the first one.
            None => (0, i),
        };
        let mut a = 0;
        // The pairings of bot a come before bot a + 1's: (a, a+1), …, (a, n-1).
        while k >= (self.bots - 1 - a) as u64 {
            k -= (self.bots - 1 - a) as u64;
            a += 1;
        }
        Some(Fixture {
            bots: [a, a + 1 + k as usize],
            seed: self.first_seed.wrapping_add(within / 2),
            swapped: within % 2 == 1,
        })
    }

    /// The games, in order.
    pub fn iter(&self) -> Fixtures {
        Fixtures {
            schedule: *self,
            next: 0,
        }
    }
}

impl IntoIterator for Schedule {
    type Item = Fixture;
    type IntoIter = Fixtures;
    fn into_iter(self) -> Fixtures {
        self.iter()
    }
}

/// The games of a [`Schedule`], in order, computed one at a time.
#[derive(Clone, Debug)]
pub struct Fixtures {
    schedule: Schedule,
    next: u64,
}

impl Iterator for Fixtures {
    type Item = Fixture;
    fn next(&mut self) -> Option<Fixture> {
        let f = self.schedule.get(self.next)?;
        self.next += 1;
        Some(f)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.schedule.len() - self.next;
        match usize::try_from(left) {
            Ok(n) => (n, Some(n)),
            Err(_) => (usize::MAX, None),
        }
    }
}

/// What one game gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The game.
    pub fixture: Fixture,
    /// Final score of each seat.
    pub scores: [i32; 2],
    /// Search work of each seat's bot.
    pub search: [Option<SearchStats>; 2],
}

/// Plays one fixture on `rules` between `specs[fixture.seats()[0]]` and
/// `specs[fixture.seats()[1]]`.
pub fn play(rules: &Arc<Rules>, specs: &[BotSpec], fixture: Fixture) -> Result<Outcome, PlayError> {
    let seats = fixture.seats();
    let seat_specs = [specs[seats[0]].clone(), specs[seats[1]].clone()];
    let mut g = Game::new(rules.clone(), 2, fixture.seed)?;
    // The bots `play_game` gives these seats: a game of the tournament is
    // the game `simulate` plays with the same seed and bots in these seats.
    let mut bots = seat_bots(&seat_specs, fixture.seed);
    play_out(&mut g, &mut bots, &seat_specs)?;
    Ok(Outcome {
        fixture,
        scores: [g.score(PlayerId::ALL[0]), g.score(PlayerId::ALL[1])],
        search: [bots[0].search_stats(), bots[1].search_stats()],
    })
}

/// Results of one bot against one other.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Head {
    /// Games.
    pub games: u64,
    /// Wins (a tie counts half).
    pub points: f64,
    /// Sum of its scores.
    pub score: f64,
}

/// A running table of a tournament's results.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// The bots' names.
    pub names: Vec<String>,
    /// `heads[i][j]`: bot i against bot j.
    pub heads: Vec<Vec<Head>>,
    /// Search work per bot.
    pub search: Vec<Option<SearchStats>>,
}

/// One bot's line of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Name.
    pub name: String,
    /// Games played.
    pub games: u64,
    /// Wins, a tie counting half.
    pub points: f64,
    /// Win rate with its 95 % interval (Wilson).
    pub win_rate: Interval,
    /// Mean score.
    pub mean_score: f64,
    /// Elo rating (mean 0) with its 95 % interval.
    pub elo: Interval,
    /// Search work, for search bots.
    pub search: Option<SearchStats>,
}

/// An estimate with a 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The estimate.
    pub value: f64,
    /// Lower bound.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
}

impl Standings {
    /// An empty table for bots with these names.
    pub fn new(names: Vec<String>) -> Standings {
        let n = names.len();
        Standings {
            names,
            heads: vec![vec![Head::default(); n]; n],
            search: vec![None; n],
        }
    }

    /// Adds one game.
    pub fn add(&mut self, o: &Outcome) {
        let seats = o.fixture.seats();
        let [a, b] = o.scores;
        let point = if a > b {
            1.0
        } else if a == b {
            0.5
        } else {
            0.0
        };
        for (me, other, p, s) in [
            (seats[0], seats[1], point, a),
            (seats[1], seats[0], 1.0 - point, b),
        ] {
            let h = &mut self.heads[me][other];
            h.games += 1;
            h.points += p;
            h.score += f64::from(s);
        }
        for (seat, stats) in o.search.iter().enumerate() {
            if let Some(st) = stats {
                self.search[seats[seat]]
                    .get_or_insert_with(SearchStats::default)
                    .add(st);
            }
        }
    }

    /// Adds another table of the same bots (results computed elsewhere).
    pub fn merge(&mut self, o: &Standings) {
        for (i, row) in o.heads.iter().enumerate() {
            for (j, h) in row.iter().enumerate() {
                let m = &mut self.heads[i][j];
                m.games += h.games;
                m.points += h.points;
                m.score += h.score;
            }
        }
        for (i, s) in o.search.iter().enumerate() {
            if let Some(st) = s {
                self.search[i]
                    .get_or_insert_with(SearchStats::default)
                    .add(st);
            }
        }
    }

    /// Games played in all.
    pub fn games(&self) -> u64 {
        self.heads.iter().flatten().map(|h| h.games).sum::<u64>() / 2
    }

    /// The table, one line per bot, in the order the bots were given.
    pub fn lines(&self) -> Vec<Line> {
        let elo = self.elo();
        (0..self.names.len())
            .map(|i| {
                let (games, points, score) =
                    self.heads[i].iter().fold((0, 0.0, 0.0), |(g, p, s), h| {
                        (g + h.games, p + h.points, s + h.score)
                    });
                Line {
                    name: self.names[i].clone(),
                    games,
                    points,
                    win_rate: wilson(points, games),
                    mean_score: if games == 0 {
                        0.0
                    } else {
                        score / games as f64
                    },
                    elo: elo[i],
                    search: self.search[i],
                }
            })
            .collect()
    }

    /// Bot `i`'s win rate against bot `j`, with its 95 % interval.
    pub fn head_to_head(&self, i: usize, j: usize) -> Interval {
        let h = self.heads[i][j];
        wilson(h.points, h.games)
    }

    /// Elo ratings (mean 0) with 95 % intervals: the maximum-likelihood
    /// Bradley-Terry fit of all games, with one virtual draw per pairing played so
    /// that an unbeaten bot gets a finite rating; intervals from the observed
    /// information.
    pub fn elo(&self) -> Vec<Interval> {
        let n = self.names.len();
        // Games and points per pair, with the virtual draw.
        let games = |i: usize, j: usize| {
            let g = self.heads[i][j].games as f64;
            if g > 0.0 {
                g + 1.0
            } else {
                0.0
            }
        };
        let points = |i: usize, j: usize| {
            let h = self.heads[i][j];
            if h.games > 0 {
                h.points + 0.5
            } else {
                0.0
            }
        };
        // Minorization-maximization (Hunter 2004) on strengths gamma.
        let mut gamma = vec![1.0f64; n];
        for _ in 0..10_000 {
            let mut next = gamma.clone();
            let mut moved: f64 = 0.0;
            for i in 0..n {
                let w: f64 = (0..n).map(|j| points(i, j)).sum();
                let d: f64 = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| games(i, j) / (gamma[i] + gamma[j]))
                    .sum();
                if w > 0.0 && d > 0.0 {
                    next[i] = w / d;
                }
            }
            let mean_log = next.iter().map(|g| g.ln()).sum::<f64>() / n.max(1) as f64;
            for (g, old) in next.iter_mut().zip(&gamma) {
                *g = (g.ln() - mean_log).exp();
                moved = moved.max((g.ln() - old.ln()).abs());
            }
            gamma = next;
            if moved < 1e-10 {
                break;
            }
        }
        // Observed information of theta = ln gamma: a weighted graph Laplacian.
        let mut info = vec![vec![0.0f64; n]; n];
        for i in 0..n {
            for j in 0..n {
                if i != j {
                    let p = gamma[i] / (gamma[i] + gamma[j]);
                    let w = games(i, j) * p * (1.0 - p);
                    info[i][j] -= w;
                    info[i][i] += w;
                }
            }
        }
        // Covariance under the constraint sum theta = 0: (F + J/n)^-1 - J/n.
        let k = 1.0 / n.max(1) as f64;
        let shifted: Vec<Vec<f64>> = info
            .iter()
            .map(|row| row.iter().map(|x| x + k).collect())
            .collect();
        let cov = invert(shifted);
        let scale = 400.0 / std::f64::consts::LN_10;
        (0..n)
            .map(|i| {
                let value = scale * gamma[i].ln();
                let var = cov
                    .as_ref()
                    .map_or(f64::INFINITY, |c| (c[i][i] - k).max(0.0));
                let half = Z95 * scale * var.sqrt();
                Interval {
                    value,
                    low: value - half,
                    high: value + half,
                }
            })
            .collect()
    }
}

/// The Wilson score interval of `points` successes in `games` trials.
pub fn wilson(points: f64, games: u64) -> Interval {
    if games == 0 {
        return Interval {
            value: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let n = games as f64;
    let p = points / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Interval {
        value: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The inverse of a small square matrix (Gauss-Jordan with partial pivoting);
/// `None` if it is singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for c in 0..n {
        let p = (c..n).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[p][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, p);
        inv.swap(c, p);
        let d = a[c][c];
        for j in 0..n {
            a[c][j] /= d;
            inv[c][j] /= d;
        }
        for r in 0..n {
            if r != c {
                let f = a[r][c];
                if f != 0.0 {
                    for j in 0..n {
                        a[r][j] -= f * a[c][j];
                        inv[r][j] -= f * inv[c][j];
                    }
                }
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(bots: [usize; 2], swapped: bool, scores: [i32; 2]) -> Outcome {
        Outcome {
            fixture: Fixture {
                bots,
                seed: 0,
                swapped,
            },
            scores,
            search: [None, None],
        }
    }

    /// The schedule as it was built before it was computed game by game.
    fn listed(bots: usize, pairs: u64, first_seed: u64) -> Vec<Fixture> {
        let mut out = Vec::new();
        for a in 0..bots {
            for b in a + 1..bots {
                for i in 0..pairs {
                    for swapped in [false, true] {
                        out.push(Fixture {
                            bots: [a, b],
                            seed: first_seed.wrapping_add(i),
                            swapped,
                        });
                    }
                }
            }
        }
        out
    }

    #[test]
    fn the_schedule_pairs_every_two_bots_on_paired_seeds_with_seats_swapped() {
        let s: Vec<Fixture> = schedule(3, 2, 10).into_iter().collect();
        assert_eq!(schedule(3, 2, 10).len(), 3 * 2 * 2);
        assert_eq!(s.len(), 3 * 2 * 2);
        assert_eq!(s[0].seats(), [0, 1]);
        assert_eq!(s[1].seats(), [1, 0]);
        assert_eq!((s[0].seed, s[1].seed, s[2].seed), (10, 10, 11));
        let pairs: Vec<[usize; 2]> = s.iter().step_by(4).map(|f| f.bots).collect();
        assert_eq!(pairs, [[0, 1], [0, 2], [1, 2]]);
    }

    #[test]
    fn the_schedule_is_computed_game_by_game_whatever_its_length() {
        for bots in 0..6 {
            for pairs in 0..4 {
                let s = schedule(bots, pairs, u64::MAX - 1);
                let all: Vec<Fixture> = s.iter().collect();
                assert_eq!(
                    all,
                    listed(bots, pairs, u64::MAX - 1),
                    "{bots} bots, {pairs} pairs"
                );
                assert_eq!(s.len(), all.len() as u64);
                assert_eq!(s.get(s.len()), None);
            }
        }
        // The audit's `--games 18446744073709551614`: nothing is listed up front.
        let huge = schedule(2, u64::MAX / 2, 0);
        assert_eq!(huge.len(), u64::MAX - 1);
        assert_eq!(
            huge.get(u64::MAX - 2),
            Some(Fixture {
                bots: [0, 1],
                seed: u64::MAX / 2 - 1,
                swapped: true
            })
        );
        assert_eq!(huge.iter().take(3).count(), 3);
        // More games than a u64 counts: told, and the first ones still listed.
        let more = schedule(3, u64::MAX / 2, 0);
        assert_eq!(more.checked_len(), None);
        assert_eq!(more.get(1).map(|f| f.swapped), Some(true));
        let last = schedule(40, 3, 0);
        assert_eq!(last.get(last.len() - 1).map(|f| f.bots), Some([38, 39]));
    }

    #[test]
    fn standings_count_wins_by_bot_whatever_the_seat() {
        let mut t = Standings::new(vec!["a".into(), "b".into()]);
        t.add(&outcome([0, 1], false, [80, 60])); // a wins in seat 0
        t.add(&outcome([0, 1], true, [70, 75])); // a (seat 1) wins
        t.add(&outcome([0, 1], false, [50, 50])); // tie
        let lines = t.lines();
        assert_eq!(t.games(), 3);
        assert_eq!((lines[0].games, lines[0].points), (3, 2.5));
        assert_eq!(lines[1].points, 0.5);
        assert!((lines[0].mean_score - (80.0 + 75.0 + 50.0) / 3.0).abs() < 1e-9);
        assert_eq!(t.head_to_head(0, 1).value, 2.5 / 3.0);
        let mut twice = t.clone();
        twice.merge(&t);
        assert_eq!(twice.games(), 6);
    }

    #[test]
    fn elo_matches_the_win_rate_of_two_bots_and_is_finite_for_an_unbeaten_one() {
        let mut t = Standings::new(vec!["a".into(), "b".into()]);
        // 75 % of 400 games (plus the virtual draw): 3 : 1 odds, about 191 Elo apart.
        for i in 0..400 {
            t.add(&outcome(
                [0, 1],
                i % 2 == 1,
                if i % 4 == 3 { [10, 20] } else { [20, 10] },
            ));
        }
        let p = t.heads[0][1].points;
        assert_eq!(p, 200.0 + 100.0);
        let e = t.elo();
        let expected = 400.0 * ((300.5f64) / (100.5)).log10();
        assert!((e[0].value - e[1].value - expected).abs() < 1e-6, "{e:?}");
        assert!((e[0].value + e[1].value).abs() < 1e-9);
        let half = e[0].high - e[0].value;
        // The interval of a difference of 75 % over 400 games: about ±38 Elo
        // for the difference, so ±19 each around the mean.
        assert!(half > 12.0 && half < 30.0, "{e:?}");
        let mut unbeaten = Standings::new(vec!["a".into(), "b".into()]);
        for _ in 0..10 {
            unbeaten.add(&outcome([0, 1], false, [9, 1]));
        }
        let e = unbeaten.elo();
        assert!(e[0].value.is_finite() && e[0].value > 200.0, "{e:?}");
        assert!(e[0].low.is_finite());
    }

    #[test]
    fn wilson_intervals_hold_the_rate_and_stay_in_range() {
        let w = wilson(50.0, 100);
        assert!(
            (w.low - 0.404).abs() < 0.002 && (w.high - 0.596).abs() < 0.002,
            "{w:?}"
        );
        let all = wilson(20.0, 20);
        assert_eq!(all.high, 1.0);
        assert!(all.low > 0.8 && all.low < 0.85, "{all:?}");
    }
}

//! Score statistics of a batch of games (`simulate`, `compare`), counted in
//! integers: however the games are split between threads and in whatever order
//! the threads finish, the totals, and so the printed statistics, are the same
//! to the last bit (a shared win counts as a fraction, in sixtieths).

use crate::plot::Outcome;
use carcassonne_core::{Game, MAX_PLAYERS};

/// A win is worth this many units; a win shared by `k` players (`k <= 6`) gives
/// each of them `WIN / k`, exactly.
const WIN: u64 = 60;
const _: () = assert!(
    MAX_PLAYERS <= 6,
    "WIN must be a multiple of 1..=MAX_PLAYERS"
);

/// Statistics of a batch of games.
#[derive(Default, Clone, Debug)]
pub struct Stats {
    /// Games played to the end.
    pub games: u64,
    /// Games asked for (more than `games` if the run was interrupted).
    pub requested: u64,
    /// Players per game.
    pub players: usize,
    sum: Vec<i64>,
    sumsq: Vec<i128>,
    wins: Vec<u64>,
    /// Score category names (the rules' `score_categories`: the base ones, then
    /// one per plugin).
    categories: Vec<String>,
    /// Points by seat and category: `by_category[seat * categories + category]`.
    by_category: Vec<i64>,
    tiles: u64,
    turns: u64,
    granted: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Threads used.
    pub threads: usize,
    /// Each game's outcome, in seed order, when the run keeps them (for charts).
    pub outcomes: Vec<Outcome>,
}

impl Stats {
    /// No games yet, of `players` players, on rules with score categories
    /// `categories` ([`Game::score_categories`]).
    pub fn new(players: usize, categories: &[String]) -> Stats {
        Stats {
            players,
            sum: vec![0; players],
            sumsq: vec![0; players],
            wins: vec![0; players],
            categories: categories.to_vec(),
            by_category: vec![0; players * categories.len()],
            ..Stats::default()
        }
    }

    /// Adds finished game `g` (of seed `seed`; its outcome is kept if `keep`).
    pub fn add_game(&mut self, g: &Game, seed: u64, keep: bool) {
        if keep {
            self.outcomes.push(Outcome::of(seed, g));
        }
        let sc = g.scores();
        let best = *sc.iter().max().unwrap_or(&0);
        let winners = sc.iter().filter(|&&x| x == best).count() as u64;
        let cats = self.categories.len();
        for (p, &x) in sc.iter().enumerate() {
            self.sum[p] += i64::from(x);
            self.sumsq[p] += i128::from(x) * i128::from(x);
            if x == best {
                self.wins[p] += WIN / winners;
            }
            let seat = &mut self.by_category[p * cats..(p + 1) * cats];
            let Some(p) = carcassonne_core::PlayerId::from_index(p) else {
                continue;
            };
            for (c, v) in seat.iter_mut().zip(g.score_breakdown(p)) {
                *c += i64::from(*v);
            }
        }
        self.games += 1;
        self.tiles += g.placed_count() as u64;
        self.turns += u64::from(g.turn());
        self.granted += u64::from(g.granted_turns_played());
    }

    /// Adds the games of `o`.
    pub fn merge(&mut self, o: &Stats) {
        self.outcomes.extend_from_slice(&o.outcomes);
        self.outcomes.sort_by_key(|x| x.seed);
        self.games += o.games;
        self.tiles += o.tiles;
        self.turns += o.turns;
        self.granted += o.granted;
        for p in 0..self.players {
            self.sum[p] += o.sum[p];
            self.sumsq[p] += o.sumsq[p];
            self.wins[p] += o.wins[p];
        }
        for (c, v) in self.by_category.iter_mut().zip(&o.by_category) {
            *c += v;
        }
    }

    /// Whether fewer games were played than asked for (Ctrl-C).
    pub fn partial(&self) -> bool {
        self.games < self.requested
    }

    fn per_game(&self, total: f64) -> f64 {
        total / self.games as f64
    }

    /// Mean score per seat.
    pub fn mean(&self) -> Vec<f64> {
        self.sum.iter().map(|&s| self.per_game(s as f64)).collect()
    }

    /// Standard deviation of the score per seat (population).
    pub fn stddev(&self) -> Vec<f64> {
        let n = i128::from(self.games);
        (0..self.players)
            .map(|p| {
                let s = i128::from(self.sum[p]);
                let var = (n * self.sumsq[p] - s * s) as f64 / (n * n) as f64;
                var.max(0.0).sqrt()
            })
            .collect()
    }

    /// Win rate per seat (a shared win counts as a fraction).
    pub fn win_rate(&self) -> Vec<f64> {
        self.wins
            .iter()
            .map(|&w| self.per_game(w as f64 / WIN as f64))
            .collect()
    }

    /// Mean points per player and game, by score category (the base rules'
    /// categories, then one per plugin, named by its id).
    pub fn per_category(&self) -> Vec<(String, f64)> {
        self.per_category_and_seat()
            .into_iter()
            .map(|(name, seats)| {
                let all = seats.iter().sum::<f64>() / self.players as f64;
                (name, all)
            })
            .collect()
    }

    /// Mean points per game of each seat, by score category (as
    /// [`Stats::per_category`]): `(category, [seat 0, seat 1, ...])`.
    pub fn per_category_and_seat(&self) -> Vec<(String, Vec<f64>)> {
        let cats = self.categories.len();
        self.categories
            .iter()
            .enumerate()
            .map(|(c, name)| {
                let seats = (0..self.players)
                    .map(|p| self.per_game(self.by_category[p * cats + c] as f64))
                    .collect();
                (name.clone(), seats)
            })
            .collect()
    }

    /// Mean points per game of each seat from category `name` (zeros if these
    /// rules have no such category).
    pub fn seat_points(&self, name: &str) -> Vec<f64> {
        self.per_category_and_seat()
            .into_iter()
            .find(|(k, _)| k == name)
            .map_or_else(|| vec![0.0; self.players], |(_, v)| v)
    }

    /// The zero-sum categories: those whose points only moved between players
    /// (transfers: a ransom, a bid), so that they sum to 0 over the seats but
    /// not for every seat; each with its mean points per game by seat.
    pub fn zero_sum(&self) -> Vec<(String, Vec<f64>)> {
        let cats = self.categories.len();
        let seats = |c: usize| (0..self.players).map(move |p| self.by_category[p * cats + c]);
        self.categories
            .iter()
            .enumerate()
            .filter(|&(c, _)| seats(c).sum::<i64>() == 0 && seats(c).any(|x| x != 0))
            .map(|(c, name)| {
                let means = seats(c).map(|x| self.per_game(x as f64)).collect();
                (name.clone(), means)
            })
            .collect()
    }

    /// Mean tiles placed per game.
    pub fn mean_tiles(&self) -> f64 {
        self.per_game(self.tiles as f64)
    }

    /// Mean turns per game.
    pub fn mean_turns(&self) -> f64 {
        self.per_game(self.turns as f64)
    }

    /// Mean turns per game that a plugin granted (a builder's second tile, ...),
    /// counted in [`Stats::mean_turns`] too.
    pub fn mean_granted_turns(&self) -> f64 {
        self.per_game(self.granted as f64)
    }

    /// As JSON; `bots` names each seat's bot. Everything in it depends only on
    /// the games played, so it is the same for any number of threads; with
    /// `timing`, the wall-clock time and speed are added.
    pub fn to_json(
        &self,
        ruleset: &str,
        first_seed: u64,
        bots: &[String],
        timing: bool,
    ) -> serde_json::Value {
        let cats: serde_json::Map<String, serde_json::Value> = self
            .per_category()
            .into_iter()
            .map(|(k, v)| (k, v.into()))
            .collect();
        let by_seat: serde_json::Map<String, serde_json::Value> = self
            .per_category_and_seat()
            .into_iter()
            .map(|(k, v)| (k, v.into()))
            .collect();
        let zero_sum: serde_json::Map<String, serde_json::Value> = self
            .zero_sum()
            .into_iter()
            .map(|(k, v)| (k, v.into()))
            .collect();
        let mut v = serde_json::json!({
            "ruleset": ruleset,
            "players": self.players,
            "games": self.games,
            "games_requested": self.requested,
            "partial": self.partial(),
            "first_seed": first_seed,
            "bots": bots,
            "mean_score": self.mean(),
            "stddev_score": self.stddev(),
            "win_rate": self.win_rate(),
            "mean_points_by_category": cats,
            "mean_points_by_category_and_seat": by_seat,
            "mean_tiles_placed": self.mean_tiles(),
            "mean_turns": self.mean_turns(),
            "mean_granted_turns": self.mean_granted_turns(),
        });
        if !zero_sum.is_empty() {
            v["zero_sum_points_by_seat"] = zero_sum.into();
        }
        if timing {
            v["seconds"] = self.seconds.into();
            v["games_per_second"] = (self.games as f64 / self.seconds).into();
            v["threads"] = self.threads.into();
        }
        v
    }
}

/// The score-category rows of a comparison, `(category, A, B)`: the categories
/// of either ruleset (a plugin enabled in one only scores 0 in the other), A's
/// first, without those where neither ruleset scored a point; and the names of
/// those left out. With `b` empty, the categories `a` scored and those it did not
/// (`simulate`'s summary).
pub fn category_rows(
    a: &[(String, f64)],
    b: &[(String, f64)],
) -> (Vec<(String, f64, f64)>, Vec<String>) {
    let mut names: Vec<&String> = a.iter().map(|(k, _)| k).collect();
    names.extend(
        b.iter()
            .map(|(k, _)| k)
            .filter(|k| !a.iter().any(|(j, _)| j == *k)),
    );
    let of = |c: &[(String, f64)], k: &str| c.iter().find(|(j, _)| j == k).map_or(0.0, |x| x.1);
    let (rows, empty): (Vec<_>, Vec<_>) = names
        .into_iter()
        .map(|k| (k.clone(), of(a, k), of(b, k)))
        .partition(|&(_, x, y)| x != 0.0 || y != 0.0);
    (rows, empty.into_iter().map(|(k, _, _)| k).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_core::Rng;

    #[test]
    fn any_split_of_the_games_gives_identical_statistics() {
        let rules = carcassonne_host::load_str(
            "name = \"b\"\ntilesets = [\"base\"]\n",
            "b.toml",
            None,
            &carcassonne_host::Registry::empty(),
        )
        .unwrap()
        .rules;
        let games: Vec<Game> = (0..40)
            .map(|seed| {
                let mut g = Game::new(rules.clone(), 5, seed).unwrap();
                let mut rng = Rng::new(seed);
                while g.step_random(&mut rng).unwrap() {}
                g
            })
            .collect();
        let cats = games[0].score_categories();
        let mut one = Stats::new(5, cats);
        for (i, g) in games.iter().enumerate() {
            one.add_game(g, i as u64, true);
        }
        // Three "threads" with uneven shares, merged in another order.
        let mut parts = [
            Stats::new(5, cats),
            Stats::new(5, cats),
            Stats::new(5, cats),
        ];
        for (i, g) in games.iter().enumerate().rev() {
            parts[(i * 7) % 3].add_game(g, i as u64, true);
        }
        let mut merged = Stats::new(5, cats);
        for p in parts.iter().rev() {
            merged.merge(p);
        }
        let json = |s: &Stats| s.to_json("b", 0, &[], false).to_string();
        assert_eq!(json(&merged), json(&one));
        assert_eq!(merged.outcomes, one.outcomes);
        let wins: f64 = one.win_rate().iter().sum();
        assert!(wins >= 1.0 - 1e-12, "someone wins every game: {wins}");
    }

    #[test]
    fn points_that_only_moved_between_players_are_shown_by_seat() {
        use carcassonne_test_plugins as _; // the kit's plugins, compiled in
        let reg = carcassonne_host::loader::builtin_registry().unwrap();
        let text = "name = \"j\"\ntilesets = [\"base\"]\n[plugins.kit-jail]\n";
        let rules = carcassonne_host::load_str(text, "j.toml", None, &reg)
            .unwrap()
            .rules;
        // Blue takes Red's road follower prisoner; Red scores a city (4) and
        // pays a ransom of 3 to Blue.
        let g = carcassonne_core::scenario::run(
            &rules,
            2,
            "draw BA/RFr; place 1 0 0; deploy follower road
             draw BA/RFr; place 2 0 0; pass; kit-jail follower of 0 at 1 0 0
             draw BA/C; place 0 -1 2; deploy follower city
             draw BA/RFr; place -1 0 0; pass
             kit-jail follower of 0 held by 1",
        )
        .unwrap();
        assert_eq!(g.scores(), [1, 3]);
        let mut s = Stats::new(2, g.score_categories());
        s.add_game(&g, 1, false);
        s.add_game(&g, 2, false);
        assert_eq!(s.zero_sum(), [("kit-jail".to_string(), vec![-3.0, 3.0])]);
        let of = |k: &str| {
            s.per_category()
                .into_iter()
                .find(|(j, _)| j == k)
                .unwrap()
                .1
        };
        assert_eq!((of("kit-jail"), of("cities")), (0.0, 2.0));
        let json = s.to_json("j", 0, &[], false);
        assert_eq!(
            json["zero_sum_points_by_seat"],
            serde_json::json!({ "kit-jail": [-3.0, 3.0] })
        );
        // A game without transfers has no zero-sum category and no JSON key.
        let mut plain = Stats::new(2, g.score_categories());
        plain.add_game(&Game::new(rules.clone(), 2, 0).unwrap(), 0, false);
        assert!(plain.zero_sum().is_empty());
        assert!(plain
            .to_json("j", 0, &[], false)
            .get("zero_sum_points_by_seat")
            .is_none());
    }

    fn cats(v: &[(&str, f64)]) -> Vec<(String, f64)> {
        v.iter().map(|&(k, x)| (k.to_string(), x)).collect()
    }

    #[test]
    fn categories_where_neither_ruleset_scored_are_left_out_and_named() {
        let a = cats(&[
            ("roads", 4.5),
            ("dragon", 0.0),
            ("hills", 0.0),
            ("fairy", 0.0),
        ]);
        let b = cats(&[
            ("roads", 5.0),
            ("dragon", 0.0),
            ("fairy", 2.0),
            ("abbot", 3.0),
        ]);
        let (rows, empty) = category_rows(&a, &b);
        assert_eq!(
            rows,
            [
                ("roads".to_string(), 4.5, 5.0),
                ("fairy".to_string(), 0.0, 2.0),
                ("abbot".to_string(), 0.0, 3.0),
            ]
        );
        assert_eq!(empty, ["dragon", "hills"]);
        // Nothing scored anywhere: no rows, every category named.
        let (rows, empty) = category_rows(&cats(&[("roads", 0.0)]), &cats(&[]));
        assert!(rows.is_empty());
        assert_eq!(empty, ["roads"]);
    }
}

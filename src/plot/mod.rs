//! Charts of what a ruleset (or a house rule) does to games: `simulate --plot`
//! and `compare --plot`. Fed by the games `simulate` collects ([`Outcome`]);
//! statistics here ([`stats`]), drawing in [`charts`] (plotters, SVG).

pub mod charts;
pub mod stats;

use carcassonne_core::Game;

/// What a chart needs to know of one finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The game's seed (pairs the games of two rulesets in `compare`).
    pub seed: u64,
    /// Final score per seat.
    pub scores: Vec<i32>,
    /// Points by score category, summed over the seats (see [`categories`]).
    pub categories: Vec<i32>,
    /// Turns played.
    pub turns: u32,
    /// Tiles placed.
    pub tiles: u32,
}

impl Outcome {
    /// The outcome of finished game `g`.
    pub fn of(seed: u64, g: &Game) -> Outcome {
        let n = categories(g).len();
        let mut cats = vec![0i32; n];
        for p in carcassonne_core::PlayerId::all(g.players()) {
            for (c, v) in cats.iter_mut().zip(g.score_breakdown(p).iter()) {
                *c += v;
            }
        }
        Outcome {
            seed,
            scores: g.scores().to_vec(),
            categories: cats,
            turns: u32::from(g.turn()),
            tiles: g.placed_count() as u32,
        }
    }

    /// Whether seat `p` won (ties count for every tied player).
    pub fn won(&self, p: usize) -> bool {
        self.scores.iter().max() == self.scores.get(p)
    }
}

/// The names of the score categories of `g`'s rules, in breakdown order: the
/// base categories (roads, cities, cloisters, farmers), then one per plugin,
/// named by the plugin's id (see [`Game::score_categories`]).
pub fn categories(g: &Game) -> Vec<String> {
    g.score_categories().to_vec()
}

/// A batch of games on one ruleset, as charts show it.
#[derive(Clone, Debug)]
pub struct Study {
    /// The ruleset's name.
    pub ruleset: String,
    /// Who played ("random bots", "greedy vs random").
    pub bots: String,
    /// Players per game.
    pub players: usize,
    /// Score category names (see [`categories`]).
    pub categories: Vec<String>,
    /// The games, by seed.
    pub games: Vec<Outcome>,
}

impl Study {
    /// A study of `games` (sorted here by seed) on rules like `sample`'s.
    pub fn new(ruleset: &str, bots: &str, sample: &Game, mut games: Vec<Outcome>) -> Study {
        games.sort_by_key(|o| o.seed);
        Study {
            ruleset: ruleset.to_string(),
            bots: bots.to_string(),
            players: usize::from(sample.players()),
            categories: categories(sample),
            games,
        }
    }

    /// Categories in which some game scored points (a category nobody can score
    /// under these rules is left out of charts).
    pub fn used_categories(&self) -> Vec<usize> {
        (0..self.categories.len())
            .filter(|&c| {
                self.games
                    .iter()
                    .any(|o| o.categories.get(c).is_some_and(|&v| v != 0))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_core::Rng;

    #[test]
    fn an_outcome_books_every_point_in_some_category_and_names_plugins_by_id() {
        let reg = crate::env::registry(&[]).unwrap();
        let text = carcassonne_host::shipped::SHIPPED
            .iter()
            .find(|(f, _)| f.contains("abbot"))
            .unwrap()
            .1;
        let rs = carcassonne_host::load_str(text, "abbot", None, &reg).unwrap();
        let mut g = Game::new(rs.rules.clone(), 3, 9).unwrap();
        let mut rng = Rng::new(1);
        while g.step_random(&mut rng).unwrap() {}
        let o = Outcome::of(9, &g);
        assert_eq!(
            o.categories.iter().sum::<i32>(),
            o.scores.iter().sum::<i32>()
        );
        assert_eq!(o.tiles as usize, g.placed_count());
        let names = categories(&g);
        assert_eq!(names.len(), o.categories.len());
        assert_eq!(names[..4], ["roads", "cities", "cloisters", "farmers"]);
        // The abbot's gardens score points of their own, under the plugin's id.
        let abbot = names.iter().position(|n| n == "abbot").unwrap();
        assert!(o.categories[abbot] > 0, "{names:?} {o:?}");
    }
}

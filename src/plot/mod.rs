//! Charts of what a ruleset (or a house rule) does to games: `simulate --plot`
//! and `compare --plot`. Fed by the games `simulate` collects ([`Outcome`]);
//! statistics here ([`stats`]: means, intervals and the paired differences
//! `compare` prints and draws), drawing in [`charts`] (plotters, SVG) with the
//! axis ticks of [`axis`], written as SVG or PNG by the file's name
//! ([`check_path`], [`save`]).

pub mod axis;
pub mod charts;
pub mod pairs;
pub mod stats;

use anyhow::{anyhow, bail, Result};
use carcassonne_core::Game;
use std::path::Path;

/// The picture formats `--plot` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `.svg`.
    Svg,
    /// `.png`, drawn from the SVG as `render` does.
    Png,
}

/// The format of `--plot PATH`, by its extension; anything but `.svg` and
/// `.png` is refused (before any game is played).
pub fn check_path(path: &Path) -> Result<Format> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        _ => bail!(
            "--plot {}: the charts are written as .svg or .png; name the file so",
            path.display()
        ),
    }
}

/// [`check_path`], and whether the charts could be written there: the
/// folder exists and `path` is no folder. Asked before any game is played,
/// so that a long run is not spent on a path that cannot take its charts
/// (the commands also print their statistics before writing the charts).
pub fn check_target(path: &Path) -> Result<Format> {
    let format = check_path(path)?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        bail!(
            "cannot draw {}: no folder {}",
            path.display(),
            dir.display()
        );
    }
    if path.is_dir() {
        bail!("cannot draw {}: it is a folder", path.display());
    }
    Ok(format)
}

/// Writes the charts `svg` to `path`, as its extension says.
pub fn save(path: &Path, svg: &str) -> Result<()> {
    let bytes = match check_path(path)? {
        Format::Svg => svg.as_bytes().to_vec(),
        Format::Png => carcassonne_render::to_png(svg)
            .map_err(|e| anyhow!("cannot draw {}: {e}", path.display()))?,
    };
    std::fs::write(path, bytes).map_err(|e| anyhow!("cannot draw {}: {e}", path.display()))
}

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

    /// The part of the win seat `p` had: 1 alone, `1/k` tied with `k - 1`
    /// others, 0 otherwise.
    pub fn win_share(&self, p: usize) -> f64 {
        let best = self.scores.iter().max();
        if best != self.scores.get(p) {
            return 0.0;
        }
        1.0 / self.scores.iter().filter(|&s| Some(s) == best).count() as f64
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
    fn the_charts_count_a_tie_as_the_table_does() {
        let rs = crate::env::shipped("base.toml");
        let sample = Game::new(rs.rules.clone(), 3, 0).unwrap();
        let mut table = crate::stats::Stats::new(3, sample.score_categories());
        let mut ties = 0;
        let mut rng = Rng::new(7);
        for seed in 0..400u64 {
            let mut g = Game::new(rs.rules.clone(), 3, seed).unwrap();
            while g.step_random(&mut rng).unwrap() {}
            let best = g.scores().iter().max().copied();
            ties += usize::from(g.scores().iter().filter(|&&s| Some(s) == best).count() > 1);
            table.add_game(&g, seed, true);
        }
        assert!(ties > 0, "some games end in a tie");
        let study = Study::new("base", "random bots", &sample, table.outcomes.clone());
        let chart = stats::win_rates(&study);
        for (p, t) in table.win_rate().iter().enumerate() {
            assert!(
                (chart[p].0 - t).abs() < 1e-12,
                "seat {p}: chart {chart:?}, table {t}"
            );
        }
        assert!((chart.iter().map(|c| c.0).sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn an_outcome_books_every_point_in_some_category_and_names_plugins_by_id() {
        let rs = crate::env::shipped("abbot");
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

//! Per-player observations: what one player can see of the game.
//!
//! Everything is public except the identity of tiles taken face down (for example
//! under a hill): an observation lists them among the *unseen* tiles together
//! with the bag, so a player knows how many tiles are out but not which.

use crate::game::{Actor, Game};
use crate::types::*;
use serde::Serialize;
use std::collections::BTreeMap;

/// A placed tile as seen by players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenTile {
    /// Position.
    pub pos: Pos,
    /// Tile id.
    pub tile: String,
    /// Rotation.
    pub rot: Rotation,
}

/// A deployed figure as seen by players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeenFigure {
    /// Owner.
    pub owner: PlayerId,
    /// Figure kind name.
    pub kind: String,
    /// Tile position.
    pub pos: Pos,
    /// Local feature index on that tile.
    pub feature: u8,
    /// Kind of that feature.
    pub feature_kind: FeatureKind,
}

/// What one player can see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// The observing player.
    pub player: PlayerId,
    /// Number of players.
    pub players: u8,
    /// Turn number.
    pub turn: u16,
    /// Whose turn it is.
    pub current: PlayerId,
    /// Who acts now: `player N`, `chance` or `game over`.
    pub actor: String,
    /// Scores.
    pub scores: Vec<i32>,
    /// The drawn tile (every player sees it).
    pub drawn: Option<String>,
    /// Tiles on the board, in placement order.
    pub board: Vec<SeenTile>,
    /// Deployed figures.
    pub figures: Vec<SeenFigure>,
    /// Supply per player, per figure kind name.
    pub supply: Vec<BTreeMap<String, u8>>,
    /// Tiles not seen yet (bag plus face-down tiles), by id.
    pub unseen: BTreeMap<String, u16>,
    /// Tiles left to draw.
    pub bag_count: usize,
    /// Tiles out of the game face down (identity hidden).
    pub hidden_count: usize,
    /// Tiles set aside because they fit nowhere (seen by all).
    pub set_aside: Vec<String>,
    /// Public plugin state words by plugin id.
    pub plugins: BTreeMap<String, Vec<u32>>,
}

impl Game {
    /// What `player` can see.
    pub fn observation(&self, player: PlayerId) -> Observation {
        let rules = self.rules();
        let id = |t: TileTypeId| rules.tiles.get(t).id.clone();
        let mut unseen = BTreeMap::new();
        for &t in self.bag().iter().chain(self.hidden_tiles()) {
            *unseen.entry(id(t)).or_insert(0) += 1;
        }
        let figures = (0..self.figure_count() as FigureId)
            .filter_map(|g| {
                let f = self.figure_feature(g)?;
                let t = self.feature_tile(f);
                Some(SeenFigure {
                    owner: self.figure_owner(g),
                    kind: rules.figures[self.figure_kind(g) as usize].name.clone(),
                    pos: self.tiles()[t as usize].pos,
                    feature: self.feature_local(f),
                    feature_kind: self.feature_kind(f),
                })
            })
            .collect();
        Observation {
            player,
            players: self.players(),
            turn: self.turn(),
            current: self.current_player(),
            actor: match self.actor() {
                Actor::Player(p) => format!("player {p}"),
                Actor::Chance => "chance".into(),
                Actor::GameOver => "game over".into(),
            },
            scores: self.scores().to_vec(),
            drawn: self.drawn_tile().map(id),
            board: self
                .tiles()
                .iter()
                .map(|t| SeenTile {
                    pos: t.pos,
                    tile: id(t.ty),
                    rot: t.rot,
                })
                .collect(),
            figures,
            supply: (0..self.players())
                .map(|p| {
                    rules
                        .figures
                        .iter()
                        .enumerate()
                        .map(|(k, f)| (f.name.clone(), self.supply(p, k as FigureKindId)))
                        .collect()
                })
                .collect(),
            unseen,
            bag_count: self.bag_len(),
            hidden_count: self.hidden_tiles().len(),
            set_aside: self.set_aside_tiles().iter().map(|&t| id(t)).collect(),
            plugins: rules
                .plugins
                .iter()
                .enumerate()
                .map(|(i, p)| (p.decl.id.clone(), self.plugin_state(i as u8).to_vec()))
                .collect(),
        }
    }
}

//! Fixed-size encodings for learning: every action of a ruleset has a number
//! in `0..size`, and an observation is a stack of board planes plus a vector.
//!
//! The board window is `(2R+1) × (2R+1)` cells centred on the start tile, with
//! `R` the number of tiles in the ruleset, so every position a game can reach
//! is inside it. Actions:
//!
//! | block | ids | meaning |
//! |---|---|---|
//! | placements | `((y+R)·S + (x+R))·4 + rot` | place the drawn tile at (x, y) turned `rot` |
//! | figure step | `1 + kind·F + feature` (after `Pass` = 0) | deploy a figure of `kind` on feature `feature` of the tile just placed |
//! | specials | `plugin·64 + k` | the `k`-th legal figure-step option of a plugin's own, in the game's order; `M` = tiles × (most features of a tile + 5) bounds the places a figure can go (features, corners, tiles) |
//! | decisions | `code` | an option of a plugin decision |
//! | other deployments | `kind·M + k` | the `k`-th legal deployment of a figure of `kind` anywhere but on a feature of the tile just placed (a corner, another tile: plugin figures that move), in the game's order |
//!
//! A plugin's own figure-step options carry codes of its choosing (a packed
//! tile or position, say), and a deployment off the tile just placed has no
//! small number of its own, so their ids rank them among the legal ones: the
//! meaning of such an id depends on the state, like the mask. More than 64
//! such options of one plugin at once, and decision codes of 64 or more, have
//! no id: an error names them.

use carcassonne_core::{
    Action, Actor, EdgeKind, FigureId, FigureKindId, FigureOption, Game, Location, Placement, Pos,
    Rules, TileIndex,
};

/// Codes per plugin in the special and decision blocks.
pub const CODES: usize = 64;
/// Players the planes and vectors have room for.
const PLAYERS: usize = carcassonne_core::MAX_PLAYERS;

/// The codes of the legal figure-step options of plugin `plugin`'s own
/// (`FigureOption::Special`) in `g`, in the game's canonical order.
fn specials_of(g: &Game, plugin: u8) -> Result<Vec<u32>, String> {
    Ok(g.legal_actions()
        .map_err(|e| e.to_string())?
        .into_iter()
        .filter_map(|a| match a {
            Action::Figure(FigureOption::Special { plugin: p, code }) if p == plugin => Some(code),
            _ => None,
        })
        .collect())
}

/// Where the legal deployments of figure `kind` in `g` go that are not on a
/// feature of the tile just placed, in the game's canonical order.
fn other_deploys(g: &Game, kind: FigureKindId) -> Result<Vec<Location>, String> {
    let last = g.last_placed();
    Ok(g.legal_actions()
        .map_err(|e| e.to_string())?
        .into_iter()
        .filter_map(|a| match a {
            Action::Figure(FigureOption::Deploy { kind: k, at }) if k == kind => Some(at),
            _ => None,
        })
        .filter(|at| match *at {
            Location::Feature(f) => g.feature_tile(f).is_none() || g.feature_tile(f) != last,
            _ => true,
        })
        .collect())
}

/// The encoding of one ruleset.
#[derive(Clone, Debug)]
pub struct Encoding {
    /// Window radius.
    pub radius: i32,
    /// Window side, 2R+1.
    pub side: usize,
    /// Figure kinds.
    kinds: usize,
    /// Most features of one tile type.
    feats: usize,
    /// Plugins.
    plugins: usize,
    /// Tile types.
    types: usize,
    /// Marker names.
    markers: usize,
}

impl Encoding {
    /// The encoding of `rules`.
    pub fn new(rules: &Rules) -> Encoding {
        let radius = rules.max_tiles as i32;
        Encoding {
            radius,
            side: (2 * radius + 1) as usize,
            kinds: rules.figures.len(),
            feats: rules
                .tiles
                .types
                .iter()
                .map(|t| t.features.len())
                .max()
                .unwrap_or(1),
            plugins: rules.plugins.len(),
            types: rules.tiles.types.len(),
            markers: rules.tiles.markers.names().len(),
        }
    }

    fn placements(&self) -> usize {
        self.side * self.side * 4
    }

    fn figures(&self) -> usize {
        1 + self.kinds * self.feats
    }

    fn specials(&self) -> usize {
        self.plugins.max(1) * CODES
    }

    /// Number of action ids.
    pub fn actions(&self) -> usize {
        self.placements() + self.figures() + self.specials() + CODES + self.others()
    }

    /// Ids per figure kind in the other-deployments block: more than the
    /// places a figure can go (every feature, corner and tile of a game).
    fn per_kind(&self) -> usize {
        self.radius.max(1) as usize * (self.feats + 5)
    }

    fn others(&self) -> usize {
        self.kinds.max(1) * self.per_kind()
    }

    /// The id of `a`, an action of `g`.
    pub fn action_id(&self, g: &Game, a: Action) -> Result<usize, String> {
        let (r, s) = (self.radius, self.side);
        match a {
            Action::Place(Placement { pos, rot }) => {
                let (x, y) = (i32::from(pos.x) + r, i32::from(pos.y) + r);
                if x < 0 || y < 0 || x as usize >= s || y as usize >= s {
                    return Err(format!(
                        "position ({}, {}) is outside the window",
                        pos.x, pos.y
                    ));
                }
                Ok((y as usize * s + x as usize) * 4 + rot as usize % 4)
            }
            Action::Figure(FigureOption::Pass) => Ok(self.placements()),
            Action::Figure(FigureOption::Deploy {
                kind,
                at: Location::Feature(f),
            }) if g.feature_tile(f).is_some() && g.feature_tile(f) == g.last_placed() => {
                let local = g.feature_local(f).unwrap_or(0) as usize;
                Ok(self.placements() + 1 + kind.index() * self.feats + local)
            }
            Action::Figure(FigureOption::Deploy { kind, at }) => {
                let k = other_deploys(g, kind)?
                    .iter()
                    .position(|&l| l == at)
                    .ok_or_else(|| {
                        format!(
                            "no legal deployment of figure kind {} there now",
                            kind.index()
                        )
                    })?;
                if k >= self.per_kind() {
                    return Err(format!(
                        "more than {} deployments of figure kind {} off the tile just placed",
                        self.per_kind(),
                        kind.index()
                    ));
                }
                Ok(self.placements()
                    + self.figures()
                    + self.specials()
                    + CODES
                    + kind.index() * self.per_kind()
                    + k)
            }
            Action::Figure(FigureOption::Special { plugin, code }) => {
                let k = specials_of(g, plugin)?
                    .iter()
                    .position(|&c| c == code)
                    .ok_or_else(|| {
                        format!("plugin {plugin} offers no special option {code} now")
                    })?;
                if k >= CODES {
                    return Err(format!(
                        "plugin {plugin} offers more than {CODES} special options at once"
                    ));
                }
                Ok(self.placements() + self.figures() + plugin as usize * CODES + k)
            }
            Action::Choose(code) => {
                if code as usize >= CODES {
                    return Err(format!("decision code {code} is 64 or more"));
                }
                Ok(self.placements() + self.figures() + self.specials() + code as usize)
            }
            Action::Chance(_) => Err("chance outcomes have no action id".into()),
        }
    }

    /// The action of `g` with id `id`.
    pub fn action(&self, g: &Game, id: usize) -> Result<Action, String> {
        let (r, s) = (self.radius, self.side);
        let mut i = id;
        if i < self.placements() {
            let (cell, rot) = (i / 4, (i % 4) as u8);
            let (x, y) = ((cell % s) as i32 - r, (cell / s) as i32 - r);
            return Ok(Action::Place(Placement {
                pos: Pos::new(x as i16, y as i16),
                rot,
            }));
        }
        i -= self.placements();
        if i < self.figures() {
            if i == 0 {
                return Ok(Action::Figure(FigureOption::Pass));
            }
            let k = i - 1;
            let f = g
                .last_placed()
                .and_then(|t| g.feature_of(t, (k % self.feats) as u8))
                .ok_or_else(|| {
                    format!("action id {id}: no such feature on the tile just placed")
                })?;
            return Ok(Action::Figure(FigureOption::Deploy {
                kind: FigureKindId((k / self.feats) as u8),
                at: Location::Feature(f),
            }));
        }
        i -= self.figures();
        if i < self.specials() {
            let (plugin, k) = ((i / CODES) as u8, i % CODES);
            let code = *specials_of(g, plugin)?.get(k).ok_or_else(|| {
                format!("action id {id}: plugin {plugin} offers no special option {k} now")
            })?;
            return Ok(Action::Figure(FigureOption::Special { plugin, code }));
        }
        i -= self.specials();
        if i < CODES {
            return Ok(Action::Choose(i as u32));
        }
        i -= CODES;
        if i < self.others() {
            let (kind, k) = (
                FigureKindId((i / self.per_kind()) as u8),
                i % self.per_kind(),
            );
            let at = *other_deploys(g, kind)?.get(k).ok_or_else(|| {
                format!(
                    "action id {id}: no deployment {k} of figure kind {} now",
                    kind.index()
                )
            })?;
            return Ok(Action::Figure(FigureOption::Deploy { kind, at }));
        }
        Err(format!("action id {id} is not below {}", self.actions()))
    }

    /// Board planes: occupied, side kinds (N E S W × city road field), one per
    /// marker, figures of each player, the last placed tile.
    pub fn planes(&self) -> usize {
        1 + 12 + self.markers + PLAYERS + 1
    }

    /// Length of the state vector: scores, supplies (player × kind), the drawn
    /// tile, unseen tiles by type, tiles left, turn, the turn's player and the
    /// player to act (one-hot), whether chance acts.
    pub fn state_len(&self) -> usize {
        PLAYERS + PLAYERS * self.kinds + self.types + self.types + 2 + PLAYERS + PLAYERS + 1
    }

    /// Fills `board` (`planes × side × side`, zeroed) and `state` (zeroed) for
    /// `player`: only what that player can see (face-down tiles are counted
    /// among the unseen). Players are numbered from the observer: 0 is
    /// `player`, 1 the next to play after him, and so on.
    pub fn observe(&self, g: &Game, player: u8, board: &mut [i8], state: &mut [f32]) {
        let n = g.players().max(1);
        let rel = |p: u8| ((p + n - player % n) % n) as usize;
        let (r, s) = (self.radius, self.side);
        let plane = s * s;
        let cell = |pos: Pos| -> Option<usize> {
            let (x, y) = (i32::from(pos.x) + r, i32::from(pos.y) + r);
            (x >= 0 && y >= 0 && (x as usize) < s && (y as usize) < s)
                .then(|| y as usize * s + x as usize)
        };
        let last = g.last_placed();
        for (t, pt) in g.tiles().iter().enumerate() {
            let t = TileIndex(t as u16);
            let Some(c) = cell(pt.pos) else { continue };
            board[c] = 1;
            let Some(tt) = g.tile_type(t) else { continue };
            for (side, e) in tt.rot[pt.rot as usize % 4].edges.iter().enumerate() {
                let k = match e {
                    EdgeKind::City => 0,
                    EdgeKind::Road => 1,
                    EdgeKind::Field => 2,
                    // A side that fits anything (a plugin's wild side) marks none.
                    EdgeKind::Any => continue,
                };
                board[(1 + side * 3 + k) * plane + c] = 1;
            }
            let m = g.tile_markers(t).unwrap_or(0);
            for b in 0..self.markers {
                if m & (1 << b) != 0 {
                    board[(13 + b) * plane + c] = 1;
                }
            }
            if last == Some(t) {
                board[(13 + self.markers + PLAYERS) * plane + c] = 1;
            }
        }
        for fig in 0..g.figure_count() as u16 {
            let fig = FigureId(fig);
            let Some(f) = g.figure_feature(fig) else {
                continue;
            };
            let Some(t) = g.feature_tile(f) else { continue };
            let (Some(pt), Some(owner)) = (g.tiles().get(t.index()), g.figure_owner(fig)) else {
                continue;
            };
            if let Some(c) = cell(pt.pos) {
                let p = rel(owner);
                let v = &mut board[(13 + self.markers + p) * plane + c];
                *v = v.saturating_add(1);
            }
        }
        let mut o = 0;
        for (p, sc) in g.scores().iter().enumerate() {
            state[o + rel(p as u8)] = *sc as f32;
        }
        o += PLAYERS;
        for p in 0..g.players() {
            for k in 0..self.kinds {
                state[o + rel(p) * self.kinds + k] = f32::from(g.supply(p, FigureKindId(k as u8)));
            }
        }
        o += PLAYERS * self.kinds;
        if let Some(t) = g.drawn_tile() {
            state[o + t.index()] = 1.0;
        }
        o += self.types;
        for &t in g.bag().iter().chain(g.hidden_tiles()) {
            state[o + t.index()] += 1.0;
        }
        o += self.types;
        state[o] = g.bag_len() as f32;
        state[o + 1] = f32::from(g.turn());
        o += 2;
        state[o + rel(g.current_player())] = 1.0;
        o += PLAYERS;
        match g.actor() {
            Actor::Player(p) => state[o + rel(p)] = 1.0,
            Actor::Chance => state[o + PLAYERS] = 1.0,
            Actor::GameOver => {}
        }
    }
}

//! Fixed-size encodings for learning: every action of a ruleset has a number
//! in `0..size`, and an observation is a stack of board planes plus a vector.
//!
//! The board window is `(2R+1) × (2R+1)` cells centred on the start tile, with
//! `R` the number of tiles in the ruleset by default, so every position a game
//! can reach is inside it; a smaller `R` (`Game(..., window=R)`) leaves out
//! the tiles beyond it, and numbers a placement beyond it by rank (the last
//! block). Actions:
//!
//! | block | ids | meaning |
//! |---|---|---|
//! | placements | `((y+R)·S + (x+R))·4 + rot` | place the drawn tile at (x, y) turned `rot` (without a piece) |
//! | figure step | `1 + kind·F + feature` (after `Pass` = 0) | deploy a figure of `kind` on feature `feature` of the tile just placed |
//! | specials | `plugin·64 + code` | a plugin's own figure-step option |
//! | decisions | `code` | an option of a plugin decision |
//! | others | `i` | the `i`-th legal action, in canonical order, that the blocks above cannot number |
//!
//! The blocks above number an action by what it is. Some have no such number:
//! plugin codes of 64 or more (a place on the board packed in the code: a
//! wagon's target, a fairy's follower), placements laying a plugin's piece (a
//! bridge) or setting the tile aside, and deployments anywhere but on a
//! feature of the tile just placed (a barn at a corner, a follower through a
//! magic portal). Those are numbered by their rank among the legal actions of
//! the state that have no number of their own (the last block, 4096 ids); more
//! than 4096 of them at once is an error that names the action.

use carcassonne_core::{
    Action, Actor, EdgeKind, FigureId, FigureKindId, FigureOption, Game, Location, Placement, Pos,
    Rules, TileIndex,
};

/// Codes per plugin in the special and decision blocks.
pub const CODES: usize = 64;
/// Ids of the last block: actions numbered by their rank (a magic portal may
/// offer a deployment on every unoccupied feature of the board).
pub const RANKS: usize = 4096;
/// Players the planes and vectors have room for.
const PLAYERS: usize = carcassonne_core::MAX_PLAYERS;
/// Owners of figures: the players, then neutral figures (the dragon).
const OWNERS: usize = PLAYERS + 1;
/// A tile's side slots (three per side: `NL NM NR EL ... WR`).
const SLOTS: usize = 12;
/// The slot planes: one per side slot, and one for a feature with no side.
const SLOT_PLANES: usize = SLOTS + 1;
/// The first marker plane, after the occupied plane and the side kinds (4 × 3).
const MARKERS_AT: usize = 13;
/// The most elements one array of an encoding may have (2 GiB of `int8`): the
/// board window grows with the square of the ruleset's tile count, and a
/// ruleset of thousands of tiles would ask for more memory than a machine
/// has.
pub const MAX_ELEMENTS: usize = 1 << 31;

/// A zeroed buffer of `n` elements for `what` (an array of the encoding), or
/// why it cannot be had: more than [`MAX_ELEMENTS`], or more than the
/// allocator gives (an error instead of the process's abort).
pub fn zeroed<T: Clone + Default>(n: usize, what: &str, enc: &Encoding) -> Result<Vec<T>, String> {
    let too_big = || {
        format!(
            "{what} would have {n} elements ({} MiB): a board window of radius {} is {} × {} \
             squares; give the game a smaller window (`Game(..., window=R)`)",
            (n as u128 * std::mem::size_of::<T>() as u128) >> 20,
            enc.radius,
            enc.side,
            enc.side
        )
    };
    if n > MAX_ELEMENTS {
        return Err(too_big());
    }
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| too_big())?;
    v.resize(n, T::default());
    Ok(v)
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
    /// The encoding of `rules` with a board window of radius `window` (at
    /// most, and by default, the ruleset's tile count: every square a game
    /// can reach).
    pub fn new(rules: &Rules, window: Option<u32>) -> Encoding {
        let all = rules.max_tiles as u32;
        let radius = window.map_or(all, |w| w.min(all)) as i32;
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

    /// The first id of the last block (actions numbered by rank).
    fn others(&self) -> usize {
        self.placements() + self.figures() + self.specials() + CODES
    }

    /// Number of action ids.
    pub fn actions(&self) -> usize {
        self.others() + RANKS
    }

    /// The legal actions of `g` that have no number of their own, in canonical
    /// order (the last block numbers them by rank).
    fn unnumbered(&self, g: &Game) -> Result<Vec<Action>, String> {
        let legal = g.legal_actions().map_err(|e| e.to_string())?;
        Ok(legal
            .into_iter()
            .filter(|&a| !matches!(a, Action::Chance(_)) && self.own_id(g, a).is_err())
            .collect())
    }

    /// The ids of the legal player actions of `g`, in canonical order. The
    /// legal actions are listed once: an action without a number of its own
    /// is numbered by how many such actions come before it (as
    /// [`Encoding::action_id`] numbers it, without listing them again for each).
    pub fn legal_ids(&self, g: &Game) -> Result<Vec<usize>, String> {
        let legal = g.legal_actions().map_err(|e| e.to_string())?;
        let mut rank = 0;
        legal
            .into_iter()
            .filter(|a| !matches!(a, Action::Chance(_)))
            .map(|a| {
                self.own_id(g, a).or_else(|why| {
                    rank += 1;
                    if rank <= RANKS {
                        Ok(self.others() + rank - 1)
                    } else {
                        Err(format!(
                            "{why}, and more than {RANKS} such actions are legal"
                        ))
                    }
                })
            })
            .collect()
    }

    /// The id of `a`, a legal action of `g`.
    pub fn action_id(&self, g: &Game, a: Action) -> Result<usize, String> {
        self.own_id(g, a).or_else(|why| {
            if matches!(a, Action::Chance(_)) {
                return Err(why);
            }
            let rank = self.unnumbered(g)?.iter().position(|&b| b == a);
            match rank {
                Some(i) if i < RANKS => Ok(self.others() + i),
                Some(_) => Err(format!(
                    "{why}, and more than {RANKS} such actions are legal"
                )),
                None => Err(format!("{why}, and it is not legal here")),
            }
        })
    }

    /// The id of `a` in the block of what it is, if it has one.
    fn own_id(&self, g: &Game, a: Action) -> Result<usize, String> {
        let (r, s) = (self.radius, self.side);
        match a {
            Action::Place(Placement { pos, rot, piece }) if piece.is_none() => {
                let (x, y) = (i32::from(pos.x) + r, i32::from(pos.y) + r);
                if x < 0 || y < 0 || x as usize >= s || y as usize >= s {
                    return Err(format!(
                        "position ({}, {}) is outside the window",
                        pos.x, pos.y
                    ));
                }
                Ok((y as usize * s + x as usize) * 4 + rot.index())
            }
            Action::Place(_) => {
                Err("a placement laying a piece, or setting aside, has no id".into())
            }
            Action::Figure(FigureOption::Pass) => Ok(self.placements()),
            Action::Figure(FigureOption::Deploy {
                kind,
                at: Location::Feature(f),
            }) if g.feature_tile(f).is_some()
                && g.feature_tile(f) == g.last_placed()
                && g.feature_local(f)
                    .is_some_and(|l| usize::from(l) < self.feats) =>
            {
                // (A feature added at run time, numbered after the most a tile
                // type has, is ranked in the last block.)
                let local = g.feature_local(f).unwrap_or(0) as usize;
                Ok(self.placements() + 1 + kind.index() * self.feats + local)
            }
            Action::Figure(FigureOption::Deploy { .. }) => {
                Err("a deployment off the features of the tile just placed has no id".into())
            }
            Action::Figure(FigureOption::Special { plugin, code }) => {
                if code as usize >= CODES {
                    return Err(format!("special option code {code} is 64 or more"));
                }
                Ok(self.placements() + self.figures() + plugin as usize * CODES + code as usize)
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
            let (cell, rot) = (i / 4, carcassonne_core::Rotation::wrapping(i));
            let (x, y) = ((cell % s) as i32 - r, (cell / s) as i32 - r);
            return Ok(Action::Place(Placement::new(
                Pos::new(x as i16, y as i16),
                rot,
            )));
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
            return Ok(Action::Figure(FigureOption::Special {
                plugin: (i / CODES) as u8,
                code: (i % CODES) as u32,
            }));
        }
        i -= self.specials();
        if i < CODES {
            return Ok(Action::Choose(i as u32));
        }
        i -= CODES;
        if i < RANKS {
            return self.unnumbered(g)?.get(i).copied().ok_or_else(|| {
                format!(
                    "action id {id}: fewer than {} actions numbered by rank",
                    i + 1
                )
            });
        }
        Err(format!("action id {id} is not below {}", self.actions()))
    }

    /// Board planes: occupied, side kinds (N E S W × city road field), one
    /// per marker, the figures on each square by owner (each player, then
    /// neutral figures) and by kind, the figures on the feature that owns
    /// each of the tile's twelve side slots and on a feature with no side (a
    /// cloister), the last placed tile.
    pub fn planes(&self) -> usize {
        MARKERS_AT + self.markers + OWNERS + self.kinds + SLOT_PLANES + 1
    }

    /// Length of the state vector: scores, supplies (player × kind), the drawn
    /// tile, unseen tiles by type, tiles left, turn, the turn's player and the
    /// player to act (one-hot), whether chance acts; then the tiles in each
    /// player's hand by type, the tiles in the plugins' face-up lots by type,
    /// the figures held prisoner (holder × owner, neutral last), the figures
    /// in the plugins' areas by owner.
    pub fn state_len(&self) -> usize {
        PLAYERS
            + PLAYERS * self.kinds
            + self.types
            + self.types
            + 2
            + PLAYERS
            + PLAYERS
            + 1
            + PLAYERS * self.types
            + self.types
            + PLAYERS * OWNERS
            + OWNERS
    }

    /// Fills `board` (`planes × side × side`, zeroed) and `state` (zeroed) for
    /// `player`: only what that player can see (face-down tiles are counted
    /// among the unseen). Players are numbered from the observer: 0 is
    /// `player`, 1 the next to play after him, and so on; neutral figures (the
    /// dragon, the fairy) come after the players. The plugins' own state (a
    /// tower's height, trade goods, a bid) is not encoded: `observation()`
    /// has it.
    pub fn observe(&self, g: &Game, player: u8, board: &mut [i8], state: &mut [f32]) {
        let n = g.players().max(1);
        let rel = |p: u8| ((p + n - player % n) % n) as usize;
        // An owner's index: the player's from the observer, neutral last.
        let owner_of = |fig| g.figure_owner(fig).map_or(PLAYERS, |o| rel(o.seat()));
        let (r, s) = (self.radius, self.side);
        let plane = s * s;
        let cell = |pos: Pos| -> Option<usize> {
            let (x, y) = (i32::from(pos.x) + r, i32::from(pos.y) + r);
            (x >= 0 && y >= 0 && (x as usize) < s && (y as usize) < s)
                .then(|| y as usize * s + x as usize)
        };
        let owners = MARKERS_AT + self.markers;
        let kinds = owners + OWNERS;
        let slots = kinds + self.kinds;
        let last = g.last_placed();
        let mut add = |p: usize, c: usize| {
            if let Some(v) = board.get_mut(p * plane + c) {
                *v = v.saturating_add(1);
            }
        };
        for (t, pt) in g.tiles().iter().enumerate() {
            let t = TileIndex(t as u16);
            let Some(c) = cell(pt.pos) else { continue };
            add(0, c);
            // The tile's sides now (a feature added at run time, a bridge, counted).
            if let Some(geom) = g.placed_geometry(t) {
                for (side, e) in geom.edges.iter().enumerate() {
                    let k = match e {
                        EdgeKind::City => 0,
                        EdgeKind::Road => 1,
                        EdgeKind::Field => 2,
                        // A side that fits anything (a plugin's wild side) marks none.
                        EdgeKind::Any => continue,
                    };
                    add(1 + side * 3 + k, c);
                }
            }
            let m = g.tile_markers(t).unwrap_or(0);
            for b in 0..self.markers {
                if m & (1 << b) != 0 {
                    add(MARKERS_AT + b, c);
                }
            }
            if last == Some(t) {
                add(self.planes() - 1, c);
            }
        }
        let mut o = 0;
        for (p, sc) in g.scores().iter().enumerate() {
            state[o + rel(p as u8)] = *sc as f32;
        }
        o += PLAYERS;
        for p in carcassonne_core::PlayerId::all(g.players()) {
            for k in 0..self.kinds {
                let n = g.supply(p, FigureKindId(k as u8));
                state[o + rel(p.seat()) * self.kinds + k] = f32::from(n);
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
        state[o + rel(g.current_player().seat())] = 1.0;
        o += PLAYERS;
        match g.actor() {
            Actor::Player(p) => state[o + rel(p.seat())] = 1.0,
            Actor::Chance => state[o + PLAYERS] = 1.0,
            Actor::GameOver => {}
        }
        o += PLAYERS + 1;
        for p in carcassonne_core::PlayerId::all(g.players()) {
            for t in g.hand(p) {
                state[o + rel(p.seat()) * self.types + t.index()] += 1.0;
            }
        }
        o += PLAYERS * self.types;
        for &(_, t) in g.lots() {
            state[o + t.index()] += 1.0;
        }
        o += self.types;
        let (held, areas) = (o, o + PLAYERS * OWNERS);
        for fig in 0..g.figure_count() as u16 {
            let fig = FigureId(fig);
            let Some(at) = g.figure_location(fig) else {
                continue;
            };
            let owner = owner_of(fig);
            match at {
                Location::Held(by) => state[held + rel(by.seat()) * OWNERS + owner] += 1.0,
                Location::Area(_) => state[areas + owner] += 1.0,
                Location::Feature(_) | Location::Corner(..) | Location::Tile(_) => {
                    let Some(c) = g.figure_pos(fig).and_then(cell) else {
                        continue;
                    };
                    add(owners + owner, c);
                    if let Some(k) = g.figure_kind(fig) {
                        add(kinds + k.index(), c);
                    }
                    let mut m = at.feature().map_or(0, |f| slots_of(g, f));
                    while m != 0 {
                        add(slots + m.trailing_zeros() as usize, c);
                        m &= m - 1;
                    }
                }
            }
        }
    }
}

/// The slot planes of feature `f` on its tile, as bits: each side slot
/// (0..12) its tile's geometry gives it, or bit 12, a feature with no side (a
/// cloister, a spot); none for a feature on no placed tile.
fn slots_of(g: &Game, f: carcassonne_core::FeatureId) -> u16 {
    let (Some(t), Some(local)) = (g.feature_tile(f), g.feature_local(f)) else {
        return 0;
    };
    let Some(geom) = g.placed_geometry(t) else {
        return 0;
    };
    let sides = (0..SLOTS)
        .filter(|&i| geom.slot_feature[i] == local)
        .fold(0u16, |m, i| m | 1 << i);
    if sides == 0 {
        1 << SLOTS
    } else {
        sides
    }
}

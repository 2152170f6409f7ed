//! The static description of a game: compiled tiles, core options, figure kinds and plugins.
//!
//! A [`Rules`] value is built once from a resolved ruleset and shared (`Arc`) by
//! every game and clone that uses it; the game state never holds strings.

use crate::hooks::{hook, Hooks};
use crate::tiles::TileCatalogue;

mod compose;
pub(crate) mod narrowed;
use crate::types::NONE16;
use crate::types::*;
pub use carcassonne_vocab::decl::{
    valid_plugin_id, CoreOptions, FarmerScoring, PluginDecl, StateWords, MAX_FEATURE_WORDS,
    MAX_FIGURE_WORDS, MAX_GAME_WORDS, MAX_PLAYER_WORDS, MAX_TILE_WORDS, MAX_TOTAL_FEATURE_WORDS,
};
pub use carcassonne_vocab::figure_kind::{FigureClass, FigureKind, FigureKindOf, FigureSpec};
pub(crate) use narrowed::TileVetoers;
use narrowed::{drawn_heard, holding, neutral_moves_heard, tile_vetoers};
use std::sync::Arc;

/// The score categories every game has, before one category per plugin: the
/// points of the base rules by what was scored (defined with the plugin id
/// checks, which keep plugins off these names).
pub use carcassonne_vocab::decl::BASE_CATEGORIES;

/// A plugin as the engine holds it.
#[derive(Clone)]
pub struct PluginEntry {
    /// Static declaration.
    pub decl: PluginDecl,
    /// The hook implementation.
    pub hooks: Arc<dyn Hooks>,
    /// Hook subscription bits (see [`hook`]).
    pub subs: u64,
    /// Offsets of its words in each scope's block.
    pub offsets: StateWords,
    /// Its first figure kind id.
    pub first_figure: FigureKindId,
    /// Marker bits of its declared markers, in declaration order (0 if no tile has it).
    pub marker_bits: Vec<u64>,
    /// Link ids of its declared links, in declaration order.
    pub link_ids: Vec<u8>,
    /// Barrier name ids of its declared barriers, in declaration order.
    pub barrier_ids: Vec<u8>,
    /// Its narrowed subscriptions ([`Hooks::narrowing`], bits of
    /// [`narrow::bits`](crate::narrow::bits)); changed with
    /// [`Rules::set_narrowing`], which keeps the tables derived from them.
    pub narrow: u64,
    /// The union of `marker_bits`.
    pub markers: u64,
    /// The per-player figure slots `first..end` of its kinds (consecutive:
    /// see [`Rules::kind_first_slot`]; empty without per-player kinds).
    pub player_slots: (u16, u16),
    /// Its neutral figures `first..end`, counted from the first neutral
    /// figure (consecutive: neutral figures are numbered by kind, and a
    /// plugin's kinds are consecutive; empty without neutral kinds).
    pub neutral_slots: (u16, u16),
    /// Its first area id (its areas are consecutive).
    pub first_area: AreaId,
}

impl std::fmt::Debug for PluginEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PluginEntry")
            .field("id", &self.decl.id)
            .field("subs", &self.subs)
            .finish()
    }
}

/// Category of farmer points in [`Rules::score_categories`].
pub const CATEGORY_FARMERS: usize = 3;

/// The compiled rules of a game.
#[derive(Clone, Debug)]
pub struct Rules {
    /// Ruleset name.
    pub name: String,
    /// Tile types and markers.
    pub tiles: TileCatalogue,
    /// Base-rule options.
    pub options: CoreOptions,
    /// Figure kinds; 0 is the follower.
    pub figures: Vec<FigureKind>,
    /// Player figures per player over all kinds.
    pub figs_per_player: u16,
    /// Kind of each per-player figure slot.
    pub slot_kind: Vec<FigureKindId>,
    /// First per-player slot of each kind.
    pub kind_first_slot: Vec<u16>,
    /// Kind of each neutral figure (neutral figures follow every player's figures).
    pub neutral_kind: Vec<FigureKindId>,
    /// The plugin that declares each figure kind (`None` for the follower).
    pub kind_plugin: Vec<Option<u8>>,
    /// Enabled plugins in declaration order (a plugin's index here numbers its
    /// figure kinds, state blocks, score category and options); the host
    /// declares them by id, so that nothing but the dispatch depends on the
    /// order in which they run ([`Rules::run_order`]).
    pub plugins: Vec<PluginEntry>,
    /// Union of all plugins' subscriptions.
    pub subs_any: u64,
    /// Plugin words per scope in total.
    pub state: StateWords,
    /// The areas the plugins declare (`Location::Area`), by id: name and
    /// declaring plugin.
    pub areas: Vec<(String, u8)>,
    /// The markers whose features accept plain follower kinds
    /// ([`PluginDecl::hosts`]), as a mask (0: no plugin hosts).
    pub host_markers: u64,
    /// Score categories: [`BASE_CATEGORIES`], then one per plugin (its id).
    pub score_categories: Vec<String>,
    /// Upper bound on features in one game (all tiles' features).
    pub max_features: usize,
    /// Upper bound on placed tiles.
    pub max_tiles: usize,
    /// Bit of the `pennant` marker.
    pub pennant_bit: u64,
    /// Per tile type and rotation (index `4 × type + rotation`), the game's
    /// feature records of a fresh tile (as if its first feature had id 0; see
    /// [`crate::game::Feat::template`]): placing a tile copies them.
    pub(crate) feat_templates: Vec<Vec<crate::game::Feat>>,
    /// The placement weights by side requirement, when the board keeps every
    /// tile type's number of placements (`Board::fits`): row `req` holds, per
    /// fit class (the tile types with the same fit table, [`Rules::fit_class`]),
    /// its number of fitting rotations on a frontier cell requiring `req`.
    /// `None` where the board counts by walking the frontier: a catalogue
    /// with more than [`FIT_ROWS_MAX`] distinct fit tables. In a catalogue
    /// with barrier sides they are made of the tables that treat a barrier
    /// side as a field side ([`TileCatalogue::counted_fits`]): read only for
    /// a tile without barrier sides while no frontier cell faces a barrier
    /// (`Game::barrier_free_fit`), where those tables are exact.
    /// (A plugin that adds placements, `extra_placements`, does not matter:
    /// the counts are of the plain placements, read only while it is
    /// switched off; a feature it adds to a placed tile moves the frontier
    /// cells across the sides it changes.)
    pub(crate) fit_rows: Option<Box<FitRows>>,
    /// Per tile type, its fit class: the index of its fit table among the
    /// catalogue's distinct ones (a row's column in [`Rules::fit_rows`]).
    /// Tile types that differ only in their features or markers share a
    /// class: most catalogues have far fewer classes than types. Empty when
    /// `fit_rows` is `None`.
    pub(crate) fit_class: Vec<u8>,
    /// Owner and kind of each player figure id of a game of [`MAX_PLAYERS`]
    /// players (`id = player × figs_per_player + slot`): no division per look-up.
    pub(crate) player_figs: Vec<(PlayerId, FigureKindId)>,
    /// The per-player slots of the follower kinds (`FigureKind::follower`),
    /// as ranges `first..end` of each player's block, adjacent ones merged:
    /// "does the player have a follower in this feature" looks at these only.
    pub(crate) follower_slots: Vec<(u16, u16)>,
    /// Whether every follower kind occupies a feature (`FigureKind::follower`
    /// implies `occupies`): then a feature with no occupying figure
    /// (`occ == 0` at its root) holds no follower, and the offer condition
    /// `beside_follower` fails there without a look at the player's slots.
    pub(crate) followers_occupy: bool,
    /// The kinds declared `at_corner_meetings`, a bit per kind id (at most
    /// 64 kinds): 0 (the usual case) skips the corner offers in one test.
    pub(crate) corner_kinds: u64,
    /// Per tile type and figure kind (index `type × kinds + kind`), the
    /// tile's own features (a bit per local index; none past the 64th) on
    /// which the kind may stand by the parts of the shared placement rule
    /// that depend on the rules and the tile data only
    /// ([`Rules::kind_may_take`]): the figure step looks at these features
    /// only, and reads their records for the rest of the rule. Empty when
    /// the rules offer fewer than three kinds.
    pub(crate) stand_masks: Vec<u64>,
    /// Per tile type, whether a drawn tile of the type may be heard: some
    /// plugin subscribes to `tile_drawn` and did not narrow the call away by
    /// its markers ([`Narrowed::Drawn`](crate::narrow::Narrowed::Drawn):
    /// the case depends on the tile type only). `false` lets the turn move
    /// past the drawn stage without the pipeline ([`Rules::drawn_unheard`]).
    pub(crate) drawn_heard: Vec<bool>,
    /// The figure slots of the plugins subscribed to `filter_figure_options`
    /// when every one narrows it to the tiles its figures stand on
    /// ([`OPTIONS_ON_MY_TILES`](crate::narrow::bits::OPTIONS_ON_MY_TILES)):
    /// per-player ranges (of each player's block) and neutral ones (from
    /// the first neutral figure), adjacent ones merged. `None` when one does
    /// not narrow it so. No figure of theirs on some tiles: none vetoes a
    /// deployment onto them (`Game::tiles_open_to`).
    pub(crate) tile_vetoers: Option<TileVetoers>,
    /// Whether a plugin subscribed to `figure_moved` hears the moves of
    /// neutral figures (it did not narrow them away,
    /// [`MOVED_PLAYERS`](crate::narrow::bits::MOVED_PLAYERS)): if none
    /// does, a neutral figure's move skips the dispatch at once (the
    /// narrowing decided per ruleset, not per call).
    pub(crate) neutral_moves_heard: bool,
    /// The plugins (indices, in index order) that declared a holding case of
    /// a scoring hook ([`VALUE_HOLDS_MINE`](crate::narrow::bits::VALUE_HOLDS_MINE),
    /// `BONUS_HOLDS_MINE`, `SCORED_HOLDS_MINE`): a scoring looks at their
    /// figures only, and at nothing without them.
    pub(crate) holding: Vec<u8>,
    /// Per scoring hook with a holding case (by its index in
    /// [`HOLDING`](narrowed::HOLDING)), the feature kinds (bit `kind as u8`)
    /// of the units for which one of those plugins subscribed to the hook
    /// declared the case and does not skip the kind (its per-kind bits): a
    /// scoring of another kind looks at no figure.
    pub(crate) holding_kinds: [u8; 3],
    /// Per hook bit (by its index, `bit.trailing_zeros()`), the plugins
    /// subscribed to it in dispatch order: a dispatch visits only those.
    pub(crate) subscribers: Vec<Vec<u8>>,
    /// The plugins' indices in dispatch order.
    run_order: Vec<u8>,
    /// The bag at the start of a game: every tile but the start tile, in type
    /// order, and its copies per tile type (a new game copies them).
    pub(crate) start_bag: (Vec<TileTypeId>, Vec<u16>),
}

/// [`Rules::start_bag`] of a tile catalogue: its copies less the start
/// layout's (checked by [`crate::rules::compose`]).
fn start_bag(tiles: &TileCatalogue) -> (Vec<TileTypeId>, Vec<u16>) {
    let mut bag = Vec::new();
    let mut counts = Vec::new();
    for (i, t) in tiles.types.iter().enumerate() {
        let ty = TileTypeId(i as u16);
        let n = t
            .count
            .saturating_sub(tiles.start.as_ref().map_or(0, |s| s.copies(ty)));
        bag.extend(std::iter::repeat_n(ty, n as usize));
        counts.push(n);
    }
    (bag, counts)
}

/// The most fit classes (distinct fit tables) for which the board keeps
/// every tile type's number of placements ([`Rules::fit_rows`]; a frontier
/// change updates them all, in a few vector additions).
pub const FIT_ROWS_MAX: usize = 32;

/// Per side requirement, the number of fitting rotations of each fit class
/// ([`Rules::fit_rows`]).
pub(crate) type FitRows = [[u16; FIT_ROWS_MAX]; 256];

/// [`Rules::fit_rows`] and [`Rules::fit_class`] of a catalogue.
fn fit_rows(tiles: &TileCatalogue) -> (Option<Box<FitRows>>, Vec<u8>) {
    let fits = tiles.counted_fits();
    if fits.is_empty() {
        return (None, Vec::new());
    }
    let mut classes: Vec<&crate::tiles::FitTable> = Vec::new();
    let mut class = Vec::with_capacity(fits.len());
    for fit in fits {
        // The same number of fitting rotations for every requirement (the
        // rotations themselves may differ: only the counts are kept).
        let same = |c: &&crate::tiles::FitTable| (0..=255u8).all(|r| c.count(r) == fit.count(r));
        let c = match classes.iter().position(same) {
            Some(c) => c,
            None if classes.len() < FIT_ROWS_MAX => {
                classes.push(fit);
                classes.len() - 1
            }
            None => return (None, Vec::new()),
        };
        class.push(c as u8);
    }
    let mut rows = Box::new([[0u16; FIT_ROWS_MAX]; 256]);
    for (req, row) in rows.iter_mut().enumerate() {
        for (w, fit) in row.iter_mut().zip(&classes) {
            *w = u16::from(fit.count(req as u8));
        }
    }
    (Some(rows), class)
}

/// A game holds fewer tiles than this (placed tile indices are 15-bit).
pub const MAX_TILES: usize = 0x7FFF;
/// A game holds fewer feature instances than this (feature ids are `u16`, one value reserved).
pub const MAX_FEATURES: usize = NONE16 as usize - 1;

/// Most areas the plugins of a ruleset may declare together.
pub const MAX_AREAS: u8 = 64;

/// Turns a game may have per tile, see [`Rules::max_turns`]: a regular turn
/// and a granted one for each (a builder's second tile that finds nothing to draw).
pub const TURNS_PER_TILE: usize = 2;
/// Turns a game may have besides, see [`Rules::max_turns`] (rounds granted at
/// the end: the abbey's).
pub const TURN_MARGIN: usize = 100;
/// How deep plugin hooks may run one inside another: a hook's change (a
/// feature scored, a figure moved or returned) calls the hooks that hear it,
/// whose changes may call hooks again. The host's adapter refuses a change
/// asked for by a hook this deep, which ends the game with an error naming
/// the plugin (a hook whose change calls itself without end would overflow
/// the stack and end the process). The shipped plugins nest a few deep.
pub const MAX_HOOK_DEPTH: u32 = 32;
/// How many plugin steps (decisions and chance events) may be resolved in
/// one turn (the game's end, its final rounds and final scoring, counted
/// with its last turn): one more ends the game with an error naming the
/// plugin that pushed it (a
/// step whose resolution pushes another without end would never end the
/// turn). The shipped plugins resolve at most a few dozen in a turn.
pub const MAX_STEPS_PER_TURN: u32 = 10_000;

/// Figure kind id of the follower.
pub const FOLLOWER: FigureKindId = FigureKindId(0);

impl Rules {
    /// Builds rules from compiled tiles, options and the ordered plugins. Every
    /// problem is reported.
    pub fn new(
        name: impl Into<String>,
        mut tiles: TileCatalogue,
        options: CoreOptions,
        plugins: Vec<(PluginDecl, Arc<dyn Hooks>)>,
    ) -> Result<Rules, Vec<String>> {
        let mut errs = options.validate();
        // A start tile left without copies is reported when the start is
        // chosen again by the counts (`rechoose_start`), not as missing.
        if tiles.start.is_none() && tiles.start_candidates.is_empty() {
            errs.push(
                "no tile set provides a start tile (`start = true` on a tile, or a `[start]` layout)"
                    .into(),
            );
        }
        let mut figures = vec![FigureSpec::follower("follower", options.followers, 1)
            .plain(true)
            .to_kind()];
        let mut kind_plugin = vec![None];
        let mut entries = Vec::new();
        let mut areas: Vec<(String, u8)> = Vec::new();
        let mut host_markers = 0u64;
        let mut state = StateWords::default();
        for (pi, (decl, hooks)) in plugins.into_iter().enumerate() {
            errs.extend(decl.check());
            let first_figure = FigureKindId(figures.len().min(255) as u8);
            for f in &decl.figures {
                if figures.iter().any(|g| g.name == f.name) {
                    errs.push(format!(
                        "plugin `{}`: figure kind `{}` is already defined",
                        decl.id, f.name
                    ));
                }
                if (f.per_player == 0) == (f.neutral == 0) {
                    errs.push(format!(
                        "plugin `{}`: figure kind `{}` must have copies per player or neutral copies (not both)",
                        decl.id, f.name
                    ));
                }
                if f.stands_on.contains(FeatureKind::Barrier) {
                    errs.push(format!(
                        "plugin `{}`: figure kind `{}` cannot stand on a barrier",
                        decl.id, f.name
                    ));
                }
                if f.neutral > 0 && (f.offered || f.at_corner_meetings || f.occupies || f.follower)
                {
                    errs.push(format!(
                        "plugin `{}`: neutral figure kind `{}` cannot be offered, occupy or be a follower",
                        decl.id, f.name
                    ));
                }
                figures.push(f.clone());
                kind_plugin.push(Some(pi.min(254) as u8));
            }
            let mut marker_bits = Vec::new();
            for m in &decl.markers {
                // Intern so that ids are stable even if no tile carries the marker.
                match tiles.markers.intern(m) {
                    Ok(id) => marker_bits.push(1u64 << id),
                    Err(e) => errs.push(e),
                }
            }
            let mut link_ids = Vec::new();
            for l in &decl.links {
                match tiles.links.intern(l) {
                    Ok(id) => link_ids.push(id),
                    Err(e) => errs.push(e),
                }
            }
            let mut barrier_ids = Vec::new();
            for b in &decl.barriers {
                match tiles.barriers.intern(b) {
                    Ok(id) => barrier_ids.push(id),
                    Err(e) => errs.push(e),
                }
            }
            for h in &decl.hosts {
                match decl.markers.iter().position(|m| m == h) {
                    Some(i) => host_markers |= marker_bits.get(i).copied().unwrap_or(0),
                    None => errs.push(format!(
                        "plugin `{}`: it hosts marker `{h}` but does not declare it among its markers",
                        decl.id
                    )),
                }
            }
            let first_area = AreaId(areas.len().min(255) as u8);
            for a in &decl.areas {
                if areas.iter().any(|(b, _)| b == a) {
                    errs.push(format!(
                        "plugin `{}`: area `{a}` is already declared",
                        decl.id
                    ));
                }
                areas.push((a.clone(), pi.min(254) as u8));
            }
            if let Err(e) = hooks.check_core(&options) {
                errs.push(format!("plugin `{}`: {e}", decl.id));
            }
            let subs = hooks.subscriptions();
            let offsets = state;
            state.game = state.game.saturating_add(decl.state.game);
            state.player = state.player.saturating_add(decl.state.player);
            state.feature = state.feature.saturating_add(decl.state.feature);
            state.figure = state.figure.saturating_add(decl.state.figure);
            state.tile = state.tile.saturating_add(decl.state.tile);
            let narrow = hooks.narrowing() & crate::narrow::bits::ALL;
            let markers = marker_bits.iter().fold(0, |a, &b| a | b);
            entries.push(PluginEntry {
                first_area,
                player_slots: (0, 0),
                neutral_slots: (0, 0),
                narrow,
                markers,
                offsets,
                first_figure,
                marker_bits,
                link_ids,
                barrier_ids,
                subs,
                decl,
                hooks,
            });
        }
        if state.feature > MAX_TOTAL_FEATURE_WORDS {
            errs.push(format!(
                "the plugins declare {} words of state per feature together: at most {MAX_TOTAL_FEATURE_WORDS}",
                state.feature
            ));
        }
        if entries.len() > 200 {
            errs.push(format!(
                "{} plugins: at most 200 are supported",
                entries.len()
            ));
        }
        if areas.len() > usize::from(MAX_AREAS) {
            errs.push(format!(
                "{} areas: at most {MAX_AREAS} are supported",
                areas.len()
            ));
        }
        if figures.len() > 64 {
            errs.push(format!(
                "{} figure kinds: at most 64 are supported",
                figures.len()
            ));
        }
        let mut slot_kind = Vec::new();
        let mut kind_first_slot = Vec::new();
        let mut kind_first_neutral = Vec::new();
        let mut neutral_kind = Vec::new();
        for (k, f) in figures.iter().enumerate() {
            let id = FigureKindId(k.min(255) as u8);
            kind_first_slot.push(slot_kind.len().min(u16::MAX as usize) as u16);
            kind_first_neutral.push(neutral_kind.len().min(u16::MAX as usize) as u16);
            slot_kind.extend(std::iter::repeat_n(id, f.per_player as usize));
            neutral_kind.extend(std::iter::repeat_n(id, f.neutral as usize));
        }
        let slot_of = |k: usize| {
            kind_first_slot
                .get(k)
                .copied()
                .unwrap_or(slot_kind.len().min(u16::MAX as usize) as u16)
        };
        let neutral_of = |k: usize| {
            kind_first_neutral
                .get(k)
                .copied()
                .unwrap_or(neutral_kind.len().min(u16::MAX as usize) as u16)
        };
        for e in &mut entries {
            let k = e.first_figure.index();
            e.player_slots = (slot_of(k), slot_of(k + e.decl.figures.len()));
            e.neutral_slots = (neutral_of(k), neutral_of(k + e.decl.figures.len()));
        }
        errs.extend(compose::apply(&mut tiles, &entries));
        let max_tiles = tiles.total();
        let max_features: usize = tiles
            .types
            .iter()
            .map(|t| t.total_copies() * t.features.len())
            .sum();
        let figure_bound = slot_kind.len() * MAX_PLAYERS + neutral_kind.len();
        if max_features >= MAX_FEATURES || max_tiles >= MAX_TILES {
            errs.push(format!(
                "too many tiles: {max_tiles} tiles with {max_features} features in all; a game holds fewer than {MAX_TILES} tiles and {MAX_FEATURES} features"
            ));
        }
        if figure_bound >= 0x7FFF {
            errs.push(format!(
                "too many figures: {figure_bound} in a game of {MAX_PLAYERS} players; at most 32766"
            ));
        }
        let pennant_bit = tiles.markers.bit(crate::tiles::PENNANT);
        if !errs.is_empty() {
            return Err(errs);
        }
        let score_categories = BASE_CATEGORIES
            .iter()
            .map(|s| s.to_string())
            .chain(entries.iter().map(|e| e.decl.id.clone()))
            .collect();
        let player_figs = PlayerId::ALL
            .into_iter()
            .flat_map(|p| slot_kind.iter().map(move |&k| (p, k)))
            .collect();
        let mut follower_slots: Vec<(u16, u16)> = Vec::new();
        for (f, &first) in figures.iter().zip(&kind_first_slot) {
            if !f.follower || f.per_player == 0 {
                continue;
            }
            let end = first.saturating_add(u16::from(f.per_player));
            match follower_slots.last_mut() {
                Some(last) if last.1 == first => last.1 = end,
                _ => follower_slots.push((first, end)),
            }
        }
        let followers_occupy = figures.iter().all(|f| !f.follower || f.occupies);
        let corner_kinds = figures
            .iter()
            .take(64)
            .enumerate()
            .filter(|(_, f)| f.at_corner_meetings)
            .fold(0u64, |m, (k, _)| m | 1 << k);
        let run_order: Vec<u8> = (0..entries.len()).map(|i| i as u8).collect();
        let subscribers = subscribers_in(&entries, &run_order);
        let start_bag = start_bag(&tiles);
        let subs_any = entries.iter().fold(0, |a, e| a | e.subs);
        let (fit_rows, fit_class) = fit_rows(&tiles);
        let drawn_heard = drawn_heard(&tiles, &entries);
        let tile_vetoers = tile_vetoers(&entries);
        let neutral_moves_heard = neutral_moves_heard(&entries);
        let (holding, holding_kinds) = holding(&entries);
        let mut rules = Rules {
            drawn_heard,
            tile_vetoers,
            neutral_moves_heard,
            holding,
            holding_kinds,
            stand_masks: Vec::new(),
            start_bag,
            fit_rows,
            fit_class,
            subscribers,
            run_order,
            player_figs,
            follower_slots,
            followers_occupy,
            corner_kinds,
            feat_templates: tiles
                .types
                .iter()
                .flat_map(|t| Rotation::ALL.map(|r| crate::game::Feat::template(t, r)))
                .collect(),
            name: name.into(),
            subs_any,
            figs_per_player: slot_kind.len() as u16,
            slot_kind,
            kind_first_slot,
            neutral_kind,
            kind_plugin,
            tiles,
            options,
            figures,
            plugins: entries,
            state,
            areas,
            host_markers,
            score_categories,
            max_features,
            max_tiles,
            pennant_bit,
        };
        rules.stand_masks = rules.stand_masks();
        Ok(rules)
    }

    /// [`Rules::stand_masks`] of these rules: none when they offer two kinds
    /// of figure or fewer (the check of a feature costs no more than a look
    /// at a mask then; with two kinds the masked figure step cost about 50
    /// instructions per placed tile more than the unmasked one,
    /// docs/performance.md).
    fn stand_masks(&self) -> Vec<u64> {
        if self.figures.iter().filter(|k| k.offered).count() < 3 {
            return Vec::new();
        }
        let mut masks = Vec::with_capacity(self.tiles.types.len() * self.figures.len());
        for t in &self.tiles.types {
            for (k, kind) in self.figures.iter().enumerate() {
                let id = FigureKindId(k.min(255) as u8);
                let mask = (0u64..64)
                    .zip(&t.features)
                    .filter(|(_, f)| self.kind_may_take(id, kind, f.kind, f.markers))
                    .fold(0, |m, (i, _)| m | 1 << i);
                masks.push(mask);
            }
        }
        masks
    }

    /// Whether figure kind `id` (`k`) may stand on a feature of kind `fk`
    /// carrying feature-level markers `markers` by the parts of the shared
    /// placement rule that depend on the rules only (the same as the start
    /// of `Game::may_stand_on`): its kind is among the kind's `stands_on`
    /// (a plain kind only where no plugin hosts the feature), or the kind is
    /// plain and a plugin hosts it; a kind `marked_only` on `fk` needs one of
    /// its plugin's markers; no follower on a field when farmers are off.
    pub(crate) fn kind_may_take(
        &self,
        id: FigureKindId,
        k: &FigureKind,
        fk: FeatureKind,
        markers: u64,
    ) -> bool {
        let hosted = self.host_markers != 0 && markers & self.host_markers != 0;
        let allowed = if k.stands_on.contains(fk) {
            k.plain || !hosted
        } else {
            k.plain && hosted
        };
        let mine = match self.kind_plugin.get(id.index()) {
            Some(&Some(p)) => self.plugins.get(usize::from(p)).map_or(0, |e| e.markers),
            _ => 0,
        };
        let marked = mine != 0 && markers & mine != 0;
        allowed
            && (!k.marked_only.contains(fk) || marked)
            && !(k.follower
                && fk == FeatureKind::Field
                && self.options.farmers == FarmerScoring::Off)
    }

    /// The most turns a game may have: [`TURNS_PER_TILE`] × its tiles + [`TURN_MARGIN`]
    /// (at most `u16::MAX - 1`). Every regular turn draws a tile, so only turns
    /// granted by plugins can reach it: a plugin that grants turns without end
    /// (in every `game_ending`, say) gets an error naming it instead of a game
    /// that never ends.
    pub fn max_turns(&self) -> u16 {
        (TURNS_PER_TILE * self.max_tiles + TURN_MARGIN).min(u16::MAX as usize - 1) as u16
    }

    /// The plugins' indices in the order their hooks run (by default their
    /// declaration order).
    pub fn run_order(&self) -> &[u8] {
        &self.run_order
    }

    /// Makes the plugins' hooks run in `order` (plugin indices, each once).
    /// The host computes it from the plugins' declared dependencies and
    /// orderings; `conformance --permute-plugins` runs the same games in
    /// several such orders. Nothing but the dispatch order changes: plugin
    /// indices, figure kinds, tile types and score categories stay as they
    /// are.
    pub fn set_run_order(&mut self, order: &[u8]) -> Result<(), String> {
        let n = self.plugins.len();
        let mut seen = vec![false; n];
        for &i in order {
            match seen.get_mut(usize::from(i)) {
                Some(s) if !*s => *s = true,
                _ => {
                    return Err(format!(
                        "run order {order:?} is not an order of {n} plugins"
                    ))
                }
            }
        }
        if order.len() != n {
            return Err(format!(
                "run order {order:?} is not an order of {n} plugins"
            ));
        }
        self.run_order = order.to_vec();
        self.subscribers = subscribers_in(&self.plugins, order);
        Ok(())
    }

    /// Sets the narrowing bits of plugin `plugin` ([`PluginEntry::narrow`]),
    /// with the tables derived from them ([`Rules::drawn_heard`]): a ruleset
    /// with its narrowings taken away plays the same games (each is a promise
    /// that the hook has nothing to do). `false` for a plugin index the rules
    /// do not have.
    pub fn set_narrowing(&mut self, plugin: u8, bits: u64) -> bool {
        let Some(e) = self.plugins.get_mut(usize::from(plugin)) else {
            return false;
        };
        e.narrow = bits & crate::narrow::bits::ALL;
        self.drawn_heard = drawn_heard(&self.tiles, &self.plugins);
        self.tile_vetoers = tile_vetoers(&self.plugins);
        self.neutral_moves_heard = neutral_moves_heard(&self.plugins);
        (self.holding, self.holding_kinds) = holding(&self.plugins);
        true
    }

    /// Whether every plugin subscribed to `tile_drawn` narrowed the call
    /// away for a drawn tile of type `ty` by its markers
    /// ([`Rules::drawn_heard`]; `false` for a type that does not exist).
    #[inline]
    pub(crate) fn drawn_unheard(&self, ty: u16) -> bool {
        self.drawn_heard.get(usize::from(ty)) == Some(&false)
    }

    /// The plugins subscribed to hook bit `bit` (a single bit), in dispatch order.
    #[inline]
    pub(crate) fn subscribers(&self, bit: u64) -> &[u8] {
        self.subscribers
            .get(bit.trailing_zeros() as usize)
            .map_or(&[], Vec::as_slice)
    }

    /// Whether any plugin subscribes to hook bit `h`.
    #[inline]
    pub fn wants(&self, h: u64) -> bool {
        self.subs_any & h != 0
    }

    /// The per-player figure slots `first..end` of kind `kind` (in each
    /// player's block of [`Rules::figs_per_player`] slots); `None` for a kind
    /// the rules do not know.
    pub fn kind_slots(&self, kind: FigureKindId) -> Option<(u16, u16)> {
        let k = self.figures.get(kind.index())?;
        let &first = self.kind_first_slot.get(kind.index())?;
        Some((first, first.saturating_add(u16::from(k.per_player))))
    }

    /// The figure kind with this name.
    pub fn figure_kind(&self, name: &str) -> Option<FigureKindId> {
        self.figures
            .iter()
            .position(|f| f.name == name)
            .map(|i| FigureKindId(i as u8))
    }

    /// The area with this name.
    pub fn area(&self, name: &str) -> Option<AreaId> {
        self.areas
            .iter()
            .position(|(n, _)| n == name)
            .map(|i| AreaId(i as u8))
    }

    /// The figure kind `k`, if it exists.
    #[inline]
    pub fn figure(&self, k: FigureKindId) -> Option<&FigureKind> {
        self.figures.get(k.index())
    }

    /// The plugin with this id.
    pub fn plugin_index(&self, id: &str) -> Option<u8> {
        self.plugins
            .iter()
            .position(|p| p.decl.id == id)
            .map(|i| i as u8)
    }

    /// The score category of the points a plugin awards or adjusts.
    #[inline]
    pub fn plugin_category(&self, plugin: u8) -> usize {
        BASE_CATEGORIES.len() + plugin as usize
    }

    /// Whether the ruleset has no plugins that can veto or add placements (fast path).
    #[inline]
    pub fn plain_placement(&self) -> bool {
        !self.wants(hook::FILTER_PLACEMENTS | hook::EXTRA_PLACEMENTS)
    }
}

/// Per hook bit, the plugins of `entries` subscribed to it, in `order`.
fn subscribers_in(entries: &[PluginEntry], order: &[u8]) -> Vec<Vec<u8>> {
    (0..64)
        .map(|b| {
            order
                .iter()
                .copied()
                .filter(|&i| entries[usize::from(i)].subs & (1u64 << b) != 0)
                .collect()
        })
        .collect()
}

//! Standing offers ([`Offers`]): figure-step options a plugin asks the core to
//! make at every figure step from some point of the game on, instead of
//! adding them itself in `figure_options` every turn (a hook call across the
//! binary interface and a few queries per option).
//!
//! Two shapes, each tied to a feature instance:
//!
//! * **Deployments anywhere** ([`Cx::offer_deployments_at`]): the core offers
//!   deployments onto the feature wherever it is on the board, as it offers the
//!   features of the tile placed this turn: every offered kind in the current
//!   player's supply that may stand there by the shared rule (an occupying
//!   kind only into an unoccupied feature) and meets its offer conditions (a
//!   follower of tower tops: a raised tower).
//! * **A special option while the feature is open**
//!   ([`Cx::offer_special_at`]): the plugin's `Special` option with a code it
//!   chose, offered while no occupying figure stands in the feature (a piece
//!   onto any tower that no follower caps).
//!
//! Both go through the plugins' vetoes (`filter_figure_options`) like every
//! option, and come in the canonical order of the figure step: the core keeps
//! them sorted (deployment features by id, specials by plugin and code).
//! A third shape is tied to no feature:
//!
//! * **The spots of the player's followers** ([`Cx::offer_follower_spots`]):
//!   the plugin's `Special` option per follower of the current player standing
//!   on a feature, with the code of its spot (its tile's position and the
//!   feature's local index: [`spot_code`](crate::spot_code), the SDK's
//!   `Spot`), save one figure the plugin names (the fairy's option beside any
//!   follower but the one she stands beside).
//!
//! * **Every open feature, when the placed tile is marked**
//!   ([`Cx::offer_open_features`]): at a figure step whose placed tile
//!   carries one of the plugin's given markers (tile level), deployments of
//!   every follower kind in the current player's supply onto every feature
//!   instance of the board but the placed tile's that is unfinished and
//!   that the kind may stand on by the shared rule
//!   ([`Game::open_features_for`]): a magic portal, with no hook at the
//!   figure step and no sort (they come in order with the core's own).
//!
//! [`Cx::withdraw_offers_at`] takes a plugin's offers at a feature back;
//! [`Cx::offer_specials_to`] stops (or resumes) offering a plugin's specials
//! to a player (who has no tower piece left). The offers are part of the game
//! state (cloned, compared, reset at a restart).
//!
//! **Closed features** ([`Cx::close_feature`]): the shared placement rule
//! lets no figure into a closed feature (its set), so that neither the core's
//! offers nor `may_deploy` need a plugin's veto (a tower's bare foundation,
//! closed until its first piece). The mark is a flag of the set (a union keeps
//! it).

use super::*;

/// A plugin's standing special option at a feature instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Special {
    /// The offering plugin (its index).
    pub(super) plugin: u8,
    /// Its code (`FigureOption::Special::code`).
    pub(super) code: u32,
    /// The feature instance that must be open (no occupying figure in its
    /// feature) for the option to be offered.
    pub(super) feature: u16,
}

state! {
    /// The standing offers of a [`Game`].
    #[derive(Debug, PartialEq)]
    pub(super) struct Offers {
        /// Features open to deployments anywhere, as (feature, plugin,
        /// whether a plugin hosts the feature: [`Game::hosted`], fixed by its
        /// tile's data, read once here for [`Game::standing_features`]),
        /// sorted.
        pub(super) deploy: Vec<(u16, u8, bool)>,
        /// Standing special options, sorted (by plugin, code, feature).
        pub(super) special: Vec<Special>,
        /// Per plugin (by index), the seats (bit per seat) to whom its
        /// standing specials are not offered; empty until a plugin mutes one.
        pub(super) muted: Vec<u64>,
        /// The plugins offering the spots of the player's followers, as
        /// (plugin, the figure left out or `NONE16`, the figure carried or
        /// `NONE16`: [`Game::carry_to_spot`]), sorted by plugin.
        pub(super) spots: Vec<(u8, u16, u16)>,
        /// The plugins offering every open feature when the placed tile
        /// carries one of their markers, as (plugin, markers), sorted by
        /// plugin.
        pub(super) open: Vec<(u8, u64)>,
        /// While `spots` is not empty: per player (`figs_per_player`
        /// entries each), the keys of his followers on features (the code
        /// of the spot, then the slot: `code << 16 | slot`), sorted, then
        /// [`NO_KEY`]s; kept as figures are put and lifted
        /// ([`Game::spot_put`], [`Game::spot_lift`]), so that a figure step
        /// reads them instead of looking at every slot. Empty otherwise.
        pub(super) spot_keys: Vec<u64>,
    }
}

/// `Offers::spot_keys`: no follower (after the player's keys).
const NO_KEY: u64 = u64::MAX;

/// The features of the standing deployments at a figure step
/// ([`Game::standing_features`]), read once for every kind offered.
pub(super) struct StandingFeatures {
    /// The features, in order.
    feats: [u16; StandingFeatures::CAP],
    /// How many.
    n: usize,
    /// How many come before the placed tile's features.
    split: usize,
    /// Whether every feature listed is hosted by a plugin (a tower top):
    /// no kind but a plain one may stand there.
    plain_only: bool,
}

impl StandingFeatures {
    /// The most features listed.
    const CAP: usize = 16;

    /// The features before the placed tile's.
    pub(super) fn before(&self) -> &[u16] {
        self.feats.get(..self.split).unwrap_or(&[])
    }

    /// The features after the placed tile's.
    pub(super) fn after(&self) -> &[u16] {
        self.feats.get(self.split..self.n).unwrap_or(&[])
    }

    /// Whether a figure of `kind` may stand on none of the features by the
    /// kinds' rules alone ([`Game::may_stand_on`]: only plain kinds on a
    /// hosted feature), or there are none.
    pub(super) fn none_for(&self, kind: &crate::rules::FigureKind) -> bool {
        self.n == 0 || self.plain_only && !kind.plain
    }
}

impl Offers {
    /// No standing offer (see [`Offers::reset`]).
    pub(super) fn new() -> Offers {
        Offers {
            deploy: Vec::new(),
            special: Vec::new(),
            muted: Vec::new(),
            spots: Vec::new(),
            open: Vec::new(),
            spot_keys: Vec::new(),
        }
    }

    /// No standing offer, reusing the buffers.
    pub(super) fn reset(&mut self) {
        self.deploy.clear();
        self.special.clear();
        self.muted.clear();
        self.spots.clear();
        self.open.clear();
        self.spot_keys.clear();
    }

    /// Whether there is no standing offer at all: one test for a figure step
    /// of a ruleset without any (base).
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.deploy.is_empty()
            && self.special.is_empty()
            && self.spots.is_empty()
            && self.open.is_empty()
    }
}

impl Game {
    /// Closes the set of `f` to deployments by the shared rule, or opens it
    /// again ([`Cx::close_feature`]).
    pub(crate) fn close_feature(&mut self, f: FeatureId, closed: bool) -> bool {
        let Some(r) = self.find(f) else {
            return false;
        };
        let flags = &mut self.feats.recs[r.index()].flags;
        if closed {
            *flags |= features::CLOSED;
        } else {
            *flags &= !features::CLOSED;
        }
        true
    }

    /// Plugin `plugin` offers deployments onto feature instance `f` at every
    /// figure step from now on (see the module). `false` if `f` does not exist.
    pub(crate) fn offer_deployments_at(&mut self, plugin: u8, f: FeatureId) -> bool {
        if f.index() >= self.feats.recs.len() {
            return false;
        }
        let entry = (f.0, plugin, self.hosted(&self.feats.recs[f.index()]));
        let d = &mut self.offers.deploy;
        if let Err(i) = d.binary_search(&entry) {
            d.insert(i, entry);
        }
        true
    }

    /// Plugin `plugin` offers its special option `code` at every figure step
    /// from now on while feature instance `f` is open (see the module).
    /// `false` if `f` does not exist.
    pub(crate) fn offer_special_at(&mut self, plugin: u8, f: FeatureId, code: u32) -> bool {
        if f.index() >= self.feats.recs.len() {
            return false;
        }
        let s = Special {
            plugin,
            code,
            feature: f.0,
        };
        let list = &mut self.offers.special;
        if let Err(i) = list.binary_search(&s) {
            list.insert(i, s);
        }
        true
    }

    /// Plugin `plugin` takes back its standing offers at feature instance
    /// `f`. Whether it had any.
    pub(crate) fn withdraw_offers_at(&mut self, plugin: u8, f: FeatureId) -> bool {
        let o = &mut self.offers;
        let before = o.deploy.len() + o.special.len();
        o.deploy.retain(|&(g, p, _)| (g, p) != (f.0, plugin));
        o.special.retain(|s| (s.feature, s.plugin) != (f.0, plugin));
        o.deploy.len() + o.special.len() != before
    }

    /// The features of the standing deployments (each once, in order) but
    /// placed tile `t`'s (the core offers its features already), split at
    /// `base` (the id of the tile's first feature): `None` if there are more
    /// than [`StandingFeatures`] holds. Out of line: only rulesets with
    /// standing deployments (a raised tower) come here.
    #[inline(never)]
    pub(super) fn standing_features(&self, t: u16, base: u16) -> Option<StandingFeatures> {
        let mut l = StandingFeatures {
            feats: [0; StandingFeatures::CAP],
            n: 0,
            split: 0,
            plain_only: true,
        };
        let mut last = NONE16;
        for &(f, _, hosted) in &self.offers.deploy {
            if f == last {
                continue;
            }
            last = f;
            if self
                .feats
                .recs
                .get(usize::from(f))
                .is_none_or(|ft| ft.tile == t)
            {
                continue;
            }
            l.plain_only &= hosted;
            *l.feats.get_mut(l.n)? = f;
            l.n += 1;
            if f < base {
                l.split = l.n;
            }
        }
        Some(l)
    }

    /// The deployments of kind `k` (offered, in the current player's supply)
    /// onto the features `feats` that it may stand on, in order: the
    /// standing deployments' features (listed by
    /// [`Game::standing_features`]) or the features added to the placed
    /// tile.
    #[inline]
    pub(super) fn deploys_onto(
        &self,
        k: FigureKindId,
        kind: &crate::rules::FigureKind,
        feats: impl IntoIterator<Item = u16>,
        out: &mut Vec<FigureOption>,
    ) {
        let conditions = kind.beside_follower || kind.open_only;
        for f in feats {
            let ft = &self.feats.recs[usize::from(f)];
            if self.may_stand_on(k, kind, ft)
                && (!conditions || self.offer_conditions_hold(kind, ft))
            {
                out.push(FigureOption::Deploy {
                    kind: k,
                    at: Location::Feature(FeatureId(f)),
                });
            }
        }
    }

    /// The standing deployments of kind `k` (offered, in the current player's
    /// supply) onto features with ids in `range`, except the placed tile's
    /// (placed tile `t`: the core offers its features already), in order.
    pub(super) fn standing_deploys_into(
        &self,
        k: FigureKindId,
        kind: &crate::rules::FigureKind,
        range: std::ops::Range<u16>,
        t: u16,
        out: &mut Vec<FigureOption>,
    ) {
        let conditions = kind.beside_follower || kind.open_only;
        let mut last = NONE16;
        // The offers are sorted by feature: the range's first found by a
        // binary search (the figure step asks for the features before the
        // placed tile's, then for those after them).
        let deploy = &self.offers.deploy;
        let first = deploy.partition_point(|&(f, ..)| f < range.start);
        for &(f, ..) in &deploy[first..] {
            if f == last {
                continue;
            }
            if f >= range.end {
                break;
            }
            last = f;
            let Some(ft) = self.feats.recs.get(usize::from(f)) else {
                continue;
            };
            if ft.tile == t {
                continue; // offered with the placed tile's features
            }
            if self.may_stand_on(k, kind, ft)
                && (!conditions || self.offer_conditions_hold(kind, ft))
            {
                out.push(FigureOption::Deploy {
                    kind: k,
                    at: Location::Feature(FeatureId(f)),
                });
            }
        }
    }

    /// Whether plugin `plugin`'s standing specials are offered to `player`
    /// ([`Cx::offer_specials_to`]).
    pub(crate) fn offer_specials_to(&mut self, plugin: u8, player: PlayerId, on: bool) -> bool {
        if player.seat() >= self.players || usize::from(plugin) >= self.rules.plugins.len() {
            return false;
        }
        let muted = &mut self.offers.muted;
        if muted.len() < self.rules.plugins.len() {
            muted.resize(self.rules.plugins.len(), 0);
        }
        let bit = 1u64 << player.seat();
        if on {
            muted[usize::from(plugin)] &= !bit;
        } else {
            muted[usize::from(plugin)] |= bit;
        }
        true
    }

    /// Plugin `plugin` offers (`on`) or stops offering the spots of the
    /// current player's followers ([`Cx::offer_follower_spots`]), leaving out
    /// figure `except` (one that is no player's follower leaves none out).
    /// `false` for a plugin that does not exist.
    pub(crate) fn offer_follower_spots(&mut self, plugin: u8, on: bool, except: FigureId) -> bool {
        if usize::from(plugin) >= self.rules.plugins.len() {
            return false;
        }
        let spots = &mut self.offers.spots;
        match (spots.binary_search_by_key(&plugin, |s| s.0), on) {
            (Ok(i), true) => spots[i].1 = except.0,
            (Err(i), true) => spots.insert(i, (plugin, except.0, NONE16)),
            (Ok(i), false) => {
                spots.remove(i);
            }
            (Err(_), false) => {}
        }
        if spots.is_empty() {
            self.offers.spot_keys.clear();
        } else if self.offers.spot_keys.is_empty() {
            self.build_spot_keys();
        }
        true
    }

    /// Fills `Offers::spot_keys` from the figures on the board.
    fn build_spot_keys(&mut self) {
        let per = usize::from(self.rules.figs_per_player);
        let mut keys = std::mem::take(&mut self.offers.spot_keys);
        keys.clear();
        keys.resize(per * usize::from(self.players), NO_KEY);
        for p in 0..usize::from(self.players) {
            let region = &mut keys[p * per..(p + 1) * per];
            let n = self.spot_keys_of(p, region);
            region[..n].sort_unstable();
        }
        self.offers.spot_keys = keys;
    }

    /// The keys of player `p`'s followers on features (unsorted) into
    /// `out` (`figs_per_player` long); their number.
    fn spot_keys_of(&self, p: usize, out: &mut [u64]) -> usize {
        let per = usize::from(self.rules.figs_per_player);
        let mut n = 0;
        for slot in 0..per {
            if let Some(key) = self.spot_key(p * per + slot) {
                if let Some(k) = out.get_mut(n) {
                    *k = key;
                    n += 1;
                }
            }
        }
        n
    }

    /// The key in `Offers::spot_keys` of figure `fig`: a player's follower
    /// on a feature (not at a corner) whose spot has a code; `None` else.
    fn spot_key(&self, fig: usize) -> Option<u64> {
        let per = usize::from(self.rules.figs_per_player);
        if per == 0 || fig >= per * usize::from(self.players) {
            return None;
        }
        let slot = fig % per;
        let r = self.figures.figs.get(fig)?;
        if r.feature == NONE16 || r.corner != figures::NO_CORNER {
            return None;
        }
        let kind = self.rules.slot_kind.get(slot)?;
        if !self.rules.figures.get(kind.index())?.follower {
            return None;
        }
        let ft = self.feats.recs.get(usize::from(r.feature))?;
        let tile = self.board.tiles.get(usize::from(ft.tile))?;
        let code = crate::spot_code(tile.pos, Some(ft.local))?;
        Some(u64::from(code) << 16 | slot as u64)
    }

    /// Figure `fig` was put where it stands: its key into
    /// `Offers::spot_keys` (a follower on a feature). Only while a plugin
    /// offers the spots.
    #[cold]
    pub(super) fn spot_put(&mut self, fig: u16) {
        let Some(key) = self.spot_key(usize::from(fig)) else {
            return;
        };
        let per = usize::from(self.rules.figs_per_player);
        let first = usize::from(fig) / per * per;
        let Some(region) = self.offers.spot_keys.get_mut(first..first + per) else {
            return;
        };
        let i = region.partition_point(|&k| k < key);
        if i < per {
            region.copy_within(i..per - 1, i + 1);
            region[i] = key;
        }
    }

    /// Figure `fig` is about to be lifted from where it stands: its key out
    /// of `Offers::spot_keys`. Only while a plugin offers the spots.
    #[cold]
    pub(super) fn spot_lift(&mut self, fig: u16) {
        let per = usize::from(self.rules.figs_per_player);
        if per == 0 {
            return;
        }
        let (first, slot) = (usize::from(fig) / per * per, u64::from(fig) % per as u64);
        let Some(region) = self.offers.spot_keys.get_mut(first..first + per) else {
            return;
        };
        if let Some(j) = region
            .iter()
            .position(|&k| k != NO_KEY && k & 0xFFFF == slot)
        {
            region.copy_within(j + 1.., j);
            region[per - 1] = NO_KEY;
        }
    }

    /// The spot options of the plugins that offer the spots of the current
    /// player's followers: per plugin, one `Special` per spot (figures
    /// sharing a feature share it), in order of code, appended to `out`.
    /// The player's keys are kept sorted (`Offers::spot_keys`) as his
    /// figures move: read here, not rebuilt.
    pub(super) fn standing_spots_into(&self, out: &mut Vec<FigureOption>) {
        let per = usize::from(self.rules.figs_per_player);
        let first = self.turn.current.index() * per;
        let Some(keys) = self.offers.spot_keys.get(first..first + per) else {
            return;
        };
        #[cfg(debug_assertions)]
        {
            let mut fresh = vec![NO_KEY; per];
            let n = self.spot_keys_of(self.turn.current.index(), &mut fresh);
            fresh[..n].sort_unstable();
            debug_assert_eq!(keys, &fresh[..], "the kept spot keys");
        }
        for &(plugin, except, _) in &self.offers.spots {
            // The slot of the figure left out (none if it is not the player's).
            let except = usize::from(except).wrapping_sub(first) as u64;
            // The code last offered (none: no code is that large).
            let mut last = u64::MAX;
            for &key in keys {
                if key == NO_KEY {
                    break;
                }
                let code = key >> 16;
                if key & 0xFFFF != except && code != last {
                    out.push(FigureOption::Special {
                        plugin,
                        code: code as u32,
                    });
                    last = code;
                }
            }
        }
    }

    /// The standing special options whose feature is open, in order (one per
    /// plugin and code), of the plugins that offer them to the current player.
    pub(super) fn standing_specials_into(&self, out: &mut Vec<FigureOption>) {
        let mut last = None;
        let seat = 1u64 << self.turn.current.seat();
        let muted = &self.offers.muted;
        for s in &self.offers.special {
            if muted
                .get(usize::from(s.plugin))
                .is_some_and(|&m| m & seat != 0)
            {
                continue;
            }
            let Some(ft) = self.feats.recs.get(usize::from(s.feature)) else {
                continue;
            };
            if self.feats.recs[usize::from(ft.parent)].occ > 0 {
                continue;
            }
            let o = FigureOption::Special {
                plugin: s.plugin,
                code: s.code,
            };
            if last != Some(o) {
                out.push(o);
                last = Some(o);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::*;
    use std::sync::Arc;

    /// Offers deployments and its special 7 at feature 0 (the start tile's
    /// first feature) from `setup`, not to player 1; closes feature 0 in turn
    /// 2 and opens it again in turn 3.
    struct Standing;

    impl Hooks for Standing {
        fn subscriptions(&self) -> u64 {
            hook::SETUP | hook::TURN_START
        }
        fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
            assert!(cx.offer_deployments_at(FeatureId(0)));
            assert!(cx.offer_special_at(FeatureId(0), 7));
            assert!(cx.offer_specials_to(PlayerId::new(1).unwrap(), false));
            assert!(!cx.offer_special_at(FeatureId(60000), 7), "no such feature");
            assert!(!cx.close_feature(FeatureId(60000), true));
            Ok(())
        }
        fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
            let f0 = Location::Feature(FeatureId(0));
            match cx.turn() {
                2 => {
                    assert!(cx.close_feature(FeatureId(0), true));
                    assert!(!cx.view().may_deploy(FigureKindId(0), f0)?);
                }
                3 => assert!(cx.close_feature(FeatureId(0), false)),
                5 => assert!(cx.withdraw_offers_at(FeatureId(0))),
                _ => {}
            }
            Ok(())
        }
    }

    /// Plays to the next figure step (every figure step passed, so that no
    /// figure occupies anything) and returns its turn, player and options.
    fn next_figure_step(g: &mut Game, rng: &mut Rng) -> (u16, PlayerId, Vec<FigureOption>) {
        loop {
            if g.stage() == Stage::Figure {
                let (turn, player) = (g.turn(), g.current_player());
                let opts: Vec<FigureOption> = g
                    .legal_actions()
                    .unwrap()
                    .into_iter()
                    .filter_map(|a| match a {
                        Action::Figure(o) => Some(o),
                        _ => None,
                    })
                    .collect();
                g.apply(Action::Figure(FigureOption::Pass)).unwrap();
                return (turn, player, opts);
            }
            assert!(g.step_random(rng).unwrap());
        }
    }

    #[test]
    fn standing_offers_come_every_turn_in_order_and_a_closed_feature_takes_no_figure() {
        let text = include_str!("../../../configs/tilesets/base.toml");
        let set: TileSetSpec = toml::from_str(text).unwrap();
        let tiles = TileCatalogue::build(&[set], "C2").unwrap();
        let decl = PluginDecl {
            id: "standing".into(),
            ..PluginDecl::default()
        };
        let plugins: Vec<(PluginDecl, Arc<dyn Hooks>)> = vec![(decl, Arc::new(Standing))];
        let rules = Arc::new(Rules::new("t", tiles, CoreOptions::default(), plugins).unwrap());
        let mut g = Game::new(rules, 2, 1).unwrap();
        let mut rng = Rng::new(2);
        let follower = FigureKindId(0);
        let at0 = FigureOption::Deploy {
            kind: follower,
            at: Location::Feature(FeatureId(0)),
        };
        let special = FigureOption::Special { plugin: 0, code: 7 };
        for turn in 1..=6u16 {
            let (t, player, opts) = next_figure_step(&mut g, &mut rng);
            assert_eq!(t, turn);
            assert!(opts.windows(2).all(|w| w[0] < w[1]), "canonical order");
            let p0 = player.seat() == 0;
            let deploys = turn != 2 && turn < 5; // closed in 2, withdrawn in 5
            assert_eq!(opts.contains(&at0), deploys, "turn {turn}");
            assert_eq!(opts.contains(&special), p0 && turn < 5, "turn {turn}");
            g.check_integrity().unwrap();
        }
        let mut fresh = g.clone();
        assert!(fresh == g, "the offers are cloned");
        fresh.restart(1).unwrap();
        let (_, _, opts) = next_figure_step(&mut fresh, &mut rng);
        assert!(
            opts.contains(&at0) && opts.contains(&special),
            "set up again"
        );
    }

    /// Offers the spots of the player's followers from `setup`, leaving out
    /// figure 0 (player 0's first follower); from turn 9 none left out (its
    /// own figure id past the players'), from turn 15 no offer.
    struct Spots;

    impl Hooks for Spots {
        fn subscriptions(&self) -> u64 {
            hook::SETUP | hook::TURN_START
        }
        fn setup(&self, cx: &mut Cx<'_>) -> HookResult {
            assert!(cx.offer_follower_spots(true, FigureId(0)));
            Ok(())
        }
        fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
            match cx.turn() {
                9 => assert!(cx.offer_follower_spots(true, FigureId(u16::MAX))),
                15 => assert!(cx.offer_follower_spots(false, FigureId(0))),
                _ => {}
            }
            Ok(())
        }
    }

    #[test]
    fn the_spots_of_the_players_followers_are_offered_but_the_one_left_out() {
        let text = include_str!("../../../configs/tilesets/base.toml");
        let set: TileSetSpec = toml::from_str(text).unwrap();
        let tiles = TileCatalogue::build(&[set], "C2").unwrap();
        let decl = PluginDecl {
            id: "spots".into(),
            ..PluginDecl::default()
        };
        let plugins: Vec<(PluginDecl, Arc<dyn Hooks>)> = vec![(decl, Arc::new(Spots))];
        let rules = Arc::new(Rules::new("t", tiles, CoreOptions::default(), plugins).unwrap());
        let mut g = Game::new(rules, 2, 3).unwrap();
        let mut rng = Rng::new(5);
        let (mut offered, mut left_out) = (0, 0);
        while g.turn() < 20 && g.step_random(&mut rng).unwrap() {
            if g.stage() != Stage::Figure {
                continue;
            }
            let me = g.current_player();
            let except = match g.turn() {
                ..9 => Some(FigureId(0)),
                9..15 => None,
                _ => continue,
            };
            // What the offer should be: the spot of each follower of the
            // player on a feature, but the one left out, each once, in order.
            let mut want: Vec<FigureOption> = (0..g.figure_count() as u16)
                .map(FigureId)
                .filter(|&f| g.figure_owner(f) == Some(me) && Some(f) != except)
                .filter_map(|f| g.figure_place(f))
                .filter_map(|p| crate::spot_code(p.pos, Some(p.local)))
                .map(|code| FigureOption::Special { plugin: 0, code })
                .collect();
            want.sort();
            want.dedup();
            let got: Vec<FigureOption> = g
                .legal_actions()
                .unwrap()
                .into_iter()
                .filter_map(|a| match a {
                    Action::Figure(o @ FigureOption::Special { .. }) => Some(o),
                    _ => None,
                })
                .collect();
            assert_eq!(got, want, "turn {}", g.turn());
            offered += got.len();
            left_out +=
                usize::from(except.is_some_and(|f| g.figure_place(f).is_some() && me.seat() == 0));
        }
        assert!(offered > 10 && left_out > 0, "{offered} {left_out}");
    }
}

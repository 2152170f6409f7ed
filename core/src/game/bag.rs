//! The tiles not on the board ([`Bag`]: the bag, the hands, the face-down and
//! the set-aside tiles, the plugins' lots) and the tile draw: which tiles may
//! be drawn now (the plugins' `filter_draws`, and the tile types they hold
//! back as data, `Cx::hold_back_draws`), the draw's outcomes, and sampling
//! it.
//!
//! The bag keeps its copies per tile type up to date at every draw (one
//! decrement), and the list of the types it holds (a type whose last copy is
//! drawn leaves it at the next filtered draw), so a filtered draw neither
//! copies nor sorts the bag, and allocates nothing: the plugins filter the
//! list as it is, and a draw walks the bag once, only when a plugin held a
//! type back.

use super::actions::broken;
use super::*;

state! {
    /// The tiles of a [`Game`] that are not on the board.
    #[derive(Debug)]
    pub(super) struct Bag {
        /// The tiles in the bag (a multiset; a draw takes an entry and moves
        /// the last one into its place, so the order is part of the state).
        pub(super) tiles: Vec<TileTypeId>,
        /// Copies in `tiles` per tile type.
        counts: Vec<u16>,
        /// The tile types with copies in `tiles`, in type order (what the
        /// draw filters are asked about), and `gone` types whose last copy
        /// was drawn since the list was last compacted ([`Bag::compact`]).
        /// Kept only while `listing` (empty otherwise: no buffer to copy
        /// when the game is cloned).
        present: Vec<TileTypeId>,
        /// Whether `present` is kept: some plugin filters the draws
        /// ([`hook::FILTER_DRAWS`], fixed by the rules). Without a filter
        /// nothing reads the list; the draw's outcomes walk `counts`.
        listing: bool,
        /// How many types in `present` have no copy left.
        gone: u16,
        /// Tiles held in hand: `(player, tile type)`, sorted.
        pub(super) hands: Vec<(PlayerId, TileTypeId)>,
        /// Tiles taken face down (hidden from players).
        pub(super) hidden: Vec<TileTypeId>,
        /// Tiles set aside because they fit nowhere.
        pub(super) set_aside: Vec<TileTypeId>,
        /// Tiles held face up by plugins (their *lots*): `(plugin, tile type)`,
        /// in the order drawn (`Cx::push_public_tile_draw`).
        pub(super) lots: Vec<(u8, TileTypeId)>,
        /// Tiles given to players at run time (`Cx::give_lot_tile`), in the
        /// order given: in hand until played; one that fits nowhere when
        /// played is set aside.
        pub(super) given: Vec<(PlayerId, TileTypeId)>,
        /// Tile types held back from the draw as data
        /// ([`Cx::hold_back_draws`]): per plugin (by index, sorted) the
        /// tile-level markers whose types it holds back.
        held_by: Vec<(u8, u64)>,
        /// The tile types carrying one of `held_by`'s markers, in type
        /// order; empty when none is held back.
        held: Vec<TileTypeId>,
        /// Per tile type, whether it is in `held` (empty when none is).
        held_flag: Vec<bool>,
    }
}

impl PartialEq for Bag {
    /// The same tiles, in the same order, and the same hands, face-down,
    /// set-aside and plugin tiles (the list of types derives from the tiles,
    /// however compacted).
    fn eq(&self, o: &Bag) -> bool {
        self.tiles == o.tiles
            && self.counts == o.counts
            && self.hands == o.hands
            && self.hidden == o.hidden
            && self.set_aside == o.set_aside
            && self.lots == o.lots
            && self.given == o.given
            && self.held_by == o.held_by
    }
}

impl Bag {
    /// An empty bag (see [`Bag::reset`]).
    pub(super) fn new() -> Bag {
        Bag {
            tiles: Vec::new(),
            counts: Vec::new(),
            present: Vec::new(),
            listing: true,
            gone: 0,
            hands: Vec::new(),
            hidden: Vec::new(),
            set_aside: Vec::new(),
            lots: Vec::new(),
            given: Vec::new(),
            held_by: Vec::new(),
            held: Vec::new(),
            held_flag: Vec::new(),
        }
    }

    /// The bag and hands at the start of a game of `rules` with `players`
    /// players: every tile but the start tile in the bag, in type order
    /// ([`Rules::start_bag`]); each player's tiles in hand; the list of types
    /// kept if some plugin filters the draws. Reuses the buffers.
    pub(super) fn reset(&mut self, rules: &Rules, players: u8) {
        let Bag {
            tiles,
            counts,
            present,
            listing,
            gone,
            hands,
            hidden,
            set_aside,
            lots,
            given,
            held_by,
            held,
            held_flag,
        } = self;
        tiles.clone_from(&rules.start_bag.0);
        counts.clone_from(&rules.start_bag.1);
        *listing = rules.subs_any & hook::FILTER_DRAWS != 0;
        Self::list_present(counts, present, *listing);
        *gone = 0;
        hands.clear();
        for (i, t) in rules.tiles.types.iter().enumerate() {
            for p in PlayerId::all(players) {
                hands.extend(std::iter::repeat_n(
                    (p, TileTypeId(i as u16)),
                    t.per_player as usize,
                ));
            }
        }
        hands.sort_unstable();
        hidden.clear();
        set_aside.clear();
        lots.clear();
        given.clear();
        held_by.clear();
        held.clear();
        held_flag.clear();
    }

    /// Counts the copies per type again, for `types` tile types (after the
    /// bag's contents changed other than by [`Bag::take`]).
    pub(super) fn recount(&mut self, types: usize) {
        refill(&mut self.counts, types, 0);
        for &t in &self.tiles {
            self.counts[t.index()] += 1;
        }
        Self::list_present(&self.counts, &mut self.present, self.listing);
        self.gone = 0;
    }

    /// Lists in `present` the types with copies in `counts`, in type order,
    /// if `listing` (else leaves it empty).
    fn list_present(counts: &[u16], present: &mut Vec<TileTypeId>, listing: bool) {
        present.clear();
        if !listing {
            return;
        }
        present.extend(
            (0..counts.len())
                .filter(|&t| counts[t] > 0)
                .map(|t| TileTypeId(t as u16)),
        );
    }

    /// Takes bag entry `i` (valid) out of the bag; the last entry takes its place.
    #[inline]
    pub(super) fn take(&mut self, i: usize) -> TileTypeId {
        let t = self.tiles.swap_remove(i);
        if let Some(c) = self.counts.get_mut(t.index()) {
            *c -= 1;
            // Its last copy: the type leaves the list at the next compaction.
            self.gone += u16::from(*c == 0);
        }
        t
    }

    /// Drops the types without copies from the list (a pass over it, only
    /// after a type's last copy was drawn).
    #[inline]
    pub(super) fn compact(&mut self) {
        if self.gone > 0 {
            let counts = &self.counts;
            self.present
                .retain(|t| counts.get(t.index()).is_some_and(|&c| c > 0));
            self.gone = 0;
        }
    }

    /// The tile types in the bag, in type order, once [`Bag::compact`]ed
    /// (before that, also the types whose last copy was drawn since). Only
    /// while the list is kept (some plugin filters the draws: the callers
    /// are the filtered draws); empty otherwise.
    #[inline]
    pub(super) fn types(&self) -> &[TileTypeId] {
        &self.present
    }

    /// Copies in the bag per tile type, indexed by tile type id.
    #[inline]
    pub(super) fn counts(&self) -> &[u16] {
        &self.counts
    }

    /// Puts tile `t` back into the bag (at its end).
    pub(super) fn put_back(&mut self, t: TileTypeId) {
        self.tiles.push(t);
        if let Some(c) = self.counts.get_mut(t.index()) {
            *c += 1;
            if *c == 1 && self.listing {
                match self.present.binary_search(&t) {
                    // Listed still, its last copy drawn: listed rightly again.
                    Ok(_) => self.gone -= 1,
                    Err(k) => self.present.insert(k, t),
                }
            }
        }
    }

    /// Whether tile type `t` is held back from the draw as data
    /// ([`Cx::hold_back_draws`]).
    #[inline]
    pub(super) fn is_held(&self, t: TileTypeId) -> bool {
        self.held_flag.get(t.index()).copied().unwrap_or(false)
    }

    /// Whether some tile type is held back as data ([`Cx::hold_back_draws`]).
    #[inline]
    pub(super) fn holds_back(&self) -> bool {
        !self.held.is_empty()
    }

    /// The bag's entries whose type is not held back as data.
    #[inline]
    fn unheld(&self) -> u32 {
        let held: u32 = self.held.iter().map(|&t| self.count(t)).sum();
        self.tiles.len() as u32 - held
    }

    /// Copies of tile type `t` in the bag.
    #[inline]
    pub(super) fn count(&self, t: TileTypeId) -> u32 {
        self.counts.get(t.index()).map_or(0, |&c| u32::from(c))
    }

    /// Checks the counts against the bag's entries.
    pub(super) fn check(&self) -> Result<(), String> {
        let mut fresh = Bag::new();
        fresh.listing = self.listing;
        fresh.tiles.clone_from(&self.tiles);
        fresh.recount(self.counts.len());
        if fresh.counts != self.counts {
            return Err("the bag's counts per tile type do not match its tiles".into());
        }
        if !self.listing {
            return if self.present.is_empty() {
                Ok(())
            } else {
                Err("the bag lists its tile types with no draw filter".into())
            };
        }
        let mut listed = Bag::new();
        listed.present.clone_from(&self.present);
        listed.counts.clone_from(&self.counts);
        listed.gone = 1;
        listed.compact();
        if listed.present != fresh.present
            || usize::from(self.gone) != self.present.len() - fresh.present.len()
        {
            return Err("the bag's list of tile types does not match its tiles".into());
        }
        Ok(())
    }
}

/// Calls `each(i)` for every `i` where `keep[i] == kept`, in order. Eight
/// entries are read as one word, and a word without a match is skipped at
/// once: a filter usually holds back all but a few types (the river's), or
/// only a few (the dragon's, which are looked at then).
#[inline]
fn for_each_kept(keep: &[bool], kept: bool, mut each: impl FnMut(usize)) {
    // One byte per entry, 0 or 1: flipped when the `false` ones are wanted.
    let flip = if kept { 0 } else { 0x0101_0101_0101_0101u64 };
    let mut words = keep.chunks_exact(8);
    let mut base = 0;
    for c in &mut words {
        if let Ok(a) = <&[bool; 8]>::try_from(c) {
            // The lowest set bit is in the first matching entry's byte.
            let mut w = u64::from_le_bytes(a.map(u8::from)) ^ flip;
            while w != 0 {
                each(base + w.trailing_zeros() as usize / 8);
                w &= w - 1;
            }
        }
        base += 8;
    }
    for (i, &k) in words.remainder().iter().enumerate() {
        if k == kept {
            each(base + i);
        }
    }
}

/// How many entries of `keep` are `true`: eight read as one word, whose
/// bytes (0 or 1) are counted by its set bits.
#[inline]
fn count_kept(keep: &[bool]) -> usize {
    let mut words = keep.chunks_exact(8);
    let mut n = 0;
    for c in &mut words {
        if let Ok(a) = <&[bool; 8]>::try_from(c) {
            n += u64::from_le_bytes(a.map(u8::from)).count_ones() as usize;
        }
    }
    n + words.remainder().iter().filter(|&&k| k).count()
}

impl Game {
    /// Whether the bag holds a tile the plugins let be drawn now.
    #[inline]
    pub(super) fn has_drawable(&mut self) -> Result<bool, HookError> {
        if self.bag.tiles.is_empty() {
            return Ok(false);
        }
        if !self.wants(hook::FILTER_DRAWS) && !self.bag.holds_back() {
            return Ok(true);
        }
        self.has_drawable_filtered()
    }

    /// [`Game::has_drawable`] for the next regular turn, which starts only
    /// with a tile to draw: the draw filters are asked as that turn's draw
    /// asks them (its number, its player, no tile placed yet, the draw's
    /// stage), and the turn is put back as it was. A filter of the turn
    /// number (a type held back on odd turns) gives the same answer to both.
    #[inline]
    pub(super) fn has_drawable_next(&mut self) -> Result<bool, HookError> {
        if self.bag.tiles.is_empty() {
            return Ok(false);
        }
        if !self.wants(hook::FILTER_DRAWS) && !self.bag.holds_back() {
            return Ok(true);
        }
        self.has_drawable_as_next_turn()
    }

    /// [`Game::has_drawable_next`] when plugins filter the draws.
    fn has_drawable_as_next_turn(&mut self) -> Result<bool, HookError> {
        let t = &mut self.turn;
        let was = (t.current, t.number, t.granted_by, t.stage);
        let placed = (t.last_tile, t.piece, t.over);
        t.current = t.rotation.next_in(self.players);
        t.number = t.number.saturating_add(1);
        (t.granted_by, t.stage) = (CORE_OWNER, Stage::Draw);
        (t.last_tile, t.piece, t.over) = (NONE16, Piece::NONE, false);
        let r = self.has_drawable();
        let t = &mut self.turn;
        (t.current, t.number, t.granted_by, t.stage) = was;
        (t.last_tile, t.piece, t.over) = placed;
        r
    }

    /// [`Game::has_drawable`] when plugins filter the draws (with their
    /// hook, or as data only: then whether a type not held back is left).
    /// The answer is kept for the draw that follows
    /// ([`Game::sample_bag_entry`]), its drawable types marked: used there
    /// when every subscriber declared its filter steady
    /// (`narrow::DRAWS_STEADY`) and nothing changed in between.
    fn has_drawable_filtered(&mut self) -> Result<bool, HookError> {
        if !self.wants(hook::FILTER_DRAWS) {
            return Ok(self.bag.unheld() > 0);
        }
        self.bag.compact();
        let mut keep = std::mem::take(&mut self.scratch.draw_keep);
        let r = self.filter_draws(self.bag.types(), &mut keep);
        self.scratch.draws_kept = r.is_ok();
        // Marked for the draw when the draw will use this answer (and the
        // filters held a type back: else any entry is drawn).
        let any = if r.is_ok() && self.all_narrowed_away(hook::FILTER_DRAWS, Narrowed::Draws()) {
            match count_kept(&keep) {
                kept if kept < keep.len() => self.mark_drawable(&keep, kept) > 0,
                kept => kept > 0,
            }
        } else {
            keep.iter().any(|&k| k)
        };
        self.scratch.draw_keep = keep;
        r.map(|_| any)
    }

    /// Marks in `Scratch::drawable` the types `keep` lets be drawn (`keep[i]`
    /// for the `i`-th of [`Bag::types`], compacted), or, when the filters
    /// held back fewer types than they let be drawn, the types held back
    /// (`Scratch::marked_held`: a filter that holds back a few, the
    /// dragon's, marks those few), every other type unmarked; returns the
    /// copies in the bag that may be drawn (kept as `Scratch::marked_n`).
    /// The marks stand for the draw filters' answer in `Scratch::draw_keep`;
    /// `kept` is how many entries of `keep` are `true`.
    fn mark_drawable(&mut self, keep: &[bool], kept: usize) -> u32 {
        let bag = &self.bag;
        let scratch = &mut self.scratch;
        let types = bag.types();
        if scratch.drawable.len() < bag.counts.len() {
            scratch.drawable.resize(bag.counts.len(), false);
        }
        let drawable = &mut scratch.drawable[..];
        drawable.fill(false);
        let held = kept * 2 > keep.len();
        let mut n = 0;
        for_each_kept(keep, !held, |i| {
            if let Some(&t) = types.get(i) {
                if let Some(d) = drawable.get_mut(t.index()) {
                    *d = true;
                }
                n += bag.count(t);
            }
        });
        let n = if held { bag.tiles.len() as u32 - n } else { n };
        scratch.marked_held = held;
        scratch.marked_n = n;
        n
    }

    /// Whether the draw filters' last answer (`Scratch::draw_keep`) stands:
    /// the case [`Narrowed::Draws`] narrows away.
    #[inline]
    pub(crate) fn draws_kept(&self) -> bool {
        self.scratch.draws_kept
    }

    /// Fills `keep` with whether each tile type of `types` (the types in the
    /// bag, in type order: [`Bag::types`] compacted) may be drawn now (the
    /// plugins' `filter_draws`, which read the list as it is).
    fn filter_draws(&self, types: &[TileTypeId], keep: &mut Vec<bool>) -> HookResult {
        keep.clear();
        keep.resize(types.len(), true);
        dispatch_view!(self, hook::FILTER_DRAWS, |h, v| h
            .filter_draws(v, types, keep));
        if self.bag.holds_back() {
            for (k, &t) in keep.iter_mut().zip(types) {
                *k &= !self.bag.is_held(t);
            }
        }
        Ok(())
    }

    /// Draws bag entry `i` (the tile draw chance event).
    pub(super) fn draw_at(&mut self, i: usize) -> HookResult {
        self.scratch.draws_kept = false;
        let t = self.bag.take(i);
        let player = self.turn.current;
        self.emit(|| Event::TileDrawn { player, tile: t });
        // Where a plugin adds or filters placements, counted from the list
        // unless plain matching says the tile fits ([`Game::unplain_fits`]):
        // a list made is kept for the placement (`Scratch::placements_for`).
        let mut listed = !self.plain_placement(t);
        let fits = if listed {
            let (fits, made) = self.unplain_fits(t)?;
            listed = made;
            fits
        } else {
            self.plain_drawn_count(t)
        };
        if fits > 0 {
            self.turn.drawn = t.0;
            self.turn.drawn_fits = fits;
            self.turn.stage = Stage::Drawn;
            if listed {
                self.scratch.placements_for = Some(t.0);
            }
        } else {
            self.bag.set_aside.push(t);
            self.emit(|| Event::TileSetAside { tile: t });
        }
        Ok(())
    }

    /// The tile draw's outcomes: tile types in the bag weighted by copies, minus those
    /// the plugins hold back (`filter_draws`) if `filtered`.
    pub(super) fn bag_outcomes(&self, out: &mut Vec<Outcome>, filtered: bool) -> HookResult {
        if !self.bag.listing {
            // No plugin filters the draws: the types with copies, in type
            // order, from the counts.
            out.extend(
                self.bag
                    .counts
                    .iter()
                    .enumerate()
                    .filter(|&(t, &c)| {
                        c > 0 && !(filtered && self.bag.is_held(TileTypeId(t as u16)))
                    })
                    .map(|(t, &c)| Outcome {
                        code: t as u32,
                        weight: u32::from(c),
                    }),
            );
            return Ok(());
        }
        let mut listed = Vec::new();
        let types = if self.bag.gone > 0 {
            // Not compacted (a query cannot change the state): the list without
            // the types whose last copy was drawn.
            listed.extend(self.bag.types().iter().filter(|&&t| self.bag.count(t) > 0));
            &listed[..]
        } else {
            self.bag.types()
        };
        let mut keep = Vec::new();
        if filtered && (self.wants(hook::FILTER_DRAWS) || self.bag.holds_back()) {
            self.filter_draws(types, &mut keep)?;
        } else {
            keep.resize(types.len(), true);
        }
        out.extend(
            types
                .iter()
                .zip(&keep)
                .filter(|(_, &k)| k)
                .map(|(&t, _)| Outcome {
                    code: u32::from(t.0),
                    weight: self.bag.count(t),
                }),
        );
        Ok(())
    }

    /// A uniform bag entry among those the plugins let be drawn.
    #[inline]
    pub(super) fn sample_bag_entry(&mut self, filtered: bool) -> Result<usize, GameError> {
        if self.bag.tiles.is_empty() {
            return Err(broken("draw"));
        }
        if !filtered || (!self.wants(hook::FILTER_DRAWS) && !self.bag.holds_back()) {
            return Ok(self.turn.rng.below(self.bag.tiles.len() as u32) as usize);
        }
        self.sample_filtered_bag_entry()
    }

    /// [`Game::sample_bag_entry`] when only data holds types back
    /// ([`Cx::hold_back_draws`]): the `k`-th of the `n` entries of the other
    /// types, `k` uniform below `n`, found as [`Game::pick_drawable`] finds
    /// it (the same draws as a filter hook holding those types back).
    fn sample_unheld_bag_entry(&mut self) -> Result<usize, GameError> {
        let n = self.bag.unheld();
        if n == self.bag.tiles.len() as u32 {
            return Ok(self.turn.rng.below(n) as usize);
        }
        if n == 0 {
            return Err(broken("draw"));
        }
        let mut r = n - 1 - self.turn.rng.below(n);
        let bag = &self.bag;
        bag.tiles
            .iter()
            .rposition(|&t| {
                if bag.is_held(t) {
                    return false;
                }
                let here = r == 0;
                r = r.wrapping_sub(1);
                here
            })
            .ok_or_else(|| broken("draw"))
    }

    /// Plugin `plugin` holds back (`on`) from the filtered draws every tile
    /// type carrying one of the tile-level `markers`, or stops
    /// ([`Cx::hold_back_draws`]). `false` for a plugin that does not exist.
    pub(crate) fn hold_back_draws(&mut self, plugin: u8, markers: u64, on: bool) -> bool {
        if usize::from(plugin) >= self.rules.plugins.len() {
            return false;
        }
        let bag = &mut self.bag;
        set_plugin_markers(&mut bag.held_by, plugin, markers, on);
        let all = bag.held_by.iter().fold(0, |a, h| a | h.1);
        bag.held.clear();
        bag.held_flag.clear();
        if all != 0 {
            let types = &self.rules.tiles.types;
            bag.held_flag
                .extend(types.iter().map(|t| t.markers & all != 0));
            bag.held.extend(
                (0..types.len())
                    .filter(|&i| bag.held_flag[i])
                    .map(|i| TileTypeId(i as u16)),
            );
            if bag.held.is_empty() {
                bag.held_flag.clear();
            }
        }
        true
    }

    /// The plugin that holds tile type `ty` back as data
    /// ([`Cx::hold_back_draws`]), the first by index.
    pub(super) fn holding_back_as_data(&self, ty: TileTypeId) -> Option<u8> {
        let m = self.rules.tiles.get(ty)?.markers;
        self.bag.held_by.iter().find(|h| h.1 & m != 0).map(|h| h.0)
    }

    /// [`Game::sample_bag_entry`] when plugins filter the draws (with their
    /// hook, or only as data: [`Game::sample_unheld_bag_entry`]): the `k`-th of
    /// the `n` entries of the types they let be drawn, `k` uniform below `n`.
    /// The filters are not asked again when they declared themselves steady
    /// and nothing changed since they were asked (the check that started the
    /// turn, [`Game::has_drawable`]): their answer stands.
    fn sample_filtered_bag_entry(&mut self) -> Result<usize, GameError> {
        if !self.wants(hook::FILTER_DRAWS) {
            return self.sample_unheld_bag_entry();
        }
        self.bag.compact();
        let mut keep = std::mem::take(&mut self.scratch.draw_keep);
        // The answer stands: its types were marked when it was given.
        let marked = self.all_narrowed_away(hook::FILTER_DRAWS, Narrowed::Draws());
        let r = if marked {
            Ok(())
        } else {
            self.filter_draws(self.bag.types(), &mut keep)
        };
        let pick = match r {
            Ok(()) => self.pick_drawable(&keep, marked),
            Err(_) => None,
        };
        self.scratch.draw_keep = keep;
        r?;
        pick.ok_or_else(|| broken("draw"))
    }

    /// The draw among the bag entries whose type `keep` lets be drawn (`keep[i]`
    /// for the `i`-th of [`Bag::types`]); `None` if there is none. `marked`:
    /// [`Game::mark_drawable`] marked `keep`'s types already.
    fn pick_drawable(&mut self, keep: &[bool], marked: bool) -> Option<usize> {
        if keep.iter().all(|&k| k) {
            // Nothing held back (the usual case): any entry.
            let n = self.bag.tiles.len() as u32;
            return (n > 0).then(|| self.turn.rng.below(n) as usize);
        }
        // The drawable types marked (a filter usually lets few be drawn: the
        // river's), the bag walked up to the k-th entry of a marked type.
        let n = if marked {
            self.scratch.marked_n
        } else {
            self.mark_drawable(keep, count_kept(keep))
        };
        // A marked type is drawable, or held back when the marks are those
        // held back.
        let held = self.scratch.marked_held;
        let (bag, drawable) = (&self.bag, &self.scratch.drawable);
        // The k-th drawable entry from the start is the (n - 1 - k)-th from
        // the end, where the walk starts: the bag starts in type order and a
        // draw moves its last entry into the hole, so the types of the
        // catalogue's last tile sets (a plugin's: the river's) stay at its end.
        let pick = if n == 0 {
            None
        } else {
            let mut r = n - 1 - self.turn.rng.below(n);
            bag.tiles.iter().rposition(|t| {
                if drawable[t.index()] == held {
                    return false;
                }
                let here = r == 0;
                r = r.wrapping_sub(1);
                here
            })
        };
        pick
    }
}

impl Game {
    /// The order in which the bag's tiles can come, as the plugins' draw
    /// filters (`filter_draws`) see it now: first the tile types the next
    /// draw may give, with their copies; then those it may give once all of
    /// those are drawn; and so on, at most `max` groups, each in type order. A
    /// tile no group holds is held back beyond that (the filters let none of
    /// the rest be drawn, or `max` was reached). Without a draw filter, one
    /// group: the whole bag. For front ends that show which tile comes next
    /// (a river's tiles, then its lake, then the land tiles); the bag's
    /// contents are public.
    pub fn draw_groups(&self, max: usize) -> Result<Vec<Vec<(TileTypeId, u32)>>, GameError> {
        let mut groups = Vec::new();
        let mut g = self.clone();
        let mut out = Vec::new();
        while groups.len() < max && !g.bag.tiles.is_empty() {
            out.clear();
            g.bag_outcomes(&mut out, true)?;
            let group: Vec<(TileTypeId, u32)> = out
                .iter()
                .filter(|o| o.weight > 0)
                .map(|o| (TileTypeId(o.code as u16), o.weight))
                .collect();
            if group.is_empty() {
                break;
            }
            g.bag
                .tiles
                .retain(|t| group.binary_search_by_key(t, |&(u, _)| u).is_err());
            g.bag.recount(self.rules.tiles.types.len());
            groups.push(group);
        }
        Ok(groups)
    }
}

#[cfg(test)]
mod tests {
    use super::for_each_kept;

    #[test]
    fn for_each_kept_visits_every_matching_entry_in_order() {
        for n in [0usize, 1, 7, 8, 9, 16, 23, 90] {
            for seed in 0..6 {
                let keep: Vec<bool> = (0..n).map(|i| (i * 7 + seed) % 5 == 0).collect();
                for kept in [true, false] {
                    let mut seen = Vec::new();
                    for_each_kept(&keep, kept, |i| seen.push(i));
                    let want: Vec<usize> = (0..n).filter(|&i| keep[i] == kept).collect();
                    assert_eq!(seen, want, "{n} entries, seed {seed}, {kept}");
                }
            }
        }
        let all = vec![true; 19];
        let mut seen = Vec::new();
        for_each_kept(&all, true, |i| seen.push(i));
        assert_eq!(seen, (0..19).collect::<Vec<_>>());
    }
}

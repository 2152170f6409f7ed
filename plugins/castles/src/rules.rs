//! The castles' geometry: which completed city may become a castle (BB14),
//! a castle's vicinity (BB17) and which completed feature lies in it (BB18).

use carcassonne_plugin_sdk::prelude::*;

/// The slot mask of a whole side `d` (its three slots).
fn side_mask(d: Side) -> u16 {
    0b111 << (3 * d as u16)
}

/// Whether feature instance `m` is a castle cap (BB14): a city covering
/// exactly one whole side of its tile and nothing else, not marked
/// `no-castle` (`no_castle`: the marker's bit).
fn is_cap(v: &View<'_>, m: FeatureId, no_castle: u64) -> bool {
    let t = v.feature_tile(m);
    let slots = v.tile_feature_slots(t, v.feature_local(m));
    Side::ALL.iter().any(|&d| slots == side_mask(d)) && v.feature_markers(m) & no_castle == 0
}

/// The tiles of the city `city` when it may become a castle (BB14): two
/// castle caps facing each other, holding exactly one follower (any follower
/// kind); that follower and its owner.
pub fn eligible(v: &View<'_>, city: FeatureId, no_castle: u64) -> Option<(FigureId, PlayerId)> {
    if v.feature_kind(city) != FeatureKind::City || v.feature_withheld(city) {
        return None;
    }
    // Two members (read without gathering them), one follower, then both
    // members caps: the caps' slots are the dearest to read.
    let mut members = v.members(city);
    let (Some(a), Some(b), None) = (members.next(), members.next(), members.next()) else {
        return None;
    };
    let mut followers = v
        .figures_in(city)
        .filter(|&g| v.figure_kind_follower(v.figure_kind(g)));
    let (Some(g), None) = (followers.next(), followers.next()) else {
        return None;
    };
    if !is_cap(v, a, no_castle) || !is_cap(v, b, no_castle) {
        return None;
    }
    Some((g, v.figure_owner(g)?))
}

/// A castle's vicinity (BB17): its two tiles and the two squares beside
/// each, across the line joining them (a 3 × 2 block).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vicinity {
    /// The castle's two tiles.
    pub tiles: [Pos; 2],
}

impl Vicinity {
    /// The vicinity of the castle on city `city` (two tiles).
    pub fn of(v: &View<'_>, city: FeatureId) -> Option<Vicinity> {
        let mut tiles = v.members(city).map(|m| v.tile_pos(v.feature_tile(m)));
        Some(Vicinity {
            tiles: [tiles.next()?, tiles.next()?],
        })
    }

    /// Whether square `p` lies in the vicinity.
    pub fn contains(&self, p: Pos) -> bool {
        let [a, b] = self.tiles;
        let north_south = a.x == b.x;
        self.tiles.iter().any(|t| {
            if north_south {
                t.y == p.y && (t.x - p.x).abs() <= 1
            } else {
                t.x == p.x && (t.y - p.y).abs() <= 1
            }
        }) || a == p
            || b == p
    }

    /// Whether the completed feature `f` lies in the vicinity (BB18): a road
    /// or city with any of its tiles there, a cloister or spot with its own
    /// tile there.
    pub fn holds_feature(&self, v: &View<'_>, f: FeatureId) -> bool {
        if v.feature_kind(f).is_centre() {
            return self.contains(v.tile_pos(v.feature_tile(v.find(f))));
        }
        v.members(f)
            .any(|m| self.contains(v.tile_pos(v.feature_tile(m))))
    }

    /// Whether another castle (`other`) has a tile in the vicinity (BB21).
    pub fn holds_castle(&self, other: &Vicinity) -> bool {
        other.tiles.iter().any(|&p| self.contains(p))
    }
}

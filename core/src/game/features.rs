//! The features on the board: one record per feature instance of a placed
//! tile, joined into sets (a road, a city, a field) by an incremental
//! union-find whose every record points straight at its set's root.

use super::*;

/// A feature instance of a placed tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Feat {
    /// The root of its set (every member points at it: one look-up).
    pub(super) parent: u16,
    /// Next member in the circular member list of its set.
    pub(super) next: u16,
    /// Open sides (valid at roots).
    pub(super) open: u16,
    /// Placed tile index.
    pub(super) tile: u16,
    /// First figure standing on this feature instance.
    pub(super) figs: u16,
    /// Occupying figures (valid at roots).
    pub(super) occ: u8,
    pub(super) kind: FeatureKind,
    pub(super) local: u8,
    /// The tile feature's pennants (copied: scoring reads them per member).
    pub(super) pennants: u8,
    /// Flags of the set (valid at roots; a union keeps either's): [`WITHHELD`],
    /// [`NOT_FOR_FARMERS`], [`CLOSED`], [`SURROUNDED`].
    pub(super) flags: u8,
}

/// `Feat::flags`: the core never scores the set (tile data `scored = false`,
/// `Cx::withhold_feature`).
pub(super) const WITHHELD: u8 = 1;

/// `Feat::flags`: a completed city of this set is no city for farmers
/// (`Cx::exclude_from_farmers`): no farmer unit, pig or barn counts it.
pub(super) const NOT_FOR_FARMERS: u8 = 2;

/// `Feat::flags`: no figure may be deployed into the set by the shared rule
/// (`Cx::close_feature`: a tower's bare foundation).
pub(super) const CLOSED: u8 = 4;

/// `Feat::flags`: a centre feature (a cloister, a spot; always its own set)
/// whose tile is surrounded, set when its tile's eighth neighbour is placed:
/// what [`Game::complete`] reads from the tile, kept where a pass over every
/// record ([`Game::open_set`]) reads it with the set's other flags.
pub(super) const SURROUNDED: u8 = 8;

impl Feat {
    /// The feature records of a fresh tile of type `tt` under rotation `rot`,
    /// placed as tile 0 with its first feature as id 0: each its own set,
    /// nobody on it. Its `open` holds the board sides the feature touches (a
    /// bit per side): placing the tile turns it into the count of those
    /// without a neighbour.
    pub(crate) fn template(tt: &crate::tiles::TileType, rot: Rotation) -> Vec<Feat> {
        let r = u32::from(rot.quarter_turns());
        tt.features
            .iter()
            .enumerate()
            .map(|(l, f)| Feat {
                parent: l as u16,
                next: l as u16,
                open: {
                    let printed = u16::from(f.sides);
                    (printed << r | printed >> (4 - r)) & 15
                },
                tile: 0,
                figs: NONE16,
                occ: 0,
                kind: f.kind,
                local: l as u8,
                pennants: f.pennants,
                flags: if f.scored { 0 } else { WITHHELD },
            })
            .collect()
    }
}

state! {
    /// The feature records of a [`Game`], by feature id.
    #[derive(Debug, PartialEq)]
    pub(super) struct Features {
        pub(super) recs: Vec<Feat>,
    }
}

impl Features {
    /// No features, with room for `max` (see [`Features::reset`]).
    pub(super) fn new() -> Features {
        Features { recs: Vec::new() }
    }

    /// No features, with room for `max`, reusing the buffer.
    pub(super) fn reset(&mut self, max: usize) {
        fresh(&mut self.recs, max);
    }

    /// The number of feature instances.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.recs.len()
    }

    /// The root of `f`'s set (valid `f`): every feature's `parent` is its root
    /// (a union relabels the absorbed set), so one look-up.
    #[inline]
    pub(super) fn root(&self, f: u16) -> u16 {
        self.recs[f as usize].parent
    }

    /// Joins the sets of `a` and `b`; returns `(kept, absorbed)` roots, or
    /// `None` if they were one set already. The older feature stays the root;
    /// the absorbed set's members are relabelled along its member ring.
    #[inline]
    pub(super) fn union(&mut self, a: u16, b: u16) -> Option<(u16, u16)> {
        let ra = self.root(a);
        let rb = self.root(b);
        if ra == rb {
            return None;
        }
        let (keep, gone) = if ra < rb { (ra, rb) } else { (rb, ra) };
        let g = self.recs[gone as usize];
        let mut m = gone;
        loop {
            let f = &mut self.recs[m as usize];
            f.parent = keep;
            m = f.next;
            if m == gone {
                break;
            }
        }
        let k = &mut self.recs[keep as usize];
        k.open += g.open;
        k.occ = k.occ.saturating_add(g.occ);
        k.flags |= g.flags;
        let kn = k.next;
        k.next = g.next;
        self.recs[gone as usize].next = kn;
        Some((keep, gone))
    }
}

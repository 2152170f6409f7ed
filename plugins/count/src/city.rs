//! The city of Carcassonne's quarters: which figures may enter them, which
//! may leave them, and where to (CK13, CK15, CK17–CK21, CK25).

use super::options::{AbbotEnters, FinalMoves, ForbiddenTiles};
use carcassonne_plugin_sdk::prelude::*;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// The quarters, in the Count's clockwise order (CK13, CK16): the plugin's
/// areas, by index.
pub const QUARTERS: [&str; 4] = ["castle", "market", "blacksmith", "cathedral"];
/// Index of the castle in [`QUARTERS`] (where the Count starts, CK12).
pub const CASTLE: usize = 0;
/// Index of the market in [`QUARTERS`] (closed without farmers, CK15).
pub const MARKET: usize = 1;

/// The feature kinds the followers of quarter `q` go to (CK17, CK21):
/// castle → cities, market → fields, blacksmith → roads, cathedral →
/// cloisters and spots (gardens: an abbot, CK25).
pub fn quarter_kinds(q: usize) -> FeatureKinds {
    match q {
        0 => FeatureKinds::of(&[FeatureKind::City]),
        1 => FeatureKinds::of(&[FeatureKind::Field]),
        2 => FeatureKinds::of(&[FeatureKind::Road]),
        _ => FeatureKinds::of(&[FeatureKind::Cloister, FeatureKind::Spot]),
    }
}

/// The quarter area `a` is, if it is one of this plugin's.
pub fn quarter_of(v: &View<'_>, a: AreaId) -> Option<usize> {
    (0..QUARTERS.len()).find(|&q| v.my_area(q) == a)
}

/// The quarter figure `g` stands in, if it is in one.
pub fn figure_quarter(v: &View<'_>, g: FigureId) -> Option<usize> {
    match v.figure_location(g) {
        Some(Location::Area(a)) => quarter_of(v, a),
        _ => None,
    }
}

/// The Count (the plugin's only figure): remembered in the state from
/// `setup` on, looked for before.
pub fn count_figure(v: &View<'_>) -> Option<FigureId> {
    match v.game_state::<super::State>() {
        Ok(s) if s.count_figure != 0 => Some(FigureId((s.count_figure - 1) as u16)),
        _ => v.my_figures(0).next(),
    }
}

/// The quarter where the Count stands (CK18: it blocks it).
pub fn count_quarter(v: &View<'_>) -> Option<usize> {
    count_figure(v).and_then(|g| figure_quarter(v, g))
}

/// Whether the quarter may be chosen at all: not the market when farmers
/// are off (CK15, X69 F4).
pub fn quarter_open(v: &View<'_>, q: usize) -> bool {
    q != MARKET || v.farmers_on()
}

/// CK25: whether figures of `kind` may enter the city — followers (the
/// follower, the large follower, the mayor, the wagon) standing on their
/// own; not companions (builder, pig), buildings (barn) or the shepherd (no
/// follower). A follower that stands on no road, city or field (the abbot:
/// cloisters and gardens only) enters only with `abbot = "yes"`.
pub fn may_enter(v: &View<'_>, kind: FigureKindId, abbot: AbbotEnters) -> bool {
    if !v.figure_kind_follower(kind) || v.figure_kind_class(kind) != FigureClass::Standing {
        return false;
    }
    let stands = v.figure_kind_stands_on(kind);
    let landscape = [FeatureKind::Road, FeatureKind::City, FeatureKind::Field];
    abbot == AbbotEnters::Yes || landscape.iter().any(|&k| stands.contains(k))
}

/// The kinds player `p` may put into the city now: allowed (CK25) and in
/// his supply.
pub fn entering_kinds(v: &View<'_>, p: PlayerId, abbot: AbbotEnters) -> Vec<FigureKindId> {
    (0..v.figure_kind_count() as u8)
        .map(FigureKindId)
        .filter(|&k| may_enter(v, k, abbot) && v.supply(p, k) > 0)
        .collect()
}

/// One of player `p`'s figures of `kind` in his supply.
pub fn supply_figure(v: &View<'_>, p: PlayerId, kind: FigureKindId) -> Option<FigureId> {
    (0..v.figure_count() as u16).map(FigureId).find(|&g| {
        v.figure_owner(g) == Some(p) && v.figure_kind(g) == kind && v.figure_location(g).is_none()
    })
}

/// When a follower may leave a quarter and where to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    /// `None`: CK17, before a scoring step, into the features about to be
    /// scored (not from the market, CK20); else CK21, after the last turn,
    /// into unfinished features (fields: any).
    pub final_moves: Option<FinalMoves>,
    /// Whether a tile where another plugin forbids figures is left out
    /// (`forbidden-tiles`, X79).
    pub forbidden: ForbiddenTiles,
}

impl Window {
    /// Whether this is the window before a scoring step (CK17).
    pub fn is_scoring(self) -> bool {
        self.final_moves.is_none()
    }

    /// Whether followers leave quarter `q` in this window.
    fn leaves(self, q: usize) -> bool {
        match self.final_moves {
            None => q != MARKET,
            Some(FinalMoves::MarketOnly) => q == MARKET,
            Some(FinalMoves::AnyQuarter) => true,
        }
    }

    /// The features (roots) followers may join in this window.
    fn roots(self, v: &View<'_>) -> Vec<FeatureId> {
        match self.final_moves {
            None => v.pending_scorings().to_vec(),
            Some(_) => (0..v.feature_count() as u16)
                .map(FeatureId)
                .filter(|&f| {
                    v.find(f) == f
                        && !v.feature_withheld(f)
                        && (v.feature_kind(f) == FeatureKind::Field || !v.is_complete(f))
                })
                .collect(),
        }
    }
}

/// CK19: the segments (as spot codes of feature instances, one per tile the
/// feature passes) where figure `g`, in quarter `q`, may be put in `window`:
/// the features of the quarter's kinds that the figure's kind stands on, on
/// a tile where no plugin forbids a figure (PD4: not the dragon's; X79).
/// Each segment once, in the order found (a segment already named asks no
/// veto again: after the last turn, the features are the whole board's).
pub fn targets(v: &View<'_>, g: FigureId, q: usize, window: Window) -> HookResult<Vec<u32>> {
    let kind = v.figure_kind(g);
    let mut out = Vec::new();
    let roots = window.roots(v);
    // About two segments a feature: most sets never grow.
    let mut named = Codes::with_capacity_and_hasher(2 * roots.len(), Default::default());
    each_target(v, kind, q, &roots, |code, m| {
        if !named.contains(&code) && allowed(v, kind, window, m)? {
            named.insert(code);
            out.push(code);
        }
        Ok(false)
    })?;
    Ok(out)
}

/// The spot codes [`targets`] has named: hashed by one multiplication
/// ([`CodeHasher`]), not SipHash, whose protection against chosen keys buys
/// nothing for the codes of the board's own segments and cost as much as the
/// rest of the call (after the last turn, every segment of the board is
/// looked at, in every playout of a search that reaches the end).
type Codes = HashSet<u32, BuildHasherDefault<CodeHasher>>;

/// The hasher of [`Codes`]: a spot code times an odd constant, its high half
/// (mixed from every bit of the code) moved to the low bits, which pick the
/// bucket.
#[derive(Default)]
struct CodeHasher(u64);

impl Hasher for CodeHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u32(u32::from(b));
        }
    }

    fn write_u32(&mut self, code: u32) {
        self.0 = (u64::from(code) ^ self.0)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(32);
    }
}

/// Whether [`targets`] names the segment `code` for figure `g` in quarter
/// `q` in `window`: the segments looked at only until it comes with a kind
/// it may be put on (a move is checked without listing every target, and
/// without the set that keeps the list free of repeats).
pub fn is_target(
    v: &View<'_>,
    g: FigureId,
    q: usize,
    window: Window,
    code: u32,
) -> HookResult<bool> {
    let kind = v.figure_kind(g);
    let roots = window.roots(v);
    each_target(v, kind, q, &roots, |c, m| {
        Ok(c == code && allowed(v, kind, window, m)?)
    })
}

/// Whether [`targets`] names any segment for a figure of kind `kind` in
/// quarter `q` in `window`, among the features `roots` ([`Window::roots`]):
/// the vetoes asked only until one segment will do.
fn has_target(
    v: &View<'_>,
    kind: FigureKindId,
    q: usize,
    window: Window,
    roots: &[FeatureId],
) -> HookResult<bool> {
    each_target(v, kind, q, roots, |_, m| allowed(v, kind, window, m))
}

/// Whether a figure of `kind` may be put on feature instance `m` in
/// `window`: no plugin forbids it there, where such tiles are avoided
/// (`forbidden-tiles`, X79).
fn allowed(v: &View<'_>, kind: FigureKindId, window: Window, m: FeatureId) -> HookResult<bool> {
    Ok(
        window.forbidden != ForbiddenTiles::Avoided
            || v.vetoes_allow(kind, Location::Feature(m))?,
    )
}

/// Calls `found` with each segment (its spot code and feature instance) of a
/// feature among `roots` of quarter `q`'s kinds that a figure of `kind`
/// stands on, until it returns `true`; whether it did.
fn each_target(
    v: &View<'_>,
    kind: FigureKindId,
    q: usize,
    roots: &[FeatureId],
    mut found: impl FnMut(u32, FeatureId) -> HookResult<bool>,
) -> HookResult<bool> {
    let stands = v.figure_kind_stands_on(kind);
    let kinds = quarter_kinds(q);
    for &r in roots {
        let k = v.feature_kind(r);
        if !kinds.contains(k) || !stands.contains(k) {
            continue;
        }
        for m in v.members(r) {
            if let Some(code) = Spot::of_feature(v, m).code() {
                if found(code, m)? {
                    return Ok(true);
                }
            }
        }
    }
    Ok(false)
}

/// The figures player `p` may move out of the city in `window` (as figure
/// codes, one per kind and quarter; CK18: none from the Count's quarter).
pub fn leaving(v: &View<'_>, p: PlayerId, window: Window) -> HookResult<Vec<u32>> {
    let blocked = count_quarter(v);
    let roots = window.roots(v);
    let mut out = Vec::new();
    for q in (0..QUARTERS.len()).filter(|&q| Some(q) != blocked && window.leaves(q)) {
        for g in v.figures_in_area(v.my_area(q)) {
            if v.figure_owner(g) != Some(p) {
                continue;
            }
            let code = Spot::of_figure(v, g);
            if !out.contains(&code) && has_target(v, v.figure_kind(g), q, window, &roots)? {
                out.push(code);
            }
        }
    }
    Ok(out)
}

/// Whether [`leaving`] names any figure of player `p` in `window`, without
/// listing them ([`leaver_seats`] for `p` alone).
pub fn has_leaver(v: &View<'_>, p: PlayerId, window: Window) -> HookResult<bool> {
    Ok(leaver_seats(v, Some(p), window)? != 0)
}

/// The players (a bit per seat; only `only` if given) for whom [`leaving`]
/// names a figure in `window`, without listing them: one pass over the
/// figures (asked before every scoring step for every player), the quarters'
/// areas read once, a player's figures skipped once one has somewhere to go.
pub fn leaver_seats(v: &View<'_>, only: Option<PlayerId>, window: Window) -> HookResult<u64> {
    let areas: [AreaId; QUARTERS.len()] = std::array::from_fn(|q| v.my_area(q));
    let mut seats = 0u64;
    let mut blocked = None;
    let mut roots = None;
    for g in (0..v.figure_count() as u16).map(FigureId) {
        let Some(Location::Area(a)) = v.figure_location(g) else {
            continue;
        };
        let Some(q) = areas.iter().position(|&x| x == a) else {
            continue;
        };
        if !window.leaves(q) {
            continue;
        }
        let Some(p) = v.figure_owner(g) else {
            continue;
        };
        let bit = 1u64 << p.index();
        if seats & bit != 0 || only.is_some_and(|o| o != p) {
            continue;
        }
        if *blocked.get_or_insert_with(|| count_quarter(v)) == Some(q) {
            continue;
        }
        let roots: &Vec<FeatureId> = roots.get_or_insert_with(|| window.roots(v));
        if has_target(v, v.figure_kind(g), q, window, roots)? {
            seats |= bit;
        }
    }
    Ok(seats)
}

/// The figure an option of [`leaving`] names, checked: player `p`'s, in a
/// quarter it may leave in `window`.
pub fn chosen_leaver(
    v: &View<'_>,
    p: PlayerId,
    code: u32,
    window: Window,
) -> HookResult<Option<FigureId>> {
    if !leaving(v, p, window)?.contains(&code) {
        return Ok(None);
    }
    Ok(Spot::figure_of(code))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn spot_codes_spread_over_the_buckets() {
        // The segments of a 32 × 32 board, nine a tile: the bits that pick a
        // bucket among 16,384 take as many values as a random hash's would
        // (about 7,000 for 9,216 codes); the code's own low bits take 288.
        let build = BuildHasherDefault::<CodeHasher>::default();
        let mut buckets = HashSet::new();
        let mut codes = 0;
        for x in -16..16 {
            for y in -16..16 {
                for l in 0..9 {
                    let code = carcassonne_plugin_sdk::Spot {
                        pos: Pos::new(x, y),
                        local: Some(l),
                    }
                    .code()
                    .unwrap();
                    buckets.insert(build.hash_one(code) & 0x3FFF);
                    codes += 1;
                }
            }
        }
        assert_eq!(codes, 9216);
        assert!(buckets.len() > 6500, "{} buckets", buckets.len());
    }
}

//! Standing offers of every open feature ([`Cx::offer_open_features`], see
//! [`offers`]): at a figure step whose placed tile carries an
//! offering plugin's marker (a magic portal), the core's deployments of
//! every follower kind in supply onto every unfinished feature instance of
//! the board, merged in order into the figure step's list.

use super::*;

impl Game {
    /// Plugin `plugin` offers (`on`) or stops offering every open feature at
    /// the figure steps whose placed tile carries one of `markers`
    /// ([`Cx::offer_open_features`]). `false` for a plugin that does not
    /// exist.
    pub(crate) fn offer_open_features(&mut self, plugin: u8, markers: u64, on: bool) -> bool {
        if usize::from(plugin) >= self.rules.plugins.len() {
            return false;
        }
        super::set_plugin_markers(&mut self.offers.open, plugin, markers, on);
        true
    }

    /// The deployments of every open feature ([`Game::offer_open_features`])
    /// for placed tile `t`, which carries a marker of an offering plugin
    /// (the caller asked [`Game::open_offered_on`] first, inline: most
    /// figure steps end there): per follower kind in the current player's
    /// supply (offered or not), every feature instance but `t`'s that is
    /// unfinished (a completed road or city, a surrounded cloister:
    /// finished; a field never) and that the kind may stand on by the shared
    /// rule, merged into `out` (the core's options so far, in canonical
    /// order) so that it stays in order, each option once. Out of line: only
    /// the marked tiles' figure steps of a ruleset with such an offer come
    /// here.
    #[inline(never)]
    pub(super) fn open_offers_into(&self, t: u16, out: &mut Vec<FigureOption>) {
        // The core's options so far (`Pass` and the placed tile's: a short
        // sorted run) set aside on the stack (on the heap if long); the open
        // features appended after them (a long sorted run); then the two
        // merged in place from the front (a standing deployment may name
        // the same feature: kept once). No buffer of their own.
        let n = out.len();
        let mut small = [FigureOption::Pass; 16];
        let large;
        let mine: &[FigureOption] = match out.get(..n.min(small.len())) {
            Some(run) if n <= small.len() => {
                small[..n].copy_from_slice(run);
                &small[..n]
            }
            _ => {
                large = out.clone();
                &large
            }
        };
        // At most one option per feature record and kind in supply (usually
        // one kind), each kept by a test of bits (no branch per record).
        for (k, kind) in self.rules.figures.iter().enumerate() {
            let k = FigureKindId(k as u8);
            if !kind.follower || self.supply_of(self.turn.current, k) == 0 {
                continue;
            }
            let by_kind = self.open_by_kind(kind);
            match by_kind.filter(|_| !kind.one_per_feature) {
                // By the feature's kind alone: a loop without calls.
                Some(m) => self.open_records_into(k, out, |ft| {
                    (ft.tile != t) & self.open_set(ft, kind.occupies, m)
                }),
                None => self.open_records_into(k, out, |ft| {
                    (ft.tile != t) & self.open_to(k, kind, by_kind, ft)
                }),
            }
        }
        // Each of the core's options finds its place in the long run by a
        // binary search; the long run's slices between them move to the
        // front. Written at `w`, read at `r`: `r - w` counts the core's
        // options not yet written (and the duplicates skipped), so a write
        // never reaches an option not yet read.
        let key = super::option_order::option_key;
        let (mut w, mut r) = (0, n);
        for &x in mine {
            let kx = key(x);
            let i = out[r..].partition_point(|&y| key(y) < kx);
            out.copy_within(r..r + i, w);
            (w, r) = (w + i, r + i);
            if out.get(r).is_some_and(|&y| key(y) == kx) {
                r += 1;
            }
            out[w] = x;
            w += 1;
        }
        let end = out.len();
        out.copy_within(r..end, w);
        out.truncate(w + end - r);
    }

    /// A deployment of kind `k` onto every feature record that `keep`
    /// keeps, in id order, appended to `out`: each record's option written
    /// and the end moved past it by `keep`'s answer, not pushed behind a
    /// branch (the answers follow no pattern).
    #[inline(always)]
    fn open_records_into(
        &self,
        k: FigureKindId,
        out: &mut Vec<FigureOption>,
        keep: impl Fn(&Feat) -> bool,
    ) {
        let recs = &self.feats.recs[..];
        let mut w = out.len();
        out.resize(w + recs.len(), FigureOption::Pass);
        for (f, ft) in (0u16..).zip(recs) {
            let Some(slot) = out.get_mut(w) else {
                break;
            };
            *slot = FigureOption::Deploy {
                kind: k,
                at: Location::Feature(FeatureId(f)),
            };
            w += usize::from(keep(ft));
        }
        out.truncate(w);
    }

    /// Whether placed tile `t` carries (at tile level) a marker of a plugin
    /// that offers every open feature then ([`Game::offer_open_features`]).
    #[inline]
    pub(super) fn open_offered_on(&self, t: TileIndex) -> bool {
        let markers = self.offers.open.iter().fold(0, |m, o| m | o.1);
        markers != 0 && self.tile_has_marker(t, markers)
    }
}

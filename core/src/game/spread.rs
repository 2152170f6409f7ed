//! The plugins' vetoes over the figure step's list ([`Game::figure_vetoes`]),
//! and over a list spread over many tiles (a magic portal's): each plugin is
//! given only the options onto the tiles its figures stand on, found by
//! binary searches in the sorted list.

use super::figure_step::among;
use super::*;

/// The most options onto the watched tiles ([`Game::vetoes_spread`]).
const CAP: usize = 32;

impl Game {
    /// The plugins' vetoes (`filter_figure_options`) over the figure step's
    /// list `out` (in canonical order) for placed tile `t`; `elsewhere`:
    /// an option may deploy onto another tile than `t` (a plugin's
    /// additions, standing deployments, a portal's open features). Out of
    /// line, and its usual case first: every option onto the placed tile
    /// (or none) and every subscriber narrowed away (none of its figures
    /// there), so nothing is asked and the list stays as it is; the rest,
    /// [`Game::figure_vetoes_asked`], is cold.
    #[inline(never)]
    pub(super) fn figure_vetoes(
        &self,
        out: &mut Vec<FigureOption>,
        t: u16,
        elsewhere: bool,
    ) -> HookResult {
        if !elsewhere {
            // Narrowed away: no deployment in the list, or none of the
            // plugin's figures on the placed tile (one tile compared).
            let deploys = matches!(out.get(1), Some(FigureOption::Deploy { .. }));
            // Every vetoing plugin narrows so, and none of their figures is
            // on the tile: one look at their figures, none per plugin.
            if self.rules.tile_vetoers.is_some() && (!deploys || self.no_vetoer_on(&[t; 4])) {
                return Ok(());
            }
            let bit = hook::FILTER_FIGURE_OPTIONS;
            let quiet = |i: u8| {
                let narrowed =
                    self.plugin_narrowing(i) & crate::narrow::bits::OPTIONS_ON_MY_TILES != 0;
                narrowed && !(deploys && self.plugin_figure_on_any(i, &[t]))
                    || self.switched_off(i, bit)
            };
            if self.rules.subscribers(bit).iter().all(|&i| quiet(i)) {
                return Ok(());
            }
        }
        self.figure_vetoes_asked(out, t, elsewhere)
    }

    /// [`Game::figure_vetoes`] when a plugin may be asked: the tiles the
    /// options deploy onto, each once (usually one: the placed tile), for
    /// the vetoes' narrowing; spread over many tiles (a portal's list), the
    /// narrowed vetoes over the few options onto their figures' tiles
    /// ([`Game::vetoes_spread`]); then each plugin not narrowed away is
    /// asked over the list and the options vetoed are taken out.
    #[cold]
    #[inline(never)]
    fn figure_vetoes_asked(
        &self,
        out: &mut Vec<FigureOption>,
        t: u16,
        elsewhere: bool,
    ) -> HookResult {
        let mut tiles = [NONE16; 8];
        let n = if elsewhere {
            self.option_tiles(out, &mut tiles)
        } else {
            tiles[0] = t;
            Some(usize::from(matches!(
                out.get(1),
                Some(FigureOption::Deploy { .. })
            )))
        };
        if n.is_none() && self.vetoes_spread(out)? {
            return Ok(());
        }
        // The veto flags on the stack for a usual list: no allocation.
        let mut small = [true; 64];
        let mut large = Vec::new();
        let keep: &mut [bool] = if out.len() <= small.len() {
            &mut small[..out.len()]
        } else {
            large.resize(out.len(), true);
            &mut large
        };
        let skip = |i| match n {
            Some(n) => self.tiles_narrowed_away(i, &tiles[..n]),
            None => self.options_narrowed_away(i, out),
        };
        let mut asked = false;
        dispatch_view!(@each self, hook::FILTER_FIGURE_OPTIONS, |i| skip(i), |h, v| {
            asked = true;
            h.filter_figure_options(v, out, keep)
        });
        if asked {
            let mut i = 0;
            out.retain(|_| {
                i += 1;
                keep[i - 1]
            });
        }
        Ok(())
    }

    /// The plugins' vetoes (`filter_figure_options`) over options `out`
    /// that deploy onto more tiles than [`Game::option_tiles`] lists (a
    /// magic portal's list), when every subscriber declared
    /// [`Narrowed::OptionOn`]: each is given only the options onto the
    /// tiles its figures stand on (none: it is not asked), found by
    /// [`Game::spread_hits`]; the options vetoed are taken out of `out`.
    /// `false` (nothing done) when a subscriber did not declare it, or the
    /// figures stand on more tiles, or more options go there, than the
    /// buffers hold: the caller gives the whole list then.
    pub(super) fn vetoes_spread(&self, out: &mut Vec<FigureOption>) -> Result<bool, HookError> {
        let subs = self.rules.subscribers(hook::FILTER_FIGURE_OPTIONS);
        let on = |i: u8| !self.switched_off(i, hook::FILTER_FIGURE_OPTIONS);
        // The tiles of the subscribers' figures, each once.
        let mut watch = [NONE16; 8];
        let mut nw = 0;
        for &i in subs.iter().filter(|&&i| on(i)) {
            if self.plugin_narrowing(i) & crate::narrow::bits::OPTIONS_ON_MY_TILES == 0 {
                return Ok(false);
            }
            let mut tiles = [NONE16; 8];
            let Some(n) = self.plugin_figure_tiles(i, &mut tiles) else {
                return Ok(false);
            };
            for &x in &tiles[..n] {
                if !among(&watch[..nw], x) {
                    let Some(w) = watch.get_mut(nw) else {
                        return Ok(false);
                    };
                    *w = x;
                    nw += 1;
                }
            }
        }
        // The options onto those tiles: their index in `out`, their tile.
        let watch = &watch[..nw];
        let mut hits = [(0usize, NONE16); CAP];
        let m = match watch.is_empty() {
            true => 0,
            false => match self.spread_hits(out, watch, &mut hits) {
                Some(m) => m,
                None => return Ok(false),
            },
        };
        let hits = &hits[..m];
        let mut keep = [true; CAP];
        for &i in subs.iter().filter(|&&i| on(i)) {
            let Some(p) = self.rules.plugins.get(usize::from(i)) else {
                continue;
            };
            let mut tiles = [NONE16; 8];
            let n = self.plugin_figure_tiles(i, &mut tiles).unwrap_or(0);
            // This plugin's part: the hits onto its tiles (by hit index).
            let (mut part, mut part_keep, mut which) =
                ([FigureOption::Pass; CAP], [true; CAP], [0; CAP]);
            let mut c = 0;
            for (k, &(j, t)) in hits.iter().enumerate() {
                if among(&tiles[..n], t) {
                    (part[c], part_keep[c], which[c]) = (out[j], keep[k], k);
                    c += 1;
                }
            }
            if c == 0 {
                continue;
            }
            let v = &View {
                game: self,
                plugin: i,
            };
            p.hooks
                .filter_figure_options(v, &part[..c], &mut part_keep[..c])?;
            for (&k, &x) in which[..c].iter().zip(&part_keep[..c]) {
                keep[k] &= x;
            }
        }
        for (&(j, _), _) in hits.iter().zip(&keep).rev().filter(|(_, k)| !**k) {
            out.remove(j);
        }
        Ok(true)
    }

    /// The options of `out` (in canonical order) that deploy onto one of
    /// the placed tiles `watch` ([`Game::option_tile`]), as (index in `out`,
    /// tile), in list order, into `hits`; their number, or `None` when there
    /// are more than `hits` holds. The deployments of one kind onto features
    /// are a run sorted by feature id, and a tile's features are its type's
    /// records (ids `base..base + n`) and the features added to it: each
    /// found by a binary search in the run, not by a look at every option
    /// (a portal's list holds hundreds); the few other options are looked at
    /// one by one, and the specials, last, not at all.
    pub(super) fn spread_hits(
        &self,
        out: &[FigureOption],
        watch: &[u16],
        hits: &mut [(usize, u16); CAP],
    ) -> Option<usize> {
        let mut m = 0;
        let mut push = |j: usize, t: u16| -> Option<()> {
            *hits.get_mut(m)? = (j, t);
            m += 1;
            Some(())
        };
        let mut j = 0;
        while let Some(&o) = out.get(j) {
            let kind = match o {
                FigureOption::Deploy {
                    kind,
                    at: Location::Feature(_),
                } => kind,
                // Specials come after every deployment and go onto no tile.
                FigureOption::Special { .. } => break,
                o => {
                    if let Some(t) = self.option_tile(o).filter(|t| among(watch, t.0)) {
                        push(j, t.0)?;
                    }
                    j += 1;
                    continue;
                }
            };
            // The run of this kind's deployments onto features, by id.
            let len = out[j..].partition_point(|&p| feature_of(p, kind).is_some());
            let run = &out[j..j + len];
            // The options onto features with ids in `lo..hi`.
            let mut range = |lo: u32, hi: u32, t: u16| -> Option<()> {
                let below = |x: u32| run.partition_point(|&p| feature_of(p, kind) < Some(x));
                for i in below(lo)..below(hi) {
                    push(j + i, t)?;
                }
                Some(())
            };
            for &w in watch {
                let Some(pt) = self.board.tiles.get(usize::from(w)) else {
                    continue;
                };
                let lo = u32::from(pt.base.0);
                range(lo, lo + self.ty_of(w).features.len() as u32, w)?;
                if self.may_have_added(w) {
                    for f in self.added_on(w) {
                        range(u32::from(f), u32::from(f) + 1, w)?;
                    }
                }
            }
            j += len;
        }
        let hits = &mut hits[..m];
        hits.sort_unstable_by_key(|h| h.0);
        debug_assert!(
            out.iter()
                .enumerate()
                .filter_map(|(j, &o)| self.option_tile(o).map(|t| (j, t.0)))
                .filter(|&(_, t)| among(watch, t))
                .eq(hits.iter().copied()),
            "the options onto the watched tiles"
        );
        Some(m)
    }
}

/// The feature id a deployment of kind `kind` onto a feature goes to
/// (`None` for any other option).
#[inline(always)]
fn feature_of(o: FigureOption, kind: FigureKindId) -> Option<u32> {
    match o {
        FigureOption::Deploy {
            kind: k,
            at: Location::Feature(f),
        } if k == kind => Some(u32::from(f.0)),
        _ => None,
    }
}

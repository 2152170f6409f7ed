//! # The `hills` plugin (Hills & Sheep, rulings H1–H5)
//!
//! Gives the tile marker `hill` its meaning. The eight hill tiles themselves are
//! data of the `hills-and-sheep` tile set (`configs/tilesets/hills-and-sheep.toml`),
//! not of this plugin: a ruleset that lists the tile set without enabling the
//! plugin plays the hill tiles as ordinary tiles (the marker is inert).
//!
//! * **Underlay** (H1–H3). When a hill tile is drawn (and can be placed), the
//!   plugin pushes the core chance step "take a tile from the bag face down"
//!   (record stream `hidden`): the tile leaves the game unseen, so the game has
//!   one draw fewer. If the bag is empty, nothing goes under the hill (H2). With
//!   `hill-underlay = "blank"` (house rule H3) nothing is taken from the bag and
//!   every land tile is played.
//! * **Tie-break** (H4–H5), in the core's majority step, for roads, cities and
//!   fields (farmers in final scoring too): among players tied for the most
//!   strength, those with a figure on a hill tile in the feature win. With
//!   `hill-tiebreak = "any-follower-on-hill"` (default) every tied player with at
//!   least one figure on a hill wins; with `"count-followers-on-hills"` the tied
//!   players with the most figures on hills win. Strength is compared first: the
//!   hook only ever chooses among the players the core found tied.
//!
//! See `docs/plugins/hills.md` for the rules with their sources.

use carcassonne_plugin_sdk::prelude::*;
use carcassonne_plugin_sdk::MAX_PLAYERS;

/// What goes under a hill tile.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum Underlay {
    /// H1: a tile from the bag, face down, unseen; it is out of the game.
    #[default]
    HiddenTile,
    /// H3 (house rule): a blank tile; nothing is taken from the bag.
    Blank,
}

/// How followers on hills break a tie.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde", rename_all = "kebab-case")]
pub enum Tiebreak {
    /// H5 default: the tied players with at least one follower on a hill win;
    /// several such players stay tied, whatever their numbers.
    #[default]
    AnyFollowerOnHill,
    /// H5 variant: the tied players with the most followers on hills win.
    CountFollowersOnHills,
}

/// Options of the `hills` plugin (`[plugins.hills]` in a ruleset).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// What goes under a hill: `"hidden-tile"` (default) or `"blank"`.
    pub hill_underlay: Underlay,
    /// How hills break ties: `"any-follower-on-hill"` (default) or
    /// `"count-followers-on-hills"`.
    pub hill_tiebreak: Tiebreak,
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "hill-underlay",
            "What goes under a drawn hill tile: \"hidden-tile\" (a tile from the bag, face down and out of the game: H1) or \"blank\" (house rule H3: every land tile is played).",
        ),
        (
            "hill-tiebreak",
            "How followers on hill tiles break a tie for the most followers: \"any-follower-on-hill\" (every tied player with one wins: H5 default) or \"count-followers-on-hills\" (the most followers on hills win: H5 variant).",
        ),
    ];
}

/// The plugin: its configuration; it keeps no game state.
#[derive(Clone, Copy, Debug)]
pub struct Hills {
    options: Options,
}

/// Kinds of feature the hill tie-break applies to (H4).
fn breaks_ties(kind: FeatureKind) -> bool {
    matches!(
        kind,
        FeatureKind::Road | FeatureKind::City | FeatureKind::Field
    )
}

impl Hills {
    /// The configured options.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The winners among `tied` after the hill tie-break, given each player's number
    /// of figures on hill tiles in the feature. Returns `tied` unchanged when no
    /// tied player has a figure on a hill.
    pub fn resolve(&self, tied: PlayerSet, on_hills: &[u8; MAX_PLAYERS]) -> PlayerSet {
        if tied.len() < 2 {
            return tied;
        }
        let best = tied.iter().map(|p| on_hills[p.index()]).max().unwrap_or(0);
        if best == 0 {
            return tied;
        }
        let mut out = PlayerSet::EMPTY;
        for p in tied.iter() {
            let n = on_hills[p.index()];
            let wins = match self.options.hill_tiebreak {
                Tiebreak::AnyFollowerOnHill => n > 0,
                Tiebreak::CountFollowersOnHills => n == best,
            };
            if wins {
                out.insert(p);
            }
        }
        out
    }
}

/// Counts, per player of `among`, the figures of `figures` that stand on a hill tile.
fn count_on_hills(
    v: &View<'_>,
    hill: u64,
    among: PlayerSet,
    figures: impl Iterator<Item = FigureId>,
) -> [u8; MAX_PLAYERS] {
    let mut n = [0u8; MAX_PLAYERS];
    for fig in figures {
        let Some(owner) = v.figure_owner(fig) else {
            continue;
        };
        if !among.contains(owner) {
            continue;
        }
        let Some(t) = v.figure_tile(fig) else {
            continue;
        };
        if v.tile_has_marker(t, hill) {
            n[owner.index()] = n[owner.index()].saturating_add(1);
        }
    }
    n
}

/// `{P0} and {P2}`: player placeholders for the turn log.
fn names(set: PlayerSet) -> String {
    let v: Vec<String> = set.iter().map(|p| format!("{{P{p}}}")).collect();
    match v.len() {
        0 => "nobody".into(),
        1 => v[0].clone(),
        n => format!("{} and {}", v[..n - 1].join(", "), v[n - 1]),
    }
}

#[plugin]
impl Plugin for Hills {
    type Config = Options;
    const ID: &'static str = "hills";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "Hills & Sheep hills: a face-down tile under each hill, and followers on hills break ties (H1-H5)";
    const MARKERS: &'static [&'static str] = &["hill"];

    fn new(options: Options) -> Result<Self, ConfigError> {
        Ok(Hills { options })
    }

    fn subscriptions(&self) -> u64 {
        let all = carcassonne_plugin_sdk::hooks_of::<Self>();
        match self.options.hill_underlay {
            Underlay::HiddenTile => all,
            // Nothing happens when a hill is drawn: skip the call.
            Underlay::Blank => all & !hook::TILE_DRAWN,
        }
    }

    /// Only hill tiles matter when drawn, only ties in majorities, and scorings
    /// only for the turn log: the host skips the other calls.
    fn narrowing(&self) -> u64 {
        narrow::DRAWN_MARKED
            | narrow::MAJORITY_TIED
            | narrow::SCORED_WHEN_LOGGING
            | narrow::scored_only(&[FeatureKind::Road, FeatureKind::City, FeatureKind::Field])
    }

    /// H1/H2: a hill drawn while the bag still holds tiles takes one face down.
    fn tile_drawn(&self, cx: &mut Cx<'_>, tile: TileTypeId) -> HookResult {
        if self.options.hill_underlay != Underlay::HiddenTile {
            return Ok(());
        }
        let hill = cx.my_marker(0);
        if hill == 0 || cx.tile_type_markers(tile) & hill == 0 {
            return Ok(());
        }
        let p = cx.current_player();
        if cx.bag_len() > 0 {
            cx.push_hidden_tile_draw();
            if cx.logging() {
                cx.log(format!(
                    "{{P{p}}} draws a hill: a tile goes under it, so the game has one draw fewer."
                ));
            }
        } else if cx.logging() {
            cx.log(format!(
                "{{P{p}}} draws a hill, but it is the last tile: nothing goes under it."
            ));
        }
        Ok(())
    }

    /// H4/H5: among the tied players, followers on hill tiles decide. No allocation.
    fn majority(&self, v: &View<'_>, info: &ScoreInfo<'_>, winners: &mut PlayerSet) -> HookResult {
        if winners.len() < 2 || !breaks_ties(info.kind) {
            return Ok(());
        }
        let hill = v.my_marker(0);
        if hill == 0 {
            return Ok(());
        }
        let on_hills = count_on_hills(v, hill, *winners, info.figures.iter().copied());
        *winners = self.resolve(*winners, &on_hills);
        Ok(())
    }

    /// Turn log only: says when a hill broke a tie (the majority hook cannot log).
    /// Recomputes the tie when logging is on; does nothing otherwise.
    fn feature_scored(&self, cx: &mut Cx<'_>, info: &ScoreInfo<'_>, points: &Points) -> HookResult {
        let winners = points.winners;
        if !cx.logging() || !breaks_ties(info.kind) {
            return Ok(());
        }
        let hill = cx.my_marker(0);
        if hill == 0 {
            return Ok(());
        }
        // The players tied on strength, as the core found them before the majority hooks.
        let max = info.strength.iter().copied().max().unwrap_or(0);
        let mut tied = PlayerSet::EMPTY;
        for p in PlayerId::all(cx.players()) {
            if max > 0 && info.strength[p.index()] == max {
                tied.insert(p);
            }
        }
        let on_hills = count_on_hills(cx.view(), hill, tied, info.figures.iter().copied());
        let broken = self.resolve(tied, &on_hills);
        if broken == tied || broken != winners {
            return Ok(());
        }
        let text = if broken.len() == 1 {
            format!("The hill breaks the tie: {} alone scores.", names(broken))
        } else {
            let losers = PlayerSet(tied.0 & !broken.0);
            format!(
                "The hills break the tie: {} score, nothing for {}.",
                names(broken),
                names(losers)
            )
        };
        cx.log(text);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_plugin_sdk::parse_options;

    fn set(ps: &[u8]) -> PlayerSet {
        let mut s = PlayerSet::EMPTY;
        for &p in ps {
            s.insert(PlayerId::ALL[usize::from(p)]);
        }
        s
    }

    fn hills(tiebreak: Tiebreak) -> Hills {
        Hills::new(Options {
            hill_tiebreak: tiebreak,
            ..Options::default()
        })
        .unwrap()
    }

    #[test]
    fn declarations_are_valid() {
        carcassonne_plugin_sdk::testing::check_plugin::<Hills>().unwrap();
    }

    #[test]
    fn options_parse_with_their_defaults() {
        let o: Options = parse_options("").unwrap();
        assert_eq!(o.hill_underlay, Underlay::HiddenTile);
        assert_eq!(o.hill_tiebreak, Tiebreak::AnyFollowerOnHill);
        let o: Options = parse_options(
            "hill-underlay = \"blank\"\nhill-tiebreak = \"count-followers-on-hills\"\n",
        )
        .unwrap();
        assert_eq!(o.hill_underlay, Underlay::Blank);
        assert_eq!(o.hill_tiebreak, Tiebreak::CountFollowersOnHills);
        let e = parse_options::<Options>("hill-underlay = \"nothing\"\n").unwrap_err();
        assert_eq!(e.problems[0].0.as_deref(), Some("hill-underlay"), "{e}");
        let e = parse_options::<Options>("hill-tie-break = \"x\"\n").unwrap_err();
        assert_eq!(e.problems[0].0.as_deref(), Some("hill-tie-break"), "{e}");
    }

    #[test]
    fn blank_underlay_drops_the_tile_drawn_hook() {
        let h = Hills::new(Options {
            hill_underlay: Underlay::Blank,
            ..Options::default()
        })
        .unwrap();
        assert_eq!(h.subscriptions() & hook::TILE_DRAWN, 0);
        assert_ne!(h.subscriptions() & hook::MAJORITY, 0);
        assert_ne!(
            hills(Tiebreak::AnyFollowerOnHill).subscriptions() & hook::TILE_DRAWN,
            0
        );
    }

    #[test]
    fn h5_resolution_table() {
        let any = hills(Tiebreak::AnyFollowerOnHill);
        let count = hills(Tiebreak::CountFollowersOnHills);
        let tied = set(&[0, 1, 2]);
        // No one on a hill: unchanged.
        let none = [0; MAX_PLAYERS];
        assert_eq!(any.resolve(tied, &none), tied);
        assert_eq!(count.resolve(tied, &none), tied);
        // One on a hill: alone.
        let one = [0, 1, 0, 0, 0, 0];
        assert_eq!(any.resolve(tied, &one), set(&[1]));
        assert_eq!(count.resolve(tied, &one), set(&[1]));
        // 2 vs 1 on hills: default keeps both, count picks the 2.
        let two_one = [2, 1, 0, 0, 0, 0];
        assert_eq!(any.resolve(tied, &two_one), set(&[0, 1]));
        assert_eq!(count.resolve(tied, &two_one), set(&[0]));
        // Equal counts: the tie stands among them.
        let equal = [1, 0, 1, 0, 0, 0];
        assert_eq!(any.resolve(tied, &equal), set(&[0, 2]));
        assert_eq!(count.resolve(tied, &equal), set(&[0, 2]));
        // No tie: never changed, whatever the hills.
        assert_eq!(any.resolve(set(&[2]), &one), set(&[2]));
        assert_eq!(count.resolve(PlayerSet::EMPTY, &one), PlayerSet::EMPTY);
    }

    #[test]
    fn log_names_use_placeholders() {
        assert_eq!(names(set(&[1])), "{P1}");
        assert_eq!(names(set(&[0, 2])), "{P0} and {P2}");
        assert_eq!(names(set(&[0, 1, 3])), "{P0}, {P1} and {P3}");
    }
}

//! The options of the `count` plugin (`[plugins.count]`).

use carcassonne_plugin_sdk::prelude::*;

/// CK21: which followers move in the final movement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
pub enum FinalMoves {
    /// Only market → any field (C2, JCloisterZone's default).
    #[default]
    #[serde(rename = "market-only")]
    MarketOnly,
    /// Also castle → an unfinished city, blacksmith → an unfinished road,
    /// cathedral → an unfinished cloister (C1).
    #[serde(rename = "any-quarter")]
    AnyQuarter,
}

/// CK16: how the Count moves after a follower entered the city.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
pub enum CountMove {
    /// The player who put the follower in may move the Count to another
    /// quarter or leave it.
    #[default]
    #[serde(rename = "by-player")]
    ByPlayer,
    /// The Count moves on by itself: castle → market → blacksmith →
    /// cathedral → castle.
    #[serde(rename = "clockwise")]
    Clockwise,
    /// The Count moves by itself to the quarter that received the follower.
    #[serde(rename = "follow-follower")]
    FollowFollower,
}

/// CK22: whether the city of Carcassonne counts for farmers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
pub enum CocFarmers {
    /// One completed city for farmer scoring (HiG FAQ 11/2013, JCloisterZone).
    #[default]
    #[serde(rename = "counts")]
    Counts,
    /// Worth nothing to farmers (an older fan reading).
    #[serde(rename = "ignored")]
    Ignored,
}

/// CK25: whether the abbot may enter the city.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
pub enum AbbotEnters {
    /// No (JCloisterZone's list).
    #[default]
    #[serde(rename = "no")]
    No,
    /// Yes (the HiG C2 list): he leaves only from the cathedral, into a
    /// completed cloister or garden.
    #[serde(rename = "yes")]
    Yes,
}

/// CK26: the Count and the River.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
pub enum River {
    /// Not combined (the publisher's advice): every tile with a barrier side
    /// (the river's tiles, the spring too) leaves the game.
    #[default]
    #[serde(rename = "separate")]
    Separate,
    /// The house variant: the 12 city tiles are laid, the spring is placed
    /// against an outer field side of the area and the river is played
    /// first (the river's tiles stay in the game; the river plugin draws the
    /// spring, whose start layout lost to the city's, before them).
    #[serde(rename = "spring-at-city")]
    SpringAtCity,
}

/// CK19 with other plugins (X79): where a follower moved out of the city may go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
pub enum ForbiddenTiles {
    /// Not onto a tile where another plugin forbids figures (the dragon's:
    /// PD4 lets no figure be put there).
    #[default]
    #[serde(rename = "avoided")]
    Avoided,
    /// Any segment of the feature, such a tile too (the current
    /// JCloisterZone).
    #[serde(rename = "allowed")]
    Allowed,
}

/// CK14 with Bridges, Castles & Bazaars: whether a castle paid for a
/// feature the tile completed (BB17–BB21) is a feature scoring of the turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
pub enum CastlePayouts {
    /// It is: the castle takes the completed feature's value in the
    /// scoring step (JCloisterZone scores castles in its scoring phase,
    /// before the Count's entering phase, as landscape scorings).
    #[default]
    #[serde(rename = "count")]
    Count,
    /// It is not: only the completed features' own awards count (CK14 names
    /// roads, cities, cloisters, gardens and barn scorings).
    #[serde(rename = "ignored")]
    Ignored,
}

/// Options of the `count` plugin.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(crate = "carcassonne_plugin_sdk::serde")]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// CK21.
    pub final_moves: FinalMoves,
    /// CK16.
    pub count_move: CountMove,
    /// CK22.
    pub coc_farmers: CocFarmers,
    /// CK25.
    pub abbot: AbbotEnters,
    /// CK26.
    pub river: River,
    /// CK19, X79.
    pub forbidden_tiles: ForbiddenTiles,
    /// CK14 with castles (BB17–BB21).
    pub castle_payouts: CastlePayouts,
}

impl Config for Options {
    /// The abbot enters only if the `abbot` plugin brings him; the spring is
    /// placed against the city only if the `river` plugin places it; castles
    /// are paid only if the `castles` plugin builds them.
    const ONLY_WITH: &'static [(&'static str, &'static str)] = &[
        ("abbot", "abbot"),
        ("river", "river"),
        ("castle-payouts", "castles"),
    ];
    const DOCS: &'static [(&'static str, &'static str)] = &[
        (
            "final-moves",
            "CK21: \"market-only\" (after the last turn only market followers move, into any \
             field) or \"any-quarter\" (also castle, blacksmith and cathedral followers, into \
             unfinished cities, roads and cloisters).",
        ),
        (
            "count-move",
            "CK16: \"by-player\" (the player who put a follower in may move the Count), \
             \"clockwise\" (it moves on to the next quarter) or \"follow-follower\" (it moves to \
             the quarter that received the follower).",
        ),
        (
            "coc-farmers",
            "CK22: \"counts\" (the city of Carcassonne is one completed city for farmers) or \
             \"ignored\".",
        ),
        (
            "abbot",
            "CK25: \"no\" (the abbot never enters the city) or \"yes\" (he may; he leaves from \
             the cathedral only).",
        ),
        (
            "river",
            "CK26: \"separate\" (the Count and the River are not combined: every river tile, \
             the spring too, leaves the game) or \"spring-at-city\" (the spring is drawn first \
             and placed against an outer field side of the city, then the river is played).",
        ),
        (
            "forbidden-tiles",
            "CK19, X79: \"avoided\" (a follower moved out of the city never goes onto a tile \
             where another plugin forbids figures: the dragon's, PD4) or \"allowed\" (any \
             segment of the feature, as the current JCloisterZone).",
        ),
        (
            "castle-payouts",
            "CK14 with castles (BB17-BB21; the rulings are silent): \"count\" (a castle paid \
             for a feature the tile completed is a feature scoring of the turn, as \
             JCloisterZone) or \"ignored\" (only the completed features' own awards count).",
        ),
    ];
}

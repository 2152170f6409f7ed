//! Capability plugins: small plugins, each exercising capabilities of the plugin
//! API that the next expansions rely on. The framework's tests
//! (`tests/it/capabilities.rs`) play them compiled in and loaded from the kit's
//! library, with exact points.
//!
//! | plugin | capabilities |
//! |---|---|
//! | `kit-extra-turn` | granted turns (`grant_turn`, `turn_granted_by`), a decision of another player than the current one, `turn_start` |
//! | `kit-ghost` | a neutral figure on a tile (`place_neutral`, `move_figure`, `figure_moved`), per-figure state, a veto over every plugin's options (`filter_figure_options`), sending figures home (`return_figure`) |
//! | `kit-mayor` | a figure kind offered by the core on cities only, with a strength the plugin computes (`figure_strength`), markers counted over a feature (`marker_count_in`) |
//! | `kit-pig`, `kit-zz-double-farmers` | farmer scoring through the value and bonus layers (composition without a declared order), per-player points (a non-winner paid), a plugin's own figure on a field, score categories |
//! | `kit-order-one`, `kit-order-odd` | an order-dependent pair (the second reads the score the first changed in the same hook), which the composition check finds |
//! | `kit-barn` | a figure at a tile corner (`Location::Corner`, `corner_meeting`), occupying a field, scoring a field's farmers on demand (`score_farmers`) |
//! | `kit-abbey` | a tile held in hand (`per_player`, `hand_count`, `play_from_hand`), wildcard sides, a placement filter, turns granted when the game ends (`game_ending`) |
//! | `kit-no-holes` | a placement rule another plugin's play from the hand respects (`can_play_from_hand`, `play_from_hand` judging the tile out of the hand) |
//! | `kit-hold-back` | tile types held back from the draw (`filter_draws`) |
//! | `kit-secret` | per-player state, chance events at setup, what each player sees (`observe`) |
//! | `kit-no-per-city` | checking the core options (`check_core`, `core_options`) |
//! | `kit-tiledata` | inner fields closed at once, repeated markers (`feature_marker_count`), tile links (`link_group`) |
//! | `kit-narrow` | narrowed subscriptions (`narrowing`): every bit of `narrow`, skipped exactly in its case |
//! | `kit-river` | a barrier side kind (`kind = "barrier"`, `my_barrier`), a start layout of higher priority, tile data with the rotation applied (`tile_type_sides`, `tile_sides`, `Sides::rotated`), per-tile state (`tile_state`), a count of a displaced start tile (`compose_tiles`), copies in the bag by type (`bag_count`, in a draw filter), the reason of a refused placement (`placement_refusal`) |
//! | `kit-start-area` | a start layout of several tiles (inner sides, half-slot fields joined across them, a city the layout closes), refusing a tile composition and setting counts at build time (`compose_tiles`) |
//! | `kit-auction` | a lot drawn face up after a whole turn (`turn_over`, `push_public_tile_draw`, `my_lot`), decisions for every player in turn, points to a player who is not the active one, tiles given to hands and played instead of a draw (`give_lot_tile`, `play_from_hand`), tiles put back (`return_lot_tile`) |
//! | `kit-last-call` | decisions for every player after the last turn, resolved before final scoring without a granted turn (`game_ending`), and a turn granted by such a decision |
//! | `kit-bridge` | placements legal only with a piece (`extra_placements`, `PiecePlacement`): a bridge on the placed tile or a neighbour, a road feature added to a placed tile (`add_tile_feature` through the core), optional candidates and setting a tile aside, the piece laid (`placed_piece`), a hook switched off when the pieces are used up |
//! | `kit-ferry` | a feature added to a placed tile that takes every slot of other features (`add_tile_feature`): a road end left with no slot is gone (never completed, scored nor offered), and a road completed by the placement that the feature opens again is not scored |
//! | `kit-half` | a value rule that scales (`ValueChange::scale`): roads (and cities) pay half, rounded halves up, after every other plugin's adds and sets |
//! | `kit-final-word` | the last window before final scoring (`before_final_scoring`): after the turns granted at the end, a decision resolved before final scoring |
//! | `kit-retire` | hooks switched off at run time (`set_hook_enabled`, `hook_enabled`): a draw filter, a placement filter and `turn_end` retire after the first turns |
//! | `kit-jail` | prisoners (`Location::Held`, `move_figure`, `figures_held_by`), options naming one figure (`Spot::of_figure`), an exchange, a ransom paid by transfer (`transfer_score`), protected figures left alone (`figure_protected`), a note per player (`player_note`) |
//! | `kit-quarters` | an area off the board (`AREAS`, `Location::Area`, a `Deploy` there), the features about to be scored (`pending_scorings`), a follower moved from the area into an occupied feature before scoring, awards apart from bonuses (`ScoreInfo::award`) |
//! | `kit-keep` | a withheld city (`withhold_feature`) with a protected follower (`set_protected`) that farmers still count, the value of an unoccupied completed feature (`ScoreInfo::value`), a withheld feature scored at another's value (`score_by_proxy`) |
//! | `kit-perch` | tile data never scored (`scored = false`), a feature hosted for plain follower kinds (`HOSTS`, `FigureSpec::plain`), notes about features (`feature_note`) |

mod auction;
mod barn;
mod bridge;
mod core_check;
mod draws;
mod farm;
mod ferry;
mod final_word;
mod half;
mod hand;
mod jail;
mod keep;
mod last_call;
mod mayor;
mod narrow;
mod neutral;
mod no_holes;
mod order;
mod perch;
mod quarters;
mod retire;
mod river;
mod secret;
mod start_area;
mod tiledata;
mod turns;

pub use auction::Auction;
pub use barn::Barn;
pub use bridge::Bridge;
pub use core_check::NoPerCity;
pub use draws::HoldBack;
pub use farm::{DoubleFarmers, Pig};
pub use ferry::Ferry;
pub use final_word::FinalWord;
pub use half::Half;
pub use hand::Abbey;
pub use jail::JailPlugin;
pub use keep::Keep;
pub use last_call::LastCall;
pub use mayor::Mayor;
pub use narrow::Narrow;
pub use neutral::Ghost;
pub use no_holes::NoHoles;
pub use order::{OrderOdd, OrderOne};
pub use perch::Perch;
pub use quarters::Quarters;
pub use retire::Retire;
pub use river::{Flow, River};
pub use secret::SecretPlugin;
pub use start_area::{Scored, StartArea};
pub use tiledata::{Seen, TileData};
pub use turns::ExtraTurn;

/// Checks the declarations of every capability plugin.
pub fn check_all() -> Result<(), Vec<String>> {
    use carcassonne_plugin_sdk::testing::check_plugin;
    check_plugin::<ExtraTurn>()?;
    check_plugin::<Ghost>()?;
    check_plugin::<Mayor>()?;
    check_plugin::<Pig>()?;
    check_plugin::<DoubleFarmers>()?;
    check_plugin::<Barn>()?;
    check_plugin::<Abbey>()?;
    check_plugin::<HoldBack>()?;
    check_plugin::<SecretPlugin>()?;
    check_plugin::<NoPerCity>()?;
    check_plugin::<Narrow>()?;
    check_plugin::<River>()?;
    check_plugin::<StartArea>()?;
    check_plugin::<Retire>()?;
    check_plugin::<Auction>()?;
    check_plugin::<LastCall>()?;
    check_plugin::<FinalWord>()?;
    check_plugin::<JailPlugin>()?;
    check_plugin::<Quarters>()?;
    check_plugin::<Keep>()?;
    check_plugin::<Perch>()?;
    check_plugin::<Bridge>()?;
    check_plugin::<Ferry>()?;
    check_plugin::<Half>()?;
    check_plugin::<TileData>()
}

//! What the page shows of a game, for one viewer: a player (by his seat's
//! token) or a spectator.
//!
//! Everything a viewer is sent comes from what he may see: his own
//! [`Observation`](carcassonne_core::Observation) for a player, for a
//! spectator what every player may see (the engine's spectator observation,
//! [`public_observation`]: never the parts the players' observations share,
//! which may be private to each); the board and the log show only public
//! things. Only the player to act gets his legal placements and
//! choices; the seed (from which the tiles to come follow) is shown once the
//! game is over.

use crate::seats::SeatKind;
use crate::session::{PastTurn, Session};
use crate::store::SeedKnown;
use crate::WebError;
use carcassonne_core::{
    code_figure, Action, FigureId, FigureOption, Game, Location, Piece, Placement, PlayerId,
};
use carcassonne_render::notes::{self, PlayerLine};
use carcassonne_render::{log, Options, Style};
use serde::Serialize;
use serde_json::Value;
use std::time::Duration;

use crate::offboard::{coming, lots};
pub use crate::offboard::{Coming, Lot, COMING_NAMED};

/// A choice offered to the player to act.
#[derive(Serialize, Debug)]
pub struct Choice {
    /// The action's text, sent back to play it.
    pub text: String,
    /// What a person reads on the button (distinct for distinct choices).
    pub label: String,
    /// For a plugin decision whose text ends in a number (`bazaar bid 3`):
    /// that number. The page shows a run of such choices with the same
    /// words before the number (a bid) as one number field. Left out of
    /// the JSON when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
}

/// The number a plugin decision's text ends in (`bazaar bid 3`: 3).
fn trailing_number(a: Action, text: &str) -> Option<u32> {
    match a {
        // Not an option that names a figure (its text ends in a place).
        Action::Choose(v) if code_figure(v).is_none() => text.rsplit_once(' ')?.1.parse().ok(),
        _ => None,
    }
}

/// Where the drawn tile may go.
#[derive(Serialize, Debug)]
pub struct Spot {
    /// Column.
    pub x: i16,
    /// Row.
    pub y: i16,
    /// Legal rotations there, in quarter turns: with a piece or without.
    pub rots: Vec<u8>,
    /// The rotations in which the tile may be placed there without a piece
    /// (`place X Y R`).
    pub plain: Vec<u8>,
    /// Placements there that lay a plugin's piece with the tile (a bridge),
    /// each its own action. Left out of the JSON when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<PieceSpot>,
}

/// A placement that lays a piece with the tile (`place 1 0 0 bridges WE`).
#[derive(Serialize, Debug)]
pub struct PieceSpot {
    /// The rotation, in quarter turns.
    pub rot: u8,
    /// The action's text, sent back to play it.
    pub text: String,
    /// What a person reads on its button ("Place with bridges WE").
    pub label: String,
}

/// Adds the legal placement `p` to the spots; `text` gives its action's text
/// (asked only for a placement with a piece).
fn add_spot(spots: &mut Vec<Spot>, p: Placement, text: impl FnOnce() -> String) {
    let (x, y, rot) = (p.pos.x, p.pos.y, p.rot.quarter_turns());
    let i = match spots.iter().position(|s| (s.x, s.y) == (x, y)) {
        Some(i) => i,
        None => {
            spots.push(Spot {
                x,
                y,
                rots: Vec::new(),
                plain: Vec::new(),
                pieces: Vec::new(),
            });
            spots.len() - 1
        }
    };
    let s = &mut spots[i];
    if !s.rots.contains(&rot) {
        s.rots.push(rot);
        s.rots.sort_unstable();
    }
    if p.piece == Piece::NONE {
        s.plain.push(rot);
    } else {
        let text = text();
        // The words after `place X Y R`: the piece.
        let piece = text.splitn(5, ' ').nth(4).unwrap_or_default();
        s.pieces.push(PieceSpot {
            rot,
            label: format!("Place with {piece}"),
            text,
        });
    }
}

/// A seat as the page shows it.
#[derive(Serialize, Debug)]
pub struct SeatView {
    /// Seat name ("Blue (greedy)", "Red (Ann)").
    pub name: String,
    /// Colour.
    pub color: String,
    /// `person` or the bot's name.
    pub kind: String,
    /// Whether a person has taken the seat (bots' seats: always).
    pub taken: bool,
    /// The bot that plays a person's seat while the person is away.
    pub stand_in: Option<String>,
    /// Score.
    pub score: i32,
    /// Figures in hand ("follower 5, shepherd 1").
    pub supply: String,
    /// Tiles in hand as this viewer sees them (e.g. the abbey).
    pub hand: Vec<String>,
    /// The figures of others the seat holds off the board (prisoners):
    /// "holds: Red follower", or empty.
    pub holds: String,
    /// The plugins' public notes about the seat (pieces left, prisoners), in
    /// the plugins' declaration order.
    pub notes: Vec<SeatNote>,
}

/// A plugin's public note about a seat, with its plugin's symbol.
#[derive(Serialize, Debug)]
pub struct SeatNote {
    /// The plugin's id (empty: the notes could not be had).
    pub plugin: String,
    /// The note (or, when the plugins' notes failed, `no note: <error>`).
    pub note: String,
    /// The plugin's note symbol (SVG; empty when the notes failed).
    pub symbol: String,
}

/// What the page needs to show a game to one viewer.
#[derive(Serialize, Debug)]
pub struct View {
    /// The game's name.
    pub name: String,
    /// Ruleset name.
    pub ruleset: String,
    /// The viewer's seat (none: a spectator).
    pub you: Option<u8>,
    /// Player actions played so far (the events stream counts the same).
    pub moves: usize,
    /// Seed of the game, once it is over.
    pub seed: Option<u64>,
    /// Where the seed came from when someone may know it, and so every tile
    /// to come: `"chosen"` at creation, `"record"` (the game was opened from
    /// a record); null for a seed the server drew. The page tells the
    /// players while two or more people play (bots have nothing to lose).
    pub seed_known: Option<SeedKnown>,
    /// Turn number.
    pub turn: u16,
    /// Whether the game is over.
    pub over: bool,
    /// The seat to act (none when the game is over).
    pub actor: Option<u8>,
    /// Whether the viewer is to act.
    pub your_turn: bool,
    /// Whether a bot is to act (the server plays it).
    pub bot_to_act: bool,
    /// Why the bot to act could not move (the engine or a plugin failed):
    /// the game waits (a server started again tries the bot once more).
    pub stuck: Option<String>,
    /// The seats.
    pub seats: Vec<SeatView>,
    /// While a person's seat is to act (no bot standing in for him), to
    /// another player of the game: the seconds until he may let a bot play
    /// for that seat (`POST .../stand-in`; 0: now). None otherwise (to the
    /// player to act and to spectators, whose views it would only change).
    pub stand_in_in: Option<u64>,
    /// The board (SVG), with the viewer's legal placements and choices marked.
    pub board: String,
    /// Id of the drawn tile, while it waits to be placed.
    pub drawn: Option<String>,
    /// The drawn tile in its four rotations (SVG), for the player placing it.
    pub drawn_rotations: Vec<String>,
    /// Legal placements of the drawn tile (the player to act only).
    pub placements: Vec<Spot>,
    /// Squares where the drawn tile's sides fit but a plugin's rule refuses
    /// it, with the engine's reason (the player to act only; a square with a
    /// legal rotation is not listed).
    pub refused: Vec<Refused>,
    /// Other choices (figures, plugin decisions), in the engine's order (the
    /// player to act only).
    pub choices: Vec<Choice>,
    /// What is being decided.
    pub prompt: String,
    /// The turn log.
    pub log: Vec<String>,
    /// Where each turn's lines begin in `log`: entry `n` is the index of turn
    /// `n`'s first line, so turn `n`'s lines run to entry `n + 1` (the last
    /// turn's to the end). Turn 0, the start tile alone, has none. The page
    /// marks the lines of the turn whose board it shows.
    pub log_turns: Vec<usize>,
    /// Turns that can be viewed one by one (`0..turns`).
    pub turns: usize,
    /// Tiles left in the bag.
    pub tiles_left: usize,
    /// Which tiles come next, when a plugin's draw filter holds some back
    /// (the river's tiles before its lake, then the land tiles): the groups of
    /// [`Game::draw_groups`], the next draw's first; empty when every tile in
    /// the bag may come next.
    pub coming: Vec<Coming>,
    /// The tiles drawn face up into the plugins' lots (the bazaar's), each
    /// lot's in the order drawn: what a decision naming "the N-th tile left,
    /// from 0" counts. Empty without any.
    pub lots: Vec<Lot>,
    /// The markers on the board: `(name, symbol as SVG)`.
    pub markers: Vec<(String, String)>,
    /// The areas off the board that hold figures (the Count's city quarters):
    /// `(area name, "Red follower, Blue follower")`.
    pub areas: Vec<(String, String)>,
    /// Whether the viewer passes the figure step on his own when passing is
    /// the only choice.
    pub auto_pass: bool,
    /// Whether the viewer may download the record now.
    pub record_available: bool,
    /// What the viewer sees of the game (his observation, or the public one).
    pub observation: Value,
}

impl View {
    /// Sets [`View::seed_known`], as the game is stored.
    pub fn with_seed_known(mut self, known: Option<SeedKnown>) -> View {
        self.seed_known = known;
        self
    }

    /// Sets [`View::stand_in_in`]: the seat to act has kept the game waiting
    /// `waited`, and another player may let a bot play for it after `after`.
    pub fn with_stand_in_wait(mut self, waited: Duration, after: Duration) -> View {
        let person_to_act = self
            .actor
            .and_then(|a| self.seats.get(usize::from(a)))
            .is_some_and(|s| s.kind == "person" && s.stand_in.is_none());
        let other_player = self.you.is_some() && self.you != self.actor;
        self.stand_in_in = (person_to_act && other_player && !self.over).then(|| {
            let left = after.saturating_sub(waited);
            // Whole seconds, rounded up: 0 only once a stand-in is allowed.
            left.as_secs() + u64::from(left.subsec_nanos() > 0)
        });
        self
    }
}

/// A square the drawn tile's sides fit that a plugin's rule refuses.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// Column.
    pub x: i16,
    /// Row.
    pub y: i16,
    /// Why, as the engine gives it for placing the tile there
    /// ([`carcassonne_core::Game::refused_placements`]).
    pub why: String,
}

/// The board and the scores at the end of a past turn.
#[derive(Serialize, Debug)]
pub struct TurnView {
    /// The turn.
    pub turn: usize,
    /// Whether it is the game's last.
    pub last: bool,
    /// The board then (SVG).
    pub board: String,
    /// The seats then: scores and figures in hand.
    pub seats: Vec<SeatView>,
}

/// The engine's player of seat number `seat`.
fn player(seat: u8) -> Result<PlayerId, WebError> {
    PlayerId::new(seat).ok_or_else(|| WebError::bad(format!("there is no seat {seat}")))
}

/// What a spectator of `g` sees: what every player may see
/// ([`Game::spectator_observation`]: the core's part, public, and what each
/// plugin shows a spectator; a plugin that shows him nothing is `null`), with
/// `player` null.
pub fn public_observation(g: &Game) -> Result<Value, WebError> {
    let o = g
        .spectator_observation()
        .map_err(|e| WebError::Game(e.to_string()))?;
    serde_json::to_value(o).map_err(|e| WebError::Game(e.to_string()))
}

fn seat_views(s: &Session, g: &Game, style: &Style, seen: &Value) -> Vec<SeatView> {
    let names = s.seat_names();
    PlayerId::all(g.players())
        .map(|p| {
            let seat = &s.seats[p.index()];
            let mut view = SeatView {
                name: names[p.index()].clone(),
                color: style.player_color(Some(p.index())),
                kind: seat.kind.name().to_string(),
                taken: seat.taken || seat.kind != SeatKind::Person,
                stand_in: seat.stand_in.clone(),
                score: g.score(p),
                supply: g
                    .rules()
                    .figures
                    .iter()
                    .enumerate()
                    .filter(|(_, f)| f.per_player > 0)
                    .map(|(k, f)| {
                        let k = carcassonne_core::FigureKindId(k as u8);
                        format!("{} {}", f.name, g.supply(p, k))
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
                hand: seen["hands"][p.index()]
                    .as_array()
                    .map(|h| {
                        h.iter()
                            .filter_map(|t| t.as_str().map(str::to_string))
                            .collect()
                    })
                    .unwrap_or_default(),
                holds: String::new(),
                notes: Vec::new(),
            };
            for line in notes::player_lines(g, p, &|o| names[o.index()].clone()) {
                match line {
                    PlayerLine::Holds(h) => view.holds = h,
                    PlayerLine::Note(n) => view.notes.push(SeatNote {
                        symbol: notes::note_symbol(&n.plugin, 14.0, style),
                        plugin: n.plugin,
                        note: n.note,
                    }),
                    PlayerLine::Failed(e) => view.notes.push(SeatNote {
                        plugin: String::new(),
                        note: format!("no note: {e}"),
                        symbol: String::new(),
                    }),
                }
            }
            view
        })
        .collect()
}

/// What the viewer in seat `you` (none: a spectator) sees now of game `name`.
pub fn view(s: &Session, name: &str, you: Option<u8>) -> Result<View, WebError> {
    let style = &s.ruleset.style;
    let g = &s.game;
    let actor = s.actor();
    let your_turn = actor.is_some() && actor == you;
    let legal = if your_turn {
        g.legal_actions()
            .map_err(|e| WebError::Game(e.to_string()))?
    } else {
        Vec::new()
    };
    let mut placements: Vec<Spot> = Vec::new();
    let mut choices = Vec::new();
    let mut marks = Vec::new();
    let mut figure_marks = Vec::new();
    for &a in &legal {
        match a {
            // Setting the drawn tile aside (it fits only with a piece): a button.
            Action::Place(p) if p != Placement::SET_ASIDE => {
                add_spot(&mut placements, p, || g.format_action(a))
            }
            _ => {
                // A decision naming a figure on the board (a capture): the
                // figure itself is clicked.
                let named = match a {
                    Action::Choose(v) => code_figure(v),
                    _ => None,
                };
                if let Some(fig) = named.filter(|&f| g.figure_tile(f).is_some()) {
                    figure_marks.push((fig, choices.len()));
                }
                if let Action::Figure(FigureOption::Deploy { kind, at }) = a {
                    // A mark on the feature, on whichever tile it is (the
                    // tile just placed; a portal's or a wagon's elsewhere).
                    let place = at
                        .feature()
                        .and_then(|f| Some((g.feature_tile(f)?, g.feature_local(f)?)));
                    if let Some((t, local)) = place {
                        let name = g.figure_kind_name(kind).unwrap_or("figure");
                        let letter = carcassonne_render::style::initial(name);
                        marks.push((t, local, choices.len(), letter));
                    }
                }
                let text = g.format_action(a);
                choices.push(Choice {
                    number: trailing_number(a, &text),
                    label: label(g, a),
                    text,
                });
            }
        }
    }
    let seen = match you {
        Some(p) => serde_json::to_value(
            g.observation(player(p)?)
                .map_err(|e| WebError::Game(e.to_string()))?,
        )
        .map_err(|e| WebError::Game(e.to_string()))?,
        None => public_observation(g)?,
    };
    let o = Options {
        title: Some(s.ruleset.name.clone()),
        highlight_last: true,
        panel: false,
        candidates: placements
            .iter()
            .map(|s| carcassonne_core::Pos::new(s.x, s.y))
            .collect(),
        choices: marks,
        figure_choices: figure_marks,
        seat_names: s.seat_names(),
        ..Options::default()
    };
    let o_names = &o.seat_names;
    let mut refused: Vec<Refused> = Vec::new();
    if !placements.is_empty() {
        for (p, why) in g.refused_placements() {
            let (x, y) = (p.pos.x, p.pos.y);
            let listed = |a: i16, b: i16| (a, b) == (x, y);
            if placements.iter().any(|s| listed(s.x, s.y))
                || refused.iter().any(|r| listed(r.x, r.y))
            {
                continue;
            }
            refused.push(Refused { x, y, why });
        }
    }
    let drawn = g.drawn_tile().filter(|_| !placements.is_empty());
    let drawn_rotations = drawn
        .and_then(|t| g.rules().tiles.get(t))
        .map(|ty| {
            (0..4u8)
                .map(|r| carcassonne_render::tile_picture(g, ty, r, 100.0, style))
                .collect()
        })
        .unwrap_or_default();
    let person_seats = s
        .seats
        .iter()
        .filter(|x| x.kind == SeatKind::Person)
        .count();
    Ok(View {
        name: name.to_string(),
        ruleset: s.ruleset.name.clone(),
        you,
        moves: s.actions().len(),
        seed: g.is_over().then(|| g.seed()),
        seed_known: None,
        turn: g.turn(),
        over: g.is_over(),
        actor,
        your_turn,
        bot_to_act: s.bot_to_act(),
        stuck: s.stuck.clone(),
        seats: seat_views(s, g, style, &seen),
        stand_in_in: None,
        board: carcassonne_render::board(g, &o, style),
        drawn: g
            .drawn_tile()
            .and_then(|t| g.tile_type_name(t).map(str::to_string)),
        drawn_rotations,
        placements,
        refused,
        choices,
        prompt: prompt(s, actor),
        log: s.log.clone(),
        log_turns: s.log_turns().to_vec(),
        turns: s.turns(),
        tiles_left: g.bag_len(),
        coming: if g.is_over() { Vec::new() } else { coming(g) },
        lots: lots(g, style),
        markers: carcassonne_render::legend_names(g, style)
            .into_iter()
            .map(|n| {
                let svg = carcassonne_render::marker_symbol(&n, 18.0, style);
                (n, svg)
            })
            .collect(),
        areas: notes::areas(g, &|p| o_names[p.index()].clone()),
        auto_pass: you.is_some_and(|p| s.seats[p as usize].auto_pass),
        record_available: g.is_over() || (you.is_some() && person_seats == 1),
        observation: seen,
    })
}

/// The board and the scores at the end of turn `n`.
pub fn turn_view(s: &Session, n: usize) -> Result<TurnView, WebError> {
    let style = &s.ruleset.style;
    let PastTurn { game, last } = s.past(n)?;
    let seen = public_observation(&game)?;
    Ok(TurnView {
        turn: n,
        last,
        board: s.picture_of_turn(&game, n, false),
        seats: seat_views(s, &game, style, &seen),
    })
}

/// What a person reads on the button of action `a`: a figure's place names
/// the feature by the parts of the tile's sides it reaches, its corner (a
/// barn) and, off the tile just placed, the tile's position; a decision's
/// option that names a figure names it by owner, kind and place; any other
/// option of a plugin is its label (`Game::action_label`), players named by
/// colour.
pub fn label(g: &Game, a: Action) -> String {
    match a {
        Action::Figure(FigureOption::Pass) => "No figure".into(),
        Action::Place(p) if p == Placement::SET_ASIDE => "Set the tile aside and draw again".into(),
        Action::Figure(FigureOption::Deploy { kind, at }) => {
            let name = g.figure_kind_name(kind).unwrap_or("figure");
            let place = at
                .feature()
                .and_then(|f| Some((g.feature_tile(f)?, g.feature_local(f)?)));
            let Some((t, l)) = place else {
                return match at {
                    Location::Tile(t) => match g.tile_pos(t) {
                        Some(p) if Some(t) != g.last_placed() => {
                            format!("{name} on the tile at {p}")
                        }
                        _ => format!("{name} on the tile"),
                    },
                    _ => format!("{name} ({})", g.format_action(a)),
                };
            };
            let mut text = format!("{name} on the {}", log::describe_feature(g, t, l));
            if let Location::Corner(_, c) = at {
                text.push_str(&format!(" at its {} corner", c.name()));
            }
            if Some(t) != g.last_placed() {
                if let Some(p) = g.tile_pos(t) {
                    text.push_str(&format!(" at {p}"));
                }
            }
            text
        }
        // A decision naming a figure (a capture, a ransom): the figure.
        Action::Choose(v) => code_figure(v)
            .and_then(|f| figure_label(g, f))
            .unwrap_or_else(|| log::names_in(&g.action_label(a))),
        // A plugin's option as its label says it ("Move the dragon east"),
        // else the record's text.
        _ => log::names_in(&g.action_label(a)),
    }
}

/// Figure `fig` as a person reads it: "Red's follower on the road W E at
/// (1, 0)", "Red's follower held by Blue".
fn figure_label(g: &Game, fig: FigureId) -> Option<String> {
    let kind = g.figure_kind_name(g.figure_kind(fig)?)?;
    let whose = g.figure_owner(fig).map_or_else(
        || "the".to_string(),
        |p| format!("{}'s", log::NAMES[p.index() % log::NAMES.len()]),
    );
    let place = match g.figure_location(fig) {
        None => "in supply".to_string(),
        Some(at @ (Location::Held(_) | Location::Area(_))) => log::off_board(g, &at),
        Some(at) => {
            let t = g.figure_tile(fig)?;
            let pos = g.tile_pos(t)?;
            match at.feature().and_then(|f| g.feature_local(f)) {
                Some(l) => format!("on the {} at {pos}", log::describe_feature(g, t, l)),
                None => format!("on the tile at {pos}"),
            }
        }
    };
    Some(format!("{whose} {kind} {place}"))
}

/// What the seat to act decides, or who won. A plugin's description of its
/// decision names the player itself.
fn prompt(s: &Session, actor: Option<u8>) -> String {
    let g = &s.game;
    let Some(p) = actor else {
        // The winners by their seats' names: "Blue (Bob)".
        let names = s.seat_names();
        let best = g.scores().iter().copied().max().unwrap_or(0);
        let winners: Vec<&str> = PlayerId::all(g.players())
            .filter(|&p| g.score(p) == best)
            .map(|p| {
                names
                    .get(p.index())
                    .map_or(log::NAMES[p.index()], String::as_str)
            })
            .collect();
        return format!(
            "Game over: {} wins with {best} points.",
            winners.join(" and ")
        );
    };
    // The seat as the page names it: "Red (Ann)", "Blue (greedy)", "Green".
    let colour = log::NAMES[p as usize];
    let names = s.seat_names();
    let who = names.get(p as usize).map_or(colour, String::as_str);
    if g.drawn_tile().is_some() {
        // The tile is shown beside the prompt: its code tells a player nothing.
        return format!("{who}: place the drawn tile.");
    }
    match g.pending_steps().last() {
        Some(step) if step.owner != carcassonne_core::hooks::CORE_OWNER => {
            let plugin = &g.rules().plugins[step.owner as usize];
            with_name(
                colour,
                who,
                &log::names_in(&plugin.hooks.describe_step(*step)),
            )
        }
        _ => format!("{who}: deploy a figure on the tile just placed, or none."),
    }
}

/// `text` led by the seat's name `who` once: "Red (Ann): grow or herd …"
/// whether or not the plugin's text starts with the seat's colour
/// (`colour:`, which the name replaces).
pub fn with_name(colour: &str, who: &str, text: &str) -> String {
    let text = text
        .strip_prefix(&format!("{colour}:"))
        .map_or(text, str::trim_start);
    format!("{who}: {text}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_ending_in_a_number_carries_it_for_the_number_field() {
        assert_eq!(trailing_number(Action::Choose(3), "bazaar bid 3"), Some(3));
        assert_eq!(trailing_number(Action::Choose(0), "bazaar pass"), None);
        assert_eq!(
            trailing_number(Action::Figure(FigureOption::Pass), "deploy follower 2"),
            None
        );
    }

    #[test]
    fn placements_with_a_piece_are_listed_with_their_square() {
        use carcassonne_core::{Pos, Rotation};
        let at = |x, y, r| Placement::new(Pos::new(x, y), Rotation::ALL[r]);
        let mut spots = Vec::new();
        add_spot(&mut spots, at(0, 1, 0), || {
            unreachable!("a plain placement")
        });
        add_spot(&mut spots, at(1, 0, 2), || {
            unreachable!("a plain placement")
        });
        let bridge = Placement {
            piece: Piece::of(3, 1),
            ..at(0, 1, 1)
        };
        add_spot(&mut spots, bridge, || "place 0 1 1 bridges WE".into());
        assert_eq!(spots.len(), 2);
        let s = &spots[0];
        assert_eq!((s.x, s.y, &s.rots, &s.plain), (0, 1, &vec![0, 1], &vec![0]));
        assert_eq!(s.pieces.len(), 1);
        assert_eq!(s.pieces[0].rot, 1);
        assert_eq!(s.pieces[0].text, "place 0 1 1 bridges WE");
        assert_eq!(s.pieces[0].label, "Place with bridges WE");
        assert!(spots[1].pieces.is_empty());
    }

    #[test]
    fn the_players_name_leads_a_prompt_once() {
        assert_eq!(
            with_name("Red", "Red", "Red: grow or herd the flock"),
            "Red: grow or herd the flock"
        );
        assert_eq!(with_name("Red", "Red", "grow or herd"), "Red: grow or herd");
        assert_eq!(
            with_name("Red", "Red (Ann)", "Red: grow or herd the flock"),
            "Red (Ann): grow or herd the flock"
        );
        assert_eq!(
            with_name("Red", "Red (Ann)", "Redwood: no colour of its own"),
            "Red (Ann): Redwood: no colour of its own"
        );
    }
}

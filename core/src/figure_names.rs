//! Names of figures in action text: the value codes that name a figure
//! ([`FIGURE_CODE`]) are named and parsed by the core, for every plugin alike.
//!
//! | text | figure |
//! |---|---|
//! | `large of 1 at 3 -1 2` | player 1's large follower on local feature 2 of the tile at x = 3, y = −1 |
//! | `barn of 0 at 3 -1 1 corner NE` | ... on local feature 1, at the tile's north-east corner |
//! | `dragon at 3 -1 tile` | a neutral figure on the tile itself |
//! | `follower of 0 held by 1` | player 0's follower, a prisoner of player 1 |
//! | `follower of 2 in castle` | player 2's follower in the area `castle` |
//! | `follower of 2 in supply` | one of player 2's followers in his supply |
//!
//! A name tells a figure by its kind, owner and place; figures alike in all
//! three (two followers of one player on one feature) are interchangeable, and
//! a name stands for the first of them ([`Game::figure_code`] picks it), so
//! that every code a plugin offers has a name of its own that parses back to it.

use crate::game::Game;
use crate::hooks::{code_figure, FIGURE_CODE};
use crate::types::*;

impl Game {
    /// The value code naming figure `fig` ([`FIGURE_CODE`]): the code of the
    /// first figure of the same kind, owner and place (figures alike in all
    /// three are interchangeable), so that its name parses back to it. `None`
    /// for a figure that does not exist.
    pub fn figure_code(&self, fig: FigureId) -> Option<u32> {
        let first = self.first_alike(fig)?;
        Some(FIGURE_CODE + u32::from(first.0))
    }

    /// What tells a figure apart in its name: kind, owner, place.
    fn figure_key(
        &self,
        fig: FigureId,
    ) -> Option<(FigureKindId, Option<PlayerId>, Option<Location>)> {
        Some((
            self.figure_kind(fig)?,
            self.figure_owner(fig),
            self.figure_location(fig),
        ))
    }

    /// The name of the figure value code `code` names (see the module), `None`
    /// if it names no figure of this game.
    pub fn figure_code_name(&self, code: u32) -> Option<String> {
        let fig = code_figure(code)?;
        let kind = self.figure_kind_name(self.figure_kind(fig)?)?;
        let owner = self
            .figure_owner(fig)
            .map_or_else(String::new, |p| format!(" of {p}"));
        let place = match self.figure_location(fig) {
            None => "in supply".to_string(),
            Some(at @ (Location::Held(_) | Location::Area(_))) => self.off_board_text(at),
            Some(at) => {
                let (t, what) = match at {
                    Location::Feature(f) => {
                        (self.feature_tile(f)?, self.feature_local(f)?.to_string())
                    }
                    Location::Corner(f, c) => (
                        self.feature_tile(f)?,
                        format!("{} corner {}", self.feature_local(f)?, c.name()),
                    ),
                    Location::Tile(t) => (t, "tile".to_string()),
                    _ => return None,
                };
                let p = self.tile_pos(t)?;
                format!("at {} {} {what}", p.x, p.y)
            }
        };
        Some(format!("{kind}{owner} {place}"))
    }

    /// Parses [`Game::figure_code_name`]'s form into the code of the first
    /// figure it fits; `None` if the text names no figure of this game.
    pub fn parse_figure_code(&self, text: &str) -> Option<u32> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (&kind, rest) = words.split_first()?;
        let kind = self.rules().figure_kind(kind)?;
        let (owner, rest) = match rest {
            ["of", p, rest @ ..] => (Some(PlayerId::new(p.parse::<u8>().ok()?)?), rest),
            _ => (None, rest),
        };
        let at = match rest {
            ["in", "supply"] => None,
            ["in", _] | ["held", "by", _] => Some(self.parse_off_board(rest)?),
            ["at", x, y, what @ ..] => {
                let pos = Pos::new(x.parse().ok()?, y.parse().ok()?);
                let t = self.tile_at(pos)?;
                Some(match what {
                    ["tile"] => Location::Tile(t),
                    [local, "corner", c] => Location::Corner(
                        self.feature_of(t, local.parse().ok()?)?,
                        Corner::parse(c)?,
                    ),
                    [local] => Location::Feature(self.feature_of(t, local.parse().ok()?)?),
                    _ => return None,
                })
            }
            _ => return None,
        };
        let key = Some((kind, owner, at));
        let first = (0..self.figure_count() as u16)
            .map(FigureId)
            .find(|&g| self.figure_key(g) == key)?;
        Some(FIGURE_CODE + u32::from(first.0))
    }
}

//! Naming a place on the board in a plugin's option code.
//!
//! Record names of option codes are made from the code alone (`value_name`
//! sees no game), so an option that points at a place on the board — the
//! fairy beside a follower, the princess sending one home — packs the place
//! into its code: a placed tile's position and, optionally, a local feature
//! of that tile. [`Spot`] is that code and its text form, `2 at 3 -1` (local
//! feature 2 of the tile at x = 3, y = −1) or `tile at 3 -1` (the tile
//! itself): the words the core uses for locations anywhere on the board
//! (`deploy follower 2 at 3 -1`, `deploy dragon tile at 3 -1`).
//!
//! ```
//! use carcassonne_plugin_sdk::{Pos, Spot};
//!
//! let spot = Spot { pos: Pos::new(3, -1), local: Some(2) };
//! let code = spot.code().unwrap(); // the option's code: `cx.special_option(code)`
//! assert_eq!(Spot::from_code(code), spot);
//! assert_eq!(spot.name(), "2 at 3 -1"); // `value_name` of the code
//! assert_eq!(Spot::parse("2 at 3 -1"), Some(spot)); // `parse_value`
//! ```
//!
//! A plugin whose special options are all spots says so with
//! `const SPOT_SPECIALS: bool = true;` and gets these names from the default
//! `Plugin::value_name` and `Plugin::parse_value`.
//!
//! **Options that name one figure.** Two figures may share a feature (a
//! farmer and a pig, a knight and a builder), so a feature's spot cannot say
//! which of them an option means. [`Spot::of_figure`] gives the code of an
//! option naming one figure (a capture, a prisoner to free):
//! [`FIGURE_CODE`](crate::FIGURE_CODE) plus its id, which the core itself names in action
//! text by the figure's kind, owner and place — `large of 1 at 3 -1 2`
//! (player 1's large follower on local feature 2 of the tile at (3, −1)),
//! `follower of 0 held by 1`, `follower of 2 in castle` — and parses back, for
//! decision options, chance outcomes and special figure options of any
//! plugin alike (`value_name` is never asked for them). [`Spot::figure_of`]
//! reads the figure back from the code. Figures alike in kind, owner and place
//! are interchangeable: they get one code (offer it once).

use crate::{FeatureId, FigureId, Pos, TileIndex, View};

/// A tile position, with or without a local feature, packed in a `u32` code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spot {
    /// Position of the placed tile.
    pub pos: Pos,
    /// Local feature index on that tile; `None` for the tile itself.
    pub local: Option<u8>,
}

impl Spot {
    /// In a label (`Plugin::value_label`) of an option whose code is a spot:
    /// where the core writes the place, as people read it (`the road at
    /// (3, -1)`, `the tile at (3, -1)`); a label sees no game, the core does.
    ///
    /// ```
    /// use carcassonne_plugin_sdk::Spot;
    /// assert_eq!(format!("Move the wagon to {}", Spot::LABEL_PLACE), "Move the wagon to {S}");
    /// ```
    pub const LABEL_PLACE: &'static str = carcassonne_vocab::LABEL_PLACE;

    /// In a label of an option whose code names a figure ([`Spot::of_figure`]):
    /// where the core writes the figure (`{P1}'s large follower on the city
    /// at (3, -1)`).
    pub const LABEL_FIGURE: &'static str = carcassonne_vocab::LABEL_FIGURE;

    /// The spot of feature instance `f` (its tile's position and its local index).
    pub fn of_feature(v: &View<'_>, f: FeatureId) -> Spot {
        Spot {
            pos: v.tile_pos(v.feature_tile(f)),
            local: Some(v.feature_local(f)),
        }
    }

    /// The spot of placed tile `t` itself.
    pub fn of_tile(v: &View<'_>, t: TileIndex) -> Spot {
        Spot {
            pos: v.tile_pos(t),
            local: None,
        }
    }

    /// The code: 13 bits per coordinate, 6 bits of local index. `None` if a
    /// coordinate or the local index does not fit. The packing is the
    /// vocabulary's ([`carcassonne_vocab::spot_code`]), which the core's
    /// standing offer of follower spots makes too.
    pub fn code(self) -> Option<u32> {
        carcassonne_vocab::spot_code(self.pos, self.local)
    }

    /// Inverse of [`Spot::code`].
    pub fn from_code(code: u32) -> Spot {
        let (pos, local) = carcassonne_vocab::spot_of_code(code);
        Spot { pos, local }
    }

    /// The code of an option naming figure `fig` (see the module): the core
    /// names it (`large of 1 at 3 -1 2`) and parses it back. Figures alike in
    /// kind, owner and place get the same code.
    pub fn of_figure(v: &View<'_>, fig: FigureId) -> u32 {
        v.figure_code(fig)
    }

    /// The figure an option code made by [`Spot::of_figure`] names, if it is one.
    pub fn figure_of(code: u32) -> Option<FigureId> {
        crate::code_figure(code)
    }

    /// The feature instance this spot names on the board, if there is one.
    pub fn feature(self, v: &View<'_>) -> Option<FeatureId> {
        let t = v.tile_at(self.pos)?;
        let l = self.local?;
        (l < v.tile_feature_count(t)).then(|| v.feature_of(t, l))
    }

    /// The text form: `2 at 3 -1`, or `tile at 3 -1` for the tile itself.
    pub fn name(self) -> String {
        match self.local {
            Some(l) => format!("{l} at {} {}", self.pos.x, self.pos.y),
            None => format!("tile at {} {}", self.pos.x, self.pos.y),
        }
    }

    /// Parses [`Spot::name`]'s form.
    pub fn parse(text: &str) -> Option<Spot> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (local, rest) = match words.as_slice() {
            ["tile", "at", rest @ ..] => (None, rest),
            [l, "at", rest @ ..] => (Some(l.parse::<u8>().ok()?), rest),
            _ => return None,
        };
        let [x, y] = rest else { return None };
        let spot = Spot {
            pos: Pos::new(x.parse().ok()?, y.parse().ok()?),
            local,
        };
        spot.code().map(|_| spot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spot(x: i16, y: i16, local: Option<u8>) -> Spot {
        Spot {
            pos: Pos::new(x, y),
            local,
        }
    }

    #[test]
    fn codes_and_names_round_trip_at_the_limits() {
        for s in [
            spot(0, 0, None),
            spot(3, -1, Some(2)),
            spot(-4096, 4095, Some(0)),
            spot(4094, -4096, Some(62)),
            spot(-1, -1, None),
        ] {
            let code = s.code().unwrap();
            assert_eq!(Spot::from_code(code), s, "{s:?}");
            assert_eq!(Spot::parse(&s.name()), Some(s), "{}", s.name());
        }
        assert_eq!(spot(3, -1, Some(2)).name(), "2 at 3 -1");
        assert_eq!(spot(3, -1, None).name(), "tile at 3 -1");
    }

    #[test]
    fn spots_that_do_not_fit_have_no_code_and_do_not_parse() {
        assert_eq!(spot(4096, 0, None).code(), None);
        assert_eq!(
            spot(4095, 0, None).code(),
            None,
            "the codes of x = 4095 name figures"
        );
        assert_eq!(Spot::figure_of(crate::FIGURE_CODE + 17), Some(FigureId(17)));
        assert_eq!(
            Spot::figure_of(spot(4094, 4095, Some(62)).code().unwrap()),
            None
        );
        assert_eq!(spot(0, -4097, Some(1)).code(), None);
        assert_eq!(
            spot(0, 0, Some(63)).code(),
            None,
            "63 means the tile itself"
        );
        for bad in [
            "",
            "at 1 2",
            "2 at 1",
            "2 at 1 2 3",
            "x at 1 2",
            "2 in 1 2",
            "300 at 1 2",
            "2 at 5000 0",
            "tile at 1",
            "63 at 0 0",
        ] {
            assert_eq!(Spot::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn distinct_spots_have_distinct_codes() {
        let mut seen = std::collections::HashSet::new();
        for x in -3..=3 {
            for y in -3..=3 {
                for local in [None, Some(0), Some(1), Some(9)] {
                    assert!(seen.insert(spot(x, y, local).code().unwrap()));
                }
            }
        }
    }
}

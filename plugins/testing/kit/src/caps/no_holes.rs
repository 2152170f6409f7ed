//! `kit-no-holes`: a placement rule of one plugin that another plugin's play
//! from the hand must respect. No tile goes into a hole (an empty square with a
//! tile on each of its four sides); with `exempt-held`, a tile of a type the
//! current player holds in his hand may. Played with the official `abbey`, whose
//! abbey goes only into holes: the abbey is never offered (the play would
//! fail), and with the exemption the abbey is judged out of the hand, as its
//! placement list is made, so it is not offered either.

use carcassonne_plugin_sdk::prelude::*;

/// Options of `kit-no-holes`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case", default)]
pub struct Options {
    /// Whether a tile of a type the current player holds may go into a hole.
    pub exempt_held: bool,
}

impl Config for Options {
    const DOCS: &'static [(&'static str, &'static str)] = &[(
        "exempt-held",
        "Whether a tile of a type the current player holds may go into a hole.",
    )];
}

/// The plugin.
pub struct NoHoles {
    exempt_held: bool,
}

#[plugin]
impl Plugin for NoHoles {
    type Config = Options;
    const ID: &'static str = "kit-no-holes";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: no tile into a hole";

    fn new(o: Options) -> Result<Self, ConfigError> {
        Ok(NoHoles {
            exempt_held: o.exempt_held,
        })
    }

    fn filter_placements(
        &self,
        v: &View<'_>,
        tile: TileTypeId,
        cands: &[Placement],
        keep: &mut [bool],
    ) -> HookResult {
        if self.exempt_held && v.hand_count(v.current_player(), tile) > 0 {
            return Ok(());
        }
        veto(cands, keep, |c| {
            v.tiles_beside(c.pos) & 0b1_1111 == 0b0_1111
        });
        Ok(())
    }
}

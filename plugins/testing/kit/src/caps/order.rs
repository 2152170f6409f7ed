//! `kit-order-one` and `kit-order-odd`: a pair whose result depends on the
//! order in which their hooks run, which the composition check
//! (`conformance --permute-plugins`) must find. At the start of every turn
//! `kit-order-one` gives the current player 1 point and `kit-order-odd` gives
//! him 2 if his score is odd: `one` then `odd` gives 3 on the first turn,
//! `odd` then `one` gives 1. Neither declares an order.

use carcassonne_plugin_sdk::prelude::*;

/// One point at the start of every turn.
pub struct OrderOne;

#[plugin]
impl Plugin for OrderOne {
    type Config = NoOptions;
    const ID: &'static str = "kit-order-one";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str = "test plugin: 1 point at the start of every turn";

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(OrderOne)
    }

    fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
        let p = cx.current_player();
        cx.add_score(p, 1);
        Ok(())
    }
}

/// Two points at the start of a turn when the current player's score is odd.
pub struct OrderOdd;

#[plugin]
impl Plugin for OrderOdd {
    type Config = NoOptions;
    const ID: &'static str = "kit-order-odd";
    const VERSION: &'static str = env!("CARGO_PKG_VERSION");
    const DESCRIPTION: &'static str =
        "test plugin: 2 points at the start of a turn on an odd score";

    fn new(_: NoOptions) -> Result<Self, ConfigError> {
        Ok(OrderOdd)
    }

    fn turn_start(&self, cx: &mut Cx<'_>) -> HookResult {
        let p = cx.current_player();
        if cx.score(p) % 2 != 0 {
            cx.add_score(p, 2);
        }
        Ok(())
    }
}

//! What the players see, checked by the conformance kit: every player's
//! observation and a spectator's build (a plugin's `observe` hook writes valid
//! JSON and does not fail), the plugins' notes are short lines
//! ([`Game::note_problems`]), and their log lines name only players and tile
//! types the game has.

use crate::game::Game;
use crate::types::PlayerId;

/// An observation is built at every this many states, and every one at the
/// last: each build reads the whole board (with the plugins' state words),
/// most of a step's cost.
pub(super) const EVERY: u64 = 32;

/// Builds observation `k` of `g`, counted round the seats and a spectator
/// (`k` modulo the players and one; every one with `k` `None`), and checks
/// the plugins' notes.
pub(super) fn observations(g: &Game, k: Option<u64>) -> Result<(), String> {
    let views = u64::from(g.players()) + 1;
    for v in (0..views).filter(|&v| k.is_none_or(|k| k % views == v)) {
        match PlayerId::new(v as u8).filter(|p| p.seat() < g.players()) {
            Some(p) => g
                .observation(p)
                .map(drop)
                .map_err(|e| format!("player {p}'s observation fails: {e}"))?,
            None => g
                .spectator_observation()
                .map(drop)
                .map_err(|e| format!("a spectator's observation fails: {e}"))?,
        }
    }
    match g.note_problems() {
        Ok(None) => Ok(()),
        Ok(Some(p)) => Err(p),
        Err(e) => Err(format!("a note fails: {e}")),
    }
}

/// Why plugin `plugin`'s log text `text` is refused, if it is: a `{P<n>}` of a
/// player or a `{T<n>}` of a tile type that `g` does not have (front ends
/// would show it as written, or as nothing).
pub(super) fn log_problem(g: &Game, plugin: &str, text: &str) -> Option<String> {
    let limits = [
        ("{P", usize::from(g.players()), "player"),
        ("{T", g.rules().tiles.types.len(), "tile type"),
    ];
    for (open, limit, what) in limits {
        let mut rest = text;
        while let Some(at) = rest.find(open) {
            let after = &rest[at + open.len()..];
            let digits = after.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 && after[digits..].starts_with('}') {
                let n: Option<usize> = after[..digits].parse().ok();
                // Front ends fill in `{P1}`, never `{P01}`.
                if open == "{P" && digits > 1 && after.starts_with('0') {
                    return Some(format!(
                        "plugin `{plugin}` logged {open}{}}} in {text:?}: a player is written \
                         {{P0}} to {{P5}}",
                        &after[..digits],
                    ));
                }
                if n.is_none_or(|n| n >= limit) {
                    return Some(format!(
                        "plugin `{plugin}` logged {open}{}}} in {text:?}: the game has no {what} {}",
                        &after[..digits],
                        &after[..digits],
                    ));
                }
            }
            rest = after;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_log_line_naming_a_player_or_tile_type_the_game_lacks_is_refused() {
        let g = Game::new(super::super::tests::base(), 2, 1).unwrap();
        let types = g.rules().tiles.types.len();
        let check = |text: &str| log_problem(&g, "x", text);
        assert_eq!(check("{P0} and {P1} buy {T0}"), None);
        assert_eq!(check("{P} {Px} {T} {P1"), None, "not placeholders");
        let p = check("{P2} scores").unwrap();
        assert_eq!(
            p,
            "plugin `x` logged {P2} in \"{P2} scores\": the game has no player 2"
        );
        let last = format!("{{T{}}}", types - 1);
        assert_eq!(check(&last), None);
        let past = format!("{{T{types}}}");
        assert!(check(&past)
            .unwrap()
            .ends_with(&format!("no tile type {types}")));
        assert!(check("{T99999999999999999999}").is_some());
        assert_eq!(
            check("{P01} scores").unwrap(),
            "plugin `x` logged {P01} in \"{P01} scores\": a player is written {P0} to {P5}"
        );
    }
}

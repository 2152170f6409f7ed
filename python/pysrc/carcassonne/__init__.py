"""Carcassonne rules engine with plugins, from Python.

>>> import carcassonne
>>> rules = carcassonne.Ruleset.load("base")
>>> game = carcassonne.Game(rules, seed=1)
>>> game.settle()                      # sample the first tile draw
>>> actions = game.legal_actions()     # e.g. ["place 1 0 0", ...]
>>> game.apply(actions[0])

* ``Ruleset.load(name_or_path, plugin_dirs=[])``: a TOML file, or a shipped
  ruleset by name (``Ruleset.shipped()``) where no such file exists; plugins
  compiled in or loaded from ``plugin_dirs``.
* ``Game``: ``actor()`` (a player, ``CHANCE`` or ``TERMINAL``), ``legal_actions()``
  in record notation, ``apply(text_or_id)``, ``chance_outcomes()`` with
  probabilities, ``clone()`` (it shares the RNG: its next draws are the real
  game's) and ``determinize(seed)`` (face-down tiles and future draws dealt
  again, for search), pickling (as a record), ``observation(player)`` (a dict) and
  ``encode_observation(player)`` (numpy arrays), ``legal_action_mask()`` over a
  fixed-size action space, ``to_record()`` / ``Game.from_record(json)``, and
  ``bot_action("mcts:500")`` to ask a built-in bot; ``svg()`` (the board's
  picture, shown by Jupyter) and ``rgb_array()`` (that picture as pixels).
* ``simulate(ruleset, games, bots=[...])``: many games at engine speed on all
  cores, without the GIL (Ctrl-C stops it with ``KeyboardInterrupt``).
* ``schedule``, ``play_fixtures``, ``standings``: tournaments in pieces that
  can be spread over processes or machines (see ``carcassonne.distributed``).
* ``env(ruleset=..., reward="outcome" or "score")``: a PettingZoo AEC
  environment (needs ``pettingzoo``; see ``carcassonne.aec``).
"""

from ._native import (  # noqa: F401
    CHANCE,
    TERMINAL,
    Game,
    Ruleset,
    play_fixtures,
    schedule,
    simulate,
    standings,
)


def env(ruleset="hills-and-sheep", players=None, plugin_dirs=(), render_mode=None, reward="outcome", window=None):
    """A PettingZoo AEC environment of ``ruleset`` (a name, a path or a ``Ruleset``).

    ``reward``: ``"outcome"`` (+1 win, -1 loss, at the end) or ``"score"`` (dense,
    zero-sum: the change of the agent's score minus the others' mean, each step);
    ``render_mode``: ``"ansi"``, ``"human"`` (that text printed) or ``"rgb_array"``
    (see ``carcassonne.aec``); ``window``: the radius of the observations' board
    window (default: the ruleset's tile count, every square a game can reach; see
    ``Game``).
    """
    from .aec import CarcassonneEnv

    return CarcassonneEnv(
        ruleset=ruleset,
        players=players,
        plugin_dirs=plugin_dirs,
        render_mode=render_mode,
        reward=reward,
        window=window,
    )


__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "Ruleset",
    "env",
    "play_fixtures",
    "schedule",
    "simulate",
    "standings",
]

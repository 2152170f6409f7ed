"""Tournaments and self-play batches spread over a Ray cluster.

The engine plays games on all cores of one machine without the GIL
(``simulate``, ``play_fixtures``); Ray spreads chunks of games over machines.
A tournament is a schedule of independent games (``schedule``), played in
chunks by Ray tasks (``play_fixtures``) and added up on the driver
(``standings``)::

    import ray, carcassonne
    from carcassonne.distributed import tournament

    ray.init()                      # or ray.init(address="auto") on a cluster
    table = tournament("base", ["mcts:300", "greedy", "random"], games=200)
    for line in table:
        print(line["bot"], line["win_rate"], line["elo"])

The ruleset travels to the workers as TOML text, so it must use built-in tile
sets (or tile-set paths valid on every worker) and plugins available there
(compiled in, or in ``plugin_dirs`` on every worker).
"""

from ._native import Ruleset, play_fixtures, schedule, simulate, standings


def _ruleset(ruleset, plugin_dirs):
    if isinstance(ruleset, Ruleset):
        return ruleset
    return Ruleset.load(str(ruleset), list(plugin_dirs))


def _positive(name, value):
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"{name}={value!r}: give a whole number of at least 1")


def _chunks(items, size):
    return [items[i : i + size] for i in range(0, len(items), size)]


def tournament(ruleset, bots, games, seed=0, chunk=16, plugin_dirs=(), threads_per_task=1):
    """Every pairing of ``bots`` plays ``games`` games (even: paired seeds, seats
    swapped), in Ray tasks of ``chunk`` games. Returns the standings: one dict
    per bot (``bot``, ``games``, ``wins``, ``win_rate`` and ``elo`` as
    ``(value, low, high)`` with 95 % intervals, ``mean_score``, ``playouts``,
    ``playouts_per_second``). The games are two-player games (one seat per bot
    of a pairing), whatever the ruleset's default number of players."""
    import ray

    _positive("chunk", chunk)
    if games <= 0 or games % 2:
        raise ValueError(f"games={games}: give an even number of games per pairing")
    rs = _ruleset(ruleset, plugin_dirs)
    fixtures = schedule(len(bots), games // 2, seed)

    @ray.remote(num_cpus=threads_per_task)
    def play_chunk(rs, bots, part):
        return play_fixtures(rs, bots, part, threads_per_task)

    rs_ref = ray.put(rs)
    futures = [play_chunk.remote(rs_ref, list(bots), part) for part in _chunks(fixtures, chunk)]
    results = [r for part in ray.get(futures) for r in part]
    return standings(list(bots), results)


def self_play(ruleset, games, bots=("random",), seed=0, chunk=256, plugin_dirs=(), players=None):
    """``games`` seeded games between ``bots`` in Ray tasks of ``chunk`` games;
    returns the scores (a list of per-game score lists) in seed order."""
    import ray

    _positive("games", games)
    _positive("chunk", chunk)
    rs = _ruleset(ruleset, plugin_dirs)

    @ray.remote
    def play_chunk(rs, first, count):
        out = simulate(rs, count, first, list(bots), players, 1)
        return out["scores"].tolist()

    rs_ref = ray.put(rs)
    futures = [
        play_chunk.remote(rs_ref, seed + start, min(chunk, games - start)) for start in range(0, games, chunk)
    ]
    return [s for part in ray.get(futures) for s in part]

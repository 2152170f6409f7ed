"""The Ray example (python/examples/ray_tournament.py) on a local Ray instance:
a tournament and a self-play batch spread over Ray tasks give exactly what
the same games give played in one process."""

import importlib.util
import pathlib

import carcassonne

EXAMPLE = pathlib.Path(__file__).resolve().parents[1] / "examples" / "ray_tournament.py"


def load_example():
    spec = importlib.util.spec_from_file_location("ray_tournament", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timeless(table):
    return [{k: v for k, v in line.items() if k != "playouts_per_second"} for line in table]


def test_the_ray_example_matches_the_games_played_locally(capsys):
    bots = ["mcts:20", "greedy", "random"]
    argv = ["--cpus", "2", "--ruleset", "base", "--bots", ",".join(bots), "--games", "4", "--seed", "1"]
    argv += ["--chunk", "3", "--self-play", "10"]
    table, scores = load_example().main(argv)

    rs = carcassonne.Ruleset.load("base")
    local = carcassonne.standings(bots, carcassonne.play_fixtures(rs, bots, carcassonne.schedule(3, 2, 1)))
    assert timeless(table) == timeless(local)
    assert [t["games"] for t in table] == [8, 8, 8]
    assert table[0]["playouts"] > 0 and table[0]["playouts_per_second"] > 0

    assert scores == carcassonne.simulate(rs, 10, seed=1, bots=["mcts:20"], threads=1)["scores"].tolist()

    out = capsys.readouterr().out
    assert "mcts:20" in out and "self-play, 10 games of mcts:20" in out

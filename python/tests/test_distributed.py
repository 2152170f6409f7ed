"""The Ray example: a tournament and a self-play batch on a local Ray instance."""

import pytest

ray = pytest.importorskip("ray")

import carcassonne  # noqa: E402
from carcassonne.distributed import self_play, tournament  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def test_a_tournament_spread_over_ray_matches_one_played_locally(local_ray):
    bots = ["mcts:20", "greedy", "random"]
    table = tournament("base", bots, games=4, seed=1, chunk=3)
    rs = carcassonne.Ruleset.load("base")
    local = carcassonne.standings(bots, carcassonne.play_fixtures(rs, bots, carcassonne.schedule(3, 2, 1)))
    timeless = lambda t: [{k: v for k, v in line.items() if k != "playouts_per_second"} for line in t]  # noqa: E731
    assert timeless(table) == timeless(local)
    assert [t["games"] for t in table] == [8, 8, 8]
    assert table[0]["playouts"] > 0


def test_self_play_over_ray_matches_simulate(local_ray):
    scores = self_play("hills-and-sheep", 40, bots=["random"], seed=5, chunk=15)
    local = carcassonne.simulate(carcassonne.Ruleset.load("hills-and-sheep"), 40, seed=5)
    assert scores == local["scores"].tolist()

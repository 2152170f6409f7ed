"""The Python API at its edges: names that are also files, pickling, search
copies, arguments out of range and Ctrl-C during a batch."""

import json
import os
import pathlib
import pickle
import shutil
import signal
import threading

import numpy as np
import pytest

import carcassonne
from carcassonne import CHANCE, Game, Ruleset

CONFIGS = pathlib.Path(__file__).resolve().parents[2] / "configs"


@pytest.fixture(scope="module")
def hs():
    return Ruleset.load("hills-and-sheep")


def play(game, rng, turns):
    stop = game.turn + turns
    while not game.is_over() and game.turn < stop:
        if game.is_chance():
            game.sample_chance()
        else:
            actions = game.legal_actions()
            game.apply(actions[rng.integers(len(actions))])


def test_a_file_wins_over_a_shipped_ruleset_of_the_same_name(tmp_path, monkeypatch):
    # As the program's --ruleset: a path that names a file is that file.
    text = (CONFIGS / "base.toml").read_text().replace(
        'name = "Carcassonne (base game)"', 'name = "my own base"'
    )
    (tmp_path / "base.toml").write_text(text)
    monkeypatch.chdir(tmp_path)
    assert Ruleset.load("base.toml").name == "my own base"
    assert Ruleset.load("./base.toml").name == "my own base"
    # No file `base`: the shipped ruleset.
    assert Ruleset.load("base").name == "Carcassonne (base game)"
    with pytest.raises(ValueError, match="nor is it the name of a shipped ruleset \\(did you mean `base`\\?\\)"):
        Ruleset.load("bsae")


def test_a_pickled_ruleset_carries_its_tile_set_files(tmp_path, monkeypatch):
    # The tile set is a file beside the ruleset; the pickle holds its text, so
    # it unpickles where the file is not (another directory, a Ray worker).
    shutil.copy(CONFIGS / "tilesets" / "base.toml", tmp_path / "mytiles.toml")
    text = (CONFIGS / "base.toml").read_text().replace('tilesets = ["base"]', 'tilesets = ["mytiles.toml"]')
    (tmp_path / "mine.toml").write_text(text)
    rs = Ruleset.load(str(tmp_path / "mine.toml"))
    data = pickle.dumps(rs)
    (tmp_path / "mytiles.toml").unlink()
    monkeypatch.chdir("/")
    again = pickle.loads(data)
    assert again.name == rs.name and again.num_actions == rs.num_actions
    a, b = Game(rs, seed=3), Game(again, seed=3)
    play(a, np.random.default_rng(1), 20)
    play(b, np.random.default_rng(1), 20)
    assert a.observation(0) == b.observation(0)


def test_a_pickled_game_is_the_same_game_rng_included(hs):
    game = Game(hs, seed=21)
    rng = np.random.default_rng(6)
    play(game, rng, 8)
    # A forced outcome, then draws from the RNG after the record's last entry.
    while not game.is_chance():
        play(game, rng, 1)
    game.apply(game.chance_outcomes()[-1][0])
    game.settle()
    assert game.actor() >= 0
    again = pickle.loads(pickle.dumps(game))
    assert again.actor() == game.actor()
    assert again.observation(0) == game.observation(0)
    assert again.legal_actions() == game.legal_actions()
    # The same RNG: the same draws from here on.
    play(game, np.random.default_rng(8), 1000)
    play(again, np.random.default_rng(8), 1000)
    assert game.is_over() and again.scores() == game.scores()
    assert json.loads(again.to_record()) == json.loads(game.to_record())


def test_a_draw_from_the_rng_then_a_forced_tile_under_a_hill_pickles(hs):
    # The first draw from the RNG, then the tile under its hill forced (another
    # stream): the record forces only the second, and replays the first.
    for seed in range(40):
        game = Game(hs, seed=seed)
        game.sample_chance()
        if game.is_chance() and "hidden" in game.chance_outcomes()[0][0]:
            break
    else:
        pytest.fail("no seed draws a hill tile first")
    game.apply(game.chance_outcomes()[0][0])
    again = pickle.loads(pickle.dumps(game))
    assert again.observation(0) == game.observation(0)
    assert again.legal_actions() == game.legal_actions()
    replayed = Game.from_record(game.to_record())
    assert replayed.observation(0) == game.observation(0)
    assert json.loads(replayed.to_record()) == json.loads(game.to_record())


def test_a_determinized_copy_sees_the_same_and_draws_otherwise(hs):
    game = Game(hs, seed=4)
    play(game, np.random.default_rng(2), 12)
    while not game.is_chance():
        play(game, np.random.default_rng(3), 1)
    # A plain clone draws what the game will draw ...
    assert game.clone().sample_chance() == game.clone().sample_chance()
    # ... a determinized one draws from its own seed, seeing what the players see.
    draws = set()
    for seed in range(8):
        copy = game.clone()
        copy.determinize(seed)
        assert copy.observation(0) == game.observation(0)
        assert copy.actor() == CHANCE
        draws.add(copy.sample_chance())
    assert len(draws) > 1
    copy = game.clone()
    copy.determinize(1)
    with pytest.raises(ValueError, match="determinized"):
        copy.to_record()
    with pytest.raises(ValueError, match="determinized"):
        pickle.dumps(copy)
    game.to_record()


def test_an_action_is_text_or_an_id_in_range(hs):
    game = Game(hs, seed=1)
    game.settle()
    before = game.observation(0)
    with pytest.raises(TypeError, match="not a bool"):
        game.apply(True)
    with pytest.raises(ValueError, match="action id -1 is not one: ids run from 0 to"):
        game.apply(-1)
    with pytest.raises(ValueError, match=f"action id {2**70} is not one"):
        game.apply(2**70)
    with pytest.raises(TypeError, match="not float"):
        game.apply(1.5)
    assert game.observation(0) == before


def test_end_ends_the_game_between_turns_as_a_record_does(hs):
    game = Game(hs, seed=5)
    play(game, np.random.default_rng(4), 6)
    # Between turns: the next tile is not drawn yet.
    assert game.is_chance() and game.legal_actions()[0].startswith("draw")
    # Mid-turn (the tile drawn, to be placed): refused, nothing changed.
    mid = game.clone()
    mid.sample_chance()
    before = mid.observation(0)
    with pytest.raises(ValueError, match="end"):
        mid.apply("end")
    assert mid.observation(0) == before and not mid.is_over()
    # Between turns: final scoring at once, recorded as a record has it.
    game.apply("end")
    assert game.is_over()
    assert json.loads(game.to_record())["actions"][-1] == "end"
    again = Game.from_record(game.to_record())
    assert again.is_over() and again.scores() == game.scores()


def test_batches_refuse_what_they_cannot_do(hs):
    with pytest.raises(ValueError, match="no bots"):
        carcassonne.simulate(hs, 1, bots=[])
    with pytest.raises(ValueError, match="more than one list holds"):
        carcassonne.schedule(2, 2**40, 0)
    assert len(carcassonne.schedule(3, 2, 0)) == 12
    from carcassonne.distributed import self_play, tournament

    with pytest.raises(ValueError, match="games=-5"):
        self_play(hs, games=-5)
    with pytest.raises(ValueError, match="chunk=0"):
        tournament(hs, ["random", "greedy"], games=2, chunk=0)


def test_ctrl_c_stops_a_batch():
    # 2**40 games would run for years (and once asked for their memory up
    # front): the signal handler runs while the games do. Python's own
    # handler, set here: a process started in the background by a script
    # (as CI runs these tests) inherits SIGINT ignored, and Python then
    # installs none.
    rs = Ruleset.load("base")
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            carcassonne.simulate(rs, 2**40, threads=2)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, before)


def test_the_environment_says_what_is_wrong():
    with pytest.raises(ValueError, match="players=0"):
        carcassonne.env(ruleset="base", players=0)
    env = carcassonne.env(ruleset="base")
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not env.agents
    with pytest.raises(RuntimeError, match="every agent is done"):
        env.step(0)

"""The Game API from Python: actions, chance, clone, observations, records."""

import copy
import json
import pathlib
import pickle

import numpy as np
import pytest

import carcassonne
from carcassonne import CHANCE, TERMINAL, Game, Ruleset


@pytest.fixture(scope="module")
def base():
    return Ruleset.load("base")


@pytest.fixture(scope="module")
def hs():
    return Ruleset.load("hills-and-sheep")


def play_randomly(game, rng, stop=None):
    while not game.is_over() and (stop is None or game.turn < stop):
        if game.is_chance():
            outcomes = game.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            game.sample_chance()
        else:
            actions = game.legal_actions()
            game.apply(actions[rng.integers(len(actions))])


def test_every_ruleset_in_configs_is_shipped():
    # The package embeds every ruleset of configs/ (one list, in the host
    # crate): each is offered by name, the default first, none twice.
    configs = pathlib.Path(__file__).resolve().parents[2] / "configs"
    files = sorted(p.stem for p in configs.glob("*.toml"))
    shipped = Ruleset.shipped()
    assert len(files) >= 12
    assert sorted(shipped) == files
    assert len(set(shipped)) == len(shipped)
    assert shipped[0] == "hills-and-sheep"


def test_shipped_rulesets_load_and_bad_ones_are_clear_errors(tmp_path):
    assert Ruleset.load("base").name == "Carcassonne (base game)"
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nplayer = 3\n')
    with pytest.raises(ValueError, match="unknown key `player`"):
        Ruleset.load(str(bad))
    with pytest.raises(ValueError, match="cannot read|No such file|not found"):
        Ruleset.load("/nonexistent/rules.toml")


def test_a_broken_library_in_a_plugin_directory_is_a_warning(tmp_path):
    (tmp_path / "libbroken.so").write_bytes(b"")
    with pytest.warns(UserWarning, match="libbroken.so"):
        rs = Ruleset.load("base", plugin_dirs=[str(tmp_path)])
    assert rs.name == "Carcassonne (base game)"


@pytest.mark.parametrize("name", Ruleset.shipped())
def test_every_shipped_ruleset_plays_with_the_encodings(name):
    # The package compiles in every official plugin: each shipped ruleset loads,
    # and a game plays to its end through the action ids and the mask.
    rules = Ruleset.load(name)
    game = Game(rules, seed=1)
    rng = np.random.default_rng(1)
    while not game.is_over():
        if game.is_chance():
            game.sample_chance()
            continue
        ids = np.flatnonzero(game.legal_action_mask())
        # Every legal action has an id and back, plugins' own options too (their
        # codes may be packed positions: the id ranks them among the legal ones).
        texts = game.legal_actions()
        assert len(ids) == len(texts)
        assert sorted(game.action_text(int(i)) for i in ids) == sorted(texts)
        game.apply(int(ids[rng.integers(len(ids))]))
    assert game.encode_observation(0)["state"].shape == game.observation_shapes[1]


def test_a_whole_game_with_chance_outcomes_and_the_actor(hs):
    game = Game(hs, seed=3)
    assert game.actor() == CHANCE
    play_randomly(game, np.random.default_rng(1))
    assert game.actor() == TERMINAL and game.is_over()
    assert len(game.scores()) == 2 and max(game.scores()) > 0


def test_illegal_actions_raise_and_change_nothing(base):
    game = Game(base, seed=1)
    game.settle()
    before = game.observation(0)
    with pytest.raises(ValueError):
        game.apply("place 40 40 0")
    with pytest.raises(ValueError):
        game.apply("nonsense")
    assert game.observation(0) == before


def test_clone_is_independent_and_plays_the_same(base):
    game = Game(base, seed=5)
    play_randomly(game, np.random.default_rng(2), stop=10)
    twin, other = game.clone(), copy.deepcopy(game)
    play_randomly(twin, np.random.default_rng(9))
    play_randomly(other, np.random.default_rng(9))
    assert twin.scores() == other.scores()
    assert not game.is_over() and game.turn < twin.turn


def test_records_round_trip(hs):
    game = Game(hs, seed=11)
    rng = np.random.default_rng(4)
    play_randomly(game, rng, stop=10)
    # Chance outcomes chosen explicitly (here, some tile draws) are recorded as
    # forced, between outcomes drawn from the RNG.
    forced = 0
    while game.turn < 30:
        if game.is_chance() and game.turn % 3 == 0:
            outcomes = game.chance_outcomes()
            game.apply(outcomes[-1][0])
            forced += 1
        play_randomly(game, rng, stop=game.turn + 1)
    record = json.loads(game.to_record())
    assert record["seed"] == 11 and record["actions"]
    assert forced > 0 and record["forced"]
    again = Game.from_record(game.to_record())
    # Draws from the RNG are not recorded (the seed replays them): settle both.
    game.settle()
    again.settle()
    assert again.observation(0) == game.observation(0)
    play_randomly(game, np.random.default_rng(5))
    play_randomly(again, np.random.default_rng(5))
    assert again.scores() == game.scores()
    final = json.loads(game.to_record())
    assert final["scores"] == game.scores()
    with pytest.raises(ValueError):
        Game.from_record('{"not": "a record"}')


def test_observations_hide_face_down_tiles(hs):
    game = Game(hs, seed=2)
    rng = np.random.default_rng(3)
    while not game.is_over():
        obs = game.observation(0)
        if obs["hidden_count"] > 0:
            break
        play_randomly(game, rng, stop=game.turn + 1)
    obs = game.observation(1)
    assert obs["hidden_count"] > 0
    assert sum(obs["unseen"].values()) == obs["bag_count"] + obs["hidden_count"]


def test_players_that_do_not_exist_raise_value_error(base):
    # Issue 26, defect 14: observation(9) of a two-player game returned an
    # observation, and encode_observation(255) succeeded.
    game = Game(base, seed=1, players=2)
    for player in (2, 9, 255):
        with pytest.raises(ValueError, match=f"player {player} does not exist"):
            game.observation(player)
        with pytest.raises(ValueError, match="the game has players 0 to 1"):
            game.encode_observation(player)
    assert game.observation(1)["player"] == 1


def test_action_ids_and_the_mask_match_the_legal_actions(hs):
    game = Game(hs, seed=7)
    rng = np.random.default_rng(6)
    checked = 0
    while not game.is_over():
        if game.is_chance():
            game.sample_chance()
            continue
        mask = game.legal_action_mask()
        ids = game.legal_action_ids()
        assert mask.shape == (game.num_actions,) and mask.dtype == np.int8
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids.tolist())
        texts = game.legal_actions()
        assert sorted(game.action_text(int(i)) for i in ids) == sorted(texts)
        assert all(game.action_id(t) in set(ids.tolist()) for t in texts)
        game.apply(int(ids[rng.integers(len(ids))]))
        checked += 1
    assert checked > 100


def test_encoded_observations_have_fixed_shapes(hs):
    game = Game(hs, seed=8)
    (planes, side, _), (state_len,) = game.observation_shapes
    play_randomly(game, np.random.default_rng(8), stop=20)
    enc = game.encode_observation(0)
    assert enc["board"].shape == (planes, side, side) and enc["board"].dtype == np.int8
    assert enc["state"].shape == (state_len,) and enc["state"].dtype == np.float32
    # One occupied cell per placed tile.
    assert int(enc["board"][0].sum()) == len(game.observation(0)["board"])
    # Scores come first, the observer's own first.
    assert enc["state"][0] == game.scores()[0]
    assert game.encode_observation(1)["state"][0] == game.scores()[1]


def test_encoded_observations_tell_where_a_figure_stands():
    # A follower on the road and a farmer in the field of one tile: the same
    # square and owner, other features (the slot planes differ).
    game = Game(Ruleset.load("base"), seed=1)
    game.settle()
    game.apply(game.legal_actions()[0])
    deploys = [a for a in game.legal_actions() if a.startswith("deploy")]
    encoded = []
    for a in deploys:
        copy = game.clone()
        copy.apply(a)
        e = copy.encode_observation(0)
        encoded.append(np.concatenate([e["board"].ravel(), e["state"]]).tobytes())
    assert len(deploys) >= 2 and len(set(encoded)) == len(deploys)


def test_encoded_observations_follow_neutral_figures():
    # Princess & Dragon: every move of the dragon (a neutral figure) is seen.
    game = Game(Ruleset.load("princess-and-dragon"), seed=0)
    rng = np.random.default_rng(0)
    seen = 0
    while not game.is_over() and seen < 5:
        if game.is_chance():
            game.sample_chance()
            continue
        moves = [a for a in game.legal_actions() if a.startswith("dragon ")]
        if len(moves) >= 2:
            encs = set()
            for a in moves:
                copy = game.clone()
                copy.apply(a)
                e = copy.encode_observation(0)
                encs.add(e["board"].tobytes())
            assert len(encs) == len(moves), moves
            seen += 1
        actions = game.legal_actions()
        game.apply(actions[rng.integers(len(actions))])
    assert seen == 5


def test_a_smaller_window_leaves_out_far_tiles_and_ranks_far_placements():
    rs = Ruleset.load("base")
    full, small = Game(rs, seed=3), Game(rs, seed=3, window=2)
    assert full.window == 72 and small.window == 2
    assert small.observation_shapes[0][1:] == (5, 5)
    assert small.num_actions < full.num_actions
    rng = np.random.default_rng(3)
    far = 0
    while not full.is_over() and full.turn < 40:
        if full.is_chance():
            outcome = full.sample_chance()
            small.apply(outcome)
            continue
        # The same legal actions; each id names its action in its own encoding.
        texts = full.legal_actions()
        assert small.legal_actions() == texts
        ids = small.legal_action_ids()
        assert sorted(small.action_text(int(i)) for i in ids) == sorted(texts)
        far += sum(i >= small.num_actions - 4096 for i in ids.tolist())
        a = texts[rng.integers(len(texts))]
        full.apply(a)
        small.apply(a)
    # Placements beyond the window are numbered by rank; the tiles beyond it
    # are left out of the board planes.
    assert far > 0
    board = small.encode_observation(0)["board"]
    assert 0 < int(board[0].sum()) < len(small.observation(0)["board"])
    again = pickle.loads(pickle.dumps(small))
    assert again.window == 2 and again.observation_shapes == small.observation_shapes
    assert Game.from_record(small.to_record(), window=2).window == 2
    assert Game(rs, seed=3, window=10**6).window == 72
    with pytest.raises(ValueError, match="window=0"):
        Game(rs, seed=3, window=0)
    env = carcassonne.env(ruleset="base", window=3)
    env.reset(seed=1)
    assert env.observe(env.agent_selection)["observation"]["board"].shape[1:] == (7, 7)


def test_a_ruleset_too_large_to_encode_is_a_memory_error():
    rs = Ruleset.from_toml(
        'name = "big"\nplayers = 2\ntilesets = ["base"]\n[tiles.counts]\n"BA/C" = 30000\n'
    )
    game = Game(rs, seed=1)
    game.settle()
    with pytest.raises(MemoryError, match="board window"):
        game.legal_action_mask()
    with pytest.raises(MemoryError, match="board window"):
        game.encode_observation(0)
    assert game.legal_actions()
    # A smaller window encodes it.
    small = Game(rs, seed=1, window=20)
    small.settle()
    assert small.legal_action_mask().sum() == len(small.legal_actions())


def test_bots_choose_legal_actions(hs):
    game = Game(hs, seed=9)
    game.settle()
    for bot in ["random", "greedy", "mcts:30"]:
        assert game.bot_action(bot, seed=1) in game.legal_actions()
    with pytest.raises(ValueError, match="there is no such bot"):
        game.bot_action("genius")
    # No player acts: a chance event pending, or the game over.
    fresh = Game(hs, seed=9)
    assert fresh.is_chance()
    for bot in ["random", "greedy", "mcts:30"]:
        with pytest.raises(ValueError, match="chance event is pending"):
            fresh.bot_action(bot)
    fresh.apply("end")
    for bot in ["random", "greedy", "mcts:30"]:
        with pytest.raises(ValueError, match="the game is over"):
            fresh.bot_action(bot)


def test_batch_simulation_is_deterministic_and_fast(hs):
    out = carcassonne.simulate(hs, 200, seed=10, bots=["random"])
    assert out["scores"].shape == (200, 2)
    assert (out["seeds"] == np.arange(10, 210)).all()
    again = carcassonne.simulate(hs, 200, seed=10, threads=1)
    assert (again["scores"] == out["scores"]).all()
    greedy = carcassonne.simulate(hs, 4, seed=0, bots=["greedy", "random"])
    assert (greedy["scores"][:, 0] > greedy["scores"][:, 1]).all()
    with pytest.raises(ValueError, match="bot `x`"):
        carcassonne.simulate(hs, 1, bots=["x"])


def test_the_simulation_releases_the_gil(base):
    import threading
    import time

    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    t = threading.Thread(target=tick)
    t.start()
    carcassonne.simulate(base, 20, bots=["greedy"], threads=1)
    done.set()
    t.join()
    # The other Python thread kept running while the games were played.
    assert len(ticks) > 5


def test_a_tournament_in_pieces(base):
    bots = ["greedy", "random"]
    games = carcassonne.schedule(len(bots), 3, 0)
    assert len(games) == 6 and games[0] == (0, 1, 0, False) and games[1] == (0, 1, 0, True)
    results = carcassonne.play_fixtures(base, bots, games, 2)
    table = carcassonne.standings(bots, results)
    assert [t["bot"] for t in table] == bots
    assert table[0]["games"] == 6 and table[0]["wins"] == 6
    value, low, high = table[0]["elo"]
    assert low < value < high


def test_action_labels_read_as_people_read_them():
    # A plugin's decision reads as its label ("Move the dragon east"), by
    # text or by id; a core action reads as its text.
    rs = Ruleset.load("princess-and-dragon")
    rng = np.random.default_rng(3)
    seen = set()
    for seed in range(40):
        game = Game(rs, seed=seed)
        while not game.is_over() and len(seen) < 4:
            if game.is_chance():
                game.sample_chance()
                continue
            actions = game.legal_actions()
            for text in actions:
                label = game.action_label(text)
                if text.startswith("dragon "):
                    word = {"N": "north", "E": "east", "S": "south", "W": "west"}[text.split()[1]]
                    assert label == "Move the dragon " + word
                    seen.add(text)
                elif text.startswith("place ") or text == "pass":
                    assert label == text
            i = int(rng.integers(len(actions)))
            assert game.action_label(game.action_id(actions[i])) == game.action_label(actions[i])
            game.apply(actions[i])
        if len(seen) >= 4:
            break
    assert seen == {"dragon N", "dragon E", "dragon S", "dragon W"}
    with pytest.raises(ValueError):
        Game(rs, seed=0).action_label("dragon sideways")

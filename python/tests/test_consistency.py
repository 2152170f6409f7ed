"""The Game API agrees with itself and with the program: sampled outcomes are
named as listed, numpy ids are ids, the ids of many ranked actions, records
checked as `carcassonne replay` checks them, arguments refused as the
program refuses them."""

import json
import re
import warnings

import numpy as np
import pytest

import carcassonne
from carcassonne import Game, Ruleset


def state(game):
    """What a game looks like from outside: every player's observation, the
    actor, the legal actions, the scores."""
    return (
        [game.observation(p) for p in range(game.players)],
        game.actor(),
        game.legal_actions() if not game.is_over() else [],
        game.scores(),
    )


@pytest.mark.parametrize(
    "name, seeds",
    [("hills-and-sheep", range(6)), ("bridges-castles-and-bazaars", range(3)), ("all-expansions", range(2))],
)
def test_a_sampled_outcome_is_named_as_chance_outcomes_listed_it(name, seeds):
    # The text sample_chance returned was named after the outcome was
    # applied, in the next chance event's stream: `draw BA/LR` for a sheep.
    rs = Ruleset.load(name)
    streams = set()
    for seed in seeds:
        game = Game(rs, seed=seed)
        rng = np.random.default_rng(seed)
        while not game.is_over():
            if not game.is_chance():
                actions = game.legal_actions()
                game.apply(actions[rng.integers(len(actions))])
                continue
            listed = [text for text, _ in game.chance_outcomes()]
            before = game.clone()
            text = game.sample_chance()
            assert text in listed, (text, listed)
            before.apply(text)
            assert state(before) == state(game), text
            streams.add(text.split()[0])
    assert len(streams) > 1, streams


def test_action_ids_may_be_numpy_integers():
    game = Game(Ruleset.load("base"), seed=3)
    game.settle()
    ids = game.legal_action_ids()
    other = game.clone()
    # The ids the package returns, as they come (numpy int64).
    game.apply(ids[0])
    other.apply(int(ids[0]))
    assert state(game) == state(other)
    for i in (np.int32(0), np.uint16(0), np.int64(0)):
        assert game.action_text(i) == game.action_text(0)
    for bad in (True, np.True_):
        with pytest.raises(TypeError, match="not a?\\s*bool"):
            game.apply(bad)
        with pytest.raises(TypeError, match="bool"):
            game.action_text(bad)
    with pytest.raises(ValueError, match="action id -1 is not one"):
        game.action_text(-1)
    with pytest.raises(ValueError, match=f"action id {2**70} is not one"):
        game.action_text(2**70)
    with pytest.raises(TypeError, match="not float"):
        game.apply(np.float64(1.0))


def test_the_ids_of_many_ranked_actions_are_their_ranks():
    # All expansions: states with hundreds of legal actions numbered by rank
    # (deployments off the tile just placed). The ids and the mask, listed
    # once per call, are each action's own id (`action_id`, which lists them
    # for itself).
    rs = Ruleset.load("all-expansions")
    most_ranked = 0
    for seed in range(2):
        game = Game(rs, seed=seed)
        rng = np.random.default_rng(seed)
        while not game.is_over():
            if game.is_chance():
                game.sample_chance()
                continue
            texts = game.legal_actions()
            ids = game.legal_action_ids()
            want = [game.action_id(t) for t in texts]
            assert ids.tolist() == want
            mask = np.zeros(game.num_actions, dtype=np.int8)
            mask[want] = 1
            assert np.array_equal(game.legal_action_mask(), mask)
            ranked = sum(i >= game.num_actions - 4096 for i in want)
            most_ranked = max(most_ranked, ranked)
            if ranked > 50 and rng.random() < 0.5:
                # A state with many ranked actions: each id names its action.
                assert [game.action_text(i) for i in ids] == texts
            game.apply(int(ids[rng.integers(len(ids))]))
    assert most_ranked > 100


@pytest.fixture(scope="module")
def finished():
    """The record of a finished game (JSON text, as a dict)."""
    game = Game(Ruleset.load("hills-and-sheep"), seed=5)
    rng = np.random.default_rng(5)
    while not game.is_over():
        if game.is_chance():
            game.sample_chance()
        else:
            actions = game.legal_actions()
            game.apply(actions[rng.integers(len(actions))])
    record = json.loads(game.to_record())
    assert record["scores"] == game.scores()
    return record


def test_a_record_whose_scores_differ_from_the_replay_is_refused(finished):
    again = Game.from_record(json.dumps(finished))
    assert again.is_over() and again.scores() == finished["scores"]
    wrong = dict(finished, scores=[s + 1 for s in finished["scores"]])
    expected = re.escape(f"replayed scores {finished['scores']} differ from the recorded {wrong['scores']}")
    with pytest.raises(ValueError, match=expected):
        Game.from_record(json.dumps(wrong))


def test_a_record_cut_short_that_claims_final_scores_is_refused(finished):
    short = dict(finished, actions=finished["actions"][:-10])
    with pytest.raises(ValueError, match="claims final scores .* not over after its last action"):
        Game.from_record(json.dumps(short))
    # Without the scores it is a game in progress.
    del short["scores"]
    assert not Game.from_record(json.dumps(short)).is_over()


def test_a_record_of_other_rules_warns_as_the_program_notes(finished):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Game.from_record(json.dumps(finished))
    changed = dict(finished, rules_hash="0000000000000000")
    with pytest.warns(UserWarning, match="the rules differ from those the record was made with: the rules built"):
        again = Game.from_record(json.dumps(changed))
    assert again.scores() == finished["scores"]
    # An error then says so too.
    wrong = dict(changed, scores=[0] * len(finished["scores"]))
    with pytest.warns(UserWarning), pytest.raises(ValueError, match="(?s)differ from the recorded.*see the warning"):
        Game.from_record(json.dumps(wrong))


def test_numbers_out_of_range_are_value_errors_as_on_the_command_line():
    rs = Ruleset.load("base")
    game = Game(rs, seed=1)
    for player in (-1, 5, 300, 2**70, np.int64(-1)):
        with pytest.raises(ValueError, match=f"player {player} does not exist: the game has players 0 to 1"):
            game.observation(player)
        with pytest.raises(ValueError, match=f"player {player} does not exist"):
            game.encode_observation(player)
    assert game.observation(np.uint8(1))["player"] == 1
    with pytest.raises(ValueError, match="players=7: a game needs 2 to 6 players"):
        Game(rs, players=7)
    with pytest.raises(ValueError, match="players=300: a game needs 2 to 6 players"):
        Game(rs, players=300)
    for threads in (0, -1, 257):
        with pytest.raises(ValueError, match=f"threads={threads}: expected a number of threads from 1 to 256"):
            carcassonne.simulate(rs, 1, threads=threads)
        with pytest.raises(ValueError, match=f"threads={threads}"):
            carcassonne.play_fixtures(rs, ["random"], [(0, 0, 1, False)], threads=threads)
    # Refused up front, not as the failure of the first game.
    with pytest.raises(ValueError, match="players=7: a game needs 2 to 6 players"):
        carcassonne.simulate(rs, 1, players=7)
    with pytest.raises(ValueError, match="bots lists 3 bots for 2 players: give at most one per seat"):
        carcassonne.simulate(rs, 1, bots=["random", "greedy", "random"])
    with pytest.raises(ValueError, match="games=-1"):
        carcassonne.simulate(rs, -1)
    out = carcassonne.simulate(rs, 2, bots=["greedy", "random", "random"], players=np.int64(3), threads=np.int8(1))
    assert out["scores"].shape == (2, 3)


def test_copies_keep_their_own_records():
    # A copy shares the actions recorded before it was made (a clone costs
    # the same late in a game as early): each record goes on on its own.
    rs = Ruleset.load("hills-and-sheep")
    game = Game(rs, seed=9)
    rng = np.random.default_rng(9)
    for _ in range(40):
        game.settle()
        actions = game.legal_actions()
        game.apply(actions[rng.integers(len(actions))])
    before = json.loads(game.to_record())["actions"]
    copies = [game.clone() for _ in range(3)]
    for i, c in enumerate(copies):
        c.settle()
        c.apply(c.legal_actions()[i % len(c.legal_actions())])
    del game
    for i, c in enumerate(copies):
        actions = json.loads(c.to_record())["actions"]
        assert actions[:-1] == before and len(actions) == len(before) + 1
        again = Game.from_record(c.to_record())
        assert again.to_record() == c.to_record()

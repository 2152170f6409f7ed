"""The PettingZoo AEC environment: PettingZoo's own API test, whole games, its rewards."""

import numpy as np
import pytest
from pettingzoo.test import api_test

import carcassonne


def test_pettingzoo_api_test_base():
    api_test(carcassonne.env(ruleset="base"), num_cycles=200)


def test_pettingzoo_api_test_hills_and_sheep_three_players():
    api_test(carcassonne.env(ruleset="hills-and-sheep", players=3), num_cycles=100)


def test_a_whole_episode_with_masked_random_actions():
    env = carcassonne.env(ruleset="hills-and-sheep")
    steps = []
    total = play(env, 4, on_step=lambda e: steps.append(1))
    assert len(steps) > 100
    assert sorted(total.values()) in ([-1, 1], [0, 0])


def play(env, seed, on_step=None):
    """Plays a whole game of `env` from `seed` with random legal actions; gives
    each agent's rewards as `env.last()` hands them out, added up."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = {a: 0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if on_step is not None:
            on_step(env)
    return total


@pytest.mark.parametrize("ruleset,players", [("base", 2), ("hills-and-sheep", 3), ("base", 4)])
def test_score_rewards_add_up_to_the_final_margin_over_the_others_mean(ruleset, players):
    env = carcassonne.env(ruleset=ruleset, players=players, reward="score")
    steps = []
    finals = []

    def on_step(env):
        steps.append(dict(env.rewards))
        if any(env.terminations.values()):
            finals.append([env.infos[a]["scores"] for a in env.possible_agents])

    total = play(env, seed=11, on_step=on_step)
    assert len(steps) > 100 and len(finals) == 1
    scores = env.game.scores()
    assert finals[0] == [scores] * players
    for i, a in enumerate(env.possible_agents):
        others = (sum(scores) - scores[i]) / (players - 1)
        assert total[a] == pytest.approx(scores[i] - others, abs=1e-9)
        assert sum(step[a] for step in steps) == pytest.approx(scores[i] - others, abs=1e-9)
    for step in steps:
        assert sum(step.values()) == pytest.approx(0, abs=1e-9)
    # Not all zero: scores happen during the game, not only at its end.
    assert any(r != 0 for step in steps[:-1] for r in step.values())


def test_the_default_reward_is_the_outcome_at_the_end():
    default = carcassonne.env(ruleset="base")
    assert default.reward == "outcome"
    steps = []
    total = play(default, seed=5, on_step=lambda env: steps.append(dict(env.rewards)))
    assert all(r == 0 for step in steps[:-1] for r in step.values())
    scores = default.game.scores()
    if scores[0] == scores[1]:
        expected = {"player_0": 0, "player_1": 0}
    else:
        winner = int(scores[1] > scores[0])
        expected = {a: 1 if i == winner else -1 for i, a in enumerate(default.possible_agents)}
    assert steps[-1] == expected and total == expected
    assert play(carcassonne.env(ruleset="base", reward="outcome"), seed=5) == total


def test_pettingzoo_api_test_with_score_rewards():
    api_test(carcassonne.env(ruleset="hills-and-sheep", players=3, reward="score"), num_cycles=200)


def test_an_unknown_reward_is_refused_with_the_accepted_ones():
    with pytest.raises(ValueError, match="reward='points'.*'outcome', 'score'"):
        carcassonne.env(ruleset="base", reward="points")

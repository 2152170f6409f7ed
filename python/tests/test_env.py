"""The PettingZoo AEC environment passes PettingZoo's own API test."""

import numpy as np
from pettingzoo.test import api_test

import carcassonne


def test_pettingzoo_api_test_base():
    api_test(carcassonne.env(ruleset="base"), num_cycles=200)


def test_pettingzoo_api_test_hills_and_sheep_three_players():
    api_test(carcassonne.env(ruleset="hills-and-sheep", players=3), num_cycles=100)


def test_a_whole_episode_with_masked_random_actions():
    env = carcassonne.env(ruleset="hills-and-sheep")
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    total = {a: 0 for a in env.possible_agents}
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
        steps += 1
    assert steps > 100
    assert sorted(total.values()) in ([-1, 1], [0, 0])

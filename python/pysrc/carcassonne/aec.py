"""A PettingZoo AEC environment: the players of a Carcassonne game as agents.

Agents are ``player_0`` … ``player_{n-1}``. The agent to act is the player the
engine names (usually the turn's player, but a plugin's decision may belong to
another); chance events (tile draws, token draws) are sampled by the
environment with the game's seeded RNG. Observations are a dict
``{"observation": {"board", "state"}, "action_mask"}`` from the fixed-size
encodings (``Game.encode_observation``, ``Game.legal_action_mask``).

Rewards (``reward=``):

* ``"outcome"`` (the default): +1 for a win, -1 for a loss and 0 for a tie (a
  tie among several leaders shares nothing), given when the game ends;
* ``"score"``: dense and zero-sum: after every step each agent gets the change
  of its score minus the mean of the other players' scores (final scoring
  included), so that an agent's rewards over a game add up to its final score
  minus the mean of the others' final scores.

When the game ends, every agent's info holds the final ``"scores"``.

Render modes (``render_mode=``): ``"ansi"`` gives a line of text (turn, scores,
actor); ``"human"`` prints that line to standard output (PettingZoo's convention
for text environments: after ``reset()`` and every ``step()``, and on
``render()``, which then gives ``None``); ``"rgb_array"`` the board picture
(``Game.svg()``) as a numpy uint8 array (height, width, 3); without a render
mode ``render()`` gives ``None``.
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ._native import Game, Ruleset


class CarcassonneEnv(AECEnv):
    metadata = {"name": "carcassonne_v0", "render_modes": ["ansi", "human", "rgb_array"], "is_parallelizable": False}

    #: The accepted values of ``reward`` (see the module's documentation).
    reward_modes = ("outcome", "score")

    def __init__(
        self,
        ruleset="hills-and-sheep",
        players=None,
        plugin_dirs=(),
        render_mode=None,
        reward="outcome",
        window=None,
    ):
        super().__init__()
        if reward not in self.reward_modes:
            accepted = ", ".join(repr(k) for k in self.reward_modes)
            raise ValueError(f"reward={reward!r}: the accepted rewards are {accepted}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            accepted = ", ".join(repr(m) for m in self.metadata["render_modes"])
            raise ValueError(f"render_mode={render_mode!r}: the accepted render modes are None, {accepted}")
        self.reward = reward
        if isinstance(ruleset, Ruleset):
            self.ruleset = ruleset
        else:
            self.ruleset = Ruleset.load(str(ruleset), list(plugin_dirs))
        self.n = self.ruleset.players if players is None else int(players)
        if not 2 <= self.n <= 6:
            raise ValueError(f"players={players}: a game needs 2 to 6 players")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.n)]
        self.agents = list(self.possible_agents)
        self.window = window
        probe = Game(self.ruleset, 0, self.n, window)
        (planes, side, _), (state_len,) = probe.observation_shapes
        self._num_actions = probe.num_actions
        obs = spaces.Dict(
            {
                "observation": spaces.Dict(
                    {
                        "board": spaces.Box(0, 127, (planes, side, side), dtype=np.int8),
                        "state": spaces.Box(-np.inf, np.inf, (state_len,), dtype=np.float32),
                    }
                ),
                "action_mask": spaces.Box(0, 1, (self._num_actions,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self._num_actions) for a in self.possible_agents}
        self.game = None
        self._seed = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def _player(self, agent):
        return int(agent.rsplit("_", 1)[1])

    def observe(self, agent):
        p = self._player(agent)
        enc = self.game.encode_observation(p)
        if self.game.actor() == p:
            mask = self.game.legal_action_mask()
        else:
            mask = np.zeros(self._num_actions, dtype=np.int8)
        return {"observation": {"board": enc["board"], "state": enc["state"]}, "action_mask": mask}

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._seed = seed
        elif self._seed is None:
            self._seed = int(np.random.SeedSequence().generate_state(1)[0])
        else:
            self._seed += 1
        self.game = Game(self.ruleset, self._seed, self.n, self.window)
        self.game.settle()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        # "score": each agent's score minus the others' mean, as of the last
        # step (0 before the first: scoring while settling counts too).
        self._advantage = [0.0] * self.n
        self.agent_selection = self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self):
        actor = self.game.actor()
        if actor >= 0:
            return self.possible_agents[actor]
        return self.agent_selection if hasattr(self, "agent_selection") else self.possible_agents[0]

    def step(self, action):
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        if not self.agents:
            raise RuntimeError("the game is over and every agent is done: call reset() for another")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self.game.apply(int(action))
        self.game.settle()
        scores = self.game.scores()
        over = self.game.is_over()
        if self.reward == "score":
            self.rewards = self._score_rewards(scores)
        elif over:
            self.rewards = self._outcome_rewards(scores)
        else:
            self.rewards = {a: 0 for a in self.agents}
        if over:
            for a in self.agents:
                self.terminations[a] = True
            self.infos = {a: {"scores": scores} for a in self.agents}
        else:
            self.agent_selection = self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _outcome_rewards(self, scores):
        best = max(scores)
        leaders = scores.count(best)
        won = 1 if leaders == 1 else 0
        return {a: won if scores[self._player(a)] == best else -1 for a in self.agents}

    def _score_rewards(self, scores):
        total = sum(scores)
        advantage = [s - (total - s) / (self.n - 1) for s in scores]
        rewards = {a: advantage[self._player(a)] - self._advantage[self._player(a)] for a in self.agents}
        self._advantage = advantage
        return rewards

    def render(self):
        if self.game is None or self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return self.game.rgb_array()
        if self.render_mode == "human":
            print(repr(self.game))
            return None
        return repr(self.game)

    def close(self):
        pass

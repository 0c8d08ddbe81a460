"""PettingZoo AEC environments of one hand of Scopa or Briscola, with action masks.

Each agent observes ``{"observation": float32 vector, "action_mask": int8 vector}``
(the observation is what that seat may see, :meth:`scopa_py.Table.observation_tensor`).
Rewards come at the end of the hand: each seat's side's points (``returns="points"``), the
margin over the other sides (``"margin"``) or +1/-1/0 (``"win_loss"``). The same seed gives
the same deal, and the same actions the same hand.

Example::

    from scopa_py.env import env
    e = env(game="scopa", players=2)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import _core


def _returns(kind: str, points: List[float], side_of: List[int], sides: int) -> List[float]:
    if kind == "points":
        return [float(p) for p in points]
    side_points = [0.0] * sides
    for seat, p in enumerate(points):
        side_points[side_of[seat]] = float(p)
    if kind == "margin":
        return [side_points[side_of[s]] - (sum(side_points) - side_points[side_of[s]]) / (sides - 1)
                for s in range(len(points))]
    best = max(side_points)
    top = [s for s in range(sides) if side_points[s] == best]
    if len(top) > 1:
        return [0.0] * len(points)
    return [1.0 if side_of[s] == top[0] else -1.0 / (sides - 1) for s in range(len(points))]


class CardTableEnv(AECEnv):
    """One hand of `game` ("scopa" or "briscola") at a table of `players` (2, 3, 4), the
    rule `options` of :class:`scopa_py.Table`, rewards by `returns`."""

    metadata = {"name": "scopa_v0", "is_parallelizable": False, "render_modes": ["human", "ansi"]}

    def __init__(self, game: str = "scopa", players: int = 2, options: Optional[Dict[str, Any]] = None,
                 returns: str = "points", render_mode: Optional[str] = None):
        super().__init__()
        if returns not in ("points", "margin", "win_loss"):
            raise ValueError(f"returns must be points, margin or win_loss, not {returns!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.game = game
        self.players = players
        self.options = dict(options or {})
        self.returns_kind = returns
        self.render_mode = render_mode
        self.layout = _core.layout(game, players, self.options)
        self.metadata = dict(self.metadata, name=f"{game}_{players}p_v0")
        self.possible_agents = [f"player_{i}" for i in range(players)]
        n_actions = self.layout["num_actions"]
        n_obs = self.layout["observation_size"]
        space = spaces.Dict({
            "observation": spaces.Box(0.0, 4.0, (n_obs,), np.float32),
            "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
        })
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self._hands = 0
        self.table: Optional[_core.Table] = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _deal(self) -> List[int]:
        cards = np.array(self.layout["cards"], dtype=np.int64)
        kings = set(self.layout["kings"])
        slots = self.layout["table_slots"] if self.layout["kings_redeal"] else []
        while True:
            deck = [int(c) for c in self._rng.permutation(cards)]
            # Three Kings or more on Scopa's initial table: the cards are dealt again.
            if sum(1 for p in slots if deck[p] in kings) < 3:
                return deck

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            self._hands = 0
        dealer = self._hands % self.players
        self._hands += 1
        self.table = _core.Table(self.game, self.players, self._deal(), dealer, self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[self.table.current_player()]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        obs = np.asarray(self.table.observation_tensor(seat), dtype=np.float32)
        mask = np.zeros(self.layout["num_actions"], dtype=np.int8)
        if not self.table.is_terminal() and self.table.current_player() == seat:
            mask[self.table.legal_actions()] = 1
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.apply_action(int(action))
        if self.table.is_terminal():
            values = _returns(self.returns_kind, self.table.points(), self.layout["side_of"],
                              self.layout["sides"])
            for seat, a in enumerate(self.agents):
                self.rewards[a] = values[seat]
                self.terminations[a] = True
        else:
            self.agent_selection = self.agents[self.table.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        text = str(self.table)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(**kwargs) -> CardTableEnv:
    """A :class:`CardTableEnv` (keyword arguments as its constructor)."""
    return CardTableEnv(**kwargs)


def scopa_env(players: int = 2, **kwargs) -> CardTableEnv:
    """One hand of Scopa."""
    return CardTableEnv(game="scopa", players=players, **kwargs)


def briscola_env(players: int = 2, **kwargs) -> CardTableEnv:
    """One hand of Briscola."""
    return CardTableEnv(game="briscola", players=players, **kwargs)


__all__ = ["CardTableEnv", "env", "scopa_env", "briscola_env"]

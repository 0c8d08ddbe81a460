"""Scopa and Briscola as OpenSpiel games, and the engine's AIs as ``pyspiel.Bot``.

Importing this module registers two games with ``pyspiel.register_game``:

- ``python_scopa``: one hand of Scopa; parameters ``players`` (2, 3, 4), ``returns``
  (``points``, ``margin``, ``win_loss``) and the rule options ``deal``, ``primiera``,
  ``ace``, ``napola``, ``re_bello``, ``kings_redeal``.
- ``python_briscola``: one hand of Briscola; parameters ``players`` (2, 3, 4), ``returns``
  and ``hand_size`` (3, or 9 with two players).

Chance nodes deal the deck card by card, uniformly over the cards not dealt yet (Scopa's
initial table first when three Kings there force a redeal: the table is then dealt with the
exact probabilities of a deal conditioned on fewer than three Kings). Actions: Scopa ``c``
(0..39) plays card ``c``, and when that card has several captures the same player then
chooses one with ``40 + k``; Briscola ``c`` plays card ``c``.

Example::

    import pyspiel
    import scopa_py.openspiel  # registers the games
    game = pyspiel.load_game("python_scopa", {"players": 3})
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
"""

from __future__ import annotations

import math
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np
import pyspiel

from . import _core

RETURNS = ("points", "margin", "win_loss")

SCOPA_DEFAULTS: Dict[str, object] = {
    "players": 2,
    "returns": "points",
    "deal": "standard",
    "primiera": "classic",
    "ace": "none",
    "napola": False,
    "re_bello": False,
    "kings_redeal": True,
}

BRISCOLA_DEFAULTS: Dict[str, object] = {
    "players": 2,
    "returns": "points",
    "hand_size": 3,
}


def _split(defaults: Dict[str, object], params: Dict[str, object]) -> Tuple[int, str, Dict[str, object]]:
    merged = dict(defaults)
    for key, value in params.items():
        if key not in defaults:
            raise ValueError(f"unknown parameter {key!r}: expected one of {sorted(defaults)}")
        merged[key] = value
    players = int(merged.pop("players"))
    returns = str(merged.pop("returns"))
    if returns not in RETURNS:
        raise ValueError(f"returns must be one of {RETURNS}, not {returns!r}")
    return players, returns, merged


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


def _completions(kings_on_table: int, slots: int, kings_left: int, others_left: int) -> int:
    """Ordered ways to fill `slots` table places leaving fewer than 3 Kings on the table."""
    total = 0
    for j in range(0, min(slots, 2 - kings_on_table, kings_left) + 1):
        total += math.comb(slots, j) * _falling(kings_left, j) * _falling(others_left, slots - j)
    return total


class GameConfig:
    """What the states of one game share: players, returns, rule options, the layout of the
    deal. Immutable; copying a state shares it (OpenSpiel deep-copies Python states)."""

    def __init__(self, game: str, players: int, returns: str, options: Dict[str, object]):
        self.game = game
        self.players = players
        self.returns_kind = returns
        self.options = options
        self.layout = _core.layout(game, players, options)
        lay = self.layout
        # Deck positions in the order chance fills them: Scopa's initial table first when
        # the Kings rule conditions it.
        slots = list(lay["table_slots"]) if lay["kings_redeal"] else []
        self.fill_order: List[int] = slots + [p for p in range(lay["deck_len"]) if p not in slots]
        self.conditioned_slots = len(slots)
        self.kings = frozenset(lay["kings"])
        self.cards = list(lay["cards"])

    def __deepcopy__(self, memo) -> "GameConfig":
        return self

    def __copy__(self) -> "GameConfig":
        return self

    def returns_of(self, points: Sequence[float]) -> List[float]:
        """The returns of each player from its side's points, by the `returns` parameter."""
        if self.returns_kind == "points":
            return [float(p) for p in points]
        side_of = self.layout["side_of"]
        sides = self.layout["sides"]
        side_points = [0.0] * sides
        for seat, p in enumerate(points):
            side_points[side_of[seat]] = float(p)
        if self.returns_kind == "margin":
            out = []
            for seat in range(self.players):
                own = side_points[side_of[seat]]
                others = (sum(side_points) - own) / (sides - 1)
                out.append(own - others)
            return out
        best = max(side_points)
        top = [s for s in range(sides) if side_points[s] == best]
        out = []
        for seat in range(self.players):
            if len(top) > 1:
                out.append(0.0)
            elif side_of[seat] == top[0]:
                out.append(1.0)
            else:
                out.append(-1.0 / (sides - 1))
        return out


class _GameBase(pyspiel.Game):
    """One hand of a game of the engine, as an OpenSpiel game."""

    GAME: str = ""
    DEFAULTS: Dict[str, object] = {}
    SHORT_NAME: str = ""
    LONG_NAME: str = ""

    def __init__(self, params: Optional[Dict[str, object]] = None):
        params = dict(params or {})
        players, returns, options = _split(self.DEFAULTS, params)
        self.cfg = GameConfig(self.GAME, players, returns, options)
        lay = self.cfg.layout
        sides = lay["sides"]
        max_points = float(lay["max_points"])
        seats_per_side = players // sides
        if returns == "points":
            lo, hi = 0.0, max_points
            if self.GAME == "briscola":
                utility, total = pyspiel.GameType.Utility.CONSTANT_SUM, 120.0 * seats_per_side
            else:
                utility, total = pyspiel.GameType.Utility.GENERAL_SUM, None
        elif returns == "margin":
            lo, hi = -max_points, max_points
            utility, total = pyspiel.GameType.Utility.ZERO_SUM, 0.0
        else:
            lo, hi = -1.0, 1.0
            utility, total = pyspiel.GameType.Utility.ZERO_SUM, 0.0
        game_type = _game_type(self.SHORT_NAME, self.LONG_NAME, self.DEFAULTS, utility)
        chance_steps = lay["deck_len"]
        per_play = 2 if self.GAME == "scopa" else 1
        info_args = dict(
            num_distinct_actions=lay["num_actions"],
            max_chance_outcomes=lay["cards_count"],
            num_players=players,
            min_utility=lo,
            max_utility=hi,
            max_game_length=chance_steps + per_play * lay["max_plays"],
        )
        if total is not None:
            info_args["utility_sum"] = total
        super().__init__(game_type, pyspiel.GameInfo(**info_args), params)
    def new_initial_state(self) -> "HandState":
        return HandState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        if iig_obs_type is not None and (
                not iig_obs_type.public_info
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("only the observation of one player (its own cards and the public "
                             "ones) is provided, not public-only or all-players observations")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self, perfect_recall)


def _game_type(short: str, long: str, defaults: Dict[str, object], utility) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short,
        long_name=long,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )


class ScopaGame(_GameBase):
    """One hand of Scopa (2, 3 or 4 players; 4 play in two teams)."""

    GAME = "scopa"
    DEFAULTS = SCOPA_DEFAULTS
    SHORT_NAME = "python_scopa"
    LONG_NAME = "Python Scopa (scopa engine)"


class BriscolaGame(_GameBase):
    """One hand of Briscola (2, 3 or 4 players; 4 play in two teams)."""

    GAME = "briscola"
    DEFAULTS = BRISCOLA_DEFAULTS
    SHORT_NAME = "python_briscola"
    LONG_NAME = "Python Briscola (scopa engine)"


class HandState(pyspiel.State):
    """A state of one hand: the deal so far (chance), then the engine's `Table`."""

    def __init__(self, game: _GameBase):
        super().__init__(game)
        self._cfg: GameConfig = game.cfg
        self._dealt: List[int] = []
        self.table: Optional[_core.Table] = None

    # ----- chance -----

    def current_player(self) -> int:
        if self.table is None:
            return pyspiel.PlayerId.CHANCE
        p = self.table.current_player()
        return pyspiel.PlayerId.TERMINAL if p < 0 else p

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        cfg = self._cfg
        dealt = set(self._dealt)
        left = [c for c in cfg.cards if c not in dealt]
        i = len(self._dealt)
        if i >= cfg.conditioned_slots:
            p = 1.0 / len(left)
            return [(c, p) for c in left]
        # The initial table of Scopa with the Kings rule: fewer than three Kings on it.
        on_table = sum(1 for c in self._dealt if c in cfg.kings)
        kings_left = sum(1 for c in left if c in cfg.kings)
        others_left = len(left) - kings_left
        slots = cfg.conditioned_slots - i
        whole = _completions(on_table, slots, kings_left, others_left)
        if_king = _completions(on_table + 1, slots - 1, kings_left - 1, others_left) if on_table < 2 else 0
        if_other = _completions(on_table, slots - 1, kings_left, others_left - 1)
        out = []
        for c in left:
            w = if_king if c in cfg.kings else if_other
            if w:
                out.append((c, w / whole))
        return out

    def _legal_actions(self, player: int) -> List[int]:
        if self.table is None:
            return []
        return list(self.table.legal_actions())

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            self._dealt.append(int(action))
            cfg = self._cfg
            if len(self._dealt) == len(cfg.fill_order):
                deck = [0] * len(cfg.fill_order)
                for pos, card in zip(cfg.fill_order, self._dealt):
                    deck[pos] = card
                self.table = _core.Table(cfg.game, cfg.players, deck, 0, cfg.options)
        else:
            self.table.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {_core.card_name(action)}"
        if self.table is not None and action in self.table.legal_actions():
            return f"play {self.table.action_name(action)}"
        if action >= 40:
            return f"capture option {action - 40}"
        return f"play {_core.card_name(action)}"

    def is_terminal(self) -> bool:
        return self.table is not None and self.table.is_terminal()

    def returns(self) -> List[float]:
        if not self.is_terminal():
            return [0.0] * self._cfg.players
        return self._cfg.returns_of(self.table.points())

    def points(self) -> List[float]:
        """Points of each player's side in the hand (0 before the end of a Scopa hand)."""
        if self.table is None:
            return [0.0] * self._cfg.players
        return list(self.table.points())

    def resample_from_infostate(self, player_id: int, probability_sampler=None) -> "HandState":
        """A state `player_id` cannot tell from this one: the cards it has not seen
        shuffled among their places, the same actions replayed (a new history of the same
        length). `probability_sampler` (OpenSpiel's) seeds the shuffle when given."""
        if self.table is None:
            return self.clone()
        if probability_sampler is not None:
            seed = int(probability_sampler() * 2**53)
        else:
            seed = int(np.random.randint(0, 2**63 - 1))
        world = self.table.resample(player_id, seed)
        return state_from(self.get_game(), world)

    def __str__(self) -> str:
        if self.table is None:
            return f"dealing: {len(self._dealt)} of {len(self._cfg.fill_order)} cards dealt"
        return str(self.table)


def state_from(game, table: _core.Table) -> HandState:
    """The state of `game` (a `python_scopa` / `python_briscola` game) whose deal and
    actions are `table`'s, with its full history."""
    state = game.new_initial_state()
    deck = table.deck
    for pos in state._cfg.fill_order:
        state.apply_action(deck[pos])
    for a in table.actions:
        state.apply_action(a)
    return state



class Observer:
    """OpenSpiel's observer of these games: the information state (perfect recall) or the
    observation of one player, as a string and a tensor."""

    def __init__(self, game: _GameBase, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        size = game.cfg.layout["information_state_size" if perfect_recall else "observation_size"]
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: HandState, player: int) -> None:
        if state.table is None:
            self.tensor.fill(0)
            self.tensor[player] = 1.0
            return
        if self.perfect_recall:
            values = state.table.information_state_tensor(player)
        else:
            values = state.table.observation_tensor(player)
        self.tensor[:] = values

    def string_from(self, state: HandState, player: int) -> str:
        if state.table is None:
            return f"seat={player} dealing"
        if self.perfect_recall:
            return state.table.information_state_string(player)
        return state.table.observation_string(player)


class EngineBot(pyspiel.Bot):
    """The engine's AI at `level` (random, easy, medium, expert, handheld) as a
    ``pyspiel.Bot`` for one player of a `python_scopa` / `python_briscola` game."""

    def __init__(self, game: _GameBase, player_id: int, level: str, seed: int = 0):
        pyspiel.Bot.__init__(self)
        self.player_id = player_id
        self.level = level
        self.seed = seed
        self._calls = 0
        self._planned: Optional[Tuple[str, int]] = None

    def restart_at(self, state) -> None:
        self._planned = None

    def step(self, state: HandState) -> int:
        key = state.table.information_state_string(state.current_player())
        if self._planned is not None and self._planned[0] == key:
            action = self._planned[1]
            self._planned = None
            return action
        self._calls += 1
        actions = state.table.ai_actions(self.level, self.seed * 1_000_003 + self._calls)
        if len(actions) > 1:
            after = state.table.clone()
            after.apply_action(actions[0])
            self._planned = (after.information_state_string(state.current_player()), actions[1])
        return actions[0]


pyspiel.register_game(_game_type("python_scopa", ScopaGame.LONG_NAME, SCOPA_DEFAULTS,
                                 pyspiel.GameType.Utility.GENERAL_SUM), ScopaGame)
pyspiel.register_game(_game_type("python_briscola", BriscolaGame.LONG_NAME, BRISCOLA_DEFAULTS,
                                  pyspiel.GameType.Utility.CONSTANT_SUM), BriscolaGame)

__all__ = ["ScopaGame", "BriscolaGame", "HandState", "Observer", "EngineBot", "RETURNS"]

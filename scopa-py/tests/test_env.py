"""PettingZoo's own API and seed tests on every environment."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from scopa_py.env import env

TABLES = [("scopa", 2), ("scopa", 3), ("scopa", 4), ("briscola", 2), ("briscola", 4)]


@pytest.mark.parametrize("game,players", TABLES)
def test_api(game, players):
    api_test(env(game=game, players=players), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("game,players", TABLES)
def test_seeds(game, players):
    seed_test(lambda: env(game=game, players=players), num_cycles=300)


def _hand(e, seed):
    e.reset(seed=seed)
    rng = np.random.default_rng(0)
    actions = []
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(a)
        e.step(a)
    return list(e.table.deck), actions, e.table.points()


def test_same_seed_same_hand_and_rewards_at_the_end():
    e = env(game="scopa", players=2, returns="margin")
    assert _hand(e, 11) == _hand(e, 11)
    assert _hand(e, 11)[0] != _hand(e, 12)[0]

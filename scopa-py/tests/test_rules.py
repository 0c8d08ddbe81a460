"""The binding's points are the rules' points: hands played through OpenSpiel are scored
again here, in Python, straight from docs/rules.md §5 (default rules: carte, denari,
settebello, classic primiera, scope), and from BRISCOLA.md (card points, 120 a hand)."""

import numpy as np
import pyspiel
import pytest

import scopa_py.openspiel  # noqa: F401

PRIMIERA = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}
BRISCOLA_POINTS = {1: 11, 3: 10, 10: 4, 9: 3, 8: 2}


def parse(name):
    return int(name[:-1]), name[-1]


def piles_and_scope(text, sides):
    """The piles and scope of each side from the terminal observation string."""
    piles, scope = {}, {}
    for line in text.splitlines():
        if line.startswith("side "):
            words = line.split()
            side = int(words[1])
            cut = words.index("scope:") if "scope:" in words else len(words)
            piles[side] = [parse(w) for w in words[3:cut] if w != "-"]
            scope[side] = int(words[cut + 1]) if cut < len(words) else 0
    assert sorted(piles) == list(range(sides))
    return piles, scope


def one_point_for_the_strict_best(values):
    best = max(values)
    if values.count(best) > 1:
        return [0] * len(values)
    return [int(v == best) for v in values]


def scopa_points(piles, scope, sides):
    pts = [scope[s] for s in range(sides)]
    for s, p in enumerate(one_point_for_the_strict_best([len(piles[s]) for s in range(sides)])):
        pts[s] += p
    coins = [sum(1 for _, suit in piles[s] if suit == "d") for s in range(sides)]
    for s, p in enumerate(one_point_for_the_strict_best(coins)):
        pts[s] += p
    for s in range(sides):
        if (7, "d") in piles[s]:
            pts[s] += 1
    prim = []
    for s in range(sides):
        best = {}
        for value, suit in piles[s]:
            best[suit] = max(best.get(suit, 0), PRIMIERA[value])
        prim.append(sum(best.values()) if len(best) == 4 else -1)
    if max(prim) >= 0:
        for s, p in enumerate(one_point_for_the_strict_best(prim)):
            pts[s] += p
    return pts


def play_random(game, rng):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scopa_points_are_the_rules_points(players):
    game = pyspiel.load_game("python_scopa", {"players": players})
    sides = 3 if players == 3 else 2
    rng = np.random.default_rng(players)
    for _ in range(150):
        state = play_random(game, rng)
        piles, scope = piles_and_scope(state.observation_string(0), sides)
        assert sum(len(p) for p in piles.values()) == 40
        expected = scopa_points(piles, scope, sides)
        side_of = game.cfg.layout["side_of"]
        assert state.returns() == [float(expected[side_of[s]]) for s in range(players)]


@pytest.mark.parametrize("players", [2, 4])
def test_briscola_points_are_the_card_points(players):
    game = pyspiel.load_game("python_briscola", {"players": players})
    rng = np.random.default_rng(10 + players)
    for _ in range(150):
        state = play_random(game, rng)
        text = state.observation_string(0)
        piles, _ = piles_and_scope(text, 2)
        expected = [sum(BRISCOLA_POINTS.get(v, 0) for v, _ in piles[s]) for s in range(2)]
        assert sum(expected) == 120
        side_of = game.cfg.layout["side_of"]
        assert state.returns() == [float(expected[side_of[s]]) for s in range(players)]

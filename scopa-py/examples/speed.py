"""Random playouts per second from Python: per-step through OpenSpiel states, per-step on
the engine's Table, and the Rust batch API; against OpenSpiel's own C++ games (hearts,
euchre) played the same per-step way. OpenSpiel's C++ loop is also timed: pyspiel.random_sim_test (random play with its checks)
on its games and on these. Usage: python speed.py [seconds per row]"""

import sys
import time

import numpy as np
import pyspiel

import scopa_py
import scopa_py.openspiel  # noqa: F401 (registers the games)

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0


def per_step(game, rng):
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(outcomes[rng.integers(len(outcomes))]) if len(set(probs)) == 1
                               else int(rng.choice(outcomes, p=probs)))
        else:
            actions = state.legal_actions()
            state.apply_action(actions[rng.integers(len(actions))])
    return state.returns()


def table_step(game, players, rng):
    lay = scopa_py.layout(game, players)
    deck = [int(c) for c in rng.permutation(lay["cards"])]
    t = scopa_py.Table(game, players, deck, 0, {"kings_redeal": False} if game == "scopa" else None)
    while not t.is_terminal():
        actions = t.legal_actions()
        t.apply_action(actions[rng.integers(len(actions))])
    return t.points()


def rate(fn):
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        fn()
        n += 1
    return n / (time.perf_counter() - start)


def main():
    rng = np.random.default_rng(0)
    rows = []
    for name, params in [("python_scopa", {"players": 2}), ("python_scopa", {"players": 4}),
                         ("python_briscola", {"players": 2}), ("python_briscola", {"players": 4}),
                         ("hearts", {}), ("euchre", {})]:
        game = pyspiel.load_game(name, params)
        rows.append((f"OpenSpiel per step: {name} {params}", rate(lambda: per_step(game, rng))))
    # OpenSpiel's own C++ loop (random_sim_test: random play plus its consistency checks),
    # on its C++ games and on these (C++ calling into the Python states).
    for name, params in [("python_scopa", {"players": 2}), ("python_briscola", {"players": 2}),
                         ("hearts", {}), ("euchre", {})]:
        game = pyspiel.load_game(name, params)
        n, start = 0, time.perf_counter()
        while time.perf_counter() - start < SECONDS:
            pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)
            n += 10
        rows.append((f"C++ random_sim_test loop: {name}", n / (time.perf_counter() - start)))
    for game, players in [("scopa", 2), ("briscola", 2)]:
        rows.append((f"Table per step: {game} {players}p", rate(lambda: table_step(game, players, rng))))
        n = 20000
        start = time.perf_counter()
        scopa_py.random_playouts(game, players, n, seed=1)
        rows.append((f"batch random_playouts: {game} {players}p", n / (time.perf_counter() - start)))
    for label, r in rows:
        print(f"{label:55s} {r:12,.0f} hands/s")


if __name__ == "__main__":
    main()

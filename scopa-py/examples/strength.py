"""Strength table through OpenSpiel: OpenSpiel's information-set MCTS bot
(open_spiel.python.algorithms.ismcts.ISMCTSBot) at two budgets against the engine's easy,
medium and expert levels (scopa_py.openspiel.EngineBot), Scopa and Briscola at 2 players.

Paired, seat-swapped deals: each deal is played twice, the bot in each seat; a pair's value
is the mean of its two hands. Reported: the bot's mean points margin per hand (its side's
points minus the engine's) with a 95 % confidence interval over the pairs, and its share of
hands won. The cells are played round-robin, deal by deal, so whatever has completed when
the script is stopped covers every cell alike. Every hand is appended to a JSON-lines file;
run again with the same --out, the script keeps what that file holds and plays only the
deals it lacks (so a stopped run resumes).

The bot searches the game with ``returns="win_loss"`` (its objective: win the hand), its
leaves valued by a uniformly random rollout played in Rust (``Table.rollout``, the same
rollout as OpenSpiel's RandomRolloutEvaluator with one rollout, without Python's per-step
cost), and its worlds sampled by ``Table.resample`` (every card it has not seen shuffled).

Usage: python strength.py [--deals 400] [--budgets 100 1000] [--games python_scopa]
       [--out strength.jsonl];  python strength.py --table strength*.jsonl (the table)
"""

import argparse
import json
import math
import os
import sys
import time
from collections import defaultdict

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import scopa_py
import scopa_py.openspiel as so

LEVELS = ["easy", "medium", "expert"]
GAMES = ["python_scopa", "python_briscola"]


class RustRollout(mcts.Evaluator):
    """A leaf's value: one uniformly random playout to the end of the hand, in Rust."""

    def __init__(self, seed):
        self._rng = np.random.default_rng(seed)

    def evaluate(self, state):
        if state.is_terminal():
            return np.array(state.returns())
        points = state.table.rollout(int(self._rng.integers(2**63)))
        return np.array(state._cfg.returns_of(points))

    def prior(self, state):
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def light_state(game, table):
    """A state of `game` holding `table` without replaying its history through Python
    (for the search's sampled worlds only: its OpenSpiel history is empty)."""
    state = game.new_initial_state()
    state._dealt = list(table.deck)
    state.table = table
    return state


def deal(game_name, seed):
    lay = scopa_py.layout(game_name.replace("python_", ""), 2)
    rng = np.random.default_rng(seed)
    slots = lay["table_slots"] if lay["kings_redeal"] else []
    kings = set(lay["kings"])
    while True:
        deck = [int(c) for c in rng.permutation(lay["cards"])]
        if sum(1 for p in slots if deck[p] in kings) < 3:
            return deck


def play(game_name, budget, level, deck, bot_seat, seed):
    search_game = pyspiel.load_game(game_name, {"players": 2, "returns": "win_loss"})
    state = light_state(search_game, scopa_py.Table(game_name.replace("python_", ""), 2, deck, 0))
    bot = ismcts.ISMCTSBot(search_game, RustRollout(seed), uct_c=2.0, max_simulations=budget,
                           random_state=np.random.RandomState(seed % 2**32))
    rng = np.random.default_rng(seed)
    bot.set_resampler(lambda s, p: light_state(search_game, s.table.resample(p, int(rng.integers(2**63)))))
    engine = so.EngineBot(search_game, 1 - bot_seat, level, seed=seed)
    while not state.is_terminal():
        player = state.current_player()
        action = bot.step(state) if player == bot_seat else engine.step(state)
        state.apply_action(int(action))
    points = state.table.points()
    return points[bot_seat] - points[1 - bot_seat]


def cell(pairs):
    """Pairs played, mean margin, half-width of its 95 % interval, share of hands won."""
    n = len(pairs)
    margins = np.array([m for m, _ in pairs])
    wins = np.array([w for _, w in pairs])
    half = 1.96 * margins.std(ddof=1) / math.sqrt(n) if n > 1 else float("nan")
    return n, margins, half, wins


def summary(results):
    lines = []
    for key in sorted(results):
        n, margins, half, wins = cell(results[key])
        lines.append(f"{key[0]:16s} ISMCTS {key[1]:4d} vs {key[2]:6s}: pairs {n:4d}  "
                     f"margin {margins.mean():+7.2f} ± {half:5.2f} points/hand  "
                     f"won {100 * wins.mean():5.1f} % of hands")
    return "\n".join(lines)


def pair(a, b):
    """A deal pair's value from the bot's margins in seat 0 and seat 1: the mean margin and
    the share of the two hands it won."""
    return (a + b) / 2, (float(a > 0) + float(b > 0)) / 2


def read_pairs(files):
    """The pairs recorded in the JSON-lines `files`, by cell (game, budget, level), and the
    set of (cell, deal) they hold; a deal of a cell is counted once."""
    results = defaultdict(list)
    done = set()
    for name in files:
        with open(name) as f:
            for line in f:
                r = json.loads(line)
                key = (r["game"], r["budget"], r["level"])
                if (key, r["deal"]) in done:
                    continue
                done.add((key, r["deal"]))
                results[key].append(pair(r["margin_seat0"], r["margin_seat1"]))
    return results, done


def table_from(files):
    """A Markdown table of the pairs recorded in the JSON-lines `files` (complete pairs)."""
    results, _ = read_pairs(files)
    out = ["| game | IS-MCTS simulations | engine level | deal pairs | IS-MCTS margin, points/hand (95 % CI) | hands won by IS-MCTS |",
           "| --- | ---: | --- | ---: | ---: | ---: |"]
    for key in sorted(results, key=lambda k: (k[0], k[1], LEVELS.index(k[2]) if k[2] in LEVELS else 9)):
        n, margins, half, wins = cell(results[key])
        out.append(f"| {key[0].replace('python_', '')} | {key[1]} | {key[2]} | {n} | "
                   f"{margins.mean():+.2f} ± {half:.2f} | {100 * wins.mean():.1f} % |")
    return "\n".join(out)


def engine_reference(hands, seed=11):
    """The engine's expert against its easy and medium, the same `hands` deals in each
    seating (played in Rust by ai_playouts): the scale the IS-MCTS margins compare with."""
    for game in ("scopa", "briscola"):
        for level in ("easy", "medium"):
            start = time.time()
            a = np.array(scopa_py.ai_playouts(game, ["expert", level], hands, seed=seed))
            b = np.array(scopa_py.ai_playouts(game, [level, "expert"], hands, seed=seed))
            m = ((a[:, 0] - a[:, 1]) + (b[:, 1] - b[:, 0])) / 2
            half = 1.96 * m.std(ddof=1) / math.sqrt(len(m))
            print(f"{game} expert vs {level}: {len(m)} pairs, margin {m.mean():+.2f} ± {half:.2f}, "
                  f"{time.time() - start:.0f} s", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", nargs="+", metavar="JSONL",
                    help="print the Markdown table of these result files and exit")
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--budgets", type=int, nargs=2, default=[100, 1000])
    ap.add_argument("--games", nargs="+", default=GAMES)
    ap.add_argument("--levels", nargs="+", default=LEVELS)
    ap.add_argument("--out", default="strength.jsonl")
    ap.add_argument("--engine-reference", type=int, metavar="DEALS",
                    help="play the engine's expert against easy and medium on DEALS paired deals and exit")
    args = ap.parse_args()
    if args.engine_reference:
        engine_reference(args.engine_reference)
        return 0
    if args.table:
        print(table_from(args.table))
        return 0
    results, done = read_pairs([args.out]) if os.path.exists(args.out) else (defaultdict(list), set())
    if done:
        print(f"resuming {args.out}: {len(done)} cells of deals already played are kept", flush=True)
    start = time.time()
    with open(args.out, "a") as out:
        for i in range(args.deals):
            for game_name in args.games:
                deck = deal(game_name, 1000 + i)
                for budget in args.budgets:
                    for level in args.levels:
                        if ((game_name, budget, level), i) in done:
                            continue
                        a = play(game_name, budget, level, deck, 0, 7 * i + 1)
                        b = play(game_name, budget, level, deck, 1, 7 * i + 2)
                        results[(game_name, budget, level)].append(pair(a, b))
                        out.write(json.dumps({"game": game_name, "budget": budget, "level": level,
                                              "deal": i, "margin_seat0": a, "margin_seat1": b}) + "\n")
                        out.flush()
            print(f"--- {i + 1}/{args.deals} deals, {time.time() - start:.0f} s", flush=True)
            print(summary(results), flush=True)


if __name__ == "__main__":
    sys.exit(main())

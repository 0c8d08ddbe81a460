"""A small learner against the engine's medium level, numpy only: a linear softmax policy
over features of (position, card), trained by REINFORCE with a running baseline, playing
two-player Briscola hands against ``medium`` in alternating seats. Prints the learning
curve (mean points margin and share of hands won, per block of hands) and writes it to a
CSV file. An example, not a test: a few minutes on one core.

Usage: python train_briscola.py [--minutes 3] [--block 1000] [--lr 0.1] [--out curve.csv]
"""

import argparse
import csv
import time

import numpy as np

import scopa_py

POINTS = {1: 11, 3: 10, 10: 4, 9: 3, 8: 2}
STRENGTH = {1: 10, 3: 9, 10: 8, 9: 7, 8: 6, 7: 5, 6: 4, 5: 3, 4: 2, 2: 1}
# Observation tensor layout (scopa_py.Table.observation_tensor): seat 4, hand 40, trick 40,
# pending 40, briscola 40, ...; then piles, scope, stock left.
TRICK, BRISCOLA, STOCK = 44, 124, 4 + 40 * 4 + 3 * 40 + 3


def suit(card):
    return card // 10


def value(card):
    return card % 10 + 1


def features(obs, card):
    """Features of playing `card` in the position `obs` (the player's observation)."""
    trick = np.flatnonzero(obs[TRICK:TRICK + 40])
    trump = suit(int(np.flatnonzero(obs[BRISCOLA:BRISCOLA + 40])[0]))
    pts, is_trump = POINTS.get(value(card), 0) / 11, float(suit(card) == trump)
    lead = len(trick) == 0
    if lead:
        beats, on_table = 0.0, 0.0
    else:
        other = int(trick[0])
        on_table = POINTS.get(value(other), 0) / 11
        if suit(card) == suit(other):
            beats = float(STRENGTH[value(card)] > STRENGTH[value(other)])
        else:
            beats = float(suit(card) == trump)
    stock = obs[STOCK]
    return np.array([pts, is_trump, float(lead), beats, on_table, beats * on_table,
                     beats * pts, (1 - beats) * pts * (1 - lead), is_trump * lead, is_trump * pts,
                     is_trump * stock, pts * lead, STRENGTH[value(card)] / 10])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=3.0)
    ap.add_argument("--block", type=int, default=1000, help="hands per point of the curve")
    ap.add_argument("--lr", type=float, default=0.1)
    ap.add_argument("--opponent", default="medium")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="curve.csv")
    args = ap.parse_args()

    lay = scopa_py.layout("briscola", 2)
    rng = np.random.default_rng(args.seed)
    theta = np.zeros(13)
    baseline = 0.0
    rows, margins, wins = [], [], []
    hands, start = 0, time.time()
    print(f"briscola: linear softmax policy vs {args.opponent}, REINFORCE, {args.minutes} min")
    print(f"{'hands':>7} {'seconds':>8} {'margin/hand':>12} {'won %':>6}")
    while time.time() - start < 60 * args.minutes:
        me = hands % 2  # alternate seats (and so who leads)
        deck = [int(c) for c in rng.permutation(lay["cards"])]
        table = scopa_py.Table("briscola", 2, deck, hands % 2)
        trajectory = []
        while not table.is_terminal():
            if table.current_player() != me:
                table.apply_action(table.ai_actions(args.opponent, int(rng.integers(2**63)))[0])
                continue
            obs = np.asarray(table.observation_tensor(me))
            legal = table.legal_actions()
            phi = np.stack([features(obs, c) for c in legal])
            logits = phi @ theta
            p = np.exp(logits - logits.max())
            p /= p.sum()
            k = rng.choice(len(legal), p=p)
            trajectory.append((phi, p, k))
            table.apply_action(int(legal[k]))
        points = table.points()
        margin = points[me] - points[1 - me]
        advantage = margin / 120 - baseline
        baseline += 0.01 * (margin / 120 - baseline)
        for phi, p, k in trajectory:
            theta += args.lr * advantage * (phi[k] - p @ phi)  # grad of log softmax
        margins.append(margin)
        wins.append(margin > 0)
        hands += 1
        if hands % args.block == 0:
            row = (hands, round(time.time() - start, 1), float(np.mean(margins)), 100 * float(np.mean(wins)))
            rows.append(row)
            print(f"{row[0]:7d} {row[1]:8.1f} {row[2]:+12.2f} {row[3]:6.1f}", flush=True)
            margins, wins = [], []
    with open(args.out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["hands", "seconds", "margin_per_hand", "won_percent"])
        w.writerows(rows)
    print("weights:", np.round(theta, 2).tolist())
    print(f"learning curve written to {args.out}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Train the expert's evaluation (``plugins/bots/expert_eval.json``) from self-play.

Two medium bots play seeded games over several set mixes; now and then (``--explore``) one of them
takes a random card or monster instead of its plan, so the games show what other decks are worth
too. At the start of every turn both seats' positions are recorded (``expert.features``) with how
the game ended for that seat. Two models are fitted with plain numpy: least squares for the final
honor margin, logistic regression (Newton's method) for the chance to win. Every ``--holdout``-th
game is left out of the fit and scores the models against the hand-written ``evaluate``.
The same ``--seed`` and arguments give the same weights.

The defaults are those of the shipped weights: run bare, it writes them again (about eight minutes).

Usage: .venv/bin/python scripts/train_expert.py [--games 12000] [--cards 300] [--seed 1] [--explore 0.15]
       [--mixes 10th 10th+legends:legendary ...] [--holdout 5] [--out plugins/bots/expert_eval.json]
"""
from __future__ import annotations

import argparse
import json
import math
import os
import shlex
import sys
import time
from pathlib import Path

import numpy as np

from ascension.core import rng
from ascension.core.bots import make_bot
from ascension.core.match import new_game
from ascension.core.sim import game_seed, reproducible
from ascension.plugins.bots.expert import FEATURES, card_terms, features
from ascension.plugins.bots.tiers import evaluate
from ascension.ui.desktop.storage import write_text_atomic

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ladder import parse_mix  # noqa: E402

MIXES = ("10th", "10th+legends:legendary", "cotg", "rotf", "cotg+rotf", "legends")
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "plugins", "bots", "expert_eval.json")


def play(mix: str, seed: int, explore: float) -> list[tuple]:
    """One game between two medium bots: per turn start and seat (features, card terms, the
    hand-written evaluation, won (1, ½ for a shared win, 0), final margin)."""
    sets, variants = parse_mix(mix)
    game = new_game(sets, ["A", "B"], variants, seed=seed)
    bots = [make_bot("medium", game.ctx.defs, seed, s) for s in range(2)]
    state = rng.derive(seed, "explore")
    rows, seen = [], None
    with reproducible(game):
        while not game.over:
            dec = game.decision()
            if (game.turn, game.current) != seen:
                seen = (game.turn, game.current)
                for s in range(2):
                    rows.append((s, features(game, s), card_terms(game, s), evaluate(game, s)))
            i = bots[dec.seat].choose(game.view(dec.seat), dec)
            takes = [j for j, o in enumerate(dec.options) if o[0] in ("acquire", "defeat")]
            if dec.kind == "action" and takes and dec.options[i][0] in ("acquire", "defeat", "end"):
                state, roll = rng.below(state, 1000)
                if roll < explore * 1000:
                    state, j = rng.below(state, len(takes))
                    i = takes[j]
            game.apply(i)
    totals = {r["seat"]: r["total"] for r in game.scores()}
    winners = game.winners()
    result = [(1.0 if s in winners and len(winners) == 1 else 0.5 if s in winners else 0.0) for s in range(2)]
    return [(x, c, e, result[s], float(totals[s] - totals[1 - s])) for s, x, c, e in rows]


def fit_linear(X: np.ndarray, y: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Least squares with a little ridge (rare cards' weights stay near 0)."""
    return np.linalg.solve(X.T @ X + ridge * len(y) * np.eye(X.shape[1]), X.T @ y)


def fit_logistic(X: np.ndarray, y: np.ndarray, ridge: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Logistic regression by Newton's method (labels may be ½), a little ridge for stability."""
    w = np.zeros(X.shape[1])
    reg = ridge * len(y) * np.eye(X.shape[1])
    for __ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(X @ w, -30, 30)))
        grad = X.T @ (p - y) + reg @ w
        hess = (X * (p * (1 - p))[:, None]).T @ X + reg
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def train(games: int, seed: int, explore: float, mixes=MIXES, holdout: int = 5, cards: int = 0) -> tuple[dict, dict]:
    """(weights, held-out scores) from ``games`` seeded games over ``mixes`` (game k plays mix k mod
    len); a card gets its own weight when it differs between the seats in ``cards`` training
    positions (0: no card weights)."""
    train_rows, test_rows = [], []
    for k in range(games):
        rows = [r for r in play(mixes[k % len(mixes)], game_seed(seed, k), explore) if r[0] is not None]
        (test_rows if holdout and k % holdout == holdout - 1 else train_rows).extend(rows)
    seen: dict[str, int] = {}
    for r in train_rows:
        for cid in r[1]:
            seen[cid] = seen.get(cid, 0) + 1
    vocab = sorted(cid for cid, n in seen.items() if cards and n >= cards)

    def matrix(rows):
        return np.array([r[0] + [r[1].get(cid, 0.0) for cid in vocab] for r in rows])
    X, nb = matrix(train_rows), len(FEATURES)
    margin = fit_linear(X, np.array([r[4] for r in train_rows]))
    win = fit_logistic(X, np.array([r[3] for r in train_rows]))
    weights = {"features": list(FEATURES), "margin": [round(float(w), 6) for w in margin[:nb]],
               "win": [round(float(w), 6) for w in win[:nb]],
               "cards": {cid: [round(float(margin[nb + j]), 6), round(float(win[nb + j]), 6)]
                         for j, cid in enumerate(vocab)}}
    scores = {"positions": len(train_rows), "held_out_positions": len(test_rows)}
    if test_rows:
        Xt = matrix(test_rows)
        won = np.array([r[3] for r in test_rows])
        final = np.array([r[4] for r in test_rows])
        hand = np.array([r[2] for r in test_rows])
        decided = won != 0.5
        p = 1 / (1 + np.exp(-np.clip(Xt @ win, -30, 30)))
        # the hand-written evaluation as a chance to win: a logistic curve of its one number, fitted on the training rows
        a = fit_logistic(np.array([[r[2]] for r in train_rows]), np.array([r[3] for r in train_rows]))
        ph = 1 / (1 + np.exp(-np.clip(hand * a[0], -30, 30)))
        scores.update({
            "learned_accuracy": round(float(np.mean((p[decided] > 0.5) == (won[decided] == 1))), 4),
            "evaluate_sign_accuracy": round(float(np.mean((hand[decided] > 0) == (won[decided] == 1))), 4),
            "learned_log_loss": round(log_loss(p, won), 4),
            "evaluate_log_loss": round(log_loss(ph, won), 4),
            "learned_margin_mae": round(float(np.mean(np.abs(Xt @ margin - final))), 3),
            "evaluate_margin_mae": round(float(np.mean(np.abs(hand - final))), 3)})
    return weights, scores


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--explore", type=float, default=0.15, help="chance a take is replaced by a random one")
    ap.add_argument("--mixes", nargs="+", default=list(MIXES))
    ap.add_argument("--holdout", type=int, default=5, help="every N-th game is held out (0: none)")
    ap.add_argument("--cards", type=int, default=300, help="weigh each card seen in this many positions (0: none)")
    ap.add_argument("--out", default=OUT, help="where to write the weights ('-': print only)")
    return ap


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    command = " ".join(["scripts/train_expert.py"] + [shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:])])
    t0 = time.perf_counter()
    weights, scores = train(args.games, args.seed, args.explore, tuple(args.mixes), args.holdout, args.cards)
    data = {**weights, "games": args.games, "mixes": args.mixes, "held_out": scores, "command": command}
    text = json.dumps(data, indent=1) + "\n"
    if args.out != "-":   # renamed into place: a run stopped while writing leaves the old weights whole
        write_text_atomic(Path(args.out), text)
    for name, w, u in zip(FEATURES, weights["margin"], weights["win"]):
        print(f"  {name:16} margin {w:+9.4f}  win {u:+9.4f}")
    print(json.dumps(scores))
    print(f"{math.floor(time.perf_counter() - t0)} s; command: {command}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

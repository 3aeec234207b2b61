"""The expert tier (issue 20): the hard bot's search (:class:`~.tiers.HardBot`: worlds dealt from
what the bot may know, the medium plan and each departure from it played out in the same worlds),
spending its rollouts where the choice matters, and scoring a game played to its end by who
wins, not only by how much.

- A race instead of a fixed schedule: every candidate move meets the same worlds, a few at a
  time; a departure from the plan drops out as soon as it clearly cannot beat the plan by more
  than ``SMALL`` honor, or the best other departure (``Z`` standard errors), and the search stops
  when none is left or the one left clearly beats the plan. An obvious move costs a few dozen rollouts; a close
  call gets the whole ``budget``.
- More candidates (the racing makes a poor one cheap).
- A rollout that reaches the end of the game is worth ``win_bonus`` honor more to the winner: a
  move that wins more of the imagined games by a little beats one that wins fewer by a lot.

Like every tier it is repeatable: a budget of rollouts, never seconds, so a seed gives the same
game on any machine.
"""
from __future__ import annotations

import math
import time

from ascension.core import rng
from ascension.core.i18n import _, ngettext

from .tiers import HardBot, MediumBot, Situation, Tuning, aligned, because, evaluate, medium_action


class ExpertTuning(Tuning):
    win_bonus = 5.0      # honor a won finished rollout is worth beyond its margin


class ExpertBot(HardBot):
    """Racing determinized rollouts over the medium plan (see the module docstring). Options as
    :class:`~.tiers.HardBot` (``budget``: the most rollouts a decision may take)."""
    name = "expert"
    tier = "expert"
    params = ExpertTuning
    DEFAULT_BUDGET = 640
    MAX_CANDIDATES = 8
    BATCH = 4          # worlds added per round of the race
    FIRST = 8          # worlds every candidate meets before any drops out
    Z = 2.0            # standard errors that make a candidate clearly worse (or clearly better)
    SMALL = 0.25       # honor: a departure that cannot gain more than this is not worth the rollouts

    def choose(self, view, decision):
        opts = decision.options
        if len(opts) == 1:
            return MediumBot.choose(self, view, decision)
        base = self.world(view)
        sit = Situation(base, decision.seat, self.params)
        cands = (self.candidates(sit, opts) if decision.kind == "action"
                 else self.choice_candidates(sit, decision))
        if len(cands) <= 1:
            if decision.kind != "action":
                return MediumBot.choose(self, view, decision)
            i, scored, reason = medium_action(sit, opts)
            self._explain = lambda: self.explained(opts, i, scored, reason, intent=decision.intent)
            return i
        t0 = time.perf_counter()
        self.rng, seed = rng.next_state(self.rng)
        depth = self.horizon(base)
        plan, alive = cands[0], cands[1:]
        values: dict[int, list[float]] = {i: [] for i in cands}
        wins: dict[int, list[int]] = {i: [] for i in cands}    # 1/0 per rollout played to the end
        spent = worlds = 0

        def gain(i) -> tuple[float, float]:
            """Mean difference to the plan over the same worlds, and its standard error."""
            d = [a - b for a, b in zip(values[i], values[plan])]
            n = len(d)
            mean = sum(d) / n
            var = sum((x - mean) ** 2 for x in d) / (n - 1) if n > 1 else float("inf")
            return mean, math.sqrt(var / n)

        while alive and spent + len(alive) + 1 <= self.budget:
            for __ in range(self.FIRST if worlds == 0 else self.BATCH):
                if spent + len(alive) + 1 > self.budget:
                    break
                world = view.sample(rng.derive(seed, f"w{worlds}"))
                stream = rng.derive(seed, f"s{worlds}")
                worlds += 1
                for i in [plan] + alive:
                    value, won = self.rollout_won(aligned(world, stream), i, decision.seat, depth)
                    values[i].append(value)
                    if won is not None:
                        wins[i].append(won)
                    spent += 1
            stats = {i: gain(i) for i in alive}
            floor = max([self.SMALL] + [m - self.Z * se for m, se in stats.values()])
            alive = [i for i in alive if stats[i][0] + self.Z * stats[i][1] > floor]
            if len(alive) == 1 and stats[alive[0]][0] - self.Z * stats[alive[0]][1] > 0:
                break                                   # one departure left, clearly better than the plan
        best, best_gain = plan, 0.0
        for i in alive:
            mean, se = gain(i)
            if mean > self.margin * se and mean > best_gain:
                best, best_gain = i, mean
        elapsed = time.perf_counter() - t0
        self.stats.append({"seconds": elapsed, "rollouts": spent, "candidates": len(cands), "worlds": worlds})
        self._explain = lambda: self.reason(opts, decision.intent, cands, best, plan, values, wins)
        return best

    def rollout_won(self, g, first: int, seat: int, depth: int | None) -> tuple[float, int | None]:
        """The hard bot's rollout (the medium policy for every seat, cut ``depth`` rounds ahead),
        also saying whether ``seat`` won when the game was played to its end."""
        self.play_out(g, first, depth)
        return evaluate(g, seat, self.params), (int(seat in g.winners()) if g.over else None)

    def reason(self, opts, intent, cands, best, plan, values, wins) -> str:
        """The choice in a player's terms: how the move did in the imagined games, against the
        best alternative."""
        def mean(i):
            return sum(values[i]) / len(values[i])
        move = self.describe(opts[best], intent)
        others = sorted((i for i in cands if i != best and values[i]), key=lambda i: (-len(values[i]), -mean(i), i))
        n = len(values[best])
        if wins[best] and len(wins[best]) == n:
            share = round(100 * sum(wins[best]) / n)
            text = ngettext("it won {share}% of {n} imagined game played to the end",
                            "it won {share}% of {n} imagined games played to the end", n).format(share=share, n=n)
        elif mean(best) >= 0:
            text = ngettext("it came out {margin} honor ahead on average in {n} imagined game",
                            "it came out {margin} honor ahead on average in {n} imagined games",
                            n).format(margin=f"{mean(best):.1f}", n=n)
        else:
            text = ngettext("it came out {margin} honor behind on average in {n} imagined game",
                            "it came out {margin} honor behind on average in {n} imagined games",
                            n).format(margin=f"{-mean(best):.1f}", n=n)
        if others:
            rival = others[0]
            other = _("choosing none") if opts[rival][0] == "pass" else self.describe(opts[rival], intent)
            if len(values[rival]) < n:
                text = _("{text}; {other} soon fell clearly behind").format(text=text, other=other)
            elif mean(best) - mean(rival) < 0.05:
                text = _("{text}; the next best, {other}, did about as well").format(text=text, other=other)
            else:
                text = _("{text}; the next best, {other}, did {behind} honor worse").format(
                    text=text, other=other, behind=f"{mean(best) - mean(rival):.1f}")
        if best != plan:
            text = _("{text} (the usual plan was {plan})").format(text=text, plan=self.describe(opts[plan], intent))
        return because(move, text)

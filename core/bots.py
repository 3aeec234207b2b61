"""Bots: they see only a redacted view and the pending decision, and answer with an index.

Every bot gets its own RNG stream derived from the match seed and its seat, so adding or
changing a bot never changes the deal.
"""
from __future__ import annotations

from .cards import CardDef
from .engine import Decision
from . import rng

STARTERS = ("apprentice", "militia")


class Bot:
    name = "bot"

    def __init__(self, defs: list[CardDef], seed: int, seat: int):
        self.defs = defs            # card definitions are public knowledge
        self.rng = rng.derive(seed, f"{self.name}:{seat}")
        self.seat = seat

    def choose(self, view: dict, decision: Decision) -> int:
        raise NotImplementedError

    def explain(self) -> str:
        return ""


class RandomBot(Bot):
    """Uniformly random among the legal options."""
    name = "random"

    def choose(self, view, decision):
        self.rng, i = rng.below(self.rng, len(decision.options))
        return i


def reward_honor(d: CardDef) -> int:
    return sum(getattr(s.params, "honor", 0) for s in d.effects.get("reward", ()) if s.verb.name == "gain")


class GreedyBot(Bot):
    """Plays every card, then buys or defeats the best value it can afford; banishes starters."""
    name = "greedy"

    def value(self, card: int) -> float:
        d = self.defs[card]
        if d.type == "monster":
            return reward_honor(d) + 0.6 * len(d.effects.get("reward", ())) - 0.5
        base = d.honor + 0.8 * d.cost
        if d.type == "construct":
            base += 1.5
        if d.role == "always":
            base -= 1.0
        return base

    def choose(self, view, decision):
        opts = decision.options
        if decision.kind == "action":
            return self._action(view, opts)
        return self._choice(view, decision)

    def _action(self, view, opts):
        kinds = [o[0] for o in opts]
        if "play_all" in kinds:
            return kinds.index("play_all")
        if "play" in kinds:
            return kinds.index("play")
        uses = [i for i, o in enumerate(opts) if o[0] == "use"]
        # Use every ability except paying runes for honor, which waits until nothing else is worth it.
        for i in uses:
            if not self._is_conversion(opts[i]):
                return i
        best, best_v = None, 0.5
        for i, o in enumerate(opts):
            if o[0] in ("acquire", "defeat"):
                v = self.value(o[1])
                if v > best_v:
                    best, best_v = i, v
        if best is not None:
            return best
        if uses:
            return uses[0]
        return kinds.index("end")

    def _is_conversion(self, option) -> bool:
        steps = self.defs[option[1]].effects[f"ability.{option[2]}"]
        return any(s.verb.name == "pay" for s in steps)

    def _choice(self, view, decision):
        opts = decision.options
        prompt = decision.prompt.lower()

        def score(o):
            if o[0] in ("yes",):
                return 10
            if o[0] in ("no",):
                return 0
            if o[0] == "mode":  # runes while building the deck, honor once the pool runs low
                late = view.pool <= 20
                return 2 if ("honor" in o[2]) == late else (1 if "rune" in o[2] else 0)
            if o[0] == "pass":
                return 0.1 if "banish" in prompt else -100
            d = self.defs[o[1]]
            if "banish" in prompt:
                if o[2] == "center":  # deny the opponent the best card
                    return self.value(o[1]) - 6
                return 5 if d.id.split(".")[-1] in STARTERS else -self.value(o[1])
            if "discard" in prompt or "destroy" in prompt:
                return -self.value(o[1])
            return self.value(o[1])

        scores = [score(o) for o in opts]
        return scores.index(max(scores))


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(kind: str, defs: list[CardDef], seed: int, seat: int) -> Bot:
    try:
        return BOTS[kind](defs, seed, seat)
    except KeyError:
        raise ValueError(f"unknown bot '{kind}' (available: {', '.join(BOTS)})") from None

"""What the Cult's turn means to the bots (``asc_bot_advice``): Samael's queue (see
:mod:`.samael_bot`), where a card is also worth the Renown it gives the Cult, and Renown is worth
the honor of the milestones (3, 6, 9) it brings within the game. Cards still in the center deck
are known by their mix only: their Renown is counted as a chance (Poisson), so a card the
player denies weighs what it changes in the Cult's odds of reaching each milestone. The Cult
also changes the game's pace and what runes and power bring (``TUNING``)."""
from __future__ import annotations

import math

from ascension.core.cards import FACTIONS
from ascension.core.hookspecs import hookimpl
from ascension.plugins.legendary.track import MILESTONES

from .samael_bot import VillainAdvice


def renown_of(game, card: int) -> dict[str, int]:
    """The Renown the Cult gains for taking ``card`` (as ``cult.cult_renown`` moves it)."""
    d = game.card(card)
    out = dict.fromkeys(d.factions, 1)
    if d.type != "monster":
        for step in d.effects.get("on_acquire", ()):
            if step.verb.name == "gain_renown" and step.params.faction:
                out[step.params.faction] = out.get(step.params.faction, 0) + step.params.n
    return out


def at_least(k: int, mean: float) -> float:
    """P(N >= k) for N ~ Poisson(mean)."""
    if k <= 0:
        return 1.0
    term = total = math.exp(-mean)
    for i in range(1, k):
        term *= mean / i
        total += term
    return max(0.0, 1.0 - total)


# Factors on the medium policy's numbers against the Cult: it empties the pool faster than a
# player would (its monsters and milestones take honor from it), so the game has fewer turns
# than the pool says (about 11, not 16); power beyond the row's few monsters ends in Cultists
# (1 honor for 2 power); runes buy the row's cards, each one the Cult then never takes. And the
# player, about 21 honor behind on average, wins only with a game that goes well: Legendary
# status (a free card each turn) is worth aiming for, so a space of Renown is worth more the
# nearer it brings it (``renown_steep``). And while more than half the pool is left, an honor
# token is worth half its honor (``early_token``): each one taken brings the end nearer while
# the deck is still weak (Cultists wait for a stronger deck). Measured with ``ascension simulate
# --sets legends --players 1 --bots medium --variants cult --games 1000 --seed S``: medium won
# 1.9-2.5 % before the first four (seeds 1, 2, 3), 3.96 % with them over seeds 1-10 (10,000
# games), 4.94 % with the Renown, runes and banishing factors (chosen on seeds 11-14), 5.52 %
# with ``early_token`` too (chosen on seeds 6-10; on fresh seeds 24-33: 4.53 % before it, 5.39 %
# with it).
TUNING = {"turn_rate": 0.72, "turn_curve": 0.72, "p_val": 0.8, "r_val": 1.27, "basics": 1.04, "thin": 1.14,
          "renown": 1.1, "status": 1.86, "renown_steep": 9.16, "early_token": 0.5}


class CultAdvice(VillainAdvice):
    def tuning(self) -> dict[str, float]:
        return TUNING

    def haul(self, sense, cards: list) -> float:
        honor = sum(self.worth(sense, c) for c in cards)
        g = sense.game
        now = g.ext["legendary"]["renown"].get("-1", {})
        known = dict.fromkeys(FACTIONS, 0)
        unknown = cards.count(None)
        for c in cards:
            if c is not None:
                for f, n in renown_of(g, c).items():
                    known[f] += n
        per_card = self.unknown_renown(sense)
        for f in FACTIONS:
            r = now.get(f, 0) + known[f]
            mean = unknown * per_card[f]
            honor += sum(m * at_least(m - r, mean) for m in MILESTONES if now.get(f, 0) < m)
        return honor

    def unknown_renown(self, sense) -> dict[str, float]:
        """The Renown a card still in the center deck gives the Cult, on average, per faction."""
        v = sense.memo.get("cult unknown")
        if v is None:
            deck = sense.game.center_deck or sense.game.void
            v = dict.fromkeys(FACTIONS, 0.0)
            for c in deck:
                for f, n in renown_of(sense.game, c).items():
                    v[f] += n / len(deck)
            sense.memo["cult unknown"] = v
        return v


ADVICE = [CultAdvice()]


@hookimpl
def asc_bot_advice(game):
    return ADVICE

"""What the Legendary Track is worth to the bots (``asc_bot_advice``): Renown in a faction is
worth the Boons its milestones bring, Legendary status a free card each turn, and a little for
the way there; a Boon is used at once (it costs nothing and lapses at the end of the turn); a
free take with Legendary status is worth the card."""
from __future__ import annotations

from ascension.core.bots import BotAdvice
from ascension.core.cards import FACTIONS
from ascension.core.hookspecs import hookimpl
from ascension.core.i18n import _

from .track import LEGEND, MILESTONES, seat_key


class TrackAdvice(BotAdvice):
    def take(self, sense, card: int) -> float:
        """Taking a card from the center row moves Renown in each of its factions."""
        if _renown(sense) is None:
            return 0.0
        return sum(renown_value(sense, f) for f in sense.game.card(card).factions)

    def at_once(self, option):
        if option[0] == "boon":
            return _("a Boon costs nothing: use it")
        return None

    def action(self, sense, option):
        if option[0] != "legendary" or not isinstance(option[2], int):
            return None
        return (sense.acquire_value(sense.game.card(option[2])),
                _("Legendary status: the best card it may take for free"))

    def answer(self, sense, intent, option):
        """Gain ``amount`` Renown in which faction: the one worth most, the deck's own on a tie."""
        if intent["verb"] != "renown" or option[0] != "mode" or not isinstance(option[1], int):
            return None
        faction = FACTIONS[option[1]]
        return renown_value(sense, faction, intent["amount"]) + 0.1 * sense.faction_share.get(faction, 0.0)


def _renown(sense) -> dict | None:
    t = sense.game.ext.get("legendary") if sense.game.ext else None
    return t.get("renown", {}).get(seat_key(sense.seat)) if isinstance(t, dict) else None


def renown_value(sense, faction: str, n: int = 1) -> float:
    """Honor of ``n`` spaces of Renown in ``faction``: a Boon at 3, 6 and 9 (used this turn, for
    what that faction's Legendary Character gives), Legendary status at 12 (a free card of the
    faction each turn), and a little for the way there: ``Tuning.renown`` a space at the start,
    ``renown_steep`` times that just short of Legendary status (the nearer it, the likelier)."""
    row = _renown(sense)
    r = row.get(faction, 0) if row else LEGEND
    new = min(LEGEND, r + n)
    if new <= r:
        return 0.0
    k = sense.k
    steep = (k.renown_steep - 1) / (LEGEND - 1)
    v = k.renown * sum(1 + steep * s for s in range(r, new))
    v += sum(boon_value(sense, faction) for m in MILESTONES if r < m <= new)
    if new == LEGEND:
        v += k.status * sense.turns_left
    return v


def boon_value(sense, faction: str) -> float:
    key = ("boon", faction)
    v = sense.memo.get(key)
    if v is None:
        legend = sense.game.ext["legendary"].get("characters", {}).get(faction)
        v = sense.effect_value(sense.game.card(legend), "boon") if legend is not None else 0.0
        sense.memo[key] = v
    return v


ADVICE = [TrackAdvice()]


@hookimpl
def asc_bot_advice(game):
    return ADVICE

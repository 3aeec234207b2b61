"""Events: what happened, as data. Human text is rendered from events here and only here."""
from __future__ import annotations

from collections import Counter
from typing import Callable, NamedTuple

from .wording import PLAYER_ZONES, article, quantity, zone_name


class Event(NamedTuple):
    """Immutable and cheap to make: thousands are logged per game."""
    kind: str
    seat: int | None = None
    card: int | None = None      # card instance id
    n: int = 0
    where: str = ""

    def to_list(self) -> list:
        return list(self)


_TEMPLATES: dict[str, str] = {
    "game_started": "The game begins (seed {n}).",
    "turn_started": "{who}'s turn {n} begins.",
    "turn_ended": "{who} ends the turn.",
    "played": "{who} plays {card}.",
    "used": "{who} uses {card}.",
    "acquired": "{who} acquires {card}{from_}.",
    "acquired:pile": "{who} acquires {a_card}.",   # one of many alike: "a Mystic"
    "defeated": "{who} defeats {card}{from_}.",
    "defeated:pile": "{who} defeats the {card}.",  # the Cultist, always there
    "banished": "{who} banishes {card} from {place}.",
    "destroyed": "{who}'s {card} is destroyed.",
    "discarded": "{who} discards {card}.",
    "drew": "{who} draws {n} card{s}.",          # one event per card (``card`` set); the text names none
    "drew_hand": "{who} draws a new hand.",       # the same, for the hand drawn at the end of a turn
    "placed:hand": "{who} puts {card} into their hand.",
    "placed:deck": "{who} puts {card} on top of their deck.",
    "placed": "{card} is a gift for {who}: it goes into their discard pile.",   # where="discard": only a teammate's
    "shuffled": "{who} shuffles their discard pile into a new deck.",
    "gained_runes": "{who} gains {n} rune{s}.",
    "gained_runes:mechana": "{who} gains {n} rune{s} to spend only on Mechana constructs.",
    "gained_power": "{who} gains {n} power.",
    "gained_honor": "{who} gains {n} honor.",
    "center_dealt": "{card} enters the center row.",
    "void_reshuffled": "The Void is shuffled into a new center deck ({n} cards).",
    "left_void": "{card} goes back from the Void to its pile.",   # before the Void is reshuffled
    "left_void:box": "{card} leaves the game (from the Void).",
    "stole": "{who} takes a card at random from {where}'s hand.",
    "extra_turn": "{who} will take an extra turn.",
    "pool_empty": "The honor pool is empty: the game ends at the end of the round.",
    "game_over": "The game is over.",
    "villain_took": "{who} takes {card}.",
    "named": "{who} names {card}.",
    "revealed": "{who} reveals {card}.",
    "took_honor": "{who} takes {n} honor from {where}.",
    "returned_to_hand": "{who} puts {card} from their discard pile into their hand.",
    "kept": "{who} keeps {card} face up in front of them.",
    "put_into_play": "{who} puts {card} into play.",
    "to_center_deck_bottom": "{card} goes to the bottom of the center deck.",
    # Ascension Legends: the Legendary Track (``where`` is the faction)
    "legend_chosen": "{card} watches over the {where}.",
    "renown": "{who} gains {n} Renown ({where}).",
    "boon_earned": "{who} reaches space {n} ({where}) and earns the Boon of {card}.",
    "boon_used": "{who} uses the Boon of {card}.",
    "boon_lost": "{who}'s unused Boon of {card} is lost.",
    "legendary_status": "{who} reaches Legendary status ({where}).",
    "legendary_used": "{who} uses Legendary status ({where}) for {card}.",
    "returned_honor": "{who} returns {n} honor to the pool.",
    "won": "{who} wins the game.",
}


# Events whose ``where`` is a faction: named as the cards print it ("Enlightened")
_FACTION_WHERE = frozenset({"legend_chosen", "renown", "boon_earned", "legendary_status", "legendary_used"})


def _place(zone: str) -> str:
    """An event's zone in a sentence: "their hand", "the center row", "play"."""
    if zone in ("play", "played", "constructs"):
        return "play"
    return ("their " if zone in PLAYER_ZONES else "the ") + zone_name(zone)


def render(event: Event, seat_name: Callable[[int | None], str], card_name: Callable[[int], str]) -> str:
    """One line of text for ``event``; ``seat_name`` and ``card_name`` resolve ids."""
    template = _TEMPLATES.get(f"{event.kind}:{event.where}") or _TEMPLATES.get(event.kind, event.kind + " {card}")
    place = _place(event.where) if event.where else ""
    card = card_name(event.card) if event.card is not None else ""
    return template.format(
        who=seat_name(event.seat), card=card, a_card=article(card),
        n=event.n, s="" if event.n == 1 else "s",
        where=(seat_name(int(event.where)) if event.kind in ("stole", "took_honor") else
               event.where.capitalize() if event.kind in _FACTION_WHERE else event.where.replace("_", " ")),
        place=place, from_=f" from {place}" if event.where else "")


_GAINS = {"gained_runes": ("rune", "runes"), "gained_power": ("power", "power"), "gained_honor": ("honor", "honor")}


def _plays(events: list[Event], i: int) -> tuple[list[int], Counter, int]:
    """From ``events[i]``: the cards one seat played in a row, the runes, power and honor those
    plays gained (nothing else happened in between), and the index after them."""
    seat, cards, gains = events[i].seat, [], Counter()
    while i < len(events) and events[i].kind == "played" and events[i].seat == seat:
        cards.append(events[i].card)
        i += 1
        while (i < len(events) and events[i].kind in _GAINS and events[i].seat == seat
               and events[i].where != "mechana"):   # Mechana-only runes keep their own line
            gains[events[i].kind] += events[i].n
            i += 1
    return cards, gains, i


def log_lines(events: list[Event], seat_name: Callable[[int | None], str],
              card_name: Callable[[int], str]) -> list[tuple[Event, str]]:
    """The lines of a game log, each with its (first) event: one per event, except that plays one
    seat made in a row, gaining only runes, power or honor, read as one line ("Bob plays
    Apprentice ×3, Militia: 3 runes, 1 power."), so do one seat's draws in a row ("Bob draws 2
    cards."), and the new hand drawn at the end of a turn has none (the turn's end says it)."""
    out, i = [], 0
    while i < len(events):
        kind = events[i].kind
        if kind in ("drew", "drew_hand"):   # a run of one seat's draws is one line; a new hand none
            j = i
            while j < len(events) and events[j].kind == kind and events[j].seat == events[i].seat:
                j += 1
            if kind == "drew":
                out.append((events[i], render(events[i]._replace(n=j - i), seat_name, card_name)))
            i = j
            continue
        cards, gains, after = _plays(events, i)
        if len(cards) > 1 or gains:
            names = Counter(card_name(c) for c in cards)
            played = ", ".join(name if k == 1 else f"{name} ×{k}" for name, k in names.items())
            total = ", ".join(quantity(gains[kind], one, many) for kind, (one, many) in _GAINS.items() if gains[kind])
            out.append((events[i], f"{seat_name(events[i].seat)} plays {played}" + (f": {total}." if total else ".")))
            i = after
        else:
            out.append((events[i], render(events[i], seat_name, card_name)))
            i += 1
    return out

"""Events: what happened, as data. Human text is rendered from events here and only here."""
from __future__ import annotations

from typing import Callable, NamedTuple


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
    "defeated": "{who} defeats {card}{from_}.",
    "banished": "{who} banishes {card} from the {where}.",
    "destroyed": "{who}'s {card} is destroyed.",
    "discarded": "{who} discards {card}.",
    "drew": "{who} draws {n} card{s}.",
    "shuffled": "{who} shuffles their discard pile into a new deck.",
    "gained_runes": "{who} gains {n} rune{s}.",
    "gained_power": "{who} gains {n} power.",
    "gained_honor": "{who} gains {n} honor.",
    "center_dealt": "{card} enters the center row.",
    "void_reshuffled": "The Void is shuffled into a new center deck ({n} cards).",
    "stole": "{who} takes a card at random from {where}'s hand.",
    "extra_turn": "{who} will take an extra turn.",
    "pool_empty": "The honor pool is empty: the game ends at the end of the round.",
    "game_over": "The game is over.",
    "villain_took": "{who} takes {card}.",
}


def render(event: Event, seat_name: Callable[[int | None], str], card_name: Callable[[int], str]) -> str:
    """One line of text for ``event``; ``seat_name`` and ``card_name`` resolve ids."""
    template = _TEMPLATES.get(event.kind, event.kind + " {card}")
    return template.format(
        who=seat_name(event.seat), card=card_name(event.card) if event.card is not None else "",
        n=event.n, s="" if event.n == 1 else "s",
        where=seat_name(int(event.where)) if event.kind == "stole" else event.where.replace("_", " "),
        from_=f" from the {event.where.replace('_', ' ')}" if event.where else "")

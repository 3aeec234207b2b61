"""Events: what happened, as data. Human text is rendered from events here and only here."""
from __future__ import annotations

from collections import Counter
from string import Formatter
from typing import Callable, NamedTuple

from .cards import FACTIONS
from .i18n import N_, _, ngettext
from .wording import faction_name, runes


class Event(NamedTuple):
    """Immutable and cheap to make: thousands are logged per game."""
    kind: str
    seat: int | None = None
    card: int | None = None      # card instance id
    n: int = 0
    where: str = ""

    def to_list(self) -> list:
        return list(self)


# One sentence per kind of event ("kind:where" where the place changes the sentence); a
# function of ``n`` gives the form of a sentence whose number is ``n``.
_TEMPLATES: dict[str, str | Callable[[int], str]] = {
    "game_started": N_("The game begins (seed {n})."),
    "turn_started": N_("{who}'s turn {n} begins."),
    "turn_ended": N_("{who} ends the turn."),
    "played": N_("{who} plays {card}."),
    "used": N_("{who} uses {card}."),
    "acquired": N_("{who} acquires {card}."),
    "acquired:center_row": N_("{who} acquires {card} from the center row."),
    "acquired:void": N_("{who} acquires {card} from the Void."),
    "acquired:pile": N_("{who} acquires a {card}."),     # one of many alike: "a Mystic"
    "acquired:pile:an": N_("{who} acquires an {card}."),
    "defeated": N_("{who} defeats {card}."),
    "defeated:center_row": N_("{who} defeats {card} from the center row."),
    "defeated:void": N_("{who} defeats {card} from the Void."),
    "defeated:pile": N_("{who} defeats the {card}."),   # the Cultist, always there
    "banished": N_("{who} banishes {card}."),
    "banished:center_row": N_("{who} banishes {card} from the center row."),
    "banished:center": N_("{who} banishes {card} from the center row."),
    "banished:hand": N_("{who} banishes {card} from their hand."),
    "banished:discard": N_("{who} banishes {card} from their discard pile."),
    "banished:deck": N_("{who} banishes {card} from their deck."),
    "banished:play": N_("{who} banishes {card} from play."),
    "banished:played": N_("{who} banishes {card} from play."),
    "banished:constructs": N_("{who} banishes {card} from play."),
    "banished:void": N_("{who} banishes {card} from the Void."),
    "destroyed": N_("{who}'s {card} is destroyed."),
    "discarded": N_("{who} discards {card}."),
    "drew": lambda n: ngettext("{who} draws {n} card.", "{who} draws {n} cards.", n),   # one event per card
    "drew_hand": N_("{who} draws a new hand."),       # the same, for the hand drawn at the end of a turn
    "placed:hand": N_("{who} puts {card} into their hand."),
    "placed:deck": N_("{who} puts {card} on top of their deck."),
    "placed": N_("{card} is a gift for {who}: it goes into their discard pile."),   # where="discard": only a teammate's
    "shuffled": N_("{who} shuffles their discard pile into a new deck."),
    "gained_runes": lambda n: ngettext("{who} gains {n} rune.", "{who} gains {n} runes.", n),
    "gained_runes:mechana": lambda n: ngettext("{who} gains {n} rune to spend only on Mechana constructs.",
                                               "{who} gains {n} runes to spend only on Mechana constructs.", n),
    "gained_power": N_("{who} gains {n} power."),
    "gained_honor": N_("{who} gains {n} honor."),
    "center_dealt": N_("{card} enters the center row."),
    "void_reshuffled": N_("The Void is shuffled into a new center deck ({n} cards)."),
    "left_void": N_("{card} goes back from the Void to its pile."),   # before the Void is reshuffled
    "left_void:box": N_("{card} leaves the game (from the Void)."),
    "stole": N_("{who} takes a card at random from {where}'s hand."),
    "extra_turn": N_("{who} will take an extra turn."),
    "pool_empty": N_("The honor pool is empty: the game ends at the end of the round."),
    "game_over": N_("The game is over."),
    "villain_took": N_("{who} takes {card}."),
    "named": N_("{who} names {card}."),
    "revealed": N_("{who} reveals {card}."),
    "took_honor": N_("{who} takes {n} honor from {where}."),
    "returned_to_hand": N_("{who} puts {card} from their discard pile into their hand."),
    "kept": N_("{who} keeps {card} face up in front of them."),
    "put_into_play": N_("{who} puts {card} into play."),
    "to_center_deck_bottom": N_("{card} goes to the bottom of the center deck."),
    "returned_honor": N_("{who} returns {n} honor to the pool."),
}



def worded_by_core(kind: str) -> bool:
    return kind in _TEMPLATES


def _plugin_template(key: str, kind: str) -> str | None:
    """The sentence a plugin gives its own kind of event (``asc_event_texts``)."""
    from .plugins import installed   # the plugins know the core, not the other way round
    texts = installed().event_texts
    return texts.get(key) or texts.get(kind)


def render(event: Event, seat_name: Callable[[int | None], str], card_name: Callable[[int], str]) -> str:
    """One line of text for ``event``; ``seat_name`` and ``card_name`` resolve ids."""
    card = card_name(event.card) if event.card is not None else ""
    key = f"{event.kind}:{event.where}"
    if key == "acquired:pile" and card[:1].lower() in "aeiou":   # English says "an" before a vowel
        key = "acquired:pile:an"
    template = _TEMPLATES.get(key) or _TEMPLATES.get(event.kind) or _plugin_template(key, event.kind)
    if template is None:   # a kind of event no installed plugin words: its name
        return f"{event.kind} {card}"
    text = _(template) if isinstance(template, str) else template(event.n)
    try:
        return text.format(
            who=seat_name(event.seat), card=card, n=event.n,
            faction=faction_name(event.where) if event.where in FACTIONS else event.where,
            where=(seat_name(int(event.where)) if event.kind in ("stole", "took_honor") else event.where.replace("_", " ")))
    except (KeyError, IndexError, ValueError, AttributeError):   # a translation's slip in a field: never a lost log
        return f"{event.kind} {card}"


SENTENCE_FIELDS = frozenset({"who", "card", "n", "faction", "where"})   # what :func:`render` fills in


def is_sentence(text: object) -> bool:
    """Whether ``text`` is an event sentence :func:`render` can fill: every field one of
    :data:`SENTENCE_FIELDS` (a plugin's ``{player}`` stopped every line of the log)."""
    if not isinstance(text, str):
        return False
    try:
        return all(field is None or field in SENTENCE_FIELDS for _text, field, _spec, _conv in Formatter().parse(text))
    except ValueError:   # an unmatched brace
        return False


_GAINS = {"gained_runes": runes, "gained_power": lambda n: _("{n} power").format(n=n),
          "gained_honor": lambda n: _("{n} honor").format(n=n)}


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
            total = ", ".join(said(gains[kind]) for kind, said in _GAINS.items() if gains[kind])
            who = seat_name(events[i].seat)
            out.append((events[i], _("{who} plays {cards}: {gains}.").format(who=who, cards=played, gains=total)
                        if total else _("{who} plays {cards}.").format(who=who, cards=played)))
            i = after
        else:
            out.append((events[i], render(events[i], seat_name, card_name)))
            i += 1
    return out

"""Bots as the core knows them: the base every bot builds on, and ``make_bot``, the one place
front ends get a bot from.

Which bots exist is up to the installed plugins (``asc_bots``): the built-in tiers come from
:mod:`ascension.plugins.bots`, and a third-party bot installs like any plugin and is offered in
``--bots`` and the desktop's seat menus. The registry is process-wide (bots are chosen before a
match exists), collected once with the installed plugins.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from . import rng, wording
from .plugins import BotKind, installed

if TYPE_CHECKING:
    from .cards import CardDef
    from .engine import Decision


class Bot:
    """A seat's player: it sees the redacted view and the pending decision, and answers with
    an option's index. Its RNG stream is derived from the match seed, its name and seat, so
    adding a bot never changes the deal."""
    name = "bot"
    tier = ""

    def __init__(self, defs: list[CardDef], seed: int, seat: int, **options):
        self.defs = defs            # card definitions are public knowledge
        self.rng = rng.derive(seed, f"{self.name}:{seat}")
        self.seat = seat
        self.options = options
        self._explain = ""
        self.seat_names: list[str] = []   # the players' names, to word its reasons for people (optional)

    def choose(self, view, decision: Decision) -> int:
        raise NotImplementedError

    def explain(self) -> str:
        """A short text about the last decision: why this move. It may be kept as a function,
        so that bots in a batch simulation never pay for text nobody reads."""
        return self._explain() if callable(self._explain) else self._explain

    def explanation(self) -> Callable[[], str]:
        """The reason for the last decision, to keep after the bot moves on (the text is worked
        out only when it is asked for)."""
        why = self._explain
        return why if callable(why) else (lambda: why)

    def describe(self, option: tuple, intent=None) -> str:
        names = self.seat_names
        return wording.describe_option(self.defs, option, intent,
                                       lambda s: names[s] if 0 <= s < len(names) else f"seat {s + 1}")


def bot_kinds() -> dict[str, BotKind]:
    """Every installed bot by the name ``--bots`` takes, in the order menus list them."""
    return installed().bots


def make_bot(kind: str, defs: list[CardDef], seed: int, seat: int, **options) -> Bot:
    """A bot of ``kind``; ``options`` (e.g. ``budget`` for ``hard``) go to bots that use them."""
    kinds = bot_kinds()
    try:
        factory = kinds[kind].factory
    except KeyError:
        raise ValueError(f"unknown bot '{kind}' (available: {', '.join(kinds)})") from None
    return factory(defs, seed, seat, **options)

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
from .i18n import _
from .plugins import BotKind, installed

if TYPE_CHECKING:
    from .cards import CardDef
    from .engine import Decision


class BotUnavailable(RuntimeError):
    """A bot that cannot start: a file it needs is damaged or missing (the message names it and
    says what to do). A game that has such a bot in a seat is sound; only the bot cannot play."""


class BotFailed(RuntimeError):
    """A bot's answer failed: its code raised, or it answered what is no option of the decision.
    ``bot`` names it (a plugin's bot among them), ``error`` says what went wrong."""

    def __init__(self, bot: str, error: str):
        super().__init__(_("the bot '{bot}' failed: {error}").format(bot=bot, error=error))
        self.bot, self.error = bot, error


def ask_bot(bot: "Bot", kind: str, view, decision) -> int:
    """``bot``'s answer to ``decision`` (a ``kind`` bot), checked: whatever goes wrong in its code,
    or an answer that is no option, is a :class:`BotFailed` naming it."""
    try:
        index = bot.choose(view, decision)
    except Exception as exc:
        raise BotFailed(kind, f"{type(exc).__name__}: {exc}") from exc
    return checked_answer(kind, index, decision)


def checked_answer(kind: str, index: object, decision) -> int:
    """A bot's answer, if it is an option of ``decision``; else a :class:`BotFailed` naming the bot."""
    if type(index) is not int or not 0 <= index < len(decision.options):   # (True is no index)
        raise BotFailed(kind, _("it answered {answer}, which is no option here (0..{last})").format(
            answer=repr(index)[:40], last=len(decision.options) - 1))
    return index


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
                                       lambda s: names[s] if 0 <= s < len(names) else _("seat {n}").format(n=s + 1))


class BotAdvice:
    """What a plugin's rules are worth to a bot (offered through ``asc_bot_advice``), in honor at
    the end of the game for the seat weighing them; the defaults say "nothing". A plugin
    overrides what its rules touch, so the bots weigh Renown, a villain's next cards and the
    like without naming them.

    ``sense`` is the bot's reading of a position for one seat: ``sense.game`` (a world the bot
    imagines, read like any state), ``sense.seat``, ``sense.turns_left`` (that seat's turns
    after this one, estimated), ``sense.effect_value(card_def, key)`` (honor the effect list
    ``key`` of a card brings, resolved once now), ``sense.acquire_value(card_def)`` and
    ``sense.defeat_value(card_def)`` (the bot's own worth of taking a card),
    ``sense.faction_share`` (faction → share of that seat's cards), ``sense.avg`` (honor one play
    of an average card of that seat's deck brings), ``sense.k`` (the policy's numbers, a
    ``Tuning`` with the match's ``tuning`` factors applied: a plugin may read its own there) and
    ``sense.memo`` (a dict kept as long as the reading, for the plugin's own sums)."""

    def take(self, sense, card: int) -> float:
        """Worth of ``sense.seat`` acquiring or defeating ``card`` from the center row, beyond
        the card itself (Renown on the Legendary Track)."""
        return 0.0

    def leave_row(self, sense, card: int) -> float:
        """Worth of ``card`` leaving the center row during ``sense.seat``'s turn, taken or
        banished (a card denied to a villain that would have taken it)."""
        return 0.0

    def rivals_future(self, sense) -> float:
        """Honor the plugin's rivals that are no seat (a solo villain) will still gain before
        the game ends, as ``sense.seat`` sees it (weighed with a deck's expected honor)."""
        return 0.0

    def turn_end(self, sense, pool: int, taken: set) -> float | None:
        """Worth of ``sense.seat`` ending its turn with ``pool`` honor left in the pool and the
        center-row cards ``taken`` gone, beyond the honor and cards themselves: who takes the
        next turn and whether it ends the game (a solo villain's turn). None: the plugin's rules
        make no difference to it."""
        return None

    def tuning(self) -> dict[str, float]:
        """Factors on the built-in medium policy's numbers (its ``Tuning``, by name) that the
        plugin's rules change: a solo villain that empties the honor pool faster shortens the
        turns left. Several plugins' factors multiply."""
        return {}

    def at_once(self, option: tuple) -> str | None:
        """Why a main-action ``option`` of the plugin's own kind is taken before anything else
        (it costs nothing and lapses: a Boon), or None."""
        return None

    def action(self, sense, option: tuple) -> tuple[float, str] | None:
        """Worth of a main-action ``option`` of the plugin's own kind that costs nothing (a free
        take with Legendary status), and why; None when it is not the plugin's."""
        return None

    def answer(self, sense, intent: dict, option: tuple) -> float | None:
        """Worth of ``option`` in an effect's question the plugin asks (``intent["verb"]`` is
        its own: in which faction to gain Renown); None when it is not the plugin's."""
        return None


def bot_kinds() -> dict[str, BotKind]:
    """Every installed bot by the name ``--bots`` takes, in the order menus list them."""
    return installed().bots


def make_bot(kind: str, defs: list[CardDef], seed: int, seat: int, **options) -> Bot:
    """A bot of ``kind``; ``options`` (e.g. ``budget`` for ``hard``) go to bots that use them."""
    kinds = bot_kinds()
    try:
        factory = kinds[kind].factory
    except KeyError:
        raise ValueError(_("unknown bot '{kind}' (available: {names})").format(kind=kind, names=", ".join(kinds))) from None
    return factory(defs, seed, seat, **options)

"""Effect verbs: the code behind card data.

A verb is a class with a pydantic ``Params`` model (``extra="forbid"``), a ``run`` that
resolves it, an optional ``answer`` for verbs that ask the player something, ``text`` that
renders what a player reads (through :mod:`.i18n`), and ``profile`` that says what it brings in
the bots' vocabulary (:class:`Feature`). Plugins add verbs through ``asc_register_verbs``.

The verb kit below holds what many verbs do, so that each verb is a few lines: ask or decide
automatically (:meth:`Verb.ask_or_auto`), go round the opponents in turn order
(:func:`each_opponent`), move a card between a player's zones with its event (:func:`move`),
the affordability rule (:func:`affordable`, :func:`pay`), hand a declined once-per-turn effect
back (:func:`unmark`), and the nested effects' text as message placeholders (:func:`nested`).
"""
from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterator

from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from .engine import Game, Frame


class Feature(IntEnum):
    """What an effect brings, in the words the bots value it in: a verb's :meth:`Verb.profile`
    adds amounts of these, and the bots weigh each by the situation (``plugins/bots/tiers.py``)."""
    RUNES = 0
    POWER = 1
    HONOR = 2
    DRAW = 3                # cards drawn (now, or with the next hand)
    MECHANA_RUNES = 4       # runes only for Mechana constructs
    DISCOUNT = 5            # runes off the next construct
    BANISH_OWN = 6          # thinning one's own deck (hand, discard pile)
    BANISH_CENTER = 7       # banishing from the center row
    COPY_HERO = 8           # repeating another hero's effect
    EXTRA_TURN = 9
    STEAL = 10              # a card from each opponent's hand
    ATTACK = 11             # harm to each opponent (constructs, cards in hand)
    POWER_PER_MECHANA = 12  # power for each Mechana construct one controls
    HONOR_PER_FACTION = 13  # honor for each faction among one's constructs
    DISCARD = 14            # cards one must discard
    UNKNOWN = 15            # something a bot has no words for: mildly useful


class Params(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class NoParams(Params):
    pass


class Verb:
    """Base class. ``shorthand`` names the field a bare scalar fills (``draw = 2``);
    ``sub_effects`` names fields holding nested effect lists (``then = [...]``)."""

    name: ClassVar[str]
    Params: ClassVar[type[Params]] = NoParams
    shorthand: ClassVar[str | None] = None
    asks: ClassVar[bool] = False   # may stop to ask a player something (set from ``answer``)
    may_idle: ClassVar[bool] = False   # may find nothing to do (set from ``can_act``)
    # What it does depends on what was played (or put into play, or gained) before it this turn:
    # "Play all" plays cards with such a step after the others, so that they count them.
    reads_turn: ClassVar[bool] = False

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.asks = cls.answer is not Verb.answer
        cls.may_idle = cls.can_act is not Verb.can_act
    sub_effects: ClassVar[tuple[str, ...]] = ()

    def run(self, game: "Game", frame: "Frame", p: Any) -> None:
        raise NotImplementedError

    def answer(self, game: "Game", frame: "Frame", p: Any, option: tuple, data: dict) -> None:
        raise NotImplementedError(f"verb {self.name} asks nothing")

    def can_act(self, game: "Game", seat: int, card: int, p: Any) -> bool:
        """Whether this step could change anything now, for ``seat`` resolving ``card``'s effect:
        a construct's ability none of whose steps can is not offered as a move (Reclamax with no
        Mechana construct in the Void to fetch). Verbs that may find nothing to do say so here."""
        return True

    def gives(self, p: Any) -> tuple[int, int, int] | None:
        """(runes, power, honor) when this step only gives resources: the engine then applies it
        at once instead of stacking it (a card's play effect that asks and triggers nothing)."""
        return None

    def text(self, p: Any, sub: dict[str, str]) -> str:
        """Card text for this step; ``sub`` holds the rendered text of nested effect lists."""
        return self.name

    def profile(self, p: Any, prof: Any, sub: Callable[[str], Any]) -> None:
        """Add what this step brings to the bots' profile ``prof``: amounts of :class:`Feature`
        in ``prof.vec``, a nested list's profile ``sub(field)`` with ``prof.add(profile, weight)``,
        choose-one groups in ``prof.alts``. A verb that says nothing is mildly useful."""
        prof.vec[Feature.UNKNOWN] += 1

    # ------------------------------------------------------------------ the verb kit
    def ask_or_auto(self, game: "Game", frame: "Frame", p: Any, intent: dict, options: list[tuple], *,
                    seat: int | None = None, data: dict | None = None, optional: bool = False,
                    kind: str = "choose_card") -> None:
        """Ask ``seat`` (the effect's player unless given) to choose one of ``options``, unless
        there is nothing to choose: no option does nothing, and a single option with no way out
        (``optional`` adds a "pass") is taken at once. ``intent`` says what the question means
        (``engine.Decision``); ``data`` (plain JSON) comes back to :meth:`answer`."""
        data = {} if data is None else data
        if not options:
            return
        if optional:
            options = options + [("pass",)]
        elif len(options) == 1:
            self.answer(game, frame, p, options[0], data)
            return
        game.ask(frame.seat if seat is None else seat, kind, intent, options, data)


class VerbRegistry:
    def __init__(self) -> None:
        self._verbs: dict[str, Verb] = {}
        self.fields: dict[str, str] = {}   # plugin-owned card fields holding effects -> label

    def add_field(self, name: str, label: str) -> None:
        """Let cards carry an effect list under ``name`` (shown as "<label>: ...")."""
        self.fields[name] = label

    def add(self, verb_cls: type[Verb]) -> None:
        name = verb_cls.name
        if name in self._verbs and type(self._verbs[name]) is not verb_cls:
            raise ValueError(f"verb {name!r} registered twice")
        self._verbs[name] = verb_cls()

    def get(self, name: str) -> Verb | None:
        return self._verbs.get(name)

    def names(self) -> list[str]:
        return sorted(self._verbs)


# ---------------------------------------------------------------------- the verb kit
def each_opponent(game: "Game", frame: "Frame", todo: list[int] | None = None) -> Iterator[tuple[int, dict]]:
    """The opponents an "each opponent" effect still has to reach, in turn order (team play spares
    a teammate: ``game.opponents``), each with the ``data`` to ask them with: ``{"seat": opponent,
    "todo": the opponents after them}``. A verb that asks one stops there; its ``answer`` goes on
    with ``data["todo"]`` (a saved game resumes in the middle of the round)."""
    todo = game.opponents(frame.seat) if todo is None else todo
    for i, opp in enumerate(todo):
        yield opp, {"seat": opp, "todo": todo[i + 1:]}


def move(game: "Game", seat: int, card: int, source: str, dest: str, event: str, where: str = "") -> None:
    """Move ``card`` between two of ``seat``'s zones ("hand", "discard", "deck": its end is the
    top, "constructs") and log ``event``, so that no card changes zone unseen."""
    me = game.players[seat]
    getattr(me, source).remove(card)
    getattr(me, dest).append(card)
    game.emit(event, seat, card, where=where)


def affordable(game: "Game", seat: int, card: int) -> bool:
    """Whether ``seat`` can pay ``card``'s cost now, by the engine's rule (``Game.can_take``):
    power for a monster, runes for the rest (Mechana-only runes and discounts counted)."""
    return game.can_take(seat, card)


def pay(game: "Game", seat: int, card: int) -> None:
    """Pay ``card``'s cost as the engine's own acquire and defeat do: power for a monster, runes
    for the rest (``Game.pay_runes``: Mechana-only runes first, the discount counted)."""
    d = game.card(card)
    if d.type == "monster":
        game.players[seat].power -= d.cost
    else:
        game.pay_runes(seat, card)


def used_mark(card: int, key: str) -> str:
    """How ``Player.used`` (saved with the game) notes that a card instance's once-per-turn
    ability or trigger ``key`` was used this turn."""
    return f"{card}:{key}"


def unmark(game: "Game", frame: "Frame") -> None:
    """Declining a once-per-turn effect is not using it: it stays available this turn (rulebook
    FAQ: such effects need not be used the moment their condition is met)."""
    used = game.players[frame.seat].used
    tag = used_mark(frame.card, frame.key)
    if tag in used:
        used.remove(tag)


def nested(sub: dict[str, str]) -> dict[str, str]:
    """The text of a step's nested effects as message placeholders: ``{then}`` as it reads alone,
    ``{then_lower}`` with a lower-case first letter (English goes on after a comma; another
    language may start a new sentence instead) and ``{then_bare}`` without its final full stop."""
    out = {}
    for field, text in sub.items():
        out[field] = text
        out[f"{field}_lower"] = text[:1].lower() + text[1:]
        out[f"{field}_bare"] = text.rstrip(".")
    return out

"""The runtime card definitions: what a loaded card is (:mod:`.cards` builds them from set files).

A module of its own so that the compiled build (scripts/build_compiled.py) can make them native
classes: the engine reads their fields thousands of times a game, and a native field is a read
from a C struct where a Python object's is a dictionary or descriptor lookup. Their text is
rendered by :mod:`.cards`, in the language current when it is read.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from . import i18n
from .verbs import Verb


def rendered(cache: list, render: Callable[[], str]) -> str:
    """``render()``, made once per choice of language (``cache``: [language generation, text])."""
    if cache[0] != i18n.generation():
        cache[:] = [i18n.generation(), render()]
    return cache[1]


def _no_text() -> list:
    return [None, ""]


@dataclass(frozen=True)
class Step:
    """A verb with its parameters; ``subs``: the steps of its nested effect lists by field
    (``then``), whose text the verb's sentence holds."""
    verb: Verb
    params: Any
    subs: tuple[tuple[str, tuple["Step", ...]], ...] = ()
    _text: list = field(default_factory=_no_text, compare=False, hash=False, repr=False)

    @property
    def text(self) -> str:
        """Card text of this step in the current language (the verb renders it)."""
        from .cards import sentence
        return rendered(self._text, lambda: self.verb.text(self.params, {k: sentence(v) for k, v in self.subs}))


@dataclass(frozen=True)
class Ability:
    key: str
    once_per_turn: bool
    requires_runes: int
    requires_faction: str | None
    requires_mechana: int
    steps: tuple[Step, ...]
    requires_played: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """What the ability does, with when it may be used, in the current language."""
        from .cards import ability_text
        return ability_text(self)


@dataclass(frozen=True)
class Trigger:
    key: str
    on: str
    once_per_turn: bool
    type: str | None
    faction: str | None
    from_center: bool
    other: bool
    only_if_took_nothing: bool
    first: bool = False   # only the first matching hero played (monster defeated) this turn sets it off


@dataclass(frozen=True)
class CardDef:
    id: str            # "<set>.<card>", unique across sets
    set_id: str
    name: str
    type: str
    factions: tuple[str, ...]
    cost: int
    honor: int
    role: str          # "center" | "always" | "starting" | "legend"
    count: int
    effects: dict[str, tuple[Step, ...]]
    abilities: tuple[Ability, ...]
    triggers: tuple[Trigger, ...]
    unbanishable: bool
    permanent: bool
    keywords: frozenset[str]
    note: str = ""
    simple: bool = False            # playing it asks nothing: "play all" may play it
    plays_late: bool = False        # what it does counts cards played before it: "play all" plays it last
    play_gives: tuple[int, int, int] | None = None  # its play effect is one plain gain (runes, power, honor)
    mechana_construct: bool = False  # printed Mechana construct (Mechana-only runes pay for it)
    estimated: tuple[str, ...] = ()  # values derived by a documented rule, not printed (UIs mark them)
    labels: tuple[tuple[str, str], ...] = ()  # plugin-owned effect fields the card has: (field, label)
    _text: list = field(default_factory=_no_text, compare=False, hash=False, repr=False)

    @property
    def text(self) -> str:
        """The card's text in the current language, rendered from its effects (see ``card_text``)."""
        from .cards import card_text
        return rendered(self._text, lambda: card_text(self))

    @property
    def is_monster(self) -> bool:
        return self.type == "monster"

    @property
    def priced(self) -> bool:
        """Whether the card is ever acquired or defeated, so that its cost means something:
        starting cards and Legendary Characters have none."""
        return self.role in ("center", "always")

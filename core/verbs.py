"""Effect verbs: the code behind card data.

A verb is a class with a pydantic ``Params`` model (``extra="forbid"``), a ``run`` that
resolves it, an optional ``answer`` for verbs that ask the player something, and ``text``
that renders what a player reads. Plugins add verbs through ``asc_register_verbs``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from .engine import Game, Frame


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

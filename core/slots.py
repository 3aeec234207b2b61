"""Named parts of the game state that rules keep beside the core's own (``game.ext[key]``).

Each part is declared once — by the core for what every solo villain shares, by a plugin
(``asc_state_slots``) for its own — with the shape of its JSON as a type pydantic checks. The
state itself stays plain JSON (a clone copies it, a save writes it as it is); the declaration is
what a saved game is checked against when it is loaded (a part nobody declares is refused by
name, a damaged one with the path to the bad value), and what a reader of the state can rely on.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Callable, Literal

from pydantic import AfterValidator, Field, StrictStr, TypeAdapter, ValidationError

from .names import check_visible

if TYPE_CHECKING:
    from .engine import Game

from .i18n import _, validation_message


@dataclass(frozen=True)
class StateSlot:
    """``game.ext[key]`` holds JSON of type ``shape`` (anything pydantic validates: ``int``,
    ``list[int]``, a ``TypedDict`` declared with ``extra="forbid"``). A shape cannot say what the
    value must mean in its game, which a hostile or damaged save can get wrong while keeping the
    shape (a card of another kind, a seat not at the table): ``meaning(game, value)`` says what is
    wrong there, located, once the loaded game is built. ``required``: a saved game of a match
    with this rule always has it (missing, it would start again from nothing, silently).
    ``upgrade(value)``: a value saved by an earlier version of the rule, in this version's shape
    (before it is checked; whatever it cannot read, it returns as it is, for the check to report)."""
    key: str
    shape: Any
    doc: str
    meaning: Callable[["Game", Any], list[str]] | None = None
    required: bool = False
    upgrade: Callable[[Any], Any] | None = None
    _adapter: list = field(default_factory=list, repr=False, compare=False)

    def problem(self, value: Any) -> str | None:
        """What is wrong with ``value`` as this part of the state, located ("renown.0.void: …")."""
        if not self._adapter:
            self._adapter.append(TypeAdapter(self.shape))
        try:
            self._adapter[0].validate_python(value, strict=True)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = "".join(f"[{x}]" if isinstance(x, int) else f".{x}" for x in err["loc"])
            return f"{self.key}{where}: {validation_message(err)}"
        return None


def _winner_meaning(game: "Game", seat: Any) -> list[str]:
    solo = len(game.players) == 1
    if not (-1 if solo else 0) <= seat < len(game.players):
        return [_("state.ext.winner: {seat} is not a seat").format(seat=seat)]
    if not game.over:
        return [_("state.ext.winner: a winner is named in a game that is not over")]
    return []


VILLAIN_KEYS = ("villain_name", "villain_cards", "villain_honor")
# The solo villains' common ground, which the engine's scoring and invariants read.
CORE_SLOTS = (
    StateSlot("villain_name", Annotated[StrictStr, Field(max_length=200), AfterValidator(check_visible)],
              "the solo villain's name as written (translated where shown)"),
    StateSlot("villain_cards", list[int], "the cards the villain took, in the order taken"),
    StateSlot("villain_honor", int, "honor tokens the villain took from the pool"),
    StateSlot("winner", int, "the seat a card made the winner outright (Arha Emissary)", meaning=_winner_meaning),
    StateSlot("pool_emptied", Literal[True], "the last honor token was taken from the pool: the game ends with the "
              "round, whatever is returned to the pool later"),
)


def _villain_problems(game: "Game") -> list[str]:
    """A solo villain's three parts: all of them in a game of one seat (a solo game always has its
    villain), none in a game of several."""
    if len(game.players) == 1:
        return [_("state.ext.{key}: missing (a solo game keeps its villain's part there)").format(key=key)
                for key in VILLAIN_KEYS if key not in game.ext]
    return [_("state.ext.{key}: a solo villain's part, in a game of {n} players").format(key=key, n=len(game.players))
            for key in VILLAIN_KEYS if key in game.ext]


def meaning_problems(slots: list[StateSlot], game: "Game") -> list[str]:
    """What the parts of a loaded game's ``ext`` mean that they must not (each slot's
    ``meaning``), and the solo villain's parts where the game has none or lacks them."""
    out = _villain_problems(game)
    for slot in slots:
        if slot.meaning is not None and slot.key in game.ext:
            out += slot.meaning(game, game.ext[slot.key])
    return out


def upgraded(slots: list[StateSlot], ext: dict) -> dict:
    """A saved game's ``ext`` with each part an earlier version saved in this version's shape."""
    upgrades = {s.key: s.upgrade for s in slots if s.upgrade is not None}
    return {key: upgrades[key](value) if key in upgrades else value for key, value in ext.items()}


def ext_problems(slots: list[StateSlot], ext: dict) -> list[str]:
    """Each part of a saved game's ``ext`` that no rule of the match declares, that does not have
    its declared shape, or that a rule requires and is missing."""
    known = {s.key: s for s in slots}
    out = [_("state.ext.{key}: missing (this match's rules keep a part of the game called '{key}')").format(key=s.key)
           for s in slots if s.required and s.key not in ext]
    for key, value in ext.items():
        slot = known.get(key)
        if slot is None:
            out.append(_("state.ext.{key}: no rule of this match keeps a part of the game called '{key}'").format(key=key))
        elif (problem := slot.problem(value)) is not None:
            out.append(f"state.ext.{problem}")
    return out

"""Named parts of the game state that rules keep beside the core's own (``game.ext[key]``).

Each part is declared once — by the core for what every solo villain shares, by a plugin
(``asc_state_slots``) for its own — with the shape of its JSON as a type pydantic checks. The
state itself stays plain JSON (a clone copies it, a save writes it as it is); the declaration is
what a saved game is checked against when it is loaded (a part nobody declares is refused by
name, a damaged one with the path to the bad value), and what a reader of the state can rely on.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import TypeAdapter, ValidationError

from .i18n import _, validation_message


@dataclass(frozen=True)
class StateSlot:
    """``game.ext[key]`` holds JSON of type ``shape`` (anything pydantic validates: ``int``,
    ``list[int]``, a ``TypedDict`` declared with ``extra="forbid"``)."""
    key: str
    shape: Any
    doc: str
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


# The solo villains' common ground, which the engine's scoring and invariants read.
CORE_SLOTS = (
    StateSlot("villain_name", str, "the solo villain's name as written (translated where shown)"),
    StateSlot("villain_cards", list[int], "the cards the villain took, in the order taken"),
    StateSlot("villain_honor", int, "honor tokens the villain took from the pool"),
    StateSlot("winner", int, "the seat a card made the winner outright (Arha Emissary)"),
)


def ext_problems(slots: list[StateSlot], ext: dict) -> list[str]:
    """Each part of a saved game's ``ext`` that no rule of the match declares, or that does not
    have its declared shape."""
    known = {s.key: s for s in slots}
    out = []
    for key, value in ext.items():
        slot = known.get(key)
        if slot is None:
            out.append(_("state.ext.{key}: no rule of this match keeps a part of the game called '{key}'").format(key=key))
        elif (problem := slot.problem(value)) is not None:
            out.append(f"state.ext.{problem}")
    return out

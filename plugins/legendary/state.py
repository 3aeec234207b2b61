"""The shape of the Legendary Track's state, ``game.ext["legendary"]`` (described in :mod:`.track`),
which a saved game's is checked against. A module of its own, not compiled: pydantic reads these
TypedDicts, which mypyc would turn into ``typing.TypedDict`` (pydantic wants
``typing_extensions``' before Python 3.12)."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, ConfigDict, Field, StrictInt, StrictStr, with_config
from typing_extensions import TypedDict

from ascension.core.cards import FACTIONS
from ascension.core.slots import StateSlot

from .track import LEGEND

Faction = Literal[FACTIONS]   # type: ignore[valid-type]
Seat = Annotated[str, Field(pattern=r"^-?[0-9]+$")]
# A Unite-Emissary waiting for another Emissary: [card, its definition, the effect to resolve then]
# (a list in JSON and in the engine; read as a tuple to check each place's type)
Waiting = Annotated[tuple[StrictInt, StrictStr, StrictStr], BeforeValidator(lambda v: tuple(v) if isinstance(v, list) else v)]


@with_config(ConfigDict(extra="forbid"))
class TurnFacts(TypedDict, total=False):
    boons: dict[Seat, list[Faction]]
    used: dict[Seat, list[Faction]]
    emissaries: dict[Seat, list[int]]
    waiting: dict[Seat, list[Waiting]]
    touched: dict[Seat, list[Faction]]
    echo: dict[Seat, Annotated[int, Field(ge=0)]]


@with_config(ConfigDict(extra="forbid"))
class TrackState(TypedDict):
    """The shape of ``game.ext["legendary"]`` (see :mod:`.track`)."""
    characters: dict[Faction, int]
    renown: dict[Seat, dict[Faction, Annotated[int, Field(ge=0, le=LEGEND)]]]
    turn: TurnFacts


SLOT = StateSlot("legendary", TrackState, "the Legendary Track: characters, Renown, this turn's Boons and facts")

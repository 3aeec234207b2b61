"""The shape of the Legendary Track's state, ``game.ext["legendary"]`` (described in :mod:`.track`),
which a saved game's is checked against. A module of its own, not compiled: pydantic reads these
TypedDicts, which mypyc would turn into ``typing.TypedDict`` (pydantic wants
``typing_extensions``' before Python 3.12)."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, ConfigDict, Field, StrictInt, StrictStr, with_config
from typing_extensions import TypedDict

from ascension.core.cards import FACTIONS
from ascension.core.slots import StateSlot

from ascension.core.i18n import _
from ascension.core.wording import faction_name

from .track import LEGEND, MILESTONES, legendary_factions

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
    echo: dict[Seat, Annotated[int, Field(ge=0, le=LEGEND)]]   # (a repeat per Renown at most)


@with_config(ConfigDict(extra="forbid"))
class TrackState(TypedDict):
    """The shape of ``game.ext["legendary"]`` (see :mod:`.track`)."""
    characters: dict[Faction, int]
    renown: dict[Seat, dict[Faction, Annotated[int, Field(ge=0, le=LEGEND)]]]
    status: dict[Seat, list[Faction]]
    turn: TurnFacts


def track_problems(game, t: TrackState) -> list[str]:
    """What a loaded track says that its game contradicts: characters that are not the match's
    Legendary Characters, Renown of seats not at the table or of too few factions, more Boons than
    milestones reached, Legendary status other than the Renown gives, Emissaries and waiting
    Unite-Emissaries that name other cards or effects."""
    defs, n, seats = game.ctx.defs, len(game.ctx.defs), len(game.players)
    where = "state.ext.legendary"
    out = []

    def a_card(place: str, card: int) -> bool:
        if 0 <= card < n:
            return True
        out.append(_("{where}: {value} is not a card of this match (card ids are whole numbers 0..{last})").format(
            where=place, value=card, last=n - 1))
        return False

    def a_seat(place: str, key: str) -> int | None:
        seat = int(key)
        if str(seat) == key and (-1 if seats == 1 else 0) <= seat < seats:   # (-1: a solo villain, the Cult)
            return seat
        out.append(_("{where}: {seat} is not a seat").format(where=place, seat=key))
        return None

    dealt = {defs[c].factions[0]: c for c in game.aside if defs[c].type == "legend"}   # the match's characters
    for faction, card in t["characters"].items():
        place = f"{where}.characters.{faction}"
        if a_card(place, card) and dealt.get(faction) != card:
            out.append(_("{where}: {name} (card {card}) is not a Legendary Character of the {faction} set aside for "
                         "this match").format(where=place, name=defs[card].name, card=card, faction=faction_name(faction)))
    out += [_("{where}: no Legendary Character of the {faction}, though one is set aside for this match").format(
        where=f"{where}.characters", faction=faction_name(f)) for f in dealt if f not in t["characters"]]
    rows = t["renown"]
    for key, row in rows.items():
        if a_seat(f"{where}.renown", key) is not None and len(row) != 4:
            out.append(_("{where}: expected the Renown of all four factions").format(where=f"{where}.renown.{key}"))
    out += [_("{where}: no Renown for seat {seat}").format(where=f"{where}.renown", seat=seat)
            for seat in range(seats) if str(seat) not in rows]
    status = t["status"]
    for key in status:
        if a_seat(f"{where}.status", key) is not None and key not in rows:
            out.append(_("{where}: Legendary status of a seat without Renown").format(where=f"{where}.status.{key}"))
    for key, row in rows.items():
        if len(row) == 4:   # (a row of too few factions is reported above)
            held = status.get(key, [])
            reached = legendary_factions(row) if key != "-1" else []   # (a solo villain has no status)
            if held != reached:   # (in the order of FACTIONS, as the offers come: a replay gives the same)
                out.append(_("{where}: Legendary status in {held}, but the Renown says {reached}").format(
                    where=f"{where}.status.{key}", held=_faction_list(held), reached=_faction_list(reached)))
    turn = t["turn"]
    for key, earned in turn.get("boons", {}).items():
        place = f"{where}.turn.boons.{key}"
        seat = a_seat(place, key)
        if seat is None or seat < 0 or key not in rows:
            continue
        for faction in set(earned):
            reached = sum(rows[key].get(faction, 0) >= m for m in MILESTONES)
            if faction not in t["characters"]:
                out.append(_("{where}: a Boon of the {faction}, which has no Legendary Character in this match").format(
                    where=place, faction=faction_name(faction)))
            elif earned.count(faction) > reached:
                out.append(_("{where}: {n} Boons of the {faction}, more than the milestones reached ({reached})").format(
                    where=place, n=earned.count(faction), faction=faction_name(faction), reached=reached))
    for key, cards in turn.get("emissaries", {}).items():
        place = f"{where}.turn.emissaries.{key}"
        if a_seat(place, key) is not None:
            for card in cards:
                if a_card(place, card) and "emissary" not in defs[card].keywords:
                    out.append(_("{where}: {name} (card {card}) is not an Emissary").format(
                        where=place, name=defs[card].name, card=card))
    for key, waiting in turn.get("waiting", {}).items():
        place = f"{where}.turn.waiting.{key}"
        if a_seat(place, key) is None:
            continue
        for card, defn, effect in waiting:
            if not a_card(place, card):
                continue
            if defs[card].id != defn:
                out.append(_("{where}: card {card} is not a '{kind}' of this match").format(where=place, card=card, kind=defn))
            elif effect not in defs[card].effects:
                out.append(_("{where}: '{kind}' has no effect '{effect}'").format(where=place, kind=defn, effect=effect))
    for key in (*turn.get("used", {}), *turn.get("touched", {}), *turn.get("echo", {})):
        a_seat(f"{where}.turn", key)
    return out


def _faction_list(factions: list[str]) -> str:
    return ", ".join(faction_name(f) for f in factions) if factions else _("no faction")


def with_status(value: Any) -> Any:
    """A track saved before Legendary status was kept beside the Renown (until 4 December 2026),
    with the status its Renown gives; anything else as it is (the check reports what is wrong)."""
    if not isinstance(value, dict) or "status" in value or not isinstance(value.get("renown"), dict):
        return value
    status = {}
    for key, row in value["renown"].items():
        if key != "-1" and isinstance(row, dict) and all(type(row.get(f)) is int for f in FACTIONS):
            reached = legendary_factions(row)
            if reached:
                status[key] = reached
    return {**value, "status": status}


SLOT = StateSlot("legendary", TrackState,
                 "the Legendary Track: characters, Renown, Legendary status, this turn's Boons and facts",
                 meaning=track_problems, required=True, upgrade=with_status)

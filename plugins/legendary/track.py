"""The Legendary Track's state and its one rule of motion, ``gain_renown``.

Everything lives in ``game.ext["legendary"]`` as plain JSON (seats are string keys, ``"-1"`` is
a solo villain such as the Cult)::

    {"characters": {"enlightened": 812, ...},        # faction -> Legendary Character (instance in aside)
     "renown":     {"0": {"enlightened": 0, ...}},    # 0..12 per seat and faction
     "status":     {"0": ["void"]},                   # Legendary status: the factions at 12 (players only)
     "turn": {                                         # facts of the current turn, cleared at its end
        "boons":      {"0": ["void", "void"]},         # Boons earned and not used yet (one per milestone)
        "used":       {"0": ["mechana"]},              # Legendary status used this turn, per faction
        "emissaries": {"0": [17, 40]},                 # Emissary heroes played this turn
        "waiting":    {"0": [17]},                     # ... whose Unite-Emissary waits for another one
        "touched":    {"0": ["lifebound"]},            # factions of cards played or acquired this turn
        "echo":       {"0": 1}}}                       # Raiyna, Riftwalker: rewards to repeat

Legendary status follows from the Renown (a player has it in a faction at 12) and is kept beside
it, set by the one move that reaches 12 (:func:`gain_renown`, or :func:`place_marker` for a
scenario): every main decision asks who has it, and a look at one list is what makes that cheap.
A loaded track must agree with itself (:func:`.state.track_problems`); one saved before the status
was kept has it worked out from its Renown (:func:`.state.with_status`). The shape a saved game's
track is checked against is :data:`.state.SLOT`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ascension.core.cards import FACTIONS

if TYPE_CHECKING:   # compiled, these functions read the game natively
    from ascension.core.engine import Game

MILESTONES: Final = (3, 6, 9)
_NO_RENOWN: Final = {f: 0 for f in FACTIONS}   # a seat's row before its first Renown (copied)
LEGEND: Final = 12
SEAT_KEYS: Final = tuple(str(s) for s in range(-1, 9))   # "-1" (a solo villain), "0" .. "8"


def seat_key(seat: int) -> str:
    """``seat``'s key in the track's tables, one string made once per seat: the hooks asked at every
    decision would otherwise build and hash a new one each time."""
    return SEAT_KEYS[seat + 1] if -1 <= seat <= 8 else str(seat)


def track(game: Game) -> dict[str, Any]:
    t: dict[str, Any] | None = game.ext.get("legendary")
    if t is None:
        chars = {game.card(c).factions[0]: c for c in game.aside if game.card(c).type == "legend"}
        t = game.ext["legendary"] = {
            "characters": {f: chars[f] for f in FACTIONS if f in chars},
            "renown": {seat_key(s): _NO_RENOWN.copy() for s in range(len(game.players))},
            "status": {},
            "turn": {},
        }
    return t


def board(game) -> dict | None:
    """The track as a display reads it, a copy that leaves the state untouched; None when the game
    has no Legendary Track. Seats are ints (-1: a solo villain)::

        {"characters": {faction: card},            # the Legendary Character of each faction
         "boon_text": {faction: "Gain 2 power."},  # what its Boon does
         "renown": {seat: {faction: 0..12}},
         "boons": {seat: [faction, ...]}}          # earned this turn, not used yet (one per milestone)
    """
    t = game.ext.get("legendary") if game.ext else None
    if t is None:
        return None
    return {"characters": dict(t["characters"]),
            "boon_text": {f: boon_text(game.card(c)) for f, c in t["characters"].items()},
            "renown": {int(s): dict(row) for s, row in t["renown"].items()},
            "boons": {int(s): list(fs) for s, fs in t["turn"].get("boons", {}).items()}}


def boon_text(character) -> str:
    """The words of a Legendary Character's Boon, rendered from its card data."""
    return " ".join(step.text for step in character.effects.get("boon", ()))


def renown(game: Game, seat: int) -> dict[str, int]:
    rows: dict[str, dict[str, int]] = (game.ext.get("legendary") or track(game))["renown"]   # (asked at every Renown)
    key = seat_key(seat)
    row = rows.get(key)
    if row is None:
        row = rows[key] = _NO_RENOWN.copy()
    return row


def turn_list(game: Game, key: str, seat: int) -> list:
    """A per-turn list of ``seat`` (created empty)."""
    lists: dict[str, list] = track(game)["turn"].setdefault(key, {})
    return lists.setdefault(seat_key(seat), [])


def is_legend(game: Game, seat: int, faction: str) -> bool:
    status: dict[str, list[str]] = track(game)["status"]
    return faction in status.get(seat_key(seat), ())


def legendary_factions(row: dict[str, int]) -> list[str]:
    """The factions of a Renown row at the end of the track, in the order of ``FACTIONS``."""
    return [f for f in FACTIONS if row[f] >= LEGEND]


def place_marker(game: Game, seat: int, faction: str, space: int) -> None:
    """Put ``seat``'s marker on ``space`` of ``faction``'s path, as a scenario or a tool sets a
    game up: no Boon, no event, and Legendary status as the space says."""
    row = renown(game, seat)
    row[faction] = space
    if seat >= 0:
        _keep_status(game, seat, row)


def _keep_status(game: Game, seat: int, row: dict[str, int]) -> None:
    status: dict[str, list[str]] = track(game)["status"]
    factions = legendary_factions(row)
    if factions:
        status[seat_key(seat)] = factions
    else:
        status.pop(seat_key(seat), None)
    game.extra_actions_changed()   # (free takes to offer, or no longer)


def gain_renown(game: Game, seat: int, faction: str, n: int = 1) -> list[int]:
    """Move ``seat``'s marker ``n`` spaces up ``faction``'s path (never beyond 12). Every milestone
    it reaches or passes earns that faction's Boon (players only), reaching 12 gives Legendary
    status. Returns the milestones reached, for the Cult's honor."""
    row = renown(game, seat)
    old = row[faction]
    new = min(LEGEND, old + n)
    if new == old:  # FAQ: Renown beyond the end of the track has no effect
        return []
    row[faction] = new
    game.emit("renown", seat, n=new - old, where=faction)
    # (most moves reach none: no multiple of 3 passed, or past the last milestone)
    reached = [] if old // 3 == new // 3 or old >= MILESTONES[-1] else [m for m in MILESTONES if old < m <= new]
    if seat >= 0 and reached:   # (the characters are looked up only for a Boon)
        characters: dict[str, int] = track(game)["characters"]
        character = characters.get(faction)
        if character is not None:
            for m in reached:
                turn_list(game, "boons", seat).append(faction)
                game.emit("boon_earned", seat, character, n=m, where=faction)
            game.extra_actions_changed()   # (a Boon to offer)
    if seat >= 0 and new == LEGEND:
        _keep_status(game, seat, row)
        game.emit("legendary_status", seat, where=faction)
    return reached


def card_renown(game: Game, seat: int, card: int) -> list[int]:
    """The Renown for taking ``card`` from the center row: 1 in each of its factions."""
    reached: list[int] = []
    for f in game.card(card).factions:
        got = gain_renown(game, seat, f)
        if got:   # (most take none: no list to join)
            reached += got
    return reached


READS_TOUCHED: Final = "if_played_or_acquired"   # the verb of the Remnants, the one reader of "touched"


def touched(game: Game, seat: int, card: int) -> None:
    """Remember the factions of a card ``seat`` played or acquired this turn, in a match with
    Remnants (the verb ``READS_TOUCHED``); other matches keep nothing."""
    if READS_TOUCHED not in game.ctx.verbs:
        return
    seen = turn_list(game, "touched", seat)
    for f in game.card(card).factions:
        if f not in seen:
            seen.append(f)

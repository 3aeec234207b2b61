"""Setting up exact situations (tests, screenshots, tutorials) and the strict scripted agent.

``arrange`` moves named cards into zones while keeping every card of the match somewhere
(cards are never created or lost). ``script`` answers decisions from a list of option labels
and fails on any decision the script did not foresee and on answers left unused.
"""
from __future__ import annotations

from .engine import Game, ROW_SIZE

ZONES = ("hand", "deck", "discard", "played", "constructs")


class ScriptError(AssertionError):
    """The game asked something the script did not foresee (or the script had answers left)."""


def _called(game: Game, card: int, name: str) -> bool:
    """Whether ``card`` is the one meant by ``name``: its name, or its id ("cotg.mystic") in a mix."""
    d = game.card(card)
    return name in (d.name, d.id)


def _last_in_center_deck(game: Game, name: str, depth: int | None = None) -> int:
    """Index of the topmost card called ``name`` among the center deck's bottom ``depth`` cards."""
    deck = game.center_deck if depth is None else game.center_deck[:depth]
    return max(i for i, c in enumerate(deck) if _called(game, c, name))


def _pull(game: Game, name: str, seat: int) -> int:
    """Take one instance of the card called ``name`` (or with that id: "cotg.mystic") out of wherever it is idle."""
    places = [game.center_deck, *(game.piles.values()), game.players[seat].deck,
              game.players[seat].discard, game.void, game.box]
    places += [p.deck for i, p in enumerate(game.players) if i != seat]
    for place in places:
        for i in range(len(place) - 1, -1, -1):
            if _called(game, place[i], name):
                return place.pop(i)
    raise KeyError(f"no idle card named {name!r} is left in this match")


def _stash(game: Game, seat: int, cards: list[int]) -> None:
    """Put cards leaving a player zone somewhere idle: center cards to the bottom of the center
    deck, always-available cards to their pile, the player's starting cards to the deck bottom."""
    for c in cards:
        d = game.card(c)
        if d.role == "center":
            game.center_deck.insert(0, c)
        elif d.role == "always":
            game.piles[d.id].append(c)
        else:
            game.players[seat].deck.insert(0, c)


def arrange(game: Game, seat: int = 0, **zones: list[str]) -> Game:
    """Set ``seat``'s zones to exactly the named cards. ``deck`` is listed top card first; the
    player's starting cards it displaces stay below them (cards are never lost)."""
    p = game.players[seat]
    for zone, names in zones.items():
        if zone not in ZONES:
            raise ValueError(f"unknown zone {zone!r} (use {', '.join(ZONES)})")
        old, current = getattr(p, zone), []
        setattr(p, zone, current)
        _stash(game, seat, old)
        cards = [_pull(game, n, seat) for n in names]
        current.extend(reversed(cards) if zone == "deck" else cards)
    game.edited()
    return game


def arrange_center(game: Game, names: list[str]) -> Game:
    """Set the center row, left to right; unnamed slots keep their cards."""
    if len(names) > ROW_SIZE:
        raise ValueError(f"the center row has {ROW_SIZE} slots")
    for slot, name in enumerate(names):
        old = game.center_row[slot]
        game.center_row[slot] = None
        if old is not None:
            game.center_deck.insert(0, old)
        game.center_row[slot] = _pull(game, name, game.current)
    game.edited()
    return game


def set_row(game: Game, names: list[str]) -> Game:
    """Set the whole center row, left to right: the old row goes to the center deck's bottom,
    the named cards fill the first slots and the center deck's top cards the others."""
    for i, c in enumerate(game.center_row):
        if c is not None:
            game.center_deck.insert(0, c)
            game.center_row[i] = None
    arrange_center(game, names)
    for i in range(len(names), len(game.center_row)):
        game.center_row[i] = game.center_deck.pop()
    return game


def empty_center_row(game: Game) -> Game:
    """Put the center row back at the bottom of the center deck, so that any card, even a single
    copy, can then be arranged anywhere (``arrange_center``)."""
    for slot, card in enumerate(game.center_row):
        if card is not None:
            game.center_deck.insert(0, card)
        game.center_row[slot] = None
    game.edited()
    return game


def stack_center_deck(game: Game, top: list[str]) -> Game:
    """Put the named center-deck cards on top of the center deck, first name on top (a name may
    repeat: each copy is another card)."""
    for placed, name in enumerate(reversed(top)):
        i = _last_in_center_deck(game, name, len(game.center_deck) - placed)   # not a card placed already
        game.center_deck.append(game.center_deck.pop(i))
    game.edited()
    return game


def to_void(game: Game, *cards: str) -> Game:
    """Move the named cards from the center deck into the Void."""
    for name in cards:
        i = _last_in_center_deck(game, name)
        game.void.append(game.center_deck.pop(i))
    game.edited()
    return game


def set_resources(game: Game, seat: int = 0, runes: int = 0, power: int = 0) -> Game:
    p = game.players[seat]
    p.runes, p.power = runes, power
    game.edited()
    return game


def _matches(label: str, text: str) -> bool:
    return label == text or label.startswith(text + " (") or label.startswith(text + ":")


def script(game: Game, answers: list, finish: bool = True) -> Game:
    """Answer decisions in order. An entry is a label (``"Play Mystic"``, ``"Apprentice (hand)"``,
    ``"Yes"``) or ``(seat, label)`` to also check who decides. With ``finish`` the script must
    leave the game at a main action (no effect half-resolved)."""
    for step, entry in enumerate(answers):
        seat, text = entry if isinstance(entry, tuple) else (None, entry)
        dec = game.decision()
        if dec is None:
            raise ScriptError(f"step {step}: the game is over but the script says {text!r}")
        labels = [game.label(o) for o in dec.options]
        hits = [i for i, label in enumerate(labels) if _matches(label, text)]
        if not hits:
            raise ScriptError(f"step {step}: {text!r} is not an option of {dec.prompt!r} "
                              f"(seat {dec.seat}): {labels}")
        if seat is not None and seat != dec.seat:
            raise ScriptError(f"step {step}: expected seat {seat} to decide {dec.prompt!r}, not seat {dec.seat}")
        game.apply(hits[0])
    dec = game.decision()
    if finish and dec is not None and dec.kind != "action":
        labels = [game.label(o) for o in dec.options]
        raise ScriptError(f"unforeseen decision {dec.prompt!r} (seat {dec.seat}): {labels}")
    return game


def names(game: Game, cards: list[int | None]) -> list[str | None]:
    return [game.name_of(c) if c is not None else None for c in cards]


def hand(game: Game, seat: int = 0) -> list[str]:
    """The names of the cards in ``seat``'s hand, sorted."""
    return sorted(names(game, game.players[seat].hand))


def labels(game: Game) -> list[str]:
    """The pending decision's options, as a player reads them."""
    return [game.label(o) for o in game.decision().options]


def end_round(game: Game) -> Game:
    """In a 2-player game at seat 0's main action: both seats end their turn, seat 0 acts again."""
    script(game, [(0, "End turn"), (1, "End turn")])
    assert game.current == 0
    return game

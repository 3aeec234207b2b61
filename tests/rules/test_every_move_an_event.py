"""Every movement of a card is an event: the log, the replay viewer and per-card statistics see
every move. Seeded games of every set mix and variant are walked with random answers; from the
first decision on, the zones are rebuilt from the events alone and must equal the real zones at
every decision."""
from __future__ import annotations

import random

import pytest

from ascension.core.match import new_game

PLAYER_ZONES = ("deck", "hand", "discard", "played", "constructs", "kept")


def real_places(game) -> dict[int, tuple]:
    """Where each card of the match is, as (zone, seat or pile)."""
    where = {}
    for seat, p in enumerate(game.players):
        for zone in PLAYER_ZONES:
            for c in getattr(p, zone):
                where[c] = (zone, seat)
    for zone in ("center_deck", "center_row", "void", "box", "aside"):
        for c in getattr(game, zone):
            if c is not None:
                where[c] = (zone, None)
    for key, pile in game.piles.items():
        for c in pile:
            where[c] = ("pile", key)
    for c in game.ext.get("villain_cards", []):
        where[c] = ("villain", None)
    return where


def put_away(game, card) -> tuple:
    """Where a banished card goes, by its role (the rules' own ``Game.put_away``)."""
    d = game.card(card)
    return {"starting": ("box", None), "always": ("pile", d.id)}.get(d.role, ("void", None))


def move(game, places: dict, e) -> None:
    """What one event says happened to the cards."""
    k, seat, card, where = e.kind, e.seat, e.card, e.where
    every = lambda zone: [c for c, at in places.items() if at == zone]   # noqa: E731
    if k == "played":
        places[card] = ("constructs" if game.card(card).type == "construct" else "played", seat)
    elif k == "acquired":
        places[card] = ("discard", seat)
    elif k == "placed":
        places[card] = (where, seat)
    elif k in ("drew", "drew_hand", "stole", "returned_to_hand"):
        places[card] = ("hand", seat)
    elif k in ("discarded", "destroyed"):
        places[card] = ("discard", seat)
    elif k == "defeated":
        if where == "center_row":
            joins = seat >= 0 and any("defeated_monsters_join" in game.card(c).keywords
                                      for c in every(("kept", seat)))
            places[card] = ("discard", seat) if joins else ("void", None)
    elif k == "banished":
        places[card] = ("void", None) if where == "center_row" else put_away(game, card)
    elif k == "shuffled":
        for c in every(("discard", seat)):
            places[c] = ("deck", seat)
    elif k == "turn_ended":
        for c in every(("hand", seat)) + every(("played", seat)):
            places[c] = ("discard", seat)
    elif k == "center_dealt":
        places[card] = ("center_row", None)
    elif k == "void_reshuffled":
        for c in every(("void", None)):
            places[c] = ("center_deck", None)
    elif k == "left_void":
        places[card] = put_away(game, card)
    elif k == "kept":
        places[card] = ("kept", seat)
    elif k == "put_into_play":
        places[card] = ("constructs", seat)
    elif k == "to_center_deck_bottom":
        places[card] = ("center_deck", None)
    elif k == "villain_took":
        places[card] = ("villain", None)


MIXES = [
    (["10th"], 2, []), (["cotg"], 3, []), (["rotf"], 2, []), (["legends"], 2, ["legendary"]),
    (["10th", "rotf"], 4, ["teams"]), (["10th"], 1, ["samael"]), (["rotf", "cotg"], 1, ["samael"]),
    (["legends"], 1, ["cult"]), (["10th", "cotg", "rotf"], 6, []), (["10th", "legends"], 3, ["legendary"]),
    (["rotf", "legends"], 6, ["legendary", "teams"]),
]
GAMES = 24          # per mix: a few hundred in all
MOST = 250          # decisions walked per game


@pytest.mark.parametrize("sets, players, variants", MIXES, ids=["+".join(m[0] + m[2]) for m in MIXES])
def test_zones_rebuilt_from_events_equal_the_real_zones_at_every_decision(sets, players, variants):
    for seed in range(GAMES):
        game = new_game(sets, [f"P{i}" for i in range(players)], variants, seed=seed)
        pick = random.Random(seed)
        places, seen = real_places(game), len(game.log)
        for step in range(MOST):
            dec = game.decision()
            if dec is None:
                break
            game.apply(pick.randrange(len(dec.options)))
            for e in game.log[seen:]:
                move(game, places, e)
            seen = len(game.log)
            real = real_places(game)
            if places != real:
                wrong = sorted((game.name_of(c), places.get(c), real.get(c))
                               for c in real if places.get(c) != real[c])
                pytest.fail(f"{'+'.join(sets)} seed {seed}, answer {step} ({game.answers}): moved without "
                            f"an event (card, from the events, really): {wrong[:5]}")

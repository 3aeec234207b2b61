"""The invariants are complete: each way a state can go wrong, applied to a real mid-game state,
is caught by ``Game.invariant_problems`` (behind ``simulate --check``), and ``load`` refuses a
save holding it, saying where."""
from __future__ import annotations

import json

import pytest

from ascension.core.bots import make_bot
from ascension.core.match import SaveFileError, load, new_game, save


def played(sets=("10th",), names=("Ann", "Bob"), variants=(), answers: int = 60, seed: int = 4):
    game = new_game(list(sets), list(names), list(variants), seed=seed)
    bots = [make_bot("greedy", game.ctx.defs, seed, i) for i in range(len(names))]
    for _ in range(answers):
        dec = game.decision()
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
    assert game.invariant_problems() == []
    return game


def named(game, name: str, zone: list[int]) -> int:
    return next(i for i, c in enumerate(zone) if game.name_of(c) == name)


def starting_card(game, seat: int = 0) -> tuple[list[int], int]:
    p = game.players[seat]
    zone = next(z for z in (p.deck, p.discard, p.hand) if any(game.card(c).role == "starting" for c in z))
    return zone, next(i for i, c in enumerate(zone) if game.card(c).role == "starting")


def id_out_of_range(game):
    game.players[0].hand.append(len(game.ctx.defs) + 5)


def id_negative(game):
    game.players[1].deck[0] = -1


def id_a_string(game):
    game.center_deck[0] = str(game.center_deck[0])


def id_a_float(game):
    game.void.append(float(game.center_deck.pop()))


def heavy_infantry_on_the_mystic_pile(game):
    game.piles["10th.mystic"].append(game.piles["10th.heavy_infantry"].pop())


def starting_card_in_the_void(game):
    zone, i = starting_card(game)
    game.void.append(zone.pop(i))


def starting_card_in_the_center_deck(game):
    zone, i = starting_card(game, 1)
    game.center_deck.insert(0, zone.pop(i))


def center_card_in_the_box(game):
    game.box.append(game.center_deck.pop())


def center_card_on_a_pile(game):
    game.piles["10th.mystic"].append(game.center_deck.pop())


def card_in_two_places(game):
    game.players[0].discard.append(game.center_row[0])


def card_lost(game):
    game.center_deck.pop()


def hero_in_play_as_a_construct(game):
    zone, i = starting_card(game)
    game.players[0].constructs.append(zone.pop(i))


def current_not_a_seat(game):
    game.current = 2


def negative_resource(game):
    game.players[1].runes = -2


def honor_not_from_the_pool(game):
    game.players[0].honor += 3


MUTATIONS = {   # what is done to the state -> what the message says
    id_out_of_range: "is not a card of this match (card ids are whole numbers 0..",
    id_negative: "players[1].deck: -1 is not a card of this match",
    id_a_string: "center_deck: '",
    id_a_float: ".0 is not a card of this match",
    heavy_infantry_on_the_mystic_pile: "piles.10th.mystic: Heavy Infantry",
    starting_card_in_the_void: "void: ",
    starting_card_in_the_center_deck: "center_deck: ",
    center_card_in_the_box: "box: ",
    center_card_on_a_pile: "piles.10th.mystic: ",
    card_in_two_places: "cards not conserved: card",
    card_lost: "cards not conserved: 1 of ",
    hero_in_play_as_a_construct: "players[0].constructs: ",
    current_not_a_seat: "current: 2 is not a seat",
    negative_resource: "Bob has a negative resource",
    honor_not_from_the_pool: "the honor does not add up",
}


@pytest.mark.parametrize("mutate", MUTATIONS, ids=[m.__name__ for m in MUTATIONS])
def test_each_broken_state_is_caught_and_a_save_holding_it_is_refused(mutate):
    game = played()
    text = save(game)
    mutate(game)
    problems = game.invariant_problems()
    assert any(MUTATIONS[mutate] in p for p in problems), problems
    d = json.loads(text)
    d["state"] = {**game.to_dict()["state"]}
    with pytest.raises(SaveFileError) as err:
        load(json.dumps(d), source="broken.json")
    assert str(err.value).startswith("broken.json: not a valid saved game: ")


@pytest.mark.parametrize("kind, where", [
    (lambda g, c: g.piles["10th.mystic"].append(c), "piles.10th.mystic"),
    (lambda g, c: g.void.append(c), "void"),
    (lambda g, c: g.center_row.__setitem__(g.center_row.index(next(x for x in g.center_row if x is not None)), c), "center_row"),
], ids=["mystic_pile", "void", "center_row"])
def test_each_kind_of_card_is_only_where_it_may_be(kind, where):
    """A Heavy Infantry never on the Mystic pile, a starting card never in the center row..."""
    game = played()
    zone, i = starting_card(game)
    kind(game, zone.pop(i))
    assert any(p.startswith(f"{where}: ") and "a starting card" in p for p in game.invariant_problems())


def test_a_card_moved_from_one_seats_deck_into_another_seats_hand_is_caught():
    game = played()
    game.players[1].hand.append(game.players[0].deck.pop())
    assert [p for p in game.invariant_problems() if "went from Ann to Bob with no rule moving it" in p]


def test_honor_from_nowhere_after_the_pool_is_empty_is_caught():
    """Once the pool is empty honor comes from the reserve, so the totals alone cannot tell; the
    check compares with the honor events logged since the last check."""
    game = played()
    game.players[0].honor += game.pool    # the pool empties (as if by many gains) ...
    game.pool = 0
    game.edited()
    assert game.invariant_problems() == []   # ... a sound state on its own
    game.gain_honor(1, 2)                     # honor from the reserve, by a logged event: fine
    assert game.invariant_problems() == []
    bob = game.players[1].honor
    game.players[1].honor += 3                # from nowhere
    assert game.invariant_problems() == [f"Bob's honor tokens went from {bob} to {bob + 3}, but the events "
                                         f"since account for +0"]


def test_a_steal_moves_a_card_between_seats_by_a_rule():
    """Xeron's reward takes a card at random from each opponent's hand: no problem."""
    from ascension.core.scenario import arrange_center, script, set_resources
    game = played(seed=2)
    while game.decision().kind != "action":
        game.apply(0)
    seat, other = game.current, 1 - game.current
    assert game.invariant_problems() == []
    arrange_center(game, ["Xeron, Duke of Lies"])
    set_resources(game, seat, power=10)
    hand = len(game.players[other].hand)
    script(game, ["Defeat Xeron, Duke of Lies"], finish=False)
    assert len(game.players[other].hand) == hand - 1
    assert game.invariant_problems() == []


@pytest.mark.parametrize("sets, names, variants", [
    (["10th"], ["Ann"], ["samael"]),
    (["legends"], ["Ann"], ["cult"]),
    (["10th", "rotf"], ["A", "B", "C", "D"], ["teams"]),
    (["legends", "cotg"], ["A", "B"], ["legendary"]),
], ids=["samael", "cult", "teams", "legendary"])
def test_whole_games_checked_after_every_answer_show_no_problem(sets, names, variants):
    game = new_game(sets, names, variants, seed=5)
    bots = [make_bot("random" if i % 2 else "medium", game.ctx.defs, 5, i) for i in range(len(names))]
    while not game.over:
        dec = game.decision()
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
        assert game.invariant_problems() == [], game.answers

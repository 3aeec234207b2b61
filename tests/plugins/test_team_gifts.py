"""Team play (Return of the Fallen rulebook, "Team Play"): "You may spend one additional Rune
when you acquire a card to add that card to your teammate's deck instead of yours." A gift costs
the price of the plain acquire, with every discount and restricted rune that applies to it,
plus one rune; it is offered exactly when that is affordable."""
from __future__ import annotations

from ascension.core.match import new_game
from ascension.core.scenario import arrange, arrange_center, labels, script

ROW = ["Burrower Mark II", "Shadow Star", "Mephit", "Demon Slayer", "Wind Tyrant", "Earth Tyrant"]


def four(sets=("10th",), runes=0, mech=0, constructs=(), hand=()):
    g = new_game(list(sets), ["Ann", "Bob", "Cat", "Dan"], ["teams"], seed=1)
    while g.pending is not None:
        g.apply(0)
    arrange_center(g, ROW)
    arrange(g, 0, hand=list(hand), constructs=list(constructs))
    me = g.players[0]
    me.runes, me.mech_runes = runes, mech
    g._decision = None
    return g


def gifts(g) -> list[str]:
    return [lb for lb in labels(g) if " for Cat " in lb]


def test_gift_costs_one_rune_more_than_the_plain_acquire():
    g = four(runes=3)
    assert "Acquire Shadow Star (3 runes)" in labels(g)
    assert "Acquire Shadow Star for Cat (4 runes)" not in gifts(g)
    g = four(runes=4)
    start = len(g.log)
    script(g, ["Acquire Shadow Star for Cat"])
    assert g.players[0].runes == 0 and [g.name_of(c) for c in g.players[2].discard] == ["Shadow Star"]
    assert [g.text(e) for e in g.log[start:start + 2]] == [
        "Ann acquires Shadow Star from the center row.", "Shadow Star is a gift for Cat: it goes into their discard pile."]


def test_gift_beside_reactor_monks_discount():
    """The next construct costs 1 less: Shadow Star's plain price is 2, its gift 3."""
    g = four(hand=["Reactor Monk"])
    script(g, ["Play Reactor Monk"])            # 2 runes, next construct 1 less
    g.players[0].runes = 3
    g._decision = None
    assert "Acquire Shadow Star for Cat (3 runes)" in gifts(g)
    script(g, ["Acquire Shadow Star for Cat"])
    assert g.players[0].runes == 0 and g.players[0].discount == 0


def test_gift_beside_mechana_only_runes():
    """Burrower Mark II (3, Mechana) for Cat: 4, of which Mechana-only runes may pay every one."""
    g = four(runes=0, mech=4)
    assert "Acquire Burrower Mark II for Cat (4 runes)" in gifts(g)
    assert not any("Shadow Star" in lb for lb in gifts(g))     # Mechana-only runes: Mechana constructs only
    script(g, ["Acquire Burrower Mark II for Cat"])
    assert (g.players[0].runes, g.players[0].mech_runes) == (0, 0)


def test_gift_beside_mechana_only_runes_and_plain_runes_together():
    g = four(runes=1, mech=2)
    assert "Acquire Burrower Mark II for Cat (4 runes)" not in gifts(g)   # 3 in all
    g = four(runes=2, mech=2)
    script(g, ["Acquire Burrower Mark II for Cat"])
    assert (g.players[0].runes, g.players[0].mech_runes) == (0, 0)


def test_gift_beside_dimension_diver():
    """Dimension Diver (RotF): every construct counts as Mechana this turn, so Mechana-only runes
    pay for Shadow Star (Void) too, gift included."""
    g = four(sets=("10th", "rotf"), hand=["Dimension Diver"])
    script(g, ["Play Dimension Diver"])
    me = g.players[0]
    me.runes, me.mech_runes = 0, 4
    g._decision = None
    assert "Acquire Shadow Star for Cat (4 runes)" in gifts(g)
    script(g, ["Acquire Shadow Star for Cat"])
    assert me.mech_runes == 0 and "Shadow Star" in [g.name_of(c) for c in g.players[2].discard]


def test_no_gift_of_a_monster():
    g = four(runes=10)
    assert not any(name in lb for lb in gifts(g) for name in ("Mephit", "Wind Tyrant", "Cultist"))


def test_every_offer_and_gift_is_what_can_take_says_for_that_card_in_random_games():
    """The main decision's offers and the teams' gifts come from one rule (``Game.offers``): at
    every main decision of seeded team games over every set, a card on offer is offered (or
    gifted for one rune more) exactly when ``can_take`` says the seat can pay for it."""
    from ascension.core.bots import make_bot
    for k, sets in enumerate((["10th"], ["cotg", "rotf"], ["10th", "legends"])):
        g = new_game(sets, ["Ann", "Bob", "Cat", "Dan"], ["teams"], seed=40 + k)
        bots = [make_bot("random", g.ctx.defs, k, s) for s in range(4)]
        checked = 0
        while not g.over and checked < 150:
            d = g.decision()
            if d.kind == "action":
                seat = d.seat
                on_offer = [c for c in g.center_row if c is not None] + [p[-1] for p in g.piles.values() if p]
                taken = {o[1] for o in d.options if o[0] in ("acquire", "defeat")}
                gifted = {o[1] for o in d.options if o[0] == "gift"}
                assert taken == {c for c in on_offer if g.can_take(seat, c)}
                assert gifted == {c for c in on_offer if not g.card(c).is_monster and g.can_take(seat, c, extra=1)}
                checked += 1
            g.apply(bots[d.seat].choose(g.view(d.seat), d))
        assert checked == 150 or g.over

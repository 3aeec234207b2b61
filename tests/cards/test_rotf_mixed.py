"""Return of the Fallen mixed with other sets: cross-set interactions and 6-player games."""
from ascension.core.match import SetupError, load, new_game, save
from ascension.core.scenario import arrange, arrange_center, script
from ascension.core.sim import simulate

import pytest


def test_dimension_diver_lets_mechana_only_runes_buy_any_construct():
    g = new_game(["10th", "rotf"], ["Ann", "Bob"], seed=4)
    arrange_center(g, ["Shadow Star", "Mephit", "Mephit", "Mephit", "Tormented Soul", "Tormented Soul"])
    arrange(g, 0, hand=["Dimension Diver"], constructs=["Watchmaker's Altar"])
    labels = lambda: [g.label(o) for o in g.decision().options]
    script(g, ["Use Watchmaker's Altar"])
    assert not any(label.startswith("Acquire Shadow Star") for label in labels())  # 1 rune is not enough... yet
    script(g, ["Play Dimension Diver"])  # 2 runes + 1 Mechana-only rune, every construct is Mechana
    script(g, ["Acquire Shadow Star"])
    assert g.players[0].runes == 0 and g.players[0].mech_runes == 0
    assert "Shadow Star" in [g.name_of(c) for c in g.players[0].discard]


@pytest.mark.parametrize("sets", [["10th", "rotf"], ["10th", "rotf", "cotg"], ["rotf", "cotg"]])
def test_six_player_mixed_games_keep_every_invariant(sets):
    out = simulate(sets, ["greedy", "random"] * 3, games=6, seed=31, check=True)
    assert out["invariant_violations"] == 0, out["violations"]
    assert out["capped_games"] == 0 and sum(out["wins_by_seat"]) == 6


def test_six_player_team_game_on_a_mix():
    out = simulate(["10th", "rotf"], ["greedy"] * 6, games=4, seed=9, variants=["teams"], check=True)
    assert out["invariant_violations"] == 0, out["violations"]
    wins = out["wins_by_seat"]
    assert wins[0] == wins[3] and wins[1] == wins[4] and wins[2] == wins[5]


def test_return_of_the_fallen_alone_is_a_two_player_game():
    with pytest.raises(SetupError, match="rotf allows at most 2"):
        new_game(["rotf"], ["A", "B", "C"])
    with pytest.raises(SetupError, match="allows at most 2"):
        new_game(["rotf"], [f"P{i}" for i in range(6)])


def test_solitaire_works_with_return_of_the_fallen_and_a_mix():
    for sets in (["rotf"], ["10th", "rotf", "cotg"]):
        out = simulate(sets, ["greedy"], games=5, seed=2, variants=["samael"], check=True)
        assert out["invariant_violations"] == 0


def test_mixed_center_deck_holds_every_set_and_uses_the_largest_sets_piles():
    g = new_game(["rotf", "10th"], ["A", "B"], seed=1)
    center = [c for c in range(len(g.ctx.defs)) if g.card(c).role == "center"]
    assert len(center) == 165
    assert {g.card(c).set_id for c in center} == {"rotf", "10th"}
    piles = {g.card(p[0]).name: (g.card(p[0]).set_id, len(p)) for p in g.piles.values()}
    assert piles["Mystic"] == ("10th", 20) and piles["Heavy Infantry"] == ("10th", 20)


def test_a_card_banished_by_the_first_of_two_banishes_resolves_after_the_second_is_chosen():
    """Void Remnant (Legends) banishes up to two cards. Banishing Deathseeker (RotF) first puts
    its "when banished: gain 3 honor" on top of the reward, which must still ask for, and
    receive, the second banish."""
    g = new_game(["legends", "rotf"], ["Ann", "Bob"], seed=3)
    arrange_center(g, ["Void Remnant"])
    arrange(g, 0, hand=["Deathseeker", "Militia"], discard=["Deathseeker"])
    g.players[0].power = 2   # + 2 from the Deathseeker played: Void Remnant's 4
    script(g, ["Play Deathseeker", "Defeat Void Remnant", "Deathseeker (discard pile)"], finish=False)
    second = g.decision()
    assert second.prompt.startswith("Banish a card") and g.name_of(second.source) == "Void Remnant"
    assert g.players[0].honor == 4                            # Deathseeker's 3 honor waits its turn
    g = load(save(g))                                         # who asked is part of the saved game
    assert g.name_of(g.decision().source) == "Void Remnant"
    script(g, ["Militia (hand)"])
    assert g.players[0].honor == 4 + 3
    assert [g.name_of(c) for c in g.box] == ["Militia"] and "Deathseeker" in [g.name_of(c) for c in g.void]
    assert g.decision().kind == "action"


@pytest.mark.parametrize("order", [["Hurricane Warlock", "Dark Monk"], ["Dark Monk", "Hurricane Warlock"]])
def test_a_legends_monster_played_as_a_hero_with_samael_the_fallen_unites_in_either_order(order):
    """Samael the Fallen: "monsters in your deck count as heroes". Hurricane Warlock is an
    Enlightened monster: Dark Monk (Enlightened, Void) played before it waited for a Unite that
    never came; played after, it drew."""
    from ascension.core.scenario import empty_center_row, hand, set_row
    g = new_game(["rotf", "legends"], ["Ann", "Bob"], seed=5)
    while g.pending is not None:
        g.apply(0)
    empty_center_row(g)
    set_row(g, ["Correction of Creation", "Claws of Deoful", "Muse of Malevolence", "MarrowWyrm Rider",
                "Correction of Creation", "The Iron Seven"])
    samael = next(i for i in g.center_deck if g.name_of(i) == "Samael the Fallen")
    g.center_deck.remove(samael)
    g.players[0].kept.append(samael)
    arrange(g, 0, hand=["Dark Monk", "Hurricane Warlock"], deck=["Apprentice", "Militia", "Apprentice"])
    g.edited()
    script(g, [f"Play {order[0]}", f"Play {order[1]}"])
    assert hand(g) == ["Apprentice"]   # Dark Monk's Unite drew a card

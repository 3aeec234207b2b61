"""The medium policy's card sense: situations a player would judge at a glance."""
from __future__ import annotations

from ascension.core.bots import make_bot
from ascension.plugins.bots.tiers import Situation
from ascension.core.match import new_game
from ascension.core.scenario import arrange, set_resources, set_row


CHARACTERS = {"enlightened": "master_dhartha", "lifebound": "nairi", "mechana": "kor", "void": "emri"}


def legends_game(seed: int = 3):
    return new_game(["legends"], ["Ann", "Bob"], seed=seed, options={"legendary": {"characters": CHARACTERS}})


def medium_move(game, seat: int = 0) -> str:
    dec = game.decision()
    i = make_bot("medium", game.ctx.defs, 1, seat).choose(game.view(seat), dec)
    return game.label(dec.options[i])


def test_medium_uses_tablet_of_the_templar_on_a_monster_worth_it():
    game = legends_game()
    set_row(game, ["Claws of Deoful", "Lycan Fang"])
    arrange(game, 0, hand=[], constructs=["Tablet of the Templar"])
    assert medium_move(game).startswith("Use Tablet of the Templar")


def test_medium_keeps_tablet_of_the_templar_in_play_while_only_cultists_are_in_reach():
    game = legends_game()
    set_row(game, ["Lycan Fang", "Mycelial Mage", "Arha Recruit", "Master Vaya", "Mountain Seer", "Dark Monk"])
    arrange(game, 0, hand=[], constructs=["Tablet of the Templar"])
    assert medium_move(game) == "End turn"


def test_temple_of_arha_is_worth_more_to_a_deck_full_of_mystics_and_heavy_infantry():
    game = legends_game()
    arrange(game, 0, hand=[], deck=["Apprentice"] * 8 + ["Militia"] * 2, discard=[])
    temple = next(d for d in game.ctx.defs if d.name == "Temple of Arha")
    bare = Situation(game, 0).construct_turn_value(temple)
    arrange(game, 0, deck=["Apprentice"] * 4 + ["Mystic"] * 3 + ["Heavy Infantry"] * 3)
    assert Situation(game, 0).construct_turn_value(temple) > 2 * bare


def test_a_card_bought_now_is_played_less_often_later_as_the_deck_grows():
    game = legends_game()
    sit = Situation(game, 0)
    first, second = sit.plays(0, 5), sit.plays(5, 10)
    assert first > second > 0
    assert abs(sit.plays(0, 10) - (first + second)) < 1e-9
    naive = 10 * 5 / sit.size   # a deck that never grows
    assert sit.plays(0, 10) < naive


def banish_choice(row: list[str]) -> str:
    """Medium's answer to Seer of the Forked Path's "you may banish a card in the center row"."""
    game = new_game(["10th"], ["Ann", "Bob"], seed=5)
    set_row(game, row)
    arrange(game, 0, hand=["Seer of the Forked Path"], deck=["Apprentice"])
    set_resources(game, 0)
    game.apply(0)   # play it: draw, then the banish question
    assert "banish" in game.decision().prompt.lower()
    return medium_move(game)


def test_medium_does_not_banish_an_ordinary_card_from_the_center_row_just_to_deny_it():
    ordinary = ["Arha Initiate", "Lifebound Initiate", "Void Initiate", "Mechana Initiate", "Mephit", "Wolf Shaman"]
    assert banish_choice(ordinary) == "None"


def test_medium_banishes_the_card_an_opponent_wants_most_from_the_center_row():
    row = ["Arha Initiate", "Lifebound Initiate", "Cetra, Weaver of Stars", "Mechana Initiate", "Mephit", "Wolf Shaman"]
    assert banish_choice(row).startswith("Cetra, Weaver of Stars")


def test_medium_puts_free_renown_where_it_earns_a_boon():
    game = legends_game()
    arrange(game, 0, hand=["Arha Recruit"], deck=["Apprentice"])
    game.ext["legendary"]["renown"]["0"].update(enlightened=1, lifebound=2, mechana=1, void=0)
    game._decision = None
    game.apply(0)   # play Arha Recruit: draw, then "Gain 1 Renown in which faction?"
    assert "renown" in game.decision().prompt.lower()
    assert medium_move(game).startswith("Lifebound")
    game.check_integrity()


def test_medium_counts_a_boon_in_the_value_of_a_center_card_that_reaches_one():
    """Nairi's Boon (gain 2 honor) is earned at Lifebound Renown 3."""
    game = legends_game()
    lifebound_hero = next(c for c, d in enumerate(game.ctx.defs) if d.role == "center" and d.factions == ("lifebound",))
    row = game.ext["legendary"]["renown"]["0"]
    row.update(lifebound=1)
    far = Situation(game, 0).row_bonus(lifebound_hero)
    row.update(lifebound=2)
    assert Situation(game, 0).row_bonus(lifebound_hero) > far + 0.5

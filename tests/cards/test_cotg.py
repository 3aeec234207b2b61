"""Scenario tests for Ascension: Chronicle of the Godslayer (CotG), the original base set.

Every CotG card is played, used, acquired or defeated in a CotG game and its visible effect is
checked. Cards that behave as in the 10th edition are covered by one table (``CASES``); the cards
the 10th changed get focused tests below it. The end: the set data, and 10th + CotG mixed.
"""
from __future__ import annotations

import pytest

from ascension.core.match import SetupError, load_set, new_game
from ascension.core.scenario import (
    ScriptError, arrange, arrange_center, empty_center_row, end_round, hand, labels, names, script,
    set_resources,
)
from ascension.core.sim import simulate

POOL = 60  # two players: 30 honor each
FILLER = ["Arha Initiate", "Wolf Shaman", "Temple Librarian", "Void Initiate", "Lifebound Initiate", "Spike Vixen"]

SNAP_RUNE = "Use Snapdragon: Once per turn: Gain 1 rune."
STAFF_POWER = "Use Yggdrasil Staff: Once per turn: Gain 1 power."
STAFF_HONOR = "Use Yggdrasil Staff: Once per turn: Pay 4 runes: Gain 3 honor."


def fresh(seed: int = 7, sets=("cotg",)):
    """A two-player CotG game, Ann (seat 0) to act on turn 1, with the center row emptied back
    into the center deck so that any card (even a single copy) can be arranged anywhere."""
    game = new_game(list(sets), ["Ann", "Bob"], seed=seed)
    assert game.current == 0 and game.turn == 1
    empty_center_row(game)
    return game


def row(game, cards):
    """Arrange the center row, padded with filler heroes up to six cards."""
    return arrange_center(game, list(cards) + FILLER[: 6 - len(cards)])


def me(game, seat: int = 0):
    return game.players[seat]


def deck_top(game, n: int = 1, seat: int = 0) -> list[str]:
    return names(game, game.players[seat].deck[::-1][:n])


def pile(game, card_id: str) -> int:
    return len(game.piles[f"cotg.{card_id}"])


# ====================================================================== the table
# Cards whose CotG behaviour equals the 10th edition's. Each case: Ann's zones, the center row,
# preset runes/power, the script, and what must be seen afterwards. Runes, power, Mechana runes
# and honor tokens are always checked (0 unless given); the pool must have paid the honor.
# ``ask`` = (n, labels): after the first n script steps, the open choice offers exactly these.

def case(card, *, hand=(), deck=None, discard=(), constructs=(), center=(), bob=None, runes=0, power=0,
         play=None, ask=None, **expect):
    spec = dict(hand=list(hand), deck=deck, discard=list(discard), constructs=list(constructs),
                center=list(center), bob=bob or {}, runes=runes, power=power, play=play or [f"Play {card}"],
                ask=ask, expect=expect)
    return pytest.param(card, spec, id=card)


CASES = [
    # ------------------------------------------------------------------ basics
    case("Apprentice", hand=["Apprentice", "Militia"], runes_=1, hand_=["Militia"]),
    case("Militia", hand=["Militia", "Apprentice"], power_=1, hand_=["Apprentice"]),
    case("Mystic", hand=["Mystic", "Apprentice"],
         play=["Play Mystic", "Play Apprentice", "Acquire Mystic (3 runes)"],
         discard_=["Mystic"], piles_={"mystic": 30 - 2}),   # one taken for the hand, one acquired
    case("Heavy Infantry", hand=["Heavy Infantry", "Militia"], center=["Mephit"],
         play=["Play Heavy Infantry", "Play Militia", "Defeat Mephit (3 power)", "None"],
         honor_=2, void_=["Mephit"], piles_={"heavy_infantry": 29 - 1}),
    case("Cultist", power=4, play=["Defeat Cultist (2 power)", "Defeat Cultist (2 power)"],
         honor_=2, void_=[], piles_={"cultist": 1}),
    # ------------------------------------------------------------------ Enlightened
    case("Arha Initiate", hand=["Arha Initiate", "Apprentice"], deck=["Mystic", "Militia"],
         hand_=["Apprentice", "Mystic"], deck_top_=["Militia"]),
    case("Arha Templar", hand=["Arha Templar"],
         center=["Corrosive Widow", "Earth Tyrant", "Mephit", "Wolf Shaman", "Avatar of the Fallen", "Shadow Star"],
         play=["Play Arha Templar", "Corrosive Widow (center row)"],
         ask=(1, ["Corrosive Widow (center row)", "Mephit (center row)", "Cultist (pile)"]),
         honor_=3, void_=["Corrosive Widow"]),
    case("Ascetic of the Lidless Eye", hand=["Ascetic of the Lidless Eye"], deck=["Mystic", "Heavy Infantry", "Militia"],
         hand_=["Heavy Infantry", "Mystic"], deck_top_=["Militia"]),
    case("Master Dhartha", hand=["Master Dhartha"], deck=["Mystic", "Heavy Infantry", "Militia", "Arha Initiate"],
         hand_=["Heavy Infantry", "Militia", "Mystic"], deck_top_=["Arha Initiate"]),
    case("Oziah the Peerless", hand=["Oziah the Peerless"], deck=["Mystic", "Militia", "Apprentice"],
         center=["Avatar of the Fallen", "Earth Tyrant", "Mephit"],
         play=["Play Oziah the Peerless", "Earth Tyrant (center row)"],
         ask=(1, ["Earth Tyrant (center row)", "Mephit (center row)", "Cultist (pile)"]),
         honor_=5, void_=["Earth Tyrant"], hand_=["Militia", "Mystic"]),
    case("Seer of the Forked Path", hand=["Seer of the Forked Path"], deck=["Mystic", "Militia"], center=["Mephit"],
         play=["Play Seer of the Forked Path", "Mephit (center row)"],
         hand_=["Mystic"], void_=["Mephit"]),
    case("Temple Librarian", hand=["Temple Librarian", "Apprentice", "Militia"],
         deck=["Mystic", "Heavy Infantry", "Arha Initiate"],
         play=["Play Temple Librarian", "Militia (hand)"],
         ask=(1, ["Apprentice (hand)", "Militia (hand)"]),
         hand_=["Apprentice", "Heavy Infantry", "Mystic"], discard_=["Militia"], deck_top_=["Arha Initiate"]),
    case("The All-Seeing Eye", hand=["The All-Seeing Eye"], deck=["Mystic", "Militia"],
         play=["Play The All-Seeing Eye", "Use The All-Seeing Eye"],
         hand_=["Mystic"], constructs_=["The All-Seeing Eye"], gone_=["Use The All-Seeing Eye"]),
    case("Twofold Askara", hand=["Lifebound Initiate", "Landtalker", "Twofold Askara"],
         play=["Play Lifebound Initiate", "Play Landtalker", "Play Twofold Askara", "Landtalker (played this turn)"],
         ask=(3, ["Lifebound Initiate (played this turn)", "Landtalker (played this turn)"]),
         runes_=1 + 3 + 3, honor_=1),
    # ------------------------------------------------------------------ Lifebound
    case("Cetra, Weaver of Stars", hand=["Cetra, Weaver of Stars"], deck=["Militia"],
         center=["Master Dhartha", "Mephit", "Shadow Star"],
         play=["Play Cetra, Weaver of Stars", "Master Dhartha (center row)"],
         deck_top_=["Master Dhartha", "Militia"], discard_=[]),
    case("Flytrap Witch", hand=["Flytrap Witch"], deck=["Mystic", "Militia"], honor_=2, hand_=["Mystic"]),
    case("Landtalker", hand=["Landtalker"], runes_=3),
    case("Lifebound Initiate", hand=["Lifebound Initiate"], runes_=1, honor_=1),
    case("Wolf Shaman", hand=["Wolf Shaman"], deck=["Heavy Infantry", "Militia"],
         runes_=1, hand_=["Heavy Infantry"], deck_top_=["Militia"]),
    case("Yggdrasil Staff", hand=["Yggdrasil Staff", "Mystic", "Mystic"],
         play=["Play Yggdrasil Staff", "Play Mystic", "Play Mystic", STAFF_HONOR, STAFF_POWER],
         honor_=3, power_=1, constructs_=["Yggdrasil Staff"], gone_=["Use Yggdrasil Staff"]),
    # ------------------------------------------------------------------ Mechana
    case("Avatar Golem", hand=["Avatar Golem"],
         constructs=["Shadow Star", "Muramasa", "Burrower Mark II", "Yggdrasil Staff"],
         power_=2, honor_=3),   # Void, Mechana, Lifebound
    case("Burrower Mark II", hand=["Burrower Mark II", "Watchmaker's Altar"], deck=["Mystic", "Militia"],
         play=["Play Burrower Mark II", "Play Watchmaker's Altar"],   # draws once: itself counts
         hand_=["Mystic"], deck_top_=["Militia"], constructs_=["Burrower Mark II", "Watchmaker's Altar"]),
    case("Hedron Cannon", hand=["Hedron Cannon"], constructs=["Watchmaker's Altar", "Shadow Star"],
         play=["Play Hedron Cannon", "Use Hedron Cannon"], power_=2, gone_=["Use Hedron Cannon"]),
    case("Hedron Link Device", hand=["Hedron Link Device"], constructs=["Hedron Cannon", "Shadow Star", "Muramasa"],
         play=["Play Hedron Link Device", "Use Hedron Cannon"], power_=4),
    case("Kor, the Ferromancer", hand=["Kor, the Ferromancer"], deck=["Mystic"],
         constructs=["Shadow Star", "Burrower Mark II"], power_=2, hand_=["Mystic"]),
    case("Reactor Monk", hand=["Reactor Monk"], center=["Burrower Mark II"],
         play=["Play Reactor Monk", "Acquire Burrower Mark II (2 runes)"], discard_=["Burrower Mark II"]),
    case("The Grand Design", hand=["The Grand Design"], runes=1, center=["Burrower Mark II"],
         play=["Play The Grand Design", "Use The Grand Design", "Acquire Burrower Mark II (3 runes)"],
         discard_=["Burrower Mark II"], constructs_=["The Grand Design"]),
    case("Watchmaker's Altar", hand=["Watchmaker's Altar"], runes=2, center=["Burrower Mark II"],
         play=["Play Watchmaker's Altar", "Use Watchmaker's Altar", "Acquire Burrower Mark II (3 runes)"],
         discard_=["Burrower Mark II"]),
    # ------------------------------------------------------------------ Void
    case("Arbiter of the Precipice", hand=["Arbiter of the Precipice"], deck=["Militia", "Heavy Infantry"],
         play=["Play Arbiter of the Precipice", "Militia (hand)"],
         ask=(1, ["Militia (hand)", "Heavy Infantry (hand)"]),   # no "None": it must banish
         hand_=["Heavy Infantry"], box_=["Militia"]),
    case("Demon Slayer", hand=["Demon Slayer"], power_=3),
    case("Emri, One with the Void", hand=["Emri, One with the Void"], power_=4),
    case("Muramasa", hand=["Muramasa"], play=["Play Muramasa", "Use Muramasa"], power_=3, gone_=["Use Muramasa"]),
    case("Shade of the Black Watch", hand=["Shade of the Black Watch", "Apprentice"], discard=["Mystic"],
         play=["Play Shade of the Black Watch", "Mystic (discard pile)"],
         ask=(1, ["Apprentice (hand)", "Mystic (discard pile)", "None"]),
         power_=2, hand_=["Apprentice"], discard_=[], piles_={"mystic": 30}),
    case("Shadow Star", hand=["Shadow Star"], play=["Play Shadow Star", "Use Shadow Star"], power_=1,
         gone_=["Use Shadow Star"]),
    case("Spike Vixen", hand=["Spike Vixen"], deck=["Mystic"], power_=1, hand_=["Mystic"]),
    case("Void Initiate", hand=["Void Initiate", "Militia"], play=["Play Void Initiate", "Militia (hand)"],
         runes_=1, hand_=[], box_=["Militia"]),
    case("Voidthirster", hand=["Voidthirster"], power=3, center=["Mephit"],
         play=["Play Voidthirster", "Use Voidthirster", "Defeat Mephit (3 power)", "None"],
         power_=1, honor_=2 + 1, void_=["Mephit"]),
    # ------------------------------------------------------------------ monsters
    case("Avatar of the Fallen", power=7, center=["Avatar of the Fallen", "Wind Tyrant"],
         play=["Defeat Avatar of the Fallen (7 power)", "Wind Tyrant (center row)"],
         honor_=4 + 3, runes_=3, void_=["Avatar of the Fallen", "Wind Tyrant"]),
    case("Earth Tyrant", power=6, center=["Earth Tyrant"], deck=["Mystic", "Militia", "Heavy Infantry"],
         play=["Defeat Earth Tyrant (6 power)"], honor_=5, hand_=["Militia", "Mystic"], void_=["Earth Tyrant"]),
    case("Mephit", power=3, center=["Mephit", "Landtalker"],
         play=["Defeat Mephit (3 power)", "Landtalker (center row)"], honor_=2, void_=["Landtalker", "Mephit"]),
    case("Mistake of Creation", power=4, center=["Mistake of Creation", "Wind Tyrant"], discard=["Apprentice", "Mystic"],
         play=["Defeat Mistake of Creation (4 power)", "Wind Tyrant (center row)", "Apprentice (discard pile)"],
         honor_=4, void_=["Mistake of Creation", "Wind Tyrant"], box_=["Apprentice"], discard_=["Mystic"]),
    case("Sea Tyrant", power=5, center=["Sea Tyrant"], bob={"constructs": ["Shadow Star", "Muramasa"], "discard": []},
         constructs=["Burrower Mark II", "Shadow Star"],
         play=["Defeat Sea Tyrant (5 power)", (1, "Muramasa (in play)")],
         honor_=5, bob_constructs_=["Muramasa"], bob_discard_=["Shadow Star"],
         constructs_=["Burrower Mark II", "Shadow Star"]),
    case("Wind Tyrant", power=5, center=["Wind Tyrant"], play=["Defeat Wind Tyrant (5 power)"],
         honor_=3, runes_=3, void_=["Wind Tyrant"]),
]


@pytest.mark.parametrize("card, spec", CASES)
def test_card_behaves_as_printed(card, spec):
    game = fresh()
    row(game, spec["center"])
    if spec["bob"]:
        arrange(game, 1, **spec["bob"])
    zones = {"hand": spec["hand"], "discard": spec["discard"], "constructs": spec["constructs"]}
    if spec["deck"] is not None:
        zones["deck"] = spec["deck"]
    arrange(game, 0, **zones)
    set_resources(game, 0, runes=spec["runes"], power=spec["power"])
    steps = spec["play"]
    if spec["ask"]:
        n, offered = spec["ask"]
        script(game, steps[:n], finish=False)
        assert game.decision().kind != "action" and labels(game) == offered
        steps = steps[n:]
    script(game, steps)
    ex = spec["expect"]
    known = {"runes_", "power_", "honor_", "gone_", "hand_", "discard_", "constructs_", "void_", "box_",
             "deck_top_", "bob_constructs_", "bob_discard_", "piles_"}
    assert set(ex) <= known, set(ex) - known
    p = me(game)
    assert (p.runes, p.power, p.mech_runes, p.honor) == (
        ex.get("runes_", 0), ex.get("power_", 0), 0, ex.get("honor_", 0))
    assert game.pool == POOL - p.honor
    checks = {"hand_": lambda: hand(game), "discard_": lambda: sorted(names(game, p.discard)),
              "constructs_": lambda: names(game, p.constructs), "void_": lambda: sorted(names(game, game.void)),
              "box_": lambda: sorted(names(game, game.box)),
              "deck_top_": lambda: deck_top(game, len(ex["deck_top_"])),
              "bob_constructs_": lambda: names(game, game.players[1].constructs),
              "bob_discard_": lambda: sorted(names(game, game.players[1].discard)),
              "piles_": lambda: {k: pile(game, k) for k in ex["piles_"]}}
    for key, value in ex.items():
        if key in checks:
            assert checks[key]() == (sorted(value) if key in ("hand_", "discard_", "void_", "box_", "bob_discard_")
                                     else value), key
    for prefix in ex.get("gone_", []):   # once per turn: not offered again
        assert not any(label.startswith(prefix) for label in labels(game))
    game.check_integrity()


# ====================================================================== focused tests
# ------------------------------------------------------------------ basics and Tablet

def test_piles_and_starting_decks_in_a_cotg_game():
    game = new_game(["cotg"], ["Ann", "Bob"], seed=11)
    assert {k: len(v) for k, v in game.piles.items()} == {
        "cotg.cultist": 1, "cotg.heavy_infantry": 29, "cotg.mystic": 30}
    for p in game.players:
        owned = sorted(names(game, p.owned()))
        assert owned == ["Apprentice"] * 8 + ["Militia"] * 2
        assert len(p.hand) == 5
    assert len(game.center_deck) + 6 == 100


def test_tablet_of_times_dawn_banishes_itself_for_an_extra_turn():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Tablet of Time's Dawn"])
    script(game, ["Play Tablet of Time's Dawn", "Use Tablet of Time's Dawn"])
    assert me(game).constructs == []
    assert names(game, game.void) == ["Tablet of Time's Dawn"]
    script(game, ["End turn"])
    assert (game.current, game.turn) == (0, 2)    # Ann again
    script(game, ["End turn"])
    assert (game.current, game.turn) == (1, 3)    # then Bob


# ------------------------------------------------------------------ Druids: limit 3

def test_druids_of_the_stone_circle_cotg_limit_is_3():
    game = fresh()
    row(game, ["Arha Templar", "Wolf Shaman", "Runic Lycanthrope", "Demon Slayer", "Mephit", "Shadow Star"])
    arrange(game, 0, hand=["Druids of the Stone Circle"], deck=["Militia"])
    script(game, ["Play Druids of the Stone Circle"], finish=False)
    # Cost-4 heroes (Arha Templar, Demon Slayer) are not offered; nor a construct or a monster.
    assert labels(game) == ["Wolf Shaman (center row)", "Runic Lycanthrope (center row)",
                            "Heavy Infantry (pile)", "Mystic (pile)"]
    with pytest.raises(ScriptError):
        script(game, ["Arha Templar (center row)"])
    script(game, ["Wolf Shaman (center row)"])
    assert deck_top(game, 2) == ["Wolf Shaman", "Militia"]
    assert me(game).discard == [] and me(game).runes == 0
    assert "Wolf Shaman" not in names(game, game.center_row)


def test_druids_of_the_stone_circle_limit_differs_from_the_10th():
    offered = {}
    for set_id in ("cotg", "10th"):
        game = fresh(sets=(set_id,))
        row(game, ["Demon Slayer"])
        arrange(game, 0, hand=["Druids of the Stone Circle"])
        script(game, ["Play Druids of the Stone Circle"], finish=False)
        offered[set_id] = "Demon Slayer (center row)" in labels(game)
    assert offered == {"cotg": False, "10th": True}


# ------------------------------------------------------------------ Runic Lycanthrope: not Unite
# The CotG card checks, when it is played, whether another Lifebound hero was played this turn
# (official FAQ: "another"); the 10 Year Anniversary card is the Unite one.

def test_runic_lycanthrope_with_another_lifebound_hero_played_before():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Wolf Shaman", "Runic Lycanthrope"], deck=["Militia"])
    script(game, ["Play Wolf Shaman", "Play Runic Lycanthrope"])
    assert (me(game).runes, me(game).power) == (1 + 2, 2)


def test_runic_lycanthrope_cotg_gains_nothing_from_a_lifebound_hero_played_after():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Runic Lycanthrope", "Lifebound Initiate"])
    script(game, ["Play Runic Lycanthrope"])
    assert (me(game).runes, me(game).power) == (2, 0)
    script(game, ["Play Lifebound Initiate"])
    assert (me(game).runes, me(game).power, me(game).honor) == (3, 0, 1)


def test_runic_lycanthrope_alone_does_not_count_itself():
    # The FAQ: "another" Lifebound hero. Other factions and a Lifebound construct do not count.
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Runic Lycanthrope", "Arha Initiate", "Mystic", "Snapdragon"], deck=["Apprentice"])
    script(game, ["Play Runic Lycanthrope", "Play Arha Initiate", "Play Mystic", "Play Snapdragon",
                  "Play Apprentice"])
    assert (me(game).runes, me(game).power) == (2 + 2 + 1, 0)


def test_two_runic_lycanthropes_cotg_give_the_bonus_once_to_the_second():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Runic Lycanthrope", "Runic Lycanthrope"])
    script(game, ["Play Runic Lycanthrope", "Play Runic Lycanthrope"])
    assert (me(game).runes, me(game).power) == (4, 2)


def test_play_all_plays_a_card_that_counts_earlier_plays_after_the_others():
    """Play all went in hand order: Runic Lycanthrope before Wolf Shaman lost its 2 power, Kor
    before two constructs its card; it now plays such cards after the rest (hand order otherwise)."""
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Runic Lycanthrope", "Wolf Shaman"], deck=["Militia", "Militia"])
    script(game, ["Play all"], finish=False)
    played = names(game, me(game).played)
    assert played.index("Wolf Shaman") < played.index("Runic Lycanthrope")   # (the Militia drawn: before it too)
    assert me(game).power == 2 + played.count("Militia")
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Kor, the Ferromancer", "Shadow Star", "Shadow Star"], deck=["Mystic"])
    script(game, ["Play all"], finish=False)
    assert names(game, me(game).constructs) == ["Shadow Star", "Shadow Star"]
    assert "Mystic" in names(game, me(game).played + me(game).hand)   # Kor drew: two constructs in play


# ------------------------------------------------------------------ Snapdragon

def test_snapdragon_cotg_gives_1_honor_on_the_first_lifebound_hero_played_each_turn():
    """CotG's printing: "Also gain 1 honor on your first Lifebound hero play of each turn." The
    honor comes by itself (no ability to use), once a turn, and a new turn gives it again."""
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Apprentice", "Lifebound Initiate", "Wolf Shaman"], constructs=["Snapdragon"])
    assert SNAP_RUNE in labels(game) and not any("honor" in label for label in labels(game)
                                                 if label.startswith("Use Snapdragon"))
    script(game, ["Play Apprentice"])
    assert me(game).honor == 0                     # a hero, but not Lifebound
    script(game, ["Play Lifebound Initiate"])
    assert me(game).honor == 1 + 1                 # the Initiate's own honor and Snapdragon's
    script(game, ["Play Wolf Shaman"])
    assert me(game).honor == 2                     # only the first Lifebound hero
    assert game.pool == POOL - 2
    end_round(game)
    arrange(game, 0, hand=["Lifebound Initiate"])
    script(game, ["Play Lifebound Initiate"])
    assert me(game).honor == 2 + 1 + 1             # a new turn, a new first hero


def test_snapdragon_cotg_put_into_play_after_the_first_lifebound_hero_gives_no_honor_that_turn():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Wolf Shaman", "Snapdragon", "Lifebound Initiate"], deck=["Militia"])
    script(game, ["Play Wolf Shaman", "Play Snapdragon", "Play Lifebound Initiate"])
    assert me(game).honor == 1                     # the Initiate's own: the first play came before


def test_two_snapdragons_cotg_each_give_their_honor():
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Wolf Shaman"], constructs=["Snapdragon", "Snapdragon"])
    script(game, ["Play Wolf Shaman"])
    assert me(game).honor == 2


def test_snapdragon_cotg_card_text_says_when_the_honor_comes():
    snap = next(c for c in load_set("cotg").center if c.name == "Snapdragon")
    assert snap.text == "Once per turn: Gain 1 rune. When you play your first Lifebound hero each turn: Gain 1 honor."


# ------------------------------------------------------------------ Mechana Initiate: choose one

@pytest.mark.parametrize("choice, expected", [("Gain 1 rune.", (1, 0)), ("Gain 1 power.", (0, 1))])
def test_mechana_initiate_offers_rune_or_power(choice, expected):
    game = fresh()
    row(game, [])
    arrange(game, 0, hand=["Mechana Initiate", "Apprentice"])
    script(game, ["Play Mechana Initiate"], finish=False)
    dec = game.decision()
    assert (dec.seat, dec.kind) == (0, "choose_one")
    assert labels(game) == ["Gain 1 rune.", "Gain 1 power."]   # one or the other, no way to skip
    script(game, [choice])
    assert (me(game).runes, me(game).power) == expected
    assert names(game, me(game).played) == ["Mechana Initiate"]
    assert hand(game) == ["Apprentice"]


def test_mechana_initiate_text_says_choose_one():
    cards = {c.name: c for c in load_set("cotg").center}
    assert cards["Mechana Initiate"].text == "Choose one: Gain 1 rune; or gain 1 power."


# ------------------------------------------------------------------ Rocket Courier X-99: into play

def test_two_rocket_couriers_each_put_one_mechana_construct_into_play():
    game = fresh()
    row(game, ["Burrower Mark II", "Watchmaker's Altar"])
    arrange(game, 0, hand=[], discard=[], constructs=["Rocket Courier X-99", "Rocket Courier X-99"])
    set_resources(game, 0, runes=20)
    script(game, ["Acquire Burrower Mark II (3 runes)", "Yes"])
    script(game, ["Acquire Watchmaker's Altar (5 runes)", "Yes"], finish=False)
    assert names(game, me(game).constructs)[2:] == ["Burrower Mark II", "Watchmaker's Altar"]
    assert me(game).discard == []


def test_rocket_courier_puts_the_construct_into_play_usable_this_turn():
    game = fresh()
    row(game, ["The Grand Design", "Burrower Mark II"])
    arrange(game, 0, hand=[], discard=[], constructs=["Rocket Courier X-99"])
    set_resources(game, 0, runes=7)
    script(game, ["Acquire The Grand Design (6 runes)"], finish=False)
    dec = game.decision()
    assert (dec.kind, dec.prompt) == ("yes_no", "Put The Grand Design into play?")
    script(game, ["Yes"])
    assert names(game, me(game).constructs) == ["Rocket Courier X-99", "The Grand Design"]
    assert me(game).discard == [] and me(game).hand == []
    # In play at once: its ability can be used this very turn.
    script(game, ["Use The Grand Design"])
    assert (me(game).runes, me(game).mech_runes) == (1, 2)
    # Once per turn: the next Mechana construct goes to the discard pile without asking.
    script(game, ["Acquire Burrower Mark II (3 runes)"])
    assert (me(game).runes, me(game).mech_runes) == (0, 0)
    assert names(game, me(game).discard) == ["Burrower Mark II"]
    game.check_integrity()


def test_rocket_courier_construct_entering_play_fires_construct_triggers():
    game = fresh()
    row(game, ["Watchmaker's Altar"])
    arrange(game, 0, hand=[], discard=[], deck=["Mystic", "Militia"],
            constructs=["Rocket Courier X-99", "Burrower Mark II"])
    set_resources(game, 0, runes=5)
    script(game, ["Acquire Watchmaker's Altar (5 runes)", "Yes"])
    assert names(game, me(game).constructs) == ["Rocket Courier X-99", "Burrower Mark II", "Watchmaker's Altar"]
    assert hand(game) == ["Mystic"]          # Burrower Mark II: a Mechana construct entered play
    assert deck_top(game) == ["Militia"]
    game.check_integrity()


def test_rocket_courier_offer_declined_stays_available_this_turn():
    game = fresh()
    row(game, ["Burrower Mark II", "Burrower Mark II"])
    arrange(game, 0, hand=[], discard=[], constructs=["Rocket Courier X-99"])
    set_resources(game, 0, runes=6)
    script(game, ["Acquire Burrower Mark II (3 runes)", "No"])
    assert names(game, me(game).discard) == ["Burrower Mark II"]
    assert names(game, me(game).constructs) == ["Rocket Courier X-99"]
    script(game, ["Acquire Burrower Mark II (3 runes)", "Yes"])   # declining was not using it
    assert names(game, me(game).constructs) == ["Rocket Courier X-99", "Burrower Mark II"]
    assert names(game, me(game).discard) == ["Burrower Mark II"]


def test_rocket_courier_ignores_heroes_and_non_mechana_constructs():
    game = fresh()
    row(game, ["Shadow Star", "Kor, the Ferromancer"])
    arrange(game, 0, hand=[], discard=[], constructs=["Rocket Courier X-99"])
    set_resources(game, 0, runes=6)
    script(game, ["Acquire Shadow Star (3 runes)", "Acquire Kor, the Ferromancer (3 runes)"])
    assert sorted(names(game, me(game).discard)) == ["Kor, the Ferromancer", "Shadow Star"]
    assert names(game, me(game).constructs) == ["Rocket Courier X-99"]


def test_rocket_courier_is_acquired_and_played_like_any_construct():
    game = fresh()
    row(game, ["Rocket Courier X-99"])
    arrange(game, 0, hand=["Rocket Courier X-99"], discard=[])
    set_resources(game, 0, runes=4)
    script(game, ["Acquire Rocket Courier X-99 (4 runes)", "Play Rocket Courier X-99"])
    assert names(game, me(game).discard) == ["Rocket Courier X-99"]   # nothing was in play to move it
    assert names(game, me(game).constructs) == ["Rocket Courier X-99"]


# ------------------------------------------------------------------ Arbiter of the Precipice: 4 runes, 1 honor

def test_arbiter_of_the_precipice_costs_4_and_is_worth_1_honor():
    game = fresh()
    row(game, ["Arbiter of the Precipice"])
    arrange(game, 0, hand=[], discard=[], deck=[])
    set_resources(game, 0, runes=4)
    assert "Acquire Arbiter of the Precipice (4 runes)" in labels(game)
    script(game, ["Acquire Arbiter of the Precipice (4 runes)"])
    assert me(game).runes == 0
    assert names(game, me(game).discard) == ["Arbiter of the Precipice"]
    assert game.card_honor(0) == 1


# ------------------------------------------------------------------ honor values that differ from the 10th

def test_cotg_honor_values_count_at_the_end():
    changed = {"Ascetic of the Lidless Eye": 2, "Master Dhartha": 3, "Tablet of Time's Dawn": 2,
               "The All-Seeing Eye": 2, "Landtalker": 3, "Snapdragon": 2, "Kor, the Ferromancer": 2,
               "Emri, One with the Void": 3, "Arbiter of the Precipice": 1}
    game = fresh()
    arrange(game, 0, hand=[], deck=[], discard=list(changed))
    assert game.card_honor(0) == sum(changed.values()) == 20
    assert game.scores()[0]["cards"] == 20


# ------------------------------------------------------------------ Corrosive Widow

def test_corrosive_widow_each_opponent_puts_a_construct_of_their_choice_into_their_discard():
    game = fresh()
    row(game, ["Corrosive Widow"])
    arrange(game, 1, discard=[], constructs=["Shadow Star", "Muramasa"])
    arrange(game, 0, constructs=["Burrower Mark II"])
    set_resources(game, 0, power=4)
    script(game, ["Defeat Corrosive Widow (4 power)"], finish=False)
    assert game.decision().seat == 1
    assert labels(game) == ["Shadow Star (in play)", "Muramasa (in play)"]
    script(game, [(1, "Muramasa (in play)")])
    assert names(game, game.players[1].constructs) == ["Shadow Star"]
    assert names(game, game.players[1].discard) == ["Muramasa"]
    assert names(game, me(game).constructs) == ["Burrower Mark II"]   # not Ann's own
    assert me(game).honor == 3 and game.pool == POOL - 3
    assert names(game, game.void) == ["Corrosive Widow"]


def test_corrosive_widow_with_an_opponent_without_constructs_asks_nothing():
    game = fresh()
    row(game, ["Corrosive Widow"])
    arrange(game, 1, constructs=[])
    set_resources(game, 0, power=4)
    script(game, ["Defeat Corrosive Widow (4 power)"])
    assert me(game).honor == 3


# ------------------------------------------------------------------ smaller monster rewards

def test_samaels_trickster_gives_1_honor_and_1_rune():
    game = fresh()
    row(game, ["Samael's Trickster", "Arha Initiate"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Samael's Trickster (3 power)"])
    assert (me(game).honor, me(game).runes, me(game).power) == (1, 1, 0)
    assert game.pool == POOL - 1
    script(game, ["Acquire Arha Initiate (1 rune)"])
    assert "Arha Initiate" in names(game, me(game).discard)


def test_tormented_soul_gives_1_honor_and_draws_1():
    game = fresh()
    row(game, ["Tormented Soul"])
    arrange(game, 0, hand=[], deck=["Mystic", "Militia"])
    set_resources(game, 0, power=3)
    script(game, ["Defeat Tormented Soul (3 power)"])
    assert me(game).honor == 1 and game.pool == POOL - 1
    assert hand(game) == ["Mystic"]
    assert names(game, game.void) == ["Tormented Soul"]


def test_xeron_duke_of_lies_gives_3_honor_and_takes_a_random_card_from_each_opponent():
    game = fresh()
    row(game, ["Xeron, Duke of Lies"])
    arrange(game, 1, hand=["Mystic", "Heavy Infantry", "Militia"])
    arrange(game, 0, hand=[])
    bob_hand = list(game.players[1].hand)
    set_resources(game, 0, power=6)
    script(game, ["Defeat Xeron, Duke of Lies (6 power)"])
    assert me(game).honor == 3 and game.pool == POOL - 3
    assert len(me(game).hand) == 1 and me(game).hand[0] in bob_hand
    assert sorted(game.players[1].hand + me(game).hand) == sorted(bob_hand)
    game.check_integrity()


def test_wind_tyrant_has_three_copies_in_a_cotg_game():
    game = new_game(["cotg"], ["Ann", "Bob"], seed=3)
    assert sum(1 for c in game.all_zones() if game.name_of(c) == "Wind Tyrant") == 3


# ====================================================================== the set data

CORE_NUMBERS = {  # name: (cost, honor, copies) — CotG, from the card data
    "Arha Initiate": (1, 1, 3), "Arha Templar": (4, 3, 2), "Ascetic of the Lidless Eye": (5, 2, 2),
    "Master Dhartha": (7, 3, 1), "Oziah the Peerless": (6, 3, 1), "Seer of the Forked Path": (2, 1, 3),
    "Tablet of Time's Dawn": (5, 2, 1), "Temple Librarian": (2, 1, 3), "The All-Seeing Eye": (6, 2, 1),
    "Twofold Askara": (4, 2, 1),
    "Cetra, Weaver of Stars": (7, 4, 1), "Druids of the Stone Circle": (4, 3, 2), "Flytrap Witch": (5, 2, 2),
    "Landtalker": (6, 3, 1), "Lifebound Initiate": (1, 1, 3), "Runic Lycanthrope": (3, 1, 2),
    "Snapdragon": (5, 2, 2), "Wolf Shaman": (3, 1, 3), "Yggdrasil Staff": (4, 2, 2),
    "Avatar Golem": (4, 2, 2), "Burrower Mark II": (3, 3, 2), "Hedron Cannon": (8, 8, 1),
    "Hedron Link Device": (7, 7, 1), "Kor, the Ferromancer": (3, 2, 1), "Mechana Initiate": (1, 1, 3),
    "Reactor Monk": (4, 2, 2), "Rocket Courier X-99": (4, 4, 2), "The Grand Design": (6, 6, 2),
    "Watchmaker's Altar": (5, 5, 2),
    "Arbiter of the Precipice": (4, 1, 2), "Demon Slayer": (4, 2, 2), "Emri, One with the Void": (6, 3, 1),
    "Muramasa": (7, 4, 1), "Shade of the Black Watch": (3, 1, 3), "Shadow Star": (3, 2, 2),
    "Spike Vixen": (2, 1, 2), "Void Initiate": (1, 1, 3), "Voidthirster": (5, 3, 2),
    "Avatar of the Fallen": (7, 0, 1), "Corrosive Widow": (4, 0, 4), "Earth Tyrant": (6, 0, 2),
    "Mephit": (3, 0, 3), "Mistake of Creation": (4, 0, 4), "Samael's Trickster": (3, 0, 4),
    "Sea Tyrant": (5, 0, 3), "Tormented Soul": (3, 0, 3), "Wind Tyrant": (5, 0, 3), "Xeron, Duke of Lies": (6, 0, 1),
}


def test_cotg_set_has_48_cards_100_copies_and_the_faction_split():
    s = load_set("cotg")
    assert (s.id, s.name, s.max_players) == ("cotg", "Ascension: Chronicle of the Godslayer", 4)
    assert len(s.center) == 48 == len({c.name for c in s.center}) == len({c.id for c in s.center})
    assert s.center_copies == 100 == s.center_deck_expected
    split = {}
    for c in s.center:
        key = c.factions[0] if c.factions else "monster"
        split[key] = split.get(key, 0) + c.count
    assert split == {"enlightened": 18, "lifebound": 18, "mechana": 18, "void": 18, "monster": 28}
    assert {c.name: c.count for c in s.always} == {"Mystic": 30, "Heavy Infantry": 29, "Cultist": 1}
    assert {c.name: c.count for c in s.starting} == {"Apprentice": 8, "Militia": 2}
    assert {c.name: (c.cost, c.honor, c.count) for c in s.center} == CORE_NUMBERS


def test_cotg_card_texts_are_rendered_from_the_effects():
    cards = {c.name: c for c in load_set("cotg").center}
    assert cards["Druids of the Stone Circle"].text == (
        "Acquire a hero costing 3 or less for free and put it on top of your deck.")
    assert cards["Rocket Courier X-99"].text == (
        "Once per turn, when you acquire another Mechana construct: You may put it into play.")
    assert cards["Samael's Trickster"].text == "Reward: Gain 1 rune and 1 honor."
    assert cards["Xeron, Duke of Lies"].text.startswith("Reward: Gain 3 honor.")
    assert cards["Runic Lycanthrope"].text == (
        "Gain 2 runes. If you have played another Lifebound hero this turn, gain 2 power.")
    assert "another Lifebound hero" in cards["Runic Lycanthrope"].note
    for c in cards.values():
        assert c.text and "  " not in c.text and c.text.endswith("."), c.name


FOCUSED = {  # cards whose CotG behaviour has its own test above
    "Tablet of Time's Dawn", "Druids of the Stone Circle", "Runic Lycanthrope", "Snapdragon", "Mechana Initiate",
    "Rocket Courier X-99", "Corrosive Widow", "Samael's Trickster", "Tormented Soul", "Xeron, Duke of Lies",
}


def test_every_cotg_card_has_a_scenario():
    s = load_set("cotg")
    every = {c.name for c in s.center + s.always + s.starting}
    in_table = {p.values[0] for p in CASES}
    assert len(in_table) == len(CASES)
    assert not in_table & FOCUSED
    assert every == in_table | FOCUSED
    assert len(every) == 48 + 5


def test_cotg_alone_allows_four_players():
    assert len(new_game(["cotg"], ["A", "B", "C", "D"], seed=1).players) == 4
    with pytest.raises(SetupError, match="at most 4"):
        new_game(["cotg"], ["A", "B", "C", "D", "E"], seed=1)


# ====================================================================== mixing with the 10th

def test_10th_and_cotg_mixed_make_a_200_card_center_deck():
    game = new_game(["10th", "cotg"], ["A", "B", "C", "D", "E", "F"], seed=21)
    center = [c for c in game.all_zones() if game.card(c).role == "center"]
    assert len(center) == len(set(center)) == 200
    assert len(game.center_deck) + sum(c is not None for c in game.center_row) == 200
    by_set = {}
    for c in center:
        by_set[game.card(c).set_id] = by_set.get(game.card(c).set_id, 0) + 1
    assert by_set == {"10th": 100, "cotg": 100}
    # Same names, different cards: a CotG Druids and a 10th Druids are both in the deck.
    druids = {game.card(c).id for c in center if game.name_of(c) == "Druids of the Stone Circle"}
    assert druids == {"10th.druids_of_the_stone_circle", "cotg.druids_of_the_stone_circle"}
    assert game.invariant_problems() == []


def test_10th_and_cotg_mixed_simulate_without_invariant_violations():
    out = simulate(["10th", "cotg"], ["greedy"] * 6, games=5, seed=1, check=True)
    assert out["games"] == 5 and out["players"] == 6
    assert out["invariant_violations"] == 0, out["violations"]
    assert out["capped_games"] == 0


def test_cotg_alone_simulates_without_invariant_violations():
    out = simulate(["cotg"], ["greedy", "random"], games=3, seed=2, check=True)
    assert out["invariant_violations"] == 0, out["violations"]
    assert out["capped_games"] == 0


def test_twofold_askara_cannot_repeat_the_other_sets_twofold_askara_in_a_mix():
    """With 10th and CotG mixed, both sets' Twofold Askara may be in play: neither may repeat the
    other (they would repeat each other forever)."""
    game = new_game(["10th", "cotg"], ["Ann", "Bob"], seed=7)
    arrange(game, 0, hand=["Lifebound Initiate", "10th.twofold_askara", "cotg.twofold_askara"])
    script(game, ["Play Lifebound Initiate", "Play Twofold Askara"], finish=False)
    script(game, ["Play Twofold Askara"], finish=False)   # asks nothing: only Lifebound Initiate may be repeated
    assert [game.card(c).id for c in game.players[0].played] == \
        ["10th.lifebound_initiate", "10th.twofold_askara", "cotg.twofold_askara"]
    assert (game.players[0].runes, game.players[0].honor) == (3, 3)   # Lifebound Initiate three times

"""The bots against the Cult (issue #20) at the end of the game: the game ends at the end of the
turn in which the honor pool empties, so the honor a player takes decides who moves last."""
from __future__ import annotations

from ascension.core.bots import make_bot
from ascension.core.match import new_game
from ascension.core.scenario import arrange, arrange_center, empty_center_row, set_resources

# The Cult takes Void Remnant (4 honor from the pool) and Lycan Fang next; no Renown milestone.
ROW = ["Mushroom Druid", "Shadow Mender", "Master Vaya", "Snowstrider Lycan", "Lycan Fang", "Void Remnant"]


def medium_move(pool: int, power: int) -> str:
    """What the medium bot does first with ``power`` and nothing to buy, ``pool`` honor left."""
    game = new_game(["legends"], ["Ann"], ["cult"], seed=1)
    arrange(game, 0, hand=[])
    empty_center_row(game)
    arrange_center(game, ROW)
    game.pool = pool
    set_resources(game, 0, power=power)
    dec = game.decision()
    option = dec.options[make_bot("medium", game.ctx.defs, 1, 0).choose(game.view(0), dec)]
    return "end" if option[0] == "end" else game.name_of(option[1])


def test_the_bot_leaves_the_cultist_rather_than_hand_the_cult_the_end_of_the_game():
    """5 honor left, the Cult's next turn takes 4: a Cultist would leave 4, and the Cult's turn
    would end the game; without it the player gets another turn."""
    assert medium_move(pool=5, power=2) == "end"


def test_the_bot_takes_the_cultist_when_the_cult_cannot_end_the_game_anyway():
    assert medium_move(pool=6, power=2) == "Cultist"   # 5 left: the Cult's 4 do not empty it
    assert medium_move(pool=3, power=2) == "Cultist"   # the Cult's turn ends the game either way


def test_emptying_the_pool_now_is_worth_what_the_cult_would_take_with_its_next_turn():
    """Void Remnant's 4 honor and Lycan Fang's 2: the Cult never takes them if the game ends now;
    taking the Remnant leaves it the next card to the left instead (Snowstrider Lycan, 3)."""
    from ascension.plugins.bots.tiers import Situation
    game = new_game(["legends"], ["Ann"], ["cult"], seed=1)
    empty_center_row(game)
    arrange_center(game, ROW)
    sense = Situation(game, 0)
    ending = lambda pool, taken=(): sum(a.turn_end(sense, pool, set(taken)) or 0.0 for a in sense.advice)  # noqa: E731
    assert ending(0) == 4 + 2
    assert ending(0, [game.center_row[-1]]) == 2 + 3
    assert ending(20) == 0.0   # the Cult's next turn neither ends the game nor is denied it

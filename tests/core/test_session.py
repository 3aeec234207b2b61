"""The session: people and bots through one object, undo (assisted after reveals), save/resume."""
import pytest

from ascension.core.engine import InvalidAnswer
from ascension.core.match import SaveFileError
from ascension.core.scenario import arrange
from ascension.core.session import Seat, Session


def vs_bot(seed=5):
    return Session.start(["10th"], [Seat("Ann"), Seat("Bot", "bot", "greedy")], seed=seed)


def test_a_person_and_a_bot_play_a_whole_game_through_the_session():
    s = vs_bot()
    while not s.over:
        if s.waiting_for_bot():
            s.step_bot()
        else:
            dec = s.decision()
            s.answer(0 if dec.kind != "action" or s.game.turn <= 40 else len(dec.options) - 1)
    res = s.result()
    assert res["winners"] == s.game.winners()
    assert {r["name"] for r in res["scores"]} == {"Ann", "Bot"}


def test_undo_without_reveal_restores_the_position_and_is_not_assisted():
    s = vs_bot()
    arrange(s.game, 0, hand=["Apprentice", "Militia", "Apprentice", "Apprentice", "Apprentice"])
    before = s.to_json()
    s.answer(0)  # play an Apprentice: reveals nothing
    assert s.game.players[0].runes == 1
    assert s.can_undo(0) and not s.undo_reveals()
    s.undo()
    assert s.game.players[0].runes == 0 and len(s.game.players[0].hand) == 5
    assert not s.assisted
    assert s.to_json() == before


def test_undo_after_a_draw_is_allowed_but_marks_the_game_assisted():
    s = vs_bot()
    arrange(s.game, 0, hand=["Arha Initiate"], deck=["Mystic"])
    s.answer(0)  # Arha Initiate draws a card: hidden information is revealed
    assert s.undo_reveals()
    s.undo()
    assert s.assisted
    assert [s.game.name_of(c) for c in s.game.players[0].hand] == ["Arha Initiate"]


def test_a_bad_answer_is_refused_and_leaves_nothing_to_undo():
    s = vs_bot()
    with pytest.raises(InvalidAnswer):
        s.answer(99)
    assert not s.can_undo()


def test_session_save_and_resume_is_exact():
    s = vs_bot()
    s.answer(0)
    text = s.to_json()
    again = Session.from_json(text)
    assert again.to_json() == text
    assert [x.kind for x in again.seats] == ["human", "bot"]


@pytest.mark.parametrize("when", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-14:00"])
def test_a_start_beyond_the_calendar_in_utc_is_refused_as_the_save_is_read(when):
    """It loaded and played to its end, and then no record of it could ever be made (the
    history keeps times in UTC): an OverflowError, and the game waited among the saved games
    for a mend that could not come."""
    import json
    d = json.loads(vs_bot().to_json())
    d["started_at"] = when
    with pytest.raises(SaveFileError, match="started_at: a time beyond the calendar's ends in UTC"):
        Session.from_json(json.dumps(d), "edited.json")
    d["started_at"] = "0001-01-01T00:00:00+00:00"   # at the very edge, but there
    assert Session.from_json(json.dumps(d)).started_at.year == 1


def test_broken_session_file_is_refused():
    with pytest.raises(SaveFileError, match="not a valid saved session"):
        Session.from_json('{"format": 1, "seats": []}')


def test_the_bots_moves_keep_their_reasons_for_why_this_move():
    s = Session.start(["10th"], [Seat("Ann"), Seat("Bot", "bot", "medium")], seed=7)
    assert s.recent_bot_moves() == []
    s.answer(len(s.decision().options) - 1)          # Ann ends her turn at once
    while s.waiting_for_bot():
        s.step_bot()
    moves = s.recent_bot_moves()
    assert moves and all(m.seat == 1 for m in moves)
    assert moves[-1].move == "End turn"
    took = [m for m in moves if m.move.startswith(("Acquire", "Defeat"))]
    assert took and all(any(ch.isdigit() for ch in m.why()) for m in took)   # the scores it weighed
    s.undo()                                          # taking back Ann's answer takes the bot's moves too
    assert s.bot_moves == [] and s.recent_bot_moves() == []


def test_hints_and_bot_reasons_name_the_teammate_not_a_seat_number():
    seats = [Seat("Ann"), Seat("Bob", "bot", "medium"), Seat("Cat", "bot", "medium"), Seat("Dee", "bot", "medium")]
    session = Session.start(["10th", "rotf"], seats, ["teams"], seed=3)
    game = session.game
    mystic = game.piles["10th.mystic"][-1]
    bot = session.bots[1]
    assert bot.describe(("gift", mystic, 3)) == "Gift Mystic to Dee"
    assert bot.describe(("mode", 2), {"verb": "take_honor"}) == "Take honor from Cat"
    # the hint's bot is named the same way
    from ascension.core.bots import make_bot
    assert session._named(make_bot("medium", game.ctx.defs, 3, 0)).describe(("gift", mystic, 2)) == "Gift Mystic to Cat"

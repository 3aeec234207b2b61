"""Every answer is all or nothing: whatever a plugin (or the engine) raises in the middle of
``Game.apply``, the game is left exactly as it was (byte-equal save, log and answers), the error
names the plugin and the hook, and the game goes on with another answer."""
from __future__ import annotations

import pytest

from ascension.core import engine
from ascension.core.bots import make_bot
from ascension.core.engine import EngineError, PluginError
from ascension.core.hookspecs import hookimpl
from ascension.core.match import load, new_game, save
from ascension.core.scenario import arrange, arrange_center, set_resources
from ascension.core.session import Seat, Session


class Saboteur:
    """A third-party plugin whose hook ``hook`` raises while ``armed`` (for ``card`` only, when given)."""

    def __init__(self, hook: str, card: int | None = None, event: str | None = None, error=RuntimeError):
        self.hook, self.card, self.event, self.armed, self.error = hook, card, event, True, error

    def _strike(self, hook: str, card: int | None = None) -> None:
        if self.armed and hook == self.hook and (self.card is None or card == self.card):
            raise self.error(f"sabotage in {hook}")

    @hookimpl
    def asc_card_played(self, game, seat, card):
        self._strike("asc_card_played", card)

    @hookimpl
    def asc_card_acquired(self, game, seat, card, where):
        self._strike("asc_card_acquired", card)

    @hookimpl
    def asc_card_defeated(self, game, seat, card, where):
        self._strike("asc_card_defeated", card)

    @hookimpl
    def asc_event(self, game, event):
        if self.event is None or event.kind == self.event:
            self._strike("asc_event")

    @hookimpl
    def asc_card_entered_center_row(self, game, card, slot):
        self._strike("asc_card_entered_center_row")

    @hookimpl
    def asc_refill_center_row(self, game, slot):
        self._strike("asc_refill_center_row")   # None otherwise: the base rules refill


def mid_game(seed: int = 8, answers: int = 40):
    """A real 10th game some turns in, at an action decision of the player to move, who holds
    plain cards, has runes and power to spend, and sees Arha Initiate in the center row."""
    game = new_game(["10th"], ["Ann", "Bob"], seed=seed)
    bots = [make_bot("greedy", game.ctx.defs, seed, i) for i in range(2)]
    for _ in range(answers):
        dec = game.decision()
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
    while game.decision().kind != "action":
        game.apply(0)
    seat = game.current
    arrange(game, seat, hand=["Apprentice", "Militia", "Apprentice"])
    arrange_center(game, ["Arha Initiate"])
    return set_resources(game, seat, runes=20, power=20)


def answer(game, label: str) -> int:
    """The index of the option whose text starts with ``label``."""
    return next(i for i, o in enumerate(game.decision().options) if game.label(o).startswith(label))


def card_named(game, name: str, zone: list[int]) -> int:
    return next(c for c in zone if game.name_of(c) == name)


# (hook, the answer that makes it raise, another answer that does not)
CASES = [
    ("asc_card_played", "Play Apprentice", "Play Militia"),
    ("asc_card_acquired", "Acquire Arha Initiate", "Play Militia"),
    ("asc_card_defeated", "Defeat Cultist", "Play Militia"),
    ("asc_event", "Acquire Mystic", "Play Militia"),
    ("asc_card_entered_center_row", "Acquire Arha Initiate", "Play Militia"),
    ("asc_refill_center_row", "Acquire Arha Initiate", "Play Militia"),
]


@pytest.mark.parametrize("hook, trigger, other", CASES, ids=[c[0] for c in CASES])
def test_a_plugin_raising_mid_answer_leaves_the_game_exactly_as_it_was(hook, trigger, other):
    game = mid_game()
    targets = {"asc_card_played": card_named(game, "Apprentice", game.players[game.current].hand),
               "asc_card_acquired": game.center_row[0],
               "asc_card_defeated": game.piles["10th.cultist"][-1]}
    saboteur = Saboteur(hook, card=targets.get(hook), event="acquired" if hook == "asc_event" else None)
    game.ctx.pm.register(saboteur, name="saboteur")
    before, log, answers, decision = save(game), list(game.log), list(game.answers), game.decision()

    with pytest.raises(PluginError) as err:
        game.apply(answer(game, trigger))

    assert (err.value.plugin, err.value.hook) == ("saboteur", hook)
    assert isinstance(err.value.original, RuntimeError)
    assert f"plugin 'saboteur' failed in {hook}: RuntimeError: sabotage" in str(err.value)
    assert "as it was before this answer" in str(err.value)
    assert save(game) == before
    assert game.log == log and game.answers == answers and game.decision() == decision
    assert game.invariant_problems() == []

    game.apply(answer(game, other))            # the game goes on with another answer...
    saboteur.armed = False
    game.apply(answer(game, trigger))          # ...and with the same one once the plugin behaves
    assert game.invariant_problems() == []
    assert load(save(game)).to_json() == game.to_json()


def test_a_failure_long_after_the_last_checkpoint_is_put_back_by_replaying_from_it():
    """Nothing is copied per answer: the game is restored from a checkpoint up to
    CHECKPOINT_EVERY answers old, replaying the answers since (the plugin, which raises only
    for one card, behaves the same on the same states)."""
    game = mid_game()
    saboteur = Saboteur("asc_card_acquired", card=-1)
    game.ctx.pm.register(saboteur, name="saboteur")
    bots = [make_bot("greedy", game.ctx.defs, 1, i) for i in range(2)]
    for _ in range(engine.CHECKPOINT_EVERY - 2):   # answers since the checkpoint, all to be replayed
        dec = game.decision()
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
    while not any(o[0] == "acquire" for o in game.decision().options):
        game.apply(len(game.decision().options) - 1)
    assert len(game.answers) > game._checkpoint[1] + 10
    before = save(game)
    index = next(i for i, o in enumerate(game.decision().options) if o[0] == "acquire")
    saboteur.card = game.decision().options[index][1]
    with pytest.raises(PluginError, match="asc_card_acquired"):
        game.apply(index)
    assert save(game) == before


def test_a_plugin_that_fails_again_while_the_game_is_put_back_leaves_an_earlier_sound_game():
    """A plugin that raises on states it accepted before (it keeps its own state) defeats the
    replay: the game then goes back to the checkpoint, whole, and the message says so."""
    game = mid_game()
    saboteur = Saboteur("asc_event")
    saboteur.armed = False
    game.ctx.pm.register(saboteur, name="saboteur")
    game.apply(answer(game, "Play Militia"))     # the checkpoint is taken before this answer
    game.apply(answer(game, "Play Apprentice"))
    saboteur.armed = True
    with pytest.raises(PluginError, match="went back to before answer") as err:
        game.apply(answer(game, "Acquire Mystic"))
    assert err.value.hook == "asc_event"
    assert game.invariant_problems() == []
    assert [game.name_of(c) for c in game.players[game.current].hand].count("Militia") == 1
    assert load(save(game)).to_json() == game.to_json()


def test_ctrl_c_in_the_middle_of_an_answer_stays_ctrl_c_and_the_game_is_as_it_was():
    game = mid_game()
    game.ctx.pm.register(Saboteur("asc_card_acquired", error=KeyboardInterrupt), name="saboteur")
    before = save(game)
    with pytest.raises(KeyboardInterrupt):
        game.apply(answer(game, "Acquire Mystic"))
    assert save(game) == before


def test_a_bug_in_a_verb_names_the_rules_plugin_and_the_verb(monkeypatch):
    game = mid_game()
    seat = game.current
    arrange(game, seat, hand=["Shade of the Black Watch"], discard=["Apprentice"])
    before = save(game)

    def broken(*args, **kwargs):
        raise KeyError("oops")
    monkeypatch.setattr("ascension.plugins.base.verbs._distinct", broken)
    monkeypatch.setattr("ascension.plugins.base.verbs_fallen._distinct", broken, raising=False)
    with pytest.raises(PluginError) as err:
        game.apply(answer(game, "Play Shade of the Black Watch"))
    assert err.value.plugin == "base" and err.value.hook.startswith("verb '")
    assert save(game) == before


class BuggyGame(engine.Game):
    """An engine with a bug (a subclass, not a patch: the compiled Game's methods cannot be replaced)."""

    def fire_triggers(self, *args, **kwargs):
        raise IndexError("engine bug")


def test_a_bug_in_the_engine_itself_also_leaves_the_game_as_it_was():
    game = mid_game().clone(BuggyGame)
    before = save(game)
    with pytest.raises(EngineError, match="the engine failed: IndexError: engine bug") as err:
        game.apply(answer(game, "Acquire Mystic"))
    assert not isinstance(err.value, PluginError)
    assert save(game) == before


def test_the_session_keeps_no_undo_step_and_no_bot_move_for_a_failed_answer():
    session = Session.start(["10th"], [Seat("Ann"), Seat("Bot", "bot", "greedy")], seed=3)
    pm, saboteur = session.game.ctx.pm, Saboteur("asc_event")
    pm.register(saboteur, name="saboteur")
    before = session.to_json()
    with pytest.raises(PluginError):
        session.answer(0)
    assert session.undo_stack == [] and session.to_json() == before
    pm.unregister(saboteur)
    session.answer(len(session.decision().options) - 1)     # Ann ends her turn
    pm.register(saboteur, name="saboteur")
    before, moves = session.to_json(), len(session.bot_moves)
    with pytest.raises(PluginError):
        session.step_bot()
    assert len(session.bot_moves) == moves and session.to_json() == before
    pm.unregister(saboteur)
    session.step_bot()
    assert len(session.bot_moves) == moves + 1


def test_a_failure_inside_the_legendary_track_is_blamed_on_it_compiled_or_not():
    """The Track's hooks may run compiled (no Python frames of their own): a failure in one is
    still named by plugin and hook, and the game is as it was."""
    game = new_game(["10th"], ["Ann", "Bob"], ["legendary"], seed=8)
    bots = [make_bot("greedy", game.ctx.defs, 8, i) for i in range(2)]
    while not any(o[0] == "acquire" for o in game.decision().options):
        dec = game.decision()
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
    game.ext["legendary"]["renown"][str(game.current)].clear()   # a row without its factions: gaining Renown fails
    game.edited()
    before = save(game)
    index = next(i for i, o in enumerate(game.decision().options)
                 if o[0] == "acquire" and game.card(o[1]).factions)
    with pytest.raises(PluginError) as err:
        game.apply(index)
    assert (err.value.plugin, err.value.hook) == ("legendary", "asc_card_acquired")
    assert save(game) == before

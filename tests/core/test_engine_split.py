"""The engine's speed work (issue #20) kept what players and bots see: prompts rendered only when
read, the view side in core/view.py, plugin managers shared by the games of a batch, cheap clones."""
from __future__ import annotations

import json

import pytest

from ascension.core import engine, i18n, view, wording
from ascension.core.match import SetupError, new_game
from ascension.core.sim import play_game, simulate


def test_a_prompt_read_after_the_game_moved_on_reads_as_it_did_when_asked(game2):
    dec = game2.decision()
    asked = wording.render_prompt(game2, dec.intent)
    game2.apply(len(dec.options) - 1)   # end the turn
    assert dec.prompt == asked == "Choose an action"
    assert game2.decision() != dec   # the next player's own question


def test_bots_play_a_whole_batch_without_a_prompt_being_worded(monkeypatch):
    def no_words(game, intent):
        raise AssertionError("a prompt was rendered for a bot")
    monkeypatch.setattr(wording, "render_prompt", no_words)
    out = simulate(["10th"], ["greedy", "greedy"], 3, 5, variants=["legendary"])
    assert out["games"] == 3 and out["capped_games"] == 0


def test_the_view_side_is_importable_from_the_engine_as_before(game2):
    assert engine.View is view.View and engine.PublicPlayer is view.PublicPlayer
    seen = game2.view(0)
    assert seen.hand == game2.players[0].hand
    assert [p.hand for p in seen.players] == [5, 5]   # other hands: counts only
    assert engine.Game.option_card(("acquire", 17)) == 17 and game2.option_card(("end",)) is None
    assert game2.label(game2.decision().options[-1]) == "End turn"


def test_the_games_of_a_batch_share_one_plugin_manager_and_card_layout_and_play_as_alone():
    batch: dict = {}
    together = [play_game(["10th"], ["greedy"] * 4, seed, ["teams"], batch=batch) for seed in (1, 2, 3)]
    alone = [play_game(["10th"], ["greedy"] * 4, seed, ["teams"]) for seed in (1, 2, 3)]
    assert [(r.scores, r.cards) for r in together] == [(r.scores, r.cards) for r in alone]
    (hooks,) = [v for k, v in batch.items() if k[0] == "hooks"]
    assert len(hooks.pm.listeners) == 1   # the Hooks' own: finished games are not kept alive
    assert len([k for k in batch if k[0] == "layout"]) == 1


def test_a_batch_of_other_sets_seats_and_legendary_characters_plays_each_game_as_alone():
    """Games of one batch with other cards get their own layouts (Legendary characters are
    chosen per game), and a game after them still plays exactly as on its own."""
    games = [(["10th"], 2, [], 1), (["10th", "legends"], 2, ["legendary"], 1), (["10th"], 3, [], 2),
             (["10th", "legends"], 2, ["legendary"], 5), (["cotg", "rotf"], 2, [], 3), (["10th"], 2, [], 4)]
    batch: dict = {}

    def played(sets, seats, variants, seed, batch=None):
        r = play_game(sets, ["greedy"] * seats, seed, variants, keep_record=True, batch=batch)
        return r.record["answers"], r.scores
    together = [played(*g, batch=batch) for g in games]
    assert together == [played(*g) for g in games]
    assert len([k for k in batch if k[0] == "layout"]) >= 4   # 10th 2p (twice: one), legends x2, 3p, cotg+rotf


@pytest.mark.parametrize("sets, characters", [
    (["10th"], {"enlightened": "master_dhartha"}),   # also a hero of the 10th: both names get their set's mark
    (["10th"], {"enlightened": "ulu", "void": "naka"}),
    (["10th", "cotg"], {"enlightened": "master_dhartha"})])   # marked already (10th and CotG), now Legends too
def test_legendary_matches_of_a_batch_share_the_tables_of_their_other_cards_and_read_as_if_built_alone(sets, characters):
    """Each Legendary match sets its own four characters aside; what the engine reads of its cards
    (names in the log, triggers, offers, verbs) is what tables built for that match alone say."""
    batch: dict = {}
    first = new_game(sets, ["A", "B"], ["legendary"], seed=1, batch=batch,
                     options={"legendary": {"characters": {"enlightened": "ulu", "void": "emri"}}})
    shared = new_game(sets, ["A", "B"], ["legendary"], seed=2, batch=batch,
                      options={"legendary": {"characters": characters}})
    (base,) = [layout for key, layout in batch.items() if key[0] == "layout" and not key[3]]   # no card aside
    assert first.ctx.tables is not shared.ctx.tables and base.tables.defs == shared.ctx.defs[:len(base.tables.defs)]
    alone = engine.CardTables(shared.ctx.defs)
    tables = shared.ctx.tables
    for field in ("by_id", "log_names", "cheapest", "offer_terms", "play_options", "uses", "triggered_by", "verbs",
                  "keywords", "effect_keys", "names"):
        assert getattr(tables, field) == getattr(alone, field), field
    names = [shared.ctx.log_names[c] for c in shared.aside]
    assert ("Master Dhartha (Leg)" in names) == ("master_dhartha" in characters.values())


def test_a_game_outside_a_batch_still_notices_a_plugin_joining_it(game2):
    changed = game2.ctx.plugins_changed

    class Watcher:
        pass
    game2.ctx.pm.register(Watcher(), name="watcher")
    assert game2.ctx.plugins_changed == changed + 1


def test_a_clone_of_a_legendary_game_owns_its_track():
    game = new_game(["10th"], ["Ann", "Bob"], ["legendary"], seed=3)
    copy = game.clone()
    assert copy.to_json() == game.to_json()
    copy.ext["legendary"]["renown"]["0"]["mechana"] = 7
    assert game.ext["legendary"]["renown"]["0"]["mechana"] == 0


@pytest.mark.parametrize("data", [{"a": [1, {"b": None}], "c": "x"}, [True, 2.5, ["y"]], {"t": (1, [2])}])
def test_json_data_copies_as_a_round_trip_through_json_gives_it(data):
    assert engine.copy_json(data) == json.loads(json.dumps(data))


def test_set_up_messages_speak_the_players_language():
    i18n.set_language("de")
    with pytest.raises(SetupError, match="wähle mindestens ein Kartenset"):
        new_game([], ["Ann", "Bob"])


def test_an_event_logged_again_is_the_same_value_and_the_kept_events_stay_bounded(game2):
    """Equal events are logged as one immutable object (made once, not per entry); the events kept
    for that are emptied at their bound, and a log then reads exactly as before."""
    game2.emit("gained_runes", 0, None, 2)
    game2.emit("gained_runes", 0, None, 2)
    first, second = game2.log[-2:]
    assert first is second and first == engine.Event("gained_runes", 0, None, 2, "")
    kept = engine._EVENTS
    kept.update({("filler", i): first for i in range(engine._EVENTS_KEPT - len(kept))})
    game2.emit("gained_power", 1, None, 31)   # (an event not made before)
    assert len(kept) == 1 and game2.log[-1] == engine.Event("gained_power", 1, None, 31, "")
    game2.emit("gained_runes", 0, None, 2)
    assert game2.log[-1] == first and game2.log[-1] is not first   # made again once the kept ones went
    assert [list(e) for e in game2.log[-3:]] == [["gained_runes", 0, None, 2, ""], ["gained_power", 1, None, 31, ""],
                                                  ["gained_runes", 0, None, 2, ""]]
    assert [game2.text(e) for e in game2.log[-3:]] == ["Ann gains 2 runes.", "Bob gains 31 power.", "Ann gains 2 runes."]

"""Text players read is plain English: counts, articles, the places cards leave."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ascension.core.events import _TEMPLATES, Event, log_lines, render
from ascension.core.plugins import Hooks, installed, make_manager
from ascension.core.match import load_set, new_game
from ascension.core.wording import article, duration, quantity, zone_name
from ascension.ui import terminal

NAMES = {0: "Ann"}


def text(kind: str, where: str = "", n: int = 0) -> str:
    return render(Event(kind, 0, 7, n, where), NAMES.get, lambda card: "Mystic")


def test_counts_and_articles():
    assert [quantity(n, "rune") for n in (0, 1, 2)] == ["0 runes", "1 rune", "2 runes"]
    assert quantity(1, "loss", "losses") == "1 loss" and quantity(1200, "match", "matches") == "1,200 matches"
    assert article("Enlightened card") == "an Enlightened card" and article("Mechana hero") == "a Mechana hero"


@pytest.mark.parametrize("seconds, said", [
    (20, "under a minute"), (60 * 25, "25 minutes"), (60 * 60, "1 hour"), (60 * 65, "1 hour 5 minutes"),
    (60 * 60 * 24, "1 day"), (60 * (60 * 50 + 7), "2 days 2 hours"), (60 * 60 * 24 + 60, "1 day")])
def test_a_duration_reads_in_its_two_largest_units(seconds, said):
    assert duration(seconds) == said


@pytest.mark.parametrize("where, said", [
    ("center_row", "Ann banishes Mystic from the center row."),
    ("hand", "Ann banishes Mystic from their hand."),
    ("discard", "Ann banishes Mystic from their discard pile."),
    ("play", "Ann banishes Mystic from play."),
])
def test_a_banished_card_leaves_a_place_named_as_players_say_it(where, said):
    assert text("banished", where) == said


def test_cards_are_taken_from_the_center_row_a_pile_or_the_void():
    assert text("acquired", "center_row") == "Ann acquires Mystic from the center row."
    assert text("acquired", "pile") == "Ann acquires a Mystic."      # one of the pile's many
    assert text("defeated", "void") == "Ann defeats Mystic from the Void."


def test_the_cultist_is_defeated_by_name_and_never_leaves():
    game = new_game(["10th"], ["Ann", "Bob"], seed=1)
    cultist = game.piles["10th.cultist"][-1]
    game.players[0].power = 2
    game.apply(game.decision().options.index(("defeat", cultist)))
    assert game.text(next(e for e in game.log if e.kind == "defeated")) == "Ann defeats the Cultist."


def test_a_price_of_one_rune_is_singular():
    game = new_game(["10th"], ["Ann", "Bob"], seed=1)
    game.players[0].runes = 1
    assert game.label(("acquire", game.piles["10th.mystic"][-1])) == "Acquire Mystic (3 runes)"
    one = next(c for c in game.center_deck if game.card(c).cost == 1)
    assert game.label(("acquire", one)) == f"Acquire {game.name_of(one)} (1 rune)"


def test_card_text_says_an_before_a_vowel():
    remnant = next(d for d in load_set("legends").center if d.name == "Enlightened Remnant")
    assert "If you played or acquired an Enlightened card this turn" in remnant.text


def test_every_event_the_rules_emit_has_its_own_text():
    """A new event kind without a template would reach the game log as its raw name."""
    root = Path(__file__).resolve().parents[2]
    emitted = {kind for folder in ("core", "plugins") for path in (root / folder).rglob("*.py")
               for kind in re.findall(r'emit\(\s*"(\w+)"', path.read_text(encoding="utf-8"))}
    assert len(emitted) > 20 and emitted <= set(_TEMPLATES) | set(installed().event_texts)
    assert text("put_into_play") == "Ann puts Mystic into play."


def test_a_plugin_words_its_own_events():
    """The Legendary Track's events are worded by its plugin (asc_event_texts), not by the core."""
    assert "renown" in installed().event_texts and "renown" not in _TEMPLATES
    assert render(Event("renown", 0, None, 2, "lifebound"), {0: "Ann"}.get, str) == "Ann gains 2 Renown (Lifebound)."


def test_a_plugin_may_not_reword_an_event_the_core_words(probe_plugin):
    texts, refused = probe_plugin({"played": "{who} slams {card} down.", "waved": "{who} waves."})
    assert texts["waved"] == "{who} waves." and "played" not in texts
    assert refused == ["plugin 'probe' words event 'played', which the core words already: left out"]


@pytest.mark.parametrize("sentence", ["{player} waves.", "{who} waves at {", "{who.name} waves.", "{0} waves.", 5])
def test_a_plugins_event_sentence_with_a_field_the_log_does_not_fill_is_left_out_by_name(probe_plugin, sentence):
    """"{player} waves." loaded, and every line of the log failed on it (KeyError: 'player'): the
    game stopped in the terminal, and the desktop failed at every repaint."""
    texts, refused = probe_plugin({"waved": sentence})
    assert "waved" not in texts
    assert len(refused) == 1 and refused[0].startswith("plugin 'probe' failed in asc_event_texts: TypeError: expected "
                                                       "a dict of event kinds and sentences (with the fields {card}, "
                                                       "{faction}, {n}, {where}, {who})")


def test_a_sentence_whose_translation_has_a_field_the_log_does_not_fill_still_gives_a_line(monkeypatch):
    from ascension.core import events
    game = new_game(["10th"], ["Ann", "Bob"], seed=1)
    game.apply(0)
    event = next(e for e in game.log if e.kind == "played")
    monkeypatch.setattr(events, "_", lambda text: "{spieler} spielt {card}.")   # a translator's slip
    assert render(event, game.seat_name, game.log_name) == f"played {game.log_name(event.card)}"


@pytest.mark.parametrize("zone, label", [
    ("center", "Mystic (center row)"), ("hand", "Mystic (hand)"), ("discard", "Mystic (discard pile)"),
    ("void", "Mystic (Void)"), ("played", "Mystic (played this turn)"), ("constructs", "Mystic (in play)"),
    ("your_constructs", "Mystic (your construct)"), ("constructs_of_Bob", "Mystic (Bob's construct)"),
])
def test_a_card_offered_in_a_choice_says_where_it_lies(zone, label):
    game = new_game(["10th"], ["Ann", "Bob"], seed=1)
    assert game.label(("card", game.piles["10th.mystic"][-1], zone)) == label


def test_runes_only_for_mechana_constructs_say_so():
    assert text("gained_runes", "mechana", 2) == "Ann gains 2 runes to spend only on Mechana constructs."
    assert text("gained_runes", "", 2) == "Ann gains 2 runes."


def test_a_run_of_plays_that_only_gain_resources_is_one_log_line():
    names = {1: "Apprentice", 2: "Apprentice", 3: "Militia", 4: "Arha Initiate"}
    events = [Event("played", 0, 1), Event("gained_runes", 0, None, 1),
              Event("played", 0, 3), Event("gained_power", 0, None, 1),
              Event("played", 0, 2), Event("gained_runes", 0, None, 1),
              Event("played", 0, 4), Event("drew", 0, None, 1),          # its draw ends the run
              Event("gained_runes", 0, None, 1, "mechana"), Event("played", 0, 3)]
    lines = [line for _, line in log_lines(events, NAMES.get, names.get)]
    assert lines == ["Ann plays Apprentice ×2, Militia, Arha Initiate: 2 runes, 1 power.", "Ann draws 1 card.",
                     "Ann gains 1 rune to spend only on Mechana constructs.", "Ann plays Militia."]


def test_power_and_honor_in_a_run_of_plays_have_no_plural():
    names = {1: "Militia", 2: "Flytrap Witch"}
    events = [Event("played", 0, 1), Event("gained_power", 0, None, 1),
              Event("played", 0, 2), Event("gained_honor", 0, None, 2), Event("gained_power", 0, None, 1)]
    lines = [line for _, line in log_lines(events, NAMES.get, names.get)]
    assert lines == ["Ann plays Militia, Flytrap Witch: 2 power, 2 honor."]


def test_a_tie_is_explained_by_who_took_the_last_turn():
    game = new_game(["10th"], ["Ann", "Bob"], seed=1)
    for seat, p in enumerate(game.players):
        p.honor = 20 - game.card_honor(seat)
    game.last_turn = [9, 10]
    said = "Ann and Bob tied at 20 honor; the tie goes to the side whose player took a turn most recently: Bob."
    assert game.tie_break() == said
    lines: list[str] = []
    terminal.show_result(game, lines.append)
    assert lines[-2:] == [said, "Winner: Bob"]
    game.players[0].honor += 1
    assert game.tie_break() == ""


@pytest.mark.parametrize("zone, name", [("center", "center row"), ("center_row", "center row"),
                                        ("discard", "discard pile"), ("void", "Void"), ("hand", "hand"),
                                        ("your_constructs", "your constructs")])
def test_a_zone_is_called_the_same_everywhere(zone, name):
    assert zone_name(zone) == name


@pytest.fixture
def probe_plugin():
    """The event texts and refusals a plugin offering ``texts`` gets, beside the installed ones."""
    import types

    from ascension.core.hookspecs import hookimpl

    def offer(texts):
        from ascension.core.plugins import PluginInfo
        probe = types.ModuleType("probe")
        probe.PLUGIN = PluginInfo(name="probe", summary="waves")
        probe.asc_event_texts = hookimpl(lambda: texts)
        return Hooks(make_manager([probe])).event_texts()
    return offer


# ---------------------------------------------------------------------------- a plugin's options, in a bot's words
def test_the_plugins_word_their_own_options_for_the_bots_not_the_core():
    """Boons, Legendary status and team gifts are worded by their plugins (asc_option_words);
    the core words only the engine's actions and the verbs' choices."""
    from ascension.core.wording import CORE_OPTION_KINDS, describe_option
    game = new_game(["10th"], ["Ann", "Bob", "Cid", "Dee"], seed=1, variants=["legendary", "teams"])
    defs = game.ctx.defs
    card = game.center_row[0]
    name = defs[card].name
    assert {"boon", "legendary", "free", "gift"} <= set(installed().option_words) and not (
        set(installed().option_words) & CORE_OPTION_KINDS)
    assert describe_option(defs, ("boon", "mechana")) == "Use the mechana Boon"
    assert describe_option(defs, ("legendary", "void", card)) == f"Take {name} (Legendary void)"
    assert describe_option(defs, ("free", card, "void")) == f"Defeat {name} for free (Legendary status: Void)"
    assert describe_option(defs, ("gift", card, 2), seat_name=lambda s: game.seat_name(s)) == f"Gift {name} to Cid"


def offered_words(words):
    import types

    from ascension.core.hookspecs import hookimpl
    from ascension.core.plugins import PluginInfo
    probe = types.ModuleType("probe")
    probe.PLUGIN = PluginInfo(name="probe", summary="waves")
    probe.asc_option_words = hookimpl(lambda: words)
    return Hooks(make_manager([probe])).option_words()


def test_a_plugin_may_not_reword_an_option_the_core_words():
    words, refused = offered_words({"play": lambda *a: "Slam it", "wave": lambda *a: "Wave"})
    assert set(words) == {"wave"}
    assert refused == ["plugin 'probe' words option 'play', which the core words already: left out"]


@pytest.mark.parametrize("given, expected", [({"wave": "Wave"}, "a dict of option kinds and functions"),
                                             (None, "a dict of option kinds and functions")])
def test_option_words_that_are_not_functions_are_refused(given, expected):
    words, refused = offered_words(given)
    assert words == {} and len(refused) == 1 and expected in refused[0] and "asc_option_words" in refused[0]


def test_option_words_that_fail_show_the_option_and_are_logged(monkeypatch, caplog):
    from ascension.core import wording

    def broken(defs, option, seat_name):
        raise KeyError("no such faction")
    monkeypatch.setitem(installed().option_words, "boon", broken)
    assert wording.describe_option([], ("boon", "purple")) == "('boon', 'purple')"
    assert "the words of option ('boon', 'purple') failed" in caplog.text

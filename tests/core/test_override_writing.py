"""Writing a player's printed numbers into the override file (core/overrides.py ``corrected``):
what is written loads back, every other entry stays, bad numbers and broken files are refused
with the file, the card and the field named, and saved games keep the numbers they were played
with."""
from __future__ import annotations

import os
import tomllib

import pytest

from ascension.core import match, overrides
from ascension.core.cards import SetFileError
from ascension.core.match import load_set, new_game


def correct(card_id: str, values: dict | None, set_id: str = "legends"):
    """What the Cards window does: the new text, written, the sets read again."""
    path, text = overrides.corrected(set_id, card_id, values)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    overrides.reload()
    return path


def card(name: str, set_id: str = "legends"):
    s = load_set(set_id)
    return next(c for group in (s.center, s.always, s.starting) for c in group if c.name == name)


def test_typed_numbers_go_to_the_default_file_and_load_back_printed(override_config):
    assert card("Pathseeker Sensei").estimated == ("cost", "honor", "copies")
    path = correct("pathseeker_sensei", {"cost": 5, "honor": 3, "copies": 2})
    assert path == override_config / "overrides.toml"
    assert overrides.read(path) == {"legends": {"pathseeker_sensei": {"cost": 5, "honor": 3, "copies": 2}}}
    d = card("Pathseeker Sensei")
    assert (d.cost, d.honor, d.count, d.estimated) == (5, 3, 2, ())
    assert "(est." not in d.text
    game = new_game(["legends"], ["Ann", "Bob"], seed=3)
    assert game.ctx.setup["overrides"] == {"legends": {"pathseeker_sensei": {"cost": 5, "honor": 3, "copies": 2}}}


def test_only_the_estimated_or_changed_numbers_are_written(override_config):
    """Askara of Judgement: cost, honor and threshold printed, copies estimated. Saving the form
    unchanged confirms the copies and writes nothing about the printed numbers."""
    d = card("Askara of Judgement")
    assert overrides.correctable(d) == {"cost": 2, "honor": 1, "copies": 3, "renown_threshold.at": 6}
    path = correct("askara_of_judgement", overrides.correctable(d))
    assert overrides.read(path) == {"legends": {"askara_of_judgement": {"copies": 3}}}
    assert card("Askara of Judgement").estimated == ()
    correct("askara_of_judgement", {"cost": 2, "honor": 1, "copies": 3, "renown_threshold.at": 5})
    assert overrides.read(path) == {"legends": {"askara_of_judgement": {"copies": 3, "renown_threshold.at": 5}}}
    assert "Renown Threshold (5)" in card("Askara of Judgement").text


def test_a_partial_correction_keeps_the_other_estimates_marked(override_config):
    correct("master_vaya", {"cost": 6})
    d = card("Master Vaya")
    assert d.cost == 6 and d.estimated == ("honor", "copies") and d.text.endswith("(est.: honor, copies)")


def test_every_other_entry_is_kept(override_config):
    override_config.mkdir()
    path = override_config / "overrides.toml"
    path.write_text('# my notes\n[cards.legends.master_vaya]\ncost = 6\nfactions = ["void"]\n'
                    '[cards.10th.mystic]\ncost = 4\n'
                    '[cards.legends.askara_of_judgement]\n"renown_threshold.at" = 5\n'
                    '[cards.a_set_not_installed.odd_card]\n"some.key" = "a \\"quoted\\" \\\\ text é"\nx = 1.5\n')
    before = overrides.read(path)
    correct("pathseeker_sensei", {"cost": 5, "honor": 3, "copies": 2})
    after = overrides.read(path)
    assert after == {**before, "legends": {**before["legends"],
                                           "pathseeker_sensei": {"cost": 5, "honor": 3, "copies": 2}}}
    correct("master_vaya", {"cost": 7, "honor": 4, "copies": 1})   # its factions stay
    assert overrides.read(path)["legends"]["master_vaya"] == {"cost": 7, "factions": ["void"], "honor": 4, "copies": 1}
    assert card("Mystic", "10th").cost == 4


def test_use_the_estimates_again_removes_the_cards_entry_only(override_config):
    path = correct("pathseeker_sensei", {"cost": 5, "honor": 3, "copies": 2})
    correct("master_vaya", {"cost": 6})
    correct("pathseeker_sensei", None)
    assert overrides.read(path) == {"legends": {"master_vaya": {"cost": 6}}}
    d = card("Pathseeker Sensei")
    assert (d.cost, d.honor, d.count, d.estimated) == (4, 2, 2, ("cost", "honor", "copies"))
    correct("master_vaya", None)
    assert tomllib.loads(path.read_text()) == {}


@pytest.mark.parametrize("values, message", [
    ({"cost": -1}, "field 'cost': expected a whole number of at least 0, not -1"),
    ({"copies": 0}, "field 'copies': expected a whole number of at least 1, not 0"),
    ({"copies": 1000}, "field 'copies': expected a whole number of at most 100, not 1000"),
    ({"honor": "three"}, "field 'honor': expected a whole number of at least 0, not 'three'"),
    ({"cost": ""}, "field 'cost': expected a whole number of at least 0, not ''"),
])
def test_bad_numbers_are_refused_naming_the_file_the_card_and_the_field(override_config, values, message):
    path = correct("master_vaya", {"cost": 6})
    before = path.read_bytes()
    with pytest.raises(SetFileError) as err:
        overrides.corrected("legends", "pathseeker_sensei", {"cost": 4, "honor": 2, "copies": 2, **values})
    assert str(err.value) == f"{path}: [cards.legends.pathseeker_sensei]: {message}"
    assert path.read_bytes() == before


@pytest.mark.parametrize("card_id", ["cultist", "mystic", "heavy_infantry"])
def test_an_always_available_card_that_costs_nothing_is_refused(override_config, card_id):
    """A Cultist of cost 0 was accepted (its cost is estimated in Legends): every bot then
    defeated it without end, and a game with a bot never finished (its autosave neither)."""
    with pytest.raises(SetFileError, match="an always-available card costs at least 1, not 0"):
        overrides.corrected("legends", card_id, {"cost": 0})
    assert not (override_config / "overrides.toml").exists()
    correct(card_id, {"cost": 1})   # (1 is a number it may have)
    game = new_game(["legends"], ["Ann", "Bob"], seed=3)
    from ascension.core.sim import play_out
    from ascension.core.bots import make_bot
    play_out(game, [make_bot("greedy", game.ctx.defs, 3, i) for i in range(2)])
    assert game.over


def test_a_center_card_may_cost_nothing(override_config):
    correct("pathseeker_sensei", {"cost": 0})
    assert card("Pathseeker Sensei").cost == 0


def test_a_threshold_past_the_track_is_refused_by_the_whole_card_check(override_config):
    with pytest.raises(SetFileError) as err:
        overrides.corrected("legends", "askara_of_judgement", {"renown_threshold.at": 13})
    assert str(err.value).startswith(str(override_config / "overrides.toml") + ": ")
    assert "card 'askara_of_judgement'" in str(err.value) and "renown_threshold.at" in str(err.value)
    assert not (override_config / "overrides.toml").exists()


@pytest.mark.parametrize("content, message", [
    (b"[cards.legends.master_vaya\ncost = 3\n", "cannot read the override file"),
    (b"[cards.legends.no_such_card]\ncost = 3\n", "set 'legends' has no card with id 'no_such_card'"),
    (b"\xff\xfe[cards]", "not UTF-8"),
])
def test_a_broken_override_file_is_left_as_it_was(override_config, content, message):
    """It may hold numbers the player typed by hand: nothing is rewritten until it is fixed."""
    override_config.mkdir()
    path = override_config / "overrides.toml"
    path.write_bytes(content)
    with pytest.raises(SetFileError, match=message) as err:
        overrides.corrected("legends", "pathseeker_sensei", {"cost": 5})
    assert str(err.value).startswith(str(path))
    assert path.read_bytes() == content


def test_the_first_file_of_the_environment_is_written(override_config, tmp_path, monkeypatch):
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    first.write_text("")
    second.write_text("[cards.legends.master_vaya]\ncost = 7\n")
    monkeypatch.setenv(overrides.ENV, f"{first}{os.pathsep}{second}")
    assert correct("pathseeker_sensei", {"cost": 5, "honor": 2, "copies": 2}) == first
    assert second.read_text() == "[cards.legends.master_vaya]\ncost = 7\n"
    assert (card("Pathseeker Sensei").cost, card("Master Vaya").cost) == (5, 7)


@pytest.mark.parametrize("named", ["", os.pathsep, os.pathsep * 2])
def test_an_environment_that_names_no_file_is_as_unset_for_reading_and_writing(override_config, monkeypatch, named):
    """``ASCENSION_OVERRIDES=:`` had the Cards window write the default file while the games read
    none: a correction was "saved" and no game used it."""
    monkeypatch.setenv(overrides.ENV, named)
    assert correct("pathseeker_sensei", {"cost": 5}) == override_config / "overrides.toml"
    assert overrides.override_paths() == [override_config / "overrides.toml"]
    assert card("Pathseeker Sensei").cost == 5
    assert new_game(["legends"], ["Ann", "Bob"], seed=3).ctx.setup["overrides"]["legends"]["pathseeker_sensei"] == {
        "cost": 5}


def test_nothing_is_written_while_the_override_files_are_left_out(override_config, monkeypatch):
    monkeypatch.setattr(overrides, "_left_out", "x.toml: field 'cost': expected a whole number")
    with pytest.raises(SetFileError, match=r"not used in this session \(x.toml: field 'cost'"):
        overrides.corrected("legends", "pathseeker_sensei", {"cost": 5})
    assert not override_config.exists()


def test_a_saved_game_keeps_its_numbers_and_a_new_game_takes_the_correction(override_config):
    correct("pathseeker_sensei", {"cost": 5, "honor": 3, "copies": 2})
    game = new_game(["legends"], ["Ann", "Bob"], seed=4)
    text = match.save(game)
    correct("pathseeker_sensei", {"cost": 6, "honor": 3, "copies": 3})

    def sensei(g):
        ids = [c for c in g.all_zones() if g.name_of(c) == "Pathseeker Sensei"]
        return g.card(ids[0]).cost, len(ids)
    restored = match.load(text)
    assert restored.to_json() == game.to_json() and sensei(restored) == (5, 2)
    assert sensei(new_game(["legends"], ["Ann", "Bob"], seed=4)) == (6, 3)


def test_a_game_from_before_any_correction_keeps_the_estimates(override_config):
    game = new_game(["legends"], ["Ann", "Bob"], seed=4)
    text = match.save(game)
    correct("pathseeker_sensei", {"cost": 6, "honor": 3, "copies": 3})
    restored = match.load(text)
    ids = [c for c in restored.all_zones() if restored.name_of(c) == "Pathseeker Sensei"]
    assert (restored.card(ids[0]).cost, restored.card(ids[0]).estimated, len(ids)) == (4, ("cost", "honor", "copies"), 2)


@pytest.mark.parametrize("value", [
    'plain', 'a "quote" and a \\ backslash', "tab\tnew\nline\x7f\x01", "é 😀 ü", "",
])
def test_the_writer_round_trips_text_keys_and_values(value, tmp_path):
    entry = {"n": 1, "t": True, "s": value, "l": [value, "b"], "dotted.key": value}
    text = overrides._edited(tmp_path / "none.toml", "set one", value or "x", entry)
    assert tomllib.loads(text)["cards"] == {"set one": {value or "x": entry}}


def test_a_correction_keeps_the_players_comments_and_everything_else_in_the_file(override_config):
    """The Cards window wrote the file anew from its tables: every comment and the layout the
    player gave a hand-written file were gone at the first correction."""
    override_config.mkdir()
    path = override_config / "overrides.toml"
    hand_written = ('# my Legends box, checked 2026-11-30\n'
                    '[cards.legends.master_vaya]   # the promo printing\n'
                    'cost = 6    # not 5\n'
                    '\n'
                    '[cards.legends.pathseeker_sensei]\n'
                    'honor = 3   # typed from the card\n')
    path.write_text(hand_written)
    overrides.reload()
    correct("pathseeker_sensei", {"cost": 5})
    text = path.read_text()
    assert text.startswith(hand_written.split("honor")[0]) and "honor = 3   # typed from the card\n" in text
    assert overrides.read(path) == {"legends": {"master_vaya": {"cost": 6},
                                                "pathseeker_sensei": {"honor": 3, "cost": 5}}}
    correct("pathseeker_sensei", None)   # the estimates again: that card's entry goes, the rest stays
    assert path.read_text() == "# my Legends box, checked 2026-11-30\n[cards.legends.master_vaya]   # the promo printing\ncost = 6    # not 5\n\n"


def test_a_file_written_by_an_earlier_version_no_longer_says_its_comments_are_dropped(override_config):
    override_config.mkdir()
    path = override_config / "overrides.toml"
    path.write_text(overrides.EARLIER_HEADER + "\n[cards.legends.master_vaya]\ncost = 6\n")
    correct("pathseeker_sensei", {"cost": 5})
    assert path.read_text().startswith(overrides.HEADER) and "not kept" not in path.read_text()


def test_a_file_changed_since_it_was_read_into_what_toml_refuses_is_named_and_left(tmp_path):
    """The correction edits the file as it is on the disk now: one broken meanwhile (an editor's
    slip between the check and the edit) is named, and nothing is written."""
    path = tmp_path / "mine.toml"
    path.write_text("[cards.legends.master_vaya\ncost = 3\n")
    with pytest.raises(SetFileError, match=f"^{path}: cannot read the override file: "):
        overrides._edited(path, "legends", "master_vaya", {"cost": 4})
    assert path.read_text() == "[cards.legends.master_vaya\ncost = 3\n"

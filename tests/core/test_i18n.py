"""The translation layer (core/i18n.py): one catalogue, chosen by code, environment or locale."""
from __future__ import annotations

import pytest

from ascension.core import i18n


def test_english_is_the_source_text_and_loads_nothing():
    assert i18n.set_language("en") == "en"
    assert i18n._("Gain {n} honor.") == "Gain {n} honor."
    assert i18n.ngettext("Draw {n} card.", "Draw {n} cards.", 2) == "Draw {n} cards."


def test_german_translates_and_chooses_the_plural_form():
    assert i18n.set_language("de") == "de"
    assert i18n._("Gain {n} honor.").format(n=2) == "Erhalte 2 Ehre."
    assert i18n.ngettext("Draw {n} card.", "Draw {n} cards.", 1).format(n=1) == "Ziehe 1 Karte."
    assert i18n.ngettext("Draw {n} card.", "Draw {n} cards.", 3).format(n=3) == "Ziehe 3 Karten."


def test_a_message_the_catalogue_lacks_shows_in_english_and_is_reported():
    i18n.set_language("de")
    assert i18n._("A sentence no catalogue has.") == "A sentence no catalogue has."
    assert "A sentence no catalogue has." in i18n.missing()


@pytest.mark.parametrize("env, expected", [
    ({"ASCENSION_LANG": "de"}, "de"),
    ({"ASCENSION_LANG": "", "LC_ALL": "de_DE.UTF-8"}, "de"),
    ({"ASCENSION_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "de_AT.UTF-8"}, "de"),
    ({"ASCENSION_LANG": "", "LC_ALL": "C", "LC_MESSAGES": "", "LANG": "C.UTF-8"}, "en"),
    ({"ASCENSION_LANG": "fr_FR"}, "en"),   # no French catalogue: English
])
def test_the_language_follows_ascension_lang_then_the_system_locale(monkeypatch, env, expected):
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert i18n.set_language() == expected


def test_the_pseudo_language_marks_every_translated_string():
    i18n.set_language("qps")
    assert i18n._("Pass") == "⟦Pass⟧"


def test_languages_offered_are_english_and_every_catalogue():
    assert i18n.available() == {"en": "English", "de": "Deutsch"}


def test_every_message_in_the_sources_has_a_german_translation():
    """scripts/catalogue.py --update adds new messages untranslated; this fails until a translator
    fills them in."""
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location(
        "catalogue", Path(__file__).resolve().parents[2] / "scripts" / "catalogue.py")
    catalogue = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(catalogue)
    assert [info[2] + " " + key[1] for key, info in catalogue.lacking("de")] == []

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
    from scripts_loader import load_script
    catalogue = load_script("catalogue")
    assert [info[2] + " " + key[1] for key, info in catalogue.lacking("de")] == []


SOURCES = ("core", "plugins", "ui")
TRANSLATING = ("_", "N_", "ngettext", "pgettext")


def _modules():
    import ast
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    for top in SOURCES:
        for path in sorted((root / top).rglob("*.py")):
            yield path.relative_to(root), ast.parse(path.read_text(encoding="utf-8"))


def test_no_translated_message_hides_inside_an_f_string():
    """Babel cannot see ``_()`` inside an f-string: such a message never reaches the catalogue."""
    import ast
    hidden = []
    for path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                hidden += [f"{path}:{call.lineno}: {ast.unparse(call)}" for call in ast.walk(node)
                           if isinstance(call, ast.Call) and getattr(call.func, "id", None) in TRANSLATING
                           and any(isinstance(a, ast.Constant) for a in call.args)]
    assert hidden == []


def test_no_module_that_translates_uses_underscore_as_a_throwaway_name():
    """``for _ in ...`` in a module that imports ``_`` makes ``_`` a local name of that function:
    a message translated there would raise instead of showing."""
    import ast
    shadowed = []
    for path, tree in _modules():
        imports_it = any(isinstance(n, ast.ImportFrom) and n.module and n.module.endswith("i18n")
                         and any(a.name == "_" and a.asname is None for a in n.names) for n in ast.walk(tree))
        if imports_it:
            shadowed += [f"{path}:{n.lineno}" for n in ast.walk(tree)
                         if isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)]
    assert shadowed == []

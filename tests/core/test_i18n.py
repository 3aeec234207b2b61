"""The translation layer (core/i18n.py): one catalogue, chosen by code, environment or locale."""
from __future__ import annotations

import pytest

import errno
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

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
    # POSIX: the first locale variable set decides; C (or POSIX) asks for English over a German LANG
    ({"ASCENSION_LANG": "", "LC_ALL": "C", "LC_MESSAGES": "", "LANG": "de_DE.UTF-8"}, "en"),
    ({"ASCENSION_LANG": "", "LC_ALL": "POSIX", "LC_MESSAGES": "", "LANG": "de_DE.UTF-8"}, "en"),
    ({"ASCENSION_LANG": "", "LC_ALL": "", "LC_MESSAGES": "C", "LANG": "de_DE.UTF-8"}, "en"),
    # GNU's LANGUAGE list, where the locale is not C: its first language with a catalogue
    ({"ASCENSION_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "en_GB.UTF-8", "LANGUAGE": "fr:de:en"}, "de"),
    ({"ASCENSION_LANG": "", "LC_ALL": "C", "LC_MESSAGES": "", "LANG": "", "LANGUAGE": "de"}, "en"),
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


# ---------------------------------------------------------------------------- pydantic's words
class _Inner(BaseModel):
    x: int


class _Every(BaseModel):
    """A model each bad value of which raises one of the error types the catalogue words."""
    model_config = ConfigDict(extra="forbid")
    a: list[int] = Field(min_length=2, max_length=3)
    s: str = Field(min_length=2, max_length=3)
    i: StrictInt = Field(ge=0, le=5)
    j: int = Field(gt=0, lt=5)
    k: Literal["human", "bot"]
    d: dict[str, int]
    f: float
    b: bool
    t: datetime
    inner: _Inner
    needed: int


BAD_VALUES = [dict(a=[1], s="x", i=-1, j=0, k="x", d=3, f="x", b="maybe", t="yesterday", inner=3, extra=1),
              dict(a=[1, 2, 3, 4], s="xxxx", i=9, j=9, k=1, d={"a": "b"}, f=[1], b=3, t=[1], inner={"x": 1.5}),
              dict(a="x", s=3, i="3", j="x", inner={"x": "y"}, b=[1], needed=1)]


def every_error() -> list[dict]:
    errors = []
    for values in BAD_VALUES:
        with pytest.raises(ValidationError) as exc:
            _Every(**values)
        errors += exc.value.errors()
    return errors


def test_validation_messages_are_pydantics_own_words_in_english():
    errors = every_error()
    worded = set(i18n._EXPECTED) | set(i18n._LENGTH)
    assert worded <= {e["type"] for e in errors}            # each worded type is met here
    for err in errors:
        if err["type"] == "model_type":   # but for our class's name
            assert err["msg"] == "Input should be a valid dictionary or instance of _Inner"
            assert i18n.validation_message(err) == "Input should be a valid dictionary"
        else:
            assert i18n.validation_message(err) == err["msg"], err["type"]


def test_validation_messages_are_read_in_the_players_language():
    errors = [e for e in every_error() if e["type"] in set(i18n._EXPECTED) | set(i18n._LENGTH)]
    i18n.set_language("de")
    german = {e["type"]: i18n.validation_message(e) for e in errors}
    assert all(german[e["type"]] != e["msg"] for e in errors)
    assert german["less_than_equal"] == "Erwartet wird höchstens 5"
    assert german["too_short"] == "Die Liste sollte mindestens 2 Einträge haben, nicht 1"


def test_a_bad_save_is_named_in_the_players_language():
    from ascension.core.match import SaveFileError, load
    i18n.set_language("de")
    with pytest.raises(SaveFileError) as err:
        load('{"format": 1, "setup": {}, "state": {}, "answers": [-1]}', "game.json")
    assert str(err.value) == "game.json: kein gültiges gespeichertes Spiel: state.seed: Pflichtfeld fehlt"


# ---------------------------------------------------------------------------- the system's words
def test_a_file_error_is_said_plainly_naming_the_file_once():
    full = OSError(errno.ENOSPC, "No space left on device", "/home/ann/game.json")
    assert i18n.os_error(full) == "the disk is full: /home/ann/game.json"
    assert i18n.os_error(full, named="/home/ann/game.json") == "the disk is full"   # the message names it
    assert i18n.os_error(OSError(errno.ENOSPC, "No space left on device")) == "the disk is full"
    odd = OSError(errno.ESTALE, "Stale file handle", "/net/game.json")
    assert i18n.os_error(odd) == "Stale file handle: /net/game.json"                 # the system's words
    assert i18n.os_error(OSError("something else")) == "something else"


def test_a_data_folder_linked_to_a_folder_that_is_not_there_is_said_to_be_that(tmp_path):
    """Making the folder failed "as a file of that name is in the way": the player looks for a file
    and finds none (the link leads to a drive not mounted, say)."""
    from ascension.core.folders import write_text_atomic
    data = tmp_path / "data"
    data.symlink_to(tmp_path / "usb" / "ascension")
    with pytest.raises(OSError) as err:
        write_text_atomic(data / "autosave.json", "{}")
    assert i18n.os_error(err.value) == f"it is a link to {tmp_path / 'usb' / 'ascension'}, which does not exist: {data}"
    (tmp_path / "a file").write_text("")
    with pytest.raises(OSError) as err:
        write_text_atomic(tmp_path / "a file" / "autosave.json", "{}")
    assert i18n.os_error(err.value) == f"a file of that name is in the way: {tmp_path / 'a file'}"   # (a file: as it was)


def test_a_file_error_is_said_in_the_players_language():
    i18n.set_language("de")
    assert i18n.os_error(PermissionError(errno.EACCES, "Permission denied", "/x")) == "keine Berechtigung: /x"


def test_a_failed_write_names_the_file_asked_for_not_its_temporary_file(tmp_path):
    from ascension.core.folders import write_text_atomic
    (tmp_path / "game.json").mkdir()   # the rename of the temporary file onto it fails
    with pytest.raises(OSError) as err:
        write_text_atomic(tmp_path / "game.json", "{}")
    assert i18n.os_error(err.value) == f"that is a folder, not a file: {tmp_path / 'game.json'}"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]

"""Plugins load through entry points; a broken third-party plugin is named and the rest load."""
import sys
import textwrap

import pytest

from ascension.core.match import SetupError, new_game
from ascension.core.plugins import installed, load_catalog


def test_builtin_plugins_are_found_through_entry_points():
    cat = installed()
    assert {"base", "samael"} <= set(cat.infos)
    assert cat.infos["base"].always
    assert cat.variants()["samael"].name == "samael"
    assert cat.errors == []


def test_a_match_enables_only_the_plugins_it_needs():
    duel = new_game(["10th"], ["A", "B"], seed=1)
    solo = new_game(["10th"], ["A"], ["samael"], seed=1)
    assert duel.ctx.pm.get_plugin("samael") is None
    assert solo.ctx.pm.get_plugin("samael") is not None
    assert duel.ctx.pm is not solo.ctx.pm


@pytest.fixture
def plugin_dir(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in ("asc_badhook", "asc_crashes", "asc_good", "asc_noinfo"):
        sys.modules.pop(name, None)


def _write(folder, name, body):
    (folder / f"{name}.py").write_text(textwrap.dedent(body))


def test_broken_third_party_plugins_are_named_and_the_rest_load(plugin_dir):
    _write(plugin_dir, "asc_crashes", "raise RuntimeError('boom at import')\n")
    _write(plugin_dir, "asc_badhook", """
        from ascension.core.hookspecs import hookimpl
        from ascension.core.plugins import PluginInfo
        PLUGIN = PluginInfo(name="badhook", summary="misspelt hook")
        @hookimpl
        def asc_refil_center_row(game, slot):
            return True
    """)
    _write(plugin_dir, "asc_noinfo", "x = 1\n")
    _write(plugin_dir, "asc_good", """
        from ascension.core.plugins import PluginInfo
        PLUGIN = PluginInfo(name="good", summary="does nothing", variant="nothing")
    """)
    cat = load_catalog({"crashes": "asc_crashes", "badhook": "asc_badhook", "noinfo": "asc_noinfo",
                        "good": "asc_good", "missing": "asc_does_not_exist"})
    errors = "\n".join(cat.errors)
    assert "plugin 'crashes' (asc_crashes)" in errors and "boom at import" in errors
    assert "plugin 'badhook' (asc_badhook)" in errors and "asc_refil_center_row" in errors
    assert "plugin 'noinfo' (asc_noinfo)" in errors
    assert "plugin 'missing' (asc_does_not_exist)" in errors
    assert len(cat.errors) == 4
    assert {"base", "samael", "good"} <= set(cat.infos)


def test_a_plugin_left_out_is_named_in_the_players_language(plugin_dir):
    from ascension.core import i18n
    _write(plugin_dir, "asc_crashes", "raise RuntimeError('boom at import')\n")
    i18n.set_language("de")
    assert load_catalog({"crashes": "asc_crashes"}).errors == [
        "Plugin 'crashes' (asc_crashes) wurde nicht geladen: RuntimeError: boom at import"]


def test_unknown_variant_is_refused_with_the_list_of_variants():
    with pytest.raises(SetupError, match="unknown variant 'chess'.*samael"):
        new_game(["10th"], ["A", "B"], ["chess"])


@pytest.mark.parametrize("names, variants, message", [
    (["A"], [], "1 player"),
    (["A", "B", "C", "D", "E"], [], "allows at most 4"),
    (["A", "B"], ["samael"], "exactly 1 player"),
])
def test_impossible_setups_are_refused(names, variants, message):
    with pytest.raises(SetupError, match=message):
        new_game(["10th"], names, variants)


def test_unknown_set_is_refused():
    with pytest.raises(SetupError, match="unknown set 'zzz'"):
        new_game(["zzz"], ["A", "B"])


def test_too_many_players_is_said_once():
    """Seven players said "7 players: a game needs 2 to 6 players...; 7 players: 10th allows at most 4"."""
    with pytest.raises(SetupError) as refused:
        new_game(["10th"], [f"P{i}" for i in range(7)])
    assert str(refused.value) == "7 players: a game needs 2 to 6 players, or a solo variant for 1"

"""Card sets can come from an installed package: its plugin ships set files (``asc_card_sets``),
found the way a pip-installed plugin is (an entry point in the ``ascension`` group); an id
that is already taken is refused by name, with both files named."""
from __future__ import annotations


import pytest

from ascension.core import plugins as plugin_mod
from ascension.core.cards import builtin_set_paths
from ascension.core.match import available_sets, new_game
from ascension.core.sim import play_game, verify_record

TINY = '''
[set]
id = "tiny"
name = "Tiny Expansion"

[[card]]
id = "pebble_scout"
name = "Pebble Scout"
type = "hero"
factions = ["lifebound"]
cost = 1
honor = 1
copies = 15
play = [{ gain = { runes = 1 } }]

[[card]]
id = "gravel_imp"
name = "Gravel Imp"
type = "monster"
cost = 1
copies = 15
reward = [{ gain = { honor = 1 } }]
'''

SHIPS_ITS_TOML_FILES = '''
from pathlib import Path
from ascension.core.hookspecs import hookimpl
from ascension.core.plugins import PluginInfo
PLUGIN = PluginInfo(name="NAME", summary="ships card sets")

@hookimpl
def asc_card_sets():
    return sorted(Path(__file__).parent.glob("*.toml"))
'''


@pytest.fixture
def site(installed_package):
    """``install(name, sets, code)``: a package with its module and its set files (``sets``:
    file name -> TOML), installed as pip would."""
    return lambda name, sets, code=SHIPS_ITS_TOML_FILES: installed_package(
        name, {"__init__.py": code.replace("NAME", name), **{f"{n}.toml": t for n, t in sets.items()}})


def test_a_set_an_installed_package_ships_is_offered_and_played(site):
    package = site("tiny", {"tiny": TINY})
    assert list(available_sets()) == [*builtin_set_paths(), "tiny"]
    assert available_sets()["tiny"] == package / "tiny.toml"
    assert plugin_mod.installed().versions["tiny"] == "1.0" and not plugin_mod.installed().errors
    result = play_game(["10th", "tiny"], ["greedy", "greedy"], seed=3, check=True, keep_record=True)
    assert result.violations == [] and not result.capped
    taken = {name for name, _, _, _ in result.cards}
    assert {"Pebble Scout", "Gravel Imp"} <= taken            # its cards were dealt and taken
    assert result.record["setup"]["sets"] == ["10th", "tiny"] and verify_record(result.record)


def test_a_set_whose_id_is_taken_is_refused_by_name_and_the_others_still_load(site):
    clash = site("clash", {"10th": TINY.replace('id = "tiny"', 'id = "10th"'), "tiny": TINY})
    copycat = site("copycat", {"tiny": TINY, "Tiny Too": TINY})
    errors = plugin_mod.installed().errors
    assert errors == [
        f"plugin 'clash' ships set '10th' ({clash / '10th.toml'}), but that id is already the built-in "
        f"set '10th' ({builtin_set_paths()['10th']}): left out",
        f"plugin 'copycat' ships set file {copycat / 'Tiny Too.toml'}, whose name is not a set id (lowercase "
        f"letters and digits, as its [set] id): left out",
        f"plugin 'copycat' ships set 'tiny' ({copycat / 'tiny.toml'}), but that id is already plugin "
        f"'clash''s set 'tiny' ({clash / 'tiny.toml'}): left out"]
    assert available_sets()["10th"] == builtin_set_paths()["10th"]
    assert available_sets()["tiny"] == clash / "tiny.toml"
    assert new_game(["10th"], ["Ann", "Bob"], seed=1).ctx.by_id["10th.mystic"].set_id == "10th"


@pytest.mark.parametrize("body, expected", [
    ("raise RuntimeError('no disk')", "plugin 'broken' failed in asc_card_sets: RuntimeError: no disk"),
    ("return 42", "plugin 'broken' failed in asc_card_sets: TypeError: expected a list of paths, not 42"),
    ("return ['/nowhere/lost.toml']", "plugin 'broken' ships set file /nowhere/lost.toml, which is not a "
                                      ".toml file: left out"),
])
def test_a_plugin_whose_sets_cannot_be_had_is_named_and_the_others_load(site, body, expected):
    code = SHIPS_ITS_TOML_FILES.replace('return sorted(Path(__file__).parent.glob("*.toml"))', body)
    site("broken", {}, code)
    site("tiny", {"tiny": TINY})
    assert plugin_mod.installed().errors == [expected]
    assert "tiny" in available_sets() and "broken" in plugin_mod.installed().infos

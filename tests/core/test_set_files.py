"""Set files: the shipped set is complete, and broken files name file, card and field."""
import pytest

from ascension.core.cards import SetFileError, load_set_file
from ascension.core.match import load_set
from ascension.core.plugins import installed, make_manager, verbs_for

GOOD_CARD = '''
[[card]]
id = "demon_slayer"
name = "Demon Slayer"
type = "hero"
factions = ["void"]
cost = 4
honor = 2
copies = 2
play = [{ gain = { power = 3 } }]
'''
HEADER = '[set]\nid = "mini"\nname = "Mini"\n'


@pytest.fixture(scope="module")
def verbs():
    return verbs_for(make_manager([installed().modules["base"]]))


def _load(tmp_path, verbs, text, name="mini.toml"):
    path = tmp_path / name
    path.write_text(text)
    return load_set_file(path, verbs)


def test_10th_set_has_48_cards_and_100_copies():
    s = load_set("10th")
    assert len(s.center) == 48
    assert s.center_copies == 100 == s.center_deck_expected
    factions = {}
    for c in s.center:
        key = c.factions[0] if c.factions else "monster"
        factions[key] = factions.get(key, 0) + c.count
    assert factions == {"enlightened": 18, "lifebound": 18, "mechana": 18, "void": 18, "monster": 28}
    piles = {c.name: c.count for c in s.always}
    assert piles == {"Mystic": 20, "Heavy Infantry": 20, "Cultist": 1}
    assert {c.name: c.count for c in s.starting} == {"Apprentice": 8, "Militia": 2}


def test_card_text_is_rendered_from_effect_data():
    cards = {c.name: c for c in load_set("10th").center}
    assert cards["Shade of the Black Watch"].text == (
        "Gain 2 power. You may banish a card from your hand or your discard pile.")
    assert cards["Muramasa"].text == "Once per turn: Gain 3 power."
    assert cards["Earth Tyrant"].text == "Reward: Gain 5 honor. Draw 2 cards."
    assert cards["Runic Lycanthrope"].text == "Gain 2 runes. Unite: Gain 2 power."


def test_a_good_file_loads(tmp_path, verbs):
    s = _load(tmp_path, verbs, HEADER + GOOD_CARD)
    assert [c.id for c in s.center] == ["mini.demon_slayer"]


@pytest.mark.parametrize("broken, expected", [
    (GOOD_CARD.replace("gain = { power = 3 }", "smite = 3"), "card 'demon_slayer': field 'play[0]': unknown verb 'smite'"),
    (GOOD_CARD.replace("cost = 4\n", ""), "card 'demon_slayer': field 'cost': Field required"),
    (GOOD_CARD.replace('"void"', '"chaos"'), "card 'demon_slayer': field 'factions.0'"),
    (GOOD_CARD + GOOD_CARD, "card 'demon_slayer': field 'id': duplicate id 'demon_slayer'"),
    (GOOD_CARD.replace("power = 3", "power = -1"), "card 'demon_slayer': field 'play[0].gain.power'"),
    (GOOD_CARD.replace("power = 3", "powr = 3"), "card 'demon_slayer': field 'play[0].gain.powr'"),
    (GOOD_CARD.replace("honor = 2", "honor = 2\nflavour = 'x'"), "card 'demon_slayer': field 'flavour'"),
    (GOOD_CARD.replace('type = "hero"', 'type = "monster"'), "card 'demon_slayer': field 'play'"),
    (GOOD_CARD + GOOD_CARD.replace("[[card]]", "[[always]]").replace("demon_slayer", "mystic").replace("cost = 4", "cost = 0"),
     "always 'mystic': field 'cost': an always-available card costs at least 1"),   # (bots took it without end)
])
def test_broken_set_file_names_file_card_and_field(tmp_path, verbs, broken, expected):
    with pytest.raises(SetFileError) as err:
        _load(tmp_path, verbs, HEADER + broken, name="broken.toml")
    assert str(err.value).startswith("broken.toml: ")
    assert expected in str(err.value)


def test_unreadable_toml_is_reported_with_the_file_name(tmp_path, verbs):
    with pytest.raises(SetFileError, match="^bad.toml: cannot read"):
        _load(tmp_path, verbs, HEADER + "[[card]\n", name="bad.toml")


def test_missing_set_header_field_is_named(tmp_path, verbs):
    with pytest.raises(SetFileError, match=r"^x.toml: \[set\]: field 'name'"):
        _load(tmp_path, verbs, '[set]\nid = "x"\n' + GOOD_CARD, name="x.toml")


def test_a_number_of_thousands_of_digits_is_reported_with_the_file_name(tmp_path, verbs):
    """tomllib's own ValueError for it stopped every command and the desktop's start with a traceback."""
    with pytest.raises(SetFileError, match="^huge.toml: cannot read the set file: a number of more than 4300 digits$"):
        _load(tmp_path, verbs, HEADER + GOOD_CARD.replace("cost = 4", "cost = " + "4" * 5000), name="huge.toml")

"""A player's own card numbers (core/overrides.py): good files change the cards and clear their
estimated marks; broken files are refused with the file, the card and the field named."""
from __future__ import annotations

import pytest

from ascension.core import match, overrides
from ascension.core.cards import SetFileError
from ascension.core.match import load_set, new_game
from ascension.core.overrides import ENV
from ascension.core.scenario import arrange, script
from ascension.ui.desktop import storage


@pytest.fixture
def override(tmp_path, monkeypatch):
    """Write an override file, point $ASCENSION_OVERRIDES at it and forget loaded sets."""
    def write(text: str, name: str = "mine.toml"):
        path = tmp_path / name
        path.write_text(text)
        monkeypatch.setenv(ENV, str(path))
        match._load_set.cache_clear()
        return path
    match._load_set.cache_clear()
    yield write
    match._load_set.cache_clear()


def card(set_id: str, name: str):
    return next(c for c in load_set(set_id).center if c.name == name)


def test_without_an_override_file_the_estimates_stand(monkeypatch, tmp_path):
    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.setenv("ASCENSION_CONFIG_DIR", str(tmp_path / "nothing"))
    match._load_set.cache_clear()
    d = card("legends", "Pathseeker Sensei")
    assert (d.cost, d.honor, d.count, d.estimated) == (4, 2, 2, ("cost", "honor", "copies"))
    match._load_set.cache_clear()


def test_an_override_sets_printed_numbers_and_clears_their_estimated_mark(override):
    override("""
[cards.legends.pathseeker_sensei]
cost = 5
honor = 3
copies = 3
""")
    d = card("legends", "Pathseeker Sensei")
    assert (d.cost, d.honor, d.count, d.estimated) == (5, 3, 3, ())
    assert "(est." not in d.text
    assert load_set("legends").center_copies == 95
    game = new_game(["legends"], ["Ann", "Bob"], seed=1)
    assert sum(game.name_of(c) == "Pathseeker Sensei" for c in game.all_zones()) == 3


def test_an_override_of_part_of_the_estimates_keeps_the_others_marked(override):
    override("[cards.legends.master_vaya]\ncost = 6\n")
    d = card("legends", "Master Vaya")
    assert d.cost == 6 and d.estimated == ("honor", "copies") and d.text.endswith("(est.: honor, copies)")


def test_an_override_of_factions(override):
    override('[cards.legends.psychic_amulet]\nfactions = ["mechana"]\n')
    d = card("legends", "Psychic Amulet")
    assert d.factions == ("mechana",) and "factions" not in d.estimated


def test_an_override_of_a_verb_parameter_renown_threshold(override):
    override('[cards.legends.askara_of_judgement]\n"renown_threshold.at" = 4\n')
    d = card("legends", "Askara of Judgement")
    assert "Renown Threshold (4)" in d.text
    game = new_game(["legends"], ["Ann", "Bob"], seed=1)
    game.ext["legendary"]["renown"]["0"]["enlightened"] = 4
    arrange(game, 0, hand=["Askara of Judgement"], deck=["Apprentice", "Militia"])
    script(game, ["Play Askara of Judgement"])
    assert len(game.players[0].hand) == 2


def test_overrides_apply_to_any_set(override):
    override("[cards.10th.mystic]\ncost = 4\n[cards.10th.demon_slayer]\nhonor = 3\n")
    s = load_set("10th")
    assert next(c for c in s.always if c.name == "Mystic").cost == 4
    assert card("10th", "Demon Slayer").honor == 3


def test_several_override_files_apply_in_order(override, tmp_path, monkeypatch):
    first = override("[cards.legends.master_vaya]\ncost = 6\nhonor = 4\n", "a.toml")
    second = override("[cards.legends.master_vaya]\ncost = 7\n", "b.toml")
    monkeypatch.setenv(ENV, f"{first}{__import__('os').pathsep}{second}")
    match._load_set.cache_clear()
    d = card("legends", "Master Vaya")
    assert (d.cost, d.honor) == (7, 4)
    game = new_game(["legends"], ["Ann", "Bob"], seed=2)     # a game records the merged result
    assert game.ctx.setup["overrides"] == {"legends": {"master_vaya": {"cost": 7, "honor": 4}}}


def test_the_file_beside_the_settings_is_read_when_no_path_is_given(monkeypatch, tmp_path):
    """overrides.toml in the user config folder, where the settings are (ASCENSION_CONFIG_DIR
    names it as it does for them)."""
    monkeypatch.delenv(ENV, raising=False)
    folder = tmp_path / "config"
    folder.mkdir()
    (folder / "overrides.toml").write_text("[cards.legends.lycan_fang]\ncost = 2\n")
    monkeypatch.setenv("ASCENSION_CONFIG_DIR", str(folder))
    match._load_set.cache_clear()
    try:
        assert card("legends", "Lycan Fang").cost == 2
        assert overrides.user_file() == folder / "overrides.toml" == storage.config_dir() / "overrides.toml"
    finally:
        match._load_set.cache_clear()


def test_a_file_in_the_folder_earlier_versions_used_stays_in_use_until_the_config_folder_has_one(monkeypatch, tmp_path):
    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.delenv("ASCENSION_CONFIG_DIR")
    folders = {"ascension": tmp_path / "ascension", "ascension-table": tmp_path / "ascension-table"}
    monkeypatch.setattr("platformdirs.user_config_dir", lambda app, *a, **k: str(folders[app]))
    earlier, beside_settings = (folders[app] / "overrides.toml" for app in ("ascension", "ascension-table"))
    earlier.parent.mkdir()
    earlier.write_text("[cards.legends.lycan_fang]\ncost = 2\n")
    match._load_set.cache_clear()
    try:
        assert card("legends", "Lycan Fang").cost == 2
        assert overrides.user_file() == earlier    # the Cards window corrects the file in use
        beside_settings.parent.mkdir()
        beside_settings.write_text("[cards.legends.lycan_fang]\ncost = 1\n")
        match._load_set.cache_clear()
        assert card("legends", "Lycan Fang").cost == 1 and overrides.user_file() == beside_settings
    finally:
        match._load_set.cache_clear()


@pytest.mark.parametrize("text, message", [
    ("[cards.legends.no_such_card]\ncost = 3\n", "[cards.legends.no_such_card]: set 'legends' has no card with id 'no_such_card'"),
    ("[cards.legends.master_vaya]\ncost = 'five'\n", "[cards.legends.master_vaya]: field 'cost': expected a whole number of at least 0, not 'five'"),
    ("[cards.legends.master_vaya]\ncopies = 0\n", "[cards.legends.master_vaya]: field 'copies': expected a whole number of at least 1, not 0"),
    ("[cards.legends.master_vaya]\nhonor = -1\n", "field 'honor': expected a whole number of at least 0, not -1"),
    ("[cards.legends.master_vaya]\nname = 'Vaya'\n", "[cards.legends.master_vaya]: field 'name': cannot be overridden"),
    ("[cards.legends.master_vaya]\nfactions = ['chaos']\n", "field 'factions': expected a list of enlightened"),
    ('[cards.legends.master_vaya]\n"renown_threshold.at" = 4\n', "field 'renown_threshold.at': the card has no 'renown_threshold' step"),
    ("[cards.legends.master_vaya\ncost = 3\n", "cannot read the override file"),
    ("[legends.master_vaya]\ncost = 3\n", "unknown section(s) legends"),
    ("[cards.legends]\ncost = 3\n", "[cards.legends]: expected one table per card"),
    ("[cards.legends.master_vaya]\ncost = " + "9" * 5000 + "\n",   # tomllib's ValueError was a traceback
     "cannot read the override file: a number of more than 4300 digits"),
])
def test_a_broken_override_file_names_the_file_the_card_and_the_field(override, text, message):
    path = override(text, "broken.toml")
    with pytest.raises(SetFileError) as err:
        load_set("legends")
    assert str(err.value).startswith(str(path) + ": ")
    assert message in str(err.value)


def test_a_missing_override_file_named_in_the_environment_is_an_error(monkeypatch, tmp_path):
    monkeypatch.setenv(ENV, str(tmp_path / "gone.toml"))
    match._load_set.cache_clear()
    try:
        with pytest.raises(SetFileError, match="gone.toml: cannot read the override file"):
            load_set("legends")
    finally:
        match._load_set.cache_clear()


def test_a_value_the_loader_refuses_after_the_override_still_names_the_card(override):
    override('[cards.legends.askara_of_judgement]\n"renown_threshold.at" = 13\n')
    with pytest.raises(SetFileError, match="card 'askara_of_judgement'.*renown_threshold.at"):
        load_set("legends")


def _played_a_little(game, decisions: int = 30):
    from ascension.core.bots import make_bot
    bots = [make_bot("greedy", game.ctx.defs, 1, i) for i in range(len(game.players))]
    for _ in range(decisions):
        dec = game.decision()
        game.apply(bots[dec.seat].choose(game.view(dec.seat), dec))
    return game


def test_a_saved_game_keeps_the_overrides_it_was_played_with(override, monkeypatch, tmp_path):
    """Saved games and records carry the player's numbers: opened where the override file says
    something else (or is gone), the game restores and replays exactly as it was played."""
    override("[cards.legends.pathseeker_sensei]\ncost = 5\ncopies = 3\n")
    game = _played_a_little(new_game(["legends"], ["Ann", "Bob"], seed=4))
    assert game.ctx.setup["overrides"] == {"legends": {"pathseeker_sensei": {"cost": 5, "copies": 3}}}
    text, answers = match.save(game), list(game.answers)

    override("[cards.legends.pathseeker_sensei]\ncost = 2\n")     # the file changed since
    restored = match.load(text)
    assert restored.to_json() == game.to_json()
    sensei = next(c for c in restored.all_zones() if restored.name_of(c) == "Pathseeker Sensei")
    assert restored.card(sensei).cost == 5
    assert match.replay(game.ctx.setup, answers).to_json() == game.to_json()
    assert card("legends", "Pathseeker Sensei").cost == 2        # a new game takes the file again


@pytest.mark.parametrize("sets", [["10th"], ["legends"]])
def test_a_legendary_characters_overrides_are_kept_with_the_game_whatever_the_file_says_later(override, sets):
    """The Legendary Track draws its characters from the Legends set beyond the match's own:
    their overrides were neither recorded (with 10th alone) nor used when a game was loaded, so
    a save, an undo and a replay took whatever the override file said then, and a slip in it
    refused every such save."""
    from ascension.core.session import Seat, Session
    override('[cards.legends.nairi]\n"gain.honor" = 9\n')
    nairi = {"legendary": {"characters": {"lifebound": "nairi"}}}
    game = _played_a_little(new_game(sets, ["Ann", "Bob"], ["legendary"], seed=3, options=nairi))
    assert game.ctx.setup["overrides"]["legends"] == {"nairi": {"gain.honor": 9}}
    text, answers = match.save(game), list(game.answers)
    session = Session.start(sets, [Seat("Ann"), Seat("Bob")], ["legendary"], seed=3, options=nairi)
    session.answer(0)

    def boon(g) -> str:
        return next(d.text for d in g.ctx.defs if d.id == "legends.nairi")

    for later in ('[cards.legends.nairi]\n"gain.honor" = 1\n', "", "[cards.legends.nairi\n"):   # changed, gone, broken
        override(later)
        restored = match.load(text)
        assert boon(restored) == "Boon: Gain 9 honor." and restored.to_json() == game.to_json()
        assert match.replay(game.ctx.setup, answers).to_json() == game.to_json()
        session.undo()
        assert boon(session.game) == "Boon: Gain 9 honor."
        session.answer(0)


def test_a_game_played_without_overrides_ignores_an_override_file_when_restored(override):
    override("")   # an empty override file: nothing changed
    fresh = new_game(["legends"], ["Ann", "Bob"], seed=4)
    assert "overrides" not in fresh.ctx.setup
    game = _played_a_little(fresh)
    text = match.save(game)
    override("[cards.legends.pathseeker_sensei]\ncopies = 4\n")
    assert match.load(text).to_json() == game.to_json()


def test_a_save_with_broken_recorded_overrides_is_refused_naming_the_card(override):
    import json
    override("[cards.legends.pathseeker_sensei]\ncost = 5\n")
    d = json.loads(match.save(new_game(["legends"], ["Ann", "Bob"], seed=4)))
    d["setup"]["overrides"] = {"legends": {"no_such_card": {"cost": 1}}}
    with pytest.raises(match.SaveFileError, match="no_such_card"):
        match.load(json.dumps(d))


def test_the_terminal_game_goes_on_without_a_broken_override_file_and_says_so(override, monkeypatch, capsys):
    """Every `ascension play` ended with the file's error (exit 2); the desktop already went on
    without the file. It is said once, and the game is dealt with the sets' own numbers."""
    from ascension.ui import terminal
    from ascension.ui.cli import main
    monkeypatch.setattr(overrides, "_left_out", None)   # (restored after: this process goes on without the file)
    path = override("[cards.legends.master_vaya\ncost = 3\n", "broken.toml")
    played = []
    real = terminal.play
    monkeypatch.setattr(terminal, "play", lambda **kw: played.append(real(input_fn=lambda prompt: "q" if "Leave"
                                                                            not in prompt else "y", **kw)))
    assert main(["play", "--no-record", "--seed", "3"]) == 0
    err = capsys.readouterr().err
    assert err.startswith(f"Your card overrides are not used in this session: {path}: cannot read the override file")
    assert played and played[0].seed == 3


def test_an_override_file_saved_with_a_byte_order_mark_is_read(override):
    """Windows Notepad starts a UTF-8 file with one; it was refused at "line 1, column 1", where
    the player sees nothing wrong."""
    override("\ufeff[cards.legends.lycan_fang]\ncost = 2\n", "notepad.toml")
    assert card("legends", "Lycan Fang").cost == 2

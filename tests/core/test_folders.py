"""The folders the environment names: ``~`` expanded as a shell would (a desktop entry or a
service sets them without one), and a relative name taken from where the program starts, the
same way for every file the program keeps."""
from ascension.core import folders, overrides
from ascension.ui.desktop import storage
from ascension.ui.history.db import resolve


def test_a_tilde_in_the_folders_the_environment_names_is_the_home_folder(monkeypatch, tmp_path):
    """The autosave went to a folder named "~" under wherever the program was started, the history
    to the home folder: "play again to resume it", and a start from elsewhere never offered it."""
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("ASCENSION_DATA_DIR", "~/asc")
    monkeypatch.setenv("ASCENSION_CONFIG_DIR", "~/asc-config")
    monkeypatch.setenv(overrides.ENV, "~/mine.toml")
    assert storage.terminal_autosave_path() == home / "asc" / "terminal-autosave.json"
    assert storage.autosave_path().parent == folders.kept_games_dir().parent == home / "asc"
    assert storage.settings_path() == home / "asc-config" / "desktop.json"
    assert overrides.override_paths() == [home / "mine.toml"]
    assert resolve(str(folders.data_dir() / "history.sqlite3"))[1] == home / "asc" / "history.sqlite3"


def test_a_relative_folder_is_taken_from_where_the_program_starts(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ASCENSION_DATA_DIR", "asc")
    assert folders.data_dir() == tmp_path / "asc" and folders.data_dir().is_absolute()
